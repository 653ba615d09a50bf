"""Drawing the Overlords board: features, flags, figures, the last move and the highlights.

`draw_board` paints a position into the scene's cached layer (called when something changed,
not every frame); squares being animated are left out and drawn by the tweens. Highlights differ
by shape, not only hue: dots for moves, rings for captures, corner frames for the last move,
a cross for a refusal, a square outline for the selected figure; for an attacked Overlord a
glow under it, a ring on each attacker and an arrow from it; on targets a warning triangle
(the move exposes the Overlord) or a shield with a tick (the move saves it).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Palette
from overlords import rules
from overlords.ui.art import FEATURE_TINT, feature, figure, marker

TOKEN = 0.94  # figure size in tiles


def draw_board(
    surface: pygame.Surface, view: BoardView, state: rules.State, pal: Palette,
    last: rules.Move | None = None, hidden: frozenset[int] = frozenset(),
    hidden_flags: frozenset[int] = frozenset(), offset: tuple[int, int] = (0, 0),
    glow: int | None = None,
) -> None:
    """The ground, features, flags and figures of a position (hidden squares left empty);
    a red glow under the figure on `glow` (an attacked Overlord)."""
    ox, oy = offset
    surface.blit(view.ground(pal), (view.frame.x - ox, view.frame.y - oy))
    tile = view.tile
    if last is not None and not last.is_discard:
        for sq in (last.frm, last.to):
            if sq is not None:
                rect = view.square_rect(sq).move(-ox, -oy)
                draw.alpha_rect(surface, rect, (*pal.last, 80))
                draw.corners(surface, rect.inflate(-3, -3), pal.last_edge, max(2, tile // 22))
    if glow is not None:
        surface.blit(_glow(tile, pal.refusal), view.square_rect(glow).move(-ox, -oy))
    features = state.features.tolist()
    board = state.board.tolist()
    control = state.control.tolist()
    size = int(tile * TOKEN)
    mini = max(12, int(tile * 0.4))
    for sq in range(64):
        rect = view.square_rect(sq).move(-ox, -oy)
        kind = features[sq]
        fig = rules.decode_cell(board[sq])
        occupied = fig is not None and sq not in hidden
        if kind >= 0:
            draw.alpha_rect(surface, rect.inflate(-2, -2), FEATURE_TINT[kind], 3)
            if not occupied:
                icon = feature(kind, int(tile * 0.86))
                surface.blit(icon, icon.get_rect(center=rect.center))
        if occupied:
            token = figure(fig[1], fig[0], size, pal)
            surface.blit(token, token.get_rect(center=rect.center))
            if kind >= 0:
                icon = feature(kind, mini)
                surface.blit(icon, icon.get_rect(bottomleft=(rect.x - 2, rect.bottom + 2)))
        if control[sq] >= 0 and sq not in hidden_flags:
            surface.blit(marker(control[sq], tile, pal), rect.topleft)


def draw_targets(
    surface: pygame.Surface, view: BoardView, targets: dict[int, list[rules.Move]],
    state: rules.State, pal: Palette, show_runes: bool, danger: set[int] = frozenset(),
    safe: set[int] = frozenset(),
) -> None:
    """Where the picked figure (or recruit) may go: a dot on an empty square, a ring on a
    capture; with show_runes, the Rune digits that get there in the square's corner. Squares
    only a Teleport reaches get a small faint dot, so they do not drown the other moves.
    A warning triangle marks the `danger` squares, a shield the `safe` ones (top-right)."""
    tile = view.tile
    for sq, moves in targets.items():
        rect = view.square_rect(sq)
        runes = sorted({m.rune for m in moves})
        faint = show_runes and runes == [5]
        if state.figure(sq) is not None:
            draw.ring(surface, rect.center, tile * 0.43, pal.move, max(3, tile // 14), 230)
        elif moves[0].is_recruit:  # the figure to come, as a ghost on its Source
            ghost = _ghost(moves[0].fate, state.turn, int(tile * TOKEN), pal)
            surface.blit(ghost, ghost.get_rect(center=rect.center))
            draw.dot(surface, rect.center, max(5, tile * 0.15), pal.move, 215)
        elif faint:
            draw.dot(surface, rect.center, max(3, tile * 0.08), pal.move, 120)
        else:
            draw.dot(surface, rect.center, max(5, tile * 0.15), pal.move, 215)
        if show_runes and not faint:
            label = "·".join(str(r) for r in runes if r != 5)
            px = max(12, int(tile * 0.24))
            text = draw.text(label, px, (255, 255, 255), True)
            pill = text.get_rect().inflate(8, 2)
            pill.topleft = (rect.x + 2, rect.y + 2)
            pygame.draw.rect(surface, pal.move, pill, border_radius=pill.h // 2)
            surface.blit(text, text.get_rect(center=pill.center))
        if sq in danger:
            _warning(surface, rect, pal)
        elif sq in safe:
            size = max(14, rect.w // 3)
            badge = _shield(size, pal.move)
            surface.blit(badge, (rect.right - size - 2, rect.y + 2))


def _warning(surface: pygame.Surface, rect: pygame.Rect, pal: Palette) -> None:
    """A small warning triangle in the top-right corner: this move exposes your Overlord."""
    size = max(12, rect.w // 4)
    draw.warning_sign(surface, rect.right - size - 3, rect.y + 3, size, pal.refusal)


@lru_cache(maxsize=8)
def _shield(size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A small shield with a white tick: this move makes the attacked Overlord safe."""
    big = size * 4  # drawn large, then scaled down smoothly: clean edges at any size
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    s = big - 1
    points = [(0.5, 0.02), (0.97, 0.16), (0.93, 0.55), (0.5, 0.98), (0.07, 0.55), (0.03, 0.16)]
    outline = [(x * s, y * s) for x, y in points]
    pygame.draw.polygon(surface, (255, 255, 255), outline)
    inner = [(0.5 * s + (x - 0.5 * s) * 0.8, 0.47 * s + (y - 0.47 * s) * 0.8) for x, y in outline]
    pygame.draw.polygon(surface, color, inner)
    tick = [(0.28 * s, 0.5 * s), (0.45 * s, 0.67 * s), (0.74 * s, 0.31 * s)]
    width = max(6, big // 9)
    pygame.draw.lines(surface, (255, 255, 255), False, tick, width)
    for x, y in tick:
        pygame.draw.circle(surface, (255, 255, 255), (x, y), width / 2 - 1)
    return pygame.transform.smoothscale(surface, (size, size))


@lru_cache(maxsize=8)
def _glow(tile: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A square-sized radial glow, strongest in the middle (lichess's check, in our red)."""
    surface = pygame.Surface((tile, tile), pygame.SRCALPHA)
    reach = tile * 0.75  # full strength up to the token's edge, then fading to the corners
    steps = max(8, int(reach))
    for i in range(steps, 0, -1):
        r = reach * i / steps
        fade = min(1.0, max(0.0, (r / tile - 0.42) / (0.75 - 0.42)))
        pygame.draw.circle(surface, (*color, int(25 + 215 * (1 - fade) ** 1.3)),
                           (tile / 2, tile / 2), r)
    pygame.draw.rect(surface, (*color, 220), surface.get_rect(), max(2, tile // 28))
    return surface


def draw_attack(surface: pygame.Surface, view: BoardView, overlord: int,
                attackers: list[int], pal: Palette) -> None:
    """Each attacking enemy figure ringed, with a thin arrow from it to the Overlord."""
    tile = view.tile
    for sq in attackers:
        _arrow(surface, view.center(sq), view.center(overlord), tile, pal.refusal)
    for sq in attackers:
        draw.ring(surface, view.center(sq), tile * 0.45, pal.refusal, max(3, tile // 16), 235)


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], tile: int,
           color: tuple[int, int, int]) -> None:
    """A translucent arrow from the edge of the start token to the edge of the end one."""
    line = draw.segment(start, end, tile * 0.44, tile * 0.32)
    if line is None:
        return
    tail, tip, length = line
    room = length - tile * 0.76  # between the two tokens' edges: short for neighbours
    half, head = max(2.0, tile / 30), min(tile * 0.3, max(room, 4) * 0.8)
    wing = min(tile * 0.17, head * 0.6)
    draw.arrow(surface, tail, tip, half, head, wing, color, 185)


@lru_cache(maxsize=16)
def _ghost(kind: int, side: int, size: int, pal: Palette) -> pygame.Surface:
    ghost = figure(kind, side, size, pal).copy()
    ghost.set_alpha(110)
    return ghost


def draw_selected(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A square outline around the picked figure."""
    rect = view.square_rect(sq)
    pygame.draw.rect(surface, pal.select, rect.inflate(-2, -2), max(3, view.tile // 18),
                     border_radius=4)


def draw_movable(surface: pygame.Surface, view: BoardView, squares: set[int], pal: Palette) -> None:
    """A thin circle around each figure that can move with the stones picked."""
    for sq in squares:
        draw.ring(surface, view.center(sq), view.tile * 0.47, pal.select, max(2, view.tile // 30),
                  220)


def draw_refusal(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette,
                 alpha: float) -> None:
    """A fading cross on a square a click was refused on."""
    rect = view.square_rect(sq)
    draw.refusal(surface, rect, pal.refusal, alpha, max(3, rect.w // 12))
