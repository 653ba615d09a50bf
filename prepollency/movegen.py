"""Prepollency move generation: the single moves of a position and the whole turns they make.

`gen_moves` is the one source of truth for legality (docs/DESIGN.md, convention 1): the legal
steps, the legal turns, the random player and perft all go through it, and
`prepollency.reasons.refusal` is only its checked mirror for the words a player reads. The
generator works on plain sequences (``owners[square]`` = seat or 0, ``kinds[square]`` = piece
kind or 0: the State's tuples, or list copies while a turn is made) and the precomputed rays
of `RAYS`, never on numpy elements.

This module is a hot path of the CPU (`python3 bootstrap.py bench engine` and `bench perft`
measure it): its loops read module-level tables and plain lists on purpose.

Orders: `legal_moves` sorts turns as tuples of (from, to) square indices ([] first, a one-move
turn before its two-move extensions); `legal_steps` puts END first, then the moves sorted by
(from, to). The random player draws from the generator's order (pieces by square, then fixed
directions, nearest first), which depends only on the state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from common.grid import DIAGONAL, KING, ORTHOGONAL
from prepollency.moves import CELLS, END, GRID, INFANTRY, MOVES, Move, Step, Turn, square_index
from prepollency.state import State

_REACH = ((), (KING, 1), (DIAGONAL, 3), (ORTHOGONAL, 3), (KING, CELLS))


def _build_rays() -> list[tuple[tuple[tuple[int, ...], ...], ...]]:
    rays: list[tuple[tuple[tuple[int, ...], ...], ...]] = [tuple(() for _ in range(CELLS))]
    for dirs, reach in _REACH[1:]:
        rays.append(tuple(
            tuple(ray[:reach] for dc, dr in dirs if (ray := GRID.ray(s, dc, dr)))
            for s in range(CELLS)
        ))
    return rays


RAYS = _build_rays()  # RAYS[kind][square]: the rays that kind slides along, nearest first


PATHS = [  # PATHS[kind][square][target]: the squares passed on the way (must be empty)
    [{ray[i]: ray[:i] for ray in rays for i in range(len(ray))} for rays in per_kind]
    for per_kind in RAYS
]


NEIGHBOURS = GRID.neighbours


def gen_moves(owners: Sequence[int], kinds: Sequence[int], me: int, squares: Iterable[int],
              skip: int, out: list[Move]) -> None:
    """Append the single moves of seat `me`'s pieces on `squares` (except `skip`) to out."""
    append = out.append
    for s in squares:
        if s == skip:
            continue
        row = MOVES[s]
        kind = kinds[s]
        if kind == INFANTRY:
            for t in NEIGHBOURS[s]:
                if owners[t] != me:
                    append(row[t])  # type: ignore[arg-type]
            continue
        for ray in RAYS[kind][s]:
            for t in ray:
                o = owners[t]
                if o == me:
                    break
                append(row[t])  # type: ignore[arg-type]
                if o:
                    break


def planes(state: State) -> tuple[list[int], list[int]]:
    """The owners and kinds as lists: the generator always reads lists (also when it then
    changes them for second moves), so its indexing stays specialised for one type; reading
    tuples at some calls and lists at others made the playouts 20% slower."""
    return list(state.owners), list(state.kinds)


def single_moves(state: State, owners: list[int], kinds: list[int]) -> list[Move]:
    """The single moves the player to move may make now, in the generator's order (on the
    lists of `planes`)."""
    out: list[Move] = []
    me = state.turn
    gen_moves(owners, kinds, me, state.pieces[me], state.moved, out)
    return out


def legal_steps(state: State) -> list[Step]:
    """END, then every single move the player to move may make now (sorted)."""
    if state.result is not None:
        return []
    moves = single_moves(state, *planes(state))
    moves.sort()
    return [END, *moves]


def piece_moves(state: State, square: int | str) -> list[Move]:
    """The legal single moves of the piece on that square now (sorted; [] if it may not move)."""
    s = square_index(square)
    me = state.turn
    if state.result is not None or state.owners[s] != me or s == state.moved:
        return []
    out: list[Move] = []
    gen_moves(*planes(state), me, (s,), -1, out)
    out.sort()
    return out


def moves_after(owners: list[int], kinds: list[int], me: int, squares: tuple[int, ...],
                first: Move) -> list[Move]:
    """The moves after `first` by another piece, on lists (copies of the state's tuples)
    changed in place and restored."""
    f, t = first
    old_owner, old_kind = owners[t], kinds[t]
    owners[t], kinds[t], owners[f], kinds[f] = me, kinds[f], 0, 0
    out: list[Move] = []
    gen_moves(owners, kinds, me, squares, t, out)
    owners[f], kinds[f], owners[t], kinds[t] = me, kinds[t], old_owner, old_kind
    return out


def legal_moves(state: State) -> list[Turn]:
    """Every distinct legal turn, sorted ([] first); mid-turn, the ways to finish the turn."""
    if state.result is not None:
        return []
    owners, kinds = planes(state)
    first = single_moves(state, owners, kinds)
    first.sort()
    turns = [Turn()]
    if state.moved != -1:
        return turns + [Turn((m,)) for m in first]
    me, squares = state.turn, state.pieces[state.turn]
    for m1 in first:
        turns.append(Turn((m1,)))
        second = moves_after(owners, kinds, me, squares, m1)
        second.sort()
        turns += [Turn((m1, m2)) for m2 in second]
    return turns


def random_turn(state: State, rng: random.Random) -> tuple[Turn, int]:
    """The random player's turn and how many single moves it generated to choose it."""
    me = state.turn
    owners, kinds = planes(state)
    first = single_moves(state, owners, kinds)
    if not first:
        return Turn(), 0
    m1 = rng.choice(first)
    if state.moved != -1:
        return Turn((m1,)), len(first)
    second = moves_after(owners, kinds, me, state.pieces[me], m1)
    if not second:
        return Turn((m1,)), len(first)
    return Turn((m1, rng.choice(second))), len(first) + len(second)


def random_move(state: State, rng: random.Random) -> Turn:
    """The `random` player: a random move, then one by another piece (fewer only when forced)."""
    return random_turn(state, rng)[0]
