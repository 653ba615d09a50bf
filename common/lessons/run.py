"""A lesson being played (`LessonRun`): its steps followed, each turn judged by the game's
table of goal judges (`judge`), a refusal answered with the engine's reason and the lesson's
hint, the stars earned. No pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from common.i18n import _, ngettext
from common.lessons.model import Lesson, LessonGame, Step
from common.protocol import IllegalMoveError, InvalidMoveError


def judge(game: LessonGame, goal: dict, before: Any, move: Any, after: Any) -> tuple[bool, str]:
    """Is the goal met by the learner's turn? And if not, why not (the game's judge for the
    goal's kind, for the seat to move in `before`)."""
    return game.JUDGES[goal["kind"]](goal, before, move, after, game.engine.to_move(before))


def judge_all(game: LessonGame, goals: Sequence[dict], before: Any, move: Any, after: Any
              ) -> tuple[bool, str]:
    """Every goal met? Else the first unmet goal's reason."""
    for goal in goals:
        met, why = judge(game, goal, before, move, after)
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


def stars_text(stars: int) -> str:
    """Stars in words ("2 stars of 3"; the font has no star glyph, the hub draws them)."""
    return ngettext("{count} star of 3", "{count} stars of 3", stars).format(count=stars)


def stars_why(mistakes: int, hint: bool) -> str:
    """Why a lesson earned its stars, in a sentence ("One wrong try." "No wrong try, a Hint
    used.")."""
    if hint:
        return ngettext("{count} wrong try, a Hint used.", "{count} wrong tries, a Hint used.",
                        mistakes).format(count=mistakes) if mistakes else _(
            "No wrong try, a Hint used.")
    return ngettext("{count} wrong try.", "{count} wrong tries.", mistakes).format(
        count=mistakes) if mistakes else _("No wrong try.")


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
                    return _(wrong.hint or self.step.hint)  # the lesson file's words, translated
            except (IllegalMoveError, InvalidMoveError):
                continue
        return _(self.step.hint)

    def played(self, before: Any, move: Any, after: Any) -> Attempt:
        """The learner made a whole turn: judged by the engine's states."""
        met, why = judge_all(self.game, self.step.goals, before, move, after)
        if met:
            self.met = True
            return Attempt(True, _(self.step.done) if self.step.done else _("Well done."))
        self.mistakes += 1
        return Attempt(False, join(_("Not quite: {why}").format(why=why),
                                   self._hint_for(move, before)))

    def refused(self, reason: str) -> str:
        """A click the engine refused: its reason, then the lesson's hint (the matching
        wrong try's, else the step's). Only a refusal the lesson foresaw (one of its wrong
        tries) costs a star: looking around (a click on an empty square) does not."""
        if not reason:
            return reason
        if reason in self._reasons:
            self.mistakes += 1
        return join(reason, _(self._reasons.get(reason, self.step.hint)))

    def replies(self, state: Any) -> list[Any]:
        """The scripted replies as engine moves from `state`, as far as they stay legal (a
        learner who met the goal another way may have made one illegal: the CPU chooses
        from there)."""
        out: list[Any] = []
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

