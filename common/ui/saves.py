"""Saved games: record files (shared/RULES.md "Game records") in the player's data folder, as
the Load screen and the main menu's Continue show them.

The folder is $OVERLORDS_SAVES if set, else $XDG_DATA_HOME/overlords-prepollency/saves (by
default ~/.local/share/...). Every game autosaves there (`common.autosave`); the files are
written and listed by `common.savefiles` (unique names, atomic writes). Here each file becomes
an `Entry` of drawable text: its name, game, players, date, move count and state, or, for a
file that cannot be read, the reason. Reading never raises: a broken file is listed as such,
and a folder that cannot be read says so.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import paths, savefiles
from common import record as rec
from common.games import GAMES
from common.seats import SeatSpec
from common.ui.names import clean_name

SHOWN = 80  # characters of text from a file a row or a message shows at most


def folder() -> Path:
    """Where saved games live ($OVERLORDS_SAVES, else the platform's user data folder: see
    common/paths.py)."""
    return paths.saves_folder()


def prepare_folder() -> Path:
    """The saves folder, tidied at start: the temporary files writers killed mid-write left
    behind are removed (only old ones: another window may be writing right now)."""
    where = folder()
    savefiles.clean_temps(where)
    return where


def save(record: dict, game: str) -> Path:
    """Write a record as a new save file; returns its path (OSError if the disk refuses)."""
    return savefiles.write_new(folder(), game, record)


def shown(text: Any, limit: int = SHOWN) -> str:
    """Text read from a file (or a file name, with undecodable bytes) as the app can draw
    it: cleaned (`clean_name`) and cut to `limit` characters ("…" marks a cut)."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    cleaned = clean_name(text, limit + 1) or "?"
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class Entry:
    """A save file as the Load screen lists it (every text drawable and short)."""

    file: savefiles.SaveFile
    title: str  # the name given to the save, else "Overlords"; the file name if unreadable
    players: str  # "White (person) vs Black (CPU, hard)"
    when: str  # last played, readable
    moves: int  # moves (Overlords) or turns (Prepollency) played
    unit: str  # what `moves` counts: the record's moves key ("moves", "turns")
    state: str  # "In progress", "White won", "Draw"; or why it cannot be read
    finished: bool
    problem: str | None  # why the file cannot be opened, if known already

    @property
    def path(self) -> Path:
        """The file."""
        return self.file.path

    @property
    def name(self) -> str:
        """The name the player gave the save ("" if none), drawable."""
        return shown(self.file.name, savefiles.MAX_NAME) if self.file.name else ""

    @property
    def file_name(self) -> str:
        """The file's name, drawable."""
        return shown(self.path.name, SHOWN)

    @property
    def details(self) -> str:
        """The second line of a row: moves, state, players (cut from the end if need be)."""
        if self.problem is not None:
            return f"Cannot be read: {self.problem}"
        return f"{self.count} · {self.state} · {self.players}"

    @property
    def count(self) -> str:
        """"12 moves", "1 turn"."""
        return f"{self.moves} {self.unit[:-1] if self.moves == 1 else self.unit}"


def when(mtime: float) -> str:
    """A file's date as a row shows it: "today 14:05", "12 Mar 2026, 14:05"."""
    then = time.localtime(mtime)
    if time.strftime("%Y%m%d", then) == time.strftime("%Y%m%d"):
        return time.strftime("today %H:%M", then)
    return time.strftime("%d %b %Y, %H:%M", then)


def entries(games: dict[str, Any]) -> tuple[list[Entry], str | None]:
    """Every save file, newest first, each with its summary or its problem; and why the
    folder cannot be read, if it cannot (then no entries)."""
    try:
        files = savefiles.scan(folder())
    except savefiles.FolderError as err:
        return [], shown(str(err), 160)
    return [entry(f, games) for f in files], None


def latest_unfinished(games: dict[str, Any]) -> Entry | None:
    """The game Continue resumes: the newest readable save that is not finished."""
    try:
        files = savefiles.newest(folder())
        for file in files:
            if file.unfinished:
                found = entry(file, games)
                if found.problem is None:
                    return found
    except savefiles.FolderError:
        return None
    return None


