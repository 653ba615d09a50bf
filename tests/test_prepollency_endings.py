"""Prepollency endings, one test per rule and ruling: the Khan award and its fallback squares,
holding the Obelisk, eliminations, the last player standing, draws and resigning."""

from __future__ import annotations

import random

import pytest

from common.protocol import IllegalMoveError, Outcome
from prepollency import rules
from prepollency.moves import Move, Turn
from prepollency.state import from_diagram
from tests.helpers.prepollency_diagram import FAR, at, cells, khans, play

# --- Obelisk and Khan -----------------------------------------------------------------------

OBELISK_BUT_H9 = {"h8": "1I", "g8": "1I", "i8": "1I", "h7": "1I", "h10": "1I"}


def test_a_khan_is_awarded_on_the_back_corner_when_the_obelisk_is_taken():
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR))
    after = rules.apply(state, ["h10-h9"])
    assert at(after, "a1") == "1K"
    assert after.holds[1] == 1
    mid = rules.apply_step(state, Move.parse("h10-h9"))
    assert at(mid, "a1") == "."  # only when the turn ends


@pytest.mark.parametrize(("taken", "khan_on"), [
    ((), "a1"),
    (("a1",), "b1"),
    (("a1", "b1"), "a2"),
    (("a1", "b1", "a2"), "b2"),
    (("b1",), "a1"),
    (("a1", "a2"), "b1"),
])
def test_a_blocked_corner_sends_the_khan_to_the_next_free_base_square(taken, khan_on):
    placed = {name: "3I" if i % 2 else "1A" for i, name in enumerate(taken)}
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR, **placed))
    after = rules.apply(state, ["h10-h9"])
    assert at(after, khan_on) == "1K"
    assert khans(after, 1) == 1


def test_a_full_base_gets_no_khan_this_turn():
    base = {"a1": "1A", "b1": "3I", "a2": "1C", "b2": "1A"}
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR, **base))
    after = rules.apply(state, ["h10-h9"])
    assert khans(after, 1) == 0
    assert after.holds[1] == 1
    freed = rules.apply(rules.apply(after, []), ["b2-b4"])
    assert at(freed, "b2") == "1K"  # the next turn on the Obelisk, once a square is free


def test_one_khan_at_a_time_and_a_new_one_after_it_is_captured():
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR, c3="1K", c5="3A"))
    held = rules.apply(state, ["h10-h9"])
    assert at(held, "a1") == "." and khans(held, 1) == 1 and held.holds[1] == 1
    taken = rules.apply(held, ["c5-c3"])
    assert khans(taken, 1) == 0 and taken.holds[1] == 1
    again = rules.apply(taken, [])
    assert at(again, "a1") == "1K" and khans(again, 1) == 1 and again.holds[1] == 2


def test_only_the_player_ending_its_turn_gets_a_khan():
    state = from_diagram(cells(**{k: "3I" for k in ("h8", "g8", "i8", "h7", "h9")}, **FAR),
                         holds=(0, 0, 0, 1, 0))
    after = rules.apply(state, ["e3-e4"])
    assert at(after, "o15") == "." and after.holds[3] == 1
    assert at(rules.apply(after, []), "o15") == "3K"


# --- holding the Obelisk ----------------------------------------------------------------------

def test_an_obelisk_win_after_exactly_three_full_rounds():
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR))
    state = rules.apply(state, ["h10-h9"])
    counts = [state.holds[1]]
    for shuffle in (["k13-k14"], ["k14-k13"], ["k13-k14"]):
        state = rules.apply(state, shuffle)
        assert state.holds[1] == counts[-1] and state.result is None
        state = rules.apply(state, [])
        counts.append(state.holds[1])
    assert counts == [1, 2, 3, 4]
    assert state.result == Outcome(1, "obelisk")
    assert rules.legal_moves(state) == [] and rules.legal_steps(state) == []
    with pytest.raises(IllegalMoveError, match="The game is over"):
        rules.apply(state, [])


def test_three_rounds_in_a_four_player_game_count_every_other_seat():
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR, c13="2I", m3="4I"), seats=(1, 2, 3, 4))
    state = rules.apply(state, ["h10-h9"])
    for _ in range(3):
        for _other in (2, 3, 4):
            state = rules.apply(state, [])
            assert state.result is None
        state = rules.apply(state, [])
    assert state.holds[1] == 4 and state.result == Outcome(1, "obelisk")


def test_a_broken_hold_resets_the_count():
    state = from_diagram(cells(**OBELISK_BUT_H9, **FAR, j10="3C"))
    state = play(state, ["h10-h9"], ["k13-k14"], [])
    assert state.holds[1] == 2
    broken = rules.apply(state, ["j10-h8"])
    assert broken.holds[1] == 0 and at(broken, "h8") == "3C"
    assert rules.apply(rules.apply(state, ["k14-k13"]), ["h9-h10"]).holds[1] == 0


