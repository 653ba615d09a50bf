"""Prepollency's `hard` plan for three and four players (prepollency.ai.Plan): it waits out
the others' melee, then turns its material on the weakest base and completes it, and it never
changes a two-player game; and the evaluation of their endgames, which every level shares."""

from __future__ import annotations

import random

import pytest

from common.ai.levels import make_cpu
from prepollency import ai, rules
from prepollency.moves import END, Turn
from prepollency.rules import new_state
from tests.test_prepollency_tactics import position


def test_only_hard_has_a_plan_and_the_plan_never_touches_two_players():
    hard = ai.HEURISTICS.for_level("hard")
    assert hard.plan == ai.PLANS["hard"] and hard.plan.patience > 0
    assert ai.HEURISTICS.for_level("normal") is ai.HEURISTICS
    assert ai.HEURISTICS.for_level("easy") is ai.HEURISTICS
    assert make_cpu(rules, "hard", random.Random(0)).h is hard
    assert make_cpu(rules, "normal", random.Random(0)).h is ai.HEURISTICS
    state = new_state(random.Random(3), 2)
    for turn in rules.legal_moves(state)[:40:7]:
        after = rules.apply(state, turn)
        assert hard.value(rules, after) == ai.HEURISTICS.value(rules, after)
        steps = rules.legal_steps(after)
        assert hard.priors(rules, after, steps) == ai.HEURISTICS.priors(rules, after, steps)


def test_a_patient_seat_marches_only_with_a_lead():
    state = new_state(random.Random(1), 4)
    assert ai.march_share(state, 1, 0.5) == 0.0  # all even: let the others meet in the centre
    assert ai.march_share(state, 1, 0.0) == 1.0  # no plan: always march
    # Red 6 pieces, the strongest rival 4: a lead of 1.5 is the whole march
    pieces = {"c3": "1I", "c4": "1I", "d3": "1I", "d4": "1C", "e5": "1A", "e4": "1A",
              "m13": "3I", "m12": "3I", "l13": "3C", "l12": "3A", "c13": "2I", "m3": "4I"}
    lead = position(pieces, players=4)
    assert ai.march_share(lead, 1, 0.5) == 1.0
    assert ai.march_share(lead, 3, 0.5) == 0.0
    assert 0.0 < ai.march_share(lead, 1, 1.0) < 1.0


def test_a_patient_seat_charges_when_a_rival_contests_the_obelisk_or_it_leads_in_full():
    # Red and Yellow even (6 pieces each), Yellow on three of the Obelisk's five squares
    pieces = {"c3": "1I", "c4": "1I", "d3": "1I", "d4": "1C", "e5": "1A", "e4": "1A",
              "h8": "3I", "g8": "3I", "h9": "3A", "m12": "3I", "l13": "3C", "l12": "3A",
              "c13": "2I", "m3": "4I"}
    contested = position(pieces, players=4)
    assert ai.takers(contested, 3) == {3} and ai.takers(contested, 4) == set()
    assert ai.march_share(contested, 1, 1.0, ai.takers(contested, 3), charge=2.0) == 3.0
    assert ai.march_share(contested, 1, 1.0, ai.takers(contested, 4), charge=2.0) == 0.0
    # ... a rival of four pieces can never hold it: it takes nothing
    small = {sq: p for sq, p in pieces.items() if sq not in ("m12", "l13")}
    assert ai.takers(position(small, players=4), 3) == set()
    # Red 8 pieces against at most 3: the full lead, pieces enough to hold and guard
    ahead = dict(pieces, f3="1I", f4="1I")
    for sq in ("h8", "g8", "m12"):
        del ahead[sq]
    lead = position(ahead, players=4)
    assert ai.march_share(lead, 1, 1.0, set(), charge=2.0) == 3.0
    # ... with six pieces against two the lead is full, but six are too few to charge
    short = {sq: p for sq, p in ahead.items() if sq not in ("f3", "f4", "l12")}
    assert ai.march_share(position(short, players=4), 1, 1.0, set(), charge=2.0) == 1.0
    # a charging seat brings its guard along: its base pieces count only while it waits
    guarded = position(dict(ahead, a1="1A", b2="1A"), players=4)
    waiting = position(dict(pieces, a1="1A", b2="1A"), players=4)
    plans = [ai.Plan(patience=1.0, charge=2.0, guard=guard) for guard in (0.0, 1.0)]
    free, held = (ai.PrepollencyHeuristics(plan).scores(guarded)[1] for plan in plans)
    assert free == held
    free, held = (ai.PrepollencyHeuristics(plan).scores(waiting)[1] for plan in plans)
    assert held == free + 2.0


# Yellow's Archers on three of Green's base squares, o15 free; Green has no piece left
GREEN_ONE_SQUARE_FROM_FALLING = {"n15": "4A", "n14": "4A", "o14": "4A", "o13": "4A", "m13": "4I",
                                 "j10": "4C", "c3": "1I", "d3": "1A", "c12": "2I", "d13": "2A"}


