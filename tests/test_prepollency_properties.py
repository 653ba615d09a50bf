"""Prepollency property tests: random 2-, 3- and 4-player games, from the opening and from crowded
random positions (pieces in and around the bases and on the Obelisk, so that captures, Khans,
holds and eliminations happen often), keep the invariants after every turn."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prepollency import rules
from prepollency.movegen import gen_moves
from prepollency.moves import (
    ARCHER,
    CAVALRY,
    CELLS,
    END,
    GRID,
    INFANTRY,
    KHAN,
    Move,
)
from prepollency.reasons import refusal
from prepollency.state import BASES, KIND, OBELISK, OWNER, SEATS_FOR, State, make_state

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Squares where the action is: the 3x3 corner blocks around each base, the Obelisk and its ring.
HOT = sorted({s for seat in BASES for b in BASES[seat] for s in (b, *GRID.neighbours[b])}
             | {s for o in OBELISK for s in (o, *GRID.neighbours[o])})


def crowded_position(players: int, seed: int) -> State:
    """A random position with pieces crowding the bases and the Obelisk."""
    rng = random.Random(seed)
    seats = SEATS_FOR[players]
    board = np.zeros((2, CELLS), dtype=np.int8)
    for seat in seats:
        for i in range(rng.randint(0, 16)):
            s = rng.choice(HOT) if rng.random() < 0.75 else rng.randrange(CELLS)
            if not board[OWNER, s]:
                board[OWNER, s] = seat
                board[KIND, s] = KHAN if i == 0 and rng.random() < 0.4 else rng.choice(
                    (INFANTRY, CAVALRY, ARCHER))
    kinds = (INFANTRY, CAVALRY, ARCHER)
    if rng.random() < 0.5:  # a seat one square short of the Obelisk
        seat = rng.choice(seats)
        for s in rng.sample(OBELISK, 4):
            board[:, s] = (seat, rng.choice(kinds))
    if rng.random() < 0.5:  # a base three quarters taken
        victim = rng.choice(seats)
        for b in rng.sample(BASES[victim], 3):
            board[:, b] = (rng.choice([x for x in seats if x != victim]), rng.choice(kinds))
    for seat in seats:  # a base full of others would have been eliminated a turn ago
        if all(board[OWNER, b] not in (0, seat) for b in BASES[seat]):
            board[:, BASES[seat][0]] = 0
    quiet = rng.choice((0, rules.DRAW_ROUNDS * players - 10))
    return make_state(board, seats, seats, rng.choice(seats), quiet=quiet)


def on_obelisk(state: State) -> int:
    owner = state.owners[OBELISK[0]]
    return owner if owner and all(state.owners[s] == owner for s in OBELISK) else 0


def check_consistent(state: State) -> None:
    """The numpy planes, the lists and the piece tuples agree; one piece per square."""
    assert state.board.tolist() == [list(state.owners), list(state.kinds)]
    assert type(state.owners) is tuple and type(state.kinds) is tuple
    assert not state.board.flags.writeable
    assert all((o == 0) == (k == 0) for o, k in zip(state.owners, state.kinds, strict=True))
    listed = [s for seat in (1, 2, 3, 4) for s in state.pieces[seat]]
    assert len(listed) == len(set(listed)) == sum(1 for o in state.owners if o)
    for seat in (1, 2, 3, 4):
        assert state.pieces[seat] == tuple(s for s in range(CELLS) if state.owners[s] == seat)
        assert sum(state.kinds[s] == KHAN for s in state.pieces[seat]) <= 1


def fold_steps(state: State, turn) -> State:
    for move in turn:
        state = rules.apply_step(state, move)
    return state if len(turn) == 2 else rules.apply_step(state, END)


def check_turn(before: State, turn, after: State) -> None:
    """Every invariant between two turn-start states."""
    me = before.turn
    assert after == fold_steps(before, turn)
    check_consistent(after)
    assert after.moved == -1 and not after.captured
    assert set(after.alive) <= set(before.alive) and me in after.alive
    for seat in set(after.seats) - set(after.alive):
        assert after.pieces[seat] == () and after.holds[seat] == 0
    for seat in after.alive:
        grew = len(after.pieces[seat]) - len(before.pieces[seat])
        assert grew <= (1 if seat == me and on_obelisk(after) == me else 0)
    holder = on_obelisk(after)
    for seat in (1, 2, 3, 4):
        if seat != holder:
            assert after.holds[seat] == 0
    if holder == me:
        assert after.holds[me] == before.holds[me] + 1
    elif holder:
        assert after.holds[holder] == before.holds[holder]
    assert after.quiet in (0, before.quiet + 1)
    if after.result is None:
        assert after.turn == rules.next_seat(after.alive, me)
        assert after.quiet < rules.DRAW_ROUNDS * len(after.alive)
        assert max(after.holds) < rules.HOLD_TO_WIN and len(after.alive) > 1
    elif after.result.reason == "obelisk":
        assert after.result.winner == me and after.holds[me] == rules.HOLD_TO_WIN
    elif after.result.reason == "elimination":
        assert after.alive == (after.result.winner,)
    else:
        assert after.result.winner is None and after.quiet == rules.DRAW_ROUNDS * len(after.alive)


TARGETS = frozenset(OBELISK) | {b for seat in BASES for b in BASES[seat]}


def eager_turn(state: State, rng: random.Random) -> list[Move]:
    """A turn built step by step that mostly heads for the Obelisk and the bases (so Khans,
    holds and eliminations come often), sometimes stops early or holds the line."""
    turn: list[Move] = []
    for _ in range(2):
        moves = rules.legal_steps(state)[1:]
        if not moves or rng.random() < 0.1:
            break
        hot = [m for m in moves if m.to in TARGETS]
        turn.append(rng.choice(hot if hot and rng.random() < 0.8 else moves))
        state = rules.apply_step(state, turn[-1])
    return turn


def play_and_check(state: State, rng: random.Random, turns: int, eager: bool = False) -> State:
    check_consistent(state)
    for _ in range(turns):
        if state.result is not None:
            assert rules.legal_moves(state) == [] and rules.legal_steps(state) == []
            break
        turn = eager_turn(state, rng) if eager else rules.random_move(state, rng)
        after = rules.apply(state, turn)
        check_turn(state, turn, after)
        state = after
    return state


@settings(SETTINGS, max_examples=300)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 2**32), st.sampled_from((1, 2, 3, 4)))
def test_random_games_from_the_opening_keep_the_invariants(players, seed, first):
    rng = random.Random(seed)
    first = first if first in SEATS_FOR[players] else None
    play_and_check(rules.new_state(rng, players, first), rng, 25)


@settings(SETTINGS, max_examples=400)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 2**32))
def test_random_games_from_crowded_positions_keep_the_invariants(players, seed):
    play_and_check(crowded_position(players, seed), random.Random(seed), 40, eager=True)


@settings(SETTINGS, max_examples=60)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 2**32))
def test_generator_refusals_and_turn_lists_agree(players, seed):
    rng = random.Random(seed)
    state = play_and_check(crowded_position(players, seed), rng, rng.randrange(4))
    if state.result is not None:
        return
    steps = set(rules.legal_steps(state)[1:])
    for frm in state.pieces[state.turn] + tuple(rng.randrange(CELLS) for _ in range(5)):
        for to in range(CELLS):
            try:
                move = rules.find_step(state, frm, to)
            except rules.IllegalMoveError:
                assert Move(frm, to) not in steps
            else:
                assert move in steps
    turns = rules.legal_moves(state)
    assert len(turns) == len(set(turns)) == rules.perft(state, 1)
    assert turns == sorted(turns)
    for turn in rng.sample(turns, min(10, len(turns))):
        check_turn(state, turn, rules.apply(state, turn))
        mid = rules.apply_step(state, turn[0]) if turn else None
        if mid is not None:
            rest = rules.legal_moves(mid)
            assert len(rest) == rules.perft(mid, 1) and rules.Turn(turn[1:]) in rest


def test_thousands_of_short_games():
    """A fixed sweep beside the hypothesis ones: 1,500 games of 12 turns, all invariants."""
    for seed in range(1500):
        rng = random.Random(seed)
        players = (2, 3, 4)[seed % 3]
        start = crowded_position(players, seed) if seed % 3 else rules.new_state(rng, players)
        play_and_check(start, rng, 12, eager=seed % 3 != 0)


@settings(SETTINGS, max_examples=300)
@given(st.sampled_from((2, 3, 4)), st.integers(0, 2**32), st.booleans())
def test_refusal_mirrors_the_generator_exactly(players, seed, mid_turn):
    """`refusal` (the reason a player reads) is a checked mirror of `gen_moves` (what is
    legal): for every piece of the seat to move and every square, it says None exactly when
    the generator makes that move, at a turn's start and after its first move."""
    rng = random.Random(seed)
    state = play_and_check(crowded_position(players, seed), rng, rng.randrange(3))
    if state.result is not None:
        return
    if mid_turn:
        steps = rules.legal_steps(state)[1:]
        if not steps:
            return
        state = rules.apply_step(state, rng.choice(steps))
        if state.moved == -1:  # the move ended the game
            return
    me, moved = state.turn, state.moved
    owners, kinds = list(state.owners), list(state.kinds)
    generated: list[Move] = []
    gen_moves(owners, kinds, me, state.pieces[me], moved, generated)
    made = set(generated)
    assert len(made) == len(generated)
    for frm in state.pieces[me]:
        for to in range(CELLS):
            why = refusal(owners, kinds, me, moved, frm, to)
            assert (why is None) == (Move(frm, to) in made), (GRID.names[frm], GRID.names[to], why)
