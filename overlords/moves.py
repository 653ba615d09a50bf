"""Overlords moves: the packed-int encoding of a turn, the `Move` value that prints the
notation of docs/RULES.md ("2D f1-c4", "6H b5", "3W --"), and a move as a record writes it.

A move is an int packed as ``rune << 16 | fate << 14 | frm << 7 | to`` with `NONE` (64)
standing for "no square" (a recruit has no ``frm``, a discard neither square). The `move_*` and
`is_*` functions are the one place that knows that layout (the hot loops of
`overlords.movegen`, `overlords.tactics` and `overlords.ai` may inline it, other code calls
them); `Move` is the int subclass whose properties read the same parts.
"""

from __future__ import annotations

from collections.abc import Sequence

from common.i18n import _
from common.protocol import InvalidMoveError, quoted
from overlords.state import GRID, TYPE_LETTERS

NONE = 64  # "no square" inside a packed move


def move_code(rune: int, fate: int, frm: int | None = None, to: int | None = None) -> int:
    """The packed int of a move (frm None for a recruit, both None for a discard)."""
    return rune << 16 | fate << 14 | (NONE if frm is None else frm) << 7 | (
        NONE if to is None else to)


def move_rune(code: int) -> int:
    """The Rune of a packed move (1..7)."""
    return code >> 16


def move_fate(code: int) -> int:
    """The Fate of a packed move, as a figure type."""
    return (code >> 14) & 3


def move_from(code: int) -> int | None:
    """The square a packed move leaves (None for a recruit or a discard)."""
    frm = (code >> 7) & 127
    return None if frm == NONE else frm


def move_to(code: int) -> int | None:
    """The square a packed move ends on (None for a discard)."""
    to = code & 127
    return None if to == NONE else to


def is_discard(code: int) -> bool:
    """True for a packed move that plays two stones without moving."""
    return code & 127 == NONE


def is_recruit(code: int) -> bool:
    """True for a packed recruit from the reserve."""
    return (code >> 7) & 127 == NONE and code & 127 != NONE


def is_board_move(code: int) -> bool:
    """True for a packed move of a figure from one square to another (not a recruit or a
    discard)."""
    return (code >> 7) & 127 != NONE and code & 127 != NONE


class Move(int):
    """A turn packed in an int; ``str()`` gives the RULES.md notation ("2D f1-c4"). Its
    properties read the parts (the module's `move_*` functions do the same for plain ints)."""

    __slots__ = ()

    @classmethod
    def make(cls, rune: int, fate: int, frm: int | None = None, to: int | None = None) -> Move:
        """A move from its parts (frm None for a recruit, both None for a discard)."""
        return cls(move_code(rune, fate, frm, to))

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move a notation token names; InvalidMoveError with the reason if it is malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(_('a move is a text like "2D f1-c4", not {text}').format(
                text=quoted(text)))
        parts = text.split(" ")
        if len(parts) != 2 or len(parts[0]) != 2:
            raise InvalidMoveError(_('{text} is not a move (like "2D f1-c4", "6H b5" or '
                                     '"3W --")').format(text=quoted(text)))
        rune_text, fate_text = parts[0][0], parts[0][1]
        if rune_text not in "1234567":
            raise InvalidMoveError(_("{text}: the Rune must be a digit from 1 to 7").format(
                text=quoted(text)))
        if fate_text not in TYPE_LETTERS:
            raise InvalidMoveError(_("{text}: the Fate must be one of H, W, D, O").format(
                text=quoted(text)))
        rune, fate, where = int(rune_text), TYPE_LETTERS.index(fate_text), parts[1]
        if where == "--":
            return cls.make(rune, fate)
        squares = where.split("-")
        try:
            indices = [GRID.index(sq) for sq in squares]
        except ValueError as err:
            raise InvalidMoveError(f"{quoted(text)}: {err}") from None
        if len(indices) == 1 and rune == 6:
            return cls.make(rune, fate, None, indices[0])
        if len(indices) == 2 and rune != 6:
            return cls.make(rune, fate, indices[0], indices[1])
        if rune == 6:
            raise InvalidMoveError(_('{text}: a recruit names only its target square, like '
                                     '"6H b5"').format(text=quoted(text)))
        raise InvalidMoveError(_('{text}: a move names two squares, like "2D f1-c4"').format(
            text=quoted(text)))

    rune = property(move_rune)
    fate = property(move_fate)
    frm = property(move_from)
    to = property(move_to)
    is_discard = property(is_discard)
    is_recruit = property(is_recruit)

    def __str__(self) -> str:
        head = f"{self.rune}{TYPE_LETTERS[self.fate]}"
        frm, to = self.frm, self.to
        if to is None:
            return f"{head} --"
        if frm is None:
            return f"{head} {GRID.names[to]}"
        return f"{head} {GRID.names[frm]}-{GRID.names[to]}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"




def move_data(move: int) -> str:
    """A move as a record writes it: its notation."""
    return str(Move(move))


def steps_to_move(steps: Sequence[int]) -> Move:
    """The move made of the steps that completed a turn: a step is a whole move."""
    if len(steps) != 1:
        raise ValueError(_("an Overlords turn is one step, not {count}").format(
            count=len(steps)))
    return Move(steps[0])
