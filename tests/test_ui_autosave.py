"""Games that are never lost, driven on the real app (dummy video driver): every turn is saved;
closing the window and launching again offers Continue, which brings back the same position,
seats and names (a half-made turn taken back); a bot seat asks before its program starts
again; a write that fails keeps the last good save; leaving for the menu asks nothing."""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.match import Match  # noqa: E402
from common.record import files as record_files  # noqa: E402
from common.saves import folder as save_folder  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.bots import example_command  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.start import build_app  # noqa: E402
from overlords import rules as orules  # noqa: E402
from prepollency import rules as prules  # noqa: E402
from prepollency.ui.screens import play_scene  # noqa: E402


@pytest.fixture(autouse=True)
def saves_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    return tmp_path


def launch() -> tuple[App, Driver]:
    """The app as `python3 bootstrap.py` opens it (main menu, the player's saves folder)."""
    app = build_app(argparse.Namespace(command=None), main.games())
    assert isinstance(app, App)
    app.settings.animation = "off"
    app.settings.handover = False
    d = Driver(app)
    d.frames(1)
    app.top.wait_continue()  # the menu looks for the game to continue in the background
    d.frames(1)
    return app, d


def quit_window(app: App, d: Driver) -> None:
    """Close the window as the window manager does; the app shuts down as `run` does."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step(1 / 60) is False
    app.close()


def button(scene, label: str):
    return next(b for b in scene.buttons if b.label == label)


def saved(folder) -> list[dict]:
    return [f.record for f in save_folder.scan(folder)]


def test_play_close_the_window_relaunch_and_continue_prepollency(saves_dir):
    app, d = launch()
    app.push(play_scene(app, ["human", "easy", "human"], seed=5, first=1,
                        names={1: "Ann"}, colours={1: "purple"}))
    d.frames(1)
    game = app.top
    rng = random.Random(2)
    end = time.monotonic() + 120  # the CPU's turns: a deadline, not a count of frames
    while len(game.match.moves) < 6:
        assert time.monotonic() < end, "the CPU did not play in time"
        if game.match.humans_turn:
            game.play(prules.random_move(game.match.turn_start, rng))
        d.frames(1)
        game.saver.flush()
        assert saved(saves_dir)[0]["turns"] == game.match.record()["turns"]  # every turn
    d.settle()
    match = game.match
    step = next(s for s in prules.legal_steps(match.state) if s != prules.END)
    game.step(step)  # half a turn: taken back in what is saved
    assert match.steps
    moves, start, seats = list(match.moves), match.turn_start, dict(match.seats)
    said = game.last_text
    quit_window(app, d)
    assert len(saved(saves_dir)) == 1

    app, d = launch()
    try:
        menu = app.top
        assert isinstance(menu, MainMenu) and menu.buttons[0].label == "Continue"
        assert menu.buttons[0].hint == "Prepollency, 6 turns"
        d.click(menu.buttons[0].rect.center)
        back = app.top
        assert isinstance(back, GameScene)
        assert back.match.moves == moves and back.match.state == start
        assert back.match.seats == seats and back.match.name(1) == "Ann"
        assert back.view.keys[1] == "purple" and not back.match.steps
        assert said and back.last_text == said  # "Last: ..." says the last turn again
        assert back.my_turn
        back.play(prules.random_move(back.match.turn_start, rng))  # goes on in the same file
        d.settle()
        back.saver.flush()
        assert len(saved(saves_dir)) == 1 and back.saver.path == save_folder.scan(saves_dir)[0].path
    finally:
        app.close()


def test_continue_brings_back_an_overlords_game_with_its_cpu_level(saves_dir):
    app, d = launch()
    rng = random.Random(4)
    match = Match(orules, orules.new_state(rng), ["human", "hard:40"], info={"seed": 11})
    for _ in range(8):
        match.play(orules.random_move(match.turn_start, rng))
    from overlords.ui.screens import scene_for  # the game screen for a set-up position

    app.push(scene_for(app, match, None))
    d.frames(1)
    moves = list(match.moves)
    d.key(pygame.K_ESCAPE)  # the game's menu, then the main menu: nothing is asked
    d.click(button(app.top, "Main menu").rect.center)
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1
    app.top.wait_continue()
    d.frames(1)
    d.click(app.top.buttons[0].rect.center)  # Continue
    back = app.top
    try:
        assert isinstance(back, GameScene) and back.match.moves == moves
        assert str(back.match.seats[orules.player_from_label("black")]) == "hard:40"
        assert back.match.info["seed"] == 11
    finally:
        app.close()


def _bot_game(folder) -> None:
    rng = random.Random(3)
    match = Match(orules, orules.new_state(rng), ["human", f"cmd:{example_command()}"],
                  info={"seed": 2})
    match.play(orules.random_move(match.turn_start, rng))
    match.play(orules.random_move(match.turn_start, rng))
    save_folder.write_new(folder, "overlords", match.record())


@pytest.mark.parametrize("choice, kind", [("Play it myself", "human"),
                                          ("Start the bot again", "bot")])
def test_continue_asks_before_a_bot_program_starts_again(saves_dir, choice, kind):
    _bot_game(saves_dir)
    app, d = launch()
    try:
        d.click(app.top.buttons[0].rect.center)
        dialog = app.top
        assert isinstance(dialog, Dialog) and dialog.title == "Continue with the bot?"
        assert any("bot random" in line for line in dialog.lines)  # the command line
        d.click(button(dialog, choice).rect.center)
        game = app.top
        assert isinstance(game, GameScene)
        assert game.match.seats[orules.player_from_label("black")].kind == kind
        assert len(game.match.moves) == 2
    finally:
        app.close()


def test_a_bot_whose_program_is_gone_is_not_offered(saves_dir):
    rng = random.Random(3)
    match = Match(orules, orules.new_state(rng), ["cmd:/no/such/bot --x", "human"])
    match.play(orules.random_move(match.turn_start, rng))
    save_folder.write_new(saves_dir, "overlords", match.record())
    app, d = launch()
    try:
        d.click(app.top.buttons[0].rect.center)
        dialog = app.top
        assert dialog.title == "Continue this game" and len(dialog.buttons) == 1
        assert any("cannot be started again" in line for line in dialog.lines)
        d.click(dialog.buttons[0].rect.center)
        assert app.top.match.seats[orules.player_from_label("white")].is_human
    finally:
        app.close()


def test_a_failing_disk_keeps_the_last_good_save_and_says_so(saves_dir, monkeypatch):
    app, d = launch()
    app.push(play_scene(app, ["human", "human"], seed=5, first=1))
    d.frames(1)
    game = app.top
    rng = random.Random(9)
    for _ in range(2):
        game.play(prules.random_move(game.match.turn_start, rng))
        d.settle()
    game.saver.flush()
    good = list(game.match.moves)

    def dies_midway(path, record):  # a write that fails after its temporary file began
        tmp = path.with_name(f".{path.name}.dead.tmp")
        tmp.write_text(rec.dumps(record)[:50])
        tmp.unlink()
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_files, "write_temp", dies_midway)
    game.play(prules.random_move(game.match.turn_start, rng))
    d.settle()
    game.saver.flush()
    game.play(prules.random_move(game.match.turn_start, rng))  # the next turn tells
    d.settle()
    toast = app.toasts.current
    assert toast is not None and "cannot be saved: no space left" in toast[0]
    app.close()  # as if killed now: the file holds the last turn written
    monkeypatch.undo()
    os.environ["OVERLORDS_SAVES"] = str(saves_dir)

    app, d = launch()
    try:
        d.click(app.top.buttons[0].rect.center)
        assert app.top.match.moves == good
        assert [n for n in os.listdir(saves_dir) if save_folder.is_temp(n)] == []
    finally:
        app.close()


def test_a_finished_game_moves_to_the_finished_list_and_opens_in_review(saves_dir):
    from common.ui.scenes.load_scene import LoadScene

    app, d = launch()
    app.push(play_scene(app, ["human", "human"], seed=5, first=1))
    d.frames(1)
    game = app.top
    game.match.resign(1)
    game.refresh()
    game.autosave()
    d.frames(2)
    app.main_menu()
    app.top.wait_continue()
    assert app.top.buttons[0].label != "Continue"
    d.click(button(app.top, "Load game").rect.center)
    load = app.top
    try:
        load.wait_listed()
        assert isinstance(load, LoadScene) and load.tab == "finished", "the list with games"
        d.key(pygame.K_LEFT)  # the In progress list
        assert load.shown == []
        d.key(pygame.K_RIGHT)  # the Finished list
        assert load.tab == "finished" and len(load.rows) == 1
        entry = load.rows[0][0]
        assert entry.state == "Green won by resignation"
        assert "Red (Human) vs Green (Human)" in entry.details
        d.key(pygame.K_RETURN)
        review = app.top
        assert isinstance(review, GameScene) and review.match.over
        assert review.review == len(review.match.moves)
    finally:
        app.close()


APP_PLAYING = """
import argparse, random, sys
import main
from common.ui.start import build_app
from common.ui.driver import Driver
from prepollency import rules
from prepollency.ui.screens import play_scene
app = build_app(argparse.Namespace(command=None), main.games())
app.settings.animation = "off"
app.push(play_scene(app, ["human", "human"], seed=5, first=1))
d = Driver(app)
d.frames(1)
game, rng = app.top, random.Random(7)
while not game.match.over:
    game.play(rules.random_move(game.match.turn_start, rng))
    d.frames(1)
    if len(game.match.moves) % 10 == 0:
        game.saver.flush()
        print(len(game.match.moves), flush=True)
