"""The game screen every game shares: `GameScene(app, match, controller, view)`.

A game screen is composed, not inherited (docs/DESIGN.md, "Scenes"):

- a `common.match.Match`: the game (moves, steps of a turn, undo/redo, review, resign, record);
- a `Controller` (a Protocol, in `common.ui.game_seams`, re-exported here): what input on the
  board means for this game, what the status area says, and how a hint is shown;
- a `View` (a Protocol, likewise): where things go and how this game is drawn: the board in
  ONE cached layer rebuilt only when its `layer_key()` changes, the per-frame extras on top,
  the move animations (into the scene's `animator`), the move log's rows.

Everything that is not about one game lives here, once: the toolbar (Undo, Redo, Hint, Rules,
Menu), the seats no person plays (`common.ui.seat_driver.SeatDriver`: asked once off the UI
thread, polled each frame, played after a short pause; a bot that fails or answers an illegal
move forfeits through `Match.resign(seat, "forfeit")`, which with three or four players only
withdraws that seat), the Hint (the `normal` level asked through a runner; the controller shows
it), review (log click, Prev / Next, Back to game, arrow keys), resign with a confirmation,
the autosave (`common.saves.autosave.Autosaver`: the record after every turn, undo, redo and
resignation, written off the UI thread, when the app has a saves folder), the game-over overlay
(shown once the last move's animation ended), the refusal flash, the move log (scrolling,
clicks), the analysis (`common.ui.analysis_view`: its graph, marks and words), the in-game
menu, and `close` stopping every runner.

A game plugs in by writing a controller and a view; the screen calls them as follows:
`layout` on resize -> `view.layout`; input -> toolbar and keys here, then board input on a
person's live turn -> `controller.handle`, which plays through `scene.play(move)` or
`scene.step(step)` (several steps make a turn) and refuses through `scene.refuse(text, at)`;
after any change `scene.refresh()` -> `controller.refresh()`; when the turn passes to a person,
`controller.turn_started(player)` (a hand-over screen); `draw` -> the cached layer (view board
and cards, then the status and log here), then `view.draw_frame`, the buttons and the spinner.
Nothing here imports a game package; players are named by `match.name(p)`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

import pygame

from common.saves.autosave import Autosaver
from common.ui import game_hint, game_menu, game_panel, seat_driver, undo_ask, unsaved
from common.ui.analysis_view import AnalysisPanel
from common.ui.board_cursor import BoardCursor
from common.ui.coach import Coach
from common.ui.focus import Focus
from common.ui.game_log import GameLog, LogRow
from common.ui.game_panel import Status, draw_spinner, draw_status
from common.ui.game_seams import Areas, Controller, View
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Wheel
from common.ui.scene import Scene, unhook
from common.ui.seat_driver import HintAsker, SeatDriver
from common.ui.tween import Animator
from common.ui.widgets import Button, Widget, handle_all, row

REFUSAL_TIME = 1.4  # seconds the refusal cross stays on its square
REFUSAL_SHOWN = 6.0  # seconds a refusal stays in the status area


def refusal_fade(refused: tuple[str, Any, float] | None) -> float:
    """How strongly a refusal's cross shows on its square now: 1 when just refused, falling
    to 0 after REFUSAL_TIME (0 too for a refusal with no square)."""
    if refused is None or refused[1] is None:
        return 0.0
    return max(0.0, 1 - (time.monotonic() - refused[2]) / REFUSAL_TIME)

__all__ = ["Areas", "Controller", "GameScene", "LogRow", "Status", "View",
           "refusal_fade"]


class GameScene(Scene):
    """One game on screen: a Match, its Controller and its View (see the module docstring)."""

    # a real game: a CPU seat that can no longer win resigns (with the setting on), and a
    # person is told so (a lesson or a puzzle plays its position out)
    may_resign = True

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
        self.hover: tuple[int, int] = (-1, -1)
        self.cursor = BoardCursor()  # the keyboard's square on the board
        # Tab reaches the toolbar and the status buttons (the arrows are the board cursor's)
        self.focus = Focus(self._focusable, arrows=False)
        self.log = GameLog(self)
        self.analysis = AnalysisPanel(self)  # the game's analysis, once asked for
        self.coach = Coach(self)  # its line at the moments that matter (common.ui.coach)
        self.game_over_shown = False
        self.result_counted = False  # the player's record took this game (level_record)
        self.areas: Areas | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: Hashable = None
        self._surface: pygame.Surface | None = None
        self._layout_serial = 0
        self._turn_seen: tuple[int, int] | None = None
        self._refusal_up = False
        self.saver: Autosaver | None = None  # the game's save file, once it is written
        self._unsaved: str | None = None  # why the last autosave failed, as drawn
        self._save_due = app.saves_folder is not None  # a new game is saved on its first frame
        self._save_told = False
        self.paused = False  # a screen (the in-game menu, settings, rules) is over this one
        self._hint_again = False  # the hint's question was dropped by the pause: ask again
        b = Button
        self.undo_b = b("Undo", self.undo, hint="Ctrl+Z", small=True)
        self.redo_b = b("Redo", self.redo, hint="Ctrl+Y", small=True)
        self.hint_b = b("Hint", self.request_hint, hint="H", small=True)
        self.toolbar: list[Widget] = [self.undo_b, self.redo_b, self.hint_b,
                                      b("Rules", self.show_rules, small=True),
                                      b("Menu", self.open_menu, hint="Esc", small=True)]
        self.prev_b = b("‹ Prev", lambda: self.review_step(-1))
        self.next_b = b("Next ›", lambda: self.review_step(1))
        self.back_b = b("Back to game", self.end_review, primary=True)
        self.rematch_b = b("Rematch", self.rematch, primary=True)
        self.menu_b = b("Main menu", app.main_menu)
        self.status_buttons: list[Widget] = []
        controller.attach(self)
        view.attach(self)
        self.last_text = self._words_of_last()  # a game continued from its save says it too
        self.refresh()

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.toolbar + self.status_buttons

    # what the screen is doing ---------------------------------------------------------------

    @property
    def review(self) -> int | None:
        """The position looked back at (moves played up to it), or None for the live game."""
        return self.match.review

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
        hint's search (the spinner), the controller's work, a fading refusal cross."""
        m = self.match
        flash = refusal_fade(self.refused) > 0
        return (self.animator.busy or flash or self.hints.asked or self.thinking
                or (not m.over and not m.is_human(m.to_move) and not self.paused)
                or (m.over and not self.game_over_shown) or self.controller.wants_frames()
                or self.analysis.wants_frames())

    def toast_bottom(self) -> int | None:
        """Above what the view keeps clear (the recap's lines), if it shows."""
        band = self.view.keep_clear()
        return None if band is None else band.top

    def status(self) -> Status:
        """What the status area says now (a refusal of the last few seconds replaces the
        text)."""
        m = self.match
        if m.review is not None:
            where, after = self.log.position(m.review)
            title = f"Looking back: {where}" if m.review == 0 else \
                f"Looking back: {self.view.log_word} {where}"
            after = f"The position {after}. " if after else "The position before any move. "
            status = Status(title, None, self.analysis.note() or after + "Prev and Next (or "
                            "the arrow keys) step through the game; click any move.")
        elif m.over:
            winner = m.result.winner
            status = Status(game_menu.result_title(m), winner, self.forfeit_text
                            or "Game over. Click a move in the log to look back.")
        else:
            status = self.controller.status()
            # the CPU plays random moves: said all along (a threat to the player's Overlord
            # takes the box while it lasts; the notice is back on the CPU's turn)
            notice = self.app.cpu.notice
            if notice and not status.warning and any(s.searches for s in m.seats.values()):
                status = replace(status, warning=notice)
        if self._refusal_shown():
            status = replace(status, text=self.refused[0], alert=True)
        return status

    def _refusal_shown(self) -> bool:
        r = self.refused
        return bool(r and r[0] and time.monotonic() - r[2] < REFUSAL_SHOWN)

    def refresh(self) -> None:
        """After any change: the controller recomputes, the buttons follow, a frame is drawn."""
        m = self.match
        self.controller.refresh()
        self.hint_b.enabled = self.my_turn and not self.hints.asked
        self.hint_b.label = "Hint…" if self.hints.asked else "Hint"
        live = m.review is None
        self.undo_b.enabled = m.can_undo() and live
        self.redo_b.enabled = m.can_redo() and live
        if not live:
            self.prev_b.enabled = m.review > 0
            self.next_b.enabled = m.review < len(m.moves)
            self.status_buttons = [self.prev_b, self.next_b, *self.analysis.buttons(),
                                   self.back_b]
        elif m.over:
            self.status_buttons = [self.rematch_b, self.menu_b]
        else:
            self.status_buttons = list(self.controller.status_buttons())
        self._place_status_buttons()
        self.invalidate()

    def invalidate(self) -> None:
        """Ask the app for a frame (something it draws changed)."""
        self.app.invalidate()

    # layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """The view places the board and its cards; the toolbar and status buttons follow."""
        self.areas = self.view.layout(size)
        self.analysis.layout()  # takes the lower part of the log's area while it shows
        self.coach.layout()  # and the coach a band at its top while it is on
        row(self.areas.toolbar, self.toolbar, self.app.m.pad // 2)
        self._place_status_buttons()
        self._layout_serial += 1
        self.log.to_end()

    def _place_status_buttons(self) -> None:
        if self.areas is None:
            return
        m, st = self.app.m, self.areas.status
        r = pygame.Rect(st.x + m.pad, st.bottom - m.button_h - m.pad, st.w - 2 * m.pad,
                        m.button_h)
        buttons = self.status_buttons
        if len(buttons) == 1 and getattr(buttons[0], "small", False):
            r = pygame.Rect(st.right - m.pad - int(r.w * 0.3), r.y, int(r.w * 0.3), r.h)
        row(r, buttons, m.pad)

    def settings_changed(self) -> None:
        """New palette or speed: redraw, and animate at the new speed."""
        self.animator.speed = self.app.settings.animation
        self.view.settings_changed()
        self._layout_serial += 1

    def layer_key(self) -> Hashable:
        """Everything the cached layer shows: the view's key and the shared panel's."""
        m = self.match
        last = self.last_text if m.review is None else ""
        buttons = tuple(tuple(b.rect) for b in self.status_buttons)
        return (self._layout_serial, id(self.app.pal), self.status(), last, m.review,
                len(m.moves), self.log.scroll, buttons, self.view.layer_key(),
                self.analysis.layer_key())

    def draw(self, surface: pygame.Surface) -> None:
        """The cached layer (rebuilt when its key changed), then what moves, the buttons and
        the spinner."""
        pal, m = self.app.pal, self.app.m
        key = (surface.get_size(), self.layer_key())
        if self._layer is None or key != self._layer_key:
            self._layer = self._build_layer(surface.get_size())
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self.view.draw_frame(surface)
        self.analysis.draw(surface)  # its own cached picture, and the better-move arrow
        self.analysis.draw_board(surface)
        self.coach.draw(surface)
        if self.my_turn:
            colour = getattr(self.view, "cursor_colour", None)  # a game's own, if it has one
            self.cursor.draw(surface, self.view.board, pal, colour)
        for widget in self.toolbar + self.status_buttons:
            widget.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)
        if self.areas is not None and (self.thinking or self.hints.asked):
            draw_spinner(surface, self.areas.status, pal, m)
        unsaved.draw_mark(self, surface, self.hover)  # while the autosave cannot write

    def _build_layer(self, size: tuple[int, int]) -> pygame.Surface:
        layer = self._surface
        if layer is None or layer.get_size() != size:  # reused by every rebuild
            layer = self._surface = pygame.Surface(size).convert()
        self.view.draw_layer(layer)
        if self.areas is None:
            return layer
        pal, m, match = self.app.pal, self.app.m, self.match
        last = self.last_text if match.review is None else ""
        self.status_cut = draw_status(layer, self.areas.status, self.status(), last,
                                      self.status_buttons, self.view.player_icon, pal, m)
        self.log.draw(layer, match.review if match.review is not None else len(match.moves))
        return layer

    # time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations, the controller's work, the hint, the seats' moves, the game over.
        While another screen is over this one (`pause`, until `resume`), no CPU, bot or hint
        thinks; while the player looks back (review, analysis), no seat plays on."""
        if self._save_due:
            self.autosave()
        problem = unsaved.problem(self)
        if problem != self._unsaved:  # a write failed, or one succeeded again
            self._unsaved = problem
            self.app.invalidate()
        self.analysis.update()
        self._hold(self.covered or self.holds())  # the screen's own hold can change any time
        was_busy = self.animator.busy
        self.animator.update(dt)
        if was_busy and not self.animator.busy:
            self.refresh()
        self.controller.update(dt)
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
        no CPU, bot or hint thinks meanwhile (`_hold`)."""
        super().pause()
        self._hold(True)

    def resume(self) -> None:
        """On top again (or for the first time): the seats and the hint go on, unless the
        screen holds them itself (`holds`)."""
        super().resume()
        self._hold(self.holds())

    def holds(self) -> bool:
        """True while the screen itself keeps its seats from playing, though on top (a
        lesson between its steps); looked at every frame."""
        return False

    def _hold(self, paused: bool) -> None:
        """Hold the seats and the hint, or let them go on. Holding drops the question a CPU
        or bot seat is thinking about, and the hint's: a CPU stops searching, a bot's program
        is stopped, so it is never forfeited for the time spent in the menu. Going on asks
        again from the start: the seat gets its whole time, and a hint that was asked
        comes."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            if self.seats.thinking:
                self.seats.stop()
            if self.hints.asked:
                self.hints.cancel()
                self._hint_again = True
        elif self._hint_again:
            self._hint_again = False
            if self.my_turn and self.controller.hint is None:
                game_hint.request(self)

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

    def take_back_step(self) -> bool:
        """Take back the last step of the turn being made; False if there is none."""
        if not self.match.take_back_step():
            return False
        self.animator.clear()
        self.refresh()
        return True

    def _after_turn(self, move: Any, before: Any, after: Any, shown: Any,
                    shown_from: Any = None) -> None:
        self.controller.reset()
        self.refused = None
        self.last_text = self.controller.played(move, before, after)
        self.view.animate(before if shown_from is None else shown_from, after, shown)
        self.log.to_end()
        self.refresh()
        self.autosave()

    def refuse(self, text: str, at: Any = None) -> None:
        """Show why a click did nothing (the engine's words), with a cross on `at`."""
        self.refused = (text, at, time.monotonic())
        self._refusal_up = bool(text)
        self.app.sound.play("illegal", 0.5)
        self.invalidate()

    def undo(self) -> None:
        """Take back to the previous turn of a person (the CPU's answer too); across another
        person's turn, after asking (`common.ui.undo_ask`)."""
        m = self.match
        if m.resigned:
            self.refuse("A resignation cannot be taken back: Rematch for a new game")
            return
        if m.review is None and not undo_ask.ask_first(self, self._undo_now):
            self._undo_now()

    def _undo_now(self) -> None:
        m = self.match
        stepping = bool(m.steps)
        if m.review is None and (m.undo() or stepping):
            self._after_jump()

    def redo(self) -> None:
        """Play undone turns again."""
        if self.match.review is None and self.match.redo():
            self._after_jump()

    def _after_jump(self) -> None:
        self._cancel_hint()
        self.seats.stop()
        self.animator.clear()
        self.controller.reset()
        self.refused = None
        self.game_over_shown = False  # a redo onto the end shows the result (Review game) again
        self.last_text = self._words_of_last()
        self._turn_seen = None
        self.log.to_end()
        self.refresh()
        self.autosave()

    def _words_of_last(self) -> str:
        """The "Last: ..." words of the last move now played (after undo, redo, or a game
        continued from its save); "" before the first."""
        m = self.match
        if not m.moves:
            return ""
        return self.controller.words(m.moves[-1], m.states[-2], m.states[-1])

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
        player = self.resigning_player()
        if player is None:
            return
        self._cancel_hint()
        game_menu.leave(self, player, "resign", "", f"{self.match.name(player)} resigns")

    def close(self) -> None:
        """Leaving the game: drop the running searches (the hint's too), stop the bots, and
        wait for the autosave to be on disk (leaving loses nothing)."""
        self._cancel_hint()
        self.seats.close()
        self.analysis.close()
        self.controller.close()
        if self._save_due:
            self.autosave()
        if self.saver is not None:
            self.saver.close()

    def release(self) -> None:
        """Also break the references its parts keep back to it (the controller's, the
        view's, the move log's and the analysis panel's `scene`), and their widgets'
        callbacks: each would keep the closed screen in a cycle."""
        super().release()
        for part in (self.controller, self.view, self.log, self.analysis):
            for value in vars(part).values():
                unhook(value, seen={id(self), id(self.app)})
            if getattr(part, "scene", None) is self:
                part.scene = None

    # the save file --------------------------------------------------------------------------

    def keep_in(self, path: Any, name: str = "") -> None:
        """Go on saving this game in an existing file (a save opened from the Load screen or
        Continue): nothing is written until the game changes."""
        folder = self.app.saves_folder
        if folder is None:
            return
        self.saver = Autosaver(folder, self.match.game.NAME, path, name)
        self._save_due = False

    def name_save(self, name: str) -> None:
        """Give this game's save a name (written at once, and with every later turn)."""
        if self.app.saves_folder is None:
            return
        if self.saver is None:
            self.saver = Autosaver(self.app.saves_folder, self.match.game.NAME)
        self.saver.name = name[:60]
        self.autosave()

    def autosave(self) -> bool:
        """Write the game as it stands (a turn being made is not part of it: Match.record)
        to its save file, off the UI thread; a failure is said once, and retried next turn.
        False if this app keeps no saves (nothing was written)."""
        self._save_due = False
        folder = self.app.saves_folder
        if folder is None:
            return False
        if self.saver is None:
            self.saver = Autosaver(folder, self.match.game.NAME)
        problem = self.saver.problem
        self.saver.save(self.match.record())
        if problem and not self._save_told:
            self._save_told = True
            self.app.toast(f"The game cannot be saved: {problem}", 4.0)
        elif problem is None:
            self._save_told = False
        return True

    def _show_game_over(self) -> None:
        self.game_over_shown = True
        game_menu.game_over(self)

    # review ---------------------------------------------------------------------------------

    def review_end(self) -> None:
        """Look back at the final position."""
        self.start_review(len(self.match.moves))

    def start_review(self, index: int) -> None:
        """Show the position after move `index` (0 = the start), read-only."""
        self._cancel_hint()
        self.match.start_review(index)
        self.controller.reset()
        self.refused = None
        self.animator.clear()
        self.log.show(self.match.review)
        self.refresh()

    def review_step(self, delta: int) -> None:
        """Look `delta` moves later (or earlier)."""
        if self.match.review is not None:
            self.start_review(self.match.review + delta)

    def end_review(self) -> None:
        """Back to the live game."""
        self.match.end_review()
        self.log.to_end()
        self.refresh()

    # input ----------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Buttons, keys, the log; then the board through the controller. What is left after
        the focus, the buttons and the game's own keys goes to one handler, looked up in a
        table by command, by key or by kind of action (`_HANDLERS`)."""
        self._before_input(action)
        if self._intercepted(action):
            return True
        if isinstance(action, Key) and action.key == pygame.K_TAB:
            self.cursor.hide()  # the keys go to the buttons
        elif action is Command.BACK and self.focus.shown:
            self.focus.reset()  # Esc leaves the buttons first
            return True
        if self.focus.handle(action) or handle_all(self.toolbar + self.status_buttons, action) \
                or self.analysis.handle(action):
            return True
        if isinstance(action, Key) and self.my_turn and (
                self.controller.handle(action)  # the game's keys first (stones by number)
                or self.cursor.handle(action, self.view.board,
                                      self.controller.picked_square())):
            self.focus.reset()  # the keys are on the board now: Enter picks there
            return True
        handler = _handler_for(action)
        if handler is not None:
            return handler(self, action)
        if self.my_turn and not isinstance(action, Key):  # keys were offered above
            return self.controller.handle(action)
        return False

    def _intercepted(self, action: Action) -> bool:
        """A replay the controller runs over the board (the Prepollency recap) takes input
        first: a click anywhere only skips it (the controller's optional `intercept`)."""
        intercept = getattr(self.controller, "intercept", None)
        return bool(intercept is not None and intercept(action))

    def _before_input(self, action: Action) -> None:
        if isinstance(action, PointerMove):
            self.hover = action.pos
        elif (isinstance(action, PointerDown | Key | Command) and self.animator.busy
              and self.match.steps and self.match.humans_turn and self.match.review is None):
            # A click or key in the middle of a person's own turn (its first move still
            # sliding) is not lost: the slide ends at once and the input counts.
            self.animator.clear()
            self.refresh()
        if isinstance(action, PointerDown):
            self.cursor.hide()  # the mouse took over

    def _on_undo(self, _action: Action) -> bool:
        self.undo()
        return True

    def _on_redo(self, _action: Action) -> bool:
        self.redo()
        return True

    def _on_rules(self, _action: Action) -> bool:
        self.show_rules()
        return True

    def _on_back(self, _action: Action) -> bool:
        if self.match.review is not None:
            self.end_review()
        elif not (self.my_turn and (self.controller.back() or self.cursor.hide())):
            self.open_menu()
        return True

    def _on_confirm(self, _action: Action) -> bool:
        if self.my_turn and self.cursor.shown:
            self.pick_square(self.cursor.square(self.view.board))
        elif self.my_turn:
            self.controller.confirm()
        return True

    def _on_hint_key(self, _action: Action) -> bool:
        self.request_hint()
        return True

    def _on_analyse_key(self, _action: Key) -> bool:
        if self.match.review is None and not self.match.over:
            return False
        self.analysis.start()
        return True

    def _on_review_key(self, action: Key) -> bool:
        if self.match.review is None:
            return False
        self.review_step(-1 if action.key == pygame.K_LEFT else 1)
        return True

    def _on_wheel(self, action: Wheel) -> bool:
        if self.areas and self.areas.log.collidepoint(self.hover):
            self.log.wheel(action.dy)
        return True

    def pick_square(self, square: int) -> None:
        """The keyboard's pick (Enter on the cursor): what a click on the square does, as
        the game's controller takes clicks (so the two never differ)."""
        pos = self.view.board.center(square)
        self.controller.handle(PointerDown(pos))
        self.controller.handle(PointerUp(pos))
        self.invalidate()

    def _pointer(self, action: PointerDown | PointerMove | PointerUp) -> bool:
        if isinstance(action, PointerDown) and action.button == 1:
            index = self.log.cell_at(action.pos)
            if index is not None:
                self.start_review(index + 1)
                return True
        if self.my_turn:
            return self.controller.handle(action)
        if isinstance(action, PointerDown) and action.button == 1 and self.view.hit(action.pos):
            reason = self._wait_reason()
            if reason:  # while a move animates, clicks are simply ignored
                self.refuse(reason)
        return True

    def _wait_reason(self) -> str:
        m = self.match
        if m.review is not None:
            return "You are looking back: press Back to game to play"
        if m.over:
            return "The game is over"
        if self.animator.busy:
            return ""
        return f"Please wait: {game_panel.label(m, m.to_move)} is thinking"


# What `GameScene.handle` does with an action once the focus, the buttons and the game's keys
# have passed it: by command, by key, then by kind of action.
_COMMANDS: dict[Command, Callable[[GameScene, Any], bool]] = {
    Command.UNDO: GameScene._on_undo,
    Command.REDO: GameScene._on_redo,
    Command.RULES: GameScene._on_rules,
    Command.BACK: GameScene._on_back,
    Command.CONFIRM: GameScene._on_confirm,
}
_KEYS: dict[int, Callable[[GameScene, Any], bool]] = {
    pygame.K_h: GameScene._on_hint_key,
    pygame.K_a: GameScene._on_analyse_key,
    pygame.K_LEFT: GameScene._on_review_key,
    pygame.K_RIGHT: GameScene._on_review_key,
}
_KINDS: dict[type, Callable[[GameScene, Any], bool]] = {
    Wheel: GameScene._on_wheel,
    PointerDown: GameScene._pointer,
    PointerMove: GameScene._pointer,
    PointerUp: GameScene._pointer,
}


def _handler_for(action: Action) -> Callable[[GameScene, Any], bool] | None:
    """The handler of `action` in the tables above, or None (then the controller, on a
    person's turn, gets it)."""
    if isinstance(action, Command):
        return _COMMANDS.get(action)
    if isinstance(action, Key):
        return _KEYS.get(action.key)
    return _KINDS.get(type(action))
