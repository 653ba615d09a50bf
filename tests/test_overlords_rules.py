"""Overlords rules, one test per rule and ruling of docs/RULES.md, from small diagrams."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from common import record as rec
from common.protocol import IllegalMoveError, Outcome
from overlords import rules
from overlords.rules import BLACK, HERO, OVERLORD, WHITE, Move
from tests.helpers import vectors
from tests.helpers.overlords_diagram import board, position, runes_of, targets

ROOT = Path(__file__).resolve().parents[1]
VECTORS = vectors.load("overlords_perft.json")
sq = rules.GRID.index



def move(state, text: str) -> Move:
    m = Move.parse(text)
    return rules.find_move(state, m.rune, m.fate, m.frm, m.to)


def refused(state, text: str) -> str:
    with pytest.raises(IllegalMoveError) as err:
        move(state, text)
    return str(err.value)


# --- board -------------------------------------------------------------------------------

def test_random_features_three_of_each_off_the_back_rows_and_seeded():
    for seed in range(200):
        features = rules.random_features(random.Random(seed))
        squares = [s for name in rules.FEATURE_NAMES for s in features[name]]
        assert all(len(features[name]) == 3 for name in rules.FEATURE_NAMES)
        assert len(set(squares)) == 15
        assert all(8 <= s < 56 for s in squares)
    assert rules.random_features(random.Random(7)) == rules.random_features(random.Random(7))


def test_setup_on_back_rows_and_reserve_holds_the_rest():
    state = rules.make_state(rules.random_features(random.Random(1)), rules.default_setup())
    assert state.figure(sq("e1")) == (WHITE, OVERLORD)
    assert state.figure(sq("c8")) == (BLACK, HERO)
    assert state.reserve == ((0, 2, 1, 3), (0, 2, 1, 3))
    bad = rules.default_setup()
    bad[WHITE][HERO] = sq("c2")
    with pytest.raises(ValueError, match="rank 1"):
        rules.make_state(rules.random_features(random.Random(1)), bad)


# --- stones ------------------------------------------------------------------------------

def test_a_turn_plays_one_rune_and_one_fate():
    state = position(board(e1=".O", e8=".o"))
    after = rules.apply(state, move(state, "1O e1-e2"))
    assert after.runes[WHITE] == rules.ALL_RUNES & ~1
    assert after.fates[WHITE] == (0, 2, 2, 2)
    assert after.turn == BLACK
    assert "Rune 1 was played" in refused(
        position(board(e1=".O", e8=".o"), runes=(runes_of(2, 3), rules.ALL_RUNES)), "1O e1-e2")


def test_played_fate_stones_are_named():
    state = position(board(e1=".O", c1=".H", e8=".o"), fates=((1, 2, 2, 0), rules.FATE_STONES))
    assert "Both Hero Fate stones were played" in refused(state, "1H c1-c2")
    state = position(board(e1=".O", e8=".o"), fates=((0, 2, 2, 2), rules.FATE_STONES))
    assert "The Overlord Fate stone was played" in refused(state, "1O e1-e2")


def test_stone_and_stuck_figure_reasons_come_from_the_engine():
    state = position(board(e1=".O", c1=".H", e8=".o"), runes=(runes_of(1, 4), rules.ALL_RUNES),
                     fates=((1, 2, 2, 1), rules.FATE_STONES))
    assert rules.stone_reason(state, BLACK, rune=1) == \
        "Those are Black's stones; it is White's turn"
    assert rules.stone_reason(state, WHITE, rune=2) == \
        "Rune 2 was played; it returns at your Reckoning"
    assert rules.stone_reason(state, WHITE, rune=4) is None
    assert rules.stone_reason(state, WHITE, fate=HERO) is None
    spent = position(board(e1=".O", e8=".o"), fates=((1, 2, 2, 0), rules.FATE_STONES))
    assert "Both Hero Fate stones were played" in rules.stone_reason(spent, WHITE, fate=HERO)
    c1 = rules.GRID.index("c1")
    assert rules.stuck_reason(state, c1) is None  # Rune 1 steps it
    assert rules.stuck_reason(state, c1, rune=4) == "Rune 4 cannot move a Hero"  # forbidden
    assert rules.stuck_reason(state, c1, rune=6) == \
        "Rune 6 recruits from the reserve: it moves no figure"
    knight_only = position(board(e1=".O", c1=".H", e8=".o"), runes=(runes_of(4), rules.ALL_RUNES))
    assert rules.stuck_reason(knight_only, c1) == \
        "This Hero cannot move with the stones in your hand"
    assert rules.stuck_reason(knight_only, rules.GRID.index("e8")) is None  # not White's


def test_reckoning_after_the_seventh_turn_returns_all_stones():
    state = position(board(e1=".O", e8=".o"), runes=(runes_of(2), rules.ALL_RUNES),
                     fates=((1, 0, 0, 0), rules.FATE_STONES))
    after = rules.apply(state, move(state, "2O e1-f2"))
    assert after.runes[WHITE] == rules.ALL_RUNES
    assert after.fates[WHITE] == rules.FATE_STONES
    assert after.turns_to_reckoning(WHITE) == 7


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("1D d4-d5", "Rune 1 cannot move a Dragon"),
        ("3W d4-d6", "Rune 3 cannot move a Wizard"),
        ("4H d4-e6", "Rune 4 cannot move a Hero"),
        ("6O d4", "Nothing recruits an Overlord"),
        ("7O d4-d5", "Rune 7 cannot move an Overlord"),
    ],
)
def test_forbidden_rune_fate_pairs(token, reason):
    fig = token[1]
    state = position(board(d4="." + fig, a8=".o", a1=".O" if fig != "O" else ".."))
    assert refused(state, token) == reason
    rune, fate = int(token[0]), rules.TYPE_LETTERS.index(fig)
    assert not any(m.rune == rune and m.fate == fate for m in rules.legal_moves(state))


# --- movement ----------------------------------------------------------------------------

def test_rune1_king_step_in_eight_directions():
    state = position(board(d4=".O", a8=".o"))
    assert targets(state, "d4", 1) == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}
    assert refused(state, "1O d4-d6") == "Rune 1 moves one square in any direction"


def test_rune2_bishop_slides_diagonally_and_stops_at_the_first_figure():
    state = position(board(c1=".W", e3=".h", a3=".H", a8=".o", h8=".O"))
    assert targets(state, "c1", 2) == {"d2", "e3", "b2"}
    assert refused(state, "2W c1-f4") == "Blocked by the Hero on e3"
    assert refused(state, "2W c1-a3") == "You cannot capture your own figure"


def test_rune3_rook_slides_orthogonally():
    state = position(board(d4=".H", d6=".w", a8=".o", h1=".O"))
    reach = targets(state, "d4", 3)
    assert reach >= {"d5", "d3", "d1", "a4", "h4", "c4"}
    assert "d6" not in reach  # Heroes cannot capture Wizards
    assert refused(state, "3H d4-e5") == "Rune 3 slides along a file or a rank"
    assert refused(state, "3H d4-d6") == "Heroes cannot capture Wizards"


def test_barriers_block_slides():
    state = position(board(d4=".H", d6="p.", f6="m.", a8=".o", h1=".O"))
    assert targets(state, "d4", 3) & {"d6", "d7", "d8"} == set()
    assert "Blocked by the Pit on d6" in refused(state, "3H d4-d7")
    assert refused(state, "3H d4-d6") == "No figure may end its move on a Pit"
    assert targets(state, "d4", 2) & {"f6", "g7"} == set()


def test_dragons_fly_over_barriers_but_not_over_figures_and_never_stop_on_one():
    state = position(board(d4=".D", d5="p.", d6="m.", b6="p.", c5=".H", a8=".o", h1=".O"))
    assert {"d7", "d8"} <= targets(state, "d4", 3)
    assert "d5" not in targets(state, "d4", 3) and "d6" not in targets(state, "d4", 3)
    diag = targets(state, "d4", 2)
    assert "c5" not in diag and "b6" not in diag and "a7" not in diag  # own Hero blocks
    state = position(board(d4=".D", d5="p.", d6=".o", d7=".h", a8=".O", h1=".w"), turn=WHITE)
    reach = targets(state, "d4", 3)
    assert "d6" in reach and "d7" not in reach


def test_rune4_knight_jumps_over_anything_but_not_onto_a_barrier():
    state = position(board(b1=".W", b2="m.", c2=".H", a2=".h", c3="p.", d2=".o", h8=".O"))
    assert targets(state, "b1", 4) == {"a3", "d2"}
    assert refused(state, "4W b1-c3") == "No figure may end its move on a Pit"


def test_rune7_pawn_forward_for_each_side_capture_diagonally_only():
    state = position(board(d4=".H", d5=".w", c5=".d", e5="..", a8=".o", h1=".O"))
    assert targets(state, "d4", 7) == {"c5"}  # blocked ahead; Heroes cannot capture Wizards
    black = position(board(d5=".h", d4="..", c4=".D", a1=".O", h8=".o"), turn=BLACK)
    assert targets(black, "d5", 7) == {"d4", "c4"}
    assert refused(black, "7H d5-e4") == "A diagonal pawn step must capture"
    assert refused(black, "7H d5-d3").startswith("Rune 7 steps one square")


def test_pawn_has_no_double_step_and_no_move_on_the_far_rank():
    state = position(board(d2=".H", d8=".W", a8=".o", h1=".O"))
    assert targets(state, "d2", 7) == {"d3"}
    assert targets(state, "d8", 7) == set()


def test_rune5_teleport_to_any_empty_non_barrier_square_never_captures():
    state = position(board(a1=".H", b2="p.", c3="m.", d4=".o", e5="c.", h8=".O"))
    reach = targets(state, "a1", 5)
    assert len(reach) == 64 - 2 - 2 - 1  # two figures besides the mover, two barriers
    assert "e5" in reach and "d4" not in reach and "b2" not in reach
    assert refused(state, "5H a1-d4") == "Teleport never captures: its target must be empty"


def test_rune6_recruits_onto_an_empty_controlled_source_of_the_matching_kind():
    diagram = board(b5="c.", c5="c.", d5="c.", e5="t.", f5="l.", g5=".H", a1=".O", h8=".o")
    state = position(diagram, control={"b5": WHITE, "c5": BLACK, "e5": WHITE, "f5": WHITE})
    recruits = {str(m) for m in rules.legal_moves(state) if m.is_recruit}
    assert recruits == {"6H b5", "6W e5", "6D f5"}
    after = rules.apply(state, move(state, "6H b5"))
    assert after.figure(sq("b5")) == (WHITE, HERO)
    assert after.reserve[WHITE] == (0, 2, 1, 2)
    assert after.quiet == 0
    assert refused(state, "6H c5") == "You do not control the Castle on c5"
    assert refused(state, "6H d5") == "You do not control the Castle on d5"
    assert "recruited onto a Castle" in refused(state, "6H e5")
    empty = position(diagram, control={"b5": WHITE}, reserve=((0, 2, 1, 0), (0, 2, 1, 3)))
    assert refused(empty, "6H b5") == "No Hero is left in your reserve"


def test_a_recruit_needs_the_source_empty():
    state = position(board(b5="cH", a1=".O", h8=".o"), control={"b5": WHITE})
    assert refused(state, "6H b5") == "The Castle on b5 is occupied"


# --- capturing ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("mover", "victim", "allowed"),
    [
        ("D", "h", False), ("W", "d", False), ("H", "w", False),
        ("D", "w", True), ("W", "h", True), ("H", "d", True),
        ("O", "h", True), ("O", "w", True), ("O", "d", True),
        ("H", "h", True), ("W", "w", True), ("D", "d", True),
    ],
)
def test_capture_exceptions(mover, victim, allowed):
    state = position(board(d4="." + mover, e5="." + victim, a1=".O" if mover != "O" else "..",
                           h8=".o"))
    token = f"2{mover} d4-e5"
    if allowed:
        after = rules.apply(state, move(state, token))
        assert after.figure(sq("e5")) == (WHITE, rules.TYPE_LETTERS.index(mover))
        assert after.quiet == 0
    else:
        names = rules.TYPE_PLURALS
        m = names[rules.TYPE_LETTERS.index(mover)]
        v = names[rules.TYPE_LETTERS.index(victim.upper())]
        assert refused(state, token) == f"{m} cannot capture {v}"


def test_captured_figures_do_not_return_to_the_reserve():
    state = position(board(d4=".H", e5=".h", a1=".O", h8=".o"))
    after = rules.apply(state, move(state, "2H d4-e5"))
    assert after.reserve == state.reserve


# --- control -----------------------------------------------------------------------------

def test_markers_on_arrival_replace_the_enemy_and_stay_when_figures_leave():
    state = position(board(d4=".H", e5="t.", a1=".O", h8=".o"), control={"e5": BLACK})
    after = rules.apply(state, move(state, "2H d4-e5"))
    assert after.control[sq("e5")] == WHITE and after.quiet == 0
    later = rules.apply(rules.apply(after, move(after, "1O h8-g8")), Move.parse("1H e5-e6"))
    assert later.control[sq("e5")] == WHITE


def test_teleport_and_capture_onto_a_source_take_it():
    state = position(board(a1=".H", e5="l.", c3="c.", d4=".d", h8=".o", h1=".O"))
    assert rules.apply(state, move(state, "5H a1-e5")).control[sq("e5")] == WHITE
    state = position(board(c3=".H", d4="cd", h8=".o", h1=".O"))
    assert rules.apply(state, move(state, "2H c3-d4")).control[sq("d4")] == WHITE


def test_reentering_an_own_source_is_quiet():
    state = position(board(d4=".H", e5="t.", a1=".O", h8=".o"), control={"e5": WHITE}, quiet=7)
    assert rules.apply(state, move(state, "2H d4-e5")).quiet == 8


# --- obligations ---------------------------------------------------------------------------

def test_discard_only_when_no_pair_allows_a_move_and_any_pair_may_be_discarded():
    # White has only Rune 1 and the Dragon Fate: Rune 1 cannot move a Dragon, no recruit.
    state = position(board(d4=".D", a1=".O", h8=".o"), runes=(runes_of(1, 6), rules.ALL_RUNES),
                     fates=((0, 0, 1, 0), rules.FATE_STONES), reserve=((0, 0, 0, 0), (0, 2, 1, 3)))
    assert rules.must_discard(state)
    assert {str(m) for m in rules.legal_moves(state)} == {"1D --", "6D --"}
    after = rules.apply(state, move(state, "1D --"))
    assert after.runes[WHITE] == runes_of(6) and after.fates[WHITE] == (0, 0, 0, 0)
    assert after.board.tobytes() == state.board.tobytes()
    assert refused(state, "1D d4-d5") == "Rune 1 cannot move a Dragon"


def test_no_discard_while_a_move_exists():
    state = position(board(d4=".D", a1=".O", h8=".o"))
    assert not rules.must_discard(state)
    assert "cannot discard" in refused(state, "2D --")
    assert not any(m.is_discard for m in rules.legal_moves(state))


# --- end of game --------------------------------------------------------------------------

def test_capturing_the_overlord_wins_at_once_and_ends_the_game():
    state = position(board(d4=".H", e5=".o", a1=".O"))
    after = rules.apply(state, move(state, "2H d4-e5"))
    assert rules.outcome(after) == Outcome(WHITE, "overlord")
    assert rules.legal_moves(after) == []
    assert refused(after, "1O a1-a2") == "The game is over"


def test_controlling_all_nine_sources_wins():
    squares = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a5"]
    kinds = ["c.", "c.", "c.", "t.", "t.", "t.", "l.", "l.", "l."]
    diagram = board(**dict(zip(squares, kinds, strict=True)), a4=".H", h1=".O", h8=".o")
    control = {name: WHITE for name in squares[:-1]}
    state = position(diagram, control=control)
    after = rules.apply(state, move(state, "1H a4-a5"))
    assert rules.outcome(after) == Outcome(WHITE, "sources")


def test_draw_after_one_hundred_quiet_turns():
    state = position(board(a1=".O", h8=".o"), quiet=99)
    after = rules.apply(state, move(state, "1O a1-a2"))
    assert rules.outcome(after) == Outcome(None, "draw")
    state = position(board(a1=".O", h8=".o"), quiet=98)
    assert rules.outcome(rules.apply(state, move(state, "1O a1-a2"))) is None


def test_discards_count_towards_the_draw():
    state = position(board(d4=".D", a1=".O", h8=".o"), runes=(runes_of(1), rules.ALL_RUNES),
                     fates=((0, 0, 1, 0), rules.FATE_STONES), quiet=99)
    after = rules.apply(state, move(state, "1D --"))
    assert rules.outcome(after) == Outcome(None, "draw")


# --- notation, records, vectors ----------------------------------------------------------

@pytest.mark.parametrize("text", ["2D f1-c4", "6H b5", "3W --", "7O a2-a3"])
def test_notation_round_trip(text):
    m = Move.parse(text)
    assert str(m) == text
    assert eval(repr(m), {"Move": Move}) == m


@pytest.mark.parametrize("text", ["2X f1-c4", "8D f1-c4", "2D f1c4", "2D f1-z9", "6H b5-b6",
                                  "2D b5", "", "2D  f1-c4", 5])
def test_malformed_notation(text):
    with pytest.raises(ValueError):
        Move.parse(text)


def test_perft_vectors():
    for vector in VECTORS:
        replay = rec.replay(vector["record"], {"overlords": rules})
        assert [rules.perft(replay.final, d) for d in (1, 2)] == vector["perft"]


def test_the_rules_never_import_pygame():
    code = "import sys, overlords.rules, common.record; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_explain_names_the_reason_for_a_figure_first_click():
    state = position(board(d4=".W", e5=".d", d6="p.", a1=".O", h8=".o"))
    assert rules.explain(state, sq("d4"), sq("e5")) == "Wizards cannot capture Dragons"
    assert rules.explain(state, sq("d4"), sq("d6")) == "No figure may end its move on a Pit"
    said = rules.explain(state, sq("h8"), sq("h7"))
    assert said == "That Overlord is Black's; it is White's turn"


def test_states_are_values_with_read_only_arrays():
    state = rules.new_state(random.Random(3))
    later = rules.apply(state, rules.legal_moves(state)[0])
    for s in (state, later):
        for array in (s.board, s.control, s.features):
            assert not array.flags.writeable
            with pytest.raises(ValueError):
                array[0] = 1


def test_the_cell_and_move_codes_have_named_helpers():
    from overlords import moves, state

    for side in (WHITE, BLACK):
        for kind in range(4):
            cell = state.piece_code(side, kind)
            assert state.decode_cell(cell) == (side, kind)
            assert (state.cell_side(cell), state.cell_type(cell)) == (side, kind)
    assert state.decode_cell(0) is None
    for text in ("2D f1-c4", "6H b5", "3W --"):
        m = Move.parse(text)
        assert moves.move_code(m.rune, m.fate, m.frm, m.to) == m
        assert (moves.move_rune(m), moves.move_fate(m), moves.move_from(m), moves.move_to(m)) == (
            m.rune, m.fate, m.frm, m.to)
        assert moves.is_discard(m) == (text == "3W --") and moves.is_recruit(m) == (text == "6H b5")
        assert moves.is_board_move(m) == (text == "2D f1-c4")


def test_malformed_notation_is_invalid_and_refused_moves_are_illegal():
    state = rules.new_state(random.Random(3))
    with pytest.raises(rules.InvalidMoveError):
        rules.parse_move(state, "2D f1c4")
    with pytest.raises(IllegalMoveError):
        rules.parse_move(state, "1D a1-a2")
    assert issubclass(rules.InvalidMoveError, ValueError)
    assert not issubclass(rules.InvalidMoveError, IllegalMoveError)
    steps = rules.legal_steps(state)[:1]
    assert rules.steps_to_move(steps) == steps[0] and type(rules.steps_to_move(steps)) is Move


def test_the_public_path_caches_its_moves_without_changing_the_value():
    """legal_moves is generated once per state (State.legal) and apply checks against it:
    the cache never leaks (a caller's list is its own), never changes equality or hashing,
    and an illegal move is still refused with the engine's reason."""
    rng = random.Random(7)
    state = rules.new_state(rng)
    for _ in range(60):
        if state.result is not None:
            break
        fresh = rules.State(state.static, state.board, state.control, state.runes,
                            state.fates, state.reserve, state.turn, state.quiet, state.ply)
        moves = rules.legal_moves(state)
        assert moves == sorted(rules.legal_codes(state))
        assert all(type(m) is Move for m in moves)
        moves.clear()  # the caller's list: the state's moves are untouched
        again = rules.legal_moves(state)
        assert again == rules.legal_moves(fresh) and again
        assert state == fresh and hash(state) == hash(fresh)
        illegal = Move.make(7, OVERLORD, 0, 8)  # never legal: Rune 7 cannot move an Overlord
        with pytest.raises(IllegalMoveError) as refused:
            rules.apply(state, illegal)
        with pytest.raises(IllegalMoveError) as again_refused:
            rules.apply(fresh, illegal)  # the same reason with or without the cache
        assert str(refused.value) == str(again_refused.value) != ""
        move = again[rng.randrange(len(again))]
        assert rules.apply(state, move) == rules.apply_legal(fresh, move)
        state = rules.apply(state, move)
