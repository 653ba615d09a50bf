"""The scenes' lifecycle (common/ui/scene.py): the app pauses a covered scene and resumes it
when uncovered, closes a scene that leaves, and lets it go; a closed screen is then freed at
once, with everything it held, without the cyclic collector (issue 38)."""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import random
import weakref
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.lessons import lesson_game, load_lessons  # noqa: E402
from common.ui import game_menu, puzzle_scene  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scene import Scene  # noqa: E402
from common.ui.scenes.apology_scene import ApologyScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.learn_scene import LearnScene  # noqa: E402
from common.ui.scenes.load_scene import LoadScene  # noqa: E402
from common.ui.scenes.name_dialog_scene import NameDialog  # noqa: E402
from common.ui.scenes.settings_scene import SettingsScene  # noqa: E402

ROUNDS = 3  # each screen is opened and closed this many times


class Probe(Scene):
    """A scene that notes the lifecycle calls the app makes."""

    def __init__(self, app, calls: list[str]) -> None:
        super().__init__(app)
        self.calls = calls

    def pause(self) -> None:
        super().pause()
        self.calls.append("pause")

    def resume(self) -> None:
        super().resume()
        self.calls.append("resume")

    def close(self) -> None:
        self.calls.append("close")


class Broken(Scene):
    """A scene whose update raises (the apology screen follows)."""

    def update(self, dt: float) -> None:
        raise ZeroDivisionError("a bug")


@pytest.fixture
def app() -> Iterator[App]:
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.main_menu()
    yield app
    app.close()


def test_the_app_pauses_a_covered_scene_and_resumes_it_when_uncovered(app):
    below: list[str] = []
    app.push(Probe(app, below))
    assert below == ["resume"] and not app.top.covered
    app.push(Probe(app, []))
    assert below == ["resume", "pause"] and app.stack[-2].covered
    app.replace(Probe(app, []))  # the top changes: the one below stays paused
    assert below == ["resume", "pause"]
    app.pop()
    assert below == ["resume", "pause", "resume"] and not app.top.covered
    app.main_menu()
    assert below[-1] == "close"


def test_a_game_under_a_screen_is_paused_by_the_app_not_by_asking(app):
    game = app.screens("prepollency").play_scene(app, ["human", "normal"], 3, 1)
    app.push(game)
    assert not game.paused
    app.push(SettingsScene(app))
    assert game.paused and game.covered  # at once, before any frame
    app.pop()
    assert not game.paused and not game.covered


def test_a_closed_scene_lets_go_of_its_drawings_and_its_widgets_callbacks(app):
    d = Driver(app)
    app.push(LoadScene(app))
    d.frames(2)
    app.push(SettingsScene(app))
    d.frames(2)
    settings = app.top
    assert settings._dim is not None
    app.pop()
    d.frames(1)
    assert settings._dim is None, "its drawing is dropped"
    assert settings.done.on_click() is None  # its buttons do nothing any more


