"""Player names the app can draw: typed or read text made safe to show.

A name is hostile text: it may hold control or format characters (a right-to-left override),
stacks of combining accents, glyphs the bundled font lacks (they would draw as boxes), or be
very long. `clean_name` composes it (NFC), drops what cannot be shown, puts "?" for glyphs the
font lacks, collapses spaces and bounds the length. The new-game dialog cleans what is typed;
a game screen should clean names read from a record the same way.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

import pygame

from common.ui import assets

MAX_NAME = 16  # characters of a player's name
_BAD = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Mc", "Me")  # unicodedata categories


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """True if the bundled font (regular and bold) draws ch rather than its missing-glyph box."""
    if ch == " " or (ch.isascii() and ch.isprintable()):
        return True
    for bold in (False, True):
        font = assets.font(20, bold)
        try:
            shape = font.render(ch, True, (255, 255, 255))
        except (pygame.error, ValueError):
            return False
        if _same(shape, _missing(bold)):
            return False
    return True


@lru_cache(maxsize=2)
def _missing(bold: bool) -> pygame.Surface:
    return assets.font(20, bold).render("\ue000", True, (255, 255, 255))  # a private-use char


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and (
        pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"))


def clean_chars(text: str) -> str:
    """Text with the characters that cannot be shown dropped (controls, format characters,
    stray accents), other spaces as " ", glyphs the font lacks as "?" (composed first)."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch) not in _BAD)
    return "".join(ch if has_glyph(ch) else "?" for ch in kept)


def clean_name(text: Any, limit: int = MAX_NAME) -> str:
    """Typed (or read) text as a name the app can draw: `clean_chars`, spaces collapsed and
    trimmed, at most limit characters."""
    return " ".join(clean_chars(str(text)[: 4 * limit]).split())[:limit]
