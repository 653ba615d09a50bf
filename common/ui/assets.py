"""Loading the bundled art, fonts and sounds from `assets/`, cached, never crashing.

SVG templates are recoloured before loading: the literal colours `#ff00ff` (main fill),
`#00ffff` (rim) and `#ffff00` (detail) are replaced in the SVG text, then the bytes are
rasterised at the size asked for with `pygame.image.load_sized_svg`. A missing or broken file
gives None (or the default font), and the caller draws a fallback shape; nothing is downloaded.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pygame

from common import paths

ROOT = paths.assets_root()  # the bundle's assets/ when frozen (PyInstaller)
TEMPLATE = ("#ff00ff", "#00ffff", "#ffff00")  # main fill, rim, detail


def path(*parts: str) -> Path:
    """A path inside assets/."""
    return ROOT.joinpath(*parts)


@lru_cache(maxsize=8)
def _svg_text(file: Path) -> str | None:
    try:
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def svg(rel: str, size: tuple[int, int], colors: tuple[str, ...] = ()) -> pygame.Surface | None:
    """The SVG at assets/rel rasterised at size, template colours replaced; None if unusable."""
    return _svg_cached(rel, (max(1, int(size[0])), max(1, int(size[1]))), tuple(colors))


@lru_cache(maxsize=512)
def _svg_cached(rel: str, size: tuple[int, int], colors: tuple[str, ...]) -> pygame.Surface | None:
    text = _svg_text(path(rel))
    if text is None:
        return None
    for template, color in zip(TEMPLATE, colors, strict=False):
        text = re.sub(re.escape(template), color, text, flags=re.IGNORECASE)
    try:
        surface = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), size)
    except (pygame.error, ValueError, OSError):
        return None
    if surface.get_size() != size:
        surface = pygame.transform.smoothscale(surface, size)
    return surface.convert_alpha() if pygame.display.get_surface() else surface


@lru_cache(maxsize=32)
def image(rel: str) -> pygame.Surface | None:
    """A PNG (or other bitmap) from assets/rel, or None if it is missing or broken."""
    file = path(rel)
    if not file.is_file():
        return None
    try:
        surface = pygame.image.load(str(file))
    except (pygame.error, OSError):
        return None
    if pygame.display.get_surface():
        surface = surface.convert_alpha() if surface.get_alpha() else surface.convert()
    return surface


@lru_cache(maxsize=2)
def font_file(bold: bool) -> str | None:
    """The bundled TTF/OTF (bold or regular) in assets/fonts, or None to use pygame's default."""
    folder = path("fonts")
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    except OSError:
        return None
    bolds = [p for p in files if "bold" in p.stem.lower()]
    regulars = [p for p in files if p not in bolds]
    pick = (bolds or regulars) if bold else (regulars or bolds)
    return str(pick[0]) if pick else None


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at a pixel height (pygame's default font if none is bundled)."""
    file = font_file(bold)
    if file is not None:
        try:
            return pygame.font.Font(file, px)
        except (pygame.error, OSError):
            pass
    f = pygame.font.Font(None, round(px * 1.3))
    f.set_bold(bold)
    return f


def sound_file(name: str) -> Path | None:
    """assets/sounds/NAME.wav (or .ogg) if it exists."""
    for ext in (".wav", ".ogg"):
        file = path("sounds", name + ext)
        if file.is_file():
            return file
    return None
