"""The game's names in the player's language: the pieces, the seats and a turn's moves, as the
screens and the reasons show them (prepollency/moves.py and prepollency/facts.py keep the
English names records use). Pygame-free."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from common.i18n import _, pgettext
from prepollency.facts import SEAT_NAMES
from prepollency.moves import PIECE_NAMES


def _marked() -> None:
    """The names for the template (never called: tools/extract_messages.py reads the calls)."""
    pgettext("piece", "Infantry"), pgettext("piece", "Cavalry"), pgettext("piece", "Archer")
    pgettext("piece", "Khan")


def piece(kind: int) -> str:
    """A piece's name: "Archer"."""
    return pgettext("piece", PIECE_NAMES[kind]) if PIECE_NAMES[kind] else ""


def seat(number: int) -> str:
    """A seat's default name, its colour as a player's name: "Red" (seat 1)."""
    return _(SEAT_NAMES[number])


def listed(items: Sequence[str]) -> str:
    """Names in one list: "Red", "Red and Blue", "Red, Blue and Green"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    # Translators: the last two names of a list: "Red and Blue", "Red, Blue and Green"
    return _("{others} and {last}").format(others=pgettext("list", ", ").join(items[:-1]),
                                           last=items[-1])


def turn(moves: Iterable[object]) -> str:
    """A turn's moves in words: "a5-a2, then d4-b2", "c3-e5", or "holding the line"."""
    shown = [str(m) for m in moves]
    if not shown:
        return _("holding the line")
    text = shown[0]
    for move in shown[1:]:
        # Translators: the two moves of a turn, in the order they are made: "a5-a2, then d4-b2"
        text = _("{first}, then {second}").format(first=text, second=move)
    return text
