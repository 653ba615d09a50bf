"""Prepollency pieces, moves and turns: the notation of docs/RULES.md, and a turn as a record
writes it.

A `Move` is one piece going `from-to` (``Move.parse("c3-e5")``); a `Turn` is a tuple of zero
to two moves (``Turn.parse(["c3-e5", "h7-h8"])``, printed ``["c3-e5", "h7-h8"]``); `END` is
the step that closes a turn (a `Step` is a `Move` or `END`: the protocol's steps). Every move a
piece could ever make along a line is built once at import and shared (`MOVES`), so the move
generator (`prepollency.movegen`) appends ready values and allocates nothing.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from common.grid import KING, Grid
from common.i18n import _
from common.protocol import QUOTE_LIMIT, InvalidMoveError, quoted

GRID = Grid.of(15)
CELLS = GRID.cells

EMPTY, INFANTRY, CAVALRY, ARCHER, KHAN = 0, 1, 2, 3, 4
LETTERS = ".ICAK"  # diagram letter per kind
PIECE_NAMES = ("", "Infantry", "Cavalry", "Archer", "Khan")


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
            raise InvalidMoveError(_("a move is a string like \"c3-e5\", not {given}").format(
                given=json_words(text)))
        parts = text.split("-")
        if len(parts) != 2:
            raise InvalidMoveError(_("{move} is not a move (write it like c3-e5)").format(
                move=quoted(text)))
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
            raise InvalidMoveError(_('{turn} is not a turn (a turn is a list like '
                                     '["c3-e5", "h7-h8"] or [], never a string)').format(
                                         turn=quoted(data)))
        if not isinstance(data, list | tuple):
            raise InvalidMoveError(_('a turn is a list of moves like ["c3-e5", "h7-h8"], not '
                                     '{given}').format(given=json_words(data)))
        if len(data) > 2:
            raise InvalidMoveError(_("a turn has at most two moves, not {count}").format(
                count=len(data)))
        return cls(m if isinstance(m, Move) else Move.parse(m) for m in data)


def json_words(value: Any) -> str:
    """A JSON value as an error message names it: 'the string "x"', 'a list', 'null', ...
    (true, false and null are JSON's words, not translated)."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, str):
        shown = value if len(value) <= QUOTE_LIMIT else value[: QUOTE_LIMIT - 1] + "…"
        # Translators: a JSON value named in an error: 'not the string "x"'
        return _('the string "{text}"').format(text=shown)
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return f"{type(value).__name__} {quoted(value)}"


# MOVES[frm][to]: the one `Move` value of every pair of squares on a common line (None off the
# lines: no piece ever moves there), shared by the generator, `Move.parse` and the tables.
MOVES: list[list[Move | None]] = [[None] * CELLS for _ in range(CELLS)]
for _s in range(CELLS):
    for _dc, _dr in KING:
        for _t in GRID.ray(_s, _dc, _dr):
            MOVES[_s][_t] = Move(_s, _t)


def line_move(frm: int, to: int) -> Move:
    """The `Move` between two squares on a common line (ValueError if they are not)."""
    move = MOVES[frm][to]
    if move is None:
        raise ValueError(f"{GRID.name(frm)} and {GRID.name(to)} are not on a common line")
    return move


def square_index(square: int | str) -> int:
    """The index of a square given as an index or a name ("c3"); InvalidMoveError if it is
    no square."""
    if isinstance(square, str):
        try:
            return GRID.index(square)
        except ValueError as err:
            raise InvalidMoveError(str(err)) from None
    try:
        index = operator.index(square)
    except TypeError:
        index = -1
    if isinstance(square, bool) or not 0 <= index < CELLS:
        raise InvalidMoveError(_("{square} is not a square").format(square=quoted(square)))
    return index


def steps_to_move(steps: Sequence[Step]) -> Turn:
    """The turn made of the steps that completed it: its moves in order, END dropped."""
    return Turn(step for step in steps if not isinstance(step, _End))


def move_data(move: Turn) -> list[str]:
    """A turn as a record writes it: a list of "from-to" strings."""
    return [str(m) for m in move]
