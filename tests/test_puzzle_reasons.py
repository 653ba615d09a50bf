"""The puzzles' reasons against the engine: each wrong try's refutation (the answer the words
name) is legal where it is played, and playing it does what the words say; each solution's
reason names its move and says what the engine sees (the Overlord captured, the last base
filled, a hold broken)."""

from __future__ import annotations

import random

import pytest

from common import puzzles
from common.games import GAMES
from overlords import tactics as ov_tactics
from prepollency.moves import GRID, KHAN

TRIES = 6  # wrong tries judged per puzzle (a sample: every one would take minutes)


def _wrong_tries(puzzle: puzzles.Puzzle, rng: random.Random) -> list:
    engine = GAMES[puzzle.game].engine
    state = puzzle.state
    moves = list(engine.legal_moves(state))
    rng.shuffle(moves)
    out = []
    for move in moves[:400]:
        refuted = puzzle.rules.refute(state, puzzle.goal, 0, move)
        if refuted is not None:
            out.append((move, refuted))
        if len(out) >= TRIES:
            break
    return out


def _play(engine, state, moves):
    for move in moves:
        assert move in engine.legal_moves(state), f"{move} is not legal there"
        state = engine.apply(state, move)
    return state


def _overlords_words_hold(puzzle, state, move, refuted) -> None:
    engine = GAMES["overlords"].engine
    me = state.turn
    after = _play(engine, engine.apply(state, move), refuted.answer)
    answer = refuted.answer[0] if refuted.answer else None
    if answer is not None:
        assert f"answers {answer}" in refuted.why
    if "does not end the game" in refuted.why:
        assert not refuted.answer and engine.apply(state, move).result is None
    elif "captures your Overlord" in refuted.why or "takes the ninth Source" in refuted.why:
        assert after.result is not None and after.result.winner == 1 - me
    elif "no move keeps your Overlord safe" in refuted.why:
        assert after.result is None and ov_tactics.defence(after) is None
    elif "nothing wins at once" in refuted.why:
        assert not ov_tactics.winning_moves(after)
    else:
        assert not refuted.answer and "draw" in refuted.why


def _prepollency_words_hold(puzzle, state, move, refuted) -> None:
    engine = GAMES["prepollency"].engine
    me = state.turn
    after = _play(engine, engine.apply(state, move), refuted.answer)
    if "completes the Obelisk hold" in refuted.why or "fills the last base" in refuted.why:
        assert after.result is not None and after.result.winner != me
    elif "fills your base" in refuted.why:
        assert me not in after.alive
    elif "takes your Khan" in refuted.why:
        assert not any(after.kinds[q] == KHAN for q in after.pieces[me])
    else:
        assert not refuted.answer


@pytest.mark.parametrize("game", ["overlords", "prepollency"])
def test_each_refutation_does_what_its_words_say(game):
    rng = random.Random(7)
    check = _overlords_words_hold if game == "overlords" else _prepollency_words_hold
    judged = 0
    for puzzle in puzzles.load_puzzles(game):
        for move, refuted in _wrong_tries(puzzle, rng):
            check(puzzle, puzzle.state, move, refuted)
            judged += 1
    assert judged > 50


@pytest.mark.parametrize("game", ["overlords", "prepollency"])
def test_each_solution_says_why_from_the_engine(game):
    engine = GAMES[game].engine
    for puzzle in puzzles.load_puzzles(game):
        why = puzzle.why_solution()
        first = puzzle.moves()[0]
        shown = [str(first)] if game == "overlords" else [str(m) for m in first]
        assert all(move in why for move in shown), (puzzle.id, why)
        after = engine.apply(puzzle.state, first)
        if puzzle.goal.startswith("win-") and puzzle.player_moves == 1:
            assert after.result is not None and after.result.winner == puzzle.state.turn
        if "captures the enemy Overlord" in why:
            assert after.result.reason == "overlord"
        if puzzle.goal == "capture":  # the second move takes what no first move could
            taken = first[1].to
            assert puzzle.state.owners[taken] not in (0, puzzle.state.turn)
            assert after.owners[taken] == puzzle.state.turn and GRID.names[taken] in why
        if "lets you win at once" in why:
            assert all(ov_tactics.winning_moves(engine.apply(after, reply))
                       for reply in engine.legal_moves(after))
