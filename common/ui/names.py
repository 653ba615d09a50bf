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

from common.ui import fonts

MAX_NAME = 16  # characters of a player's name
_BAD = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # unicodedata categories never shown
_MARKS = ("Mn", "Mc", "Me")  # combining marks: kept after a letter (Hindi vowel signs)
MAX_MARKS = 2  # combining marks kept on one letter (a stack of accents is not a name)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """True if a font of the chain (the bundled one, else a system font that has it:
    common/ui/fonts.py) draws ch rather than a missing-glyph box, regular and bold."""
    if ch == " " or (ch.isascii() and ch.isprintable()):
        return True
    return all(fonts.font_file(ch, bold) is not None for bold in (False, True))


def clean_chars(text: str) -> str:
    """Text with the characters that cannot be shown dropped (controls, format characters,
    stray accents: a combining mark not on a letter, or past MAX_MARKS on one), other spaces
    as " ", glyphs no font of the chain has as "?" (composed first)."""
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    marks = MAX_MARKS  # no letter yet: a mark here is stray
    for ch in text:
        kind = unicodedata.category(ch)
        if ch.isspace():
            kept.append(" ")
            marks = MAX_MARKS
        elif kind in _MARKS:  # on a Latin letter NFC composed what could be: stray
            if marks < MAX_MARKS and kept and kept[-1] != "?" and not _latin(kept[-1]):
                kept.append(ch if has_glyph(ch) else "")
                marks += 1
        elif kind not in _BAD:
            kept.append(ch if has_glyph(ch) else "?")
            marks = 0
    return "".join(kept)


def _latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN")


def clean_name(text: Any, limit: int = MAX_NAME) -> str:
    """Typed (or read) text as a name the app can draw: `clean_chars`, spaces collapsed and
    trimmed, at most limit characters."""
    return " ".join(clean_chars(str(text)[: 4 * limit]).split())[:limit]
