"""Soft shadows under panels, boards and bands.

A shadow is a rounded rect blurred at a quarter of its size and scaled up (`shadow`). A
large one is drawn in nine pieces from one small shadow (`shadow_under`): what is kept does not
depend on the size of what casts it. Every cache here is bounded by bytes (`common.ui.cache`).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from common.ui.cache import bounded_cache

MAX_SHADOW = 8192  # pixels of a shadow's width or height (a window is smaller)
MAX_BLUR = 64  # pixels of a shadow's blur
ALPHA = 110  # the darkness of a panel's shadow where it is darkest


@bounded_cache(2 << 20, "shadows.whole")  # whole: the small ones
def shadow(size: tuple[int, int], radius: int, blur: int, alpha: int) -> pygame.Surface:
    """A soft dark shadow for a rounded rect of size, blur pixels wide on each side.

    Blurred at a quarter of the size and scaled up: as soft, and fast even for big panels.
    The size and the blur are capped (MAX_SHADOW, MAX_BLUR): a blur over a huge surface
    crashed the process (SIGSEGV in gaussian_blur), whatever asked for it."""
    w, h = min(max(1, size[0]), MAX_SHADOW), min(max(1, size[1]), MAX_SHADOW)
    blur = max(0, min(blur, MAX_BLUR))
    full = (w + 4 * blur, h + 4 * blur)
    k = 4 if blur >= 4 else 1
    small = pygame.Surface((max(1, full[0] // k), max(1, full[1] // k)), pygame.SRCALPHA)
    pygame.draw.rect(small, (0, 0, 0, alpha),
                     (2 * blur // k, 2 * blur // k, max(1, w // k), max(1, h // k)),
                     border_radius=max(0, radius // k))
    if blur > 0:
        small = pygame.transform.gaussian_blur(small, max(1, blur // k))
    return pygame.transform.smoothscale(small, full) if k > 1 else small


def shadow_under(target: pygame.Surface, rect: pygame.Rect, radius: int, lift: int) -> None:
    """The soft shadow a panel of rect casts, `lift` pixels of blur, a little below it.

    A large panel's shadow is drawn in nine pieces from one small shadow (`_shadow_parts`):
    its corners as they are, its edges stretched along the panel (a blurred straight edge is
    the same all along), its inside one darkening fill. So what is kept does not depend on
    the panel's size: one whole shadow per panel size was megabytes each at 1920x1080, and a
    window resized or a panel grown with its text kept them all. A small panel's shadow is
    kept whole (`shadow`)."""
    blur = max(0, min(lift, MAX_BLUR))
    w, h = min(max(1, rect.w), MAX_SHADOW), min(max(1, rect.h), MAX_SHADOW)
    x, y = rect.x - 2 * blur, rect.y - 2 * blur + blur // 2
    look = (max(0, radius), blur, ALPHA)
    parts = _shadow_parts(*look)
    c = parts.corner
    full_w, full_h = w + 4 * blur, h + 4 * blur
    if full_w < 2 * c + 1 or full_h < 2 * c + 1:
        target.blit(shadow((w, h), radius, blur, ALPHA), (x, y))
        return
    side = parts.whole.get_width()
    for sx, dx in ((0, x), (side - c, x + full_w - c)):
        for sy, dy in ((0, y), (side - c, y + full_h - c)):
            target.blit(parts.whole, (dx, dy), (sx, sy, c, c))
    long_w, long_h = full_w - 2 * c, full_h - 2 * c
    target.blit(_shadow_edge(*look, "top", long_w), (x + c, y))
    target.blit(_shadow_edge(*look, "bottom", long_w), (x + c, y + full_h - c))
    target.blit(_shadow_edge(*look, "left", long_h), (x, y + c))
    target.blit(_shadow_edge(*look, "right", long_h), (x + full_w - c, y + c))
    if parts.inside:
        keep = 255 - parts.inside  # black at that alpha over any colour: colour x keep / 255
        target.fill((keep, keep, keep), (x + c, y + c, long_w, long_h),
                    special_flags=pygame.BLEND_RGB_MULT)


class ShadowParts(NamedTuple):
    """A small shadow whose corners, edges and inside draw a shadow of any larger size."""

    whole: pygame.Surface  # a square shadow, its rect just larger than the corners' reach
    corner: int  # pixels of each corner square: the blur outside, the rounding and its reach
    inside: int  # the alpha of its inside


@bounded_cache(1 << 20, "shadows.parts")
def _shadow_parts(radius: int, blur: int, alpha: int) -> ShadowParts:
    """The nine-piece source of shadows for a rounding, a blur and an alpha."""
    corner = radius + 4 * blur + 4  # the blur outside (2 x blur), the rounding, the blur inside
    core = 2 * (corner - 2 * blur) + 1
    whole = shadow((core, core), radius, blur, alpha)
    middle = whole.get_width() // 2
    return ShadowParts(whole, corner, whole.get_at((middle, middle)).a)


@bounded_cache(2 << 20, "shadows.edge")
def _shadow_edge(radius: int, blur: int, alpha: int, side: str, length: int) -> pygame.Surface:
    """One edge of a shadow, `length` pixels long: the small shadow's middle line across that
    edge, stretched."""
    parts = _shadow_parts(radius, blur, alpha)
    whole, c = parts.whole, parts.corner
    mid = whole.get_width() // 2
    far = whole.get_width() - c
    source = {"top": (mid, 0, 1, c), "bottom": (mid, far, 1, c),
              "left": (0, mid, c, 1), "right": (far, mid, c, 1)}[side]
    size = (length, c) if side in ("top", "bottom") else (c, length)
    return pygame.transform.scale(whole.subsurface(source), size)
