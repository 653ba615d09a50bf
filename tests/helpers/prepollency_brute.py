"""Plain enumeration over `rules.legal_moves` for the Prepollency tactics tests: what
`prepollency.tactics` must agree with, written the slow and obvious way (every turn applied
with `rules.apply`, no shortcut but early exits), and random positions to ask it about."""

from __future__ import annotations

import random

from prepollency import rules
from prepollency.moves import ARCHER, CAVALRY, CELLS, INFANTRY, KHAN
from prepollency.state import (
    BASES,
    KIND,
    OBELISK,
    OWNER,
    SEATS_FOR,
    State,
    has_khan,
    make_state,
)
from prepollency.tactics import BASE_FALLS, HANDS_WIN, KHAN_LOST, SAFE


def as_turn_of(state: State, seat: int) -> State:
    """The same board with `seat` to move at the start of its turn."""
    return state._replace(turn=seat, moved=-1, captured=False)


def winning_turns(state: State) -> list[rules.Turn]:
    """The mover's turns that end the game in its favour."""
    me = state.turn
    out = []
    for turn in rules.legal_moves(state):
        result = rules.apply(state, turn).result
        if result is not None and result.winner == me:
            out.append(turn)
    return out


def wins(state: State, seat: int) -> bool:
    """Whether `seat` has a turn that wins at once, as if it were its turn on this board."""
    if state.result is not None or seat not in state.alive:
        return False
    board = state if seat == state.turn else as_turn_of(state, seat)
    for turn in rules.legal_moves(board):
        result = rules.apply(board, turn).result
        if result is not None and result.winner == seat:
            return True
    return False


def _any_turn(state: State, seat: int, test) -> bool:
    board = as_turn_of(state, seat)
    return any(test(rules.apply(board, turn)) for turn in rules.legal_moves(board))


def danger_level(state: State, turn: rules.Turn) -> int:
    """The worst a turn of the mover allows, by the definitions of `prepollency.tactics`."""
    me = state.turn
    after = rules.apply(state, turn)
    if after.result is not None:
        return SAFE
    i = after.alive.index(me)
    others = [*after.alive[i + 1:], *after.alive[:i]]
    if any(wins(after, seat) for seat in others):
        return HANDS_WIN
    if len(after.alive) >= 3 and any(
            _any_turn(after, seat, lambda s: me not in s.alive) for seat in others):
        return BASE_FALLS
    if has_khan(after, me) and any(
            _any_turn(after, seat, lambda s: not has_khan(s, me)) for seat in others):
        return KHAN_LOST
    return SAFE


# --- random positions -----------------------------------------------------------------------

KINDS = (INFANTRY, INFANTRY, CAVALRY, ARCHER)


def random_position(rng: random.Random, players: int, most: int = 5) -> State:
    """A position of few pieces, many of them where wins happen: in the other seats' bases, on
    and around the Obelisk; a seat on all five Obelisk squares gets a hold count of 1 to 3,
    a seat whose base is full loses a piece there (it would be out already)."""
    seats = SEATS_FOR[players]
    board = [[0] * CELLS, [0] * CELLS]
    near_obelisk = [s for s in range(CELLS) if max(abs(s % 15 - 7), abs(s // 15 - 7)) <= 2]
    for seat in seats:
        spots = []
        for other in seats:
            if other != seat:
                spots += list(BASES[other]) * 2
        spots += near_obelisk + list(OBELISK) * 3
        khan = rng.random() < 0.3
        for n in range(rng.randint(1, most)):
            where = rng.choice(spots) if rng.random() < 0.7 else rng.randrange(CELLS)
            if board[OWNER][where]:
                continue
            board[OWNER][where] = seat
            board[KIND][where] = KHAN if khan and n == 0 else rng.choice(KINDS)
    if rng.random() < 0.4:  # one seat on the whole Obelisk
        seat = rng.choice(seats)
        for s in OBELISK:
            board[OWNER][s], board[KIND][s] = seat, rng.choice(KINDS)
    for seat in seats:
        base = BASES[seat]
        if all(board[OWNER][b] and board[OWNER][b] != seat for b in base):
            b = rng.choice(base)
            board[OWNER][b] = board[KIND][b] = 0
    holds = [0] * 5
    o = board[OWNER][OBELISK[0]]
    if o and all(board[OWNER][s] == o for s in OBELISK):
        holds[o] = rng.randint(1, 3)
    turn = rng.choice(seats)
    return make_state(board, seats, seats, turn, tuple(holds))


def played_position(rng: random.Random, players: int, turns: int) -> State:
    """A position reached by random play (the game unfinished)."""
    state = rules.new_state(rng, players)
    for _ in range(turns):
        nxt = rules.apply(state, rules.random_move(state, rng))
        if nxt.result is not None:
            break
        state = nxt
    return state
