"""The CPU levels on both real games: always legal, reproducible at fixed nodes, tactically
awake (wins on the spot, does not hang its Overlord), and stronger than random."""

from __future__ import annotations

import random

import pytest

from common.ai.levels import LEVELS, heuristics_for, level_nodes, make_cpu
from overlords import rules as overlords
from prepollency import rules as prepollency
from prepollency.state import from_diagram
from tests.helpers.overlords_diagram import board, position, runes_of

GAMES = [(overlords, 2), (prepollency, 2), (prepollency, 4)]


def _random_positions(game, players: int, count: int, seed: int):
    """States reached by random play from fresh games (never finished ones)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_state(rng, players)
        for _ in range(rng.randrange(0, 60)):
            nxt = game.apply(state, game.random_move(state, rng))
            if game.outcome(nxt) is not None:
                break
            state = nxt
        out.append(state)
    return out


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_level_plays_legal_moves_in_random_positions(game, players):
    for i, state in enumerate(_random_positions(game, players, 12, seed=players)):
        spec = ("easy", "normal", "hard")[i % 3]
        move = make_cpu(game, spec, random.Random(i), nodes=40)(state)
        assert move in game.legal_moves(state)
        assert game.parse_move(state, game.move_data(move)) == move


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_same_seed_same_nodes_same_game(game, players):
    def play(seed: int) -> list:
        rng = random.Random(seed)
        state = game.new_state(random.Random(5), players)
        cpus = {p: make_cpu(game, "easy", rng, nodes=30) for p in game.players(state)}
        moves = []
        for _ in range(8):
            if game.outcome(state) is not None:
                break
            moves.append(cpus[game.to_move(state)](state))
            state = game.apply(state, moves[-1])
        return moves

    assert play(3) == play(3)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_fixed_nodes_are_spent_exactly(game, players):
    state = game.new_state(random.Random(2), players)
    cpu = make_cpu(game, "normal:150", random.Random(0))
    cpu(state)
    assert cpu.last.nodes == 150


def test_level_node_budgets_follow_their_time_budgets():
    for game in (overlords, prepollency):
        h = heuristics_for(game)
        easy, normal, hard = (level_nodes(LEVELS[n], h) for n in ("easy", "normal", "hard"))
        assert easy < normal < hard
        assert hard == pytest.approx(3 * normal, rel=0.01)


def test_overlords_captures_the_enemy_overlord_at_once():
    state = position(board(b1=".O", h1=".D", h8=".o", a8=".d"))
    for seed in range(3):
        move = make_cpu(overlords, "easy", random.Random(seed), nodes=30)(state)
        assert str(move) == "3D h1-h8"


def test_overlords_moves_its_overlord_out_of_a_rook_line():
    # Black's Dragon on a8 slides down the a-file onto White's Overlord unless it moves.
    diagram = board(a1=".O", h1=".D", d8=".o", a8=".d")
    runes = (runes_of(1, 5), runes_of(3))
    state = position(diagram, runes=runes, fates=((1, 0, 1, 0), (0, 0, 1, 0)))
    for seed in range(3):
        move = make_cpu(overlords, "normal", random.Random(seed), nodes=300)(state)
        after = overlords.apply(state, move)
        reply = overlords.legal_moves(after)
        assert not any(overlords.outcome(overlords.apply(after, m)) for m in reply), str(move)


def test_prepollency_completes_the_obelisk_hold():
    text = """
        f  g  h  i  j
    10  .  .  .  .  .
    9   .  .  1I .  .
    8   .  1I 1I 1I .
    7   .  .  .  .  .
    6   .  .  1I .  .
    """
    state = from_diagram(text, seats=(1, 3), turn=1, holds=(0, 3, 0, 0, 0))
    assert prepollency.outcome(state) is None
    turn = make_cpu(prepollency, "easy", random.Random(0), nodes=60)(state)
    assert prepollency.outcome(prepollency.apply(state, turn)).reason == "obelisk"


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_normal_beats_random(game, players):
    rng = random.Random(11)
    state = game.new_state(rng, players)
    seats = game.players(state)
    cpu = make_cpu(game, "normal", rng, nodes=120)
    limit = 400
    while game.outcome(state) is None and limit:
        mover = game.to_move(state)
        move = cpu(state) if mover == seats[0] else game.random_move(state, rng)
        state = game.apply(state, move)
        limit -= 1
    assert game.outcome(state) is not None and game.outcome(state).winner == seats[0]


def test_overlords_attack_map_agrees_with_the_move_generator():
    from overlords.ai import attack_map
    from overlords.rules import State, is_board_move, legal_codes, move_fate, move_rune, move_to

    for n, s in enumerate(_random_positions(overlords, 2, 20, seed=9)):
        side = n % 2
        as_mover = State(s.static, s.board, s.control, s.runes, s.fates, s.reserve, side,
                         s.quiet, s.ply, None)
        expected = [0] * 64
        for code in legal_codes(as_mover):
            if move_rune(code) != 5 and is_board_move(code):
                expected[move_to(code)] |= 1 << move_fate(code)
        assert attack_map(s, s.board.tolist(), side) == expected


def test_overlords_check_detection_follows_the_runes_and_the_lines():
    from overlords.ai import gives_check

    s = position(board(e1=".D", e8=".o", a1=".O"))
    cells, barrier = s.board.tolist(), s.static.barrier
    e1, e8, e5, d6 = (overlords.GRID.index(n) for n in ("e1", "e8", "e5", "d6"))
    dragon, hero = overlords.DRAGON, overlords.HERO
    assert gives_check(cells, barrier, -1, e1, dragon, 0, runes_of(3), e8)
    assert not gives_check(cells, barrier, -1, e1, dragon, 0, runes_of(1, 2, 4), e8)
    assert not gives_check(cells, barrier, -1, e1, dragon, 0, runes_of(1), e8)  # 1D forbidden
    blocked = position(board(e1=".D", e8=".o", e5=".H"))
    assert not gives_check(blocked.board.tolist(), barrier, -1, e1, dragon, 0, runes_of(3), e8)
    assert gives_check(blocked.board.tolist(), barrier, e5, e1, dragon, 0, runes_of(3), e8)
    assert gives_check(cells, barrier, -1, d6, hero, 0, runes_of(2), overlords.GRID.index("e7"))
    assert gives_check(cells, barrier, -1, overlords.GRID.index("d7"), hero, 0, runes_of(7), e8)
    assert not gives_check(cells, barrier, -1, d6, hero, 0, runes_of(4), e8)  # 4H forbidden


def test_overlords_lost_overlord_detection_agrees_with_brute_force():
    """`checkers` names exactly the figures whose captures of the Overlord the generator
    lists, and `_parries` finds a saving turn exactly when one exists (every turn tried)."""
    from overlords.ai import HEURISTICS, checkers
    from overlords.rules import (
        OVERLORD,
        State,
        apply_legal,
        is_board_move,
        legal_codes,
        move_from,
        move_rune,
        move_to,
        piece_code,
    )

    def capturers(state, target):
        return sorted({move_from(c) for c in legal_codes(state) if move_to(c) == target
                       and move_rune(c) != 5 and is_board_move(c)})

    checked = 0
    for s in _random_positions(overlords, 2, 400, seed=21):
        x, y = s.turn, 1 - s.turn
        cells = s.board.tolist()
        osq, enemy = cells.index(piece_code(x, OVERLORD)), cells.index(piece_code(y, OVERLORD))
        if capturers(s, enemy):
            continue  # the side to move wins at once: the evaluation never asks
        as_enemy = State(s.static, s.board, s.control, s.runes, s.fates, s.reserve, y,
                         s.quiet, s.ply, None)
        expected = capturers(as_enemy, osq)
        assert checkers(cells, s.static.barrier, s.runes[y], s.fates[y], y, osq) == expected
        if not expected:
            continue
        checked += 1
        saved = False
        for code in legal_codes(s):
            after = apply_legal(s, code)
            if after.result is not None:
                saved = saved or after.result.winner != y
                continue
            board = after.board.tolist()
            saved = saved or not capturers(after, board.index(piece_code(x, OVERLORD)))
        assert HEURISTICS._parries(s, HEURISTICS.facts(s), osq) == saved
    assert checked >= 20


def test_overlords_check_reach_is_gives_check_turned_round():
    from overlords.ai import check_reach, gives_check
    from overlords.rules import DRAGON, FORBIDDEN, NONE, OVERLORD, cell_side, piece_code

    compared = 0
    for s in _random_positions(overlords, 2, 40, seed=5):
        cells, barrier = s.board.tolist(), s.static.barrier
        for side in (0, 1):
            target = cells.index(piece_code(1 - side, OVERLORD))
            reach = check_reach(cells, barrier, target, side)
            for to in range(64):
                if barrier[to] or to == target or (cells[to] and cell_side(cells[to]) == side):
                    continue  # no figure of `side` can end a move there
                for kind in range(4):
                    for rune in (1, 2, 3, 4, 7):
                        if FORBIDDEN.get(rune) == kind:
                            continue
                        expected = gives_check(cells, barrier, NONE, to, kind, side,
                                               1 << (rune - 1), target)
                        assert (to in reach[rune][kind == DRAGON]) == expected, (to, kind, rune)
                        compared += 1
    assert compared > 10_000


def test_a_search_leaves_the_garbage_collector_as_it_found_it():
    import gc

    from common.ai.search import Cancelled

    state = overlords.new_state(random.Random(2))
    cpu = make_cpu(overlords, "normal", random.Random(2), nodes=30)
    assert gc.isenabled()
    cpu(state)
    assert gc.isenabled()
    with pytest.raises(Cancelled):
        cpu.choose(state, cancelled=lambda: True)
    assert gc.isenabled()
    gc.disable()
    try:
        cpu(state)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_prepollency_raider_brings_its_fourth_piece_and_eliminates_the_empty_seat():
    """Four players: seat 4 holds three squares of seat 2's base (seat 2 has no pieces) and
    its fourth piece stands three steps away; it walks in instead of shuffling on the base."""
    text = """
        a  b  c  d  e  f  g  h
    15  4A 4A .  .  .  .  .  .
    14  .  4A .  .  .  .  .  .
    13  .  .  .  .  4I .  .  .
    9   .  .  .  .  .  .  .  3A
    7   .  .  .  .  .  .  1A .
    """
    state = from_diagram(text, seats=(1, 2, 3, 4), turn=4)
    cpu = make_cpu(prepollency, "normal", random.Random(3), nodes=400)
    for _ in range(6):
        state = prepollency.apply(state, cpu(state))
        while prepollency.outcome(state) is None and state.turn != 4:
            state = prepollency.apply(state, prepollency.Turn(()))  # the others hold the line
        if 2 not in state.alive:
            break
    assert 2 not in state.alive
