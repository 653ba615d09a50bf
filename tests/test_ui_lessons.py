"""The lessons on screen: the real game screen (its controller and view) runs each lesson;
clicks go through the game's controller; every lesson of both games is played to its end;
the Learn hub, its stars, the first-launch offer and the rules' topics."""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.lessons import load_lessons, parse_turn  # noqa: E402
from common.progress import of_app as progress_of  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.lesson_scene import LessonScene, lesson_module  # noqa: E402
from common.ui.scenes.learn_scene import LearnScene, LessonButton  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.scenes.rules_scene import RulesScene  # noqa: E402
from overlords.ui.controller import OverlordsController  # noqa: E402
from overlords.ui.view import OverlordsView  # noqa: E402
from prepollency.moves import GRID as PGRID  # noqa: E402
from prepollency.ui.controller import TurnController  # noqa: E402

SIZES = [(1280, 800), (960, 600)]


@pytest.fixture
def app():
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.settings.confirm_risky = False
    app.push(MainMenu(app))
    yield app
    app.close()


def open_lesson(app, game: str, index: int) -> tuple[LessonScene, Driver]:
    lessons = load_lessons(lesson_module(game))
    scene = LessonScene(app, game, lessons, index)
    app.push(scene)
    d = Driver(app)
    d.frames(1)
    return scene, d


def wait(d: Driver, done, limit: int = 3000) -> None:
    """Frames until done() (a reply waits REPLY_PAUSE seconds of frames)."""
    for _ in range(limit):
        if done():
            return
        d.frames(1)
    raise TimeoutError("the lesson did not get there")


def click_square(d: Driver, scene: LessonScene, name: str) -> None:
    grid = scene.run.game.engine.GRID
    d.click(scene.view.board.center(grid.index(name)))


def play_with_clicks(d: Driver, scene: LessonScene) -> None:
    """The step's intended turn, through the game's own controller: Overlords by the Hint
    (which picks the stones and figure) and a click on the target, or the Discard button;
    Prepollency by clicking each piece and its target, then End turn or Hold the line."""
    step = scene.lesson_step
    if scene.game_name == "overlords":
        move = parse_turn(scene.run.game, scene.match.state, step.solution)
        scene.request_hint()
        d.frames(1)
        if move.is_discard:
            d.key(pygame.K_RETURN)  # the hint picked the stones: Enter discards them
            return
        d.click(scene.view.board.center(move.to))
        return
    moves = list(step.solution)
    for text in moves:
        frm, to = text.split("-")
        click_square(d, scene, frm)
        click_square(d, scene, to)
    if len(moves) < 2:
        d.key(pygame.K_SPACE if not moves else pygame.K_RETURN)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["overlords", "prepollency"])
def test_every_lesson_plays_through_on_the_game_screen(app, game, size):
    app.set_window_size(size)
    lessons = load_lessons(lesson_module(game))
    for index, lesson in enumerate(lessons):
        scene, d = open_lesson(app, game, index)
        assert isinstance(scene.controller,
                          OverlordsController if game == "overlords" else TurnController)
        for n, _ in enumerate(lesson.steps, 1):
            wait(d, lambda s=scene: s.my_turn)
            d.frames(1)
            assert scene.card_fits, (lesson.id, n, size)  # intro and goal, every line
            play_with_clicks(d, scene)
            wait(d, lambda s=scene: s.step_done)
            d.frames(1)
            assert scene.feedback[0] in ("ok", "end"), (lesson.id, scene.feedback)
            assert scene.card_fits, (lesson.id, n, size)  # the answer, never cut
            if not scene.finished:
                scene.next()
                d.frames(1)
        assert scene.finished, lesson.id
        assert scene.status().title == "Lesson complete"  # not "You win!" nor "thinking"
        assert scene.status_buttons == []  # no Rematch: the card leads on
        assert not scene.my_turn  # the board waits for Next lesson
        # Overlords went by the Hint (at most 2 stars); Prepollency by clicks alone (3)
        assert progress_of(app).lesson_stars(game, lesson.id) == (
            2 if game == "overlords" else 3)
        app.pop()
    assert isinstance(app.top, MainMenu)


def test_a_wrong_legal_move_is_taken_back_with_why(app):
    scene, d = open_lesson(app, "overlords", 0)
    state = scene.match.state
    scene.play(parse_turn(scene.run.game, state, "3D c3-c5"))
    assert scene.feedback[0] == "no" and "no Dragon of yours stands on e5" in scene.feedback[1]
    assert scene.status().alert and scene.status().title == "Not quite"
    wait(d, lambda: not scene.pending_undo and scene.my_turn)
    assert scene.match.state is state or scene.match.moves == []
    assert not scene.match.can_redo()
    assert scene.run.mistakes == 1


