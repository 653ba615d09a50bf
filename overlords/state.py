"""Overlords positions: the pieces, stones and features, the board geometry, the cell encoding
and the immutable `State` (docs/RULES.md, "Overlords").

The board is three numpy planes of 64 int8 (``board``, ``features``, ``control``). A cell of
the board plane is 0 (empty) or ``1 + side * 4 + type``: `piece_code`, `decode_cell`,
`cell_side` and `cell_type` are the one place that knows that layout (the hot loops of
`overlords.movegen`, `overlords.tactics` and `overlords.ai` may inline it, other code calls
them). Who plays and how a record names a side are here too (`players`, `to_move`,
`player_label`, `player_from_label`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from common.grid import Grid
from common.i18n import _
from common.protocol import Outcome, quoted

if TYPE_CHECKING:
    from overlords.moves import Move

GRID = Grid.of(8)
WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")
OVERLORD, WIZARD, DRAGON, HERO = 0, 1, 2, 3
TYPE_LETTERS = "OWDH"
TYPE_NAMES = ("Overlord", "Wizard", "Dragon", "Hero")
TYPE_PLURALS = ("Overlords", "Wizards", "Dragons", "Heroes")
CASTLE, TOWER, LAIR, PIT, MOUNTAIN = 0, 1, 2, 3, 4
NO_FEATURE = -1
FEATURE_NAMES = ("castle", "tower", "lair", "pit", "mountain")
SOURCES = (CASTLE, TOWER, LAIR)
BARRIERS = (PIT, MOUNTAIN)
RECRUITS = {CASTLE: HERO, TOWER: WIZARD, LAIR: DRAGON}
SOURCE_OF = {HERO: CASTLE, WIZARD: TOWER, DRAGON: LAIR}
FATE_STONES = (1, 2, 2, 2)  # a full hand of Fate stones per type O, W, D, H
FULL_SET = (1, 3, 2, 4)  # figures per side per type
FORBIDDEN = {1: DRAGON, 3: WIZARD, 4: HERO, 6: OVERLORD, 7: OVERLORD}
RUNE_NAMES = {
    1: "King step", 2: "Bishop", 3: "Rook", 4: "Knight", 5: "Teleport", 6: "Recruit", 7: "Pawn",
}
ALL_RUNES = 0b1111111
DRAW_TURNS = 100

# CAPTURES[mover][victim]: may a figure of type mover capture one of type victim?
CAPTURES = tuple(
    tuple(
        (m, v) not in ((DRAGON, HERO), (WIZARD, DRAGON), (HERO, WIZARD)) for v in range(4)
    )
    for m in range(4)
)



# --- the cell encoding: 0 (empty) or 1 + side * 4 + type ---------------------------------------

def piece_code(side: int, kind: int) -> int:
    """The board cell value of a side's figure of that type."""
    return 1 + side * 4 + kind


def decode_cell(cell: int) -> tuple[int, int] | None:
    """(side, type) of a board cell value, or None for an empty square."""
    return None if cell == 0 else ((cell - 1) >> 2, (cell - 1) & 3)


def cell_side(cell: int) -> int:
    """The side of the figure of a (non-empty) board cell value."""
    return (cell - 1) >> 2


def cell_type(cell: int) -> int:
    """The figure type of a (non-empty) board cell value."""
    return (cell - 1) & 3


class Board:
    """What never changes during one game: the features and tables derived from them."""

    __slots__ = ("features", "barrier", "free", "sources", "source_squares")

    def __init__(self, features: np.ndarray) -> None:
        features = np.array(features, dtype=np.int8)
        features.flags.writeable = False
        self.features = features
        kinds = features.tolist()
        self.barrier = tuple(k >= PIT for k in kinds)
        self.free = tuple(i for i in range(64) if not self.barrier[i])
        self.sources = {k: tuple(i for i in range(64) if kinds[i] == k) for k in SOURCES}
        self.source_squares = np.array([i for i in range(64) if 0 <= kinds[i] < PIT], np.intp)


