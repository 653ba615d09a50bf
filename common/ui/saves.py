"""Saved games: record files (shared/RULES.md "Game records") in the player's data folder.

The folder is $OVERLORDS_SAVES if set, else $XDG_DATA_HOME/overlords-prepollency/saves (by
default ~/.local/share/...). Saving writes atomically through `common.record.save`; reading
never raises: a broken file is listed with the reason it cannot be opened.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import paths
from common import record as rec
from common.games import GAMES
from common.ui.names import clean_name


def folder() -> Path:
    """Where saved games live ($OVERLORDS_SAVES, else the platform's user data folder: see
    common/paths.py)."""
    return paths.saves_folder()


def save(record: dict, game: str) -> Path:
    """Write a record as a new save file; returns its path (OSError if the disk refuses)."""
    where = folder()
    where.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    path = where / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = where / f"{game}-{stamp}-{n}.json"
        n += 1
    rec.save(path, record)
    return path


@dataclass(frozen=True)
class Entry:
    """A save file as the Load screen lists it."""

    path: Path
    title: str  # "Overlords, 34 moves, White won" or the file name
    when: str  # modification time, readable
    problem: str | None  # why it cannot be opened, if it cannot


def entries(games: dict[str, Any]) -> list[Entry]:
    """Every save file, newest first, each with a summary or its problem."""
    try:
        files = [p for p in folder().iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [_entry(p, games) for p in files]


def _entry(path: Path, games: dict[str, Any]) -> Entry:
    when = time.strftime("%d %b %Y, %H:%M", time.localtime(path.stat().st_mtime))
    try:
        record = rec.load(path)
        game = rec.game_of(record, games)
    except rec.RecordError as err:
        return Entry(path, clean_name(path.name, 60), when, str(err))
    return Entry(path, summary(record, game), when, None)


def summary(record: dict, game: Any) -> str:
    """A save as one line: "Prepollency, 3 players, 30 turns, Green won" (names from the
    record, made drawable and short; the registry's seat names otherwise)."""
    moves = record.get(game.MOVES_KEY)
    count = len(moves) if isinstance(moves, list) else 0
    seats = record.get("seats")
    players = f", {len(seats)} players" if isinstance(seats, list) and len(seats) > 2 else ""
    result = record.get("result")
    if isinstance(result, dict):
        winner = result.get("winner")
        status = "a draw" if winner is None else f"{_name(record, game, winner)} won"
    else:
        status = "unfinished"
    return f"{GAMES[game.NAME].title}{players}, {count} {game.MOVES_KEY}, {status}"


def _name(record: dict, game: Any, label: Any) -> str:
    """A player's name in a record (its "names" entry, else the game's seat name)."""
    names = record.get("names")
    given = names.get(str(label)) if isinstance(names, dict) else None
    if isinstance(given, str) and clean_name(given):
        return clean_name(given)
    try:
        return GAMES[game.NAME].seat_names(game.player_from_label(label))
    except (ValueError, TypeError, KeyError, IndexError):
        return "?"


def open_save(path: Path, games: dict[str, Any]) -> rec.Replay:
    """The replayed record of a save file (RecordError with a clear message if it is bad)."""
    return rec.replay(rec.load(path), games)
