"""The lesson runner every game shares (plain Python, no pygame): lesson data loaded and
checked, the steps of a lesson followed, and each goal judged by asking the engine.

A game's lessons are one JSON file in `assets/lessons/GAME.json`, read by that game's lesson
module (`overlords.lessons`, `prepollency.lessons`), which meets `LessonGame`: it builds a
step's position from data, judges a goal on the engine's states (a capture made, a square
controlled, a hold count reached, a base eliminated), and checks a goal's data. The file:

    {"game": "overlords", "version": 1, "lessons": [
      {"id": "pair", "title": "Rune and Fate", "topic": "stones",
       "steps": [
         {"position": {...},           # the game's own position data (or "continue": true:
                                       #  the position the previous step and its reply left)
          "goal": {"kind": "reach", ...},   # or a list of goals, all to be met
          "text": "Move your Dragon to d4.",  # the goal in one sentence
          "intro": "Each turn plays ...",     # what the step teaches (optional)
          "highlight": ["c3", "d4"],          # squares drawn with corner marks (optional)
          "solution": ["2D c3-d4"],           # the intended turn (record notation)
          "wrong": [{"move": "3D c3-c5", "hint": "Rune 3 ..."}],  # tries the check replays
          "hint": "Rune 2 slides diagonally.", # said after every wrong try's reason
          "reply": ["1o e8-e7"],              # the CPU side's scripted turns ("engine": the
                                              #  easy CPU chooses)
          "done": "Right: ..."}]}]}           # said when the goal is met

Nothing is judged by matching a click: a goal is met when the engine's position after the
learner's turn says so (any turn that does it counts), and a wrong try is answered with the
engine's refusal (for an illegal one) or the goal's own "why not" (for a legal one), then the
step's hint. `check_lessons` replays every step: the solution is legal and meets the goal,
the goal is not met before it, every wrong try is refused with a reason or misses the goal,
and the scripted replies are legal. Stars: 3 for a lesson done without a wrong try, 2 with
one or two, 1 with more (`stars`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from common import files
from common.paths import assets_root
from common.protocol import IllegalMoveError, InvalidMoveError

LESSONS_DIR = assets_root() / "lessons"  # shipped as package data (pyproject.toml)
MAX_FILE = 512_000  # bytes of a lesson file read at most
MAX_TEXT = 400  # characters of one text kept
MAX_STEPS = 12
MAX_LESSONS = 60
MAX_LIST = 12  # squares highlighted, wrong tries, reply turns per step


class LessonError(ValueError):
    """Lesson data that is not a lesson (the message names where)."""


class LessonGame(Protocol):
    """What a game's lesson module offers the runner."""

    NAME: str
    engine: Any  # the rules module (`common.protocol.Game`)

    def position(self, data: Any) -> Any:
        """The state a step's "position" data describes (LessonError if it is not one)."""

    def check_goal(self, goal: dict) -> str | None:
        """What is wrong with a goal's data, or None."""

    def judge(self, goal: dict, before: Any, move: Any, after: Any) -> tuple[bool, str]:
        """Is the goal met by `move` (the learner's whole turn) from `before` to `after`? And
        if not, why not, in a sentence from the engine's facts ("That move captured
        nothing"). `move` None (with `after` = `before`): nothing played, which must not
        meet a goal (the check asks)."""


