"""Prepollency rules, one test per rule and ruling of docs/RULES.md, from small diagrams.

A diagram shows some files and ranks (`1A` = seat 1's Archer, `.` empty); squares it does not
show are empty (prepollency.state.board_from_diagram).
"""

from __future__ import annotations

import json
import random

import pytest

from common.protocol import IllegalMoveError, InvalidMoveError
from prepollency import rules
from prepollency.moves import ARCHER, CAVALRY, END, INFANTRY, Move, Turn
from prepollency.state import BASES, OBELISK, diagram, from_diagram
from tests.helpers.prepollency_diagram import FAR, at, cells, refused, sq, targets

# --- board and seats ----------------------------------------------------------------------

def test_two_players_sit_on_opposite_corners_three_on_three_four_on_all():
    assert rules.players(rules.new_state(random.Random(1), 2)) == (1, 3)
    assert rules.players(rules.new_state(random.Random(1), 3)) == (1, 2, 3)
    assert rules.players(rules.new_state(random.Random(1), 4)) == (1, 2, 3, 4)
    assert rules.to_move(rules.new_state(random.Random(1), 4)) == 1
    assert rules.to_move(rules.new_state(random.Random(1), 2, first=3)) == 3


@pytest.mark.parametrize(("players", "first", "message"), [
    (5, None, "Prepollency is for 2, 3 (variant) or 4 players, not 5"),
    (1, None, "Prepollency is for 2, 3 (variant) or 4 players, not 1"),
    (2, 2, "the first player must be one of the seats 1 and 3, not 2"),
    (3, 4, "the first player must be one of the seats 1, 2 and 3, not 4"),
    (4, 5, "the first player must be one of the seats 1 to 4, not 5"),
])
def test_new_state_refuses_bad_players_and_first_seat(players, first, message):
    with pytest.raises(ValueError) as err:
        rules.new_state(random.Random(1), players, first)
    assert str(err.value) == message


def test_turns_go_clockwise_from_the_first_seat():
    state = rules.new_state(random.Random(1), 4, first=3)
    order = []
    for _ in range(6):
        order.append(rules.to_move(state))
        state = rules.apply(state, [])
    assert order == [3, 4, 1, 2, 3, 4]
    state = rules.new_state(random.Random(1), 2, first=3)
    assert [rules.to_move(state), rules.to_move(rules.apply(state, []))] == [3, 1]


def test_bases_back_corners_and_the_obelisk():
    names = {seat: [rules.GRID.name(s) for s in BASES[seat]] for seat in BASES}
    assert names == {1: ["a1", "b1", "a2", "b2"], 2: ["a15", "b15", "a14", "b14"],
                     3: ["o15", "n15", "o14", "n14"], 4: ["o1", "n1", "o2", "n2"]}
    assert [rules.GRID.name(s) for s in OBELISK] == ["h8", "g8", "i8", "h7", "h9"]


def test_starting_rings_around_each_empty_base():
    state = rules.new_state(random.Random(1), 2)
    assert diagram(state, "abcdef", range(6, 0, -1)) == "\n".join([
        "    a  b  c  d  e  f",
        " 6  .  .  .  .  .  .",
        " 5  1I 1I 1I 1I 1I .",
        " 4  1C 1C 1C 1C 1I .",
        " 3  1A 1A 1A 1C 1I .",
        " 2  .  .  1A 1C 1I .",
        " 1  .  .  1A 1C 1I .",
    ])
    for seat in (1, 3):
        mine = [state.kinds[s] for s in state.pieces[seat]]
        assert (mine.count(ARCHER), mine.count(CAVALRY), mine.count(INFANTRY)) == (5, 7, 9)
    assert state.pieces[2] == state.pieces[4] == ()
    assert at(state, "k11") == "3I" and at(state, "m13") == "3A" and at(state, "o15") == "."
    four = rules.new_state(random.Random(1), 4)
    assert [len(four.pieces[seat]) for seat in (1, 2, 3, 4)] == [21, 21, 21, 21]
    assert at(four, "e11") == "2I" and at(four, "m3") == "4A"


# --- movement -------------------------------------------------------------------------------

def test_infantry_step_one_square_in_any_direction():
    state = from_diagram(cells(h8="1I", **FAR))
    assert targets(state, "h8") == {"g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"}
    assert refused(state, "h8", "h10") == "Infantry moves one square in any direction"


def test_cavalry_slide_diagonally_up_to_three_squares():
    state = from_diagram(cells(h8="1C", **FAR))
    assert targets(state, "h8") == {"g7", "f6", "e5", "i9", "j10", "k11", "g9", "f10", "e11",
                                    "i7", "j6", "k5"}
    assert refused(state, "h8", "d4") == "Cavalry moves diagonally, up to 3 squares"
    assert refused(state, "h8", "h9") == "Cavalry moves diagonally, up to 3 squares"


