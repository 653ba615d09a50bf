"""The Hint button and Resign of the Overlords screen, driven like a player on the real app
(dummy video driver): the hint comes from the `normal` level off the UI thread, is a legal
move, is shown and not played, and goes away on a move, an undo or another pick; resigning ends
the game through the engine, cannot be taken back, and saves a record that validates.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.ui.hint import position_seed  # noqa: E402
from overlords.ui.screens import resume_scene  # noqa: E402
from tests.test_ui_overlords import click_square, open_game, play_by_clicks  # noqa: E402

HINT_WAIT = 120.0  # seconds for the worker to start and answer (a machine at load 10 and more)


def wait_for_hint(d, game) -> int:
    """Run frames until the hint shows; how many frames ended without it. A frame that
    waited for the search would end with the hint in, so a loop that goes on while the
    worker searches leaves several such frames behind (counted, not timed: a busy machine
    slows frames and the search alike)."""
    waiting, end = 0, time.monotonic() + HINT_WAIT
    while game.controller.hint is None:
        assert time.monotonic() < end, f"no hint after {HINT_WAIT:g} s"
        d.frames(1)
        waiting += game.controller.hint is None
        time.sleep(0.005)
    return waiting


def button(dialog, label):
    return next(b for b in dialog.buttons if b.label == label)


def test_hint_arrives_without_blocking_and_is_shown_not_played():
    app, d, game = open_game()
    try:
        state = game.match.state
        assert game.hint_b in game.toolbar and game.hint_b.enabled
        d.click(game.hint_b.rect.center)
        assert game.hint_asked and game.controller.hint is None
        assert "thinking" in game.status().text and game.hint_b.label == "Hint…"
        assert not game.hint_b.enabled, "one request at a time"
        assert wait_for_hint(d, game) >= 2, "the hint came within one frame: it blocked the loop"
        hint = game.controller.hint
        assert hint in rules.legal_moves(state)
        assert game.match.moves == [] and game.match.state is state, "shown, not played"
        assert (game.controller.pick.rune, game.controller.pick.fate) == (hint.rune, hint.fate)
        first = "press Discard" if hint.is_discard else f"click {rules.GRID.name(hint.to)}"
        assert game.status().text.startswith(f"Hint: {first}")  # what to do, first
        from overlords.ui.hint import hint_reason  # then why, from the engine

        assert game.status().text.endswith(f": {hint_reason(state, hint)}.")
        d.frames(3)  # drawn without trouble
        # H again puts it away; asking again gives the same move for the same position
        d.key(pygame.K_h, text="h")
        assert game.controller.hint is None and not game.hint_asked
        d.key(pygame.K_h, text="h")
        assert game.hint_asked
        wait_for_hint(d, game)
        assert game.controller.hint == hint, "the same position gives the same hint"
        # one click on the marked target plays it; the hint goes away with the move
        if hint.is_discard:
            d.click(game.controller.discard_b.rect.center)
        else:
            click_square(d, game, hint.to)
        d.settle()
        assert game.match.moves == [hint]
        assert game.controller.hint is None and not game.hint_asked
        assert not game.status().text.startswith("Hint")
    finally:
        app.close()


def test_another_pick_takes_the_hint_away():
    app, d, game = open_game()
    try:
        d.key(pygame.K_h, text="h")
        wait_for_hint(d, game)
        hint = game.controller.hint
        hand = game.view.panel.hands[rules.WHITE]
        other = next(r for r in range(1, 8) if r != hint.rune)
        d.click(hand.runes[other - 1].center)
        assert game.controller.hint is None and game.match.moves == []
    finally:
        app.close()


def test_a_move_or_an_undo_cancels_a_running_hint():
    app, d, game = open_game(("human", "random"))
    try:
        d.key(pygame.K_h, text="h")
        assert game.hint_asked
        move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        play_by_clicks(d, game, move)  # the player moves first
        assert not game.hint_asked and game.controller.hint is None
        assert len(game.match.moves) == 2, "the CPU answered; no hint got in its way"
        d.key(pygame.K_h, text="h")
        assert game.hint_asked
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert game.match.moves == []
        assert not game.hint_asked and game.controller.hint is None and not app.cpu.busy()
        d.frames(5)
        assert game.controller.hint is None
    finally:
        app.close()


def test_no_hint_on_the_cpus_turn_or_in_review():
    app, d, game = open_game(("human", "random"))
    try:
        move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        play_by_clicks(d, game, move)
        game.start_review(1)
        assert not game.hint_b.enabled
        d.key(pygame.K_h, text="h")
        assert not game.hint_asked
    finally:
        app.close()


def test_position_seed_depends_on_the_position_only():
    app, d, game = open_game()
    try:
        state = game.match.state
        copy = rules.apply(game.match.initial, rules.legal_moves(state)[0])
        again = rules.apply(game.match.initial, rules.legal_moves(state)[0])
        assert position_seed(state) == position_seed(game.match.initial)
        assert position_seed(copy) == position_seed(again) != position_seed(state)
    finally:
        app.close()


def resign_through_the_menu(d, game) -> None:
    d.key(pygame.K_ESCAPE)
    menu = game.app.top
    assert isinstance(menu, Dialog) and menu.title == "Game paused"
    d.click(button(menu, "Resign").rect.center)
    confirm = game.app.top
    assert isinstance(confirm, Dialog) and confirm.title == "Resign this game?"
    assert [b.label for b in confirm.buttons] == ["Resign", "Cancel"]
    d.click(button(confirm, "Resign").rect.center)
    d.frames(2)


def test_resign_in_hot_seat_ends_the_game_and_the_record_validates(tmp_path):
    app, d, game = open_game()
    try:
        move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        play_by_clicks(d, game, move)
        assert game.match.state.turn == rules.BLACK
        # Cancel keeps playing
        d.key(pygame.K_ESCAPE)
        d.click(button(app.top, "Resign").rect.center)
        assert "Black resigns. White wins." in app.top.lines[0]
        d.click(button(app.top, "Cancel").rect.center)
        assert app.top is game and not game.match.over
        resign_through_the_menu(d, game)
        state = game.match.state
        assert state.result == rules.Outcome(rules.WHITE, "resign")
        assert game.match.moves == [move], "resigning is not a move"
        over = app.top
        assert isinstance(over, GameOver)
        assert over.title == "White wins" and over.lines == ["Black resigned."]
        record = game.match.record()
        assert record["result"] == {"winner": rules.player_label(rules.WHITE),
                                    "reason": "resign"}
        replay = rec.replay(rec.loads(rec.dumps(record)), main.games())
        assert replay.states[-1].result == state.result
        path = tmp_path / "resigned.json"
        rec.save(path, record)
        assert main.main(["validate", str(path)]) == 0
        # no taking back a resignation; review and the end buttons stay
        d.click(button(over, "Review game").rect.center)
        assert not game.undo_b.enabled and not game.redo_b.enabled
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert game.match.state is state and game.match.moves == [move]
        assert "cannot be taken back" in game.refused[0]
        game.end_review()
        assert game.status_buttons == [game.rematch_b, game.menu_b]
        assert not game.hint_b.enabled
        d.key(pygame.K_ESCAPE)
        assert "Resign" not in [b.label for b in app.top.buttons], "the game is over"
        d.key(pygame.K_ESCAPE)
        # a saved resigned game opens finished
        scene = resume_scene(app, replay)
        assert scene.match.over and scene.match.resigned and not scene.match.can_undo()
    finally:
        app.close()


def test_against_the_cpu_the_human_side_resigns():
    app, d, game = open_game(("random", "human"))
    try:
        d.settle()
        assert game.match.state.turn == rules.BLACK
        resign_through_the_menu(d, game)
        assert game.match.state.result == rules.Outcome(rules.WHITE, "resign")
        over = app.top  # told from the person's side
        assert isinstance(over, GameOver) and over.title == "You lose"
        assert over.lines == ["You resigned."]
        assert not app.cpu.busy()
        rec.replay(game.match.record(), main.games())
    finally:
        app.close()
