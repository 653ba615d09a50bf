"""Issue 36 in the app (dummy video driver): Novice first and chosen by default in both
new-game dialogs (a remembered choice still wins), the game after the last lesson, and the
game-over panel against the CPU: the record against each level and, after a win, the next
level with a button that starts the rematch there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import main  # noqa: E402
from common import progress  # noqa: E402
from common.lessons import lesson_game, load_lessons  # noqa: E402
from common.match import Match  # noqa: E402
from common.seats import CPU, HUMAN_SEAT, SeatSpec  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.lesson_scene import FIRST_GAME, LessonScene  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.coach import GUIDED  # noqa: E402
from overlords.ui.screens import rematch, scene_for  # noqa: E402
from overlords.ui.setup_scene import SetupScene  # noqa: E402
from prepollency.ui.new_game import KIND_LABELS, KINDS  # noqa: E402
from prepollency.ui.screens import play_scene as prepollency_game  # noqa: E402
from tests.helpers.overlords_diagram import board, position  # noqa: E402
from tests.test_ui_hint_resign import resign_through_the_menu  # noqa: E402
from tests.test_ui_overlords import new_game_dialog  # noqa: E402
from tests.test_ui_prepollency_dialog import dialog_app  # noqa: E402

NOVICE, EASY = SeatSpec(CPU, level="novice"), SeatSpec(CPU, level="easy")
# White to move takes Black's Overlord on d5 with its Dragon (3D d1-d5)
WON_IN_ONE = board(a1=".O", d1=".D", d5=".o", h8=".w")


def test_the_overlords_dialog_offers_novice_first_and_chooses_it():
    app, d, dialog = new_game_dialog()
    try:
        for choice in dialog.seats:
            assert choice.options[:3] == ["human", "novice", "easy"]
            assert choice.labels[1] == "Novice"
            assert "random" not in choice.options, "no random mover among the levels"
        assert [c.value for c in dialog.seats] == ["human", "novice"]
    finally:
        app.close()


def test_the_overlords_dialog_remembers_the_last_level():
    app, d, dialog = new_game_dialog()
    try:
        dialog.seats[1].value = "hard"
        dialog.start_game()
        assert app.settings.overlords_new_game == {"white": "human", "black": "hard"}
        from overlords.ui.new_game import NewGameScene

        again = NewGameScene(app)
        assert [c.value for c in again.seats] == ["human", "hard"], "the last level again"
        app.settings.overlords_new_game = {"white": "nonsense", "black": "easy"}
        assert [c.value for c in NewGameScene(app).seats] == ["human", "easy"]
    finally:
        app.close()


def test_a_damaged_remembered_overlords_choice_is_refused_with_a_reason():
    from overlords.facts import seats_problem

    assert seats_problem({"white": "human", "black": "novice"}) is None
    assert seats_problem(None) is None
    assert seats_problem({"white": 3}) and seats_problem(["human"])
    assert seats_problem({"red": "human"}) and seats_problem({"white": "x" * 100})


def test_the_prepollency_dialog_offers_novice_first_and_keeps_a_remembered_choice():
    assert KINDS[:2] == ("human", "novice") and KIND_LABELS[1] == "Novice"
    app, d, dialog, started = dialog_app(size=(960, 600))
    try:
        assert [dialog.rows[s].kind.value for s in (1, 2, 3, 4)] == ["human"] + ["novice"] * 3
        d.key(pygame.K_RETURN)
        assert started[-1].specs == ["human", "novice"]
    finally:
        app.close()
    app, d, dialog, started = dialog_app()
    try:
        app.settings.prepollency_new_game = {"players": 2, "seats": {"3": {"kind": "hard"}}}
        from prepollency.ui.new_game import NewGameScene

        again = NewGameScene(app)
        assert again.rows[3].kind.value == "hard" and again.rows[2].kind.value == "novice"
    finally:
        app.close()


def menu_app() -> tuple[App, Driver]:
    """The app (animations off) on its main menu; the caller closes it."""
    app = App(main.games())
    app.settings.animation = "off"
    app.push(MainMenu(app))
    return app, Driver(app)


def won_game(app: App):
    """A game screen (the one person White, novice Black) one move from White's win."""
    specs = [HUMAN_SEAT, NOVICE]
    match = Match(rules, position(WON_IN_ONE), specs, info={"seed": 5})
    scene = scene_for(app, match, rematch(app, specs, 5))
    app.push(scene)
    return scene


