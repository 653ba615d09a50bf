"""Lessons as data: `Lesson`, `Step`, `Wrong`, what a game's lesson module offers
(`LessonGame`), and a lesson file read, parsed and checked for shape (`load_lessons`). No
pygame.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from common import files
from common.i18n import _
from common.paths import assets_root

LESSONS_DIR = assets_root() / "lessons"  # shipped as package data (pyproject.toml)
MAX_FILE = 512_000  # bytes of a lesson file read at most
MAX_TEXT = 400  # characters of one text kept
MAX_STEPS = 12
MAX_LESSONS = 60
MAX_LIST = 12  # squares highlighted, wrong tries, reply turns, claims per step
CLAIM_POINTS = ("start", "after", "end")  # a claim's "at": the step's start, after the
# learner's solution, after the scripted replies


class LessonError(ValueError):
    """Lesson data that is not a lesson (the message names where)."""



# A judge: is the goal met by `move` (the learner's whole turn) from `before` to `after`, for
# the learner `me` (the seat to move in `before`)? And if not, why not, in a sentence from the
# engine's facts ("That move captured nothing"). `move` None (with `after` = `before`):
# nothing played, which must not meet a goal (the check asks).
Judge = Callable[[dict, Any, Any, Any, int], tuple[bool, str]]

# A claim's judge: is what a lesson says about a position true there ("the Dragon on d4 is
# frozen", "2W b2-g7 captures", "the Archer on h4 is defended")? It answers (true or not, the
# engine's fact in words either way: "the Dragon on d4 has no move: no Dragon Fate is left").
Claim = Callable[[dict, Any], tuple[bool, str]]


class LessonGame(Protocol):
    """What a game's lesson module offers the runner: its positions, the check of a goal's
    data, and `JUDGES`, the table goal kind -> judge (`common.lessons.run.judge` dispatches)."""

    NAME: str
    engine: Any  # the rules module (`common.protocol.Game`)
    JUDGES: Mapping[str, Judge]
    CLAIMS: Mapping[str, Claim]  # claim kind -> its judge (`common.lessons.claims`)

    def position(self, data: Any) -> Any:
        """The state a step's "position" data describes (LessonError if it is not one)."""

    def check_goal(self, goal: dict) -> str | None:
        """What is wrong with a goal's data, or None."""

    def check_claim(self, claim: dict) -> str | None:
        """What is wrong with a claim's data (its kind's own keys), or None."""


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
    claims: tuple[dict, ...] = ()  # what the texts say about the positions (the check asks)


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
    marks: bool = False  # this lesson teaches the board's danger marks: shown from it on


