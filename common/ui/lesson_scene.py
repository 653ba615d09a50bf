"""A lesson played on the real game screen: `LessonScene(app, game, lessons, index)`.

It IS the game's screen (`common.ui.game_scene.GameScene`) with the game's own controller and
view (`screens.scene_parts`), so every click, refusal and animation is the game's. What the
lesson adds (`common.lessons.LessonRun` decides; this only shows):

- a lesson card over the move log (`common.ui.lesson_card`): the lesson and step, what the
  step teaches, the goal in one sentence, the answer to the last try, and Retry / Skip /
  Read more / Next (in a small window the text shrinks, then the step's intro gives way to
  the answer);
- corner marks on the step's highlighted squares;
- a refused click says the engine's reason, then the lesson's hint (`refuse`);
- a whole turn is judged by the engine's states (`LessonRun.played`): met, the CPU side's
  scripted reply follows (or the easy CPU's when the step says "engine" or the script no longer
  fits); missed, the turn is taken back once its animation ended, with why;
- Hint shows the step's intended move through the controller (as the normal Hint does); Undo
  after a met step starts the step again; Esc leaves the lesson; Rules opens the lesson's
  topic (`RulesScene(..., topic=)`); nothing is saved as a game;
- the stars of a finished lesson go to the player's progress (`common.progress`), with why;
- danger marks show from the lesson that teaches them (`Lesson.marks`; the controller's
  `judging`); Enter leads on from "Lesson complete" only after ENTER_GRACE seconds;
- after the last lesson, "Guided game ›" starts the guided first game against `novice`;
  "Back to lessons" goes back.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

import pygame

from common import progress
from common.i18n import N_, _
from common.lessons import Lesson, LessonRun, lesson_game, parse_turn, stars_text, stars_why
from common.match import Match
from common.protocol import IllegalMoveError, InvalidMoveError
from common.seats import SeatSpec
from common.ui import lesson_card
from common.ui.game_panel import Status
from common.ui.game_scene import GameScene
from common.ui.input import Action, Command
from common.ui.widgets import Button, Widget, handle_all, row

REPLY_PAUSE = 0.6  # seconds before the CPU side's scripted reply, so it can be followed
ENTER_GRACE = 0.8  # seconds "Lesson complete" stays before Enter leads on (a key pressed for
# the turn just ended must not skip it)
CPU_SEAT = "easy"  # who plays the other side when the lesson lets the engine choose
FIRST_GAME = N_("Guided game ›")  # the last lesson's way on: the guided first game (ui.coach)


def lesson_module(game: str) -> Any:
    """The game's lesson module, from the registry (`common.lessons.lesson_game`)."""
    return lesson_game(game)


