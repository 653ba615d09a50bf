"""The record format's constants, its error, and how an error message quotes a value from a
file (docs/RULES.md, "Game records"). No pygame.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from common.i18n import N_, _

VERSION = 1
SHOWN = 60  # characters of a bad value an error message quotes
WITHDRAWN_KEY = "withdrawn"
MAX_MESSAGE = 300  # characters of an error message (an engine's reason may quote a file)


class RecordError(ValueError):
    """A record that cannot be read or does not follow the rules; the message says why (cut
    to MAX_MESSAGE characters: it may quote the file, and is shown and printed)."""

    def __init__(self, message: str) -> None:
        super().__init__(cut(message))


def cut(text: str, limit: int = MAX_MESSAGE) -> str:
    """Text cut to `limit` characters, ending in "…" if it was longer."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Withdrawal(NamedTuple):
    """A player that resigned or forfeited while the game went on, after that many moves."""

    player: int
    after: int  # entries of the moves list played before it left
    reason: str  # "resign" or "forfeit"


def shown(value: Any) -> str:
    """A JSON value as an error message quotes it, cut to about SHOWN characters (never
    raises: a value JSON cannot write is quoted by its kind)."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        text = f"<{kind(value)}>"
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def kind(value: Any) -> str:
    """What a JSON value is, in words an error message uses ("a list", "null")."""
    return _({
        dict: N_("an object"),
        list: N_("a list"),
        str: N_("a string"),
        bool: "true/false",
        int: N_("a number"),
        float: N_("a number"),
        type(None): "null",
    }.get(type(value), type(value).__name__))