def test_a_win_against_novice_suggests_easy_and_the_button_starts_it():
    app, d = menu_app()
    try:
        game = won_game(app)
        d.frames(1)
        game.play(rules.parse_move(game.match.state, "3D d1-d5"))
        d.frames(3)
        over = app.top
        assert isinstance(over, GameOver) and over.title == "You win!"
        assert over.lines[1:] == ["You beat Novice! Try Easy next.",
                                  "Record against Novice: 1 win, 0 losses"]
        labels = [b.label for b in over.buttons]
        assert labels[:2] == ["Try Easy", "Rematch"] and over.default == 0
        assert progress.of_app(app).record_against("overlords", "novice").wins == 1
        # taken back and won again: the game is counted once
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert app.top is game and not game.match.over
        game.play(rules.parse_move(game.match.state, "3D d1-d5"))
        d.frames(3)
        over = app.top
        assert isinstance(over, GameOver)
        assert over.lines[-1] == "Record against Novice: 1 win, 0 losses"
        d.click(over.buttons[0].rect.center)
        d.frames(1)
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.seats == {rules.WHITE: EASY, rules.BLACK: HUMAN_SEAT}, "colours swapped"
        assert setup.seed == 5
    finally:
        app.close()


def test_a_loss_shows_the_record_and_no_next_level():
    app, d = menu_app()
    try:
        held = progress.of_app(app)
        held.record_game("overlords", "novice", "win")
        game = won_game(app)
        d.frames(1)
        resign_through_the_menu(d, game)
        over = app.top
        assert isinstance(over, GameOver) and over.title == "You lose"
        assert over.lines == ["You resigned.", "Record against Novice: 1 win, 1 loss"]
        assert [b.label for b in over.buttons][0] == "Rematch"
    finally:
        app.close()


def test_people_alone_keep_no_record():
    app, d = menu_app()
    try:
        match = Match(rules, position(WON_IN_ONE), [HUMAN_SEAT, HUMAN_SEAT])
        game = scene_for(app, match, None)
        app.push(game)
        d.frames(1)
        game.play(rules.parse_move(game.match.state, "3D d1-d5"))
        d.frames(3)
        assert isinstance(app.top, GameOver) and app.top.lines == [
            "White captured Black's Overlord."]
        assert progress.of_app(app).records == {}
    finally:
        app.close()


def test_a_prepollency_rematch_at_the_next_level_moves_every_cpu_seat_up():
    from common.ui.level_record import lifted

    app, d = menu_app()
    try:
        app.push(prepollency_game(app, ["human", "novice", "novice", "cmd:true"], seed=3))
        game = app.top
        d.frames(1)
        game.rematch_changed(lifted("easy"))
        seats = app.top.match.seats
        assert sorted(str(s) for s in seats.values()) == ["cmd:true", "easy", "easy", "human"]
        assert str(seats[2]) == "human", "each player moved on to the next seat"
    finally:
        app.close()


def test_after_the_last_lesson_a_game_against_novice_is_offered():
    app, d = menu_app()
    try:
        lessons = load_lessons(lesson_game("overlords"))
        scene = LessonScene(app, "overlords", lessons, len(lessons) - 1)
        app.push(scene)
        d.frames(1)
        scene.step_done = scene.finished = True  # as when its last step was met
        scene._sync_buttons()
        assert scene.next_b_lesson.label == FIRST_GAME and scene.next_b_lesson.enabled
        assert scene.skip_b.label == "Back to lessons" and scene.skip_b.enabled
        assert "Play a guided first game against the Novice CPU" in scene.status().text
        d.click(scene.next_b_lesson.rect.center)
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.seats == {rules.WHITE: HUMAN_SEAT, rules.BLACK: NOVICE}
        assert setup.seed == GUIDED.seed and app.settings.coach, "the guided game, coached"
    finally:
        app.close()