def _key(d: Driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    d.frames(2)


def _play_some(app: App, d: Driver, turns: int, rng: random.Random) -> GameScene:
    """A few random turns on the game on top (passing any hand-over and setup)."""
    for _ in range(400):
        top = app.top
        if isinstance(top, GameScene) and top.my_turn:
            if turns == 0 or top.match.over:
                return top
            top.play(top.match.game.random_move(top.match.state, rng))
            turns -= 1
        elif getattr(top, "phase", None) is not None:  # an Overlords setup: the default
            top.default_b.on_click()
            d.frames(1)
            top.ready_b.on_click()
        elif not isinstance(top, GameScene):  # a hand-over, a recap: a click goes on
            d.click((5, 5))
        d.frames(1)
    raise AssertionError(f"no game turn came (top: {type(app.top).__name__})")


def _open_and_close_every_screen(app: App, seen: list[weakref.ref]) -> None:
    d = Driver(app)
    rng = random.Random(5)

    def track(scene: Scene | None) -> None:
        if scene is not None and all(ref() is not scene for ref in seen):
            seen.append(weakref.ref(scene))

    def frames(n: int = 2) -> None:
        for _ in range(n):
            d.frames(1)
            for scene in app.stack:
                track(scene)

    app.main_menu()
    frames()
    for make in (SettingsScene, LoadScene, LearnScene, lambda a: LearnScene(a, "overlords"),
                 lambda a: Dialog(a, "Sure?", ["Really?"], [("Yes", lambda: None)]),
                 lambda a: NameDialog(a, "Name it", ["A name"], "old", lambda name: None)):
        app.push(make(app))
        frames()
        _key(d, pygame.K_ESCAPE)
    _key(d, pygame.K_F1)  # the rules, from F1 and Esc
    frames()
    _key(d, pygame.K_ESCAPE)
    for game in app.games:
        app.push(app.screens(game).new_game_scene(app))
        frames()
        app.pop()
        lessons = load_lessons(lesson_game(game))
        app.push(app.screens(game).lesson_scene(app, lessons, 0))
        frames()
        app.top.skip()  # the next lesson, in its place
        frames()
        _key(d, pygame.K_ESCAPE)
        puzzle_scene.open_puzzles(app, game)
        frames()
        app.top.next_puzzle()
        frames()
        app.top.show_solution()
        frames(3)
        app.top.retry()
        frames()
        app.pop()
        # a hot-seat game: the setup (Overlords), hand-overs, a few turns, the in-game
        # menu, a resignation, the game-over panel, Rematch, and back to the main menu
        app.push(app.screens(game).play_scene(app, ["human", "human"], 3, None))
        frames()
        scene = _play_some(app, d, 3, rng)
        frames()
        if game == "overlords":
            _key(d, pygame.K_l)  # the board legend
            frames()
            _key(d, pygame.K_ESCAPE)
        game_menu.name_save(scene)
        frames()
        _key(d, pygame.K_ESCAPE)
        scene.open_menu()
        frames()
        app.pop()
        scene.confirm_resign()
        frames()
        next(b for b in app.top.buttons if b.label == "Resign").on_click()
        frames(3)
        if not isinstance(app.top, GameOver):
            _play_some(app, d, 0, rng)
            frames(3)
        if isinstance(app.top, GameOver):
            next(b for b in app.top.buttons if b.label == "Rematch").on_click()
        frames()
        _play_some(app, d, 1, rng)
        app.main_menu()
        frames()
    app.push(Broken(app))  # the apology screen, and back to the main menu
    frames()
    assert isinstance(app.top, ApologyScene)
    _key(d, pygame.K_ESCAPE)
    frames()


def test_every_closed_screen_is_freed_at_once_without_the_collector(app):
    seen: list[weakref.ref] = []
    gc.collect()  # what earlier tests left: not this test's business
    gc.disable()
    # pytest keeps every log record it captures, and the apology's holds the failure's
    # traceback (its frames, the scenes): no records while this test runs
    logging.disable(logging.CRITICAL)
    try:
        for _ in range(ROUNDS):
            _open_and_close_every_screen(app, seen)
        Driver(app).frames(1)  # the scenes closed last are released
        on_stack = [id(scene) for scene in app.stack]
        alive = [ref() for ref in seen if ref() is not None and id(ref()) not in on_stack]
        kinds = {type(scene).__name__ for scene in alive}
        names = {type(ref()).__name__ for ref in seen if ref() is not None} | kinds
        assert not alive, f"closed screens still alive: {sorted(kinds)}"
        assert len(seen) > 20 * ROUNDS, sorted(names)
    finally:
        logging.disable(logging.NOTSET)
        gc.enable()


def _parts(scene: GameScene) -> list[weakref.ref]:
    """Weak references to what a game screen is made of: its fields that are objects of the
    program (the controller, the view, the move log, ...) and theirs in turn (the controller's
    input, the view's board), never another scene or the app."""
    refs: list[weakref.ref] = []
    seen = {id(scene), id(scene.app)}
    level = [scene]
    for _ in range(2):
        below = []
        for holder in level:
            for value in vars(holder).values():
                if id(value) in seen or isinstance(value, (Scene, App)):
                    continue
                seen.add(id(value))
                if type(value).__module__.startswith(("common.", "overlords.", "prepollency.")):
                    with contextlib.suppress(TypeError):  # a type without weak references
                        refs.append(weakref.ref(value))
                    if hasattr(value, "__dict__"):
                        below.append(value)
        level = below
    return refs


def test_the_parts_of_a_closed_game_screen_do_not_outlive_it_without_the_collector(app):
    # the game's controller, its input and its view (with the view's surfaces: megabytes)
    # must go with the screen, game after game: a cycle among them kept every finished game's
    # drawings until the cyclic collector happened to run (issue 38's saw-tooth soak)
    gc.collect()
    gc.disable()
    try:
        for game in app.games:
            d = Driver(app)
            rng = random.Random(7)
            app.push(app.screens(game).play_scene(app, ["human", "human"], 3, None))
            parts: list[weakref.ref] = []
            for _ in range(3):  # three games, each followed by a Rematch
                scene = _play_some(app, d, 4, rng)
                parts += _parts(scene)
                scene.rematch()
                d.frames(2)
            del scene  # (this test's own reference)
            app.main_menu()
            d.frames(2)
            alive = sorted({type(ref()).__name__ for ref in parts if ref() is not None})
            assert not alive, f"{game}: parts of closed game screens still alive: {alive}"
            assert len(parts) > 3 * 10, f"{game}: only {len(parts)} parts looked at"
    finally:
        gc.enable()
