"""What the Load screen and the main menu's Continue know of each save file, found off the UI
thread: a bounded `Summary` per file (its game, name, players, move count and result; or why
it cannot be read), read once and cached by the file's size and modification time. No pygame.

A `Listing` lists the saves folder and summarises its files newest first on a thread of its
own; the screen reads `files` and `summary(path)` while it fills (the newest rows come
first), and the list is usable at once. Only one record is parsed at a time and dropped once
summarised, so memory stays bounded however large or many the files are (a summary is a
few hundred bytes of text, each string cut and encodable). A record written by this program
starts with its ``"game"``: one of another program (or an unknown game) is recognised from the
first bytes without parsing the rest.

Every folder is listed whole (no cap): a folder of 20,000 saves lists 20,000 rows, which the
screen scrolls through a page at a time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import files, launch, processes
from common import record as rec
from common.games import GAMES
from common.i18n import N_, _, ngettext
from common.saves import folder as save_folder
from common.seats import SeatSpec

TEXT = 200  # characters of any string a summary keeps from a file
CACHE = 50_000  # summaries kept between visits (a few hundred bytes each)
_HEAD = re.compile(rb'\A\s*\{\s*"game"\s*:\s*"([^"\\]{0,80})"')  # our records' first key


@dataclass(frozen=True)
class Summary:
    """One save file as a row needs it: raw text from the file (encodable, cut to TEXT;
    still to be cleaned for drawing), or why it cannot be read."""

    path: Path
    mtime: float
    size: int
    game: str | None = None  # the registry name; None if the file cannot be read
    name: str = ""  # the name the player gave the save
    moves: int = 0  # entries of the moves list (moves, or turns)
    finished: bool = False
    result: str | None = None  # "draw", "won", "unreadable" once finished
    winner: str = ""  # the winner's name (given, else the seat's), when won
    reason: str = ""  # the result's reason (resign, forfeit...), when it is text
    seats: tuple[tuple[str, str, str, str], ...] = ()  # (label, who, given name, seat name)
    problem: str | None = None  # why the file cannot be opened, if known already

    @property
    def unfinished(self) -> bool:
        """A readable game without a result: one to continue."""
        return self.problem is None and not self.finished


def _cut(text: Any, limit: int = TEXT) -> str:
    return rec.cut(rec.encodable(text), limit) if isinstance(text, str) else ""


def summarise(path: Path, mtime: float, size: int, games: dict[str, Any]) -> Summary:
    """The summary of one file (never raises: a hostile file is a Summary with a problem)."""
    try:
        return _summarise(path, mtime, size, games)
    except Exception as err:  # noqa: BLE001  one hostile file never hides the others
        return Summary(path, mtime, size, problem=_("cannot be read ({problem})").format(
            problem=type(err).__name__))


def _summarise(path: Path, mtime: float, size: int, games: dict[str, Any]) -> Summary:
    head = _head(path)
    if head is not None and head not in games:  # another game's record: not parsed whole
        try:
            rec.game_of({"game": head}, games)
        except rec.RecordError as err:
            return Summary(path, mtime, size, problem=_cut(str(err)))
    try:
        record = rec.load(path)
        game = rec.game_of(record, games)
    except rec.RecordError as err:
        return Summary(path, mtime, size, problem=_cut(str(err)))
    moves = record.get(game.MOVES_KEY)
    result = record.get("result")
    seats = _seats(record, game)
    finished, kind, winner, reason = result is not None, None, "", ""
    if finished:
        kind = "unreadable"
        if isinstance(result, dict):
            won = result.get("winner")
            kind = "draw" if won is None else "won"
            winner = next((given or default for label, _, given, default in seats
                           if _is(won, _label_of(game, label))), "?")
            reason = _cut(result.get("reason"), 40)
    return Summary(path, mtime, size, game.NAME, _cut(record.get(save_folder.NAME_KEY),
                                                      save_folder.MAX_NAME),
                   len(moves) if isinstance(moves, list) else 0, finished, kind, winner,
                   reason, seats)


def _is(value: Any, label: Any) -> bool:
    """True if a record's value is that label exactly (3.0 and true are not seat 3 and 1)."""
    return type(value) is type(label) and value == label


def _label_of(game: Any, text: str) -> Any:
    """The record's label of a seat from its text ("1" is Prepollency's seat 1)."""
    for player in range(8):
        try:
            if str(game.player_label(player)) == text:
                return game.player_label(player)
        except Exception:  # noqa: BLE001  not a seat of this game
            continue
    return None


def _head(path: Path) -> str | None:
    """The ``"game"`` a record names in its first bytes, if it starts with that key."""
    try:
        found = _HEAD.match(files.read_head(path, 256))  # never waits on a FIFO
    except OSError:
        return None
    return found.group(1).decode("utf-8", "replace") if found else None


