"""Loading the bundled art, fonts and sounds from `assets/`, cached, never crashing.

SVG templates are recoloured before loading: the literal colours `#ff00ff` (main fill),
`#00ffff` (rim) and `#ffff00` (detail) are replaced in the SVG text, then the bytes are
rasterised at the size asked for with `pygame.image.load_sized_svg`. A missing or broken file
gives None (or the default font), and the caller draws a fallback shape; nothing is downloaded.
The rasterised art and the images are kept in caches bounded by bytes (`common.ui.cache`): a
window resized many times does not keep every size's art.

Every file is read as hostile (`common.files.read_bounded`): a regular file only (a FIFO in
place of an asset is refused without waiting), at most a size per kind (`MAX_BYTES`), and a
bitmap whose header announces more than MAX_PIXELS is refused before it is decoded: nothing
read from a file sizes a surface beyond that.
"""

from __future__ import annotations

import io
import re
import struct
from functools import lru_cache
from pathlib import Path

import pygame

from common import files, paths
from common.ui.cache import bounded_cache

ROOT = paths.assets_root()  # the bundle's assets/ when frozen (PyInstaller)
TEMPLATE = ("#ff00ff", "#00ffff", "#ffff00")  # main fill, rim, detail
MAX_BYTES = {"svg": 1 << 20, "image": 16 << 20, "font": 32 << 20, "sound": 16 << 20}
MAX_PIXELS = 4096 * 4096  # a bitmap asset larger than this is not one of ours


def read(file: Path, kind: str) -> bytes | None:
    """An asset's bytes, read bounded (see the module docstring); None if unusable."""
    try:
        return files.read_bounded(file, MAX_BYTES[kind])
    except OSError:
        return None


def _too_large(data: bytes) -> bool:
    """True if a PNG's header announces more than MAX_PIXELS (other formats: pygame's own
    limits)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width * height > MAX_PIXELS
    return False


def path(*parts: str) -> Path:
    """A path inside assets/."""
    return ROOT.joinpath(*parts)


@lru_cache(maxsize=8)
def _svg_text(file: Path) -> str | None:
    data = read(file, "svg")
    try:
        return None if data is None else data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def svg(rel: str, size: tuple[int, int], colors: tuple[str, ...] = ()) -> pygame.Surface | None:
    """The SVG at assets/rel rasterised at size, template colours replaced; None if unusable."""
    return _svg_cached(rel, (max(1, int(size[0])), max(1, int(size[1]))), tuple(colors))


@bounded_cache(16 << 20, "assets.svg")
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


@bounded_cache(8 << 20, "assets.image")
def image(rel: str) -> pygame.Surface | None:
    """A PNG (or other bitmap) from assets/rel, or None if it is missing or broken."""
    file = path(rel)
    data = read(file, "image")
    if data is None or _too_large(data):
        return None
    try:
        surface = pygame.image.load(io.BytesIO(data), file.name)
    except (pygame.error, OSError, ValueError):
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


@lru_cache(maxsize=2)
def font_data(bold: bool) -> bytes | None:
    """The bundled font's bytes (read once, bounded), or None."""
    file = font_file(bold)
    return None if file is None else read(Path(file), "font")


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at a pixel height (pygame's default font if none is bundled)."""
    data = font_data(bold)
    if data is not None:
        try:
            return pygame.font.Font(io.BytesIO(data), px)
        except (pygame.error, OSError, ValueError):
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
