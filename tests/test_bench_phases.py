"""bench/phases.py: the moves a raid still needs, and the phases of a recorded 4-player game."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import phases  # noqa: E402

from common import record as rec  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency.moves import CAVALRY, GRID  # noqa: E402
from prepollency.state import from_diagram  # noqa: E402
from tests.helpers.prepollency_diagram import cells  # noqa: E402

GAME = Path(__file__).parent / "data" / "phases" / "hard-normal-4p.json"
FOUR = (1, 2, 3, 4)


def test_fill_moves_gives_each_base_square_the_nearest_piece_left():
    # seat 2's base is a15 b15 a14 b14; seat 1 already stands on b14
    state = from_diagram(cells(a10="1A", e5="1I", b14="1I", m1="1I", h8="2I"), seats=FOUR)
    # the Archer needs 2 moves to a14 (a10-a13-a14), the Infantry e5 10 to a15; nothing is
    # left for b15 but the Infantry on m1, 14 moves away
    assert phases.fill_moves(state, 1, 2) == 2 + 10 + 14
    third = from_diagram(cells(a10="1A", e5="1I", b14="1I", b15="3I", h8="2I"), seats=FOUR)
    assert phases.fill_moves(third, 1, 2) == 2 + 10  # a third seat's piece fills b15
    owner = from_diagram(cells(a10="1A", b14="1I", a15="2I", b15="2A", h8="2I"), seats=FOUR)
    # the victim's own pieces are still to be taken: one piece for three squares
    assert phases.fill_moves(owner, 1, 2) == 2 + 2 * phases.FAR


def test_a_cavalry_never_reaches_a_square_of_the_other_colour():
    state = from_diagram(cells(c13="1C", h8="2I"), seats=FOUR)
    # c13 to b14 is one diagonal step; a14 and b15 are of the other colour, a15 is 2 away
    reach = {sq: phases.TO_SQUARE[GRID.index(sq)][CAVALRY][GRID.index("c13")]
             for sq in ("b14", "a14", "b15", "a15")}
    assert reach == {"b14": 1, "a14": phases.FAR, "b15": phases.FAR, "a15": 1}
    assert phases.fill_moves(state, 1, 2) == 1 + 3 * phases.FAR


def test_the_phases_of_a_recorded_game():
    game = phases.phases("game", rec.load(GAME))
    assert (game.turns, game.winner, game.reason) == (263, 2, "elimination")
    assert game.out == {4: 197, 3: 230, 1: 263}
    assert game.weak[4] < game.out[4] and game.weak[3] < game.out[3]
    assert game.dominant == (201, 2, 9)
    assert game.lost == {"field": 2, "obelisk": 3} and game.took == 5
    assert sum(game.winner_turns.values()) == 28 and game.winner_turns["progress"] > 0
    idle = game.winner_turns.get("idle", 0) + game.winner_turns.get("back", 0)
    assert 2 * idle <= game.wasted <= 4 * idle  # a round of 2 to 4 turns each
    lines = phases.report([game])
    assert lines[0].startswith("game: 263 turns, elimination (2)")
    assert "first at turn 197, second at 230, third at 263" in lines[2]


@pytest.mark.parametrize("after", [12, 20])
def test_a_seat_that_resigns_is_counted_as_left(after):
    rng = random.Random(3)
    state = initial = rules.new_state(rng, 4)
    moves: list = []
    withdrawn: list = []
    for count in range(20):
        if count == after:
            state = rec.withdraw(rules, state, 2, "resign", moves, withdrawn)
        move = rules.random_move(state, rng)
        state = rules.apply(state, move)
        moves.append(move)
    if after == 20:
        state = rec.withdraw(rules, state, 2, "resign", moves, withdrawn)
    game = phases.phases("left", rec.build(rules, initial, moves, state, withdrawn))
    assert (game.turns, game.out, game.left) == (20, {2: after}, {2})
    assert f"2: weak - left {after}" in phases.report([game])[0]


def test_records_it_cannot_read_are_skipped_with_a_message(tmp_path, capsys):
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "two.json").write_text(
        '{"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [],'
        ' "result": null}', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        phases.main([str(tmp_path)])
    assert exit_.value.code == 2
    out = capsys.readouterr()
    assert "broken.json: skipped" in out.out and "two.json: skipped" in out.out
    assert "no 3- or 4-player Prepollency record" in out.err
    assert phases.main([str(tmp_path), str(GAME)]) == 0
    assert "1 games: 263 turns on average" in capsys.readouterr().out
