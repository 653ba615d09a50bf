"""What the player has learnt: lessons' stars, solved puzzles, the puzzle streak, whether
the one-time first-launch offer was seen, and the player's record against each CPU level,
remembered between runs in `learn.json` beside the settings file (`common.paths.learn_file`).
Pygame-free.

The file holds one JSON object (never pickle)::

    {"version": 2, "offer_seen": true, "streak": 2, "best_streak": 5,
     "lessons": {"<game>": {"<lesson id>": 3}},
     "puzzles": {"<game>": {"<puzzle id>": {"solved": true, "tries": 2, "hints": 1}}},
     "records": {"<game>": {"<level>": {"wins": 2, "losses": 1, "draws": 0}}}}

Version 2 added "records" (a version-1 file is read as it is; a version 1 program reads a
version 2 file without writing over it). A record counts the games one person played against
CPU levels alone (`record_game`): a win, a loss or a draw against each level that played in it.

Robust as the settings are (`common/ui/settings.py`): `load` never raises (each entry is
checked by `common.progress_check`). A missing file is a
fresh start; a file that cannot be read or parsed, or holds entries of the wrong kind, keeps the
good entries, drops the rest and says so in one line on stderr (and in `Progress.problem`, for
a screen that wants to show it), and the next `save` replaces it with the good part. The file is
read bounded (a regular file of at most MAX_FILE bytes) and every entry is checked: a game or
lesson or puzzle id is a short printable string, stars are 0 to 3, counts small whole numbers;
at most MAX_ENTRIES entries per game are kept. `save` writes atomically (a temporary file, then
a rename: a crash never leaves half a file) and never raises; the file is a few KB, so saving
on the UI thread after a solved puzzle is cheap.

The streak (this edition's choice, as lichess counts it): a puzzle solved at the first try
without the hint adds one; a failed try ends the streak (back to 0); a puzzle solved after a
hint or a retry neither adds nor ends it. `best_streak` is the longest streak reached. A puzzle,
once solved, stays solved; a lesson keeps its best stars. Two windows that both played games
keep both windows' games: each adds what it played since it last read or wrote the file.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from common import files, paths, progress_check
from common.i18n import N_, Message, _, ngettext
from common.paths import file_error as _reason
from common.progress_check import (  # noqa: F401 (the limits, read here by common.puzzles, tests)
    MAX_COUNT,
    MAX_ENTRIES,
    MAX_ID,
    MAX_LEVELS,
    MAX_STARS,
    OUTCOMES,
    VERSION,
    check_id,
    show,
)

log = logging.getLogger("overlords-prepollency.progress")

MAX_FILE = 512 * 1024  # bytes of a progress file (a full one is some 20 KB)
RATINGS = ("easy", "medium", "hard")


class Rated(Protocol):
    """What `solved_counts` needs of a puzzle (`common.puzzles.Puzzle` is one)."""

    id: str
    rating: str


@dataclass
class PuzzleMark:
    """One puzzle's history: solved yet, how many tries, how many hints asked."""

    solved: bool = False
    tries: int = 0
    hints: int = 0


