"""The coach on the game screen (common/ui/coach.py): the guided first game from the Learn
screen, the card's words from the game's coach module, the in-game menu's switch, and no coach
where nobody plays the CPU."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.coach import IDLE, against_cpu  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.learn_scene import LearnScene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from prepollency import coach as p_coach  # noqa: E402
from prepollency import rules as p_rules  # noqa: E402
from prepollency.moves import Move, Turn  # noqa: E402


def learn_app(game: str, size: tuple[int, int] = (1280, 800)) -> tuple[App, Driver, LearnScene]:
    app = App(main.games(), size=size)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    learn = LearnScene(app, game)
    app.push(learn)
    d = Driver(app)
    d.frames(1)
    return app, d, learn


def guided_button(learn: LearnScene):
    return next(b for b in learn.buttons if b.label == "Guided first game")


def test_the_learn_screen_offers_the_guided_game_and_it_is_coached():
    app, d, learn = learn_app("prepollency")
    try:
        assert not app.settings.coach
        d.click(guided_button(learn).rect.center)
        game = app.top
        assert isinstance(game, GameScene) and app.settings.coach and game.coach.on
        m = game.match
        assert [str(s) for s in m.seats.values()] == ["human", "novice"]
        assert m.to_move == p_coach.GUIDED.first and m.turn_start == p_coach.guided_start(None)
        assert game.coach.rect is not None and game.areas.log.top > game.coach.rect.bottom
        d.frames(2)
        assert game.coach.lines(400, 6)[-1] == ("Watching: I speak up when something matters.",
                                                False) or game.coach.words
    finally:
        app.close()


# Red's Cavalry on e5 steps to f6, next to Green's Infantry on g7: nothing of Red's guards f6
HANGS = {"a1": "1I", "e5": "1C", "c3": "1A", "g7": "3I", "o15": "3A", "n14": "3I"}


def coached_game(app: App, cells: dict[str, str]) -> GameScene:
    from common.match import Match
    from prepollency.ui.screens import scene_parts
    from tests.test_coach import _p_state

    match = Match(p_rules, _p_state(cells), ["human", "novice"])
    game = GameScene(app, match, *scene_parts(app, match))
    app.push(game)
    return game


def test_the_coach_speaks_from_the_engine_and_the_menu_turns_it_off():
    app = App(main.games())
    try:
        app.settings.animation = "off"
        app.settings.coach = True
        app.push(MainMenu(app))
        game = coached_game(app, HANGS)
        d = Driver(app)
        d.frames(1)
        state = game.match.state
        turn = Turn((Move.parse("e5-f6"),))
        after = p_rules.apply(state, turn)
        expected = p_coach.comment(state, turn, after, game.match.name)
        assert expected is not None and expected.key[0] == "left"
        assert expected.text == ("Your Cavalry on f6 can now be taken by Green's Infantry on "
                                 "g7, and nothing guards it.")
        game.play(turn)
        d.settle(lambda: len(game.match.moves) < 2 or bool(game.coach._jobs)
                 or not game.coach.words, limit=120)
        assert game.coach.words[0] == ("Coach, on your move", expected.text)
        game.open_menu()
        menu = app.top
        assert isinstance(menu, Dialog)
        off = next(b for b in menu.buttons if b.label == "Turn the coach off")
        d.click(off.rect.center)
        d.frames(2)
        assert not app.settings.coach and not game.coach.on and game.coach.rect is None
        game.open_menu()
        assert any(b.label == "Turn the coach on" for b in app.top.buttons)
    finally:
        app.close()


def test_no_coach_at_a_table_of_people_and_the_idle_line():
    from prepollency.ui.screens import play_scene

    app = App(main.games())
    try:
        app.settings.coach = True
        app.push(MainMenu(app))
        game = play_scene(app, ["human", "human"], seed=3)
        app.push(game)
        Driver(app).frames(2)
        assert not against_cpu(game.match) and not game.coach.on and game.coach.rect is None
        game2 = play_scene(app, ["human", "novice"], seed=3)
        app.push(game2)
        Driver(app).frames(1)
        assert game2.coach.on and game2.coach.lines(300, 6)[0] == ("Coach", True)
        assert IDLE
    finally:
        app.close()


def test_the_last_lesson_leads_to_the_guided_game_at_the_smallest_window():
    app, d, learn = learn_app("overlords", size=(960, 600))
    try:
        button = guided_button(learn)
        assert button.rect.h > 0 and button.rect.bottom <= 600
    finally:
        app.close()


def test_the_coach_keeps_quiet_in_puzzles_and_lessons_even_when_switched_on():
    """The coach's advice would be a puzzle's solution or a lesson step's answer: with the
    setting on it says nothing there, takes no band and is not offered in the menu; a game
    against the CPU opened after them has it again."""
    from common.lessons import load_lessons
    from common.ui.lesson_scene import LessonScene, lesson_module
    from common.ui.puzzle_scene import PuzzleScene, open_puzzles

    app = App(main.games(), size=(960, 600))
    app.settings.animation = "off"
    app.settings.coach = True
    app.push(MainMenu(app))
    d = Driver(app)
    for game in ("overlords", "prepollency"):
        open_puzzles(app, game)
        d.frames(1)
        app.replace(PuzzleScene(app, app.top.puzzles, 0))
        d.frames(3)
        scene = app.top
        assert isinstance(scene, PuzzleScene) and not scene.coach.on
        assert scene.coach.rect is None and not scene.coach.words
        scene.open_menu()
        d.frames(1)
        labels = [b.label for b in app.top.buttons] if isinstance(app.top, Dialog) else []
        assert not any("coach" in label for label in labels), labels
        app.main_menu()
        lesson = LessonScene(app, game, load_lessons(lesson_module(game)), 0)
        app.push(lesson)
        d.frames(3)
        assert not lesson.coach.on and lesson.coach.rect is None
        app.main_menu()
    app.close()
