"""What the app knows of Prepollency before loading any of it, registered with `common.games`
(OpenSpiel's `register_game`, declared by the game): `FACTS`, with the settings it adds (a seat
with no piece that can move holds by itself; the new-game dialog's last choices, and what a
remembered choice may hold). Plain data, no pygame.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from common.facts import GameFacts, Setting
from common.i18n import N_, _

NAME = "prepollency"
MOVES_KEY = "turns"  # where a record lists the turns
SEATS_FOR = {2: (1, 3), 3: (1, 2, 3), 4: (1, 2, 3, 4)}  # players -> seats (3: the variant)
# a seat's default name, by seat: its colour (a Message, shown in the player's language)
SEAT_NAMES = ("", N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"))
WIN_REASONS = ("obelisk", "elimination")  # the Obelisk held, the last player standing
MAX_CHOICES = 4096  # characters of JSON the dialog's remembered choices may take
SEAT_CHOICES = ("kind", "name", "colour")  # what the dialog remembers of a seat, as text


def choices_problem(value: Any) -> str | None:
    """What is wrong with the new-game dialog's remembered choices ({"players": 2..4, "first":
    "random" or a seat, "seats": {"1": {"kind": ..., "name": ..., "colour": ...}, ...}}), if
    anything: the shape and the types (`CHOICES`); the dialog takes the values it knows and
    defaults the rest."""
    if value is None:
        return None
    if not isinstance(value, dict) or len(json.dumps(value)) > MAX_CHOICES:
        return _("expected a small object or null")
    for key, item in value.items():
        check = CHOICES.get(key)
        if check is None or not check(item):
            return _("{key} is not a choice the dialog remembers").format(key=json.dumps(key))
    return None


def _seat_choice(seat: Any, choice: Any) -> bool:
    """A seat's remembered choice: its kind, name and colour as short printable text."""
    return seat in ("1", "2", "3", "4") and isinstance(choice, dict) and all(
        k in SEAT_CHOICES and isinstance(v, str) and v.isprintable() and len(v) <= 64
        for k, v in choice.items())


CHOICES: dict[str, Callable[[Any], bool]] = {  # a remembered choice -> whether a value fits it
    "players": lambda item: type(item) is int and item in (2, 3, 4),
    "first": lambda item: item == "random" or (type(item) is int and 1 <= item <= 4),
    "seats": lambda item: isinstance(item, dict) and all(
        _seat_choice(seat, choice) for seat, choice in item.items()),
}


FACTS = GameFacts(
    name=NAME,
    title="Prepollency",
    blurb=N_("15x15, two to four players race to hold the central Obelisk"),
    seats=SEATS_FOR,
    player_names=SEAT_NAMES,
    win_reasons=WIN_REASONS,
    engine_module="prepollency.rules",
    ai_module="prepollency.ai",
    screens_module="prepollency.ui.screens",
    rules_text_module="prepollency.rules_text",
    puzzles_module="prepollency.puzzles",
    analysis_module="prepollency.analysis",
    lessons_module="prepollency.lessons",
    coach_module="prepollency.coach",
    settings=(
        # a seat that cannot move holds the line by itself after a moment
        Setting("auto_hold", True, N_("Prepollency: hold when no piece can move")),
        # the last choices of the new-game dialog (no row: the dialog writes it)
        Setting("prepollency_new_game", None, check=choices_problem),
    ),
)
