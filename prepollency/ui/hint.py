"""The hint of the Prepollency screen: the turn the `normal` level would play, shown and not
played (asked by the shared game screen, `common.ui.game_hint`).

Drawn like the Overlords hint: a dark-backed dashed outline on each hinted piece AND on its
target square, a broad dark-edged arrow between them that keeps a visible shaft even for a
one-square move, and, for a two-move turn, the badges 1 and 2 on the pieces. The status area
says it in words (`hint_words`): "Hint: e3-f4, then b5-c6 — click e3 to play the first move",
or "Hint: hold the line". Clicking the hinted piece plays the hinted move; the rest of the
hint stays for the second move. Picking another piece, or any move, takes the hint away.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Color, Palette
from prepollency.moves import GRID, Move

DASH_TILES = 0.16  # a dash's length, in tiles


def hint_words(moves: Sequence[Move], moved: bool) -> str:
    """The hint in the status area's words (`moved`: the turn's first move is made)."""
    if not moves:
        return ("Hint: end the turn now — End turn (Enter)" if moved
                else "Hint: hold the line — Hold the line (Space) ends the turn with no move")
    where = GRID.names[moves[0].frm]
    text = "Hint: " + ", then ".join(str(m) for m in moves)
    if len(moves) > 1:
        return f"{text} — click {where} to play the first move"
    if moved:
        return f"{text} — click {where} to play it"
    return f"{text} — click {where} to play it, then End turn"


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int,
                 dash: int) -> None:
    """A dashed outline whose dashes start at each corner (the corners always show)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // (2 * dash)))
        step = length / (2 * steps)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for i in range(steps + 1):
            a, b = 2 * i * step, min(length, 2 * i * step + step)
            if b > a:
                pygame.draw.line(surface, color, (x0 + ux * a, y0 + uy * a),
                                 (x0 + ux * b, y0 + uy * b), width)


def mark_square(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A dark-backed dashed outline just inside the square: the hint's shape."""
    tile = view.tile
    rect = view.square_rect(sq).inflate(-max(4, tile // 12), -max(4, tile // 12))
    width = max(3, tile // 16)
    pygame.draw.rect(surface, pal.backdrop, rect.inflate(2, 2), width + 2, border_radius=3)
    _dashed_rect(surface, rect, pal.info, width, max(5, int(tile * DASH_TILES)))


def hint_arrow(surface: pygame.Surface, view: BoardView, frm: int, to: int,
               pal: Palette) -> None:
    """A broad dark-edged arrow from the piece into its target; for a move of one square
    it still has a shaft about a third of a tile long behind its head."""
    start, end = view.center(frm), view.center(to)
    tile = view.tile
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    tail = (start[0] + ux * tile * 0.15, start[1] + uy * tile * 0.15)
    tip = (end[0] - ux * tile * 0.06, end[1] - uy * tile * 0.06)
    span = length - tile * 0.21
    head = min(tile * 0.36, span * 0.45)
    half, wing = max(3.0, tile / 11), max(6.0, tile * 0.26)
    draw.arrow(surface, tail, tip, half, head, wing, pal.info, 225, outline=pal.backdrop,
               outline_width=3, pad=12)


def badge(surface: pygame.Surface, view: BoardView, sq: int, label: str, pal: Palette) -> None:
    """A numbered disc at a square's top-left corner (the order of the hinted moves)."""
    rect = view.square_rect(sq)
    r = max(8, view.tile // 5)
    center = (rect.x + r, rect.y + r)
    pygame.draw.circle(surface, pal.info, center, r)
    pygame.draw.circle(surface, pal.backdrop, center, r, 2)
    draw.blit_text(surface, label, max(10, int(r * 1.5)), pal.backdrop, center, "center",
                   bold=True)


def draw_hint(surface: pygame.Surface, view: BoardView, moves: Sequence[Move],
              pal: Palette) -> None:
    """A hinted turn on the board: both squares of each move outlined, an arrow each,
    numbered 1 and 2 when there are two (nothing for holding the line)."""
    moves = list(moves)
    for move in moves:
        mark_square(surface, view, move.frm, pal)
        mark_square(surface, view, move.to, pal)
    for move in moves:
        hint_arrow(surface, view, move.frm, move.to, pal)
    if len(moves) > 1:
        for i, move in enumerate(moves):
            badge(surface, view, move.frm, str(i + 1), pal)
