"""Saved games: record files (docs/RULES.md "Game records") in the player's data folder, as
the Load screen and the main menu's Continue show them.

The folder is $OVERLORDS_SAVES if set, else $XDG_DATA_HOME/overlords-prepollency/saves (by
default ~/.local/share/...). Every game autosaves there (`common.saves.autosave`); the files are
written and listed by `common.saves.folder` (unique names, atomic writes). Here each file becomes
an `Entry` of drawable text: its name, game, players, date, move count and state, or, for a
file that cannot be read, the reason. Reading never raises: a broken file is listed as such,
and a folder that cannot be read says so.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from common import paths
from common import record as rec
from common.games import GAMES
from common.i18n import _, dates, ngettext
from common.saves import folder as save_folder
from common.saves import index as save_index
from common.saves import trash as save_trash
from common.seats import described_words
from common.ui.names import clean_name

SHOWN = 80  # characters of text from a file a row or a message shows at most


def folder() -> Path:
    """Where saved games live ($OVERLORDS_SAVES, else the platform's user data folder: see
    common/paths.py)."""
    return paths.saves_folder()


def tidy_in_background(where: Path) -> threading.Thread:
    """Tidy the saves folder on a thread of its own (the app starts it once its first frame
    is on screen: start-up never waits on a folder of thousands of files): the temporary
    files writers killed mid-write left behind are removed, and the deletions of Load screen
    visits a crash ended (only old ones, and never another running window's:
    `common.saves.trash.tidy_trash`)."""
    thread = threading.Thread(target=tidy, args=(where,), name="tidy-saves", daemon=True)
    thread.start()
    return thread


def tidy(where: Path) -> None:
    """What `tidy_in_background` does (never raises: tidying is best effort)."""
    try:
        save_folder.clean_temps(where)
        save_trash.tidy_trash(where)
    except Exception:  # noqa: BLE001  a hostile folder must not end the app
        logging.getLogger("overlords-prepollency.saves").exception("tidying %s", where)


def save(record: dict, game: str) -> Path:
    """Write a record as a new save file; returns its path (OSError if the disk refuses)."""
    return save_folder.write_new(folder(), game, record)


def shown(text: Any, limit: int = SHOWN) -> str:
    """Text read from a file (or a file name, with undecodable bytes) as the app can draw
    it: cleaned (`clean_name`) and cut to `limit` characters ("…" marks a cut)."""
    if isinstance(text, str):
        text = encodable_text(text)
    cleaned = clean_name(text, limit + 1) or "?"
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1].rstrip() + "…"


def encodable_text(text: str) -> str:
    """Text that encodes as UTF-8: a file name's undecodable bytes (surrogate escapes) and
    any lone surrogate (valid JSON: ``"\\ud800"``) become U+FFFD; never raises."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogateescape" if _escapes_only(text) else "surrogatepass")
        return raw.decode("utf-8", "replace")
    return text


def _escapes_only(text: str) -> bool:
    """True if every surrogate in `text` is a file name's escaped byte (U+DC80..U+DCFF)."""
    return all(not 0xD800 <= ord(ch) <= 0xDFFF or 0xDC80 <= ord(ch) <= 0xDCFF for ch in text)


@dataclass(frozen=True)
class Entry:
    """A save file as the Load screen lists it: its `Summary` (common/saves/index.py), every
    text made drawable and short when first asked for (on the UI thread: cleaning measures
    glyphs with the font)."""

    file: save_index.Summary

    @property
    def path(self) -> Path:
        """The file."""
        return self.file.path

    @cached_property
    def name(self) -> str:
        """The name the player gave the save ("" if none), drawable."""
        return shown(self.file.name, save_folder.MAX_NAME) if self.file.name else ""

    @cached_property
    def file_name(self) -> str:
        """The file's name, drawable."""
        return shown(self.path.name, SHOWN)

    @cached_property
    def title(self) -> str:
        """The game ("Overlords"); the file name if it cannot be read."""
        return save_index.title(self.file) or self.file_name

    @property
    def when(self) -> str:
        """Last played, readable (in the current language)."""
        return when(self.file.mtime)

    @property
    def moves(self) -> int:
        """Entries of the record's moves list (moves, or turns)."""
        return self.file.moves

    @property
    def finished(self) -> bool:
        """The game has a result."""
        return self.file.finished

    @cached_property
    def problem(self) -> str | None:
        """Why the file cannot be opened, if known already (drawable)."""
        return None if self.file.problem is None else shown(self.file.problem, SHOWN)

    @property
    def state(self) -> str:
        """"In progress", "Red won by resignation", "Draw"; or "cannot be read"."""
        s = self.file
        if s.problem is not None:
            return _("cannot be read")
        if not s.finished:
            return _("In progress")
        if s.result == "draw":
            return _("Draw")
        if s.result != "won":
            return _("Result unreadable")
        return won(shown(s.winner, 24), s.reason)

    @property
    def players(self) -> str:
        """"White (Human) vs Black (CPU, hard)"; with more seats, joined by commas."""
        # Translators: a seat in a save's row: "Ada (Human)", "Black (CPU, hard)"
        parts = [_("{name} ({kind})").format(name=shown(given or default, 24),
                                             kind=shown(described_words(kind), 24))
                 for _seat, kind, given, default in self.file.seats]
        if len(parts) == 2:
            # Translators: the two players of a save: "White (Human) vs Black (CPU, hard)"
            return _("{first} vs {second}").format(first=parts[0], second=parts[1])
        if len(parts) == 3:
            # Translators: the three players of a save: "Red (Human), Blue (CPU, easy), ..."
            return _("{first}, {second}, {third}").format(first=parts[0], second=parts[1],
                                                           third=parts[2])
        if len(parts) == 4:
            return _("{first}, {second}, {third}, {fourth}").format(
                first=parts[0], second=parts[1], third=parts[2], fourth=parts[3])
        return parts[0] if parts else "?"

    @property
    def details(self) -> str:
        """The second line of a row: moves, state, players (cut from the end if need be)."""
        if self.problem is not None:
            return _("Cannot be read: {problem}").format(problem=self.problem)
        return _("{count} · {state} · {players}").format(count=self.count, state=self.state,
                                                        players=self.players)

    @property
    def count(self) -> str:
        """"12 moves", "1 turn": as the game's move log numbers them."""
        return save_index.count_words(self.file)