def test_archers_slide_along_a_file_or_rank_up_to_three_squares():
    state = from_diagram(cells(h8="1A", **FAR))
    assert targets(state, "h8") == {"h9", "h10", "h11", "h7", "h6", "h5", "g8", "f8", "e8",
                                    "i8", "j8", "k8"}
    assert refused(state, "h8", "h12") == "An Archer moves along a file or rank, up to 3 squares"
    assert refused(state, "h8", "i9") == "An Archer moves along a file or rank, up to 3 squares"


def test_the_khan_slides_any_distance_in_eight_directions():
    state = from_diagram(cells(h8="1K", **FAR))
    assert len(targets(state, "h8")) == 8 * 7
    assert {"a1", "o15", "h1", "o8", "a15"} <= targets(state, "h8")
    assert refused(state, "h8", "i10") == (
        "The Khan moves any distance along a file, rank or diagonal")


def test_slides_stop_at_the_first_piece_capture_it_if_enemy_and_never_pass():
    state = from_diagram("""
        c  d  e  f  g  h
     7  .  .  3I .  .  .
     6  .  .  .  .  .  .
     5  .  .  1A .  .  .
     4  .  .  1A .  3C .
     3  .  .  .  .  .  .
     2  .  .  .  .  .  .
    """)
    assert targets(state, "e4") == {"e3", "e2", "e1", "d4", "c4", "b4", "f4", "g4"}
    assert refused(state, "e4", "e6") == "Blocked by the Archer on e5"
    assert refused(state, "e4", "h4") == "Blocked by the Cavalry on g4"
    assert "e7" in targets(state, "e5")
    assert refused(state, "e4", "e5") == "You cannot capture your own piece"


def test_moving_onto_an_enemy_captures_it_and_every_other_seat_is_an_enemy():
    state = from_diagram(cells(h8="1I", h9="2I", i9="3C", g9="4A", g7="1A"),
                         seats=(1, 2, 3, 4))
    assert {"h9", "i9", "g9"} <= targets(state, "h8")
    assert "g7" not in targets(state, "h8")
    after = rules.apply(state, ["h8-i9"])
    assert at(after, "i9") == "1I" and at(after, "h8") == "."
    assert after.pieces[3] == ()


def test_refusals_name_the_problem():
    state = from_diagram(cells(e4="1I", e6="3I", **FAR))
    assert refused(state, "e5", "e6") == "There is no piece on e5"
    assert refused(state, "e6", "e5") == "That is not your piece"
    mid = rules.apply_step(state, rules.find_step(state, "e4", "e5"))
    assert refused(mid, "e5", "e6") == "That piece already moved this turn"
    with pytest.raises(InvalidMoveError, match="'p1' is not a square"):
        rules.find_step(state, "p1", "e5")


def test_bases_and_the_obelisk_may_be_entered():
    state = from_diagram(cells(b3="1I", n12="1A", h10="1A", **FAR))
    assert {"a2", "b2"} <= targets(state, "b3")
    assert {"n14", "n15"} <= targets(state, "n12")
    assert {"h9", "h8", "h7"} <= targets(state, "h10")


# --- turns ----------------------------------------------------------------------------------

def test_a_turn_is_zero_one_or_two_moves_by_different_pieces():
    state = from_diagram(cells(e4="1I", f4="1I", **FAR))
    held = rules.apply(state, [])
    assert held.turn == 3 and held.board.tobytes() == state.board.tobytes()
    one = rules.apply(state, ["e4-e5"])
    assert one.turn == 3 and at(one, "e5") == "1I"
    two = rules.apply(state, ["e4-e5", "f4-f5"])
    assert at(two, "e5") == at(two, "f5") == "1I"
    with pytest.raises(IllegalMoveError, match="That piece already moved this turn"):
        rules.apply(state, ["e4-e5", "e5-e6"])
    with pytest.raises(IllegalMoveError, match="A turn has at most two moves"):
        rules.apply(state, ["e4-e5", "f4-f5", "e3-e2"])


def test_the_turn_closes_after_the_second_move_or_with_end():
    state = from_diagram(cells(e4="1I", f4="1I", **FAR))
    mid = rules.apply_step(state, Move.parse("e4-e5"))
    assert mid.turn == 1 and mid.moved == sq("e5")
    assert rules.legal_steps(mid)[0] is END
    assert Move.parse("e5-e6") not in rules.legal_steps(mid)
    closed = rules.apply_step(mid, Move.parse("f4-f5"))
    assert closed.turn == 3 and closed.moved == -1
    ended = rules.apply_step(mid, END)
    assert ended.turn == 3 and ended == rules.apply(state, ["e4-e5"])


def test_a_lone_moved_piece_leaves_only_end():
    state = from_diagram(cells(e4="1I", k13="3I"))
    mid = rules.apply_step(state, Move.parse("e4-e5"))
    assert rules.legal_steps(mid) == [END]
    assert rules.legal_moves(mid) == [Turn()]