def _text(data: dict, key: str, where: str, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise LessonError(_("{where}: {key!r} must be text").format(where=where, key=key))
    if required and not value.strip():
        raise LessonError(_("{where}: {key!r} is missing").format(where=where, key=key))
    return value[:MAX_TEXT]


def _list(data: dict, key: str, where: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or len(value) > MAX_LIST:
        raise LessonError(_("{where}: {key!r} must be a list of at most {max_list}").format(
                              where=where, key=key, max_list=MAX_LIST))
    return value


def parse_step(data: Any, game: LessonGame, where: str, first: bool) -> Step:
    """One step from its data (LessonError naming the problem)."""
    if not isinstance(data, dict):
        raise LessonError(_("{where}: a step is an object").format(where=where))
    goals = _goals(data, game, where)
    position = data.get("position")
    if position is None and (first or not data.get("continue")):
        raise LessonError(_("{where}: a step needs a 'position' (or \"continue\": true after the "
                            "first)").format(where=where))
    wrong = _wrong_tries(data, where)
    reply = data.get("reply", [])
    if reply != "engine":
        reply = tuple(_list(data, "reply", where))
    highlight = tuple(str(s)[:3] for s in _list(data, "highlight", where))
    if "solution" not in data:
        raise LessonError(_("{where}: a step needs its 'solution' (the check plays it)").format(
                              where=where))
    return Step(_text(data, "text", where, True), goals, position,
                _text(data, "intro", where), highlight, data["solution"], wrong,
                _text(data, "hint", where), reply, _text(data, "done", where),
                _claims(data, game, where))


def _claims(data: dict, game: LessonGame, where: str) -> tuple[dict, ...]:
    """A step's claims, each a known kind with its data checked by the game: `at` one of
    CLAIM_POINTS (default "start"), `not` to claim the opposite, `every` (at "after": true
    after every turn that meets the goals, not only the solution)."""
    out = []
    for i, claim in enumerate(_list(data, "claims", where)):
        said = {"where": where, "number": i + 1}
        if not isinstance(claim, dict) or claim.get("kind") not in game.CLAIMS:
            raise LessonError(_("{where}: claim {number}: a claim is an object whose kind is "
                                "one of {kinds}").format(kinds=", ".join(game.CLAIMS), **said))
        if claim.get("at", "start") not in CLAIM_POINTS:
            raise LessonError(_("{where}: claim {number}: 'at' is one of {points}").format(
                points=", ".join(CLAIM_POINTS), **said))
        if claim.get("every") and claim.get("at") != "after":
            raise LessonError(_('{where}: claim {number}: \'every\' is for a claim at "after"')
                              .format(**said))
        problem = game.check_claim(claim)
        if problem:
            raise LessonError(_("{where}: claim {number}: {problem}").format(problem=problem,
                                                                              **said))
        out.append(claim)
    return tuple(out)


def _goals(data: dict, game: LessonGame, where: str) -> tuple[dict, ...]:
    """A step's goals (one, or a list of them), each checked by the game."""
    goals = data.get("goal")
    goals = goals if isinstance(goals, list) else [goals]
    if not goals or not all(isinstance(g, dict) for g in goals):
        raise LessonError(_("{where}: 'goal' must be an object or a list of them").format(
                              where=where))
    for goal in goals:
        problem = game.check_goal(goal)
        if problem:
            raise LessonError(_("{where}: goal: {problem}").format(where=where, problem=problem))
    return tuple(goals)


def _wrong_tries(data: dict, where: str) -> tuple[Wrong, ...]:
    """A step's wrong tries, each with its move."""
    wrong = []
    for i, item in enumerate(_list(data, "wrong", where)):
        if not isinstance(item, dict) or "move" not in item:
            raise LessonError(_("{where}: wrong try {number} needs a 'move'").format(
                                  where=where, number=i + 1))
        named = _("{where}: wrong try {number}").format(where=where, number=i + 1)
        wrong.append(Wrong(item["move"], _text(item, "hint", named)))
    return tuple(wrong)


def parse_lessons(data: Any, game: LessonGame) -> list[Lesson]:
    """The lessons of a lesson file's data (LessonError naming the problem of a file that is
    not one). A lesson that is wrong on its own (a bad position, a bad goal, a bad step) comes
    back unavailable, with its reason (`Lesson.problem`): the others still play."""
    if not isinstance(data, dict) or data.get("game") != game.NAME:
        raise LessonError(_("not a lesson file of {name}").format(name=game.NAME))
    items = data.get("lessons")
    if not isinstance(items, list) or not 0 < len(items) <= MAX_LESSONS:
        raise LessonError(_("'lessons' must be a list of 1 to {max_lessons} lessons").format(
                              max_lessons=MAX_LESSONS))
    lessons, seen = [], set()
    for n, item in enumerate(items, 1):
        ident, title = f"#{n}", _("Lesson {count}").format(count=n)
        try:
            if not isinstance(item, dict):
                raise LessonError(_("lesson {count}: a lesson is an object").format(count=n))
            ident = _ident(item, n)
            where = _("lesson {ident!r}").format(ident=ident)
            title = _text(item, "title", where, True)[:60]
            if not title.isprintable():
                raise LessonError(_("{where}: the title holds a control character").format(
                                      where=where))
            if ident in seen:
                raise LessonError(_("{where}: the id is used twice").format(where=where))
            seen.add(ident)
            lessons.append(Lesson(ident, title, _steps(item, game, where),
                                  _text(item, "topic", where)[:40],
                                  _text(item, "summary", where), marks=item.get("marks") is True))
        except LessonError as err:
            lessons.append(Lesson(ident,
                                  title if title.isprintable() else _("Lesson {count}").format(
                                                                               count=n), (),
                                  problem=str(err)))
    return lessons


def _ident(item: dict, n: int) -> str:
    """A lesson's id: short printable text (progress is kept under it)."""
    ident = _text(item, "id", _("lesson {count}").format(count=n), True)[:40]
    if not ident.isprintable():
        raise LessonError(_("lesson {count}: the id holds a control character").format(count=n))
    return ident


def _steps(item: dict, game: LessonGame, where: str) -> tuple[Step, ...]:
    """A lesson's steps, each position built by the engine now (LessonError: the reason
    `check_lessons` gives for it), so a lesson that opens can be played."""
    steps = item.get("steps")
    if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
        raise LessonError(_("{where}: 'steps' must be a list of 1 to {max_steps}").format(
                              where=where, max_steps=MAX_STEPS))
    parsed = tuple(parse_step(s, game, _("{where} step {number}").format(where=where, number=i + 1),
                              i == 0)
                   for i, s in enumerate(steps))
    for i, step in enumerate(parsed):
        if step.position is not None:
            build_position(game, step.position, _("{name} lesson {where} step {number}").format(
                                                    name=game.NAME, where=where[7:], number=i + 1))
    return parsed


def build_position(game: LessonGame, data: Any, where: str) -> Any:
    """The state a step's position data describes; LessonError (``WHERE: position: why``)
    for anything the game cannot build, whatever the engine raised."""
    try:
        return game.position(data)
    except LessonError as err:
        raise LessonError(_("{where}: position: {err}").format(where=where, err=err)) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError) as err:
        raise LessonError(_("{where}: position: not a position ({name})").format(
                              where=where, name=type(err).__name__)) from None


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
        raise LessonError(_("{name}: not JSON (not UTF-8 text)").format(name=name)) from None
    except json.JSONDecodeError as err:
        raise LessonError(_("{name}: not JSON ({msg} at line {lineno})").format(
                              name=name, msg=err.msg, lineno=err.lineno)) from None
    except (ValueError, RecursionError):
        raise LessonError(_("{name}: not JSON this program reads (nested too deeply, or a "
                            "number too long)").format(name=name)) from None
    return parse_lessons(data, game)


def quoted(text: object) -> str:
    """Text from a file as a line shows it safely (control characters escaped, cut to 200
    characters)."""
    text = str(text)[:200]
    return text if text.isprintable() else text.encode("unicode_escape").decode("ascii")



def lesson_game(name: str) -> LessonGame:
    """A registered game's lesson module (`GAME.lessons`, found through the registry)."""
    from common.games import get

    return get(name).lessons
