"""Prepollency positions: the board geometry (seats, bases, Obelisk), the `State` value, the
starting position, and text diagrams in and out (for tests, debugging and the rules screen).

The board is a numpy array ``board[plane, square]`` of int8 with two planes, `OWNER` (seat
1-4, 0 empty) and `KIND` (moves.INFANTRY ... moves.KHAN, 0 empty), squares indexed as in
`common.grid` (``board.reshape(2, 15, 15)[plane, rank_row, file_col]``). The same two planes
ride along as plain tuples (`State.owners`, `State.kinds`) and each seat's squares as sorted
tuples (`State.pieces`) for the move generator's loops. A State is immutable: a NamedTuple of
tuples, ints and a read-only array; `apply` builds new ones.

Seats: 2 players sit on seats 1 and 3, 4 players on 1 to 4, and 3 players (a variant, this
edition's ruling) on 1, 2 and 3; the o1 corner then starts empty and is ordinary ground.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from common.i18n import _
from common.protocol import Outcome, quoted
from prepollency.facts import SEATS_FOR  # noqa: F401  (players -> seats; 3: the variant)
from prepollency.moves import CELLS, GRID, KHAN, LETTERS

OWNER, KIND = 0, 1
ALL_SEATS = (1, 2, 3, 4)
CORNER_CELL = {1: (0, 0), 2: (0, 14), 3: (14, 14), 4: (14, 0)}  # (file col, rank row)
OBELISK = tuple(GRID.index(n) for n in ("h8", "g8", "i8", "h7", "h9"))


def _base(seat: int) -> tuple[int, int, int, int]:
    col, row = CORNER_CELL[seat]
    dc, dr = (1 if col == 0 else -1), (1 if row == 0 else -1)
    return _square(col, row), _square(col + dc, row), _square(col, row + dr), \
        _square(col + dc, row + dr)


def _square(col: int, row: int) -> int:
    square = GRID.at(col, row)
    if square is None:
        raise ValueError(f"({col}, {row}) is off the board")
    return square


# BASES[seat]: its four base squares in the Khan's order: corner, same rank, same file, inner.
BASES = {seat: _base(seat) for seat in ALL_SEATS}


class State(NamedTuple):
    """A Prepollency position between steps: board, seats, whose turn, counters, result.

    `turn` is the seat to move and `result` the Outcome once the game is over (the same field
    names as Overlords' State). `moved` is the square of the piece that already moved this
    turn (-1 at a turn's start), `captured` whether this turn captured so far. `holds[seat]`
    is the seat's Obelisk hold count, `quiet` the number of consecutive quiet turns.
    """

    board: np.ndarray
    owners: tuple[int, ...]  # owners[square]: seat or 0
    kinds: tuple[int, ...]  # kinds[square]: piece kind or 0
    pieces: tuple[tuple[int, ...], ...]  # pieces[seat]: sorted squares (index 0 unused)
    seats: tuple[int, ...]  # the seats of the game, clockwise (2 players: (1, 3))
    alive: tuple[int, ...]  # the seats still in the game, clockwise
    turn: int
    holds: tuple[int, ...]  # holds[seat] (index 0 unused)
    quiet: int
    moved: int = -1
    captured: bool = False
    result: Outcome | None = None

    def key(self) -> tuple:
        """Everything that makes the position: equal keys, equal states (hashable)."""
        return (self.board.tobytes(), self.seats, self.alive, self.turn, self.holds,
                self.quiet, self.moved, self.captured, self.result)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return (f"<Prepollency seat {self.turn} to move, alive {self.alive}, "
                f"holds {self.holds[1:]}, quiet {self.quiet}, moved {self.moved}, "
                f"result {self.result}>\n{diagram(self)}")


def make_state(board: np.ndarray, seats: tuple[int, ...], alive: tuple[int, ...], turn: int,
               holds: tuple[int, ...] = (0, 0, 0, 0, 0), quiet: int = 0) -> State:
    """A turn-start state from a board array (the tuples of squares derived from it)."""
    board = np.array(board, dtype=np.int8).reshape(2, CELLS)
    board.flags.writeable = False
    owners, kinds = tuple(board[OWNER].tolist()), tuple(board[KIND].tolist())
    pieces = tuple(tuple(s for s in range(CELLS) if owners[s] == seat) for seat in range(5))
    return State(board, owners, kinds, pieces, tuple(seats), tuple(alive), turn,
                 tuple(holds), quiet)


def diagram(state: State, files: str = "abcdefghijklmno", ranks: range = range(15, 0, -1)
            ) -> str:
    """The board as text: a header of files, then a line per rank (`1A` = seat 1's Archer)."""
    lines = ["    " + "  ".join(files)]
    for rank in ranks:
        cells = []
        for f in files:
            s = GRID.index(f"{f}{rank}")
            seat = state.owners[s]
            cells.append(f"{seat}{LETTERS[state.kinds[s]]}" if seat else ". ")
        lines.append(f"{rank:>2}  " + " ".join(cells).rstrip())
    return "\n".join(lines)


def board_from_diagram(text: str) -> np.ndarray:
    """A board from a diagram as `diagram` prints it, maybe only some files and ranks shown."""
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if not rows:
        raise ValueError("empty diagram")
    files = rows[0]
    for f in files:
        if len(f) != 1 or not "a" <= f <= "o":
            raise ValueError(f"diagram header {' '.join(files)!r}: {f!r} is not a file a-o")
    board = np.zeros((2, CELLS), dtype=np.int8)
    for row in rows[1:]:
        rank, cells = row[0], row[1:]
        if len(cells) != len(files):
            raise ValueError(f"diagram rank {rank}: {len(cells)} cells for {len(files)} files")
        for f, cell in zip(files, cells, strict=True):
            s = GRID.index(f"{f}{rank}")
            if cell == ".":
                continue
            if (len(cell) != 2 or cell[0] not in "1234" or cell[1] not in LETTERS[1:]):
                raise ValueError(f"diagram {f}{rank}: {cell!r} is not '.' or seat+kind like 1A")
            board[OWNER, s], board[KIND, s] = int(cell[0]), LETTERS.index(cell[1])
    return board


def from_diagram(text: str, seats: tuple[int, ...] = (1, 3), turn: int | None = None,
                 holds: tuple[int, ...] = (0, 0, 0, 0, 0), quiet: int = 0,
                 alive: tuple[int, ...] | None = None) -> State:
    """A turn-start state from a diagram (see `board_from_diagram`), for tests and puzzles."""
    alive = seats if alive is None else alive
    return make_state(board_from_diagram(text), seats, alive,
                      alive[0] if turn is None else turn, holds, quiet)


def has_khan(state: State, seat: int) -> bool:
    """Whether the seat has its Khan on the board."""
    kinds = state.kinds
    return any(kinds[s] == KHAN for s in state.pieces[seat])


def players(state: State) -> tuple[int, ...]:
    """The seats of the game, clockwise (eliminated seats included)."""
    return state.seats


def to_move(state: State) -> int:
    """The seat whose turn it is (`State.turn`)."""
    return state.turn


def player_label(player: int) -> int:
    """A seat is written as its number in records."""
    return player


def player_from_label(label: Any) -> int:
    """The seat a record label names (ValueError if it is not 1 to 4: a whole number, never
    3.0 or true, which equal 3 and 1 in Python but are not seats in a record)."""
    if type(label) is not int or label not in ALL_SEATS:
        raise ValueError(_("{label} is not a seat (1 to 4)").format(label=quoted(label)))
    return int(label)