def test_the_second_move_is_judged_on_the_board_the_first_left():
    state = from_diagram("""
        c  d  e  f
     6  .  .  .  .
     5  .  .  .  .
     4  .  .  1I .
     3  .  .  1A .
    """, turn=1)
    opened = rules.apply(state, ["e4-f5", "e3-e6"])
    assert at(opened, "e6") == "1A" and at(opened, "f5") == "1I"
    with pytest.raises(IllegalMoveError, match="Blocked by the Infantry on e4"):
        rules.apply(state, ["e3-e6", "e4-f5"])
    turns = rules.legal_moves(state)
    assert Turn.parse(["e4-f5", "e3-e6"]) in turns
    assert Turn.parse(["e3-e6", "e4-f5"]) not in turns


def test_apply_equals_its_steps():
    state = rules.new_state(random.Random(3), 4)
    rng = random.Random(4)
    for _ in range(30):
        turn = rules.random_move(state, rng)
        folded = state
        for move in turn:
            folded = rules.apply_step(folded, move)
        if len(turn) < 2:
            folded = rules.apply_step(folded, END)
        state = rules.apply(state, turn)
        assert state == folded and hash(state) == hash(folded)


def test_legal_moves_are_distinct_sorted_and_counted_by_perft():
    state = from_diagram(cells(e4="1I", d4="1A", c3="1C", e5="3I", k13="3I"))
    turns = rules.legal_moves(state)
    assert turns[0] == Turn()
    assert len(turns) == len(set(turns)) == rules.perft(state, 1)
    assert turns == sorted(turns)
    brute = sum(len(rules.legal_moves(rules.apply(state, t))) for t in turns)
    assert rules.perft(state, 2) == brute
    first = {t[0] for t in turns if t}
    assert first == set(rules.legal_steps(state)[1:])


# --- notation and the random player -----------------------------------------------------------

def test_moves_and_turns_print_parse_and_repr_as_code():
    move = Move.parse("c3-e5")
    assert str(move) == "c3-e5" and eval(repr(move)) == move
    turn = Turn.parse(["c3-e5", "h7-h8"])
    assert str(turn) == '["c3-e5", "h7-h8"]' and eval(repr(turn)) == turn
    assert Turn.parse(json.loads(str(turn))) == turn and str(Turn()) == "[]"
    assert eval(repr(END)) is END
    assert rules.move_data(turn) == ["c3-e5", "h7-h8"]


@pytest.mark.parametrize(("data", "message"), [
    ("c3-e5", "is not a turn"),
    ({"a": 1}, "a turn is a list of moves"),
    (["c3-e5", "a1-a2", "b1-b2"], "a turn has at most two moves, not 3"),
    (["c3e5"], "'c3e5' is not a move (write it like c3-e5)"),
    (["c3-p5"], "'p5' is not a square (a1 to o15)"),
    ([3], 'a move is a string like "c3-e5", not int 3'),
])
def test_malformed_turns_are_refused(data, message):
    """Data that is no turn at all is an InvalidMoveError (a ValueError, not an illegal move),
    from Turn.parse and from parse_move alike."""
    pattern = message.replace("(", r"\(").replace(")", r"\)")
    with pytest.raises(InvalidMoveError, match=pattern):
        Turn.parse(data)
    with pytest.raises(InvalidMoveError, match=pattern):
        rules.parse_move(rules.new_state(random.Random(1), 2), data)
    assert not issubclass(InvalidMoveError, IllegalMoveError)


def test_the_random_player_moves_two_pieces_when_it_can():
    state = rules.new_state(random.Random(1), 2)
    rng = random.Random(5)
    legal = set(rules.legal_moves(state))
    for _ in range(50):
        turn = rules.random_move(state, rng)
        assert len(turn) == 2 and turn in legal
    single = from_diagram(cells(e4="1I", k13="3I"))
    assert len(rules.random_move(single, rng)) == 1
    assert rules.random_move(state, random.Random(9)) == rules.random_move(state, random.Random(9))


def test_the_rules_text_has_every_section_and_labels_the_variant():
    from prepollency import rules_text

    assert rules_text.TITLE == "Prepollency"
    headings = [h for h, _ in rules_text.SECTIONS]
    assert "Three players (variant)" in headings
    paragraphs = [p for _, ps in rules_text.SECTIONS for p in ps]
    assert all(isinstance(p, str) and p for p in paragraphs)
    text = " ".join(paragraphs)
    for words in ("three-player variant", "o1 corner", "hold count", "Khan goes on the first "
                  "empty square", "judged at once", "only between turns", "50 rounds"):
        assert words in text, words
    assert sum(p.startswith("Ruling: ") for p in paragraphs) >= 15


def test_steps_to_move_joins_the_steps_of_a_turn():
    state = rules.new_state(random.Random(1), 2)
    m1, m2 = Move.parse("e5-e6"), Move.parse("c5-c6")
    assert rules.steps_to_move([m1, m2]) == Turn((m1, m2))
    assert rules.steps_to_move([m1, END]) == Turn((m1,)) and rules.steps_to_move([END]) == Turn()
    turn = rules.steps_to_move([m1, m2])
    after = rules.apply_step(rules.apply_step(state, m1), m2)
    assert rules.apply(state, turn) == after
