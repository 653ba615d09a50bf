"""Puzzles: game records with a question, shipped in `assets/puzzles/<game>/`, and the checks
that every one of them holds. Pygame-free; the puzzle screen is `common.ui.puzzle_scene`.

A puzzle is a record of docs/RULES.md ("Game records": the game from its start up to the position,
``"result": null``), so `validate` and every record tool read it, with one more key::

    "puzzle": {"goal": "win-2", "solution": ["2W c1-h6", "1W b7-a6", "4W h6-g8"],
               "rating": "medium"}

The position is the record's final one; the side to move is the player. `goal` names a kind
of question of the game (its puzzles module's `GOALS`: "win-1", "defend", ...), `solution` the
moves in record notation: the player's, then (two-move goals) the solver's reply and the
player's finish. `rating` is "easy", "medium" or "hard": how many CPU levels miss the first
move (bench/make_puzzles.py says how it is measured). Files are read bounded
(`common.record.load`), at most MAX_FILES per game, in name order; the file's name (without
``.json``) is the puzzle's id, which the player's progress (`common.progress`) keys on.

Each game's puzzle rules live in the module its registry entry names (`Registered.puzzles`):
`GOALS` (goal -> the sentence shown), `PLAYER_MOVES` (goal -> how many moves the player makes),
`judge_try(state, goal, stage, move) -> reason | None`, `reply(state)` (the solver's answer),
`hint(state, goal, move)`, `hint_square(state, goal, move)` (the piece a hint picks),
`find(state)` (the generator's question: a unique puzzle here?) and `check(state, goal,
solution) -> problem | None`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import files, paths
from common import record as rec
from common.games import GAMES
from common.i18n import _
from common.progress import MAX_ID, RATINGS

KEY = "puzzle"
LEVELS_RATED = ("novice", "easy", "normal", "hard")  # the CPU levels a rating counts
MOST_OF_ONE_KIND = 0.4  # the largest share of one kind in a game's set
MAX_FILES = 1000  # puzzle files read per game
MAX_BYTES = 64 * 1024  # bytes of one puzzle file (a puzzle's game is short: under 8 KB today)
MAX_TOTAL = 8 * 1024 * 1024  # bytes of a game's puzzle files read in one listing


@dataclass(frozen=True)
class Refuted:
    """Why a try fails, in the player's words, and the answer that line names (the rival's
    moves or turns the board plays to show it, seat after seat; none when the reason names
    none). Each game's
    `refute(state, goal, stage, move)` gives one (None: the try holds)."""

    why: str
    answer: tuple[Any, ...] = ()  # the moves (or turns) played after the try, in order


def rating_of(missed: int) -> str:
    """The rating of a puzzle that `missed` of the LEVELS_RATED levels miss: none or only
    `novice`: easy; two: medium; three or four: hard."""
    return RATINGS[0] if missed <= 1 else RATINGS[1] if missed == 2 else RATINGS[2]


@dataclass
class Puzzle:
    """One shipped puzzle: its record, its question, and the position it asks about."""

    game: str
    id: str
    goal: str
    solution: tuple[Any, ...]  # the record's notation of each move
    rating: str
    source: dict | Path = field(repr=False)  # the record, or its file (read when needed)
    missed: int | None = None  # how many of LEVELS_RATED miss its first move (when measured)
    _replay: rec.Replay | None = field(default=None, repr=False, compare=False)

    @property
    def record(self) -> dict:
        """The puzzle's record (read from its file again if the listing did not keep it;
        RecordError if it changed into something else meanwhile)."""
        if isinstance(self.source, dict):
            return self.source
        record = rec.load(self.source, MAX_BYTES)
        again = from_record(self.game, self.id, record)
        if (again.goal, again.solution) != (self.goal, self.solution):
            raise rec.RecordError(_("the puzzle's file changed since it was listed"))
        return record

    @property
    def rules(self) -> Any:
        """The game's puzzle module (see the module docstring)."""
        return GAMES[self.game].puzzles

    @property
    def goal_text(self) -> str:
        """The question in a sentence, in the player's language (GOALS are `N_` messages)."""
        return _(self.rules.GOALS[self.goal])

    @property
    def kind_label(self) -> str:
        """The kind in two or three words ("Win in two"), for the picker (in the player's
        language)."""
        return _(self.rules.LABELS[self.goal])

    def why_solution(self) -> str:
        """Why the solution solves it, from the engine (`explain` of the game's rules)."""
        return self.rules.explain(self.state, self.goal, self.moves())

    @property
    def player_moves(self) -> int:
        """How many moves the player makes (1, or 2 with the solver's reply between)."""
        return self.rules.PLAYER_MOVES[self.goal]

    def replay(self) -> rec.Replay:
        """The record replayed (its final state is the position); RecordError if it fails."""
        if self._replay is None:
            self._replay = rec.replay(self.record, {self.game: GAMES[self.game].engine})
        return self._replay

    @property
    def state(self) -> Any:
        """The position of the question."""
        return self.replay().final

    def moves(self) -> list[Any]:
        """The solution's moves, each parsed in the position it is played in (RecordError if
        one is not legal there)."""
        game = GAMES[self.game].engine
        state, out = self.state, []
        for number, data in enumerate(self.solution, 1):
            try:
                move = game.parse_move(state, data)
                state = game.apply(state, move)
            except (ValueError, TypeError) as err:
                raise rec.RecordError(_("solution move {number}: {err}").format(
                                          number=number, err=err)) from None
            out.append(move)
        return out