class State:
    """One position: planes, stones, reserves, whose turn, the quiet-turn count and result.

    Immutable: its arrays are read-only and `apply` builds a new State, never writing to an
    old one. Its attributes are plain slots and are not guarded against assignment (measured:
    refusing it cost 0.75 us per State built, an immutable NamedTuple halves attribute reads;
    either slowed playouts by about 10%): never assign to them. The one exception is `legal`,
    a cache of the sorted legal moves that `rules.legal_moves` fills on first use, so that
    `rules.apply` checks a move against it instead of generating every move again (it is
    derived from the rest, so the state stays a value: equality and hashing ignore it).
    """

    __slots__ = ("board", "control", "runes", "fates", "reserve", "turn", "quiet", "ply",
                 "result", "static", "legal")

    def __init__(
        self,
        static: Board,
        board: np.ndarray,  # board[sq]: 0 empty, else piece_code(side, type): see decode_cell
        control: np.ndarray,  # control[sq]: -1 no marker, else the side whose marker it is
        runes: tuple[int, int],  # runes[side]: bit r-1 set while Rune r is unplayed
        fates: tuple[tuple[int, ...], tuple[int, ...]],  # fates[side][type]: unplayed Fates
        reserve: tuple[tuple[int, ...], tuple[int, ...]],  # reserve[side][type]: figures left
        turn: int,
        quiet: int = 0,
        ply: int = 0,
        result: Outcome | None = None,
    ) -> None:
        self.static = static
        self.board = board
        self.control = control
        self.runes = runes
        self.fates = fates
        self.reserve = reserve
        self.turn = turn
        self.quiet = quiet
        self.ply = ply
        self.result = result
        self.legal: tuple[Move, ...] | None = None  # rules.legal_moves, once asked (a cache)

    @property
    def features(self) -> np.ndarray:
        """Feature plane: -1 for none, else a feature id (read-only)."""
        return self.static.features

    def figure(self, sq: int) -> tuple[int, int] | None:
        """(side, type) of the figure on sq, or None."""
        return decode_cell(int(self.board[sq]))

    def occupant(self, sq: int) -> tuple[int, int]:
        """(side, type) of the figure known to stand on sq (ValueError if it is empty)."""
        figure = decode_cell(int(self.board[sq]))
        if figure is None:
            raise ValueError(f"no figure on the square {sq}")
        return figure

    def turns_to_reckoning(self, side: int) -> int:
        """How many turns the side plays before its stones return (its unplayed Runes)."""
        return self.runes[side].bit_count()

    def hand_runes(self, side: int) -> list[int]:
        """The side's unplayed Runes, ascending."""
        return [r for r in range(1, 8) if self.runes[side] >> (r - 1) & 1]

    def key(self) -> bytes:
        """Bytes that identify the position (for equality, hashing and transposition tables)."""
        extra = bytes([*self.runes, *self.fates[0], *self.fates[1], *self.reserve[0],
                       *self.reserve[1], self.turn, min(self.quiet, 255)])
        return self.board.tobytes() + self.control.tobytes() + extra

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.key() == other.key() and self.result == other.result
                and bytes(self.static.features) == bytes(other.static.features))

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<overlords State ply {self.ply}, {SIDE_NAMES[self.turn]} to move>"




def players(state: State) -> tuple[int, ...]:
    """The two sides, White first."""
    return (WHITE, BLACK)


def to_move(state: State) -> int:
    """The side whose turn it is."""
    return state.turn


def player_label(player: int) -> str:
    """"white" or "black"."""
    return SIDE_NAMES[player]


def player_from_label(label: Any) -> int:
    """The side a record names ("white" or "black")."""
    if label not in SIDE_NAMES:
        raise ValueError(_("{label} is not a side (white or black)").format(
            label=quoted(label)))
    return SIDE_NAMES.index(label)