@dataclass
class LevelRecord:
    """One player's games against one CPU level in one game: wins, losses, draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    def words(self) -> str:
        """"2 wins, 1 loss" (draws only when there are some; "no games yet" for none)."""
        if not (self.wins or self.losses or self.draws):
            return _("no games yet")
        wins = ngettext("{count} win", "{count} wins", self.wins).format(count=self.wins)
        losses = ngettext("{count} loss", "{count} losses", self.losses).format(
            count=self.losses)
        if not self.draws:
            # Translators: a record against a CPU level, "2 wins, 1 loss"
            return _("{wins}, {losses}").format(wins=wins, losses=losses)
        draws = ngettext("{count} draw", "{count} draws", self.draws).format(count=self.draws)
        # Translators: a record against a CPU level, "2 wins, 1 loss, 3 draws"
        return _("{wins}, {losses}, {draws}").format(wins=wins, losses=losses, draws=draws)


@dataclass
class Progress:
    """The player's progress; `path` is where `save` writes it (None: nowhere, as in tests)."""

    path: Path | None = None
    lessons: dict[str, dict[str, int]] = field(default_factory=dict)
    puzzles: dict[str, dict[str, PuzzleMark]] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0
    offer_seen: bool = False
    records: dict[str, dict[str, LevelRecord]] = field(default_factory=dict)
    problem: str | None = None  # what was wrong with the file at load, if anything
    damaged: bool = False  # the file could not be read whole: kept aside before a write
    newer: bool = False  # written by a newer version: never written over
    notice: str | None = None  # what the window says about the file, once (short)
    _stamp: Any = field(default=None, repr=False, compare=False)  # the file as last seen
    # the records as the file held them when last read or written: what this window added
    # since is its own, and is added to another window's on a merge
    _records_seen: dict[tuple[str, str], tuple[int, int, int]] = field(
        default_factory=dict, repr=False, compare=False)

    # lessons
    def lesson_stars(self, game: str, lesson_id: str) -> int:
        """The best stars (0 to 3) earned in a lesson; 0 if never finished."""
        return self.lessons.get(game, {}).get(lesson_id, 0)

    def set_lesson(self, game: str, lesson_id: str, stars: int) -> None:
        """Note a finished lesson's stars (clamped to 0..3); the best result is kept."""
        check_id(game)
        check_id(lesson_id)
        stars = max(0, min(MAX_STARS, int(stars)))
        done = self.lessons.setdefault(game, {})
        done[lesson_id] = max(stars, done.get(lesson_id, 0))

    # puzzles
    def puzzle_solved(self, game: str, puzzle_id: str) -> bool:
        """True once the puzzle was solved (with or without a hint)."""
        mark = self.puzzles.get(game, {}).get(puzzle_id)
        return bool(mark and mark.solved)

    def puzzle_mark(self, game: str, puzzle_id: str) -> PuzzleMark:
        """The puzzle's history (a fresh one if never tried)."""
        return self.puzzles.get(game, {}).get(puzzle_id) or PuzzleMark()

    def record_puzzle(self, game: str, puzzle_id: str, solved: bool,
                      used_hint: bool = False) -> None:
        """Note one try at a puzzle and move the streak (see the module docstring)."""
        check_id(game)
        check_id(puzzle_id)
        mark = self.puzzles.setdefault(game, {}).setdefault(puzzle_id, PuzzleMark())
        clean = solved and not used_hint and mark.tries == 0  # at the first try, unaided
        mark.tries = min(MAX_COUNT, mark.tries + 1)
        mark.hints = min(MAX_COUNT, mark.hints + int(used_hint))
        mark.solved = mark.solved or solved
        if not solved:
            self.streak = 0
        elif clean:
            self.streak = min(MAX_COUNT, self.streak + 1)
            self.best_streak = max(self.best_streak, self.streak)

    def solved_counts(self, game: str, puzzles: Iterable[Rated]) -> dict[str, tuple[int, int]]:
        """For each rating (easy, medium, hard, then any other the puzzles use): how many of
        these puzzles are solved, and how many there are."""
        counts: dict[str, list[int]] = {rating: [0, 0] for rating in RATINGS}
        for puzzle in puzzles:
            pair = counts.setdefault(puzzle.rating, [0, 0])
            pair[1] += 1
            pair[0] += self.puzzle_solved(game, puzzle.id)
        return {rating: (solved, total) for rating, (solved, total) in counts.items()}

    # the record against each CPU level
    def record_against(self, game: str, level: str) -> LevelRecord:
        """The player's wins, losses and draws against a CPU level in a game (none yet: 0)."""
        got = self.records.get(game, {}).get(level)
        return LevelRecord(got.wins, got.losses, got.draws) if got else LevelRecord()

    def record_game(self, game: str, level: str, outcome: str) -> None:
        """Count one game against `level`: outcome "win", "loss" or "draw" (the player's).
        At most MAX_LEVELS levels per game are kept (a new one past them is not counted)."""
        check_id(game)
        check_id(level)
        key = {"win": "wins", "loss": "losses", "draw": "draws"}.get(outcome)
        if key is None:
            raise ValueError(f"not an outcome: {show(outcome)} (win, loss or draw)")
        table = self.records.setdefault(game, {})
        if level not in table and len(table) >= MAX_LEVELS:
            return
        mark = table.setdefault(level, LevelRecord())
        setattr(mark, key, min(MAX_COUNT, getattr(mark, key) + 1))

    def _seen_now(self) -> None:
        """Remember the records as the file now holds them (after a load or a write)."""
        self._records_seen = {(game, level): (r.wins, r.losses, r.draws)
                              for game, table in self.records.items()
                              for level, r in table.items()}

    # the first-launch offer
    def set_offer_seen(self) -> None:
        """Note that the first-launch offer was shown (it is never shown again)."""
        self.offer_seen = True

    # the file
    def to_dict(self) -> dict[str, Any]:
        """The progress as the file holds it."""
        return {
            "version": VERSION, "offer_seen": self.offer_seen,
            "streak": self.streak, "best_streak": self.best_streak,
            "lessons": {game: dict(done) for game, done in self.lessons.items()},
            "puzzles": {game: {pid: {"solved": m.solved, "tries": m.tries, "hints": m.hints}
                               for pid, m in marks.items()}
                        for game, marks in self.puzzles.items()},
            "records": {game: {level: {"wins": r.wins, "losses": r.losses, "draws": r.draws}
                               for level, r in table.items()}
                        for game, table in self.records.items()},
        }

    def merge(self, other: Progress) -> None:
        """Take in what another window saved meanwhile: every lesson's best stars, every
        puzzle solved by either (the larger counts), the best streak, the offer seen, and the
        records: the other window's, plus the games this one played since it last read or
        wrote the file (bounded as `record_game` bounds them)."""
        for game, done in other.lessons.items():
            mine = self.lessons.setdefault(game, {})
            for lesson, stars in done.items():
                mine[lesson] = max(stars, mine.get(lesson, 0))
        for game, marks in other.puzzles.items():
            mine_marks = self.puzzles.setdefault(game, {})
            for pid, theirs in marks.items():
                mark = mine_marks.setdefault(pid, PuzzleMark())
                mark.solved = mark.solved or theirs.solved
                mark.tries, mark.hints = max(mark.tries, theirs.tries), max(mark.hints,
                                                                            theirs.hints)
        self.best_streak = max(self.best_streak, other.best_streak, self.streak)
        self.offer_seen = self.offer_seen or other.offer_seen
        self._merge_records(other)

    def _merge_records(self, other: Progress) -> None:
        merged: dict[str, dict[str, LevelRecord]] = {}
        for game, table in other.records.items():
            merged[game] = {level: LevelRecord(r.wins, r.losses, r.draws)
                            for level, r in table.items()}
        for game, table in self.records.items():
            into = merged.setdefault(game, {})
            for level, mine in table.items():
                seen = self._records_seen.get((game, level), (0, 0, 0))
                added = [max(0, n - s) for n, s in zip((mine.wins, mine.losses, mine.draws),
                                                        seen, strict=True)]
                if level not in into:
                    if len(into) >= MAX_LEVELS or not any(added):
                        continue
                    into[level] = LevelRecord()
                r = into[level]
                r.wins, r.losses, r.draws = (min(MAX_COUNT, n + a) for n, a in zip(
                    (r.wins, r.losses, r.draws), added, strict=True))
        self.records = merged

    def encoded(self) -> bytes:
        """The file's bytes: compact JSON, never over MAX_FILE (what `load` reads back): if
        need be, the tries of unsolved puzzles go first, then the entries past a smaller cap
        per game (`trim`)."""
        data = _compact(self.to_dict())
        cap = MAX_ENTRIES
        while len(data) > MAX_FILE:
            cap = self.trim(cap)
            data = _compact(self.to_dict())
        return data

    def trim(self, cap: int) -> int:
        """Make the progress smaller: first forget the puzzles tried but never solved; then
        keep at most `cap` entries per game. The next, smaller cap to try."""
        unsolved = [(g, p) for g, marks in self.puzzles.items() for p, m in marks.items()
                    if not m.solved]
        if unsolved:
            for game, pid in unsolved:
                del self.puzzles[game][pid]
            return cap
        _keep_first(self.lessons, cap)
        _keep_first(self.puzzles, cap)
        _keep_first(self.records, cap)
        return max(0, cap // 2)

    def save(self) -> str | None:
        """Write the progress to `path`, merged with what another window wrote there since it
        was read (under a short lock), atomically and never over what `load` reads back; None,
        or why it could not be saved (never raises; nothing is written when `path` is None).
        A file that could not be read is kept beside (``learn.json.damaged-DATE``) before the
        first write replaces it; one of a newer version is never written over."""
        if self.path is None:
            return None
        if self.newer:
            return _("{file} was written by a newer version of the game: it is kept as it is, "
                     "and this session's progress is not saved").format(file=self.path.name)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with files.locked(self.path):
                self._take_in_disk()
                files.write_atomic(self.path, self.encoded(), MAX_FILE)
                self._stamp = files.stamp(self.path)
                self._seen_now()
        except OSError as err:
            return _("cannot save {file} ({problem}); progress lasts for this session").format(
                file=self.path, problem=_reason(err))
        return None

    def _take_in_disk(self) -> None:
        """Before a write: set aside a file that could not be read (once), or merge in what
        another window wrote since this one read or wrote the file."""
        assert self.path is not None
        if self.damaged:
            aside = files.keep_aside(self.path)
            self.damaged = False
            if aside is not None:
                _tell(f"the unreadable {self.path.name} was kept as {aside}", stderr=False)
            return
        now = files.stamp(self.path)
        if now is None or now == self._stamp:
            return
        theirs = load(self.path, quiet=True)
        if theirs.damaged or theirs.newer:  # damaged since by someone else: keep it too
            self.damaged, self.newer = theirs.damaged, theirs.newer
            if self.newer:
                raise OSError(0, _("a newer version of the game wrote it meanwhile"))
            self._take_in_disk()
            return
        self.merge(theirs)


_Entry = TypeVar("_Entry")


def _keep_first(table: dict[str, dict[str, _Entry]], cap: int) -> None:
    """Keep at most `cap` entries of each game's table (the first ones)."""
    for game in list(table):
        table[game] = dict(list(table[game].items())[:cap])


def _compact(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def load(path: Path | None = None, quiet: bool = False) -> Progress:
    """The progress in a file (default: `paths.learn_file()`): what is good in it, a fresh
    start for the rest (one line on stderr and in the log says what was wrong, unless
    `quiet`); never raises. A file that could not be read whole is marked `damaged` (kept
    aside at the next save); one of a newer version is marked `newer` (never written over)."""
    file = Path(path) if path is not None else paths.learn_file()
    stamp = files.stamp(file)
    try:
        text = paths.read_user_file(file, MAX_FILE)
    except (FileNotFoundError, NotADirectoryError):
        return Progress(file)
    except (OSError, UnicodeDecodeError) as err:
        return _fresh(file, f"cannot read {file} ({_reason(err)})", stamp, quiet)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        return _fresh(file, f"{file} is not valid JSON (line {err.lineno}, column {err.colno}: "
                            f"{err.msg})", stamp, quiet)
    except (ValueError, RecursionError):
        return _fresh(file, f"{file} is not JSON this app can read", stamp, quiet)
    if not isinstance(data, dict):
        return _fresh(file, f"{file} should hold a JSON object", stamp, quiet)
    progress, problems = from_dict(data, file)
    progress._stamp = stamp
    progress._seen_now()
    version = data.get("version", VERSION)
    if type(version) is int and version > VERSION:
        progress.newer = True
        progress.problem = (f"{file} was written by a newer version of the game (version "
                            f"{version}): it is read, never written over; progress made in "
                            "this session is not saved")
        progress.notice = Message(N_(
            "Your learning progress comes from a newer version of the game: it is shown, and "
            "this session's is not saved."))
        if not quiet:
            _tell(progress.problem)
        return progress
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more"
                                           if len(problems) > 5 else "")
        progress.problem = f"ignored in {file}: {shown}. The rest is kept."
        progress.damaged = True
        progress.notice = Message(N_(
            "Part of your learning progress could not be read; the rest is kept, and the file "
            "is kept as {file}.damaged-… beside it."), file=file.name)
        if not quiet:
            _tell(progress.problem)
    return progress


def of_app(app: Any) -> Progress:
    """The player's progress, loaded once per app and kept as `app.progress`: from the user
    data folder for the real program, in memory only for an app without a settings file (an
    `App` built directly, as tests do, reads and writes nothing)."""
    held = getattr(app, "progress", None)
    if held is None:
        settings = getattr(app, "settings_file", None)
        held = load(Path(settings).parent / paths.LEARN_FILE) if settings else Progress(None)
        app.progress = held
        if held.notice:  # said in the window once, where the player looks
            app.toast(held.notice, 8.0, important=True)
    return held


def from_dict(data: dict[str, Any], path: Path | None = None) -> tuple[Progress, list[str]]:
    """Progress from a parsed JSON object, and what was dropped from it (in plain words: each
    entry is checked by `common.progress_check`)."""
    got, problems = progress_check.read_entries(data)
    progress = Progress(path, lessons=got.lessons, streak=got.streak,
                        best_streak=max(got.best_streak, got.streak), offer_seen=got.offer_seen)
    progress.puzzles = {game: {pid: PuzzleMark(*mark) for pid, mark in marks.items()}
                        for game, marks in got.puzzles.items()}
    progress.records = {game: {level: LevelRecord(*mark) for level, mark in marks.items()}
                        for game, marks in got.records.items()}
    return progress, problems


def _fresh(file: Path, line: str, stamp: Any, quiet: bool) -> Progress:
    """A fresh start over a file that could not be read (kept aside at the next save)."""
    line = f"{line}; starting afresh (the file is kept beside it as {file.name}.damaged-…)"
    if not quiet:
        _tell(line)
    got = Progress(file, problem=line, damaged=True)
    got.notice = Message(N_(
        "Your learning progress could not be read; starting afresh (the old file is kept as "
        "{file}.damaged-…)."), file=file.name)
    got._stamp = stamp
    return got


def _tell(line: str, stderr: bool = True) -> None:
    """One line in the log file, and on stderr (the window says it through `notice`)."""
    if stderr and sys.stderr is not None:
        print(f"progress: {line}", file=sys.stderr)
    log.warning("%s", line)
