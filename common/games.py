"""The registry: every game of the program, once, with the facts it registers (the OpenSpiel
way: each game declares its own in ``GAME/facts.py``, `common.facts.GameFacts`). `main.py`, the
command line, the CPU worker, the menu, the rules screen and the app look games up here; nothing
else in `common/` names a game package, and this module names only the packages.

Each entry names its modules and imports them on first use, so the launcher starts fast and
the headless tools never load pygame (`Registered.screens` is the only pygame module here).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields
from types import ModuleType
from typing import Any

from common.facts import GameFacts, Setting
from common.i18n import _

GAME_PACKAGES = ("overlords", "prepollency")  # each has a facts module: GAME/facts.py


@dataclass(frozen=True)
class Registered(GameFacts):
    """One registered game: its facts (`GameFacts`), and the modules they name, loaded on
    first use."""

    _cache: dict[str, ModuleType] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, facts: GameFacts) -> Registered:
        """The registry's entry for a game's facts."""
        return cls(**{f.name: getattr(facts, f.name) for f in fields(GameFacts)})

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
        seed, first)`, `resume_scene(app, replay)`, `lesson_scene(app, lessons, index)`,
        `menu_tokens(size, pal)`, `rules_picture(...)` and `scene_parts(app, match)`."""
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
    def coach(self) -> Any:
        """The game's coach (`common.coaching`: `advice`, `comment`, `GUIDED`, `guided_start`)."""
        return self._load(self.coach_module)

    @property
    def rules_text(self) -> Any:
        """The rules in plain words for the Rules screen (`TITLE`, `SECTIONS`)."""
        return self._load(self.rules_text_module)

    @property
    def puzzles(self) -> Any:
        """The puzzles' rules (pygame-free): `GOALS`, `PLAYER_MOVES`, `judge_try`, `reply`,
        `hint`, `hint_square`, `find`, `check` (see `common.puzzles`)."""
        return self._load(self.puzzles_module)


def _collect() -> dict[str, Registered]:
    """Every game package's facts, in the order of GAME_PACKAGES."""
    found = [importlib.import_module(f"{package}.facts").FACTS for package in GAME_PACKAGES]
    return {facts.name: Registered.of(facts) for facts in found}


GAMES: dict[str, Registered] = _collect()


def get(name: str) -> Registered:
    """The registered game of that name; ValueError naming the known ones otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        if isinstance(name, str) and len(name) <= 40:
            raise ValueError(_("unknown game {game!r} (expected {known})").format(
                game=name, known=known)) from None
        raise ValueError(_("unknown game (expected {known})").format(known=known)) from None


def engines() -> dict[str, Any]:
    """Every engine by record name (what records, the command line and the worker read)."""
    return {name: entry.engine for name, entry in GAMES.items()}


def settings() -> tuple[Setting, ...]:
    """The settings every game adds, in the registry's order (`common.ui.settings`)."""
    return tuple(s for entry in GAMES.values() for s in entry.settings)