def when(mtime: float) -> str:
    """A file's date as a row shows it: "today 14:05", "12 Mar 2026, 14:05" (in the current
    language: common/i18n/dates.py)."""
    return dates.when(mtime)


def listing(games: dict[str, Any], until: Any = None) -> save_index.Listing:
    """The saves folder, listed and summarised in the background (started)."""
    return save_index.Listing(folder(), games, until).start()


def continue_listing(games: dict[str, Any]) -> save_index.Listing:
    """The background search for the game Continue resumes: the newest readable save that
    is not finished (it stops there; `latest` reads the answer)."""
    return listing(games, lambda s: s.unfinished)


def latest(found: save_index.Listing) -> Entry | None:
    """What a `continue_listing` found (None while it looks, or if nothing is unfinished)."""
    for info in found.files or ():
        summary = found.summary(info.path)
        if summary is None:
            return None
        if summary.unfinished:
            return Entry(summary)
    return None


def latest_unfinished(games: dict[str, Any]) -> Entry | None:
    """The game Continue resumes, looked for now (tools and tests; the menu looks in the
    background)."""
    found = continue_listing(games)
    found.wait()
    return latest(found)


def status(record: dict, game: Any) -> tuple[bool, str]:
    """(finished, words) from a record's "result": "In progress", "White won", "Draw" (a
    result that is not an object reads as unknown: opening the save says what is wrong)."""
    result = record.get("result")
    if result is None:
        return False, _("In progress")
    if not isinstance(result, dict):
        return True, _("Result unreadable")
    winner = result.get("winner")
    if winner is None:
        return True, _("Draw")
    reason = result.get("reason") if isinstance(result.get("reason"), str) else None
    return True, won(player_name(record, game, winner), reason)


def won(name: str, reason: str | None) -> str:
    """Who won and, for the endings every game has, how: "Red won by resignation"."""
    if reason == "resign":
        return _("{name} won by resignation").format(name=name)
    if reason == "forfeit":
        return _("{name} won by forfeit").format(name=name)
    return _("{name} won").format(name=name)


def summary(record: dict, game: Any) -> str:
    """A save as one line: "Prepollency, 3 players, 30 turns, Green won" (names from the
    record, made drawable and short; the registry's seat names otherwise)."""
    moves = record.get(game.MOVES_KEY)
    count = len(moves) if isinstance(moves, list) else 0
    seats = record.get("seats")
    finished, state = status(record, game)
    words = _("unfinished") if not finished else _("a draw") if state == _("Draw") else state
    if game.MOVES_KEY == "turns":
        length = ngettext("{count} turn", "{count} turns", count).format(count=count)
    else:
        length = ngettext("{count} move", "{count} moves", count).format(count=count)
    if isinstance(seats, list) and len(seats) > 2:
        # Translators: a save in one line: "Prepollency, 3 players, 30 turns, Green won"
        return _("{game}, {players} players, {length}, {state}").format(
            game=GAMES[game.NAME].title, players=len(seats), length=length, state=words)
    # Translators: a save in one line: "Overlords, 12 moves, unfinished"
    return _("{game}, {length}, {state}").format(game=GAMES[game.NAME].title, length=length,
                                                 state=words)


def player_name(record: dict, game: Any, label: Any) -> str:
    """A player's name in a record (its "names" entry, else the game's seat name); the label
    as the record has it or as text ("1", as the "names" and "players" keys spell it)."""
    names = record.get("names")
    given = names.get(str(label)) if isinstance(names, dict) else None
    if isinstance(given, str) and clean_name(given):
        return clean_name(given)
    for candidate in (label, int(label) if _ascii_number(label) else None):
        try:
            return GAMES[game.NAME].seat_names(game.player_from_label(candidate))
        except Exception:  # noqa: BLE001  any hostile label: "?"
            continue
    return "?"


def _ascii_number(text: Any) -> bool:
    """True for a short text of ASCII digits ("3"; not "²", "①" or "٣")."""
    return isinstance(text, str) and 0 < len(text) <= 3 and text.isascii() and text.isdigit()


def open_save(path: Path, games: dict[str, Any]) -> rec.Replay:
    """The replayed record of a save file (RecordError with a clear message if it is bad)."""
    try:
        return rec.replay(rec.load(path), games)
    except rec.RecordError:
        raise
    except Exception as err:  # noqa: BLE001  a hostile record never ends the app
        raise rec.RecordError(_("cannot be read ({name})").format(
            name=type(err).__name__)) from None