def test_a_refused_click_says_the_engine_then_the_lesson(app):
    scene, d = open_lesson(app, "overlords", 0)
    panel = scene.view.panel
    from overlords.ui.panel import stone_at

    # find the Rune 1 stone and the Dragon Fate stone of White on screen and click them
    def stone(kind, value):
        for x in range(0, app.size[0], 4):
            for y in range(0, app.size[1], 4):
                hit = stone_at(panel, (x, y))
                if hit == (0, kind, value):
                    return (x, y)
        raise AssertionError("no such stone on screen")

    d.click(stone("rune", 1))
    d.click(stone("fate", 3))  # FATES order: the second Dragon stone
    kind, text = scene.feedback
    assert kind == "no" and text.startswith("Rune 1 cannot move a Dragon")
    assert "forbidden pair" in text  # the matching wrong try's hint
    assert scene.status().text == text


def test_esc_leaves_and_nothing_is_saved(app, tmp_path):
    app.saves_folder = tmp_path
    scene, d = open_lesson(app, "overlords", 0)
    scene.play(parse_turn(scene.run.game, scene.match.state, "2D c3-e5"))
    d.frames(5)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)
    assert list(tmp_path.iterdir()) == []


def test_read_more_opens_the_rules_at_the_topic(app):
    scene, d = open_lesson(app, "overlords", 8)  # the Reckoning
    scene.read_more()
    d.frames(1)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game == "overlords"
    assert rules.scroll > 0
    app.pop()
    app.push(RulesScene(app, "prepollency", topic="elimination"))
    d.frames(1)
    far = app.top.scroll
    app.pop()
    app.push(RulesScene(app, "prepollency", topic="no such topic"))
    d.frames(1)
    assert far > 0 and app.top.scroll == 0


def test_every_topic_key_names_a_section():
    from overlords import rules_text as orules_text
    from prepollency import rules_text as prules_text

    for module, game in ((orules_text, "overlords"), (prules_text, "prepollency")):
        headings = {heading for heading, _ in module.SECTIONS}
        assert set(module.TOPICS.values()) <= headings
        for lesson in load_lessons(lesson_module(game)):
            assert lesson.topic in module.TOPICS, lesson.id


@pytest.mark.parametrize("size", SIZES)
def test_the_learn_hub_lists_lessons_with_stars(app, size):
    app.set_window_size(size)
    d = Driver(app)
    d.frames(1)
    learn = next(b for b in app.top.buttons if b.label == "Learn")
    d.click(learn.rect.center)
    hub = app.top
    assert isinstance(hub, LearnScene) and hub.game is None
    d.click(hub.buttons[0].rect.center)  # Learn Overlords
    lessons = app.top
    rows = [b for b in lessons.buttons if isinstance(b, LessonButton)]
    assert len(rows) == len(load_lessons(lesson_module("overlords")))
    for button in lessons.buttons:  # every button on screen, none overlapping
        assert app.screen.get_rect().contains(button.rect), button.label
    rects = [b.rect for b in lessons.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    progress_of(app).set_lesson("overlords", "pair", 3)
    d.click(rows[0].rect.center)
    assert isinstance(app.top, LessonScene) and isinstance(app.top.view, OverlordsView)
    d.key(pygame.K_ESCAPE)
    d.frames(1)
    assert app.top is lessons and rows[0].stars == 3


def test_the_first_launch_offer_waits_beside_the_menu_until_answered(tmp_path, monkeypatch):
    from common.ui.start import build_app

    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path))  # no learn.json: a first launch
    for size in SIZES:
        app = build_app(argparse.Namespace(command=None), main.games(), size)
        try:
            d = Driver(app)
            d.frames(1)
            menu = app.top
            assert isinstance(menu, MainMenu) and menu.offer is not None  # the menu stays on top
            labels = [b.label for b in menu.offer.buttons]
            assert labels == ["Learn Overlords", "Learn Prepollency", "No thanks"]
            screen = app.screen.get_rect()
            assert screen.contains(menu.offer.rect)
            assert not any(menu.offer.rect.colliderect(b.rect) for b in menu.buttons)
        finally:
            app.close()
    assert not (tmp_path / "learn.json").exists()  # nothing written until answered
    app = build_app(argparse.Namespace(command=None), main.games())
    try:
        d = Driver(app)
        d.frames(1)
        d.click(app.top.offer.buttons[1].rect.center)  # Learn Prepollency
        assert isinstance(app.top, LearnScene) and app.top.game == "prepollency"
    finally:
        app.close()
    assert (tmp_path / "learn.json").exists()
    app = build_app(argparse.Namespace(command=None), main.games())
    try:
        assert isinstance(app.top, MainMenu) and app.top.offer is None  # never again
    finally:
        app.close()