@dataclass(frozen=True)
class Wrong:
    """A wrong try the check replays, and what the lesson says after the engine's reason."""

    move: Any  # record notation (a string, or a Prepollency list of moves)
    hint: str


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module docstring for the fields)."""

    text: str
    goals: tuple[dict, ...]
    position: Any = None  # None: continue from the previous step's end
    intro: str = ""
    highlight: tuple[str, ...] = ()
    solution: Any = None
    wrong: tuple[Wrong, ...] = ()
    hint: str = ""
    reply: tuple[Any, ...] | str = ()  # scripted turns, or "engine"
    done: str = ""


@dataclass(frozen=True)
class Lesson:
    """A lesson: its id (stable: progress is kept under it), title, rules topic, steps; or,
    for a lesson its file describes wrongly, why it is unavailable (`problem`, the reason
    `check_lessons` gives too) and no steps."""

    id: str
    title: str
    steps: tuple[Step, ...]
    topic: str = ""
    summary: str = ""
    problem: str | None = None


def _text(data: dict, key: str, where: str, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise LessonError(f"{where}: {key!r} must be text")
    if required and not value.strip():
        raise LessonError(f"{where}: {key!r} is missing")
    return value[:MAX_TEXT]


def _list(data: dict, key: str, where: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise LessonError(f"{where}: {key!r} must be a list of at most {MAX_LIST}")
    return value


def parse_step(data: Any, game: LessonGame, where: str, first: bool) -> Step:
    """One step from its data (LessonError naming the problem)."""
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a step is an object")
    goals = data.get("goal")
    goals = goals if isinstance(goals, list) else [goals]
    if not goals or not all(isinstance(g, dict) for g in goals):
        raise LessonError(f"{where}: 'goal' must be an object or a list of them")
    for goal in goals:
        problem = game.check_goal(goal)
        if problem:
            raise LessonError(f"{where}: goal: {problem}")
    position = data.get("position")
    if position is None and (first or not data.get("continue")):
        raise LessonError(f"{where}: a step needs a 'position' (or \"continue\": true after "
                          "the first)")
    wrong = []
    for i, item in enumerate(_list(data, "wrong", where)):
        if not isinstance(item, dict) or "move" not in item:
            raise LessonError(f"{where}: wrong try {i + 1} needs a 'move'")
        wrong.append(Wrong(item["move"], _text(item, "hint", f"{where}: wrong try {i + 1}")))
    reply = data.get("reply", [])
    if reply != "engine":
        reply = tuple(_list(data, "reply", where))
    highlight = tuple(str(s)[:3] for s in _list(data, "highlight", where))
    if "solution" not in data:
        raise LessonError(f"{where}: a step needs its 'solution' (the check plays it)")
    return Step(_text(data, "text", where, True), tuple(goals), position,
                _text(data, "intro", where), highlight, data["solution"], tuple(wrong),
                _text(data, "hint", where), reply, _text(data, "done", where))


def parse_lessons(data: Any, game: LessonGame) -> list[Lesson]:
    """The lessons of a lesson file's data (LessonError naming the problem of a file that is
    not one). A lesson that is wrong on its own (a bad position, a bad goal, a bad step) comes
    back unavailable, with its reason (`Lesson.problem`): the others still play."""
    if not isinstance(data, dict) or data.get("game") != game.NAME:
        raise LessonError(f"not a lesson file of {game.NAME}")
    items = data.get("lessons")
    if not isinstance(items, list) or not 0 < len(items) <= MAX_LESSONS:
        raise LessonError(f"'lessons' must be a list of 1 to {MAX_LESSONS} lessons")
    lessons, seen = [], set()
    for n, item in enumerate(items, 1):
        ident, title = f"#{n}", f"Lesson {n}"
        try:
            if not isinstance(item, dict):
                raise LessonError(f"lesson {n}: a lesson is an object")
            ident = _ident(item, n)
            where = f"lesson {ident!r}"
            title = _text(item, "title", where, True)[:60]
            if not title.isprintable():
                raise LessonError(f"{where}: the title holds a control character")
            if ident in seen:
                raise LessonError(f"{where}: the id is used twice")
            seen.add(ident)
            lessons.append(Lesson(ident, title, _steps(item, game, where),
                                  _text(item, "topic", where)[:40],
                                  _text(item, "summary", where)))
        except LessonError as err:
            lessons.append(Lesson(ident, title if title.isprintable() else f"Lesson {n}", (),
                                  problem=str(err)))
    return lessons


def _ident(item: dict, n: int) -> str:
    """A lesson's id: short printable text (progress is kept under it)."""
    ident = _text(item, "id", f"lesson {n}", True)[:40]
    if not ident.isprintable():
        raise LessonError(f"lesson {n}: the id holds a control character")
    return ident