def _seats(record: dict, game: Any) -> tuple[tuple[str, str, str, str], ...]:
    """(label, who played it: "Human", "CPU, hard", "bot x"; the name given; the game's name
    for the seat) per seat, in turn order (at most four)."""
    players = _players(record, game)
    if players is None:
        return ()
    labels = [game.player_label(p) for p in players]
    kinds = record.get("players")
    kinds = kinds if isinstance(kinds, dict) else {}
    names = record.get("names")
    names = names if isinstance(names, dict) else {}
    out = []
    for player, label in list(zip(players, labels, strict=True))[:4]:
        try:
            kind = describe(SeatSpec.parse(kinds.get(str(label), "human")))
        except (ValueError, TypeError):
            kind = "?"
        out.append((str(label), _cut(kind, 40), _cut(names.get(str(label)), 40),
                    GAMES[game.NAME].seat_names(player)))
    return tuple(out)


_LATER = ("result", "players", "names", "colours", save_folder.NAME_KEY, rec.WITHDRAWN_KEY)
_starts: dict[str, tuple[int, ...] | None] = {}  # a starting position's seats, by its keys


def _players(record: dict, game: Any) -> tuple[int, ...] | None:
    """The seats of the record's starting position in turn order (None if it has none).
    Building a start is the costly part of a summary, and saves share a few starts: the
    answer is kept by the record's other keys (when they are short)."""
    try:
        key = json.dumps([game.NAME, {k: v for k, v in record.items()
                                      if k not in _LATER and k != game.MOVES_KEY}],
                         sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        key = ""
    known = _starts.get(key, ()) if key else ()
    if known != ():
        return known
    try:
        found: tuple[int, ...] | None = tuple(game.players(game.initial_state(record)))
    except Exception:  # noqa: BLE001  a hostile record is listed, not a crash
        found = None
    if key and len(key) <= 4096:
        if len(_starts) >= 512:
            _starts.clear()
        _starts[key] = found
    return found


def describe(spec: SeatSpec) -> str:
    """Who plays a seat in the New-game dialog's words: "Human", "CPU, hard", "bot x"."""
    words = spec.describe()
    return N_("Human") if words == "person" else words


# the cache and the background listing ---------------------------------------------------

_cache: dict[Path, tuple[tuple[float, int], Summary]] = {}
_cache_lock = threading.Lock()


def cached(path: Path, mtime: float, size: int, games: dict[str, Any]) -> Summary:
    """The file's summary: from the cache while its date and size are unchanged; a large
    file is summarised by the helper process (`SummaryHelper`)."""
    key = (mtime, size)
    with _cache_lock:
        hit = _cache.get(path)
    if hit is not None and hit[0] == key:
        return hit[1]
    found = None
    if size > LARGE:
        found = _helper.summarise(path, mtime, size)
    if found is None:
        found = summarise(path, mtime, size, games)
    with _cache_lock:
        if len(_cache) >= CACHE:
            _cache.clear()
        _cache[path] = (key, found)
    return found


LARGE = 256 * 1024  # bytes: a larger record is parsed in the helper process


class SummaryHelper:
    """A process that summarises large files: parsing 6.5 MB of JSON takes a second or two
    and holds the interpreter's lock all along, which would freeze the window's thread
    however the work is threaded; its memory is the helper's too, not the app's. Started on
    first need, one per program, ended when the program ends (its input closes; the
    watchdog of `common.ai.reaper` kills it if the program was killed)."""

    SOURCE = r"""
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from common.saves import index as save_index
from common.games import engines
games = engines()
for line in sys.stdin:
    try:
        path, mtime, size = json.loads(line)
        found = save_index.summarise(Path(path), mtime, size, games)
        sys.stdout.write(json.dumps(save_index.fields(found)) + "\n")
    except Exception:
        sys.stdout.write("null\n")
    sys.stdout.flush()
"""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()
        self._broken = False

    def summarise(self, path: Path, mtime: float, size: int) -> Summary | None:
        """The file's summary from the helper; None if the helper cannot be used."""
        with self._lock:
            proc = self._start()
            if proc is None or proc.stdin is None or proc.stdout is None:
                return None
            try:
                proc.stdin.write(json.dumps([str(path), mtime, size]) + "\n")
                proc.stdin.flush()
                answer = json.loads(proc.stdout.readline() or "null")
            except (OSError, ValueError):
                self._stop()
                return None
        if not isinstance(answer, dict):
            return None
        try:
            return from_fields(path, answer)
        except (TypeError, ValueError):
            return None

    def _start(self) -> subprocess.Popen[str] | None:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        if self._broken:
            return None
        root = str(Path(__file__).resolve().parents[1])
        try:
            self._proc = subprocess.Popen(
                launch.script_command("save-index", root), stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                encoding="utf-8", errors="surrogateescape", **processes.no_window())
        except OSError:
            self._broken, self._proc = True, None
            return None
        from common.ai import reaper

        reaper.register_process(self._proc.pid)
        return self._proc

    def _stop(self) -> None:
        if self._proc is not None:
            with contextlib.suppress(OSError):
                self._proc.kill()
            self._proc = None


_helper = SummaryHelper()


def fields(summary: Summary) -> dict[str, Any]:
    """A summary as JSON-ready fields (its path aside)."""
    return {f.name: getattr(summary, f.name) for f in dataclasses.fields(summary)
            if f.name != "path"}


def from_fields(path: Path, data: dict[str, Any]) -> Summary:
    """The summary `fields` gave, for `path` (TypeError or ValueError if it is not one)."""
    data = dict(data)
    data["seats"] = tuple(tuple(str(x) for x in seat) for seat in data.get("seats", ()))
    return Summary(path, **data)


def forget(path: Path) -> None:
    """Drop a file's cached summary (it was renamed, rewritten or deleted here)."""
    with _cache_lock:
        _cache.pop(path, None)


@dataclass(frozen=True)
class FileInfo:
    """A file of the listing, unread: when it changed last, its size."""

    path: Path
    mtime: float
    size: int


class Listing:
    """The saves folder listed and summarised on a thread (module docstring). `files` is
    None until listed; `problem` says why the folder cannot be read; `done` is set once
    every file is summarised (or `until` said stop); `version` grows with each news."""

    def __init__(self, folder: Path, games: dict[str, Any],
                 until: Callable[[Summary], bool] | None = None) -> None:
        self.folder = folder
        self.games = games
        self.until = until  # stop summarising once it is True of a summary (Continue's)
        self.files: list[FileInfo] | None = None
        self.problem: str | None = None
        self.version = 0
        self.done = threading.Event()
        self._summaries: dict[Path, Summary] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="save-listing", daemon=True)

    def start(self) -> Listing:
        """Begin listing (returns at once)."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop summarising (the screen left); returns at once."""
        self._stop.set()

    def wait(self, timeout: float = 60.0) -> bool:
        """Wait until done (tests, tools); False on timeout."""
        return self.done.wait(timeout)

    def summary(self, path: Path) -> Summary | None:
        """The file's summary, if found already."""
        return self._summaries.get(path)

    def put(self, summary: Summary) -> None:
        """A summary known otherwise (a save renamed here): listed at once."""
        self._summaries[summary.path] = summary
        self.version += 1

    def drop(self, path: Path) -> None:
        """A file gone (deleted or moved here): out of the listing, no rescan."""
        if self.files is not None:
            self.files = [f for f in self.files if f.path != path]
        self._summaries.pop(path, None)
        self.version += 1

    def add(self, info: FileInfo) -> None:
        """A file back (a deletion undone): in its place by date, summarised from the cache."""
        if self.files is None:
            return
        files = [f for f in self.files if f.path != info.path] + [info]
        files.sort(key=lambda f: (f.mtime, f.path.name), reverse=True)
        self.files = files
        self._summaries[info.path] = cached(info.path, info.mtime, info.size, self.games)
        self.version += 1

    def _run(self) -> None:
        try:
            listed = save_folder.listing(self.folder, limit=None)
        except save_folder.FolderError as err:
            self.problem = _cut(str(err), 160)
            listed = []
        self.files = [FileInfo(path, mtime, size) for mtime, size, path in listed]
        self.version += 1
        try:
            for info in list(self.files):
                if self._stop.is_set():
                    return
                found = cached(info.path, info.mtime, info.size, self.games)
                self._summaries[info.path] = found
                self.version += 1
                if self.until is not None and self.until(found):
                    return
        finally:
            self.done.set()
            self.version += 1


def title(summary: Summary) -> str:
    """The game's title ("Overlords"), or "" for a file that cannot be read."""
    entry = GAMES.get(summary.game or "")
    return entry.title if entry is not None else ""


def count_words(summary: Summary) -> str:
    """The length of the game as its move log numbers it: "12 moves" (Overlords' log rows
    pair White's move and Black's), "30 turns" (Prepollency: a turn a row)."""
    entry = GAMES.get(summary.game or "")
    per_row = entry.row_moves if entry is not None else 1
    count = -(-summary.moves // per_row)
    if entry is not None and entry.engine.MOVES_KEY == "turns":
        return ngettext("{count} turn", "{count} turns", count).format(count=count)
    return ngettext("{count} move", "{count} moves", count).format(count=count)


__all__ = ["FileInfo", "Listing", "Summary", "cached", "count_words", "describe", "forget",
           "summarise", "title"]
