"""Square names and geometry for an N x N board: `"c4"` <-> index, directions, rays, jumps.

Index = rank_row * N + file_col, with rank 1 (row 0) at the bottom as drawn and file `a`
(col 0) on the left, so `"a1"` is 0 and on an 8x8 board `"h8"` is 63. Every table is built
once per board size and holds plain ints and tuples for the engines' inner loops.
"""

from __future__ import annotations

from functools import cache

from common.i18n import _

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KING = ORTHOGONAL + DIAGONAL
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


class Grid:
    """Geometry of an N x N board (use `Grid.of(n)`: one shared instance per size)."""

    def __init__(self, n: int) -> None:
        if not 1 <= n <= 26:
            raise ValueError(f"board size {n} out of range")
        self.n = n
        self.cells = n * n
        self.names: tuple[str, ...] = tuple(
            f"{chr(ord('a') + i % n)}{i // n + 1}" for i in range(self.cells)
        )
        self._index = {name: i for i, name in enumerate(self.names)}
        self.rays_orthogonal = self._rays(ORTHOGONAL)
        self.rays_diagonal = self._rays(DIAGONAL)
        self.neighbours = self._jumps(KING)
        self.knight = self._jumps(KNIGHT)

    @staticmethod
    @cache
    def of(n: int) -> Grid:
        """The shared Grid for an n x n board."""
        return Grid(n)

    def index(self, name: str) -> int:
        """Index of a square name like "c4"; ValueError with a readable message if it is none."""
        try:
            return self._index[name]
        except (KeyError, TypeError):
            last = self.names[-1]
            raise ValueError(_("{name!r} is not a square (a1 to {last})").format(
                name=name, last=last)) from None

    def name(self, index: int) -> str:
        """Name of the square at index."""
        return self.names[index]

    def col(self, index: int) -> int:
        """File as a 0-based column (a = 0)."""
        return index % self.n

    def row(self, index: int) -> int:
        """Rank as a 0-based row (rank 1 = 0)."""
        return index // self.n

    def at(self, col: int, row: int) -> int | None:
        """Index of (col, row), or None off the board."""
        if 0 <= col < self.n and 0 <= row < self.n:
            return row * self.n + col
        return None

    def ray(self, index: int, dc: int, dr: int) -> tuple[int, ...]:
        """Squares from index (exclusive) stepping (dc, dr) to the edge."""
        out = []
        c, r = self.col(index) + dc, self.row(index) + dr
        while 0 <= c < self.n and 0 <= r < self.n:
            out.append(r * self.n + c)
            c, r = c + dc, r + dr
        return tuple(out)

    def _rays(self, dirs: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        return tuple(
            tuple(ray for d in dirs if (ray := self.ray(i, *d))) for i in range(self.cells)
        )

    def _jumps(self, deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(
                j
                for dc, dr in deltas
                if (j := self.at(self.col(i) + dc, self.row(i) + dr)) is not None
            )
            for i in range(self.cells)
        )
