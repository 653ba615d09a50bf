"""Pictures on the Rules screen: the frame every game's pictures are drawn in (pygame).

A paragraph ``"Picture: KEY"`` in a game's rules text (`rules_text.SECTIONS`) is drawn by the
Rules screen through `picture(game_screens, key, width, pal, m)`, which asks the game's screens
module for ``rules_picture(key, width, pal, m)``. Each game builds its pictures from its engine
(a real position, its real legal moves, its real results: `overlords.ui.rules_pictures`,
`prepollency.ui.rules_pictures`), so a picture cannot say what the rules do not; with the
helpers here, which know nothing of either game:

- `board_frame(view, paint, squares)` paints a whole board with the game's own drawing code
  into an off-screen `BoardView` and cuts out the part that holds `squares`;
- `frames(items, width, pal, m)` sets pictures side by side, a caption under each, wrapping
  onto more rows in a narrow column (captions wrap, never cut);
- `table(rows, width, pal, m)`: a grid of texts and small images, the first row its header.

Sizes come from the column width and the window's metrics only; nothing is sized from data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.ui import draw
from common.ui.board import FRAME, BoardView
from common.ui.theme import Metrics, Palette, mix

Cell = str | pygame.Surface
MAX_SIDE = 2048  # no picture is larger than this on either side (a huge window included)


def board_view(view: BoardView, tile: int) -> BoardView:
    """The view laid out at `tile` pixels a square with its frame at (0, 0)."""
    tile = max(8, min(tile, MAX_SIDE // (view.n + 1)))
    side = int(tile * (view.n + 2 * FRAME)) + 1
    view.layout(pygame.Rect(0, 0, side, side))
    return view


def board_frame(view: BoardView, paint: Callable[[pygame.Surface, BoardView], None],
                squares: Sequence[int] | None = None, pad: float = 0.35) -> pygame.Surface:
    """The board `paint` draws (into a surface the size of the view's frame, at the view's
    layout), cut to the squares given (with `pad` tiles round them; None: the whole board
    with its coordinates)."""
    surface = pygame.Surface(view.frame.size, pygame.SRCALPHA)
    paint(surface, view)
    if not squares:
        return surface
    rects = [view.square_rect(sq) for sq in squares]
    area = rects[0].unionall(rects[1:]).inflate(int(view.tile * pad * 2),
                                                int(view.tile * pad * 2))
    area = area.clip(surface.get_rect())
    return surface.subsurface(area).copy()


def scaled(surface: pygame.Surface, width: int) -> pygame.Surface:
    """The surface shrunk (never grown) to at most `width` pixels wide."""
    w, h = surface.get_size()
    if w <= width or w == 0:
        return surface
    return pygame.transform.smoothscale(surface, (max(1, width), max(1, round(h * width / w))))


def frames(items: Sequence[tuple[pygame.Surface, str]], width: int, pal: Palette,
           m: Metrics, per_row: int | None = None) -> pygame.Surface:
    """Pictures side by side with a caption under each (as many a row as fit, or
    `per_row`), on a transparent surface `width` wide."""
    if not items:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    gap = m.pad
    widest = max(s.get_width() for s, _ in items)
    fit = max(1, (width + gap) // (widest + gap))
    cols = max(1, min(len(items), per_row or fit, fit))
    cell_w = max(1, (width - gap * (cols - 1)) // cols)
    rows: list[list[tuple[pygame.Surface, list[str]]]] = []
    for i, (surface, caption) in enumerate(items):
        if i % cols == 0:
            rows.append([])
        picture = scaled(surface, cell_w)
        rows[-1].append((picture, draw.wrap(caption, m.small, cell_w)))
    line_h = int(m.small * 1.3)
    heights = [max(p.get_height() for p, _ in row) + gap // 2
               + max(len(lines) for _, lines in row) * line_h for row in rows]
    out = pygame.Surface((width, min(MAX_SIDE * 4, sum(heights) + gap * len(rows))),
                         pygame.SRCALPHA)
    y = 0
    for row, height in zip(rows, heights, strict=True):
        pictures_h = max(p.get_height() for p, _ in row)
        for col, (picture, lines) in enumerate(row):
            x = col * (cell_w + gap)
            out.blit(picture, (x + (cell_w - picture.get_width()) // 2,
                               y + pictures_h - picture.get_height()))
            ty = y + pictures_h + gap // 2
            for line in lines:
                draw.blit_text(out, line, m.small, pal.text, (x + cell_w // 2, ty), "midtop")
                ty += line_h
        y += height + gap
    return out


def table(rows: Sequence[Sequence[Cell]], width: int, pal: Palette, m: Metrics
          ) -> pygame.Surface:
    """A table: texts and images in cells, the first row a header on a tinted band, thin
    lines between the rows; columns share the width by their widest cell."""
    if not rows:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    cols = max(len(r) for r in rows)
    pad = m.pad // 2 + 2
    full = [[r[c] if c < len(r) else "" for c in range(cols)] for r in rows]
    widths = _column_widths(full, width, pad, m)
    laid: list[tuple[int, list[pygame.Surface]]] = []
    for i, row in enumerate(full):
        cells = [_cell(cell, widths[c] - 2 * pad, i == 0, pal, m) for c, cell in enumerate(row)]
        laid.append((max(s.get_height() for s in cells) + 2 * pad, cells))
    out = pygame.Surface((min(width, sum(widths)), sum(h for h, _ in laid)), pygame.SRCALPHA)
    y = 0
    for i, (height, cells) in enumerate(laid):
        if i == 0:
            draw.alpha_rect(out, pygame.Rect(0, 0, out.get_width(), height),
                            (*mix(pal.panel, pal.primary, 0.16), 255), m.radius)
        else:
            pygame.draw.line(out, mix(pal.panel, pal.text, 0.25), (0, y), (out.get_width(), y))
        x = 0
        for c, surface in enumerate(cells):
            out.blit(surface, (x + pad, y + (height - surface.get_height()) // 2))
            x += widths[c]
        y += height
    return out


def _column_widths(rows: list[list[Cell]], width: int, pad: int, m: Metrics) -> list[int]:
    """Each column as wide as its widest cell (the header's text bold); squeezed in
    proportion when they do not fit (their texts then wrap)."""

    def natural(cell: Cell, bold: bool) -> int:
        if isinstance(cell, pygame.Surface):
            return cell.get_width()
        return draw.text_width(cell, m.normal, bold)

    widths = [max(natural(row[c], i == 0) for i, row in enumerate(rows)) + 2 * pad
              for c in range(len(rows[0]))]
    total = sum(widths)
    if total > width:
        widths = [max(2 * pad + 8, w * width // total) for w in widths]
    return widths


def _cell(cell: Cell, room: int, header: bool, pal: Palette, m: Metrics) -> pygame.Surface:
    """A cell's picture: an image shrunk to the room, or its text wrapped to it (the
    header's bold, in the accent)."""
    if isinstance(cell, pygame.Surface):
        return scaled(cell, room)
    lines = draw.wrap(cell, m.normal, room, bold=header)
    colour = pal.primary if header else pal.text
    texts = [draw.text(line, m.normal, colour, header) for line in lines] or [
        pygame.Surface((1, 1), pygame.SRCALPHA)]
    block = pygame.Surface((max(t.get_width() for t in texts),
                            sum(t.get_height() for t in texts)), pygame.SRCALPHA)
    ty = 0
    for t in texts:
        block.blit(t, (0, ty))
        ty += t.get_height()
    return block


Maker = Callable[[int, Palette, Metrics], pygame.Surface]


def fitted(pictures: dict[str, Maker], key: str, width: int, pal: Palette, m: Metrics
           ) -> pygame.Surface | None:
    """A game's picture `key` from its table of makers, never wider than `width` (None for a
    key it does not have): what each game's `rules_picture` returns."""
    make = pictures.get(key)
    if make is None:
        return None
    return scaled(make(width, pal, m), width)


def picture(screens: object, key: str, width: int, pal: Palette, m: Metrics
            ) -> pygame.Surface | None:
    """A game's picture `key` at this column width (its screens module's `rules_picture`),
    or None when the game has no such picture."""
    make = getattr(screens, "rules_picture", None)
    if make is None:
        return None
    return make(key, max(120, min(width, MAX_SIDE)), pal, m)
