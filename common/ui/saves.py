"""Saved games: record files (shared/RULES.md "Game records") in the player's data folder.

The folder is $OVERLORDS_SAVES if set, else $XDG_DATA_HOME/overlords-prepollency/saves (by
default ~/.local/share/...). Saving writes atomically through `common.record.save`; reading
never raises: a broken file is listed with the reason it cannot be opened.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import record as rec


def folder() -> Path:
    """Where saved games live."""
    override = os.environ.get("OVERLORDS_SAVES")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "overlords-prepollency" / "saves"


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
        return Entry(path, path.name, when, str(err))
    moves = record.get(game.MOVES_KEY)
    count = len(moves) if isinstance(moves, list) else 0
    result = record.get("result")
    if isinstance(result, dict):
        winner = result.get("winner")
        status = "a draw" if winner is None else f"{str(winner).title()} won"
    else:
        status = "unfinished"
    title = f"{game.NAME.title()}, {count} {game.MOVES_KEY}, {status}"
    return Entry(path, title, when, None)


def open_save(path: Path, games: dict[str, Any]) -> rec.Replay:
    """The replayed record of a save file (RecordError with a clear message if it is bad)."""
    return rec.replay(rec.load(path), games)