def folder(game: str) -> Path:
    """Where a game's puzzles are shipped."""
    return paths.assets_root() / "puzzles" / game


def load_puzzles(game: str) -> list[Puzzle]:
    """The game's shipped puzzles that can be read, in file-name order (a damaged file is left
    out: `check_all` names it). They are not replayed here (that is some 5 ms each): a record
    that does not replay raises RecordError from `Puzzle.replay` / `Puzzle.moves`."""
    return _load(game)[0]


def _load(game: str) -> tuple[list[Puzzle], list[str]]:
    """The game's readable puzzles (their questions; the records stay on disk), and one line
    per file that is not one (names quoted: they come from the folder)."""
    where = folder(game)
    try:
        names = sorted(n for n in os.listdir(where) if n.endswith(".json"))[:MAX_FILES]
    except OSError:
        names = []
    puzzles, problems, total = [], [], 0
    for name in names:
        path = where / name
        shown = f"{game}/{_quoted(name)}"
        if total >= MAX_TOTAL:
            problems.append(_("{shown}: not read: the puzzles already read hold {size}").format(
                                shown=shown, size=files.size_words(MAX_TOTAL)))
            continue
        with contextlib.suppress(OSError):  # rec.load says why
            total += min(os.stat(path).st_size, MAX_BYTES + 1)
        try:
            puzzle = from_record(game, path.stem, rec.load(path, MAX_BYTES))
        except rec.RecordError as err:
            problems.append(f"{shown}: {err}")
            continue
        puzzle.source = path  # the record is read again when the puzzle is played
        puzzles.append(puzzle)
    return puzzles, problems


def _quoted(text: str) -> str:
    """A file name as a line of text shows it safely (control characters escaped)."""
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


def _one_of(value: Any, allowed: Sequence[str]) -> str | None:
    """`value` if it is one of the `allowed` texts, else None."""
    return value if isinstance(value, str) and value in allowed else None