def test_hard_fills_the_last_square_through_a_square_of_the_base_itself():
    # Yellow's Archers hold n15, n14 and o14 of Green's base; o15 can only be entered from the
    # base itself: o14-o15, then o13-o14 refills o14. Green has no piece left to defend.
    pieces = dict(GREEN_ONE_SQUARE_FROM_FALLING)
    state = position(pieces, players=4, turn=4)
    assert 3 in state.alive and not state.pieces[3]
    first = ai.eliminations(state)
    assert first and all(str(step).startswith("o1") for step in first)
    for seed in range(3):
        turn = make_cpu(rules, "hard", random.Random(seed), nodes=200)(state)
        after = rules.apply(state, turn)
        assert 3 not in after.alive, turn


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_level_finishes_a_seat_at_once_unless_that_hands_over_the_game(level):
    # The Green base of the test above: every level completes it at once, as it plays a win
    # (normal's search alone shuffles here; in self-play such bases stood three squares full
    # for dozens of turns).
    pieces = dict(GREEN_ONE_SQUARE_FROM_FALLING)
    state = position(pieces, players=4, turn=4)
    turn = make_cpu(rules, level, random.Random(1), nodes=50)(state)
    assert 3 not in rules.apply(state, turn).alive, turn
    # Red, next to move, holds the Obelisk in its third round and wins at its turn's end:
    # Yellow's Cavalry takes h8 (e5-h8) instead, and Green stays in.
    held = {**pieces, "h8": "1I", "g8": "1I", "i8": "1I", "h7": "1I", "h9": "1I", "e5": "4C"}
    del held["c3"], held["d3"]
    state = position(held, players=4, turn=4, holds={1: 3})
    assert ai.eliminations(state)
    for seed in range(2):
        turn = make_cpu(rules, level, random.Random(seed), nodes=50)(state)
        after = rules.apply(state, turn)
        assert after.holds[1] == 0 and 3 in after.alive, turn


def test_eliminations_are_only_sought_with_three_seats_or_more_at_a_turn_start():
    # two players: completing the base is a win, which the tactical check plays at once
    pieces = {"n15": "1A", "n14": "1A", "o14": "1A", "o13": "1A", "c3": "1I"}
    assert ai.eliminations(position(pieces, players=2, turn=1)) == set()
    four = position({**pieces, "c13": "2I", "m3": "4I"}, players=4, turn=1)
    assert ai.eliminations(four)
    step = next(s for s in rules.legal_steps(four) if s is not END)
    middle = rules.apply_step(four, step)
    assert middle.turn == 1 and ai.eliminations(middle) == set()


def _endgame(pieces: dict[str, str], alive: tuple[int, ...] = (1, 3), turn: int = 1
             ) -> rules.State:
    """A four-seat position with only `alive` still in (Red and Green), `turn` to move."""
    from prepollency.moves import CELLS, GRID, LETTERS
    from prepollency.state import KIND, OWNER, make_state
    board = [[0] * CELLS, [0] * CELLS]
    for name, piece in pieces.items():
        s = GRID.index(name)
        board[OWNER][s], board[KIND][s] = int(piece[0]), LETTERS.index(piece[1])
    return make_state(board, (1, 2, 3, 4), alive, turn)


def test_a_piece_still_counts_once_rivals_are_eliminated():
    # The eliminated rivals count very low in the average of the others, which saturated the
    # value near 1: a seat far ahead on points threw pieces away to a lone Archer and drew.
    red = {"c3": "1I", "d3": "1I", "e3": "1C", "f3": "1C", "g3": "1A", "h3": "1A"}
    full = _endgame({**red, "b7": "1A", "e7": "3A"})
    short = _endgame({**red, "e7": "3A"})
    kept, lost = ai.HEURISTICS.value(rules, full)[0], ai.HEURISTICS.value(rules, short)[0]
    assert kept - lost > 0.002  # 0.00003 without ALIVE_SHARE
    hard = ai.HEURISTICS.for_level("hard")  # its raid on Green's base widens the lead further
    assert -1.0 < hard.value(rules, short)[0] < hard.value(rules, full)[0] < 1.0


def test_finishing_a_seat_is_worth_more_than_keeping_it_as_a_punching_bag():
    # Yellow's Archers stand on three of Green's base squares and next to the fourth, which
    # only a step inside the base opens (o14-o15, then o13-o14). Green, of one Infantry,
    # scores far below the rest; averaged over the seats still in, it once made every
    # survivor's edge, so that finishing it looked worse than shuffling beside its base (the
    # second elimination in 90 of 90 self-play positions, the first in 29 of 34).
    yellow = {"n15": "4A", "n14": "4A", "o14": "4A", "o13": "4A", "h7": "3I"}
    fill, shuffle = Turn.parse(["o14-o15", "o13-o14"]), Turn.parse(["n15-o15", "o13-n13"])
    for others, alive in (({"d12": "1I", "k11": "1A"}, (1, 3, 4)),
                          ({"d12": "1I", "k11": "1A", "c3": "2I", "c4": "2I", "d3": "2A",
                            "d4": "2C", "e5": "2C"}, (1, 2, 3, 4))):
        state = _endgame({**yellow, **others}, alive, turn=4)
        done = rules.apply(state, fill)
        assert 3 not in done.alive
        value = [ai.HEURISTICS.value(rules, after)[3]
                 for after in (done, rules.apply(state, shuffle), rules.apply(state, Turn()))]
        assert value[0] > max(value[1:]), (alive, value)


def test_no_seat_of_four_pieces_is_a_dead_draw():
    # nobody can fill a base (four squares) or hold the Obelisk (five): the game can only be
    # drawn, whatever the material says
    dead = _endgame({"c3": "1I", "d3": "1A", "e3": "1C", "m13": "3I", "m12": "3A"})
    assert ai.HEURISTICS.value(rules, dead) == [0.0, -0.99, 0.0, -0.99]
    alive = _endgame({"c3": "1I", "d3": "1A", "e3": "1C", "f3": "1C", "m13": "3I"})
    red, _, green, _ = ai.HEURISTICS.value(rules, alive)  # Red's four can fill Green's base
    assert red > green and green != 0.0


def test_a_level_without_a_plan_gets_none_whichever_evaluation_is_asked():
    hard = ai.HEURISTICS.for_level("hard")
    assert hard.for_level("normal").plan == ai.Plan()
    assert hard.for_level("hard") is hard
