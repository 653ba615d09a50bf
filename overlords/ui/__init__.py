"""The Overlords screens: new game, setup, the game itself, review and game over.

`new_game_scene(app)` opens the new-game dialog; `play_scene(app, specs, seed)` opens a game
straight away (the `play` command). The game screen shows the board on the left and, on the
right, both stone hands, whose turn it is and what to do, and the move log. Every legal target
comes from the engine (`legal_moves`), every refusal is the engine's reason (`find_move`,
`explain`); the screen only shows.
"""

from __future__ import annotations

import random
import time

import pygame

from common.ui import saves
from common.ui.board import BoardView
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Wheel
from common.ui.menu import SettingsScene
from common.ui.overlay import Dialog, GameOver
from common.ui.scene import Scene
from common.ui.tween import Animator
from common.ui.widgets import Button, Widget, handle_all, row
from overlords import rules
from overlords.ui_anim import animate, hidden_squares
from overlords.ui_clicks import Clicks
from overlords.ui_frame import Frame
from overlords.ui_hint import Hints
from overlords.ui_panel import PanelLayout, layout_panel, log_rows_visible
from overlords.ui_pick import Pick
from overlords.ui_seats import Seats
from overlords.ui_session import Session, describe, result_text
from overlords.ui_setup import (
    NewGameScene,
    SetupPhase,
    board_for,
    cpu_setup,
    feature_plane,
    random_seed,
    resume_scene,
)
from overlords.ui_threats import Threats

TITLE = "Overlords"
SEATS = 2


def new_game_scene(app) -> Scene:
    """The new-game dialog."""
    return NewGameScene(app)


def play_scene(app, specs: list[str], seed: int | None = None) -> Scene:
    """A game between these seats (human, CPU level or cmd: bot), on the board of seed."""
    return GameScene(app, (specs[0], specs[1]), random_seed() if seed is None else seed)


