"""Overlords positions from text diagrams, for tests.

A diagram has 8 rows (rank 8 first), each with 8 two-letter cells: the feature (``c`` castle,
``t`` tower, ``l`` lair, ``p`` pit, ``m`` mountain, ``.`` none) and the figure (``O W D H`` for
White, ``o w d h`` for Black, ``.`` none). Unlike `make_state`, any arrangement is allowed.
"""

from __future__ import annotations

import numpy as np

from common.protocol import Outcome
from overlords import rules
from overlords.state import Board, State, piece_code

_FEATURES = {"c": rules.CASTLE, "t": rules.TOWER, "l": rules.LAIR, "p": rules.PIT,
             "m": rules.MOUNTAIN, ".": -1}


def position(
    diagram: str,
    turn: int = rules.WHITE,
    runes: tuple[int, int] = (rules.ALL_RUNES, rules.ALL_RUNES),
    fates: tuple[tuple[int, ...], tuple[int, ...]] = (rules.FATE_STONES, rules.FATE_STONES),
    reserve: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 2, 1, 3), (0, 2, 1, 3)),
    control: dict[str, int] | None = None,
    quiet: int = 0,
    result: Outcome | None = None,
) -> State:
    """A State from a diagram and the stones, reserves, markers and counters given."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows), "8 rows of 8 cells"
    features = np.full(64, -1, np.int8)
    board = np.zeros(64, np.int8)
    for r, cells in enumerate(rows):
        for c, cell in enumerate(cells):
            sq = (7 - r) * 8 + c
            features[sq] = _FEATURES[cell[0]]
            if cell[1] != ".":
                side = rules.WHITE if cell[1].isupper() else rules.BLACK
                board[sq] = piece_code(side, rules.TYPE_LETTERS.index(cell[1].upper()))
    plane = np.full(64, -1, np.int8)
    for name, side in (control or {}).items():
        plane[rules.GRID.index(name)] = side
    board.flags.writeable = plane.flags.writeable = False
    return State(Board(features), board, plane, runes, fates, reserve, turn, quiet, 0, result)


def board(**cells: str) -> str:
    """A diagram with the given cells ("e4": "cH", ...) on an otherwise empty board."""
    rows = [[".."] * 8 for _ in range(8)]
    for name, cell in cells.items():
        i = rules.GRID.index(name)
        rows[7 - i // 8][i % 8] = cell
    return "\n".join(" ".join(r) for r in rows)


def runes_of(*numbers: int) -> int:
    """A rune bitmask holding exactly these runes."""
    return sum(1 << (n - 1) for n in numbers)


def targets(state: State, frm: str, rune: int) -> set[str]:
    """Names of the squares the figure on frm reaches with that rune (any legal move)."""
    sq = rules.GRID.index(frm)
    return {rules.GRID.name(m.to) for m in rules.moves_from(state, sq) if m.rune == rune}
