"""`rules.attackers`: the enemy moves that would capture an Overlord now, from small diagrams."""

from __future__ import annotations

import random

from common.protocol import Outcome
from overlords import rules
from overlords.rules import BLACK, DRAGON, HERO, OVERLORD, WHITE, Move
from tests.helpers.overlords_diagram import board, position, runes_of

sq = rules.GRID.index


def names(moves: list[Move]) -> list[str]:
    return [str(m) for m in moves]


# White Overlord on b1, Black Dragon on b8, a Mountain on b6 between them.
FILE = board(b1=".O", b8=".d", b6="m.", h8=".o")


def test_a_dragon_flies_over_a_barrier_onto_the_overlord_on_the_enemy_stones():
    state = position(FILE)  # White to move: the attack is Black's move if it were its turn
    assert names(rules.attackers(state, WHITE)) == ["3D b8-b1"]
    assert state.turn == WHITE, "the state itself is left alone"
    assert rules.attackers(state, BLACK) == []


def test_no_attack_without_the_enemy_stones_for_it():
    all_but_3 = runes_of(1, 2, 4, 5, 6, 7)
    assert rules.attackers(position(FILE, runes=(rules.ALL_RUNES, all_but_3)), WHITE) == []
    no_dragon = (2, 2, 0, 2)  # fates O, W, D, H: both Dragon Fates played
    assert rules.attackers(position(FILE, fates=(rules.FATE_STONES, no_dragon)), WHITE) == []
    # White's own stones do not matter
    assert names(rules.attackers(position(FILE, runes=(runes_of(5), rules.ALL_RUNES)),
                                 WHITE)) == ["3D b8-b1"]


def test_a_figure_in_between_blocks_and_barriers_stop_other_figures():
    blocked = board(b1=".O", b8=".d", b6="m.", b3=".H", h8=".o")
    assert rules.attackers(position(blocked), WHITE) == []
    hero = board(b1=".O", b8=".h", b6="m.", h8=".o")  # a Hero does not fly
    assert rules.attackers(position(hero), WHITE) == []


def test_every_capturing_move_is_listed_sorted_and_teleports_are_not():
    state = position(board(b1=".O", b8=".d", c2=".h", h8=".o"))
    assert names(rules.attackers(state, WHITE)) == [
        "1H c2-b1", "2H c2-b1", "3D b8-b1", "7H c2-b1"]
    assert all(m.rune != 5 for m in rules.attackers(state, WHITE))


def test_either_side_and_either_turn():
    diagram = board(b1=".O", b8=".d", g8=".o", f7=".W")
    for turn in (WHITE, BLACK):
        state = position(diagram, turn=turn)
        assert names(rules.attackers(state, WHITE)) == ["3D b8-b1"]
        assert names(rules.attackers(state, BLACK)) == ["1W f7-g8", "2W f7-g8", "7W f7-g8"]
        assert state.turn == turn


def test_nothing_attacks_once_the_game_is_over():
    state = position(FILE, result=Outcome(BLACK, "overlord"))
    assert rules.attackers(state, WHITE) == []


def test_the_seed_5_board_with_the_overlord_on_b1_is_attacked_at_once():
    from overlords.setup import board_for

    features = board_for(5)
    black = {OVERLORD: sq("e8"), DRAGON: sq("b8"), rules.WIZARD: sq("d8"), HERO: sq("c8")}
    setup = {WHITE: {OVERLORD: sq("b1"), DRAGON: sq("f1"), rules.WIZARD: sq("d1"),
                     HERO: sq("c1")}, BLACK: black}
    state = rules.make_state(features, setup)
    assert state.turn == WHITE
    assert names(rules.attackers(state, WHITE)) == ["3D b8-b1"]


def test_attackers_agree_with_the_enemy_legal_moves_on_random_positions():
    rng = random.Random(11)
    seen = 0
    for game in range(12):
        state = rules.new_state(random.Random(game))
        while state.result is None:
            mover = state.turn
            other = 1 - mover
            expected = [m for m in rules.legal_moves(state) if m.frm is not None
                        and m.to is not None and state.figure(m.to) == (other, OVERLORD)]
            assert rules.attackers(state, other) == expected
            seen += bool(expected)
            state = rules.apply(state, rules.random_move(state, rng))
    assert seen >= 5, "the random games did attack some Overlords"