class LessonScene(GameScene):
    """One lesson on the game's own screen (see the module docstring)."""

    may_resign = False  # a lesson's CPU seat plays its few pieces out: that is the lesson
    coached = False  # the lesson's card teaches; the coach's advice would give the step away
    # the card's buttons, made after the game screen's first refresh (None / none till then)
    next_b_lesson: Button | None = None
    card_buttons: tuple[Widget, ...] | list[Widget] = ()

    def __init__(self, app, game: str, lessons: list[Lesson], index: int = 0) -> None:
        self.game_name = game
        self.lessons = lessons
        self.lesson_index = index
        self.run = LessonRun(lesson_module(game), lessons[index])
        self.feedback: tuple[str, str] = ("", "")  # ("ok" | "no" | "end", text)
        self.pending_undo = False  # a missed turn is taken back once it was seen
        self.replies: list[Any] = []  # the CPU side's scripted moves still to play
        self.reply_wait = 0.0
        self.engine_reply = False  # the CPU chooses the reply (step says so, or no script fits)
        self.step_done = False
        self.finished = False
        self.hint_used = False
        self.complete_for = 0.0  # seconds since "Lesson complete" showed
        match = self._match(self.run.start)
        controller, view = app.screens(game).scene_parts(app, match)
        controller.judging = any(x.marks for x in lessons[:index + 1])  # marks once taught
        view.status_more = 0  # the card, in the log's place, keeps its room
        super().__init__(app, match, controller, view)
        self.save.due = False
        b = Button
        self.retry_b = b(N_("Retry"), self.retry_step, small=True)
        self.skip_b = b(N_("Skip"), self.skip, small=True)
        self.more_b = b(N_("Read more"), self.read_more, small=True)
        self.next_b_lesson = b(N_("Next ›"), self.next, primary=True, small=True)
        self.card_buttons: list[Widget] = [self.retry_b, self.skip_b, self.more_b,
                                           self.next_b_lesson]
        self.card = pygame.Rect(0, 0, 0, 0)
        self.card_fits = True  # the card's last drawing showed every line
        self._sync_buttons()

    # the lesson's position ----------------------------------------------------------------

    def _match(self, start: Any) -> Match:
        engine = self.run.game.engine
        learner = engine.to_move(start)
        seats = {p: SeatSpec.parse("human" if p == learner else CPU_SEAT)
                 for p in engine.players(start)}
        return Match(engine, start, seats)

    def _set_match(self, start: Any) -> None:
        """Show a new step's position (a fresh match: Undo never reaches an earlier step)."""
        self.match = self._match(start)
        self.seats.stop()
        self.seats.seats = self.match.seats
        self.animator.clear()
        self.controller.reset()
        self.controller.show_hint(None)
        self.refused = None
        self.last_text = ""
        self.game_over_shown = False
        self._turn_seen = None
        self.pending_undo, self.replies, self.engine_reply = False, [], False
        self.step_done = False
        self.log.to_end()
        self.refresh()

    @property
    def my_turn(self) -> bool:
        """The learner may act: its turn, and the step's goal not met yet (then Next)."""
        return super().my_turn and not self.run.met

    def wait_reason(self) -> str:
        if self.run.met and self.step_done:
            return _("Press Next for the next step") if not self.finished else \
                _("Lesson complete: {way_on}, or Retry").format(way_on=self._way_on)
        return super().wait_reason()

    @property
    def _way_on(self) -> str:
        """What Next does after a finished lesson, in words."""
        if self.lesson_index + 1 >= len(self.lessons):
            return _("Play a guided first game against the Novice CPU")
        return _("Next lesson")

    @property
    def lesson_step(self):
        """The lesson's step being played."""
        return self.run.step

    # what the lesson does ------------------------------------------------------------------

    def _judge_new(self, count: int) -> None:
        m = self.match
        if len(m.moves) <= count or m.mover(count) != self.run.learner or self.run.met:
            return
        before, after, move = m.states[count], m.states[count + 1], m.moves[count]
        attempt = self.run.played(before, move, after)
        if not attempt.met:
            self.feedback = ("no", attempt.text)
            self.pending_undo = True
            self.app.sound.play("illegal", 0.5)
            return
        self.feedback = ("ok", attempt.text)
        self.replies = self.run.replies(after)
        script = self.lesson_step.reply
        self.engine_reply = script == "engine" or len(self.replies) < len(script)
        self.reply_wait = REPLY_PAUSE
        if after_over(self.run, after):
            self.game_over_shown = True  # the lesson says it: no game-over overlay
        self._sync_buttons()

    def play(self, move: Any) -> None:
        """Play a whole turn, then judge it if it was the learner's."""
        count = len(self.match.moves)
        super().play(move)
        self._judge_new(count)

    def step(self, step: Any) -> Any:  # type: ignore[override]
        """Play one step of a turn; a turn it closes is judged."""
        count = len(self.match.moves)
        move = super().step(step)
        self._judge_new(count)
        return move

    def refuse(self, text: str, at: Any = None) -> None:
        """The engine's reason, then the lesson's hint (on the learner's own tries)."""
        if text and self.my_turn and not self.run.met:
            text = self.run.refused(text)
            self.feedback = ("no", text)
        super().refuse(text, at)

    def holds(self) -> bool:
        """The CPU side thinks only when the lesson lets the engine reply."""
        return self.pending_undo or bool(self.replies) or not (self.run.met and
                                                               self.engine_reply)

    def update(self, dt: float) -> None:
        """The game screen's frame; then the lesson's: a missed turn taken back, the
        scripted reply played, the step closed."""
        super().update(dt)
        if self.finished:
            self.complete_for += dt
        if self.animator.busy or self.covered:
            return
        m = self.match
        if self.pending_undo:
            self.pending_undo = False
            GameScene.undo(self)
            m.redo_moves.clear()
            self.refresh()
            return
        if not self.run.met or self.step_done:
            return
        if self.replies and not m.over and m.to_move != self.run.learner:
            self.reply_wait -= dt
            if self.reply_wait <= 0:
                GameScene.play(self, self.replies.pop(0))
                self.reply_wait = REPLY_PAUSE
            return
        if m.over or m.to_move == self.run.learner or not self.engine_reply:
            self._close_step()

    def _close_step(self) -> None:
        self.step_done = True
        if self.run.last:
            self.finished = True
            stars = self.earned
            held = progress.of_app(self.app)
            held.set_lesson(self.game_name, self.run.lesson.id, stars)
            problem = held.save()
            if problem:
                self.app.toast(problem, 3.0)
            done = self.feedback[1]
            self.feedback = ("end", _("{done} Lesson complete: {stars_text}. {stars_why}").format(
                done=done, stars_text=stars_text(stars),
                stars_why=stars_why(self.run.mistakes, self.hint_used)))
        self._sync_buttons()
        self.invalidate()

    # the buttons -----------------------------------------------------------------------------

    @property
    def earned(self) -> int:
        """The stars the lesson earns now (a used Hint: at most 2)."""
        return min(self.run.stars, 2) if self.hint_used else self.run.stars

    def _sync_buttons(self) -> None:
        if self.next_b_lesson is None:
            return
        last_lesson = self.lesson_index + 1 >= len(self.lessons)
        if self.finished:
            self.next_b_lesson.label = FIRST_GAME if last_lesson else N_("Next lesson ›")
        else:
            self.next_b_lesson.label = N_("Next ›")
        self.next_b_lesson.enabled = self.step_done
        self.skip_b.label = (N_("Back to lessons") if last_lesson else N_("Skip lesson")) \
            if self.finished else N_("Skip")
        self.invalidate()

    def next(self) -> None:
        """On to the next step (its own position, or where this one ended), or lesson."""
        if not self.step_done:
            return
        if self.finished:
            if self.lesson_index + 1 >= len(self.lessons):
                self.first_game()
                return
            self._open_lesson(self.lesson_index + 1)
            return
        end = self.match.state
        self.run.next(end)
        self.feedback = ("", "")
        self._set_match(self.run.start)
        self._sync_buttons()

    def retry_step(self) -> None:
        """This step from its start again (a finished lesson: from its first step)."""
        if self.finished:
            self.finished = False
            self.complete_for = 0.0
            start = self.run.restart()
        else:
            start = self.run.start
            self.run.begin(start)
        self.feedback = ("", "")
        self._set_match(start)
        self._sync_buttons()

    def skip(self) -> None:
        """Leave this lesson for the next one (nothing is earned); after the last one, back
        to the lessons."""
        self._open_lesson(self.lesson_index + 1)

    def first_game(self) -> None:
        """After the last lesson: the guided first game against the first CPU level, with the
        coach (`common.ui.coach.guided_game`), in the lesson's place."""
        from common.ui.coach import guided_game

        guided_game(self.app, self.game_name, replace=True)

    def _open_lesson(self, index: int) -> None:
        if index >= len(self.lessons):
            self.app.pop()
            return
        self.app.replace(LessonScene(self.app, self.game_name, self.lessons, index))

    def read_more(self) -> None:
        """The rules screen at this lesson's topic."""
        from common.ui.scenes.rules_scene import RulesScene

        self.app.push(RulesScene(self.app, self.game_name, topic=self.run.lesson.topic or None))

    def show_rules(self) -> None:
        """Rules (F1, the toolbar) opens at the lesson's topic."""
        self.read_more()

    def open_menu(self) -> None:
        """Esc leaves the lesson (back where it was opened)."""
        self.app.pop()

    def undo(self) -> None:
        """Undo takes back a first move of a turn being made; after a met step it starts the
        step again."""
        if self.run.met:
            self.retry_step()
        else:
            super().undo()

    def redo(self) -> None:
        """Nothing to redo in a lesson: a missed turn is gone."""

    def request_hint(self) -> None:
        """The step's intended move, shown the way the game shows a hint."""
        if not self.my_turn or self.run.met:
            return
        if self.match.steps:
            self.take_back_step()
        try:
            move = parse_turn(self.run.game, self.match.state, self.lesson_step.solution)
        except (IllegalMoveError, InvalidMoveError):
            return
        self.hint_used = True
        self.controller.show_hint(move)
        self.refresh()

    def refresh(self) -> None:
        """The screen's refresh; a lesson that ended the game offers no Rematch (the card's
        buttons lead on)."""
        super().refresh()
        if self.match.over and self.match.review is None:
            self.status_buttons = []

    def autosave(self) -> bool:
        """A lesson is no game: nothing is saved."""
        self.save.due = False
        return False

    def status(self) -> Status:
        """The game's status; while a missed turn waits to be taken back, why it missed."""
        kind, text = self.feedback
        if kind == "no" and self.pending_undo:
            return Status(_("Not quite"), self.run.learner, text, alert=True)
        if self.finished:
            return Status(_("Lesson complete"), self.run.learner,
                          _("{stars_text}. {way_on}, or Retry to play it again.").format(
                              stars_text=stars_text(self.earned), way_on=self._way_on), lit=False)
        if self.run.met:
            after = _("Press Next (Enter) for the next step.") if self.step_done else \
                _("The other side replies.")
            return Status(_("Well done"), self.run.learner, after, lit=False)
        status = super().status()
        if not self.card_fits and not status.alert:  # a window too low for the card's words
            # (on a 960x600 screen): the step's task takes the status box, where it is read
            status = replace(status, text=_(self.lesson_step.text))
        return status

    def handle(self, action: Action) -> bool:
        """The card's buttons first (Enter is Next once the step is met), then the screen."""
        if handle_all(self.card_buttons, action):
            return True
        if action is Command.CONFIRM and self.step_done:
            if not self.finished or self.complete_for >= ENTER_GRACE:
                self.next()
            return True
        return super().handle(action)

    # drawing ---------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The game's layout; the card takes the move log's place."""
        super().layout(size)
        if self.areas is None:
            return
        m = self.app.m
        self.card = self.areas.log.copy()
        bar = pygame.Rect(self.card.x + m.pad // 2, self.card.bottom - m.button_h - m.pad // 2,
                          self.card.w - m.pad, m.button_h)
        if self.card_buttons:
            row(bar, self.card_buttons, m.pad // 2)

    def layer_key(self) -> Hashable:
        """The screen's key, and what the card and the marks show."""
        return (super().layer_key(), self.feedback, self.run.index, self.lesson_index,
                self.step_done, self.finished, tuple(self.card))

    def build_layer(self, size: tuple[int, int]) -> pygame.Surface:
        layer = super().build_layer(size)
        if self.areas is not None:
            lesson_card.draw_marks(layer, self)
            fits = lesson_card.draw_card(layer, self)
            if self.card_fits != fits:  # every line shown (the tests ask); the status says
                self.card_fits = fits  # the task where the card cannot: redraw
                self.app.invalidate()
        return layer

    def draw(self, surface: pygame.Surface) -> None:
        """The game screen, then the card's buttons."""
        super().draw(surface)
        for widget in self.card_buttons:
            widget.draw(surface, self.app.pal, self.app.m)

    def toast_bottom(self) -> int | None:
        """Above the card's buttons while they show: a toast ("Green is out") never covers
        Retry."""
        above = super().toast_bottom()
        tops = [b.rect.top for b in self.card_buttons if b.visible and b.rect.h]
        if tops:
            above = min(tops) if above is None else min(above, *tops)
        return above


def after_over(run: LessonRun, after: Any) -> bool:
    """True if the learner's turn ended the game."""
    return run.game.engine.outcome(after) is not None
