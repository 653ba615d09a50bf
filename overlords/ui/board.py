"""Drawing the Overlords board: features, flags, figures, the last move and the highlights.

`draw_board` paints a position into the scene's cached layer (called when something changed,
not every frame); squares being animated are left out and drawn by the tweens. Highlights differ
by shape, not only hue: dots for moves, rings for captures, a disc under a feature's icon,
a small hollow circle where only a Teleport goes, corner frames for the last move, a cross for
a refusal, a square outline for the selected figure; for an attacked Overlord a glow under it,
a ring on each attacker and an arrow from it; on targets the badges of `marks` (the "!"
triangle, the "2" diamond, the shield) and a padlock on a figure that cannot move.
"""

from __future__ import annotations

import math

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.cache import bounded_cache
from common.ui.theme import Palette
from overlords import rules
from overlords.ui.art import FEATURE_TINT, feature, figure, flag
from overlords.ui.marks import FORCED, LOSES, draw_lock, draw_loss_mark, draw_rune_pill, draw_shield
from overlords.ui.threats import SHIELD, TargetMarks
from overlords.ui.tips import frozen_turns, stuck_kinds

TOKEN = 0.94  # figure size in tiles
NO_MARKS = TargetMarks()


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
        fig = None if sq in hidden else rules.decode_cell(board[sq])
        if kind >= 0:
            draw.alpha_rect(surface, rect.inflate(-2, -2), FEATURE_TINT[kind], 3)
            if fig is None:
                icon = feature(kind, int(tile * 0.86))
                surface.blit(icon, icon.get_rect(center=rect.center))
        if fig is not None:
            token = figure(fig[1], fig[0], size, pal)
            surface.blit(token, token.get_rect(center=rect.center))
            if kind >= 0:
                icon = feature(kind, mini)
                surface.blit(icon, icon.get_rect(bottomleft=(rect.x - 2, rect.bottom + 2)))
        if control[sq] >= 0 and sq not in hidden_flags:
            surface.blit(flag(control[sq], tile, pal), rect.topleft)


def draw_targets(
    surface: pygame.Surface, view: BoardView, targets: dict[int, list[rules.Move]],
    state: rules.State, pal: Palette, marks: TargetMarks | None = None,
    quiet_teleports: bool = True,
) -> None:
    """Where the picked figure (or recruit) may go, each mark in its own place on the square
    so that none covers another, a feature icon or a control flag:

    - centre: a dot on an empty square, a ring on a capture, a ghost figure on a recruit's
      Source; on an empty feature square a soft disc UNDER its icon (the icon stays whole);
      a square only a Teleport reaches gets a small hollow circle (on a feature, a dashed
      ring round its icon: a solid ring is a capture) (`quiet_teleports`);
    - top-left: the Rune digits, only on a square several Runes reach (the player will
      choose); a Rune that loses the Overlord is struck through;
    - bottom-right: the loss mark ("!" triangle, "2" diamond) or the saving shield;
    - top-right stays free for the flag, bottom-left for the feature under a figure."""
    tile = view.tile
    marks = marks or NO_MARKS
    features = state.features.tolist()
    for sq, moves in targets.items():
        rect = view.square_rect(sq)
        faint = quiet_teleports and all(m.rune == 5 for m in moves)
        if state.figure(sq) is not None:
            _capture_mark(surface, rect, features[sq], tile, pal)
        elif moves[0].is_recruit:  # the figure to come, as a ghost on its Source
            faint_figure = ghost(moves[0].fate, state.turn, int(tile * TOKEN), pal)
            surface.blit(faint_figure, faint_figure.get_rect(center=rect.center))
            draw.dot(surface, rect.center, max(5, tile * 0.15), pal.move, 215)
        elif features[sq] >= 0:
            _feature_target(surface, rect, features[sq], int(state.control[sq]), faint, tile,
                            pal)
        elif faint:
            small_circle(surface, rect.center, tile, pal)
        else:
            draw.dot(surface, rect.center, max(5, tile * 0.15), pal.move, 215)
        choice = marks.runes_of(sq)
        if choice:
            _rune_pills(surface, rect, choice, pal)
        _badge(surface, rect, marks.of(sq), tile, pal)