class GameScene(Seats, Hints, Clicks, Frame, Scene):
    """Setup, then play: board, hands, status, log, undo/redo, hint, review, resign, game
    over."""

    def __init__(self, app, specs: tuple[str, str], seed: int,
                 session: Session | None = None) -> None:
        super().__init__(app)
        self.specs, self.seed = specs, seed
        self.features = board_for(seed)
        self.plane = feature_plane(self.features)
        self.placed: dict[int, dict[int, int]] = {}
        self.session: Session | None = None
        self.setup: SetupPhase | None = None
        self.view = BoardView(rules.GRID)
        self.view.flipped = specs[1] == "human" and specs[0] != "human"
        self.pick = Pick()
        self.animator = Animator(app.settings.animation)
        self.init_seats()
        self.review: int | None = None
        self.refused: tuple[str, int | None, float] | None = None  # text, square, when
        self.last_text = ""
        self.drag: dict | None = None
        self.hover: tuple[int, int] = (-1, -1)
        self.log_scroll = 0
        self.game_over_shown = False
        self.layout_: PanelLayout | None = None
        self._layer: pygame.Surface | None = None
        self._layer_surface: pygame.Surface | None = None  # reused by every rebuild
        self._targets: dict[int, list[rules.Move]] = {}  # as drawn in the layer
        self.threats: Threats | None = None  # the attack on the side to move, once per position
        self._marks_shown: tuple | None = None  # the target marks the layer was drawn with
        self._bg: pygame.Surface | None = None
        b = Button
        self.undo_b = b("Undo", self.undo, hint="Ctrl+Z", small=True)
        self.redo_b = b("Redo", self.redo, hint="Ctrl+Y", small=True)
        self.hint_b = b("Hint", self.request_hint, hint="H", small=True)
        self.toolbar: list[Widget] = [self.undo_b, self.redo_b, self.hint_b,
                                      b("Rules", lambda: app.show_rules("overlords"), small=True),
                                      b("Menu", self.open_menu, hint="Esc", small=True)]
        self.discard_b = b("Discard", self._discard, primary=True)
        self.clear_b = b("Clear", self._clear_pick, small=True)
        self.prev_b = b("‹ Prev", lambda: self._review_step(-1))
        self.next_b = b("Next ›", lambda: self._review_step(1))
        self.back_b = b("Back to game", self._end_review, primary=True)
        self.rematch_b = b("Rematch", self.rematch, primary=True)
        self.menu_b = b("Main menu", app.main_menu)
        self.default_b = b("Use default", self._setup_default)
        self.shuffle_b = b("Shuffle", self._setup_shuffle)
        self.ready_b = b("Ready", self._setup_ready, primary=True, hint="Enter")
        self.status_buttons: list[Widget] = []
        self.setup_threat = ""  # a warning about the setup being placed
        if session is not None:
            self.placed = {}
            self.session = session
            self._refresh()
        else:
            self._next_setup()

    # phases ---------------------------------------------------------------------------------

    def _next_setup(self) -> None:
        for side in (rules.WHITE, rules.BLACK):  # White first: Black sees White's figures
            if self.specs[side] != "human":
                if side not in self.placed:
                    self.placed[side] = cpu_setup(self.features, self.seed, side,
                                                  self.specs[side], self.placed)
            elif side not in self.placed or len(self.placed[side]) < 4:
                self.setup = SetupPhase(side, self.placed)
                self._refresh()
                return
        self.setup = None
        self._bg = None
        state = rules.make_state(self.features, self.placed)
        self.session = Session(state, self.specs, self.seed)
        self._refresh()

    def _setup_default(self) -> None:
        if self.setup:
            self.setup.use_default()
            self._refresh()

    def _setup_shuffle(self) -> None:
        if self.setup:
            self.setup.shuffle(random.Random())
            self._refresh()

    def _setup_ready(self) -> None:
        if self.setup and self.setup.complete:
            self.app.sound.play("select")
            self._next_setup()

    @property
    def shown(self) -> rules.State | None:
        """The position on the board: the review position or the current one."""
        if self.session is None:
            return None
        return self.session.states[self.review if self.review is not None else -1]

    @property
    def busy(self) -> bool:
        """True while a move animates or a CPU or bot is to move (tests wait for this)."""
        s = self.session
        cpu = s is not None and not s.over and not s.human(s.state.turn)
        return self.animator.busy or cpu or (s is not None and s.over and
                                            not self.game_over_shown)

    @property
    def my_turn(self) -> bool:
        """True when a person may act on the board now."""
        s = self.session
        return (s is not None and not s.over and self.review is None and s.human(s.state.turn)
                and not self.animator.busy)

    def _refresh(self) -> None:
        """Recompute what the picker allows and which buttons show; redraw the layer."""
        s = self.session
        self.pick.legal = rules.legal_moves(s.state) if s and self.my_turn else []
        self.hint_changed()
        self.hint_b.enabled = self.can_hint and not self.hint_asked
        self.hint_b.label = "Hint…" if self.hint_asked else "Hint"
        self._targets = self.pick.targets() if s and self.my_turn else {}
        if s and self.my_turn:  # the moves are judged a few per frame by update()
            if self.threats is None or self.threats.state is not s.state:
                self.threats = Threats(s.state, self.pick.legal)
            self.threats.first(moves[0] for moves in self._targets.values())
        else:
            self.threats = None
        self.undo_b.enabled = bool(s and s.can_undo()) and self.review is None
        self.redo_b.enabled = bool(s and s.can_redo()) and self.review is None
        if self.setup is not None:
            self.setup_threat = self.setup.threat(self.features)
            self.ready_b.enabled = self.setup.complete
            self.status_buttons = [self.default_b, self.shuffle_b, self.ready_b]
        elif self.review is not None:
            self.prev_b.enabled = self.review > 0
            self.next_b.enabled = self.review < len(s.moves)
            self.status_buttons = [self.prev_b, self.next_b, self.back_b]
        elif s is not None and s.over:
            self.status_buttons = [self.rematch_b, self.menu_b]
        elif self.my_turn and rules.must_discard(s.state):
            move = self.pick.discard()
            self.discard_b.enabled = move is not None
            self.discard_b.label = f"Discard {str(move)[:2]}" if move else "Discard"
            self.status_buttons = [self.discard_b]
        elif self.my_turn and (self.pick.rune or self.pick.fate is not None
                               or self.pick.figure is not None):
            self.status_buttons = [self.clear_b]
        else:
            self.status_buttons = []
        if self.layout_ is not None:
            self._place_status_buttons()
        self._layer = None

    # layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Board on the left, panel on the right; everything scales with the window."""
        m = self.app.m
        pad = m.pad
        panel_w = max(330, min(int(size[0] * 0.36), 600))
        area = pygame.Rect(pad, pad, size[0] - panel_w - 3 * pad, size[1] - 2 * pad)
        self.view.layout(area)
        slack = area.right - self.view.frame.right
        self.view.layout(area.move(-slack // 2, 0).inflate(0, 0))
        x = self.view.frame.right + 2 * pad
        panel = pygame.Rect(x, pad, min(panel_w, size[0] - x - pad), size[1] - 2 * pad)
        bottom = self.view.flipped and 1 or 0
        self.layout_ = layout_panel(panel, m, bottom)
        row(self.layout_.toolbar, self.toolbar, pad // 2)
        self._place_status_buttons()
        if self.setup is not None:
            st = self.layout_.status
            tray = pygame.Rect(panel.x, st.bottom + 2 * pad, panel.w, int(panel.w / 4.6))
            self.setup.layout_tray(tray, m)
        self._layer = None
        self._bg = None
        self._scroll_log_to_end()

    def _place_status_buttons(self) -> None:
        m = self.app.m
        st = self.layout_.status
        r = pygame.Rect(st.x + m.pad, st.bottom - m.button_h - m.pad, st.w - 2 * m.pad,
                        m.button_h)
        if self.status_buttons == [self.clear_b]:
            r = pygame.Rect(st.right - m.pad - int(r.w * 0.3), r.y, int(r.w * 0.3), r.h)
        row(r, self.status_buttons, m.pad)

    def settings_changed(self) -> None:
        """New palette or speed: redraw, and animate at the new speed."""
        self.animator.speed = self.app.settings.animation
        self._layer = None
        self._bg = None

    # time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Animations, the CPU's or bot's move, the game-over overlay."""
        was_busy = self.animator.busy
        hidden = hidden_squares(self.animator) if was_busy else None
        self.animator.update(dt)
        if was_busy and not self.animator.busy:
            self._refresh()
        elif was_busy and hidden_squares(self.animator) != hidden:
            self._layer = None  # a tween ended: its figure or flag is back in the layer
        if self.threats is not None and not self.threats.done:
            self.threats.step()
            if self.threats.done or self.target_marks() != self._marks_shown:
                self._layer = None
        self.update_hint()
        s = self.session
        if s is None or self.animator.busy:
            return
        if s.over:
            self.bots.close()  # the bots' programs end with the game
            if not self.game_over_shown and self.app.top is self:
                self._show_game_over()
            return
        if not s.human(s.state.turn):
            self.drive_seat(dt)

    def target_marks(self) -> tuple[frozenset[int], frozenset[int], bool]:
        """The targets drawn now that get a red ! (they leave the Overlord open to capture)
        and those that get a shield (they save the attacked Overlord), and whether every
        target is judged yet. Only one of the two sets is ever non-empty."""
        t = self.threats
        if t is None or not self._targets:
            return frozenset(), frozenset(), True
        squares, complete = t.marks(self._targets)
        if t.attacked:
            return frozenset(), frozenset(squares), complete
        return frozenset(squares), frozenset(), complete

    # moves ----------------------------------------------------------------------------------

    def _play(self, move: rules.Move) -> None:
        self.cancel_hint()  # the player moved first: drop the request, take the hint away
        s = self.session
        before = s.state
        after = s.play(move)
        self.last_text = describe(move, before)
        self.pick.clear()
        self.refused = None
        animate(self.animator, before, after, move)
        sound = "move"
        if move.is_recruit:
            sound = "recruit"
        elif move.to is not None and before.figure(move.to) is not None:
            sound = "capture"
        elif move.is_discard:
            sound = "select"
        self.app.sound.play(sound)
        if before.runes[before.turn].bit_count() == 1:
            self.app.sound.play("reckoning", 0.5)
        self._scroll_log_to_end()
        self._refresh()

    def _choose(self, moves: list[rules.Move]) -> None:
        if self.pick.rune is None and any(m.rune != 5 for m in moves):
            # the square was marked with its other Runes: Teleport there only when picked
            moves = [m for m in moves if m.rune != 5]
        state = self.session.state
        if all(rules.apply(state, m).result is not None for m in moves):
            moves = moves[:1]  # any of them wins at once: no need to ask
        if len(moves) == 1:
            self._play(moves[0])
            return
        target = rules.GRID.name(moves[0].to)
        buttons = [(f"Rune {m.rune}: {rules.RUNE_NAMES[m.rune]}",
                    (lambda mv=m: self._play(mv))) for m in moves]
        buttons.append(("Cancel", lambda: None))
        self.app.push(Dialog(self.app, "Which Rune?", [
            f"Several of your Rune stones reach {target}. Which one do you play?"],
            buttons, cancel=lambda: None, vertical=True, width=0.34))

    def _discard(self) -> None:
        move = self.pick.discard()
        if move is not None and self.my_turn:
            self._play(move)

    def _clear_pick(self) -> None:
        self.pick.clear()
        self.refused = None
        self._refresh()

    def _refuse(self, text: str, sq: int | None = None) -> None:
        self.refused = (text, sq, time.monotonic())
        self.app.sound.play("illegal", 0.5)
        self._layer = None

    def undo(self) -> None:
        """Take back to the previous turn of a person (the CPU's answer too)."""
        if self.session and self.session.resigned:
            self._refuse("A resignation cannot be taken back: Rematch for a new game")
            return
        if self.session and self.review is None and self.session.undo():
            self._after_jump()

    def redo(self) -> None:
        """Play undone moves again."""
        if self.session and self.review is None and self.session.redo():
            self._after_jump()

    def _after_jump(self) -> None:
        self.cancel_hint()
        self.stop_seats()
        self.animator.clear()
        self.pick.clear()
        self.refused = None
        self.game_over_shown = self.session.over
        self.last_text = ""
        self._scroll_log_to_end()
        self._refresh()

    def rematch(self) -> None:
        """The same seats on a new board."""
        self.app.replace(GameScene(self.app, self.specs, random_seed()))

    def open_menu(self) -> None:
        """The in-game menu: resume, save, resign, settings, rules, main menu."""
        buttons = [("Resume", lambda: None)]
        if self.session is not None:
            buttons.append(("Save game", self.save_game))
        if self.resigning_side() is not None:
            buttons.append(("Resign", self.confirm_resign))
        self.app.push(Dialog(self.app, "Game paused", [f"Board seed {self.seed}"], [
            *buttons,
            ("Settings", lambda: self.app.push(SettingsScene(self.app))),
            ("Rules", lambda: self.app.show_rules("overlords")),
            ("Main menu", self.app.main_menu),
        ], cancel=lambda: None, vertical=True, width=0.3))

    def resigning_side(self) -> int | None:
        """The side Resign gives up now: in a live game, the side to move when people play
        both, else the person's side; None when no one may resign."""
        s = self.session
        if s is None or self.setup is not None or s.over or s.humans == 0:
            return None
        return s.state.turn if s.humans == 2 else next(x for x in (0, 1) if s.human(x))

    def confirm_resign(self) -> None:
        """Ask before resigning: "Resign this game? White wins.\""""
        side = self.resigning_side()
        if side is None:
            return
        winner = rules.SIDE_NAMES[1 - side].title()
        who = "" if self.session.humans == 1 else f"{rules.SIDE_NAMES[side].title()} resigns. "
        self.app.push(Dialog(self.app, "Resign this game?", [
            f"{who}{winner} wins. A resignation cannot be taken back."],
            [("Resign", self.resign), ("Cancel", lambda: None)], cancel=lambda: None))

    def resign(self) -> None:
        """End the game now: the resigning side loses (through the engine)."""
        side = self.resigning_side()
        if side is None:
            return
        self.cancel_hint()
        self.stop_seats()
        self.animator.clear()
        self.session.resign(side)
        self.pick.clear()
        self.refused = None
        self.review = None
        self.last_text = f"{rules.SIDE_NAMES[side].title()} resigns"
        self._refresh()

    def close(self) -> None:
        """Leaving the game: drop the CPU's running search (a hint's too), stop the bots."""
        self.cancel_hint()
        self.close_seats()

    def save_game(self) -> None:
        """Write the game as a record in the saves folder."""
        try:
            path = saves.save(self.session.record(), rules.NAME)
        except OSError as err:
            self.app.toast(f"Could not save: {err.strerror or err}", 3.0)
            return
        self.app.toast(f"Saved as {path.name}", 2.5)

    def _show_game_over(self) -> None:
        self.game_over_shown = True
        outcome = self.session.state.result
        title, reason = result_text(outcome, self.session)
        reason = self.forfeit_text or reason
        lost = (self.session.humans == 1 and outcome.winner is not None
                and not self.session.human(outcome.winner))
        self.app.sound.play("defeat" if lost else "victory")
        self.app.push(GameOver(self.app, title, reason, self.rematch, self._review_end,
                               self.app.main_menu))

    # review ---------------------------------------------------------------------------------

    def _review_end(self) -> None:
        self.start_review(len(self.session.moves))

    def start_review(self, index: int) -> None:
        """Show the position after move `index` (0 = the start), read-only."""
        self.cancel_hint()
        self.review = max(0, min(index, len(self.session.moves)))
        self.pick.clear()
        self.refused = None
        self.animator.clear()
        self._scroll_log_to(self.review)
        self._refresh()

    def _review_step(self, delta: int) -> None:
        if self.review is not None:
            self.start_review(self.review + delta)

    def _end_review(self) -> None:
        self.review = None
        self._scroll_log_to_end()
        self._refresh()

    def _scroll_log_to_end(self) -> None:
        if self.session is not None and self.layout_ is not None:
            rows = (len(self.session.moves) + 1) // 2
            self.log_scroll = max(0, rows - log_rows_visible(self.layout_, self.app.m))

    def _scroll_log_to(self, count: int) -> None:
        """Scroll the log so that the row of move number `count` (1-based) shows."""
        if self.session is None or self.layout_ is None:
            return
        visible = log_rows_visible(self.layout_, self.app.m)
        rows = (len(self.session.moves) + 1) // 2
        row = max(0, (count - 1) // 2)
        if not self.log_scroll <= row < self.log_scroll + visible:
            self.log_scroll = max(0, min(row - visible // 2, rows - visible))
        self.log_scroll = max(0, min(self.log_scroll, rows - visible))

    # input ----------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Buttons, keys, the log, the stones and the board."""
        if isinstance(action, PointerMove):
            self.hover = action.pos
        if handle_all(self.toolbar + self.status_buttons, action):
            return True
        if action is Command.UNDO:
            self.undo()
        elif action is Command.REDO:
            self.redo()
        elif action is Command.RULES:
            self.app.show_rules("overlords")
        elif action is Command.BACK:
            if self.review is not None:
                self._end_review()
            elif self.pick.rune or self.pick.fate is not None or self.pick.figure is not None:
                self._clear_pick()
            else:
                self.open_menu()
        elif action is Command.CONFIRM:
            if self.setup is not None:
                self._setup_ready()
            elif self.discard_b in self.status_buttons:
                self._discard()
        elif isinstance(action, Key):
            return self._key(action)
        elif isinstance(action, Wheel):
            if self.layout_ and self.layout_.log.collidepoint(self.hover):
                rows = (len(self.session.moves) + 1) // 2 if self.session else 0
                top = max(0, rows - log_rows_visible(self.layout_, self.app.m))
                self.log_scroll = max(0, min(top, self.log_scroll - action.dy))
                self._layer = None
        elif isinstance(action, PointerDown | PointerMove | PointerUp):
            return self._pointer(action)
        else:
            return False
        return True

    def _key(self, action: Key) -> bool:
        if action.key == pygame.K_h and self.session is not None and self.setup is None:
            self.request_hint()
            return True
        if self.review is not None and action.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._review_step(-1 if action.key == pygame.K_LEFT else 1)
            return True
        return False


__all__ = ["GameScene", "NewGameScene", "new_game_scene", "play_scene", "resume_scene"]
