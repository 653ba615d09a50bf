"""What a progress file (`common.progress`, `learn.json`) may hold, and reading its entries
with a check each: the limits (ids, counts, stars, entries per game), and `read_entries`, which
turns a parsed JSON object into plain values (`Entries`) and says in plain words what it dropped.
Pygame-free; knows no class of `common.progress` (which builds its `Progress` from `Entries`).

A game or lesson or puzzle id is a short printable string (`good_id`), stars are 0 to
MAX_STARS, counts small whole numbers (`count_ok`), and at most MAX_ENTRIES entries per game
are read (MAX_LEVELS CPU levels). What is quoted in a problem is shortened (`show`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

VERSION = 2  # 2: "records" (the player's record against each CPU level)
MAX_ID = 64  # characters of a game, lesson or puzzle id
MAX_ENTRIES = 2000  # lessons or puzzles kept per game
MAX_LEVELS = 32  # CPU levels with a record, per game
OUTCOMES = ("wins", "losses", "draws")  # a record's counts, in the file's words
MAX_COUNT = 10**6  # tries, hints and streaks are capped here
MAX_STARS = 3

Mark = tuple[Any, ...]  # a puzzle's (solved, tries, hints) or a level's (wins, losses, draws)


@dataclass
class Entries:
    """The good entries of a progress file, as plain values."""

    offer_seen: bool = False
    streak: int = 0
    best_streak: int = 0
    lessons: dict[str, dict[str, int]] = field(default_factory=dict)
    puzzles: dict[str, dict[str, Mark]] = field(default_factory=dict)
    records: dict[str, dict[str, Mark]] = field(default_factory=dict)


def read_entries(data: dict[str, Any]) -> tuple[Entries, list[str]]:
    """The good entries of a parsed JSON object, and what was dropped (in plain words); each
    top-level key is read by its reader in READERS."""
    got = Entries()
    problems: list[str] = []
    for key, value in data.items():
        reader = READERS.get(key) if isinstance(key, str) else None
        if reader is None:
            problems.append(f"unknown entry {show(key)}")
            continue
        problems += reader(got, key, value)
    return got, problems


def _read_version(got: Entries, key: str, value: Any) -> list[str]:
    ok = type(value) is int and 1 <= value <= VERSION
    return [] if ok else [f"version {show(value)} (expected 1 to {VERSION})"]


def _read_offer(got: Entries, key: str, value: Any) -> list[str]:
    if not isinstance(value, bool):
        return [f"offer_seen {show(value)} (expected true or false)"]
    got.offer_seen = value
    return []


def _read_streak(got: Entries, key: str, value: Any) -> list[str]:
    if not count_ok(value):
        return [f"{key} {show(value)} (expected a whole number from 0)"]
    setattr(got, key, value)
    return []


def _read_lessons(got: Entries, key: str, value: Any) -> list[str]:
    def one(game: str, lesson: str, stars: Any) -> str | None:
        if not (count_ok(stars) and stars <= MAX_STARS):
            return f"stars {show(stars)} of lesson {show(lesson)} (expected 0 to {MAX_STARS})"
        got.lessons.setdefault(game, {})[lesson] = stars
        return None

    return _per_game(value, key, one)


def _read_puzzles(got: Entries, key: str, value: Any) -> list[str]:
    def one(game: str, puzzle: str, mark: Any) -> str | None:
        if not (isinstance(mark, dict) and set(mark) <= {"solved", "tries", "hints"}
                and isinstance(mark.get("solved", False), bool)
                and all(count_ok(mark.get(k, 0)) for k in ("tries", "hints"))):
            return f"puzzle {show(puzzle)} {show(mark)} (expected solved, tries, hints)"
        got.puzzles.setdefault(game, {})[puzzle] = (
            mark.get("solved", False), mark.get("tries", 0), mark.get("hints", 0))
        return None

    return _per_game(value, key, one)


def _read_records(got: Entries, key: str, value: Any) -> list[str]:
    def one(game: str, level: str, mark: Any) -> str | None:
        if not (isinstance(mark, dict) and set(mark) <= set(OUTCOMES)
                and all(count_ok(mark.get(k, 0)) for k in OUTCOMES)):
            return f"record {show(level)} {show(mark)} (expected wins, losses, draws)"
        got.records.setdefault(game, {})[level] = tuple(mark.get(k, 0) for k in OUTCOMES)
        return None

    return _per_game(value, key, one, MAX_LEVELS)


# A progress file's top-level keys -> the reader of each.
READERS: dict[str, Callable[[Entries, str, Any], list[str]]] = {
    "version": _read_version, "offer_seen": _read_offer, "streak": _read_streak,
    "best_streak": _read_streak, "lessons": _read_lessons, "puzzles": _read_puzzles,
    "records": _read_records,
}


def _per_game(value: Any, key: str, one: Any, most: int = MAX_ENTRIES) -> list[str]:
    """Read {game: {id: entry}} with `one(game, id, entry) -> problem | None` (at most `most`
    entries per game); the problems."""
    if not isinstance(value, dict):
        return [f"{key} {show(value)} (expected an object of games)"]
    problems = []
    for game, entries in value.items():
        if not good_id(game) or not isinstance(entries, dict):
            problems.append(f"{key} of {show(game)} (expected an object of ids)")
            continue
        for count, (entry_id, entry) in enumerate(entries.items()):
            if count >= most:
                problems.append(f"{key} of {show(game)} past the first {most}")
                break
            problem = (f"id {show(entry_id)} (expected a short name)"
                       if not good_id(entry_id) else one(game, entry_id, entry))
            if problem:
                problems.append(problem)
    return problems


def good_id(value: Any) -> bool:
    """True for a game, lesson or puzzle id: a short printable string."""
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isprintable()


def check_id(value: str) -> None:
    """ValueError unless `value` is a good id (`good_id`)."""
    if not good_id(value):
        raise ValueError(f"not a game, lesson or puzzle id: {show(value)}")


def count_ok(value: Any) -> bool:
    """True for a count the file may hold: a whole number from 0 to MAX_COUNT."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def show(value: Any) -> str:
    """A value as JSON, shortened to 40 characters, to quote in a problem."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."