def _capture_mark(surface: pygame.Surface, rect: pygame.Rect, feature_kind: int, tile: int,
                  pal: Palette) -> None:
    """A ring on a capture; the square's feature as a small icon on top of it."""
    draw.ring(surface, rect.center, tile * 0.43, pal.move, max(3, tile // 14), 230)
    if feature_kind >= 0:  # the small feature icon stays on top of the ring
        icon = feature(feature_kind, max(12, int(tile * 0.4)))
        surface.blit(icon, icon.get_rect(bottomleft=(rect.x - 2, rect.bottom + 2)))


def _feature_target(surface: pygame.Surface, rect: pygame.Rect, feature_kind: int,
                    control: int, faint: bool, tile: int, pal: Palette) -> None:
    """An empty feature square: a soft disc under its icon (a dashed ring round it where
    only a Teleport goes: a solid one is a capture), and its flag."""
    if not faint:
        draw.dot(surface, rect.center, tile * 0.46, pal.move, 150)
    icon = feature(feature_kind, int(tile * 0.86))
    surface.blit(icon, icon.get_rect(center=rect.center))
    if faint:
        dashed_ring(surface, rect.center, tile * 0.45, pal.move, max(2, tile // 30), 16)
    if control >= 0:
        surface.blit(flag(control, tile, pal), rect.topleft)


def _badge(surface: pygame.Surface, rect: pygame.Rect, mark: str | None, tile: int,
           pal: Palette) -> None:
    """The loss mark ("!" triangle, "2" diamond) or the saving shield, bottom right."""
    size = max(14, int(tile * 0.3))
    corner = pygame.Rect(rect.right - size - 2, rect.bottom - size - 2, size, size)
    if mark in (LOSES, FORCED):
        draw_loss_mark(surface, corner, mark, pal)
    elif mark == SHIELD:
        draw_shield(surface, corner, pal)


def dashed_ring(surface: pygame.Surface, center, radius: float, color, width: int,
                dashes: int = 12) -> None:
    """A ring of `dashes` dashes (the hint's stones; a Teleport-only feature square)."""
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = (round(center[0]), round(center[1]))
    for i in range(dashes):
        a0 = 2 * math.pi * i / dashes
        pygame.draw.arc(surface, color, rect, a0, a0 + math.pi / dashes, width)


def small_circle(surface: pygame.Surface, center: tuple[int, int], tile: int,
                  pal: Palette) -> None:
    """The Teleport-only mark on an empty square: a small hollow circle."""
    draw.ring(surface, center, max(3, tile * 0.07), pal.move, max(1, tile // 40), 150)


def _rune_pills(surface: pygame.Surface, rect: pygame.Rect,
                choice: tuple[tuple[int, str | None], ...], pal: Palette) -> None:
    """The Runes to choose from in the top-left corner; a losing one struck through (in the
    refusal colour: shape and colour both say it)."""
    px = max(12, int(rect.w * 0.22))
    x, y = rect.x + 2, rect.y + 2
    limit = rect.x + int(rect.w * 0.68)  # the flag's corner stays free
    for rune, verdict in choice:
        size = draw.text(str(rune), px, (255, 255, 255), True).get_rect().inflate(8, 2)
        if x + size.w > limit:
            x, y = rect.x + 2, y + size.h + 1
        pill = draw_rune_pill(surface, rune, px, (x, y), verdict in (LOSES, FORCED), pal)
        x = pill.right + 2


def draw_locks(surface: pygame.Surface, view: BoardView, state: rules.State,
               pal: Palette, hidden: frozenset[int] = frozenset()) -> None:
    """A padlock in the top-left corner of every figure whose Fate stones are all played
    (both sides): it cannot move until its side's Reckoning. A frozen Overlord is marked
    loudly (`draw_frozen`)."""
    size = max(12, int(view.tile * 0.26))
    for side in (rules.WHITE, rules.BLACK):
        stuck = stuck_kinds(state, side)
        for sq in range(64):
            fig = state.figure(sq)
            if stuck and fig is not None and fig[0] == side and fig[1] in stuck \
                    and sq not in hidden:
                rect = view.square_rect(sq)
                if fig[1] == rules.OVERLORD:
                    draw_frozen(surface, rect, frozen_turns(state, side, fig[1]), pal)
                else:
                    draw_lock(surface, pygame.Rect(rect.x + 3, rect.y + 3, size, size),
                              (90, 90, 100))


def draw_frozen(surface: pygame.Surface, rect: pygame.Rect, turns: int, pal: Palette) -> None:
    """A frozen Overlord: a cold veil and a double frame on its square, and a large padlock in
    the danger colour carrying the turns it stays frozen (shape and number, not colour
    alone)."""
    draw.alpha_rect(surface, rect.inflate(-2, -2), (120, 170, 230, 70), 4)
    width = max(2, rect.w // 24)
    pygame.draw.rect(surface, (255, 255, 255), rect.inflate(-2, -2), width + 2, border_radius=4)
    pygame.draw.rect(surface, pal.refusal, rect.inflate(-2, -2), width, border_radius=4)
    size = max(16, int(rect.w * 0.42))
    draw_lock(surface, pygame.Rect(rect.x + 2, rect.y + 2, size, size), pal.refusal, turns)


@bounded_cache(2 << 20, "overlords.board._glow")
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


@bounded_cache(2 << 20, "overlords.board.ghost")
def ghost(kind: int, side: int, size: int, pal: Palette) -> pygame.Surface:
    """A figure to come (a recruit's target), faint."""
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


def feature_plane(features: dict[str, list[int]]) -> list[int]:
    """Feature id per square (-1 for none)."""
    plane = [-1] * 64
    for kind, name in enumerate(rules.FEATURE_NAMES):
        for sq in features[name]:
            plane[sq] = kind
    return plane


def draw_features(surface: pygame.Surface, view: BoardView, plane: list[int]) -> None:
    """Feature tints and icons on a board view (for the preview and the setup phase)."""
    for sq, kind in enumerate(plane):
        if kind >= 0:
            rect = view.square_rect(sq)
            draw.alpha_rect(surface, rect.inflate(-2, -2), FEATURE_TINT[kind], 3)
            icon = feature(kind, int(view.tile * 0.86))
            surface.blit(icon, icon.get_rect(center=rect.center))