def test_a_holder_count_stays_through_the_others_turns():
    state = from_diagram(cells(**{k: "1I" for k in ("h8", "g8", "i8", "h7", "h9")}, **FAR),
                         turn=3, holds=(0, 2, 0, 0, 0))
    assert rules.apply(state, ["k13-k12"]).holds == (0, 2, 0, 0, 0)


# --- elimination ----------------------------------------------------------------------------

FOUR = (1, 2, 3, 4)


def test_a_base_full_of_two_opponents_eliminates_its_seat():
    state = from_diagram(cells(a1="2I", b1="3A", a2="2C", c3="3I", e5="1C", h1="1A",
                               f7="1I", e12="2I", k13="3I", m3="4I"), seats=FOUR, turn=3)
    after = rules.apply(state, ["c3-b2"])
    assert after.alive == (2, 3, 4)
    assert after.pieces[1] == () and at(after, "e5") == "." and at(after, "f7") == "."
    assert at(after, "b2") == "3I" and at(after, "a1") == "2I"
    assert after.quiet == 0 and after.turn == 4
    after = rules.apply(after, [])
    assert after.turn == 2  # seat 1 is skipped from now on
    assert rules.players(after) == FOUR


def test_no_elimination_while_a_base_square_is_free_or_the_owner_stands_in_it():
    free = from_diagram(cells(a1="3I", b1="3A", a2="3C", c4="3I", e5="1C", k13="3I"),
                        turn=3)
    assert rules.apply(free, ["k13-k12"]).alive == (1, 3)
    own = from_diagram(cells(a1="3I", b1="3A", a2="3C", b2="1I", k13="3I"), turn=3)
    assert rules.apply(own, ["k13-k12"]).alive == (1, 3)


def test_eliminations_are_judged_together():
    state = from_diagram(cells(a1="2I", b1="2A", a2="2C", c3="2I",
                               a15="1I", b15="1A", a14="1C", b14="4I",
                               m3="4I", k13="3I"), seats=FOUR, turn=2)
    after = rules.apply(state, ["c3-b2"])
    assert after.alive == (3, 4)
    assert after.pieces[1] == after.pieces[2] == ()


def test_the_last_player_standing_wins():
    state = from_diagram(cells(o15="1I", n15="1A", o14="1C", m13="1I", e4="3I"))
    after = rules.apply(state, ["m13-n14"])
    assert after.alive == (1,) and after.result == Outcome(1, "elimination")


def test_a_completed_hold_and_a_last_elimination_together_win_by_obelisk():
    state = from_diagram(cells(**{k: "1I" for k in ("h8", "g8", "i8", "h7", "h9")},
                               o15="1I", n15="1A", o14="1C", m13="1I", e4="3I", a1="1K"),
                         holds=(0, 3, 0, 0, 0))
    after = rules.apply(state, ["m13-n14"])
    assert after.alive == (1,) and after.result == Outcome(1, "obelisk")


def test_a_seat_without_pieces_stays_in_and_holds_the_line():
    state = from_diagram(cells(e4="1I"), turn=3)
    assert rules.legal_moves(state) == [Turn()]
    assert rules.random_move(state, random.Random(1)) == Turn()
    after = rules.apply(state, [])
    assert after.alive == (1, 3) and after.result is None and after.turn == 1


# --- draws ----------------------------------------------------------------------------------

def test_a_draw_after_fifty_quiet_rounds():
    state = from_diagram(cells(**FAR))
    shuffles = [["e3-e4"], ["k13-k14"], ["e4-e3"], ["k14-k13"]]
    for i in range(99):
        state = rules.apply(state, shuffles[i % 4])
    assert state.quiet == 99 and state.result is None
    state = rules.apply(state, shuffles[99 % 4])
    assert state.quiet == 100 and state.result == Outcome(None, "draw")


def test_captures_holds_and_eliminations_reset_the_draw_count():
    quiet = 150
    capture = from_diagram(cells(e3="1I", e4="3I", k13="3I"), quiet=quiet)
    assert rules.apply(capture, ["e3-e4"]).quiet == 0
    hold = from_diagram(cells(**OBELISK_BUT_H9, **FAR), quiet=quiet)
    assert rules.apply(hold, ["h10-h9"]).quiet == 0
    standing = from_diagram(cells(**{k: "3I" for k in ("h8", "g8", "i8", "h7", "h9")}, **FAR),
                            quiet=quiet, holds=(0, 0, 0, 1, 0))
    assert rules.apply(standing, ["e3-e4"]).quiet == 0
    elim = from_diagram(cells(a1="2I", b1="3A", a2="2C", c3="3I", e5="1C", e12="2I",
                              m3="4I"), seats=FOUR, turn=3, quiet=quiet)
    assert rules.apply(elim, ["c3-b2"]).quiet == 0
    plain = from_diagram(cells(**FAR), quiet=quiet)
    assert rules.apply(plain, ["e3-e4"]).quiet == quiet + 1


