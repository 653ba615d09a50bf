"""What a game registers with the registry (`common.games`), the OpenSpiel way: one
`GameFacts` value of declarative facts, in the game's own `GAME/facts.py` (``FACTS``).

Everything the shared layers know of a game comes from here or from the modules it names:
its title and blurb, how many players it seats and on which seats, what its players are called,
the reasons its games end with a win, the settings it adds (with their validation and their row
on the Settings screen), and where its engine, CPU, screens, rules text, puzzles, analysis,
lessons and coach live (imported only when first used). Plain Python: no pygame, nothing
heavy, so the registry can read every game's facts at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from common.i18n import _

Check = Callable[[Any], "str | None"]  # what is wrong with a value read from a file, or None


def is_bool(value: Any) -> str | None:
    """The check of an on/off setting: None for true or false, else what was expected."""
    return None if isinstance(value, bool) else "expected true or false"


@dataclass(frozen=True)
class Setting:
    """A setting a game adds to the player's settings file (`common.ui.settings`): its key and
    default, its on/off row on the Settings screen (`label`; "" for a value the game keeps
    without a row) and what is wrong with a value read from the file (`check`)."""

    key: str
    default: Any
    label: str = ""
    check: Check = is_bool


@dataclass(frozen=True)
class GameFacts:
    """One game's declarative facts (see the module docstring)."""

    name: str  # the record's "game", the command line's GAME
    title: str
    blurb: str  # one line for the main menu
    # players -> the seats of a game of that many (a dict: left out of == and hash)
    seats: Mapping[int, tuple[int, ...]] = field(compare=False)
    player_names: tuple[str, ...]  # a player's default name, by player: "White", "Red"
    win_reasons: tuple[str, ...]  # the reasons its games end with a win (draws, resignations
    # and forfeits are every game's: `common.protocol`)
    engine_module: str
    ai_module: str
    screens_module: str
    rules_text_module: str
    puzzles_module: str = ""  # the puzzles' goals and checks (`common.puzzles`)
    analysis_module: str = ""  # the game's adapter for common.analysis (`ADAPTER`)
    lessons_module: str = ""  # the lessons (`common.lessons.LessonGame`): "" for none
    coach_module: str = ""  # the coach and the guided first game (`common.coaching`)
    settings: tuple[Setting, ...] = ()  # the settings it adds
    board_from_seed: bool = False  # the seed draws the board (worth showing: "Board seed 7")
    row_moves: int = 1  # moves a numbered row of the move log holds (Overlords: a pair)

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """How many players a game may have."""
        return tuple(sorted(self.seats))

    def seats_for(self, count: int) -> tuple[int, ...]:
        """The players of a game of that many."""
        return self.seats[count]

    def seat_names(self, player: int) -> str:
        """A player's default name in the player's language: "White", "Red"."""
        return _(self.player_names[player])
