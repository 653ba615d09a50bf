"""Settings remembered between runs: changed in the real Settings scene, written atomically as
JSON to $OVERLORDS_CONFIG/settings.json, applied by `build_app` on the next start; a missing,
corrupt or unwritable file never stops the app."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.ui import settings as settings_io  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.bots import example_command  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from common.ui.settings import Settings  # noqa: E402
from common.ui.start import build_app  # noqa: E402
from common.ui.theme import COLOUR_BLIND, STANDARD  # noqa: E402

MENU = argparse.Namespace(command=None)


@pytest.fixture
def config(tmp_path, monkeypatch) -> Path:
    """The settings folder ($OVERLORDS_CONFIG) of these tests."""
    folder = tmp_path / "config"
    monkeypatch.setenv("OVERLORDS_CONFIG", str(folder))
    return folder


def start(args: argparse.Namespace = MENU) -> tuple[App, Driver]:
    """The app as main.py starts it, one frame drawn; the caller closes it."""
    app = build_app(args, main.games())
    assert isinstance(app, App)
    d = Driver(app)
    d.frames(1)
    return app, d


def open_settings(app: App, d: Driver) -> SettingsScene:
    """Click Settings on the main menu."""
    menu = app.top
    assert isinstance(menu, MainMenu)
    d.click(next(b for b in menu.buttons if b.label == "Settings").rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    d.frames(1)
    return scene


def pick(d: Driver, scene: SettingsScene, row: int, option: str) -> None:
    """Click one option of a row of the Settings scene."""
    choice = scene.rows[row][1]
    d.click(choice._segments()[choice.options.index(option)].center)
    assert choice.value == option


def lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.strip()]


def test_settings_path_follows_the_override_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path / "o"))
    assert settings_io.path() == tmp_path / "o" / "settings.json"
    monkeypatch.delenv("OVERLORDS_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "x"))
    assert settings_io.path() == tmp_path / "x" / "overlords-prepollency" / "settings.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert settings_io.path() == tmp_path / "h" / ".config" / "overlords-prepollency" / (
        "settings.json")


def test_changed_in_the_settings_scene_kept_after_a_restart(config, capsys):
    app, d = start()
    try:
        assert app.pal is STANDARD and app.settings == Settings()
        assert not (config / "settings.json").exists(), "starting writes nothing"
        scene = open_settings(app, d)
        pick(d, scene, 2, "safe")
        pick(d, scene, 0, "slow")
        pick(d, scene, 1, "off")
        saved = json.loads((config / "settings.json").read_text())
        assert saved == {"animation": "slow", "sound": False, "colour_blind": True,
                         "fullscreen": False, "bot_command": None, "handover": True,
                         "recap": True, "fast_cpu": False, "auto_hold": True,
                         "confirm_risky": True, "cpu_resigns": True, "language": "system",
                         "coach": False, "overlords_new_game": None,
                         "prepollency_new_game": None}
        assert [p.name for p in config.iterdir()] == ["settings.json"], "no temp file left"
        d.click(scene.done.rect.center)
        d.key(pygame.K_ESCAPE)  # Esc on the menu quits
        assert not app.running
    finally:
        app.close()

    args = argparse.Namespace(command="play", game="overlords", players="human,random", seed=3)
    app, d = start(args)
    try:
        assert app.pal is COLOUR_BLIND and app.settings.colour_blind
        from tests.helpers.overlords_driver import finish_setup

        game = finish_setup(app, d)
        assert app.settings.animation == "slow" and game.animator.speed == "slow"
        assert not app.settings.sound and not app.sound.enabled
        app.main_menu()
        scene = open_settings(app, d)
        assert [choice.value for _, choice in scene.rows] == ["slow", "off", "safe", "window",
                                                              "system"]
        pick(d, scene, 2, "standard")
        assert app.pal is STANDARD
    finally:
        app.close()
    assert json.loads((config / "settings.json").read_text())["colour_blind"] is False
    assert capsys.readouterr().err == ""


def test_m_and_f11_are_remembered_too(config):
    app, d = start()
    try:
        d.key(pygame.K_m)
        d.key(pygame.K_F11)
        assert app.settings.fullscreen and not app.settings.sound
    finally:
        app.close()
    app, d = start()
    try:
        assert app.settings.fullscreen and not app.sound.enabled  # the dummy driver can do it
        d.key(pygame.K_F11)
        assert app.screen.get_size() == (1280, 800)
    finally:
        app.close()
    assert json.loads((config / "settings.json").read_text())["fullscreen"] is False


def test_the_last_bot_command_fills_the_dialog_after_a_restart(config):
    command = f"{example_command()} 9"
    app, d = start()
    try:
        app.bot_command = command
    finally:
        app.close()
    app, d = start()
    try:
        assert app.bot_command == command
        d.click(app.top.buttons[0].rect.center)  # New game: Overlords
        dialog = app.top
        black = dialog.seats[1]
        d.click(black._segments()[-1].center)  # Bot…
        assert dialog.bot_fields[1].field.value == command
    finally:
        app.close()


def test_a_missing_file_means_the_defaults_silently(config, capsys):
    app, _ = start()
    try:
        assert app.settings == Settings() and app.pal is STANDARD
    finally:
        app.close()
    assert capsys.readouterr().err == ""
    assert not config.exists(), "only a change writes the file"


GOOD = {"animation": "slow", "sound": False, "colour_blind": True, "fullscreen": False}


@pytest.mark.parametrize("content, kept, words", [
    ("{not json", {}, "is not valid JSON (line 1, column 2"),
    ("", {}, "is not valid JSON"),
    (b"\xff\xfe\x00garbage", {}, "not UTF-8 text"),
    ('["slow", true]', {}, "should hold a JSON object, not a list"),
    ('"colour_blind"', {}, "not a string"),
    (json.dumps({**GOOD, "animation": "fast"}), {"sound": False, "colour_blind": True},
     'animation "fast" (expected off, normal or slow)'),
    (json.dumps({**GOOD, "sound": "no", "colour_blind": 1}), {"animation": "slow"},
     'sound "no" (expected true or false); colour_blind 1 (expected true or false)'),
    (json.dumps({**GOOD, "zoom": 2, "theme": "dark"}), GOOD,
     'unknown setting "zoom"; unknown setting "theme"'),
    (json.dumps({**GOOD, "animation": None, "bot_command": ["python3", "bot.py"]}),
     {"sound": False, "colour_blind": True},
     'bot_command ["python3", "bot.py"] (expected a command line'),
    (json.dumps({**GOOD, "bot_command": "a\nb"}), GOOD,
     "(expected one short line of printable text)"),
])
def test_a_corrupt_file_keeps_the_good_values_and_says_so_in_one_line(config, capsys, content,
                                                                      kept, words):
    config.mkdir()
    file = config / "settings.json"
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content)
    app, d = start()
    try:
        expected = {**vars(Settings()), **kept}
        assert vars(app.settings) == expected
        assert (app.pal is COLOUR_BLIND) == expected["colour_blind"]
        err = lines(capsys.readouterr().err)
        assert len(err) == 1, err
        assert err[0].startswith("settings: ") and str(file) in err[0] and words in err[0]
        scene = open_settings(app, d)  # the app goes on, and the next change mends the file
        pick(d, scene, 0, "off")
    finally:
        app.close()
    assert json.loads(file.read_text()) == {**expected, "animation": "off"}
    assert capsys.readouterr().err == ""


def test_a_file_that_cannot_be_read_means_the_defaults(config, capsys):
    (config / "settings.json").mkdir(parents=True)  # a folder where the file should be
    app, _ = start()
    try:
        assert app.settings == Settings()
    finally:
        app.close()
    err = lines(capsys.readouterr().err)
    assert len(err) == 1 and err[0].startswith("settings: cannot read ") and "using the " \
        "defaults" in err[0]


def test_an_unwritable_folder_says_so_once_and_the_app_goes_on(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file, so nothing can be made under it (even by root)")
    monkeypatch.setenv("OVERLORDS_CONFIG", str(blocker / "config"))
    app, d = start()
    try:
        scene = open_settings(app, d)
        pick(d, scene, 2, "safe")
        assert app.pal is COLOUR_BLIND, "applied for this session all the same"
        pick(d, scene, 0, "slow")
        d.key(pygame.K_m)
        assert app.running and app.settings.animation == "slow" and not app.settings.sound
        err = lines(capsys.readouterr().err)
        assert len(err) == 1, err
        assert err[0].startswith(f"settings: cannot save {blocker / 'config' / 'settings.json'}")
        assert "this session only" in err[0]
    finally:
        app.close()


def test_a_read_only_folder_says_so_once(config, capsys, monkeypatch):
    config.mkdir()
    config.chmod(0o500)
    if os.geteuid() == 0:  # root writes through folder permissions: refuse as the disk would
        from common import files

        def refuse(*_args, **_kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(files, "write_temp", refuse)
    try:
        app, d = start()
        try:
            scene = open_settings(app, d)
            pick(d, scene, 2, "safe")
            pick(d, scene, 2, "standard")
            assert app.running and app.pal is STANDARD
            err = lines(capsys.readouterr().err)
            assert len(err) == 1 and "(Permission denied)" in err[0], err
        finally:
            app.close()
    finally:
        config.chmod(0o700)
    assert list(config.iterdir()) == [], "no temp file left behind"


def test_a_saved_fullscreen_that_cannot_be_had_opens_a_window(config, monkeypatch, capsys):
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"fullscreen": True, "sound": False}))
    real = pygame.display.set_mode

    def no_fullscreen(size=(0, 0), flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no fullscreen here")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", no_fullscreen)
    app, d = start()
    try:
        assert app.running and not app.settings.fullscreen
        assert app.screen.get_size() == (1280, 800) and not app.sound.enabled
        d.frames(2)
    finally:
        app.close()
    saved = json.loads((config / "settings.json").read_text())
    assert saved["fullscreen"] is True, "opening does not overwrite the player's choice"
    assert capsys.readouterr().err == ""


def test_an_app_built_directly_never_touches_the_real_config(tmp_path, monkeypatch):
    monkeypatch.delenv("OVERLORDS_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "xdg" / "overlords-prepollency").mkdir(parents=True)
    real = tmp_path / "xdg" / "overlords-prepollency" / "settings.json"
    real.write_text(json.dumps({"colour_blind": True}))
    app = App(main.games())
    try:
        app.push(MainMenu(app))
        d = Driver(app)
        d.frames(1)
        assert app.pal is STANDARD, "not read"
        scene = open_settings(app, d)
        pick(d, scene, 0, "off")
        app.bot_command = "python3 bot.py"
    finally:
        app.close()
    assert json.loads(real.read_text()) == {"colour_blind": True}, "not written"
    assert not (tmp_path / "home").exists()


def test_save_is_atomic_and_load_round_trips(tmp_path, monkeypatch):
    file = tmp_path / "deep" / "er" / "settings.json"
    wanted = Settings("off", False, True, True, "python3 my_bot.py --fast")
    assert settings_io.save(wanted, file) is None
    assert settings_io.load(file) == wanted

    def crash(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    problem = settings_io.save(Settings(), file)
    assert problem is not None and "No space left on device" in problem
    assert settings_io.load(file) == wanted, "a failed save leaves the old file whole"
    assert [p.name for p in file.parent.iterdir()] == ["settings.json"]
