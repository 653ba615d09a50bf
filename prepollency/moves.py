"""Prepollency pieces, moves and turns: the notation of shared/RULES.md and the move tables.

A `Move` is one piece going `from-to` (``Move.parse("c3-e5")``); a `Turn` is a tuple of zero
to two moves (``Turn.parse(["c3-e5", "h7-h8"])``, printed ``["c3-e5", "h7-h8"]``); `END` is
the step that closes a turn. Every move a piece could ever make along its lines is built once
at import and shared, so the generator appends ready values and allocates nothing.

The generator works on plain sequences (``owners[square]`` = seat or 0, ``kinds[square]`` =
piece kind or 0: the State's tuples, or list copies while a turn is made) and the precomputed
rays of `RAYS`, never on numpy elements.

`gen_moves` is the one source of truth for legality. `refusal` is its checked mirror: it
exists only to give the reason a player reads for a move the generator does not make, and a
property test (tests/test_prepollency_properties.py) holds it to ``refusal(...) is None``
exactly for the generated moves.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from common.grid import DIAGONAL, KING, ORTHOGONAL, Grid
from common.protocol import QUOTE_LIMIT, InvalidMoveError, quoted

GRID = Grid.of(15)
CELLS = GRID.cells

EMPTY, INFANTRY, CAVALRY, ARCHER, KHAN = 0, 1, 2, 3, 4
LETTERS = ".ICAK"  # diagram letter per kind
PIECE_NAMES = ("", "Infantry", "Cavalry", "Archer", "Khan")
HOW_THEY_MOVE = (
    "",
    "Infantry moves one square in any direction",
    "Cavalry moves diagonally, up to 3 squares",
    "An Archer moves along a file or rank, up to 3 squares",
    "The Khan moves any distance along a file, rank or diagonal",
)
_REACH = ((), (KING, 1), (DIAGONAL, 3), (ORTHOGONAL, 3), (KING, CELLS))


class Move(NamedTuple):
    """One piece moving from a square to another (square indices of `GRID`)."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"{GRID.names[self.frm]}-{GRID.names[self.to]}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: Any) -> Move:
        """The move a `from-to` string names; InvalidMoveError if it is malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is a string like \"c3-e5\", not {describe(text)}")
        parts = text.split("-")
        if len(parts) != 2:
            raise InvalidMoveError(f"{quoted(text)} is not a move (write it like c3-e5)")
        try:
            frm, to = GRID.index(parts[0]), GRID.index(parts[1])
        except ValueError as err:
            raise InvalidMoveError(f"{quoted(text)}: {err}") from None
        row = MOVES[frm]
        return row[to] or cls(frm, to)


class _End:
    """The step that closes a turn (holding the line when it is the turn's first step)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "END"

    def __str__(self) -> str:
        return "end of turn"

    def __reduce__(self) -> str:
        return "END"


END = _End()
Step = Move | _End


class Turn(tuple):
    """A turn: zero to two moves, each by a different piece, in the order they are made."""

    __slots__ = ()

    def __new__(cls, moves: Iterable[Move] = ()) -> Turn:
        return tuple.__new__(cls, moves)

    def __str__(self) -> str:
        return json.dumps([str(m) for m in self])

    def __repr__(self) -> str:
        return f"Turn.parse({[str(m) for m in self]!r})"

    @classmethod
    def parse(cls, data: Any) -> Turn:
        """The turn a list of `from-to` strings names; InvalidMoveError if bad. A string is
        refused, even one holding a list's JSON (RULES.md: a turn is a list): text is never
        parsed again here (100,000 nested brackets would not end in a clean refusal)."""
        if isinstance(data, str):
            raise InvalidMoveError(f'{quoted(data)} is not a turn (a turn is a list like '
                                   '["c3-e5", "h7-h8"] or [], never a string)')
        if not isinstance(data, list | tuple):
            raise InvalidMoveError(
                f'a turn is a list of moves like ["c3-e5", "h7-h8"], not {describe(data)}'
            )
        if len(data) > 2:
            raise InvalidMoveError(f"a turn has at most two moves, not {len(data)}")
        return cls(m if isinstance(m, Move) else Move.parse(m) for m in data)


def describe(value: Any) -> str:
    """A JSON value as an error message names it: 'the string "x"', 'a list', 'null', ..."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, str):
        shown = value if len(value) <= QUOTE_LIMIT else value[: QUOTE_LIMIT - 1] + "…"
        return f'the string "{shown}"'
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"{type(value).__name__} {quoted(value)}"


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
MOVES: list[list[Move | None]] = [[None] * CELLS for _ in range(CELLS)]
for _s in range(CELLS):
    for _t in PATHS[KHAN][_s]:
        MOVES[_s][_t] = Move(_s, _t)


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


def refusal(owners: Sequence[int], kinds: Sequence[int], me: int, moved: int, frm: int,
            to: int) -> str | None:
    """Why seat `me` may not move frm-to now (None if it may): the reason a player reads.

    A checked mirror of `gen_moves` (which alone decides legality): None exactly when
    `gen_moves` makes the move frm-to for the pieces of `me` except `moved`. It names the
    first problem in the order of ruling 10 of prepollency.rules."""
    owner = owners[frm]
    if not owner:
        return f"There is no piece on {GRID.names[frm]}"
    if owner != me:
        return "That is not your piece"
    if frm == moved:
        return "That piece already moved this turn"
    kind = kinds[frm]
    path = PATHS[kind][frm].get(to)
    if path is None:
        return HOW_THEY_MOVE[kind]
    for b in path:
        if owners[b]:
            return f"Blocked by the {PIECE_NAMES[kinds[b]]} on {GRID.names[b]}"
    if owners[to] == me:
        return "You cannot capture your own piece"
    return None
