"""Overlords move generation: every legal turn of a position, from precomputed tables.

Legality is decided here and only here, by `legal_codes` (docs/DESIGN.md, convention 1):
`legal_moves`, `overlords.reasons.find_move`, `overlords.apply.apply`, perft and the record
validator all go through it. The generator reads the board plane once as a plain list and
walks precomputed tables (`TAKES`, `_HANDS`, the grid's rays) with plain ints: numpy element
reads cost several list reads. Search and playouts use the packed ints of `legal_codes`; the
public `legal_moves` wraps them as interned `Move` values, sorted.

This module is a hot path of the CPU (`python3 bootstrap.py bench engine` and `bench perft`
measure it): `add_moves` and `legal_codes` inline the cell and move encodings of
`overlords.state` and `overlords.moves` on purpose.
"""

from __future__ import annotations

import random

from common.i18n import _
from common.protocol import GameOverError
from overlords.moves import NONE, Move, is_board_move, is_discard, move_from, move_to
from overlords.state import (
    ALL_RUNES,
    BLACK,
    CAPTURES,
    DRAGON,
    FORBIDDEN,
    GRID,
    HERO,
    OVERLORD,
    SOURCE_OF,
    WHITE,
    WIZARD,
    State,
    cell_side,
    cell_type,
    piece_code,
)

_NEIGHBOURS = GRID.neighbours
_KNIGHT = GRID.knight
_RAYS = {2: GRID.rays_diagonal, 3: GRID.rays_orthogonal}
_FORWARD = (8, -8)


# TAKES[side][kind][cell]: is the cell value an enemy figure that this figure may capture?
TAKES = tuple(
    tuple(
        tuple(cell > 0 and cell_side(cell) != side and CAPTURES[kind][cell_type(cell)]
              for cell in range(9))
        for kind in range(4)
    )
    for side in (WHITE, BLACK)
)


# _HANDS[runes][kind]: the unplayed Runes (as in a `State.runes` bit set) that may move a figure
# of that type, Recruit (6) left out: the forbidden pairs of RULES.md applied once, not per turn.
_HANDS = tuple(
    tuple(tuple(r for r in (1, 2, 3, 4, 5, 7) if runes >> (r - 1) & 1 and FORBIDDEN.get(r) != k)
          for k in range(4))
    for runes in range(ALL_RUNES + 1)
)


def add_moves(out: list[int], code: int, cells: list[int], barrier: tuple[bool, ...],
               sq: int, rune: int, kind: int, side: int) -> None:
    """Append code | target for every square the figure on sq reaches with rune 1-4 or 7."""
    takes = TAKES[side][kind]
    if rune == 1 or rune == 4:
        out += [code | n for n in (_NEIGHBOURS if rune == 1 else _KNIGHT)[sq]
                if (cells[n] == 0 and not barrier[n]) or takes[cells[n]]]
    elif rune == 7:
        f = sq + _FORWARD[side]
        if 0 <= f < 64:
            if cells[f] == 0 and not barrier[f]:
                out.append(code | f)
            col = sq & 7
            if col > 0 and takes[cells[f - 1]]:
                out.append(code | (f - 1))
            if col < 7 and takes[cells[f + 1]]:
                out.append(code | (f + 1))
    else:  # slides: stop at the first figure; Dragons fly over Barriers, others stop there
        flies = kind == DRAGON
        for ray in _RAYS[rune][sq]:
            for n in ray:
                c = cells[n]
                if c:
                    if takes[c]:
                        out.append(code | n)
                    break
                if barrier[n]:
                    if flies:
                        continue
                    break
                out.append(code | n)


def legal_codes(state: State) -> list[int]:
    """Every legal turn as a packed int, in a stable order (the fast path for search)."""
    if state.result is not None:
        return []
    side = state.turn
    runes = state.runes[side]
    fates = state.fates[side]
    static = state.static
    barrier = static.barrier
    cells = state.board.tolist()
    own_lo = 1 + side * 4
    hands = _HANDS[runes]
    out: list[int] = []
    empties = None
    for sq, kind in [(sq, c - own_lo) for sq, c in enumerate(cells) if own_lo <= c < own_lo + 4]:
        if not fates[kind]:
            continue
        base = kind << 14 | sq << 7
        for rune in hands[kind]:
            code = rune << 16 | base
            if rune == 5:
                if empties is None:
                    empties = [n for n in static.free if cells[n] == 0]
                out += [code | n for n in empties]
            else:
                add_moves(out, code, cells, barrier, sq, rune, kind, side)
    if runes & 32:
        control = state.control
        reserve = state.reserve[side]
        for kind in (WIZARD, DRAGON, HERO):
            if fates[kind] and reserve[kind]:
                code = 6 << 16 | kind << 14 | NONE << 7
                for src in static.sources[SOURCE_OF[kind]]:
                    if cells[src] == 0 and control[src] == side:
                        out.append(code | src)
    if not out:
        discard = NONE << 7 | NONE
        kinds = [k for k in range(4) if fates[k]]
        out = [r << 16 | k << 14 | discard for r in range(1, 8) if runes >> (r - 1) & 1
               for k in kinds]
    return out




class _Interned(dict):
    """Each packed move's `Move` value, made on first use and shared after (a `Move` is an
    immutable int, so sharing one is safe; making ~100 per position was a sixth of a
    playout's time)."""

    def __missing__(self, code: int) -> Move:
        move = self[code] = Move(code)
        return move


_MOVES = _Interned()


def legal_moves(state: State) -> list[Move]:
    """Every legal turn, sorted (by rune, fate, from, to); discards when no move exists.
    Generated once per state (`State.legal`); each call returns a new list."""
    legal = state.legal
    if legal is None:
        legal = state.legal = tuple(map(_MOVES.__getitem__, sorted(legal_codes(state))))
    return list(legal)


def moves_from(state: State, sq: int) -> list[Move]:
    """The legal moves of the figure on sq, sorted."""
    return [m for m in legal_moves(state) if move_from(m) == sq]


def must_discard(state: State) -> bool:
    """True when no stone pair allows a move, so the turn is a discard."""
    codes = legal_codes(state)
    return bool(codes) and is_discard(codes[0])


def random_move(state: State, rng: random.Random) -> Move:
    """The `random` player: uniform over the legal turns."""
    codes = legal_codes(state)
    if not codes:
        raise GameOverError(_("The game is over"))
    return Move(codes[rng.randrange(len(codes))])


def attackers(state: State, side: int) -> list[Move]:
    """The enemy's legal moves that capture `side`'s Overlord: what the enemy could play with
    its current unplayed stones if it were its turn now (from a copy of the state with the
    turn flipped when `side` is to move). Sorted; empty once the game is over."""
    if state.result is not None:
        return []
    enemy = 1 - side
    if state.turn != enemy:
        state = State(state.static, state.board, state.control, state.runes, state.fates,
                      state.reserve, enemy, state.quiet, state.ply)
    cells = state.board.tolist()
    overlord = piece_code(side, OVERLORD)
    return [Move(code) for code in sorted(legal_codes(state))
            if is_board_move(code) and cells[move_to(code)] == overlord]
