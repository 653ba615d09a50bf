"""The lessons checked by replaying them through the engine (`learn --check`): every solution
legal and meeting its goal, the goal not met before it, every wrong try refused with a reason
or missing the goal, the scripted replies legal, and every claim the texts make true where
they make it (`common.lessons.claims`). One line per failure. No pygame.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from common.i18n import _, ngettext
from common.lessons.claims import check_claims, check_every
from common.lessons.model import (
    Lesson,
    LessonError,
    LessonGame,
    Step,
    build_position,
    lesson_game,
    load_lessons,
    quoted,
)
from common.lessons.run import judge_all, parse_turn
from common.protocol import IllegalMoveError, InvalidMoveError


class _Stop(Exception):
    """A failure after which the rest of the lesson cannot be replayed (its line is said)."""


def check_lesson(game: LessonGame, lesson: Lesson) -> list[str]:
    """Replay every step of a lesson through the engine; one line per failure."""
    if lesson.problem is not None:
        return [f"{game.NAME} {quoted(lesson.problem)}"]
    out: list[str] = []
    state = None
    try:
        for i, step in enumerate(lesson.steps):
            where = _("{name} lesson {quoted} step {number}").format(
                        name=game.NAME, quoted=quoted(repr(lesson.id)), number=i + 1)
            continues = i + 1 < len(lesson.steps) and lesson.steps[i + 1].position is None
            state = _check_step(game, step, state, where, continues, out)
    except _Stop as stop:
        out.append(str(stop))
    return out


def _check_step(game: LessonGame, step: Step, state: Any, where: str, continues: bool,
                out: list[str]) -> Any:
    """One step replayed from `state` (the previous step's end): failures appended to `out`;
    the state the next step continues from (None: none, the game ended or the CPU replies).
    _Stop for a failure that ends the lesson's check."""
    engine = game.engine
    start = _start(game, step, state, where)
    learner = engine.to_move(start)
    out.extend(_check_wrong_tries(game, step, start, where))
    out.extend(check_claims(game, step, "start", start, where))
    try:
        move = parse_turn(game, start, step.solution)
    except (IllegalMoveError, InvalidMoveError) as err:
        raise _Stop(_("{where}: the solution {solution!r} is refused: {err}").format(
                        where=where, solution=step.solution, err=err)) from None
    after = engine.apply(start, move)
    met, why = judge_all(game, step.goals, start, move, after)
    if not met:
        raise _Stop(_("{where}: the solution {solution!r} misses the goal: {why}").format(
                        where=where, solution=step.solution, why=why))
    if judge_all(game, step.goals, start, None, start)[0]:  # None: nothing played
        out.append(_("{where}: the goal is met before the learner plays").format(where=where))
    out.extend(check_claims(game, step, "after", after, where))
    out.extend(check_every(game, step, start, where))
    if step.reply == "engine":
        return None
    state = _replies(game, step, after, where, out)
    out.extend(check_claims(game, step, "end", state, where))
    if engine.outcome(state) is None and engine.to_move(state) != learner and continues:
        raise _Stop(_("{where}: the next step continues, but the learner is not to move").format(
                        where=where))
    return None if engine.outcome(state) is not None else state


def _start(game: LessonGame, step: Step, state: Any, where: str) -> Any:
    """The state a step starts from: its own position, or where the previous one ended."""
    try:
        start = build_position(game, step.position, where) if step.position is not None \
            else state
    except LessonError as err:
        raise _Stop(str(err)) from None
    if start is None:
        raise _Stop(_("{where}: continues a step that ended the game or had an "
                      "engine reply").format(
                        where=where))
    if game.engine.outcome(start) is not None:
        raise _Stop(_("{where}: the position is already over").format(where=where))
    return start


def _check_wrong_tries(game: LessonGame, step: Step, start: Any, where: str) -> list[str]:
    """Each wrong try refused with a reason, or legal and missing the goal with a why."""
    out = []
    for j, wrong in enumerate(step.wrong):
        try:
            move = parse_turn(game, start, wrong.move)
        except InvalidMoveError as err:
            out.append(_("{where}: wrong try {number} is not notation: {err}").format(
                           where=where, number=j + 1, err=err))
            continue
        except IllegalMoveError as err:
            if not str(err):
                out.append(_("{where}: wrong try {number} is refused without a reason").format(
                               where=where, number=j + 1))
            continue
        met, why = judge_all(game, step.goals, start, move, game.engine.apply(start, move))
        if met:
            out.append(_("{where}: wrong try {move!r} meets the goal").format(
                           where=where, move=wrong.move))
        elif not why:
            out.append(_("{where}: wrong try {move!r} misses the goal but says no why").format(
                           where=where, move=wrong.move))
    return out


def _replies(game: LessonGame, step: Step, state: Any, where: str, out: list[str]) -> Any:
    """The state after the step's scripted replies (each legal; none after the game ended)."""
    engine = game.engine
    for data in step.reply:
        if engine.outcome(state) is not None:
            out.append(_("{where}: a reply comes after the game ended").format(where=where))
            break
        try:
            state = engine.apply(state, parse_turn(game, state, data))
        except (IllegalMoveError, InvalidMoveError) as err:
            raise _Stop(_("{where}: the reply {data!r} is refused: {err}").format(
                            where=where, data=data, err=err)) from None
    return state


def check_lessons(game: LessonGame, lessons: Sequence[Lesson]) -> list[str]:
    """Every lesson of a game replayed; one line per failure."""
    out: list[str] = []
    for lesson in lessons:
        out += check_lesson(game, lesson)
    return out


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
            out.append(_("{name} lessons: {err}").format(name=name, err=err))
            continue
        count += len(lessons)
        out += check_lessons(game, lessons)
    return out, count


def check_command(check: bool) -> int:
    """`learn --check`: the lessons, the guided games' scripts (`common.coaching`) and the
    puzzles replayed, one line per failure, then a summary; 0 only if all hold. Without
    --check: the lessons listed (2 if one is damaged)."""
    if not check:
        return _list_lessons()
    from common import coaching, puzzles

    failures, lessons = check_all()
    guided, scripts = coaching.check_all()
    found = puzzles.check_all()
    failures += guided + found
    for line in failures:
        print(quoted(line) if len(line) <= 200 else quoted(line[:199] + "…"))
    puzzles_said = _("puzzles checked") if not found else ngettext(
        "{count} puzzle failure", "{count} puzzle failures", len(found)).format(count=len(found))
    verdict = _("all hold") if not failures else ngettext(
        "{count} failure", "{count} failures", len(failures)).format(count=len(failures))
    print(_("learn --check: {lessons} lessons, {scripts} guided games, {puzzles}: {verdict}")
          .format(lessons=lessons, scripts=scripts, puzzles=puzzles_said, verdict=verdict))
    return 0 if not failures else 1


def _list_lessons() -> int:
    """`learn`: every game's lessons, one line each; 2 if a file or a lesson is damaged."""
    from common.games import GAMES

    broken = False
    for name in GAMES:
        try:
            lessons = load_lessons(lesson_game(name))
        except LessonError as err:
            print(_("learn: {name} lessons: {quoted}").format(name=name, quoted=quoted(err)),
                  file=sys.stderr)
            return 2
        for n, lesson in enumerate(lessons, 1):
            said = _("unavailable: {problem}").format(
                problem=lesson.problem) if lesson.problem else \
                _("{count} steps").format(count=len(lesson.steps))
            print(f"{name} {n:2}. {quoted(lesson.title)} ({quoted(said)})")
            broken = broken or lesson.problem is not None
    return 2 if broken else 0
