"""The game screen every game shares: `GameScene(app, match, controller, view)`.

Composed, not inherited (docs/DESIGN.md, "Scenes"): a `common.match.Match` (the game), a
`Controller` and a `View` (the game's: Protocols with default hooks in `common.ui.game_seams`).
Everything not about one game lives here once, each part in its module: input by tables
(`game_input`), what is shown and the cached layer (`game_frame`), review and undo
(`game_history`), the seats no person plays (`seat_driver`), the hint (`game_hint`), holding
both while covered (`game_hold`), the save file (`game_save`), the move log (`game_log`), the
analysis (`analysis_view`), the in-game menu, resigning and game over (`game_menu`). This
module holds the screen's state and lifecycle; only its methods change its fields. How the
screen calls a game's controller and view: docs/ARCHITECTURE.md ("The game screen's seams").
Nothing here imports a game package; players are named by `match.name(p)`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from common.i18n import N_, _
from common.ui import game_frame, game_hint, game_menu, seat_driver
from common.ui.analysis_view import AnalysisPanel
from common.ui.board_cursor import BoardCursor
from common.ui.coach import Coach
from common.ui.focus import Focus
from common.ui.game_frame import LayerCache, refusal_fade
from common.ui.game_history import GameHistory
from common.ui.game_hold import GameHold
from common.ui.game_input import GameInput
from common.ui.game_log import GameLog, LogRow
from common.ui.game_panel import Status
from common.ui.game_save import GameSave
from common.ui.game_seams import Areas, Controller, View
from common.ui.input import Action, PointerDown, PointerUp
from common.ui.scene import Scene, unhook
from common.ui.scene_part import ScenePart
from common.ui.seat_driver import HintAsker, SeatDriver
from common.ui.tween import Animator
from common.ui.widgets import Button, Widget

__all__ = ["Areas", "Controller", "GameScene", "LogRow", "Status", "View"]


class GameScene(GameHistory, Scene):
    """One game on screen: a Match, its Controller and its View (see the module docstring)."""

    # a real game: a CPU seat that can no longer win resigns (with the setting on), and a
    # person is told so (a lesson or a puzzle plays its position out)
    may_resign = True
    coached = True  # the coach may speak (the setting on); a lesson or a puzzle says no: there
    # the coach's advice would give the answer away

    def __init__(self, app, match: Any, controller: Controller, view: View, *,
                 rematch: Callable[..., Scene] | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.controller = controller
        self.view = view
        self.rematch_scene = rematch
        self.animator = Animator(app.settings.animation)
        self.seats = SeatDriver(app, match.seats)
        self.hints = HintAsker(app, match.game)
        self.refused: tuple[str, int | None, float] | None = None  # text, square, when
        self.last_text = ""
        self.forfeit_text = ""  # why a bot forfeited, for the status and the overlay
        self.input = GameInput(self)  # the pointer and the keys, by tables (and `hover`)
        self.cursor = BoardCursor()  # the keyboard's square on the board
        # Tab reaches the toolbar and the status buttons (the arrows are the board cursor's)
        self.focus = Focus(self._focusable, arrows=False)
        self.analysis = AnalysisPanel(self)  # the game's analysis, once asked for
        self.log = GameLog(self)
        self.coach = Coach(self)  # its line at the moments that matter (common.ui.coach)
        self.game_over_shown = False
        self.result_counted = False  # the player's record took this game (level_record)
        self.areas: Areas | None = None
        self.layer = LayerCache()  # the cached layer of the frame (`common.ui.game_frame`)
        self._turn_seen: tuple[int, int] | None = None
        self._refusal_up = False
        self.save = GameSave(app.saves_folder, match.game.NAME)  # its file, if the app saves
        self.status_cut = ""  # the status area's words it had to shorten, in full
        self.hold = GameHold()  # the seats and the hint held (`pause`, `holds`)
        b = Button
        self.undo_b = b(N_("Undo"), self.undo, hint="Ctrl+Z", small=True)
        self.redo_b = b(N_("Redo"), self.redo, hint="Ctrl+Y", small=True)
        self.hint_b = b(N_("Hint"), self.request_hint, hint="H", small=True)
        self.toolbar: list[Widget] = [self.undo_b, self.redo_b, self.hint_b,
                                      b(N_("Rules"), self.show_rules, small=True),
                                      b(N_("Menu"), self.open_menu, hint="Esc", small=True)]
        self.prev_b = b(N_("‹ Prev"), self.review_back)
        self.next_b = b(N_("Next ›"), self.review_on)
        self.back_b = b(N_("Back to game"), self.end_review, primary=True)
        self.rematch_b = b(N_("Rematch"), self.rematch, primary=True)
        self.menu_b = b(N_("Main menu"), app.main_menu)
        self.status_buttons: list[Widget] = []
        controller.attach(self)
        view.attach(self)
        self.last_text = self._words_of_last()  # a game continued from its save says it too
        self.refresh()

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.toolbar + self.status_buttons

    @property
    def hover(self) -> tuple[int, int]:
        """Where the pointer is (the input's)."""
        return self.input.hover

    @hover.setter
    def hover(self, pos: tuple[int, int]) -> None:
        self.input.hover = pos

    @property
    def saver(self) -> Any:
        """The game's save file (`common.saves.autosave.Autosaver`), once it is written."""
        return self.save.saver

    # what the screen is doing ---------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        """True when a person may act on the board now: its turn in the live game, once the
        last turn's animation ended (its own first move may still slide: the turn goes on)."""
        m = self.match
        return m.humans_turn and m.review is None and (not self.animator.busy or bool(m.steps))

    @property
    def log_scroll(self) -> int:
        """The first row of the move log shown."""
        return self.log.scroll

    @property
    def thinking(self) -> bool:
        """True while a CPU or a bot chooses a move."""
        return self.seats.thinking

    @property
    def hint_asked(self) -> bool:
        """True while the hint's question waits for its answer."""
        return self.hints.asked

    @property
    def busy(self) -> bool:
        """True while a move animates, a CPU or bot is to move, or the game-over overlay is
        still to come (tests wait for this)."""
        m = self.match
        return (self.animator.busy or (not m.over and not m.is_human(m.to_move))
                or (m.over and not self.game_over_shown))

    def wants_frames(self) -> bool:
        """True while something on screen moves or is awaited: a tween, a seat's or the
        hint's search (the spinner), the controller's or the view's work, a fading refusal
        cross."""
        m = self.match
        flash = refusal_fade(self.refused) > 0
        return (self.animator.busy or flash or self.hints.asked or self.thinking
                or (not m.over and not m.is_human(m.to_move) and not self.paused)
                or (m.over and not self.game_over_shown) or self.controller.wants_frames()
                or self.view.wants_frames() or self.analysis.wants_frames())

    def toast_bottom(self) -> int | None:
        """Above what the view keeps clear (the recap's lines), if it shows."""
        band = self.view.keep_clear()
        return None if band is None else band.top

    def status(self) -> Status:
        """What the status area says now (`common.ui.game_frame.status_of`)."""
        return game_frame.status_of(self)

    def _refusal_shown(self) -> bool:
        return game_frame.refusal_shown(self)

    def refresh(self) -> None:
        """After any change: the controller recomputes, the buttons follow
        (`common.ui.game_frame.sync_buttons`), a frame is drawn."""
        self.controller.refresh()
        self.status_buttons = game_frame.sync_buttons(self)
        self._place_status_buttons()
        self.invalidate()

    def invalidate(self) -> None:
        """Ask the app for a frame (something it draws changed)."""
        self.app.invalidate()

    # layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The view places the board and its cards; the analysis panel, the toolbar and the
        status buttons follow (`common.ui.game_frame.place`)."""
        self.areas = self.view.layout(size)
        game_frame.place(self)
        self.layer.forget()
        self.log.to_end()

    def room_changed(self) -> None:
        """The analysis panel came or went: lay the screen out again (the log showing the
        position looked back at), and redraw."""
        if self.areas is not None:
            self.layout(self.app.size)
            if self.match.review is not None:
                self.log.show(self.match.review)  # the layout scrolled it to the end
        self.refresh()

    def _place_status_buttons(self) -> None:
        game_frame.place_status_buttons(self)

    def settings_changed(self) -> None:
        """New palette or speed: redraw, and animate at the new speed."""
        self.animator.speed = self.app.settings.animation
        self.view.settings_changed()
        self.layer.forget()

    def layer_key(self) -> Hashable:
        """Everything the cached layer shows: the view's key and the shared panel's."""
        m = self.match
        last = self.last_text if m.review is None else ""
        buttons = tuple(tuple(b.rect) for b in self.status_buttons)
        return (self.layer.serial, id(self.app.pal), self.status(), last, m.review,
                len(m.moves), self.log.scroll, buttons, self.view.layer_key(),
                self.analysis.layer_key())

    def draw(self, surface: pygame.Surface) -> None:
        """The cached layer (rebuilt when its key changed), then what moves, the buttons and
        the spinner (`common.ui.game_frame.draw`)."""
        game_frame.draw(self, surface)

    def build_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The static picture of a frame: the view's board and cards, the status area, the
        move log (a subclass draws its own over it)."""
        layer = self.layer.blank(size)
        self.view.draw_layer(layer)
        self.status_cut = game_frame.draw_panel(self, layer)
        return layer

    # time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations, the controller's work, the hint, the seats' moves, the game over.
        While another screen is over this one (`pause`, until `resume`), no CPU, bot or hint
        thinks; while the player looks back (review, analysis), no seat plays on."""
        if self.save.due:
            self.autosave()
        if self.save.changed():  # a write failed, or one succeeded again
            self.app.invalidate()
        self.analysis.update()
        if not self.covered:  # covered, the app paused it; its own hold can change any time
            self.hold.set(self, self.holds())
        was_busy = self.animator.busy
        self.animator.update(dt)
        if was_busy and not self.animator.busy:
            self.refresh()
        self.controller.update(dt)
        self.view.update(dt)
        game_hint.update(self)
        self.coach.update()
        if self._refusal_up != self._refusal_shown():  # the refusal text just went
            self._refusal_up = not self._refusal_up
            self.invalidate()
        m = self.match
        if self.animator.busy:
            return
        if m.over:
            self.seats.close()  # the bots' programs end with the game
            if not self.game_over_shown and not self.covered:
                self._show_game_over()
            return
        if m.is_human(m.to_move):
            turn = (len(m.moves), m.to_move)
            if turn != self._turn_seen:
                self._turn_seen = turn
                self.controller.turn_started(m.to_move)
            return
        if not self.paused and m.review is None:  # looking back: the seats wait for you
            seat_driver.drive_turn(self, dt)

    def pause(self) -> None:
        """Another screen came over this one (the in-game menu, settings, rules, a dialog):
        no CPU, bot or hint thinks meanwhile (`common.ui.game_hold`)."""
        super().pause()
        self.hold.set(self, True)

    def resume(self) -> None:
        """On top again (or for the first time): the seats and the hint go on, unless the
        screen holds them itself (`holds`)."""
        super().resume()
        self.hold.set(self, self.holds())

    def holds(self) -> bool:
        """True while the screen itself keeps its seats from playing, though on top (a
        lesson between its steps); looked at every frame while it is on top."""
        return False

    @property
    def paused(self) -> bool:
        """True while the seats and the hint are held (`pause`, `holds`)."""
        return self.hold.paused

    def forfeit(self, player: int, message: str) -> None:
        """A bot failed: its seat loses (reason "forfeit"), and the screen says why."""
        seat_driver.forfeit(self, player, message)

    # moves ----------------------------------------------------------------------------------

    def play(self, move: Any) -> None:
        """Play a whole turn (IllegalMoveError, with the engine's reason, if refused)."""
        m = self.match
        before = m.turn_start
        after = m.play(move)
        self._cancel_hint()
        self._after_turn(move, before, after, move)

    def step(self, step: Any) -> Any:
        """Play one step of the turn being made (IllegalMoveError if refused); the whole
        turn once this step closes it, else None."""
        m = self.match
        before, start = m.state, m.turn_start
        move = m.step(step)
        self._cancel_hint()
        if move is None:
            self.view.animate(before, m.state, step)
            self.refused = None
            self.refresh()
        else:
            self._after_turn(move, start, m.turn_start, step, before)
        return move

    def _after_turn(self, move: Any, before: Any, after: Any, shown: Any,
                    shown_from: Any = None) -> None:
        self.controller.reset()
        self.refused = None
        self.last_text = self.controller.played(move, before, after)
        self.view.animate(before if shown_from is None else shown_from, after, shown)
        self.log.to_end()
        self.refresh()
        self.autosave()

    def clear_refusal(self) -> None:
        """The last refusal goes (something was picked, a hint shown, a seat left)."""
        self.refused = None

    def seat_left(self, last: str, why: str) -> None:
        """A seat left between turns (`game_menu.leave`): `last` is the "Last:" line, `why`
        the game-over overlay's reason if that ended the game."""
        if self.match.over:
            self.forfeit_text = why  # the overlay's reason (a later win would not be this)
        self.last_text = last
        self.controller.reset()
        self.refused = None

    def game_over_seen(self) -> None:
        """The game-over panel is not to come (a finished game opened from its save)."""
        self.game_over_shown = True

    def count_result(self) -> bool:
        """True the first time it is asked: the player's record takes this game once."""
        first, self.result_counted = not self.result_counted, True
        return first

    def refuse(self, text: str, at: Any = None) -> None:
        """Show why a click did nothing (the engine's words), with a cross on `at`."""
        self.refused = (text, at, time.monotonic())
        self._refusal_up = bool(text)
        self.app.sound.play("illegal", 0.5)
        self.invalidate()

    def rematch(self) -> None:
        """The same seats in a new game."""
        if self.rematch_scene is not None:
            self.app.replace(self.rematch_scene())

    def rematch_changed(self, change: Callable[[Any], Any]) -> None:
        """The rematch with each seat's spec turned into `change(spec)` (the game-over
        panel's next level: the CPU seats one level up)."""
        if self.rematch_scene is not None:
            self.app.replace(self.rematch_scene(change))

    def show_rules(self) -> None:
        """The rules of this game."""
        self.app.show_rules(self.match.game.NAME)

    # the hint -------------------------------------------------------------------------------

    def request_hint(self) -> None:
        """Ask the `normal` level for this position's move (off the UI thread); pressed
        while a hint shows, it puts the hint away (`common.ui.game_hint`)."""
        game_hint.request(self)

    def _cancel_hint(self) -> None:
        """Drop a running hint question and any hint shown."""
        game_hint.cancel(self)

    # leaving --------------------------------------------------------------------------------

    def open_menu(self) -> None:
        """The in-game menu: resume, save, resign, settings, rules, main menu."""
        game_menu.open_menu(self)

    def resigning_player(self) -> int | None:
        """The seat Resign gives up now (None: no one may)."""
        return game_menu.resigning_player(self)

    def confirm_resign(self) -> None:
        """Ask before resigning."""
        game_menu.confirm_resign(self)

    def resign(self) -> None:
        """The resigning seat gives up (with more than two players left, only it leaves)."""
        game_menu.resign(self)

    def close(self) -> None:
        """Leaving the game: drop the running searches (the hint's too), stop the bots, and
        wait for the autosave to be on disk (leaving loses nothing)."""
        self._cancel_hint()
        self.seats.close()
        self.analysis.close()
        self.controller.close()
        if self.save.due:
            self.autosave()
        self.save.close()

    def release(self) -> None:
        """Also break the references its parts keep back to it (the controller's, the
        view's, the move log's and the analysis panel's `scene`), and their widgets'
        callbacks: each would keep the closed screen in a cycle."""
        super().release()
        for part in (self.controller, self.view, self.log, self.analysis, self.input):
            for value in vars(part).values():
                unhook(value, seen={id(self), id(self.app)})
            if isinstance(part, ScenePart) and part.attached and part.scene is self:
                part.scene = None

    # the save file --------------------------------------------------------------------------

    def keep_in(self, path: Any, name: str = "") -> None:
        """Go on saving this game in an existing file (a save opened from the Load screen or
        Continue): nothing is written until the game changes."""
        self.save.keep_in(path, name)

    def name_save(self, name: str) -> None:
        """Give this game's save a name (written at once, and with every later turn)."""
        if self.save.name(name):
            self.autosave()

    def autosave(self) -> bool:
        """Write the game as it stands (a turn being made is not part of it: Match.record)
        to its save file, off the UI thread (`common.ui.game_save`); a failure is said once,
        and retried next turn. False if this app keeps no saves (nothing was written)."""
        if self.save.folder is None:
            self.save.due = False
            return False
        problem = self.save.write(self.match.record())
        if problem:
            self.app.toast(_("The game cannot be saved: {problem}").format(problem=problem), 4.0)
        return True

    def unsaved(self) -> str | None:
        """Why the game is not saved (its last write failed), or None."""
        return self.save.problem()

    def keep_game(self) -> bool:
        """After a failure: save now; False if not kept (no saves, a lesson or a puzzle)."""
        return self.autosave() is not False

    def _show_game_over(self) -> None:
        self.game_over_shown = True
        game_menu.game_over(self)

    # input ----------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Buttons, keys, the log; then the board through the controller, dispatched by
        tables (`common.ui.game_input`)."""
        return self.input.handle(action)

    def finish_slide(self) -> None:
        """A click or key in the middle of a person's own turn (its first move still sliding)
        is not lost: the slide ends at once and the input counts."""
        m = self.match
        if self.animator.busy and m.steps and m.humans_turn and m.review is None:
            self.animator.clear()
            self.refresh()

    def pick_square(self, square: int) -> None:
        """The keyboard's pick (Enter on the cursor): what a click on the square does, as
        the game's controller takes clicks (so the two never differ)."""
        pos = self.view.board.center(square)
        self.controller.handle(PointerDown(pos))
        self.controller.handle(PointerUp(pos))
        self.invalidate()

    def wait_reason(self) -> str:
        """Why a click on the board does nothing now ("" while a move animates)."""
        return game_frame.wait_words(self)