def _steps(item: dict, game: LessonGame, where: str) -> tuple[Step, ...]:
    """A lesson's steps, each position built by the engine now (LessonError: the reason
    `check_lessons` gives for it), so a lesson that opens can be played."""
    steps = item.get("steps")
    if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
        raise LessonError(f"{where}: 'steps' must be a list of 1 to {MAX_STEPS}")
    parsed = tuple(parse_step(s, game, f"{where} step {i + 1}", i == 0)
                   for i, s in enumerate(steps))
    for i, step in enumerate(parsed):
        if step.position is not None:
            build_position(game, step.position, f"{game.NAME} lesson {where[7:]} step {i + 1}")
    return parsed


def build_position(game: LessonGame, data: Any, where: str) -> Any:
    """The state a step's position data describes; LessonError (``WHERE: position: why``)
    for anything the game cannot build, whatever the engine raised."""
    try:
        return game.position(data)
    except LessonError as err:
        raise LessonError(f"{where}: position: {err}") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError) as err:
        raise LessonError(f"{where}: position: not a position ({type(err).__name__})") from None


def load_lessons(game: LessonGame, path: Path | None = None) -> list[Lesson]:
    """The game's lessons from its file (LessonError if the file is missing or damaged: read
    bounded, a regular file only, never waiting on a FIFO)."""
    path = path or LESSONS_DIR / f"{game.NAME}.json"
    name = quoted(path.name)
    try:
        raw = files.read_bounded(path, MAX_FILE)
    except OSError as err:
        raise LessonError(f"{name}: {err.strerror or err}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LessonError(f"{name}: not JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise LessonError(f"{name}: not JSON ({err.msg} at line {err.lineno})") from None
    except (ValueError, RecursionError):
        raise LessonError(f"{name}: not JSON this program reads (nested too deeply, or a "
                          "number too long)") from None
    return parse_lessons(data, game)


def quoted(text: object) -> str:
    """Text from a file as a line shows it safely (control characters escaped, cut to 200
    characters)."""
    text = str(text)[:200]
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")


# judging ---------------------------------------------------------------------------------------

def judge_all(game: LessonGame, goals: Sequence[dict], before: Any, move: Any, after: Any
              ) -> tuple[bool, str]:
    """Every goal met? Else the first unmet goal's reason."""
    for goal in goals:
        met, why = game.judge(goal, before, move, after)
        if not met:
            return False, why
    return True, ""


def parse_turn(game: LessonGame, state: Any, data: Any) -> Any:
    """The engine's move for record notation in this position (IllegalMoveError with the
    engine's reason, InvalidMoveError if it is not notation)."""
    return game.engine.parse_move(state, data)


def stars(mistakes: int) -> int:
    """Stars for a finished lesson: 3 with no wrong try, 2 with one or two, 1 with more."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


@dataclass
class Attempt:
    """What the learner's turn came to: met, or why not (the engine's reason first, then the
    lesson's hint)."""

    met: bool
    text: str


@dataclass
class LessonRun:
    """A lesson being played: which step, the wrong tries so far, where the step began."""

    game: LessonGame
    lesson: Lesson
    index: int = 0
    mistakes: int = 0
    met: bool = False
    start: Any = None  # the state the current step began from
    _reasons: dict[str, str] = field(default_factory=dict)  # engine reason -> wrong try hint

    def __post_init__(self) -> None:
        self.begin(None)

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    @property
    def last(self) -> bool:
        """True on the lesson's last step."""
        return self.index == len(self.lesson.steps) - 1

    @property
    def learner(self) -> int:
        """The seat the learner plays in this step (the one to move at its start)."""
        return self.game.engine.to_move(self.start)

    def begin(self, previous_end: Any) -> Any:
        """Start the current step (from its own position, or where the last one ended); its
        start state."""
        step = self.step
        self.start = self.game.position(step.position) if step.position is not None \
            else previous_end
        self.met = False
        self._reasons = {}
        for wrong in step.wrong:  # a refused click is matched to its try by the reason
            try:
                parse_turn(self.game, self.start, wrong.move)
            except (IllegalMoveError, InvalidMoveError) as err:
                if wrong.hint:  # the screen says it without the "c3-e5: " of a turn's move
                    for reason in (str(err), str(err).partition(": ")[2]):
                        self._reasons.setdefault(reason, wrong.hint)
        return self.start

    def next(self, end: Any) -> bool:
        """On to the next step (from the position `end` the last one left); False at the
        end of the lesson."""
        if self.last:
            return False
        self.index += 1
        self.begin(end)
        return True

    def restart(self) -> Any:
        """The lesson from its first step again, the tries forgotten."""
        self.index, self.mistakes = 0, 0
        return self.begin(None)

    def _hint_for(self, move: Any, state: Any) -> str:
        for wrong in self.step.wrong:
            try:
                if parse_turn(self.game, state, wrong.move) == move:
                    return wrong.hint or self.step.hint
            except (IllegalMoveError, InvalidMoveError):
                continue
        return self.step.hint

    def played(self, before: Any, move: Any, after: Any) -> Attempt:
        """The learner made a whole turn: judged by the engine's states."""
        met, why = judge_all(self.game, self.step.goals, before, move, after)
        if met:
            self.met = True
            return Attempt(True, self.step.done or "Well done.")
        self.mistakes += 1
        return Attempt(False, join(f"Not quite: {why}", self._hint_for(move, before)))

    def refused(self, reason: str) -> str:
        """A click the engine refused: its reason, then the lesson's hint (the matching
        wrong try's, else the step's). Only a refusal the lesson foresaw (one of its wrong
        tries) costs a star: looking around (a click on an empty square) does not."""
        if not reason:
            return reason
        if reason in self._reasons:
            self.mistakes += 1
        return join(reason, self._reasons.get(reason, self.step.hint))

    def replies(self, state: Any) -> list[Any]:
        """The scripted replies as engine moves from `state`, as far as they stay legal (a
        learner who met the goal another way may have made one illegal: the CPU chooses
        from there)."""
        out = []
        if self.step.reply == "engine":
            return out
        engine = self.game.engine
        for data in self.step.reply:
            if engine.outcome(state) is not None or engine.to_move(state) == self.learner:
                break
            try:
                move = parse_turn(self.game, state, data)
            except (IllegalMoveError, InvalidMoveError):
                break
            out.append(move)
            state = engine.apply(state, move)
        return out

    @property
    def stars(self) -> int:
        """The stars the lesson earns if it ends now."""
        return stars(self.mistakes)


def join(first: str, second: str) -> str:
    """Two sentences as one text (a full stop between them when the first has none)."""
    first, second = first.strip(), second.strip()
    if not second:
        return first
    if not first:
        return second
    return f"{first}{'' if first[-1] in '.!?:' else '.'} {second}"


# the check -------------------------------------------------------------------------------------

def check_lesson(game: LessonGame, lesson: Lesson) -> list[str]:
    """Replay every step of a lesson through the engine; one line per failure."""
    engine, out = game.engine, []
    if lesson.problem is not None:
        return [f"{game.NAME} {quoted(lesson.problem)}"]
    state = None
    for i, step in enumerate(lesson.steps):
        where = f"{game.NAME} lesson {quoted(repr(lesson.id))} step {i + 1}"
        try:
            start = build_position(game, step.position, where) if step.position is not None \
                else state
        except LessonError as err:
            out.append(str(err))
            return out
        if start is None:
            out.append(f"{where}: continues a step that ended the game or had an engine reply")
            return out
        if engine.outcome(start) is not None:
            out.append(f"{where}: the position is already over")
            return out
        learner = engine.to_move(start)
        for j, wrong in enumerate(step.wrong):
            try:
                move = parse_turn(game, start, wrong.move)
            except InvalidMoveError as err:
                out.append(f"{where}: wrong try {j + 1} is not notation: {err}")
                continue
            except IllegalMoveError as err:
                if not str(err):
                    out.append(f"{where}: wrong try {j + 1} is refused without a reason")
                continue
            met, why = judge_all(game, step.goals, start, move, engine.apply(start, move))
            if met:
                out.append(f"{where}: wrong try {wrong.move!r} meets the goal")
            elif not why:
                out.append(f"{where}: wrong try {wrong.move!r} misses the goal but says no why")
        try:
            move = parse_turn(game, start, step.solution)
        except (IllegalMoveError, InvalidMoveError) as err:
            out.append(f"{where}: the solution {step.solution!r} is refused: {err}")
            return out
        after = engine.apply(start, move)
        met, why = judge_all(game, step.goals, start, move, after)
        if not met:
            out.append(f"{where}: the solution {step.solution!r} misses the goal: {why}")
            return out
        if judge_all(game, step.goals, start, None, start)[0]:  # None: nothing played
            out.append(f"{where}: the goal is met before the learner plays")
        state = after
        if step.reply == "engine":
            state = None
            continue
        for data in step.reply:
            if engine.outcome(state) is not None:
                out.append(f"{where}: a reply comes after the game ended")
                break
            try:
                state = engine.apply(state, parse_turn(game, state, data))
            except (IllegalMoveError, InvalidMoveError) as err:
                out.append(f"{where}: the reply {data!r} is refused: {err}")
                return out
        if engine.outcome(state) is None and engine.to_move(state) != learner \
                and i + 1 < len(lesson.steps) and lesson.steps[i + 1].position is None:
            out.append(f"{where}: the next step continues, but the learner is not to move")
            return out
        if engine.outcome(state) is not None:
            state = None
    return out


def check_lessons(game: LessonGame, lessons: Sequence[Lesson]) -> list[str]:
    """Every lesson of a game replayed; one line per failure."""
    out: list[str] = []
    for lesson in lessons:
        out += check_lesson(game, lesson)
    return out


def lesson_game(name: str) -> LessonGame:
    """A registered game's lesson module (`GAME.lessons`, found through the registry)."""
    from common.games import get

    return get(name).lessons


def check_all() -> tuple[list[str], int]:
    """Every lesson of every registered game replayed: (one line per failure, how many
    lessons were checked). A lesson file that cannot be read is a failure too."""
    from common.games import GAMES

    out: list[str] = []
    count = 0
    for name in GAMES:
        game = lesson_game(name)
        try:
            lessons = load_lessons(game)
        except LessonError as err:
            out.append(f"{name} lessons: {err}")
            continue
        count += len(lessons)
        out += check_lessons(game, lessons)
    return out, count


def check_command(check: bool) -> int:
    """`learn --check`: the lessons (and the puzzles, when this build has them) replayed, one
    line per failure, then a summary; 0 only if all hold. Without --check: the lessons."""
    import importlib.util

    if not check:
        from common.games import GAMES

        broken = False
        for name in GAMES:
            try:
                lessons = load_lessons(lesson_game(name))
            except LessonError as err:
                print(f"learn: {name} lessons: {quoted(err)}", file=sys.stderr)
                return 2
            for n, lesson in enumerate(lessons, 1):
                said = f"unavailable: {lesson.problem}" if lesson.problem else \
                    f"{len(lesson.steps)} steps"
                print(f"{name} {n:2}. {quoted(lesson.title)} ({quoted(said)})")
                broken = broken or lesson.problem is not None
        return 2 if broken else 0
    failures, lessons = check_all()
    puzzles = "no puzzles in this build"
    if importlib.util.find_spec("common.puzzles") is not None:
        from common import puzzles as puzzle_module

        found = puzzle_module.check_all()
        failures += found
        puzzles = "puzzles checked" if not found else f"{len(found)} puzzle failures"
    for line in failures:
        print(quoted(line) if len(line) <= 200 else quoted(line[:199] + "…"))
    print(f"learn --check: {lessons} lessons, {puzzles}: "
          f"{'all hold' if not failures else f'{len(failures)} failures'}")
    return 0 if not failures else 1
