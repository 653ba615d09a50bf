"""The puzzle screen (common/ui/puzzle_scene.py) on the real game screens: a try is judged by
the solver ("Not quite: ..." and Retry, or solved), the solver replies in two-move puzzles,
the hint, the solution shown, Next, and the progress (streak, counts) kept."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

import main  # noqa: E402
from common import progress  # noqa: E402
from common import puzzles as puzzle_io  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.puzzle_scene import PuzzleScene, open_puzzles, ordered  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402

DEADLINE = 60.0  # seconds a test waits for the solver's reply (a loaded machine)


def start(game: str = "overlords", size=(1280, 800), opens=open_puzzles):
    app = App(main.games(), size)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    d = Driver(app)
    opens(app, game)
    d.frames(1)
    return app, d


def go_to(app, d, goal: str) -> PuzzleScene:
    scene = app.top
    index = next(i for i, p in enumerate(scene.puzzles) if p.goal == goal)
    app.replace(PuzzleScene(app, scene.puzzles, index))
    d.frames(1)
    return app.top


def wait(d: Driver, done) -> None:
    end = time.monotonic() + DEADLINE
    while not done() and time.monotonic() < end:
        d.frames(1)
        time.sleep(0.01)
    assert done()


def a_wrong_move(scene: PuzzleScene):
    state = scene.match.state
    return next(m for m in scene.match.game.legal_moves(state)
                if scene.rules.judge_try(state, scene.puzzle.goal, 0, m))


def test_the_screen_opens_on_the_real_game_screen_with_the_goal():
    app, d = start()
    scene = app.top
    assert isinstance(scene, PuzzleScene) and isinstance(scene, GameScene)
    assert type(scene.controller).__name__ == "OverlordsController"
    assert scene.puzzles == ordered(puzzle_io.load_puzzles("overlords"))
    status = scene.status()
    assert "to play" in status.title and scene.puzzle.rating in status.title
    assert scene.puzzle.goal_text in status.text and "streak 0" in status.title
    assert scene.my_turn and scene.controller.judging is False
    app.close()


def test_a_wrong_try_says_why_and_retry_gives_the_position_back():
    app, d = start()
    scene = go_to(app, d, "defend")
    scene.play(a_wrong_move(scene))
    d.frames(1)
    status = scene.status()
    assert status.text.startswith("Not quite: ") and status.alert
    assert "answers" in status.text
    assert not scene.my_turn
    assert [b.label for b in scene.status_buttons] == ["Retry", "Solution"]
    assert app.progress.puzzle_mark("overlords", scene.puzzle.id).tries == 1
    assert app.progress.streak == 0
    scene.again_b.on_click()
    d.frames(1)
    again = app.top
    assert again is not scene and again.puzzle is scene.puzzle and again.my_turn
    again.play(again.puzzle.moves()[0])
    d.frames(1)
    assert again.outcome == "solved" and app.progress.puzzle_solved("overlords", again.puzzle.id)
    assert app.progress.streak == 0  # solved at a retry: no streak
    app.close()


def _a_forced_loss(scene: PuzzleScene):
    """(index, wrong move, refutation) of a save-the-Overlord puzzle where the wrong try loses
    two moves deep and the solver's plain reply is another move (the old bug: the board
    played that one while the words named the refutation)."""
    game = scene.match.game
    for index, puzzle in enumerate(scene.puzzles):
        if puzzle.goal not in ("defend", "stuck"):
            continue
        state = puzzle.state
        for move in game.legal_moves(state):
            refuted = puzzle.rules.refute(state, puzzle.goal, 0, move)
            if refuted and "no move keeps" in refuted.why and \
                    puzzle.rules.reply(game.apply(state, move)) != refuted.answer[0]:
                return index, move, refuted
    raise AssertionError("no shipped puzzle has a wrong try that loses by force")


def test_the_refutation_on_the_board_is_the_one_the_words_name():
    app, d = start()
    index, wrong, refuted = _a_forced_loss(app.top)
    app.replace(PuzzleScene(app, app.top.puzzles, index))
    d.frames(1)
    scene = app.top
    scene.play(wrong)
    d.frames(1)
    named = refuted.answer[0]
    assert f"answers {named} and then no move keeps" in scene.status().text
    wait(d, lambda: len(scene.match.moves) >= 2 and scene.match.moves[-2] == wrong)
    assert scene.match.moves[-1] == named  # the move the words name, not the solver's reply
    d.frames(3)
    assert scene.match.moves[-1] == named and scene.match.to_move == scene.player
    assert not scene.seats.thinking  # the refutation played, nothing more is asked
    app.close()


def _a_later_punisher(scene: PuzzleScene):
    """(index, wrong turn, refutation) of a Prepollency puzzle of three or four players where
    the seat that punishes the wrong turn is not the next one."""
    game = scene.match.game
    for index, puzzle in enumerate(scene.puzzles):
        state = puzzle.state
        if puzzle.goal != "stop" or len(state.alive) < 3:
            continue
        for turn in game.legal_moves(state)[:400]:
            refuted = puzzle.rules.refute(state, puzzle.goal, 0, turn)
            if refuted and len(refuted.answer) > 1:
                return index, turn, refuted
    return None


def test_a_prepollency_refutation_lets_the_seats_between_hold():
    app, d = start("prepollency")
    scene = app.top
    found = _a_later_punisher(scene)
    if found is None:
        pytest.skip("no shipped stop puzzle whose punisher moves second")
    index, turn, refuted = found
    app.replace(PuzzleScene(app, scene.puzzles, index))
    d.frames(1)
    scene = app.top
    scene.play(turn)
    wait(d, lambda: not scene.refutation)
    played = list(scene.match.moves[-len(refuted.answer):])
    assert played == list(refuted.answer)  # the seats before the punisher held the line
    app.close()


def test_a_two_move_puzzle_gets_the_solvers_reply_then_is_finished():
    app, d = start()
    scene = go_to(app, d, "win-2")
    first, reply, finish = scene.puzzle.moves()
    scene.play(first)
    assert not scene.my_turn and scene.outcome is None
    wait(d, lambda: scene.match.to_move == scene.player)
    assert scene.match.moves[-1] == reply  # the solver's reply, as shipped
    assert "finish" in scene.status().text
    scene.play(finish)
    d.frames(1)
    assert scene.outcome == "solved" and "Well done" in scene.status().text
    assert app.progress.streak == 1 and scene.match.over and app.top is scene  # no overlay
    assert [b.label for b in scene.status_buttons] == ["Retry", "Next ›"]
    app.close()


def test_the_hint_names_the_figure_and_counts_as_hinted():
    app, d = start()
    scene = go_to(app, d, "win-1")
    scene.hint_b.on_click()
    d.frames(1)
    assert "Hint: Look at your" in scene.status().text and not scene.hint_b.enabled
    assert scene.controller.pick.figure == scene.puzzle.moves()[0].frm  # picked on the board
    scene.play(scene.puzzle.moves()[0])
    d.frames(1)
    assert scene.outcome == "solved"
    assert app.progress.puzzle_mark("overlords", scene.puzzle.id).hints == 1
    assert app.progress.streak == 0
    app.close()


def test_the_solution_is_played_and_next_moves_on():
    app, d = start()
    scene = go_to(app, d, "win-2")
    index = scene.index
    scene.solution_b.on_click()
    shown = app.top
    wait(d, lambda: not shown.demo)
    d.frames(1)
    assert [str(m) for m in shown.match.moves[-3:]] == list(shown.puzzle.solution)
    assert shown.status().text.startswith("The solution: ")
    assert not app.progress.puzzle_solved("overlords", shown.puzzle.id)
    shown.next_b_.on_click()
    d.frames(1)
    assert app.top.index == index + 1 and app.top.my_turn
    app.close()


def test_esc_leaves_to_the_screen_below():
    app, d = start()
    from common.ui.input import Command

    app.top.handle(Command.BACK)
    d.frames(1)
    assert isinstance(app.top, MainMenu)
    app.close()


def test_the_progress_is_saved_to_the_apps_learn_file(tmp_path):
    app = App(main.games(), (1280, 800), settings_file=tmp_path / "settings.json")
    app.settings.animation = "off"
    app.push(MainMenu(app))
    d = Driver(app)
    open_puzzles(app, "overlords")
    d.frames(1)
    scene = app.top
    scene.play(scene.puzzle.moves()[0])
    d.frames(1)
    if scene.puzzle.player_moves == 1:
        assert progress.load(tmp_path / "learn.json").puzzle_solved("overlords",
                                                                    scene.puzzle.id)
    app.close()
    # the next visit opens on the first puzzle not solved yet
    again = App(main.games(), (1280, 800), settings_file=tmp_path / "settings.json")
    again.push(MainMenu(again))
    open_puzzles(again, "overlords")
    assert again.top.index == (1 if scene.puzzle.player_moves == 1 else 0)
    again.close()


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_screen_draws_at_every_size(size):
    app, d = start()
    app.set_window_size(size)
    d.frames(2)
    assert app.top.areas is not None
    app.close()


def test_a_prepollency_stop_on_its_real_screen():
    if not puzzle_io.load_puzzles("prepollency"):
        pytest.skip("no Prepollency puzzles")
    app, d = start("prepollency")
    scene = go_to(app, d, "stop")
    assert type(scene.controller).__name__ == "TurnController"
    assert scene.puzzle.goal_text in scene.status().text
    state = scene.match.state
    wrong = next(t for t in scene.match.game.legal_moves(state)
                 if scene.rules.judge_try(state, scene.puzzle.goal, 0, t))
    scene.play(wrong)
    d.frames(1)
    assert scene.status().text.startswith("Not quite: ")
    # the solver plays the rival's win that the reason names
    start_moves = len(scene.puzzle.record["turns"]) + 1
    wait(d, lambda: scene.match.over or len(scene.match.moves) > start_moves)
    scene.again_b.on_click()
    d.frames(1)
    again = app.top
    again.play(again.puzzle.moves()[0])
    d.frames(1)
    assert again.outcome == "solved"
    assert app.progress.puzzle_solved("prepollency", again.puzzle.id)
    app.close()


def test_the_prepollency_hint_picks_the_key_piece():
    if not puzzle_io.load_puzzles("prepollency"):
        pytest.skip("no Prepollency puzzles")
    app, d = start("prepollency")
    scene = app.top
    scene.request_hint()
    d.frames(1)
    key = scene.rules.hint_square(scene.puzzle.state, scene.puzzle.goal,
                                  scene.puzzle.moves()[0])
    assert key is not None and scene.controller.picked == key
    assert "Hint: Look at your" in scene.status().text
    app.close()


def test_next_skips_the_puzzles_already_solved():
    app, d = start()
    scene = app.top
    ids = [p.id for p in scene.puzzles]
    for pid in ids[1:3]:
        app.progress.record_puzzle("overlords", pid, solved=True)
    scene.next_b_.on_click()
    assert app.top.index == 3
    for pid in ids:
        app.progress.record_puzzle("overlords", pid, solved=True)
    app.top.next_b_.on_click()
    assert app.top.index == 4  # all solved: simply the next one
    app.close()


def test_a_puzzle_that_does_not_replay_is_skipped_with_a_toast():
    from dataclasses import replace

    from common.ui import puzzle_scene

    app, d = start()
    good = app.top.puzzles
    record = dict(good[0].record, moves=["7H a1-h8"])  # not legal there
    broken = replace(good[0], id="broken", source=record, _replay=None)
    puzzle_scene.show(app, [broken, *good[1:3]], 0)
    d.frames(1)
    assert isinstance(app.top, PuzzleScene) and app.top.puzzle is good[1]
    assert "broken" in (app.toasts.current or ("",))[0]
    app.close()


def test_a_prepollency_last_base_win_on_its_real_screen():
    """A win-base puzzle (from 4-player self-play: two seats left): a turn that does not fill
    the last rival's base is answered with the reason, the key move's turn wins the game."""
    app, d = start("prepollency")
    scene = go_to(app, d, "win-base")
    assert "fill the last rival's base" in scene.status().text
    state = scene.match.state
    scene.play(a_wrong_move(scene))
    d.frames(1)
    assert scene.status().text.startswith("Not quite: ")
    scene.again_b.on_click()
    d.frames(1)
    again = app.top
    again.play(again.puzzle.moves()[0])
    d.frames(1)
    assert again.outcome == "solved" and again.match.over
    assert again.match.state.result.reason == "elimination"
    assert again.match.state.alive == (state.turn,)
    app.close()


# the picker ---------------------------------------------------------------------------------


def open_picker(game: str = "overlords", size=(1280, 800)):
    from common.ui.scenes.puzzle_picker_scene import pick_puzzles

    return start(game, size, pick_puzzles)


def _button(buttons, start: str):
    return next(b for b in buttons if b.label.startswith(start))


def test_the_picker_filters_by_kind_and_rating_with_the_counts():
    from common.ui.scenes.puzzle_picker_scene import PuzzlePicker

    app, d = open_picker()
    picker = app.top
    assert isinstance(picker, PuzzlePicker)
    total = len(picker.puzzles)
    assert picker.kind_buttons[0].label == f"All kinds 0/{total}"
    labels = picker.puzzles[0].rules.LABELS
    counts = puzzle_io.shares(picker.puzzles)
    assert [b.label for b in picker.kind_buttons[1:]] == [
        f"{labels[g]} 0/{n}" for g, n in counts.items()]
    d.click(_button(picker.kind_buttons, "Save the Overlord").rect.center)
    d.frames(1)
    assert picker.chosen["kind"] == "defend" and {p.goal for p in picker.shown()} == {"defend"}
    assert len(picker.tiles) == counts["defend"]
    rating = next(b for b in picker.rating_buttons[1:])
    d.click(rating.rect.center)
    d.frames(1)
    assert all(p.goal == "defend" and p.rating == picker.chosen["rating"] for p in picker.shown())
    d.move(picker.tiles[0].rect.center)
    d.frames(1)
    assert picker.pointed.startswith("Puzzle 1: Save the Overlord, ")
    assert "CPU levels miss it" in picker.pointed and "not tried yet" in picker.pointed
    app.close()


def test_a_tile_plays_its_puzzle_and_the_picker_marks_it_solved():
    app, d = open_picker()
    picker = app.top
    d.click(_button(picker.kind_buttons, "Win in one").rect.center)
    d.frames(1)
    d.click(picker.tiles[1].rect.center)
    d.frames(1)
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle is picker.shown()[1]
    assert {p.goal for p in scene.puzzles} == {"win-1"}  # Next goes on through the filter
    scene.play(scene.puzzle.moves()[0])
    d.frames(1)
    assert scene.outcome == "solved" and "Why: " in scene.status().text
    scene.leave()
    d.frames(1)
    assert app.top is picker and picker.tiles[1].mark.solved
    assert _button(picker.kind_buttons, "Win in one").label.endswith(f" 1/{len(picker.shown())}")
    assert "Streak 1 (best 1)" in _drawn_words(picker)
    app.close()


def test_a_tile_tried_and_not_solved_is_drawn_with_its_cross():
    app, d = open_picker()
    picker = app.top
    d.click(_button(picker.kind_buttons, "Save the Overlord").rect.center)
    d.frames(1)
    d.click(picker.tiles[0].rect.center)
    d.frames(1)
    scene = app.top
    scene.play(a_wrong_move(scene))
    d.frames(1)
    scene.leave()
    d.frames(2)  # drawn: the tile's cross
    assert app.top is picker and picker.tiles[0].mark.tries == 1
    assert not picker.tiles[0].mark.solved and "tried, not solved yet" in \
        picker.tiles[0].words(1)
    app.close()


def _drawn_words(picker) -> str:
    held = picker.progress
    return f"Streak {held.streak} (best {held.best_streak})"


def test_next_unsolved_plays_the_first_unsolved_of_the_filter():
    app, d = open_picker("prepollency")
    picker = app.top
    d.click(_button(picker.kind_buttons, "Open a line").rect.center)
    d.frames(1)
    d.click(picker.next_b.rect.center)
    d.frames(1)
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle.goal == "capture"
    app.close()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_picker_fits_the_window(size):
    app, d = open_picker("overlords", size)
    picker = app.top
    for kind in ["All kinds", *[b.label.rsplit(" ", 1)[0] for b in picker.kind_buttons[1:]]]:
        d.click(_button(picker.kind_buttons, kind).rect.center)
        d.frames(1)
        widgets = [*picker.kind_buttons, *picker.rating_buttons, *picker.tiles,
                   picker.next_b, picker.back]
        window = app.screen.get_rect()
        assert all(window.contains(w.rect) for w in widgets)
        assert all(t.rect.bottom < picker.words_y for t in picker.tiles)
        assert picker.words_y + 2 * app.m.small < picker.next_b.rect.top
        for b in [*picker.kind_buttons, *picker.rating_buttons]:  # whole labels, no shrinking
            from common.ui import draw
            assert draw.fit_text(b.label, app.m.small, b.rect.w - app.m.pad, True) == app.m.small
    shown = len(picker.shown())
    assert len(picker.tiles) == min(shown, picker.per_page)
    if shown > picker.per_page:
        d.click(picker.next_page.rect.center)
        d.frames(1)
        assert picker.page == 1 and picker.tiles[0].label == str(picker.per_page + 1)
    app.close()
