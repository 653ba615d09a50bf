"""An unexpected error never takes the game with it: a scene whose update or draw raises is
replaced by the apology screen (the log file's path, Main menu, Quit), the traceback goes to
the log file, every game on the stack is asked to keep itself, nothing is deleted."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import logs  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.input import Command  # noqa: E402
from common.ui.scene import Scene  # noqa: E402
from common.ui.scenes.apology_scene import ApologyScene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.start import parse_players  # noqa: E402


class Broken(Scene):
    """A scene with a bug: it raises in update or in draw (after `after` calls)."""

    def __init__(self, app, where: str, after: int = 0) -> None:
        super().__init__(app)
        self.where, self.after, self.calls, self.closed = where, after, 0, False

    def _maybe_fail(self, where: str) -> None:
        if where == self.where:
            self.calls += 1
            if self.calls > self.after:
                raise ZeroDivisionError(f"the bug in {where}, call {self.calls}")

    def update(self, dt: float) -> None:
        self._maybe_fail("update")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self._maybe_fail("draw")

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def log_file(tmp_path):
    """The log goes to a fresh file for the test."""
    file = logs.setup(tmp_path / "logs" / "test.log")
    assert file is not None
    yield file
    logs.shutdown()


@pytest.fixture
def app(log_file):
    a = App(main.games())
    a.settings.animation = "off"
    a.push(MainMenu(a))
    Driver(a).frames(1)
    yield a
    a.close()


def _flush() -> None:
    for handler in __import__("logging").getLogger().handlers:
        handler.flush()


@pytest.mark.parametrize("where", ["update", "draw"])
def test_a_failing_scene_gives_the_apology_and_the_menu_is_one_click_away(app, log_file, where):
    broken = Broken(app, where, after=1)  # works once, then fails
    app.push(broken)
    d = Driver(app)
    d.frames(3)
    apology = app.top
    assert isinstance(apology, ApologyScene)
    assert app.stack == [apology] and broken.closed and app.running
    assert apology.log_file == log_file and apology.game_kept is None
    assert "ZeroDivisionError: the bug in" in apology.summary()
    _flush()
    text = log_file.read_text()
    assert f"Broken.{where} failed" in text and "Traceback (most recent call last)" in text
    assert f"the bug in {where}" in text
    text_on_screen = " ".join(p for p, _ in apology.paragraphs())
    assert str(log_file) in text_on_screen
    d.frames(2)  # the apology draws, again and again, without failing
    d.click(apology.menu_b.rect.center)
    assert isinstance(app.top, MainMenu) and len(app.stack) == 1
    d.frames(2)


def test_the_apology_also_answers_enter_and_quit(app):
    app.push(Broken(app, "update"))
    d = Driver(app)
    d.frames(1)
    assert isinstance(app.top, ApologyScene)
    app.dispatch(Command.CONFIRM)
    assert isinstance(app.top, MainMenu)
    app.push(Broken(app, "draw"))
    d.frames(1)
    d.click(app.top.quit_b.rect.center)
    assert not app.running


def test_the_apology_fits_the_smallest_window(app):
    app.set_window_size((960, 600))
    app.push(Broken(app, "draw"))
    Driver(app).frames(2)
    apology = app.top
    assert isinstance(apology, ApologyScene)
    assert app.screen.get_rect().contains(apology.panel)
    assert apology.panel.contains(apology.menu_b.rect)
    assert apology.panel.contains(apology.quit_b.rect)


def test_a_game_on_the_stack_is_asked_to_keep_itself_and_no_save_is_deleted(app, tmp_path,
                                                                             monkeypatch):
    saves = tmp_path / "saves"
    saves.mkdir()
    kept = saves / "overlords-2026-01-01-120000.json"
    kept.write_text('{"an": "old save"}')
    monkeypatch.setenv("OVERLORDS_SAVES", str(saves))
    entry_seats = parse_players("human,human", (2, 3, 4))
    game = app.screens("prepollency").play_scene(app, entry_seats, 3, 1)
    app.push(game)
    Driver(app).frames(1)
    assert hasattr(game, "match")
    calls = []
    game.autosave = lambda: calls.append(game.match)  # the hook the autosave work provides
    app.push(Broken(app, "update"))  # an overlay over the game fails
    Driver(app).frames(1)
    assert isinstance(app.top, ApologyScene)
    assert calls == [game.match] and app.top.game_kept is True
    assert "saved just now" in " ".join(p for p, _ in app.top.paragraphs())
    assert [p.name for p in saves.iterdir()] == [kept.name]
    assert kept.read_text() == '{"an": "old save"}'


def test_a_game_whose_autosave_fails_still_gives_the_apology(app, log_file):
    game = app.screens("prepollency").play_scene(app, parse_players("human,human", (2, 3, 4)), 3, 1)
    assert hasattr(game, "match")
    app.push(game)

    def broken_autosave():
        raise OSError("disk full")

    game.autosave = broken_autosave
    game.update = lambda dt: 1 / 0
    Driver(app).frames(1)
    assert isinstance(app.top, ApologyScene) and app.top.game_kept is False
    _flush()
    assert "disk full" in log_file.read_text()


def test_a_game_in_an_app_without_saves_is_not_said_to_be_kept(app):
    game = app.screens("prepollency").play_scene(app, parse_players("human,human", (2, 3, 4)), 3, 1)
    assert app.saves_folder is None and hasattr(game, "match")
    app.push(game)
    game.draw = lambda surface: [][0]
    Driver(app).frames(1)
    assert isinstance(app.top, ApologyScene) and app.top.game_kept is False


def test_a_failing_game_is_autosaved_where_continue_finds_it(tmp_path, log_file):
    a = App(main.games(), saves_folder=tmp_path)
    try:
        a.settings.animation = "off"
        game = a.screens("prepollency").play_scene(a, parse_players("human,human", (2, 3, 4)),
                                                   3, 1)
        a.push(game)
        Driver(a).frames(1)
        game.update = lambda dt: 1 / 0
        Driver(a).frames(1)
        assert isinstance(a.top, ApologyScene) and a.top.game_kept is True
        (saved,) = tmp_path.glob("*.json")
        record = json.loads(saved.read_text())
        assert record["game"] == "prepollency" and record.get("result") is None  # to continue
    finally:
        a.close()


def test_a_failing_apology_is_not_caught_again(app):
    app.push(Broken(app, "draw"))
    Driver(app).frames(1)
    apology = app.top
    apology.draw = lambda surface: 1 / 0
    with pytest.raises(ZeroDivisionError):
        Driver(app).frames(1)


def test_a_failing_click_is_logged_and_the_scene_stays(app, log_file):
    class BadClick(Scene):
        def handle(self, action):
            raise KeyError("the click bug")

    scene = BadClick(app)
    app.push(scene)
    Driver(app).click((10, 10))
    assert app.top is scene and app.running
    _flush()
    assert "the click bug" in log_file.read_text()
