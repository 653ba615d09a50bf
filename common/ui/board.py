"""The board view shared by both games: pixel <-> square mapping and the pre-rendered ground.

The board is fitted into a rectangle as large square tiles with a frame for the coordinates;
every layout (after a resize or in fullscreen) recomputes the mapping, so clicks stay exact.
The ground (texture, soft checker, thin grid lines, file letters and rank numbers) is drawn
once per size and palette and then blitted. A flipped board shows rank 1 at the top.
"""

from __future__ import annotations

import pygame

from common.grid import Grid
from common.ui import assets, draw
from common.ui.theme import Palette, mix

FRAME = 0.42  # the frame width around the tiles, in tiles


class BoardView:
    """Geometry and ground of an N x N board inside a rectangle of the window."""

    def __init__(self, grid: Grid, texture: str = "parchment") -> None:
        self.grid = grid
        self.n = grid.n
        self.texture = texture
        self.flipped = False
        self.tile = 1
        self.rect = pygame.Rect(0, 0, grid.n, grid.n)  # the tiles only
        self.frame = self.rect.copy()  # tiles plus coordinates frame
        self._ground: pygame.Surface | None = None
        self._ground_key: tuple | None = None

    def layout(self, area: pygame.Rect) -> None:
        """Fit the board (with its frame) into area, centred."""
        side = max(self.n, min(area.w, area.h))
        self.tile = max(1, int(side / (self.n + 2 * FRAME)))
        board = self.tile * self.n
        margin = round(self.tile * FRAME)
        self.frame = pygame.Rect(0, 0, board + 2 * margin, board + 2 * margin)
        self.frame.center = area.center
        self.rect = pygame.Rect(self.frame.x + margin, self.frame.y + margin, board, board)

    def cell(self, sq: int) -> tuple[int, int]:
        """The (column, row) on screen of a square, counted from the top-left tile."""
        col, row = self.grid.col(sq), self.grid.row(sq)
        if self.flipped:
            return self.n - 1 - col, row
        return col, self.n - 1 - row

    def square_rect(self, sq: int) -> pygame.Rect:
        """The tile of a square in window pixels."""
        c, r = self.cell(sq)
        return pygame.Rect(self.rect.x + c * self.tile, self.rect.y + r * self.tile,
                           self.tile, self.tile)

    def center(self, sq: int) -> tuple[int, int]:
        """The centre of a square in window pixels."""
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under a window pixel, or None off the board."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (0 <= x < self.rect.w and 0 <= y < self.rect.h):
            return None
        c, r = int(x // self.tile), int(y // self.tile)
        if self.flipped:
            return self.grid.at(self.n - 1 - c, r)
        return self.grid.at(c, self.n - 1 - r)

    def ground(self, pal: Palette) -> pygame.Surface:
        """The frame, textured tiles, grid and coordinates (cached per size and palette)."""
        key = (self.tile, self.flipped, pal.name, self.texture)
        if self._ground is None or self._ground_key != key:
            self._ground = self._render_ground(pal)
            self._ground_key = key
        return self._ground

    def _render_ground(self, pal: Palette) -> pygame.Surface:
        frame = pygame.Surface(self.frame.size)
        frame.fill((66, 48, 32))
        inner = pygame.Rect(self.rect.x - self.frame.x, self.rect.y - self.frame.y,
                            self.rect.w, self.rect.h)
        # the frame: dark wood with a lighter bevel
        pygame.draw.rect(frame, (92, 68, 44), frame.get_rect(), border_radius=6)
        pygame.draw.rect(frame, (52, 38, 26), frame.get_rect().inflate(-6, -6), border_radius=5)
        texture = assets.image(f"art/board/{self.texture}.png")
        tiles = pygame.Surface(inner.size)
        if texture is not None:
            tw, th = texture.get_size()
            for x in range(0, inner.w, tw):
                for y in range(0, inner.h, th):
                    tiles.blit(texture, (x, y))
        else:
            tiles.fill((226, 208, 170) if self.texture == "parchment" else (92, 100, 108))
        shade = pygame.Surface((self.tile, self.tile), pygame.SRCALPHA)
        shade.fill((90, 60, 20, 26))
        for sq in range(self.grid.cells):
            c, r = self.cell(sq)
            if (c + r) % 2 == 1:
                tiles.blit(shade, (c * self.tile, r * self.tile))
        lines = pygame.Surface(inner.size, pygame.SRCALPHA)
        for i in range(1, self.n):
            p = i * self.tile
            pygame.draw.line(lines, pal.grid, (p, 0), (p, inner.h - 1))
            pygame.draw.line(lines, pal.grid, (0, p), (inner.w - 1, p))
        tiles.blit(lines, (0, 0))
        pygame.draw.rect(tiles, mix((60, 44, 26), (0, 0, 0), 0.2), tiles.get_rect(), 2)
        frame.blit(tiles, inner)
        self._draw_coords(frame, inner)
        return frame.convert() if pygame.display.get_surface() else frame

    def _draw_coords(self, frame: pygame.Surface, inner: pygame.Rect) -> None:
        margin = inner.x
        px = max(11, min(22, int(margin * 0.55)))
        color = (226, 206, 170)
        for i in range(self.n):
            file_letter = chr(ord("a") + (self.n - 1 - i if self.flipped else i))
            rank = str(i + 1 if self.flipped else self.n - i)
            x = inner.x + i * self.tile + self.tile // 2
            y = inner.y + i * self.tile + self.tile // 2
            for pos in ((x, inner.bottom + margin // 2), (x, margin // 2)):
                draw.blit_text(frame, file_letter, px, color, pos, "center", bold=True)
            for pos in ((margin // 2, y), (inner.right + margin // 2, y)):
                draw.blit_text(frame, rank, px, color, pos, "center", bold=True)
