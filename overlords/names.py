"""The game's names in the player's language: figures, sides, features and Runes, as the
screens and the reasons show them (the engine's tables in overlords/state.py keep the English
names records and art files use). Pygame-free."""

from __future__ import annotations

from common.i18n import pgettext
from overlords.state import FEATURE_NAMES, RUNE_NAMES, SIDE_NAMES, TYPE_NAMES, TYPE_PLURALS


def _marked() -> None:
    """The names for the template (never called: tools/extract_messages.py reads the calls;
    the same words as the engine's tables, each with the context it is looked up in)."""
    pgettext("figure", "Overlord"), pgettext("figure", "Wizard")
    pgettext("figure", "Dragon"), pgettext("figure", "Hero")
    pgettext("figures", "Overlords"), pgettext("figures", "Wizards")
    pgettext("figures", "Dragons"), pgettext("figures", "Heroes")
    pgettext("side", "white"), pgettext("side", "black")
    pgettext("feature", "castle"), pgettext("feature", "tower"), pgettext("feature", "lair")
    pgettext("feature", "pit"), pgettext("feature", "mountain")
    pgettext("rune", "King step"), pgettext("rune", "Bishop"), pgettext("rune", "Rook")
    pgettext("rune", "Knight"), pgettext("rune", "Teleport"), pgettext("rune", "Recruit")
    pgettext("rune", "Pawn")


def figure(kind: int) -> str:
    """A figure's name: "Wizard"."""
    return pgettext("figure", TYPE_NAMES[kind])


def figures(kind: int) -> str:
    """A figure's plural: "Wizards"."""
    return pgettext("figures", TYPE_PLURALS[kind])


def a_figure(kind: int) -> str:
    """A figure's name with its article, as a sentence names it: "a Wizard", "an Overlord"."""
    # Translators: a figure named in a sentence ("Rune 3 cannot move a Wizard"); use the
    # case your sentences about figures need most, and say so in the glossary
    return (pgettext("a figure", "an Overlord"), pgettext("a figure", "a Wizard"),
            pgettext("a figure", "a Dragon"), pgettext("a figure", "a Hero"))[kind]


def side(which: int) -> str:
    """A side's name, capitalised: "White"."""
    return pgettext("side", SIDE_NAMES[which]).title()


def feature(kind: int) -> str:
    """A feature's name, capitalised: "Castle"."""
    return pgettext("feature", FEATURE_NAMES[kind]).title()


def rune(number: int) -> str:
    """A Rune's name: "Bishop" (Rune 2)."""
    return pgettext("rune", RUNE_NAMES[number])
