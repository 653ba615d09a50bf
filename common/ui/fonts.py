"""Text in any script: the bundled font first, then a font of the system that has the
character (a player's, a save's or a bot's name in Chinese, Arabic, Hebrew or Hindi draws
with real glyphs, not boxes), right-to-left runs shaped and set right to left.

Where the other fonts come from: on Linux and the BSDs `fc-list :charset=XXXX file` (a
subprocess with a deadline, its output bounded; once per character, remembered), on Windows
and macOS the fonts every installation has (`KNOWN`). A font is used only if it really draws
the character (its rendering differs from the font's missing-glyph box), is a regular file
and is not larger than MAX_FONT. Nothing here raises: a character no font has is drawn by the
bundled font (its box), as before.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import subprocess
import sys
import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame

from common.ui import assets

FC_WAIT = 2.0  # seconds fc-list may take
MAX_ANSWER = 64 * 1024  # characters of fc-list's answer read
MAX_FONT = 64 << 20  # bytes of a system font file used
MAX_CANDIDATES = 8  # fonts tried per block of characters
BUNDLED = ""  # the bundled font's key in the chain
KNOWN = {  # fonts a Windows or macOS installation has, by what they cover best
    "win": ["C:/Windows/Fonts/msyh.ttc", "C:/Windows/Fonts/YuGothM.ttc",
            "C:/Windows/Fonts/malgun.ttf", "C:/Windows/Fonts/Nirmala.ttf",
            "C:/Windows/Fonts/arial.ttf", "C:/Windows/Fonts/seguisym.ttf",
            "C:/Windows/Fonts/segoeui.ttf"],
    "darwin": ["/System/Library/Fonts/PingFang.ttc", "/System/Library/Fonts/Hiragino Sans GB.ttc",
               "/System/Library/Fonts/Supplemental/Arial Unicode.ttf",
               "/System/Library/Fonts/Kohinoor.ttc", "/System/Library/Fonts/GeezaPro.ttc",
               "/System/Library/Fonts/SFHebrew.ttf",
               "/System/Library/Fonts/Supplemental/Devanagari Sangam MN.ttc"],
}
_RTL = ("R", "AL")  # bidirectional classes of right-to-left letters


def _platform() -> str:
    return "win" if sys.platform.startswith("win") else sys.platform


@lru_cache(maxsize=4096)
def _candidates(ch: str) -> tuple[str, ...]:
    """Font files of the system that have the character (fontconfig's answer; on Windows and
    macOS the known fonts, each checked by `covers`)."""
    if _platform() in KNOWN:
        return tuple(f for f in KNOWN[_platform()] if _usable(f))
    try:
        done = subprocess.run(["fc-list", f":charset={ord(ch):x}", "file"],
                              capture_output=True, text=True, timeout=FC_WAIT, check=False,
                              stdin=subprocess.DEVNULL, errors="replace")
    except (OSError, subprocess.SubprocessError, ValueError):
        return ()
    files = sorted({line.strip().rstrip(":") for line in done.stdout[:MAX_ANSWER].splitlines()
                    if line.strip()})
    regular = [f for f in files
               if not any(w in f.lower() for w in ("bold", "italic", "oblique", "mono"))]
    return tuple(f for f in (regular or files) if _usable(f))[:MAX_CANDIDATES]


def _usable(file: str) -> bool:
    try:
        st = os.stat(file)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(st.st_mode) and 0 < st.st_size <= MAX_FONT


@lru_cache(maxsize=64)
def _font(file: str, px: int, bold: bool, rtl: bool = False) -> pygame.font.Font | None:
    """The font of a chain at a size (the bundled one for BUNDLED); None if unusable."""
    if file == BUNDLED:
        f = assets.font(px, bold)
        if rtl:  # a font object of its own: the direction is the object's state
            f = _copy(f, px, bold)
    else:
        try:
            f = pygame.font.Font(file, px)
        except (pygame.error, OSError, ValueError):
            return None
        if bold:
            f.set_bold(True)
    if rtl and hasattr(f, "set_direction"):
        with contextlib.suppress(pygame.error, AttributeError):
            f.set_direction(pygame.DIRECTION_RTL)
    return f


def _copy(f: pygame.font.Font, px: int, bold: bool) -> pygame.font.Font:
    data = assets.font_data(bold)
    if data is None:
        return f
    try:
        return pygame.font.Font(io.BytesIO(data), px)
    except (pygame.error, OSError, ValueError):
        return f


@lru_cache(maxsize=16)
def _missing(file: str, bold: bool) -> bytes | None:
    f = _font(file, 20, bold)
    if f is None:
        return None
    return _shape(f, "\ue000")  # a private-use character: the missing-glyph box


def _shape(f: pygame.font.Font, ch: str) -> bytes | None:
    try:
        s = f.render(ch, True, (255, 255, 255))
    except (pygame.error, ValueError):
        return None
    return repr(s.get_size()).encode() + pygame.image.tobytes(s, "RGBA")


@lru_cache(maxsize=8192)
def covers(file: str, ch: str, bold: bool = False) -> bool:
    """True if the font draws ch rather than its missing-glyph box."""
    if ch == " ":
        return True
    f = _font(file, 20, bold)
    if f is None:
        return False
    shape = _shape(f, ch)
    return shape is not None and shape != _missing(file, bold)


@lru_cache(maxsize=8192)
def font_file(ch: str, bold: bool = False) -> str | None:
    """The first font of the chain that draws ch: BUNDLED, a system font's file, or None."""
    if (ch.isascii() and ch.isprintable()) or covers(BUNDLED, ch, bold):
        return BUNDLED
    for file in _candidates(ch):
        if covers(file, ch, bold):
            return file
    return None


