"""Drawing the Prepollency board: bases, the Obelisk, pieces, the last turn and highlights.

`static_layer` is the board that changes only with the window, the palette, the colours or the
seats still in: ground and coordinates (`common.ui.board.BoardView`), the four bases tinted in
their owners' colours with the seat's mark shape in the back corner (an absent seat's corner
plain, an eliminated one's greyed and hatched), and the Obelisk cross outlined with its icon.
The rest is drawn on top when something changed. Highlights differ by shape, not only hue:
dots for moves, rings for captures, corner brackets and numbered arrows for the last turn,
a square outline for the picked piece, a small lock on the piece that already moved, a cross
for a refusal (`common.ui.draw`); the hint's marks are `prepollency.ui.hint`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Color, Palette, hex_rgb, mix
from prepollency.moves import Move
from prepollency.state import BASES, OBELISK
from prepollency.ui.art import TOKEN, Tones, grey, mark_icon, obelisk, piece
from prepollency.ui.colours import text_on

OBELISK_TINT = (236, 214, 140)


def static_layer(view: BoardView, pal: Palette, tones: Mapping[int, Tones],
                 seats: Iterable[int], alive: Iterable[int]) -> pygame.Surface:
    """The board's frame-sized picture without pieces (see the module docstring)."""
    surface = view.ground(pal).copy()
    ox, oy = view.frame.topleft
    tile = view.tile
    alive = set(alive)
    for seat in seats:
        colours = tones[seat] if seat in alive else grey(tones[seat])
        fill, rim = hex_rgb(colours[0]), hex_rgb(colours[1])
        squares = [view.square_rect(s).move(-ox, -oy) for s in BASES[seat]]
        block = squares[0].unionall(squares[1:])
        draw.alpha_rect(surface, block, (*fill, 120 if seat in alive else 70))
        if seat not in alive:
            _hatch(surface, block, mix(fill, (40, 40, 40), 0.5))
        pygame.draw.rect(surface, mix(fill, (0, 0, 0), 0.45), block, max(2, tile // 14))
        corner = squares[0]
        icon = mark_icon(seat, max(8, int(tile * 0.5)), fill, rim, 150)
        surface.blit(icon, icon.get_rect(center=corner.center))
    cross = [view.square_rect(s).move(-ox, -oy) for s in OBELISK]
    for rect in cross:
        draw.alpha_rect(surface, rect, (*OBELISK_TINT, 95))
    _cross_outline(surface, cross, (96, 72, 30), max(2, tile // 12))
    art = obelisk(int(tile * 0.95))
    if art is not None:
        faded = art.copy()
        faded.set_alpha(120)
        surface.blit(faded, faded.get_rect(center=cross[0].center))
    return surface


def _hatch(surface: pygame.Surface, rect: pygame.Rect, color: Color) -> None:
    step = max(6, rect.w // 8)
    clip = surface.get_clip()
    surface.set_clip(rect)
    for x in range(rect.x - rect.h, rect.right, step):
        pygame.draw.line(surface, color, (x, rect.bottom), (x + rect.h, rect.y), 1)
    surface.set_clip(clip)


def _cross_outline(surface: pygame.Surface, cross: list[pygame.Rect], color: Color,
                   width: int) -> None:
    """The outer edge of the five Obelisk squares (a plus shape)."""
    cells = {(r.x, r.y) for r in cross}
    t = cross[0].w
    for r in cross:
        for dx, dy, a, b in ((0, -1, r.topleft, r.topright), (0, 1, r.bottomleft, r.bottomright),
                             (-1, 0, r.topleft, r.bottomleft), (1, 0, r.topright, r.bottomright)):
            if (r.x + dx * t, r.y + dy * t) not in cells:
                pygame.draw.line(surface, color, a, b, width)


def draw_turn_base(surface: pygame.Surface, view: BoardView, seat: int, tones: Tones,
                   pal: Palette) -> None:
    """The base of the seat to move framed boldly in its colour: "your corner"."""
    squares = [view.square_rect(s) for s in BASES[seat]]
    block = squares[0].unionall(squares[1:]).inflate(4, 4)
    width = max(3, view.tile // 9)
    pygame.draw.rect(surface, pal.text, block.inflate(2 * width, 2 * width), 2,
                     border_radius=4)
    pygame.draw.rect(surface, hex_rgb(tones[0]), block.inflate(width, width), width,
                     border_radius=4)


def draw_pieces(surface: pygame.Surface, view: BoardView, owners: tuple[int, ...],
                kinds: tuple[int, ...], tones: Mapping[int, Tones],
                hidden: frozenset[int] = frozenset()) -> None:
    """Every piece of a position (squares in `hidden` left empty: a tween draws them)."""
    size = int(view.tile * TOKEN)
    for sq, seat in enumerate(owners):
        if seat and sq not in hidden:
            token = piece(kinds[sq], tones[seat], size, seat)
            surface.blit(token, token.get_rect(center=view.center(sq)))


def draw_last_turn(surface: pygame.Surface, view: BoardView, moves: Iterable[Move],
                   color: Color, edge: Color | None = None, arrows: bool = True) -> None:
    """Both moves of the last turn: tinted squares with corner brackets and an arrow each
    (in `edge`, default `color`: the palette's `last_edge`, which stands out from the
    board), numbered 1 and 2 on `color` badges when there are two. Without `arrows` (a hint
    shows: its arrows must not cross these) only the squares."""
    moves = list(moves)
    edge = color if edge is None else edge
    _mark_squares(surface, view, moves, color, edge)
    if not arrows:
        return
    for i, move in enumerate(moves):
        arrow(surface, view, move.frm, move.to, edge, 170)
        if len(moves) > 1:
            badge(surface, view, move.frm, str(i + 1), color)


def _mark_squares(surface: pygame.Surface, view: BoardView, moves: Iterable[Move],
                  color: Color, edge: Color) -> None:
    for move in moves:
        for sq in move:
            rect = view.square_rect(sq)
            draw.alpha_rect(surface, rect, (*color, 70))
            draw.corners(surface, rect.inflate(-3, -3), edge, max(2, view.tile // 20))


def draw_turns_since(surface: pygame.Surface, view: BoardView,
                     turns: list[tuple[Color, list[Move]]], color: Color, edge: Color,
                     arrows: bool = True) -> None:
    """Every turn since the person's last one (one person against several CPUs: not only
    the last CPU's): the squares as for the last turn, each turn's arrows in its player's
    colour, and on each moved piece a badge with the turn's number in that order (as the
    recap counts them: 1 the earliest)."""
    for _fill, moves in turns:
        _mark_squares(surface, view, moves, color, edge)
    if not arrows:
        return
    for fill, moves in turns:
        for move in moves:
            arrow(surface, view, move.frm, move.to, fill, 200)
    for number, (fill, moves) in enumerate(turns, 1):
        for move in moves:
            badge(surface, view, move.to, str(number), fill, text_on(fill))


def badge(surface: pygame.Surface, view: BoardView, sq: int, label: str, color: Color,
          ink: Color = (20, 18, 14)) -> None:
    """A small numbered disc in a square's top-left corner (`ink`: the number's colour)."""
    rect = view.square_rect(sq)
    r = max(7, view.tile // 6)
    center = (rect.x + r + 1, rect.y + r + 1)
    pygame.draw.circle(surface, color, center, r)
    pygame.draw.circle(surface, (30, 26, 20), center, r, 1)
    draw.blit_text(surface, label, max(10, int(r * 1.5)), ink, center, "center", bold=True)


def arrow(surface: pygame.Surface, view: BoardView, frm: int, to: int, color: Color,
          alpha: int = 185) -> None:
    """A translucent arrow from the edge of one token to the other."""
    start, end = view.center(frm), view.center(to)
    tile = view.tile
    line = draw.segment(start, end, tile * 0.3, tile * 0.2)
    if line is None:
        return
    tail, tip, length = line
    room = length - tile * 0.5
    half, head = max(2.0, tile / 16), min(tile * 0.42, max(room, 4) * 0.8)
    wing = min(tile * 0.24, head * 0.65)
    draw.arrow(surface, tail, tip, half, head, wing, color, alpha, outline=(24, 20, 16),
               outline_width=1)


SELECT_LIGHT, SELECT_DARK = (250, 246, 236), (24, 20, 16)  # no seat's colour (issue 21)


def draw_targets(surface: pygame.Surface, view: BoardView, targets: Iterable[int],
                 owners: tuple[int, ...], pal: Palette) -> None:
    """Where the picked piece may go: a dot on an empty square, a ring on a capture; light on
    a dark edge like the selection, never a seat's colour (the palette's green dots read as
    the Green player's, whoever was to move)."""
    tile = view.tile
    for sq in targets:
        center = view.center(sq)
        if owners[sq]:
            width = max(3, tile // 12)
            draw.ring(surface, center, tile * 0.44, SELECT_DARK, width + 2, 225)
            draw.ring(surface, center, tile * 0.44 - 1, SELECT_LIGHT, width - 1, 240)
        else:
            radius = max(4, tile * 0.16)
            draw.dot(surface, center, radius + 1.5, SELECT_DARK, 215)
            draw.dot(surface, center, radius, SELECT_LIGHT, 235)


def draw_selected(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A square outline around the picked piece: light on a dark edge, never a seat's colour
    (the palette's blue selection read as the Blue player's)."""
    rect, width = view.square_rect(sq).inflate(-2, -2), max(3, view.tile // 12)
    pygame.draw.rect(surface, SELECT_DARK, rect, width + 2, border_radius=4)
    pygame.draw.rect(surface, SELECT_LIGHT, rect.inflate(-2, -2), width - 1, border_radius=4)


def draw_hover(surface: pygame.Surface, view: BoardView, sq: int) -> None:
    """The thin outline of a square a click would act on (in the selection's colours)."""
    rect = view.square_rect(sq)
    pygame.draw.rect(surface, SELECT_DARK, rect, 3, border_radius=3)
    pygame.draw.rect(surface, SELECT_LIGHT, rect.inflate(-2, -2), 1, border_radius=3)


def draw_moved(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """The piece that already moved this turn: a dashed outline and a small lock."""
    rect = view.square_rect(sq).inflate(-2, -2)
    draw.dashed_rect(surface, rect, pal.text_dim, max(2, view.tile // 18), max(4, rect.w // 6))
    r = max(6, view.tile // 6)
    x, y = rect.right - r - 1, rect.y + r + 1
    body = pygame.Rect(0, 0, int(r * 1.5), int(r * 1.1))
    body.midtop = (x, y - r // 4)
    pygame.draw.circle(surface, (30, 26, 20), (x, y - r // 4), int(r * 0.55),
                       max(2, r // 4))
    pygame.draw.rect(surface, (30, 26, 20), body.inflate(4, 4), border_radius=2)
    pygame.draw.rect(surface, (236, 214, 140), body, border_radius=2)


def draw_refusal(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette,
                 alpha: float) -> None:
    """A fading cross on a square a click was refused on."""
    rect = view.square_rect(sq)
    draw.refusal(surface, rect, pal.refusal, alpha, max(3, rect.w // 10))


def glow_color(pal: Palette) -> Color:
    """The last-turn accent."""
    return pal.last
