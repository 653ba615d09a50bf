"""Badges the games draw on target squares, each its own shape (never told apart by colour
alone, for colour-blind players): a triangle with "!" (the move loses the game at once), a
diamond with "2" (it loses by force, two moves on) and a shield with a tick (the move saves
what is threatened); each game's `ui/threats.py` says which move gets which. Each is drawn into
a given rectangle.
"""

from __future__ import annotations

import pygame

from common.ui import draw
from common.ui.cache import bounded_cache
from common.ui.theme import Palette

LOSES, FORCED = "loses", "forced"  # the badge kinds: lost at once ("!"), lost by force ("2")


def draw_loss_mark(surface: pygame.Surface, rect: pygame.Rect, kind: str, pal: Palette) -> None:
    """The "loses at once" triangle or the "loses by force" diamond, filling rect."""
    surface.blit(_loss(kind, rect.w, pal.refusal), rect.topleft)


@bounded_cache(1 << 20, "badges.loss")
def _loss(kind: str, size: int, color: tuple[int, int, int]) -> pygame.Surface:
    big = max(8, size) * 4  # drawn large, then scaled down smoothly
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    white = (255, 255, 255)
    if kind == FORCED:
        points = [(big / 2, 1), (big - 2, big / 2), (big / 2, big - 2), (1, big / 2)]
        pygame.draw.polygon(s, white, points)
        inner = [(x * 0.82 + big * 0.09, y * 0.82 + big * 0.09) for x, y in points]
        pygame.draw.polygon(s, color, inner)
        draw.blit_text(s, "2", int(big * 0.5), white, (big // 2, big // 2), "center", bold=True)
    else:
        points = [(big / 2, 1), (big - 2, big * 0.92), (1, big * 0.92)]
        pygame.draw.polygon(s, white, points)
        inner = [(big / 2, big * 0.12), (big * 0.88, big * 0.86), (big * 0.12, big * 0.86)]
        pygame.draw.polygon(s, color, inner)
        draw.blit_text(s, "!", int(big * 0.58), white, (big // 2, int(big * 0.58)), "center",
                       bold=True)
    return pygame.transform.smoothscale(s, (size, size))


def draw_shield(surface: pygame.Surface, rect: pygame.Rect, pal: Palette) -> None:
    """The shield with a tick: after this move what is threatened is safe from the next two
    moves (the reply and the one after it: all `tactics` proves; Overlords: the attacked
    Overlord)."""
    surface.blit(_shield(rect.w, pal.move), rect.topleft)


@bounded_cache(1 << 20, "badges.shield")
def _shield(size: int, color: tuple[int, int, int]) -> pygame.Surface:
    big = size * 4
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
