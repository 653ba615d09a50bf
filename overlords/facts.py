"""What the app knows of Overlords before loading any of it, registered with `common.games`
(OpenSpiel's `register_game`, declared by the game): `FACTS`. Plain data, no pygame.
"""

from __future__ import annotations

from common.facts import GameFacts

NAME = "overlords"
MOVES_KEY = "moves"  # where a record lists the moves
SIDES = ("White", "Black")  # a side's name, by side
WIN_REASONS = ("overlord", "sources")  # the enemy Overlord captured, all nine Sources held

FACTS = GameFacts(
    name=NAME,
    title="Overlords",
    blurb="8x8, two sides: move with Rune and Fate stones, capture the Overlord",
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
)
