"""The board preview of the Prepollency new-game dialog: the 15x15 board with the Obelisk,
each playing seat's base (its marker shape) and starting pieces in its colour, the first seat's
base framed, an empty corner crossed, and a caption saying who starts."""

from __future__ import annotations

import pygame

from common.i18n import _
from common.ui import draw, shadows
from common.ui.theme import Metrics, Palette, mix
from prepollency.ui import colours as C

GROUND, STONE = (226, 208, 170), (112, 104, 92)  # parchment, the Obelisk's stone


def draw_preview(surface: pygame.Surface, rect: pygame.Rect, seats: tuple[int, ...],
                 colours: dict[int, str], pal: Palette, m: Metrics,
                 first: int | None = None, starts: str = "") -> None:
    """The 15x15 board in rect: the Obelisk, each seat's base (its marker) and starting
    pieces in its colour, the first seat's base framed; an empty corner is crossed; a
    caption under it says who starts."""
    tile = rect.w // 15
    board = pygame.Rect(rect.x, rect.y, tile * 15, tile * 15)
    shadows.shadow_under(surface, board, 4, 6)
    pygame.draw.rect(surface, GROUND, board, border_radius=3)
    grid = mix(GROUND, (60, 44, 26), 0.3)
    for i in range(16):
        pygame.draw.line(surface, grid, (board.x + i * tile, board.y),
                         (board.x + i * tile, board.bottom - 1))
        pygame.draw.line(surface, grid, (board.x, board.y + i * tile),
                         (board.right - 1, board.y + i * tile))

    def cell(f: int, r: int) -> pygame.Rect:  # file 0..14 left to right, rank 0..14 upwards
        return pygame.Rect(board.x + f * tile + 1, board.y + (14 - r) * tile + 1, tile - 1,
                           tile - 1)

    for f, r in ((7, 7), (6, 7), (8, 7), (7, 6), (7, 8)):
        pygame.draw.rect(surface, STONE, cell(f, r))
    corners = {1: (0, 0), 2: (0, 14), 3: (14, 14), 4: (14, 0)}
    for seat, (cf, cr) in corners.items():
        sf, sr = (1 if cf == 0 else -1), (1 if cr == 0 else -1)
        if seat not in seats:
            base = cell(cf, cr).union(cell(cf + sf, cr + sr))
            draw.cross(surface, base.center, tile * 0.9, mix(GROUND, (0, 0, 0), 0.35), 2)
            continue
        fill = C.rgb(colours[seat], pal.name)
        rim = mix(fill, (0, 0, 0), 0.45)
        for df in range(5):
            for dr in range(5):
                spot = cell(cf + sf * df, cr + sr * dr)
                if max(df, dr) <= 1:
                    draw.alpha_rect(surface, spot, (*fill, 120))
                else:
                    pygame.draw.circle(surface, rim, spot.center, max(2, tile * 0.36))
                    pygame.draw.circle(surface, fill, spot.center, max(1, tile * 0.36 - 1.5))
        base = cell(cf, cr).union(cell(cf + sf, cr + sr))
        C.draw_marker(surface, C.marker(seat), base.center, tile * 0.62, fill, C.text_on(fill), 2)
        if seat == first:
            pygame.draw.rect(surface, pal.text_dark, base.inflate(6, 6), max(3, tile // 6))
    start = _("First player drawn at random") if first is None else _("{starts} starts").format(
                                                                     starts=starts)
    order = turn_order(seats)
    # Translators: the preview's caption, two clauses: "Red starts; turns go clockwise (a1,
    # a15, o15)" (French: " ; ")
    lines = draw.wrap(_("{first_player}; {turn_order}").format(first_player=start,
                                                                turn_order=order),
                      m.small, rect.w)
    if len(lines) > 2:  # the layout leaves room for two: a clause a line, made to fit
        lines = [start, order]
    y = board.bottom + m.pad // 2
    for line in lines:
        px = draw.fit_text(line, m.small, rect.w)
        y = draw.blit_text(surface, line, px, pal.text_dim, (board.centerx, y), "midtop").bottom


CORNERS = {1: "a1", 2: "a15", 3: "o15", 4: "o1"}  # each seat's back corner (RULES.md)


def turn_order(seats) -> str:
    """How turns go round for these seats: "turns alternate (a1, o15)" for two players,
    "turns go clockwise (a1, a15, o15)" for three, all four corners for four."""
    corners = ", ".join(CORNERS[s] for s in sorted(seats))
    return _("turns alternate ({corners})").format(corners=corners) if len(seats) == 2 else \
        _("turns go clockwise ({corners})").format(corners=corners)
