"""The registry: every game of the program, once, with its declarative facts (the OpenSpiel
way). `main.py`, the command line, the CPU worker, the menu, the rules screen and the app look
games up here; nothing else in `common/` names a game package.

Each entry names its modules and imports them on first use, so the launcher starts fast and
the headless tools never load pygame (`Registered.screens` is the only pygame module here).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Registered:
    """One game: its record name and title, where its engine, evaluation, screens and rules
    text live, how many seats it seats, and what its seats are called."""

    name: str  # the record's "game", the command line's GAME
    title: str
    blurb: str  # one line for the main menu
    seat_counts: tuple[int, ...]  # how many players a game may have
    seat_names: Callable[[int], str]  # a player's default name: "White", "Red"
    seats_for: Callable[[int], tuple[int, ...]]  # the players of a game of that many
    engine_module: str
    ai_module: str
    screens_module: str
    rules_text_module: str
    board_from_seed: bool = False  # the seed draws the board (worth showing: "Board seed 7")
    row_moves: int = 1  # moves a numbered row of the move log holds (Overlords: a pair)
    puzzles_module: str = ""  # the puzzles' goals and checks (`common.puzzles`)
    analysis_module: str = ""  # the game's adapter for common.analysis (`ADAPTER`)
    lessons_module: str = ""  # the lessons (`common.lessons.LessonGame`): "" for none
    _cache: dict[str, ModuleType] = field(default_factory=dict, compare=False, repr=False)

    def _load(self, module: str) -> ModuleType:
        if module not in self._cache:
            self._cache[module] = importlib.import_module(module)
        return self._cache[module]

    @property
    def engine(self) -> Any:
        """The rules engine (a `common.protocol.Game`)."""
        return self._load(self.engine_module)

    @property
    def heuristics(self) -> Any:
        """The CPU's evaluation (`common.ai.search.Heuristics`)."""
        return self._load(self.ai_module).HEURISTICS

    @property
    def screens(self) -> Any:
        """The game's screens (pygame): `new_game_scene(app)`, `play_scene(app, seats,
        seed, first)`, `resume_scene(app, replay)` and `menu_tokens(size, pal)`."""
        return self._load(self.screens_module)

    @property
    def analysis(self) -> Any:
        """The game's adapter for the game analysis (`common.analysis.GameAdapter`)."""
        return self._load(self.analysis_module).ADAPTER

    @property
    def lessons(self) -> Any:
        """The game's lesson module (`common.lessons.LessonGame`: positions, goals, `load`)."""
        return self._load(self.lessons_module)

    @property
    def rules_text(self) -> Any:
        """The rules in plain words for the Rules screen (`TITLE`, `SECTIONS`)."""
        return self._load(self.rules_text_module)

    @property
    def puzzles(self) -> Any:
        """The puzzles' rules (pygame-free): `GOALS`, `PLAYER_MOVES`, `judge_try`, `reply`,
        `hint`, `hint_square`, `find`, `check` (see `common.puzzles`)."""
        return self._load(self.puzzles_module)


def _overlords_seat(player: int) -> str:
    return ("White", "Black")[player]


def _prepollency_seat(player: int) -> str:
    return ("", "Red", "Blue", "Green", "Yellow")[player]


def _overlords_seats(count: int) -> tuple[int, ...]:
    return (0, 1)


def _prepollency_seats(count: int) -> tuple[int, ...]:
    return {2: (1, 3), 3: (1, 2, 3), 4: (1, 2, 3, 4)}[count]


GAMES: dict[str, Registered] = {
    "overlords": Registered(
        "overlords", "Overlords",
        "8x8, two sides: move with Rune and Fate stones, capture the Overlord",
        (2,), _overlords_seat, _overlords_seats,
        "overlords.rules", "overlords.ai", "overlords.ui.screens", "overlords.rules_text",
        board_from_seed=True, row_moves=2, puzzles_module="overlords.puzzles",
        analysis_module="overlords.analysis", lessons_module="overlords.lessons"),
    "prepollency": Registered(
        "prepollency", "Prepollency",
        "15x15, two to four players race to hold the central Obelisk",
        (2, 3, 4), _prepollency_seat, _prepollency_seats,
        "prepollency.rules", "prepollency.ai", "prepollency.ui.screens",
        "prepollency.rules_text",
        puzzles_module="prepollency.puzzles", analysis_module="prepollency.analysis",
        lessons_module="prepollency.lessons"),
}


def get(name: str) -> Registered:
    """The registered game of that name; ValueError naming the known ones otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        shown = name if isinstance(name, str) and len(name) <= 40 else "that"
        raise ValueError(f"unknown game {shown!r} (expected {known})") from None


def engines() -> dict[str, Any]:
    """Every engine by record name (what records, the command line and the worker read)."""
    return {name: entry.engine for name, entry in GAMES.items()}