def test_prepollency_lesson_runs_on_its_own_view(app):
    scene, d = open_lesson(app, "prepollency", 3)  # the Obelisk hold
    from prepollency.ui.view import PrepollencyView

    assert isinstance(scene.view, PrepollencyView)
    click_square(d, scene, "h7")
    click_square(d, scene, "h8")
    d.key(pygame.K_RETURN)  # End turn: the cross is not whole
    assert scene.feedback[0] == "no" and "4 of the five" in scene.feedback[1]
    wait(d, lambda: scene.my_turn and not scene.pending_undo)
    assert scene.match.state.owners[PGRID.index("h7")] == 1  # taken back


def test_no_lesson_tally_counts_captures_that_never_happened():
    """Lesson 1's tooltip said "Captured: ..." for figures the position simply left out."""
    from overlords.ui.panel import card_tip, taken

    game = lesson_module("overlords")
    for lesson in load_lessons(game):
        state = None
        for step in lesson.steps:
            if step.position is not None:
                state = game.position(step.position)
                assert taken(state, 0) == [] and taken(state, 1) == [], lesson.id
                assert "Captured" not in card_tip(state, 0) + card_tip(state, 1)
            state = None


@pytest.mark.parametrize("index, shown", [(0, False), (9, False)])
def test_danger_marks_stay_hidden_until_the_lesson_that_teaches_them(app, index, shown):
    lessons = load_lessons(lesson_module("overlords"))
    taught = next(i for i, x in enumerate(lessons) if x.marks)
    for i, want in ((index, shown), (taught, True), (len(lessons) - 1, True)):
        scene, d = open_lesson(app, "overlords", i)
        assert scene.controller.judging is want, lessons[i].id
        app.pop()


def test_enter_does_not_skip_lesson_complete(app):
    scene, d = open_lesson(app, "prepollency", 1)  # "turn": two steps, the last holds
    for _ in scene.run.lesson.steps:
        wait(d, lambda: scene.my_turn)
        play_with_clicks(d, scene)
        wait(d, lambda: scene.step_done)
        if not scene.finished:
            scene.next()
            d.frames(1)
    assert scene.finished
    d.key(pygame.K_RETURN)  # at once: a key meant for the turn just ended
    d.frames(1)
    assert app.top is scene and scene.status().title == "Lesson complete"
    assert "No wrong try." in scene.feedback[1]  # the card says why these stars
    wait(d, lambda: scene.complete_for >= 1.0)
    d.key(pygame.K_RETURN)
    d.frames(1)
    assert app.top is not scene and app.top.lesson_index == 2


def test_the_learn_page_says_what_the_stars_mean(app):
    from common.ui.scenes.learn_scene import STARS_NOTE

    app.push(LearnScene(app, "overlords"))
    d = Driver(app)
    d.frames(1)
    assert "no wrong try" in STARS_NOTE and "Hint" in STARS_NOTE
    first = min(b.rect.top for b in app.top.buttons)
    m = app.m
    # the note's line ends above the first row
    assert 2 * m.pad + m.button_h // 2 + int(m.large * 1.3) + int(m.normal * 1.4) + m.small \
        <= first


@pytest.mark.parametrize("game", ["overlords", "prepollency"])
def test_a_toast_never_covers_the_lesson_cards_buttons(app, game):
    # the play-test: "Green is out" showed over Retry
    scene, d = open_lesson(app, game, 0)
    d.frames(2)
    app.toast("Green is out: every base square taken", 3.0)
    rect = app.toast_rect((600, 30))
    shown = [b for b in scene.card_buttons if b.visible and b.rect.h]
    assert shown and not any(rect.colliderect(b.rect) for b in shown)


@pytest.mark.parametrize("game", ["overlords", "prepollency"])
def test_a_window_too_low_for_the_card_says_the_task_in_the_status(app, game):
    # a 960x600 screen opens the window at 960x520: the card has room for its head only
    app.set_window_size((960, 520))
    scene, d = open_lesson(app, game, 0)
    d.frames(2)
    if scene.card_fits:
        pytest.skip("the card fits at this size")
    assert scene.status().text == scene.lesson_step.text
