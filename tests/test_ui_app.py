"""The app shell, driven headless with posted events: menu, settings, rules, keys, resizing,
the `play` command line, and the rule that engines never import pygame."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.ui.app import App, build_app, parse_players  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.menu import MainMenu, SettingsScene  # noqa: E402
from common.ui.rules_scene import RulesScene  # noqa: E402
from common.ui.theme import COLOUR_BLIND, STANDARD  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app():
    """The app on its main menu, animations off."""
    a = App(main.games())
    a.settings.animation = "off"
    a.push(MainMenu(a))
    Driver(a).frames(1)
    yield a
    a.close()


def button(scene, label: str):
    """The scene's button whose label starts with label."""
    for widget in getattr(scene, "buttons", []) + getattr(scene, "widgets", []):
        if getattr(widget, "label", "").startswith(label):
            return widget
    raise AssertionError(f"no button {label!r} in {scene!r}")


def test_menu_offers_both_games_rules_settings_and_quit(app):
    labels = [b.label for b in app.top.buttons]
    assert labels[0] == "New game: Overlords"
    assert any("Prepollency" in lbl for lbl in labels)
    assert labels[-3:] == ["Rules", "Settings", "Quit"]
    assert app.screen.get_size() == (1280, 800)


def test_rules_scene_opens_from_the_menu_scrolls_and_closes_with_escape(app):
    d = Driver(app)
    d.click(button(app.top, "Rules").rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene)
    d.frames(1)
    assert rules._max_scroll() > 0  # the rules are longer than one screen
    d.wheel(rules.view.center, -5)
    assert rules.scroll > 0
    d.key(pygame.K_END)
    assert rules.scroll == rules._max_scroll()
    d.key(pygame.K_HOME)
    assert rules.scroll == 0
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_rules_text_carries_every_ruling_of_rules_md():
    from overlords import rules_text

    text = " ".join(p for _, ps in rules_text.SECTIONS for p in ps)
    rulings = [p for _, ps in rules_text.SECTIONS for p in ps if p.startswith("Ruling: ")]
    for words in ("back rows", "does not go back to the reserve", "no double step",
                  "draw after 100 turns"):
        assert words in text
    assert len(rulings) >= 4


def test_f1_opens_rules_anywhere_and_f1_again_closes(app):
    d = Driver(app)
    d.key(pygame.K_F1)
    assert isinstance(app.top, RulesScene)
    d.key(pygame.K_F1)
    assert isinstance(app.top, MainMenu)


def test_settings_apply_at_once(app):
    d = Driver(app)
    d.click(button(app.top, "Settings").rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene)
    d.frames(1)
    colours = settings.rows[2][1]
    safe = colours._segments()[1]
    d.click(safe.center)
    assert app.settings.colour_blind and app.pal is COLOUR_BLIND
    animations = settings.rows[0][1]
    d.click(animations._segments()[2].center)
    assert app.settings.animation == "slow"
    sound = settings.rows[1][1]
    d.click(sound._segments()[0].center)
    assert not app.settings.sound and not app.sound.enabled
    d.click(colours._segments()[0].center)
    assert app.pal is STANDARD
    d.click(settings.done.rect.center)
    assert isinstance(app.top, MainMenu)


def test_m_mutes_and_f11_toggles_fullscreen(app):
    d = Driver(app)
    d.key(pygame.K_m)
    assert not app.settings.sound
    d.key(pygame.K_m)
    assert app.settings.sound
    d.key(pygame.K_F11)
    assert app.settings.fullscreen
    d.key(pygame.K_F11)
    assert not app.settings.fullscreen
    assert app.screen.get_size() == (1280, 800)


def test_layout_reflows_at_every_size(app):
    d = Driver(app)
    for size in ((960, 600), (1920, 1080), (1280, 800)):
        app.set_window_size(size)
        d.frames(1)
        menu = app.top
        for b in menu.buttons:
            assert app.screen.get_rect().contains(b.rect)
        d.click(button(menu, "Settings").rect.center)
        assert isinstance(app.top, SettingsScene)
        assert app.screen.get_rect().contains(app.top.panel)
        d.key(pygame.K_ESCAPE)


def test_quit_button_stops_the_loop(app):
    d = Driver(app)
    d.click(button(app.top, "Quit").rect.center)
    assert not app.running


def test_escape_on_the_menu_quits(app):
    Driver(app).key(pygame.K_ESCAPE)
    assert not app.running


def test_play_command_opens_straight_into_a_game():
    args = argparse.Namespace(command="play", game="overlords", players="human,random", seed=7)
    app = build_app(args, main.games())
    try:
        assert not isinstance(app, int)
        game = app.top
        assert type(game).__name__ == "GameScene"
        assert game.seed == 7 and game.specs == ("human", "random")
        assert isinstance(app.stack[0], MainMenu)  # "Main menu" leads somewhere
    finally:
        app.close()


def test_play_command_passes_the_bot_timeout_to_bot_seats():
    from common import cli

    args = cli.build_parser(main.games()).parse_args(
        ["play", "overlords", "--players", "human,random", "--bot-timeout", "2.5"])
    app = build_app(args, main.games())
    try:
        assert not isinstance(app, int)
        assert app.bot_timeout == 2.5 and app.top.bots.timeout == 2.5
    finally:
        app.close()


def test_play_command_refuses_bad_players(capsys):
    args = argparse.Namespace(command="play", game="overlords", players="human,wizard",
                              seed=None)
    assert build_app(args, main.games()) == 2
    assert "unknown player 'wizard'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="2 specs"):
        parse_players("human", 2)
    assert parse_players(None, 2) == ["human", "random"]


def test_engines_and_ui_logic_never_import_pygame():
    code = ("import sys; import overlords.rules, prepollency.rules, overlords.rules_text, "
            "overlords.ui_session, overlords.ui_pick, common.record, common.cli; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
