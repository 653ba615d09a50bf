"""What the app knows of Overlords before loading any of it, registered with `common.games`
(OpenSpiel's `register_game`, declared by the game): `FACTS`, with the setting it adds (the
new-game dialog's last choice of who plays each side). Plain data, no pygame.
"""

from __future__ import annotations

from typing import Any

from common.facts import GameFacts, Setting
from common.i18n import N_, _

NAME = "overlords"
MOVES_KEY = "moves"  # where a record lists the moves
SIDES = (N_("White"), N_("Black"))  # a side's name, by side (translated where shown)
WIN_REASONS = ("overlord", "sources")  # the enemy Overlord captured, all nine Sources held

SEAT_KEYS = ("white", "black")  # the new-game dialog's remembered seats, by side
MAX_SPEC = 64  # characters of a remembered seat choice ("human", a level, "bot")


def seats_problem(value: Any) -> str | None:
    """What is wrong with the new-game dialog's remembered seats ({"white": "human", "black":
    "novice"}), if anything; the dialog takes the values it offers and defaults the rest."""
    if value is None:
        return None
    if not isinstance(value, dict) or not all(
            key in SEAT_KEYS and isinstance(v, str) and v.isprintable() and len(v) <= MAX_SPEC
            for key, v in value.items()):
        return _('expected {"white": ..., "black": ...} with short texts, or null')
    return None


FACTS = GameFacts(
    name=NAME,
    title="Overlords",
    blurb=N_("8x8, two sides: move with Rune and Fate stones, capture the Overlord"),
    seats={2: (0, 1)},
    player_names=SIDES,
    win_reasons=WIN_REASONS,
    engine_module="overlords.rules",
    ai_module="overlords.ai",
    screens_module="overlords.ui.screens",
    rules_text_module="overlords.rules_text",
    puzzles_module="overlords.puzzles",
    analysis_module="overlords.analysis",
    lessons_module="overlords.lessons",
    coach_module="overlords.coach",
    board_from_seed=True,
    row_moves=2,
    settings=(
        # the new-game dialog's last choice of who plays each side (no row: the dialog
        # writes it)
        Setting("overlords_new_game", None, check=seats_problem),
    ),
)
