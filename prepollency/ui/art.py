"""Prepollency art at the sizes the layout asks for: piece tokens, the Obelisk, seat marks.

Pieces are the SVG templates of assets/art/prepollency (made by assets/tools/make_art.py): a
round token in the seat's fill with the piece's silhouette (Infantry shield, Cavalry horse
head, Archer bow, Khan crown) in its rim colour, so the kinds differ by shape and the seats by
colour; on the board each token also wears its seat's mark. Every seat has a *mark shape*
(`prepollency.ui.colours.marker`: circle, square, triangle, diamond) used wherever a seat is
named by colour (turn order, log, banner, bases), so no seat is told by hue alone. A missing
file falls back to a drawn token with the piece's letter. Sprites are cached per size and
colours, in caches bounded by bytes (`common.ui.cache`).
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from common.ui import assets, draw
from common.ui.cache import bounded_cache
from common.ui.theme import Color, hex_rgb, mix
from prepollency.moves import LETTERS, PIECE_NAMES
from prepollency.ui import colours

Tones = tuple[str, str, str]  # fill, rim, detail ("#rrggbb")
PIECE_FILES = ("", "infantry", "cavalry", "archer", "khan")
TOKEN = 0.9  # piece size in tiles


@bounded_cache(4 << 20, "prepollency.art.piece")
def piece(kind: int, tones: Tones, size: int, seat: int = 0) -> pygame.Surface:
    """A piece token of that kind in a seat's colours, size x size pixels (shadow included);
    with `seat`, the seat's mark shape as a small badge at its lower right, so that owners
    are never told by colour alone (issue 21)."""
    token = _token(kind, tones, size)
    if not seat:
        return token
    token = token.copy()
    fill, rim = hex_rgb(tones[0]), hex_rgb(tones[1])
    badge = mark_icon(seat, max(7, int(size * 0.34)), rim, fill)
    token.blit(badge, badge.get_rect(center=(int(size * 0.79), int(size * 0.79))))
    return token


@bounded_cache(3 << 20, "prepollency.art._token")
def _token(kind: int, tones: Tones, size: int) -> pygame.Surface:
    art = assets.svg(f"art/prepollency/{PIECE_FILES[kind]}.svg", (size, size), tones)
    if art is not None:
        return art
    fill, rim, _ = (hex_rgb(c) for c in tones)
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c, r = size // 2, int(size * 0.4)
    pygame.draw.circle(surface, (0, 0, 0, 90), (c + 1, c + 3), r + 2)
    pygame.draw.circle(surface, fill, (c, c), r)
    pygame.draw.circle(surface, rim, (c, c), r, max(2, size // 20))
    draw.blit_text(surface, LETTERS[kind], int(size * 0.45), rim, (c, c), "center", bold=True)
    return surface


@bounded_cache(1 << 20, "prepollency.art.faded")
def faded(kind: int, tones: Tones, size: int, alpha: int) -> pygame.Surface:
    """A piece token at an alpha (ghosts, fades, greyed turn order)."""
    surface = piece(kind, tones, size).copy()
    surface.set_alpha(alpha)
    return surface


@bounded_cache(2 << 20, "prepollency.art.obelisk")
def obelisk(size: int) -> pygame.Surface | None:
    """The Obelisk icon (natural colours), or None without its file."""
    return assets.svg("art/prepollency/obelisk.svg", (size, size))


def tones_for(keys: Mapping[int, str], palette_name: str) -> dict[int, Tones]:
    """The SVG colours (fill, rim, detail) of each seat's colour key in a palette: the rim,
    which draws the silhouette, is dark on a light fill and light on a dark one."""
    out = {}
    for seat, key in keys.items():
        fill = colours.rgb(key, palette_name)
        ink = colours.text_on(fill)
        rim = mix(ink, fill, 0.12)
        detail = mix(fill, (255, 255, 255) if ink == colours.DARK_TEXT else (0, 0, 0), 0.35)
        out[seat] = (_hex(fill), _hex(rim), _hex(detail))
    return out


def _hex(c: Color) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


@bounded_cache(1 << 20, "prepollency.art.mark_icon")
def mark_icon(seat: int, size: int, fill: Color, rim: Color, alpha: int = 255
              ) -> pygame.Surface:
    """A seat's mark shape on its own small surface (drawn 3x and scaled down: smooth)."""
    big = size * 3
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    colours.draw_marker(surface, colours.marker(seat), (big / 2, big / 2), big * 0.4, fill, rim,
                        max(2, big // 10))
    surface = pygame.transform.smoothscale(surface, (size, size))
    if alpha < 255:
        surface.set_alpha(alpha)
    return surface


def grey(tones: Tones) -> Tones:
    """The greyed version of a seat's colours (eliminated or withdrawn)."""
    out = []
    for c in tones:
        out.append(_hex(mix(hex_rgb(c), (128, 128, 128), 0.75)))
    return (out[0], out[1], out[2])


def piece_name(kind: int) -> str:
    """The piece's name ("Cavalry")."""
    return PIECE_NAMES[kind]
