"""The words of the desktop entry and of the AppStream metainfo, in every language of the
catalogues (po/<code>.po): a menu or a software centre shows the app's name, summary and
description in the desktop's language (`Name[de]=...`, ``<summary xml:lang="de">``).

The English words are marked here (so the template holds them, and translators translate
them as any message); `entry_lines` gives the desktop entry's translated keys and
`metainfo_text` the metainfo with a translated element after each English one it knows.
assets/desktop/APP_ID.metainfo.xml and packaging/linux/APP_ID.desktop carry the result (the
wheel ships them as they are): `python tools/desktop_translations.py` writes them again after
a catalogue changes, and tests/test_desktop_identity.py fails while they are out of date.
Pygame-free; a catalogue that cannot be read leaves that language out (never raises).
"""

from __future__ import annotations

import re
from functools import cache
from xml.sax.saxutils import escape, unescape

from common import paths
from common.i18n import ENGLISH, LANGUAGES, N_, po_folder
from common.i18n.catalogue import CatalogueError, placeholders, read_po

NAME = N_("Overlords & Prepollency")  # the app's name: the games' names stay as they are
GENERIC_NAME = N_("Strategy Board Games")
SUMMARY = N_("Two tabletop strategy games, hot-seat or against the computer")
KEYWORDS = N_("board;strategy;hot-seat;")  # a desktop entry's search words, ";" after each
# the metainfo's description, paragraph by paragraph, and its screenshots' captions
DESCRIPTION = (
    N_("A digital edition of two tabletop strategy games, played with the mouse or the "
       "keyboard, by people sharing one screen or against computer players of four "
       "strengths."),
    N_("Overlords: two sides on an 8×8 board; every turn plays one Rune stone (how to move) "
       "and one Fate stone (which figure). Capture the enemy Overlord or hold all nine "
       "Sources."),
    N_("Prepollency: two to four players on a 15×15 board race to hold the central Obelisk."),
    N_("Every legal move is shown on request, a refused move says why, moves that lose are "
       "marked before they are played, and a hint, undo, the full rules and saved games are "
       "always at hand. A colour-blind palette and shapes on every marker keep the boards "
       "readable. Outside programs can play a seat too, over a documented protocol."),
    N_("Overlords: the moves of the chosen figure with the chosen stones"),
    N_("Prepollency: four players racing for the Obelisk"),
)
METAINFO_WORDS = (NAME, SUMMARY, *DESCRIPTION)
TRANSLATED_TAGS = ("name", "summary", "p", "li", "caption")


@cache
def _catalogue(code: str) -> dict[str, str]:
    """A language's translated messages without a context ({} if its .po cannot be read)."""
    try:
        entries = read_po(po_folder() / f"{code}.po")
    except (OSError, CatalogueError, UnicodeDecodeError):
        return {}
    return {e.msgid: e.msgstr[0] for e in entries
            if e.msgid and e.msgctxt is None and e.plural is None and e.translated
            and placeholders(e.msgstr[0]) == placeholders(e.msgid)}


def translations(message: str) -> list[tuple[str, str]]:
    """(language code, translation) of a message for every language that has one, in the
    order of `common.i18n.LANGUAGES`."""
    out = []
    for code in LANGUAGES:
        text = _catalogue(code).get(str(message)) if code != ENGLISH else None
        if text:
            out.append((code, text))
    return out


def _entry_value(text: str) -> str:
    """A desktop-entry string value: backslash, newline, tab and CR escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def entry_lines() -> list[str]:
    """The desktop entry's Name, GenericName, Comment and Keywords, each in English then in
    every language of the catalogues (Name[de]=...)."""
    keywords = f"{KEYWORDS}overlords;prepollency;"
    lines = []
    for key, message, english in (("Name", NAME, paths.TITLE),
                                  ("GenericName", GENERIC_NAME, str(GENERIC_NAME)),
                                  ("Comment", SUMMARY, str(SUMMARY)),
                                  ("Keywords", KEYWORDS, keywords)):
        lines.append(f"{key}={_entry_value(english)}")
        for code, text in translations(message):
            if key == "Keywords":
                text = _keywords(text)
                if not text:
                    continue
                text += "overlords;prepollency;"
            lines.append(f"{key}[{code}]={_entry_value(text)}")
    return lines


def _keywords(text: str) -> str:
    """A translated keyword list as the spec wants it: each word followed by ";"."""
    words = [w.strip() for w in text.split(";") if w.strip()]
    return "".join(f"{w};" for w in words)


_ELEMENT = re.compile(r"^([ \t]*)<(" + "|".join(TRANSLATED_TAGS) + r")>(.*?)</\2>",
                      re.MULTILINE | re.DOTALL)
_TRANSLATED = re.compile(r"\n[ \t]*<(" + "|".join(TRANSLATED_TAGS) +
                         r") xml:lang=\"[^\"]*\">.*?</\1>", re.DOTALL)


def metainfo_text(source: str) -> str:
    """The metainfo `source` with, after each element whose English words are one of
    `METAINFO_WORDS`, the same element in every language of the catalogues (any translated
    element `source` already holds is made again)."""
    source = _TRANSLATED.sub("", source)
    known = {" ".join(str(m).split()): m for m in METAINFO_WORDS}

    def add(found: re.Match) -> str:
        indent, tag, inner = found[1], found[2], found[3]
        message = known.get(" ".join(unescape(inner).split()))
        if message is None:
            return found[0]
        extra = "".join(f'\n{indent}<{tag} xml:lang="{code}">{escape(text)}</{tag}>'
                        for code, text in translations(message))
        return found[0] + extra

    return _ELEMENT.sub(add, source)
