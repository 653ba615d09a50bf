"""Overlords art at the sizes the layout asks for: figures, features, markers and stones.

Figures, markers and stone glyphs are the SVG templates in assets/art, recoloured per side;
features keep their natural colours. Every sprite is cached per size and palette. If a file is
missing, a drawn fallback with the same silhouette idea (a token with the type's letter, a
tinted tile with the feature's initial) keeps the game playable.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from common.ui import assets, draw
from common.ui.theme import Palette, hex_rgb, mix
from overlords import rules

FIGURE_FILES = ("overlord", "wizard", "dragon", "hero")
FEATURE_TINT = {  # ground tint under each feature: recognisable even under a figure
    rules.CASTLE: (150, 150, 160, 70),
    rules.TOWER: (70, 110, 190, 60),
    rules.LAIR: (150, 90, 40, 70),
    rules.PIT: (30, 22, 16, 90),
    rules.MOUNTAIN: (110, 120, 140, 80),
}
STONE_FACE = ((239, 231, 212), (58, 62, 74))  # pebble colour per side
STONE_INK = ((52, 40, 28), (232, 224, 204))


@lru_cache(maxsize=64)
def figure(kind: int, side: int, size: int, pal: Palette) -> pygame.Surface:
    """A figure token of a side at size x size pixels (its shadow included)."""
    art = assets.svg(f"art/overlords/{FIGURE_FILES[kind]}.svg", (size, size), pal.sides[side])
    if art is not None:
        return art
    fill, rim, _ = (hex_rgb(c) for c in pal.sides[side])
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size // 2, int(size * 0.4)
    pygame.draw.circle(surface, (0, 0, 0, 90), (c + 1, c + 3), r + 2)
    pygame.draw.circle(surface, fill, (c, c), r)
    pygame.draw.circle(surface, rim, (c, c), r, max(2, size // 20))
    draw.blit_text(surface, rules.TYPE_LETTERS[kind], int(size * 0.42), rim, (c, c), "center",
                   bold=True)
    return surface


@lru_cache(maxsize=32)
def feature(kind: int, size: int) -> pygame.Surface:
    """A feature icon at size x size (natural colours)."""
    art = assets.svg(f"art/overlords/{rules.FEATURE_NAMES[kind]}.svg", (size, size))
    if art is not None:
        return art
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    tint = FEATURE_TINT[kind]
    pygame.draw.rect(surface, (*tint[:3], 200), surface.get_rect().inflate(-size // 5, -size // 5),
                     border_radius=size // 8)
    draw.blit_text(surface, rules.FEATURE_NAMES[kind][0].upper(), size // 2, (250, 250, 250),
                   (size // 2, size // 2), "center", bold=True)
    return surface


@lru_cache(maxsize=16)
def flag(side: int, size: int, pal: Palette) -> pygame.Surface:
    """A side's control flag, drawn in the top-right corner of a size x size tile."""
    art = assets.svg("art/overlords/marker.svg", (size, size), pal.sides[side])
    if art is not None:
        return art
    fill, rim, _ = (hex_rgb(c) for c in pal.sides[side])
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    x0, y0 = int(size * 0.73), int(size * 0.05)
    pole = int(size * 0.25)
    pygame.draw.line(surface, rim, (x0, y0), (x0, y0 + pole), max(2, size // 30))
    pygame.draw.polygon(surface, fill, [(x0, y0), (size - 3, y0 + pole // 4), (x0, y0 + pole // 2)])
    pygame.draw.polygon(surface, rim, [(x0, y0), (size - 3, y0 + pole // 4), (x0, y0 + pole // 2)],
                        1)
    return surface


@lru_cache(maxsize=64)
def glyph(name: str, size: int, color: tuple[int, int, int]) -> pygame.Surface | None:
    """A stone glyph (rune1..rune7, fate_o..fate_h) in one colour."""
    hex_color = "#{:02x}{:02x}{:02x}".format(*color)
    return assets.svg(f"art/stones/{name}.svg", (size, size), (hex_color,))


@lru_cache(maxsize=256)
def stone(kind: str, value: int, side: int, size: int, played: bool) -> pygame.Surface:
    """A pebble: a Rune (value 1..7: digit and movement glyph) or a Fate (value = figure type).

    Played stones are grey and flat; unplayed ones are bright with a highlight and a shadow.
    """
    w, h = size, size
    surface = pygame.Surface((w, h + 4), pygame.SRCALPHA)
    face = STONE_FACE[side]
    ink = STONE_INK[side]
    body = pygame.Rect(1, 1, w - 2, h - 4)
    if played:
        face = mix(face, (110, 110, 110), 0.7)
        ink = mix(ink, face, 0.55)
        body = body.move(0, 3)
        pygame.draw.ellipse(surface, mix(face, (0, 0, 0), 0.3), body.inflate(2, 2))
        pygame.draw.ellipse(surface, face, body)
    else:
        pygame.draw.ellipse(surface, (0, 0, 0, 80), body.move(0, 4))
        pygame.draw.ellipse(surface, mix(face, (0, 0, 0), 0.35), body)
        pygame.draw.ellipse(surface, face, body.inflate(-3, -3).move(0, -1))
        shine = pygame.Surface(body.size, pygame.SRCALPHA)
        pygame.draw.ellipse(shine, (255, 255, 255, 46 if side == 0 else 30),
                            pygame.Rect(body.w * 0.16, body.h * 0.08, body.w * 0.5, body.h * 0.34))
        surface.blit(shine, body.topleft)
    cx, cy = body.center
    if kind == "rune":
        px = max(12, int(h * 0.42))
        draw.blit_text(surface, str(value), px, ink, (cx, cy - int(h * 0.12)), "center", bold=True)
        g = glyph(f"rune{value}", max(8, int(h * 0.32)), ink)
        if g is not None:
            surface.blit(g, g.get_rect(center=(cx, cy + int(h * 0.24))))
    else:
        g = glyph(f"fate_{rules.TYPE_LETTERS[value].lower()}", int(h * 0.66), ink)
        if g is not None:
            surface.blit(g, g.get_rect(center=(cx, cy)))
        else:
            draw.blit_text(surface, rules.TYPE_LETTERS[value], int(h * 0.45), ink, (cx, cy),
                           "center", bold=True)
    if played:
        surface.set_alpha(150)
    return surface


def fate_slots() -> list[int]:
    """The figure type of each of the seven Fate stones, in hand order (O W W D D H H)."""
    return [kind for kind, count in enumerate(rules.FATE_STONES) for _ in range(count)]
