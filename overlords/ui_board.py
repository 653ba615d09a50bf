"""Drawing the Overlords board: features, flags, figures, the last move and the highlights.

`draw_board` paints a position into the scene's cached layer (called when something changed,
not every frame); squares being animated are left out and drawn by the tweens. Highlights differ
by shape, not only hue: dots for moves, rings for captures, corner frames for the last move,
a cross for a refusal, a square outline for the selected figure.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Palette
from overlords import rules
from overlords.ui_art import FEATURE_TINT, feature, figure, marker

TOKEN = 0.94  # figure size in tiles


def draw_board(
    surface: pygame.Surface, view: BoardView, state: rules.State, pal: Palette,
    last: rules.Move | None = None, hidden: frozenset[int] = frozenset(),
    hidden_flags: frozenset[int] = frozenset(), offset: tuple[int, int] = (0, 0),
) -> None:
    """The ground, features, flags and figures of a position (hidden squares left empty)."""
    ox, oy = offset
    surface.blit(view.ground(pal), (view.frame.x - ox, view.frame.y - oy))
    tile = view.tile
    if last is not None and not last.is_discard:
        for sq in (last.frm, last.to):
            if sq is not None:
                rect = view.square_rect(sq).move(-ox, -oy)
                draw.alpha_rect(surface, rect, (*pal.last, 80))
                draw.corners(surface, rect.inflate(-3, -3), pal.last, max(2, tile // 22))
    features = state.features.tolist()
    board = state.board.tolist()
    control = state.control.tolist()
    size = int(tile * TOKEN)
    mini = max(12, int(tile * 0.4))
    for sq in range(64):
        rect = view.square_rect(sq).move(-ox, -oy)
        kind = features[sq]
        occupied = board[sq] != 0 and sq not in hidden
        if kind >= 0:
            draw.alpha_rect(surface, rect.inflate(-2, -2), FEATURE_TINT[kind], 3)
            if not occupied:
                icon = feature(kind, int(tile * 0.86))
                surface.blit(icon, icon.get_rect(center=rect.center))
        if occupied:
            side, typ = (board[sq] - 1) >> 2, (board[sq] - 1) & 3
            token = figure(typ, side, size, pal)
            surface.blit(token, token.get_rect(center=rect.center))
            if kind >= 0:
                icon = feature(kind, mini)
                surface.blit(icon, icon.get_rect(bottomleft=(rect.x - 2, rect.bottom + 2)))
        if control[sq] >= 0 and sq not in hidden_flags:
            surface.blit(marker(control[sq], tile, pal), rect.topleft)


def draw_targets(
    surface: pygame.Surface, view: BoardView, targets: dict[int, list[rules.Move]],
    state: rules.State, pal: Palette, show_runes: bool, danger: set[int] = frozenset(),
) -> None:
    """Where the picked figure (or recruit) may go: a dot on an empty square, a ring on a
    capture; with show_runes, the Rune digits that get there in the square's corner. Squares
    only a Teleport reaches get a small faint dot, so they do not drown the other moves."""
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


def _warning(surface: pygame.Surface, rect: pygame.Rect, pal: Palette) -> None:
    """A small warning triangle in the top-right corner: this move exposes your Overlord."""
    size = max(12, rect.w // 4)
    x, y = rect.right - size - 3, rect.y + 3
    points = [(x + size / 2, y), (x + size, y + size * 0.9), (x, y + size * 0.9)]
    pygame.draw.polygon(surface, pal.refusal, points)
    pygame.draw.polygon(surface, (255, 255, 255), points, 1)
    draw.blit_text(surface, "!", max(10, int(size * 0.7)), (255, 255, 255),
                   (int(x + size / 2), int(y + size * 0.55)), "center", bold=True)


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
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    draw.cross(layer, (rect.w / 2, rect.h / 2), rect.w * 0.5, pal.refusal, max(3, rect.w // 12))
    layer.set_alpha(int(255 * alpha))
    surface.blit(layer, rect)