"""


def test_the_app_killed_mid_game_continues_from_its_last_save(saves_dir):
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root), "OVERLORDS_SAVES": str(saves_dir)}
    proc = subprocess.Popen([sys.executable, "-c", APP_PLAYING], cwd=root, env=env,
                            stdout=subprocess.PIPE, text=True)
    flushed = 0
    while flushed < 30:  # at least 30 turns are surely on disk, and more are being written
        flushed = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    past = time.time() - save_folder.TEMP_AGE - 1
    for name in os.listdir(saves_dir):  # what the killed writer left is old by the next start
        if save_folder.is_temp(name):
            os.utime(saves_dir / name, (past, past))
    rng, expected, state = random.Random(7), [], None
    app, d = launch()
    try:
        assert [n for n in os.listdir(saves_dir) if save_folder.is_temp(n)] == []
        d.click(app.top.buttons[0].rect.center)  # Continue
        game = app.top
        state = game.match.initial
        for _ in range(len(game.match.moves)):
            move = prules.random_move(state, rng)
            expected.append(move)
            state = prules.apply(state, move)
        assert len(game.match.moves) >= flushed and game.match.moves == expected
        assert game.match.state == state
    finally:
        app.close()


def test_continue_follows_a_deletion_on_the_load_screen(saves_dir):
    _bot_game(saves_dir)
    app, d = launch()
    try:
        assert app.top.buttons[0].label == "Continue"
        d.click(button(app.top, "Load game").rect.center)
        app.top.wait_listed()
        d.key(pygame.K_DELETE)
        d.key(pygame.K_ESCAPE)
        menu = app.top
        menu.wait_continue()
        assert isinstance(menu, MainMenu) and menu.buttons[0].label != "Continue"
        assert menu.buttons[-1].rect.bottom <= app.size[1]
    finally:
        app.close()
