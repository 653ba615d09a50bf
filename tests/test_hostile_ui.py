"""Hostile text and faults in the app (dummy video driver): any string draws, no surface is
sized from untrusted text, a broken save, setting or bot path never ends the app, a problem
toast is not hidden at once, a bot that fails its setup forfeits, and the CPU's fallback to
random moves is shown for as long as it lasts."""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.ui import draw, shadows  # noqa: E402
from common.ui import settings as settings_io  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.bots import check_command  # noqa: E402
from common.ui.cpu import FALLBACK_NOTICE  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.load_scene import TABS, LoadScene  # noqa: E402
from overlords import rules  # noqa: E402
from tests.test_ui_overlords import open_game  # noqa: E402

HOSTILE = ["\0", "a\0b", "\ud800", "\udcff\udcfe.json", "\x1b[2J\x07", "\u202eevil",
           "x" * 200_000, " ".join(["word"] * 50_000), "\n" * 5000, "", "\U0001F600" * 10]


@pytest.fixture(scope="module")
def app():
    a = App(main.games(), (1280, 800))
    yield a
    a.close()


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_any_text_draws_and_is_measured_without_raising(app, text) -> None:
    surface = draw.text(text, 20, (255, 255, 255))
    assert surface.get_width() <= draw.MAX_DRAWN * 40
    assert draw.text_width(text, 20) == surface.get_width()
    assert draw.fit_text(text, 20, 300) >= 11
    lines = draw.wrap(text, 20, 300, max_lines=draw.MAX_LINES)
    assert len(lines) <= draw.MAX_LINES
    assert all(draw.text_width(line, 20) <= 300 for line in lines)


def test_not_text_draws_too(app) -> None:
    assert draw.text(12345, 20, (0, 0, 0)).get_width() > 0
    assert draw.drawable(["a", None]) == "['a', None]"


def test_a_shadow_is_never_sized_from_a_huge_rect(app) -> None:
    sh = shadows.shadow((400, 140_000), 10, 500, 110)
    assert max(sh.get_size()) <= shadows.MAX_SHADOW + 4 * shadows.MAX_BLUR


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_a_dialog_quoting_a_huge_message_fits_the_window(size) -> None:
    a = App(main.games(), size)
    try:
        message = "illegal move " + ("2D f1-c4 " * 20_000)
        dialog = Dialog(a, "This save cannot be opened", ["\0name\ud800.json", message,
                                                          "x" * 100_000],
                        [("OK", lambda: None)])
        a.push(dialog)
        a.step(0.016)
        assert dialog.panel.h <= size[1] and dialog.panel.w <= size[0]
        assert dialog._wrapped[-1].endswith(draw.ELLIPSIS)
    finally:
        a.close()


def _hostile_saves(folder) -> None:
    engines = main.games()
    state = engines["prepollency"].new_state(random.Random(1), 2)
    good = rec.build(engines["prepollency"], state, [], state)
    over = rules.new_state(random.Random(2), 2)
    files = {
        b"winner-nul.json": dict(good, result={"winner": "\0\ud800", "reason": "resign"}),
        b"winner-list.json": dict(good, result={"winner": [[1]], "reason": "forfeit"}),
        b"winner-inf.json": dict(good, result={"winner": 1e308, "reason": "forfeit"}),
        b"names.json": dict(good, names={"1": "\0\ud800" + "n" * 5000},
                            result={"winner": 1, "reason": "resign"}),
        b"seats.json": dict(good, seats="\0" * 50),
        b"\xff\xfe-\x1b.json": good,
        b"long-move.json": dict(rec.build(rules, over, [], over), moves=["2D " + "f" * 200_000]),
        b"no-result.json": {k: v for k, v in good.items() if k != "result"},
    }
    for name, record in files.items():
        with open(os.path.join(os.fsencode(folder), name), "w") as f:
            json.dump(record, f)
    with open(os.path.join(os.fsencode(folder), b"huge-int.json"), "w") as f:
        f.write('{"game": "prepollency", "version": 1, "seats": [' + "9" * 5000 + "]}")
    os.mkfifo(os.path.join(folder, "fifo.json"))


def test_the_load_screen_lists_and_opens_hostile_saves_without_crashing(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    _hostile_saves(tmp_path)
    a = App(main.games(), (1280, 800))
    d = Driver(a)
    try:
        a.push(LoadScene(a))
        load = a.top
        load.wait_listed()
        assert len(load.entries) == 9  # the FIFO is not a save file
        opened = tried = 0
        for tab in TABS:
            load._switch(tab)
            for index in range(len(load.shown)):
                load.selected = index
                d.frames(1)
                d.key(pygame.K_RETURN)  # open the selected save
                d.frames(1)
                tried += 1
                top = a.top
                if isinstance(top, Dialog):  # refused, and saying why, inside the window
                    assert top.panel.h <= 800
                    d.key(pygame.K_ESCAPE)
                else:  # opened: back to the list, on the same tab
                    opened += 1
                    a.replace(LoadScene(a))
                    a.top.wait_listed()
                    a.top._switch(tab)
                load = a.top
                assert isinstance(load, LoadScene)
        assert tried == 9  # every save is on one of the two lists
        assert opened >= 1
    finally:
        a.close()


@pytest.mark.parametrize("value", ["a\0b", "\ud800x", "\x1b[2J", "x" * 5000])
def test_settings_refuse_an_unprintable_bot_command(tmp_path, value, capsys) -> None:
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({"bot_command": value, "sound": False}))
    loaded = settings_io.load(file)
    assert loaded.bot_command is None and loaded.sound is False
    assert "bot_command" in capsys.readouterr().err