def entry(file: savefiles.SaveFile, games: dict[str, Any]) -> Entry:
    """One file as a row: a record's facts (never replayed here: opening it checks the
    moves), or why it cannot be read."""
    date = when(file.mtime)
    if file.record is None:
        return Entry(file, shown(file.path.name), "", date, 0, "moves", "cannot be read",
                     False, shown(file.problem or "unreadable", SHOWN))
    record = file.record
    try:
        game = rec.game_of(record, games)
    except rec.RecordError as err:
        return Entry(file, shown(file.path.name), "", date, 0, "moves", "cannot be read",
                     False, shown(str(err), SHOWN))
    title = GAMES[game.NAME].title
    moves = record.get(game.MOVES_KEY)
    count = len(moves) if isinstance(moves, list) else 0
    finished, state = status(record, game)
    return Entry(file, title, players(record, game), date, count, game.MOVES_KEY, state,
                 finished, None)


def status(record: dict, game: Any) -> tuple[bool, str]:
    """(finished, words) from a record's "result": "In progress", "White won", "Draw" (a
    result that is not an object reads as unknown: opening the save says what is wrong)."""
    result = record.get("result")
    if result is None:
        return False, "In progress"
    if not isinstance(result, dict):
        return True, "Result unreadable"
    winner = result.get("winner")
    if winner is None:
        return True, "Draw"
    how = LEFT.get(result.get("reason")) if isinstance(result.get("reason"), str) else None
    return True, f"{player_name(record, game, winner)} won{how or ''}"


LEFT = {"resign": " by resignation", "forfeit": " by forfeit"}  # the endings every game has


def players(record: dict, game: Any) -> str:
    """The seats, in order, each named with who played it: "White (person) vs Black (CPU,
    hard)"; with more than two seats, joined by commas."""
    labels = _labels(record, game)
    kinds = record.get("players")
    kinds = kinds if isinstance(kinds, dict) else {}
    parts = []
    for label in labels[:4]:
        try:
            spec = SeatSpec.parse(kinds.get(str(label), "human"))
            kind = spec.describe()
        except (ValueError, TypeError):
            kind = "?"
        parts.append(f"{player_name(record, game, label)} ({shown(kind, 24)})")
    return (" vs " if len(parts) == 2 else ", ").join(parts) or "?"


def _labels(record: dict, game: Any) -> list[Any]:
    """The record's seat labels in turn order (from its starting position)."""
    try:
        initial = game.initial_state(record)
        return [game.player_label(p) for p in game.players(initial)]
    except Exception:  # noqa: BLE001  a hostile record is listed, not a crash
        return []


def summary(record: dict, game: Any) -> str:
    """A save as one line: "Prepollency, 3 players, 30 turns, Green won" (names from the
    record, made drawable and short; the registry's seat names otherwise)."""
    moves = record.get(game.MOVES_KEY)
    count = len(moves) if isinstance(moves, list) else 0
    seats = record.get("seats")
    many = f", {len(seats)} players" if isinstance(seats, list) and len(seats) > 2 else ""
    finished, state = status(record, game)
    words = "unfinished" if not finished else "a draw" if state == "Draw" else state
    return f"{GAMES[game.NAME].title}{many}, {count} {game.MOVES_KEY}, {words}"


def player_name(record: dict, game: Any, label: Any) -> str:
    """A player's name in a record (its "names" entry, else the game's seat name)."""
    names = record.get("names")
    given = names.get(str(label)) if isinstance(names, dict) else None
    if isinstance(given, str) and clean_name(given):
        return clean_name(given)
    try:
        return GAMES[game.NAME].seat_names(game.player_from_label(label))
    except Exception:  # noqa: BLE001  any hostile label: "?"
        return "?"


def open_save(path: Path, games: dict[str, Any]) -> rec.Replay:
    """The replayed record of a save file (RecordError with a clear message if it is bad)."""
    try:
        return rec.replay(rec.load(path), games)
    except rec.RecordError:
        raise
    except Exception as err:  # noqa: BLE001  a hostile record never ends the app
        raise rec.RecordError(f"cannot be read ({type(err).__name__})") from None
