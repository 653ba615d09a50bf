"""The game's names in the player's language: the pieces, as the screens and the reasons show
them (prepollency/moves.py keeps the English names records use). Pygame-free."""

from __future__ import annotations

from common.i18n import pgettext
from prepollency.moves import PIECE_NAMES


def _marked() -> None:
    """The names for the template (never called: tools/extract_messages.py reads the calls)."""
    pgettext("piece", "Infantry"), pgettext("piece", "Cavalry"), pgettext("piece", "Archer")
    pgettext("piece", "Khan")


def piece(kind: int) -> str:
    """A piece's name: "Archer"."""
    return pgettext("piece", PIECE_NAMES[kind]) if PIECE_NAMES[kind] else ""