def test_the_draw_counts_rounds_of_the_players_still_in():
    three = from_diagram(cells(e3="1I", e12="2I", k13="3I"), seats=FOUR, alive=(1, 2, 3),
                         quiet=149)
    assert rules.apply(three, ["e3-e4"]).result == Outcome(None, "draw")
    four = from_diagram(cells(e3="1I", e12="2I", k13="3I", m3="4I"), seats=FOUR, quiet=149)
    assert rules.apply(four, ["e3-e4"]).result is None


# --- resigning ------------------------------------------------------------------------------

def test_resigning_with_two_players_lets_the_other_win():
    state = rules.new_state(random.Random(1), 2)
    after = rules.resign(state, 1, "resign")
    assert after.result == Outcome(3, "resign")
    assert after.board.tobytes() == state.board.tobytes()
    assert rules.resign(state, 3, "forfeit").result == Outcome(1, "forfeit")


def test_resigning_with_four_eliminates_the_seat_and_the_game_goes_on():
    state = rules.new_state(random.Random(1), 4)
    state = rules.resign(state, 1, "resign")
    assert state.result is None and state.alive == (2, 3, 4) and state.turn == 2
    assert state.pieces[1] == ()
    state = rules.resign(state, 3, "forfeit")
    assert state.alive == (2, 4) and state.turn == 2
    state = rules.resign(state, 2, "resign")
    assert state.result == Outcome(4, "resign")
    with pytest.raises(ValueError, match="already over"):
        rules.resign(state, 4, "resign")


def test_resign_refuses_bad_seats_and_reasons():
    state = rules.new_state(random.Random(1), 2)
    with pytest.raises(ValueError, match="seat 2 is not in the game"):
        rules.resign(state, 2, "resign")
    with pytest.raises(ValueError, match="reason must be resign or forfeit"):
        rules.resign(state, 1, "draw")


def test_a_seat_leaves_only_between_turns():
    """RULES.md: a partly made turn is taken back first; the engine refuses it mid-turn, for
    the seat to move and for any other seat, in 2- and 4-player games."""
    for players, leaver in ((4, 1), (4, 3), (2, 3)):
        state = rules.new_state(random.Random(1), players)
        mid = rules.apply_step(state, Move.parse("e5-e6"))
        with pytest.raises(ValueError, match="take back the half-made move first"):
            rules.resign(mid, leaver, "resign")
    assert rules.resign(state, 1, "resign").result == Outcome(3, "resign")  # taken back
    four = rules.new_state(random.Random(1), 4)
    after = rules.resign(four, 1, "resign")
    assert after.turn == 2 and after.moved == -1 and after.pieces[1] == () and after.quiet == 0


# --- the 3-player variant -------------------------------------------------------------------

THREE = (1, 2, 3)


def test_three_player_variant_the_o1_corner_is_ordinary_ground():
    """Seats 1, 2, 3; the empty o1 block eliminates no one and turns skip seat 4."""
    state = rules.new_state(random.Random(1), 3)
    assert state.seats == THREE and 4 not in state.owners
    assert all(state.owners[s] == 0 for s in range(len(state.owners))
               if s in {rules.GRID.index(n) for n in ("n1", "o1", "n2", "o2")})
    full = from_diagram(cells(n1="1I", o1="2I", n2="3I", o3="1A", e3="1I", e12="2I", k13="3I"),
                        seats=THREE)
    after = rules.apply(full, ["o3-o2"])
    assert after.alive == THREE and after.turn == 2 and after.result is None
    after = rules.apply(rules.apply(after, []), [])
    assert after.turn == 1  # 1, 2, 3, then 1 again


def test_three_player_variant_eliminates_and_draws_like_four():
    state = from_diagram(cells(a1="2I", b1="3A", a2="2C", c3="3I", e5="1C", e12="2I",
                               k13="3I"), seats=THREE, turn=3)
    after = rules.apply(state, ["c3-b2"])
    assert after.alive == (2, 3) and after.pieces[1] == () and after.quiet == 0
    quiet = from_diagram(cells(e3="1I", e12="2I", k13="3I"), seats=THREE, quiet=149)
    assert rules.apply(quiet, ["e3-e4"]).result == Outcome(None, "draw")  # 50 rounds of 3
    assert rules.apply(quiet._replace(quiet=148), ["e3-e4"]).result is None
    left = rules.resign(quiet, 2, "forfeit")
    assert left.alive == (1, 3) and left.quiet == 0 and left.result is None