def needs_chain(text: str, bold: bool = False) -> bool:
    """True if the bundled font alone cannot draw the text."""
    return not text.isascii() and any(font_file(ch, bold) != BUNDLED for ch in set(text))


def runs(text: str, bold: bool = False) -> list[tuple[str, str, bool]]:
    """The text cut into runs drawn with one font and one direction: (font file, text,
    right to left), in the order they are set on screen (a right-to-left text's runs from
    the right)."""
    out: list[tuple[str, str, bool]] = []
    for ch in text:
        file = font_file(ch, bold)
        file = BUNDLED if file is None else file
        rtl = unicodedata.bidirectional(ch) in _RTL
        if out and ch == " ":  # a space joins the run it is in
            file, rtl = out[-1][0], out[-1][2]
        if out and out[-1][0] == file and out[-1][2] == rtl:
            out[-1] = (file, out[-1][1] + ch, rtl)
        else:
            out.append((file, ch, rtl))
    first = next((unicodedata.bidirectional(ch) for ch in text
                  if unicodedata.bidirectional(ch) in ("L", *_RTL)), "L")
    return out[::-1] if first in _RTL else out


def render(text: str, px: int, color, bold: bool = False) -> pygame.Surface:
    """The text drawn with the chain: each run in its font, side by side on one baseline."""
    pieces = []
    for file, part, rtl in runs(text, bold):
        f = _font(file, px, bold, rtl) or assets.font(px, bold)
        try:
            pieces.append((f.render(part, True, color), f.get_ascent()))
        except (pygame.error, ValueError):
            continue
    if not pieces:
        return assets.font(px, bold).render("", True, color)
    ascent = max(a for _s, a in pieces)
    height = max(ascent - a + s.get_height() for s, a in pieces)
    surface = pygame.Surface((sum(s.get_width() for s, _a in pieces), height),
                             pygame.SRCALPHA)
    x = 0
    for s, a in pieces:
        surface.blit(s, (x, ascent - a))
        x += s.get_width()
    return surface


def width(text: str, px: int, bold: bool = False) -> int:
    """The width `render` draws the text at."""
    total = 0
    for file, part, rtl in runs(text, bold):
        f = _font(file, px, bold, rtl) or assets.font(px, bold)
        try:
            total += f.size(part)[0]
        except (pygame.error, ValueError):
            continue
    return total


def available(ch: str) -> bool:
    """True if some font of the chain draws ch (the bundled one or the system's)."""
    return font_file(ch) is not None


def system_fonts() -> list[Path]:
    """The system fonts the chain knows here (for tests and the bench)."""
    files = {f for ch in "\u4e2d\u0627\u05d0\u0928" for f in _candidates(ch)}
    return sorted(Path(f) for f in files)