def from_record(game: str, puzzle_id: str, record: dict) -> Puzzle:
    """A puzzle from its record (RecordError naming what is wrong with its question)."""
    if record.get("game") != game:
        raise rec.RecordError(_("not a record of {game}").format(game=game))
    if not (0 < len(puzzle_id) <= MAX_ID and puzzle_id.isprintable()):
        raise rec.RecordError(_("the file's name is not a puzzle id"))
    data = record.get(KEY)
    if not isinstance(data, dict):
        raise rec.RecordError(_("no \"{key}\" object").format(key=KEY))
    solution, rating = data.get("solution"), data.get("rating")
    goals = GAMES[game].puzzles.GOALS
    goal = _one_of(data.get("goal"), goals)
    if goal is None:
        raise rec.RecordError(_("unknown goal (expected one of {join})").format(
                                  join=', '.join(goals)))
    if rating not in RATINGS:
        raise rec.RecordError(_("unknown rating (expected {join})").format(
                                  join=', '.join(RATINGS)))
    if not isinstance(solution, list) or not solution or len(solution) > 9:
        raise rec.RecordError(_("the solution is not a short list of moves"))
    if record.get("result") is not None:
        raise rec.RecordError(_("the game of a puzzle is not over"))
    missed = data.get("missed")
    if missed is not None and not (type(missed) is int and 0 <= missed <= len(LEVELS_RATED)
                                   and rating_of(missed) == rating):
        raise rec.RecordError(_("missed is 0 to {count} levels, matching the rating").format(
            count=len(LEVELS_RATED)))
    return Puzzle(game, puzzle_id, goal, tuple(solution), rating, record, missed)


def check(puzzle: Puzzle) -> str | None:
    """None if the puzzle holds (its record replays, its solution wins or saves and is unique,
    the solver's reply is the one shipped); else what is wrong."""
    try:
        moves = puzzle.moves()
    except rec.RecordError as err:
        return str(err)
    state = puzzle.state
    if puzzle.player_moves != (len(moves) + 1) // 2:
        # Translators: {goal} is a puzzle's kind as its file names it (win1, save2...)
        return _("a {goal} solution has {count} moves").format(
            goal=puzzle.goal, count=2 * puzzle.player_moves - 1)
    if len(GAMES[puzzle.game].engine.legal_moves(state)) < 2:
        return _("the first move is the only legal move")
    problem = puzzle.rules.check(state, puzzle.goal, moves)
    if problem is None and not puzzle.rules.explain(state, puzzle.goal, moves):
        return _("the solution has no reason")
    return problem


def shares(puzzles: list[Puzzle]) -> dict[str, int]:
    """How many puzzles of each kind, in the game's order of kinds."""
    counts: dict[str, int] = {}
    for puzzle in puzzles:
        counts[puzzle.goal] = counts.get(puzzle.goal, 0) + 1
    order = list(puzzles[0].rules.GOALS) if puzzles else []
    return {goal: counts[goal] for goal in order if goal in counts}


def mix_problem(game: str, puzzles: list[Puzzle]) -> str | None:
    """What is wrong with a game's set as a whole: fewer than four kinds, or one kind more
    than MOST_OF_ONE_KIND of it (None: a varied set)."""
    counts = shares(puzzles)
    if len(counts) < 4:
        return _("{game}: {count} kinds of puzzle, fewer than four").format(
            game=game, count=len(counts))
    goal, most = max(counts.items(), key=lambda item: item[1])
    if most > MOST_OF_ONE_KIND * len(puzzles):
        return _("{game}: {most} of {count} puzzles are {goal}, more than {share:.0%}").format(
            game=game, most=most, count=len(puzzles), goal=goal, share=MOST_OF_ONE_KIND)
    return None


def check_all(games: list[str] | None = None) -> list[str]:
    """One line per failing puzzle of every game (or of `games`), empty when all hold; for
    every game (no `games` given), also a line for a set with too few kinds or too much of
    one (`mix_problem`)."""
    failures: list[str] = []
    whole = games is None
    for name in games or [g for g, entry in GAMES.items() if entry.puzzles_module]:
        puzzles, problems = _load(name)
        failures += problems
        if not puzzles and not problems:
            failures.append(_("{game}: no puzzles in {folder}").format(game=name,
                                                                        folder=folder(name)))
        mix = mix_problem(name, puzzles) if puzzles and whole else None
        if mix:
            failures.append(mix)
        for puzzle in puzzles:
            problem = check(puzzle)
            if problem:
                failures.append(f"{name}/{puzzle.id}: {rec.cut(problem, 200)}")
    return failures
