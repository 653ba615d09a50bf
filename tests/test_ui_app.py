"""The app shell, driven headless with posted events: menu, settings, rules, keys, resizing,
the `play` command line, and the resting loop (frames only when something changed)."""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.ui import app as app_module  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scene import Scene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.load_scene import LoadScene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.scenes.rules_scene import RulesScene  # noqa: E402
from common.ui.scenes.settings_scene import SettingsScene  # noqa: E402
from common.ui.start import build_app, parse_players  # noqa: E402
from common.ui.theme import COLOUR_BLIND, STANDARD  # noqa: E402


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
        setup = app.top  # the figures are set up first, as from the new-game dialog
        assert type(setup).__name__ == "SetupScene"
        assert setup.seed == 7 and [str(s) for s in setup.seats.values()] == ["human", "random"]
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
        assert app.bot_timeout == 2.5  # what every bot seat's runner is made with
    finally:
        app.close()


def test_play_command_refuses_bad_players(capsys):
    args = argparse.Namespace(command="play", game="overlords", players="human,wizard",
                              seed=None)
    assert build_app(args, main.games()) == 2
    assert "unknown player 'wizard'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="2 specs"):
        parse_players("human", (2,))
    assert [str(s) for s in parse_players(None, (2,))] == ["human", "random"]


def test_play_prepollency_takes_two_to_four_seats_and_a_first_seat(capsys):
    from common import cli

    parser = cli.build_parser(main.games())
    args = parser.parse_args(["play", "prepollency", "--players", "human,normal,human",
                              "--first", "2"])
    app = build_app(args, main.games())
    try:
        assert not isinstance(app, int)
        match = app.top.match
        assert match.players == (1, 2, 3) and match.to_move == 2
        assert [str(s) for s in match.seats.values()] == ["human", "normal", "human"]
    finally:
        app.close()
    args = parser.parse_args(["play", "prepollency", "--players", "human,hard", "--first", "2"])
    assert build_app(args, main.games()) == 2
    assert "--first 2 is not a seat of a 2-player Prepollency game (seats 1, 3)" \
        in capsys.readouterr().err
    args = parser.parse_args(["play", "prepollency", "--players", "human"])
    assert build_app(args, main.games()) == 2
    assert "needs 2/3/4 specs" in capsys.readouterr().err


# the resting loop: `step()` without a dt is the real loop ------------------------------------


class Ticker(Scene):
    """A test scene: wants `frames_left` more frames, records the time it is given, and can
    find something to show in its update (as a CPU answer would be found)."""

    opaque = False

    def __init__(self, app, frames_left: int = 0) -> None:
        super().__init__(app)
        self.frames_left = frames_left
        self.times: list[float] = []
        self.found = False

    def update(self, dt: float) -> None:
        self.times.append(dt)
        if self.frames_left:
            self.frames_left -= 1
        if self.found:
            self.found = False
            self.app.invalidate()

    def wants_frames(self) -> bool:
        return self.frames_left > 0


@pytest.fixture
def resting(app, monkeypatch):
    """The app on its menu with short rests, after its first real frame."""
    monkeypatch.setattr(app_module, "REST_MS", 20)
    pygame.event.clear()
    app.step()
    return app


def test_an_idle_loop_rests_and_draws_nothing(resting):
    frames, steps = resting.frames, resting.steps
    for _ in range(5):
        assert resting.step()
    assert resting.frames == frames and resting.steps == steps + 5
    assert not resting.wants_frames()


@pytest.mark.parametrize("make", [
    SettingsScene, RulesScene, lambda a: LoadScene(a),
    lambda a: Dialog(a, "Quit?", ["Really?"], [("Yes", lambda: None), ("No", lambda: None)]),
], ids=["settings", "rules", "load", "dialog"])
def test_the_menu_side_scenes_rest_once_drawn(resting, make):
    resting.push(make(resting))
    if hasattr(resting.top, "wait_listed"):  # the Load screen animates while it reads the folder
        resting.top.listing.wait(60)
        resting.step()
    resting.step()
    frames = resting.frames
    for _ in range(3):
        resting.step()
    assert resting.frames == frames and not resting.wants_frames()


def test_input_redraws_once_and_hover_shows(resting):
    quit_b = button(resting.top, "Quit")
    frames = resting.frames
    Driver(resting).move(quit_b.rect.center)
    resting.step()
    assert quit_b.hover and resting.frames == frames + 1
    resting.step()
    assert resting.frames == frames + 1


def test_a_scene_that_wants_frames_gets_every_frame_and_its_last_state_drawn(resting):
    frames = resting.frames
    resting.push(Ticker(resting, frames_left=5))
    for _ in range(8):
        resting.step()
    # five frames: the one in which the animation ended draws its end, then the loop rests
    assert resting.frames == frames + 5 and not resting.wants_frames()


def test_update_gets_the_time_rested_and_may_invalidate(resting):
    ticker = Ticker(resting)
    resting.push(ticker)
    resting.step()
    frames = resting.frames
    resting.step()
    assert resting.frames == frames and sum(ticker.times) > 0  # it rested, time went on
    ticker.found = True
    resting.step()
    assert resting.frames == frames + 1


def test_push_pop_settings_and_invalidate_redraw(resting):
    for change in (lambda: resting.push(Dialog(resting, "Hi", [], [("OK", lambda: None)])),
                   resting.pop, resting.apply_settings, resting.invalidate,
                   lambda: resting.set_window_size((1000, 700))):
        frames = resting.frames
        change()
        resting.step()
        assert resting.frames == frames + 1
        resting.step()
        assert resting.frames == frames + 1


class Clock:
    """A `time` module for the app whose monotonic clock moves only when told: a toast's
    time is then the test's, not the machine's (a loaded machine lets real time slip by
    between two steps, ending a short toast before its first frame is checked)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.perf_counter, self.sleep = time.perf_counter, time.sleep

    def monotonic(self) -> float:
        return self.now


def test_a_toast_draws_and_its_end_draws_again(resting, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(app_module, "time", clock)
    frames = resting.frames
    resting.toast("Saved", 1.0)
    resting.step()
    assert resting.frames == frames + 1 and resting.toasts.current is not None
    clock.now += 0.5
    resting.step()  # it rests: nothing changed on screen
    assert resting.frames == frames + 1 and resting.toasts.current is not None
    clock.now += 0.6
    resting.step()  # the toast's time is up: its end is drawn
    assert resting.toasts.current is None and resting.frames == frames + 2
    resting.step()
    assert resting.frames == frames + 2


def test_an_explicit_dt_always_draws(app):
    frames = app.frames
    Driver(app).frames(3)
    assert app.frames == frames + 3