def test_a_bot_field_filled_with_undrawable_text_still_draws(tmp_path) -> None:
    a = App(main.games(), (1280, 800))
    try:
        a.settings.bot_command = "python3 \ud800\0bot.py"  # as if the file had slipped through
        a.push(a.screens("overlords").new_game_scene(a))
        for _ in range(3):
            a.step(0.016)
    finally:
        a.close()


def test_a_bot_path_too_long_or_with_a_nul_gets_a_real_reason() -> None:
    assert "file name too long" in check_command("/" + "x" * 5000 + "/bot")
    assert "file name too long" in check_command("python3 /" + "y" * 5000 + ".py") \
        or "No such file" in check_command("python3 /" + "y" * 5000 + ".py")
    assert "NUL" in check_command("python3 'a\0b.py'")
    assert check_command("python3 \ud800.py") is not None


def test_a_settings_problem_toast_is_not_replaced_at_once(tmp_path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    a = App(main.games(), (1280, 800), settings_file=blocker / "settings.json")
    try:
        a.toggle_mute()  # the settings cannot be written: said, then "Sound off" after it
        assert a.toasts.current[0].startswith("Settings cannot be saved")
        a.toast("Saved as x.json")
        assert a.toasts.current[0].startswith("Settings cannot be saved")
        a.toasts.current = (a.toasts.current[0], time.monotonic() - 1)  # its time is up
        a.toasts.left()
        assert a.toasts.current[0] == "Sound off"
    finally:
        a.close()


def test_a_bot_that_fails_its_setup_forfeits_when_the_game_opens(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    bot = "cmd:" + shlex.join([sys.executable, "-c",
                               "import sys; sys.stdin.readline(); print('{\"setup\": 5}')"])
    a, d, game = open_game(("human", bot), seed=2)
    try:
        end = time.monotonic() + 20
        while not isinstance(a.top, GameOver):
            assert time.monotonic() < end
            d.frames(1)
        assert game.match.state.result == rules.Outcome(rules.WHITE, "forfeit")
        assert game.match.moves == []
        words = a.top.lines[0]
        assert words.startswith("Black's bot forfeits: answered an illegal setup 5 (a setup "
                                "is an object like {\"O\": ")
        assert words.endswith("}, or null).")
        record = game.match.record()
        assert record["result"] == {"winner": "white", "reason": "forfeit"}
        rec.replay(rec.loads(rec.dumps(record)), main.games())
    finally:
        a.close()


def test_the_game_screen_says_the_cpu_plays_random_moves_while_it_does() -> None:
    a, d, game = open_game(("human", "hard"), seed=2)  # no threat to show at the start
    try:
        assert game.status().warning == ""
        end = time.monotonic() + 60
        while not a.cpu.ready():  # the worker is up (its start-up thread is done)
            assert time.monotonic() < end
            d.frames(1)
        a.cpu._worker_failed = True  # as after repeated deaths of the worker
        assert game.status().warning == FALLBACK_NOTICE
        d.frames(2)
        a.cpu.new_game()  # the next game tries a fresh worker
        assert game.status().warning != FALLBACK_NOTICE
    finally:
        a.close()


def test_a_bot_command_with_undrawable_characters_draws_and_forfeits() -> None:
    a, d, game = open_game(("human", "cmd:/nonexistent/\ud800\x1b[2J\u202ebot.py"), seed=2)
    try:
        end = time.monotonic() + 20
        while not isinstance(a.top, GameOver):
            assert time.monotonic() < end
            d.frames(1)
        words = a.top.lines[0]
        assert words.startswith("Black's bot forfeits: it could not be started")
        assert "\x1b" not in words
        d.frames(2)
    finally:
        a.close()


@pytest.mark.parametrize("value", [float("inf"), float("nan"), 1e308, 0.0, -3.0])
def test_the_app_refuses_an_out_of_range_bot_timeout(value, capsys) -> None:
    import argparse

    from common.ui.start import build_app

    args = argparse.Namespace(command="play", game="overlords", players="human,random",
                              seed=1, first=None, bot_timeout=value)
    assert build_app(args, main.games()) == 2
    assert "bot timeout" in capsys.readouterr().err
