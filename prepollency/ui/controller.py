"""The Prepollency controller's state: the `Controller` of the shared game screen (the piece
picked, its targets, the turn's buttons, the status, sounds and announcements).

A turn is zero, one or two moves. Click (or press and drag) one of your pieces: its legal steps
show (`rules.piece_moves`, the engine's one source of legality); click or drop on one of them:
the step is played (`GameScene.step` -> `Match.step`). Then a second piece, or **End turn**
(Enter); **Hold the line** (Space) ends a turn with no move; **Take back** (Backspace) undoes
the first move of an unfinished turn (`GameScene.take_back_step`). What the pointer and the keys
mean is the controller's input, `prepollency.ui.input.TurnInput`.

When the turn passes to a person after other seats played in a hot-seat game, a hand-over
screen (`prepollency.ui.handover`, the `handover` setting) and then a recap
(`prepollency.ui.recap`, the `recap` setting) show what happened since. The controller also
says the status, the sounds and the announcements of each turn (a Khan, an elimination).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from common.i18n import N_, _, ngettext
from common.ui.game_panel import Status, waiting_status
from common.ui.game_seams import GameController
from common.ui.hot_seat import HotSeat, again_words, announce
from common.ui.input import Action
from common.ui.widgets import Button, Widget
from prepollency import names, rules
from prepollency.moves import END, GRID, Move
from prepollency.tactics import cannot_win
from prepollency.ui import colours
from prepollency.ui.hint import hint_reason, hint_words, position_seed
from prepollency.ui.input import TurnInput
from prepollency.ui.look import Look
from prepollency.ui.marks import ask_first
from prepollency.ui.recap import Recap, recap_wanted
from prepollency.ui.threats import Watcher, standing_holds
from prepollency.ui.words import hold_warning, question, result_words, turn_facts, turn_line

AUTO_HOLD = 1.5  # seconds before a seat that cannot move holds the line by itself (setting)

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class TurnController(GameController):
    """Picking pieces and squares, the turn's buttons, status, sounds, hand-over and recap."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.picked: int | None = None
        self.drag: dict | None = None  # {"frm", "kind", "start", "pos", "active"}
        self.hint: Any = None  # the hinted Turn shown
        self.hint_why = ""  # why, from the engine (`hint_reason`), asked once per hint
        self.recap: Recap | None = None
        self.hot_seat = HotSeat()  # whose turn started last, the turns seen (the hand-over)
        self._targets: dict[int, Move] = {}
        self.stuck = ""  # why the seat to move can only hold the line ("" if it can move)
        self._hold_wait = 0.0  # seconds the stuck seat waited (it holds at AUTO_HOLD)
        self._news = ""  # an elimination to announce once the turn's animation ended
        self._marks_memo: tuple[Hashable, tuple[frozenset[int], tuple]] = (None, (frozenset(), ()))
        self.watcher = Watcher()  # the threats against the person to move (ui.threats)
        self.hold_b = Button(N_("Hold the line"), self.hold, hint="Space")
        self.end_b = Button(N_("End turn"), self.end_turn, primary=True, hint="Enter")
        self.back_b = Button(N_("Take back"), self.take_back, hint="Bksp")
        self.input = TurnInput(self)  # what the pointer and the keys mean

    def attach(self, scene: GameScene) -> None:
        """The screen this controller serves."""
        self.scene = scene

    # what the screen shows ---------------------------------------------------------------

    @property
    def can_act(self) -> bool:
        """True when a person may act on the board now (not during a recap)."""
        return self.scene.my_turn and self.recap is None

    @property
    def state(self) -> rules.State:
        """The live position (mid-turn too)."""
        return self.scene.match.state

    @property
    def moved(self) -> bool:
        """True once the turn's first move is made."""
        return self.state.moved != -1

    def targets(self) -> dict[int, Move]:
        """The picked piece's legal steps by target square."""
        return self._targets if self.can_act else {}

    def actionable(self) -> set[int]:
        """Squares a click would do something on (the hover outline): own pieces that may
        still move, and the picked piece's targets."""
        if not self.can_act:
            return set()
        state = self.state
        me = rules.to_move(state)
        own = {sq for sq in state.pieces[me] if sq != state.moved}
        return own | set(self._targets)

    def look(self) -> Look:
        """What the view draws now (`Look`)."""
        d = self.drag
        drag = (d["kind"], d["pos"]) if d and d.get("active") else (None, (0, 0))
        if self.scene is None or not self.can_act:
            return Look(hint=self.hint, recap=self.recap, dragged=drag[0], drag_pos=drag[1])
        key = (self.watcher.key(), self._targets)  # kept while the threats and targets stay
        if self._marks_memo[0] != key:  # the view asks every frame
            self._marks_memo = (key, (self.watcher.squares(), self.watcher.marks(self._targets)))
        squares, marks = self._marks_memo[1]
        return Look(True, self.picked, self._targets, frozenset(self.actionable()), squares,
                    marks, self.hint, self.recap, *drag)

    def refresh(self) -> None:
        """Recompute the picked piece's targets (the engine's legal steps)."""
        picked = self.picked if self.can_act else None
        self._targets = {} if picked is None else \
            {m.to: m for m in rules.piece_moves(self.state, picked)}
        stuck = stuck_words(self.state) if self.can_act else ""
        if stuck != self.stuck:
            self.stuck, self._hold_wait = stuck, 0.0
        self.hold_b.primary = bool(stuck)
        self.watcher.sync(self.state if self.can_act else None, self._targets.values())

    def status_buttons(self) -> list[Widget]:
        """Hold the line at a turn's start; Take back and End turn after its first move."""
        if not self.can_act:
            return []
        return [self.back_b, self.end_b] if self.moved else [self.hold_b]

    def status(self) -> Status:
        """The status: whose turn, which move, what to do now (or the CPU thinking)."""
        m = self.scene.match
        seat = m.to_move
        danger = hold_warning(self.state.alive, standing_holds(self.state), m.name,
                              seat) or ""
        if not m.is_human(seat):
            return replace_warning(waiting_status(self.scene, seat, N_("its turn")), danger)
        if self.recap is not None:
            done, total = self.recap.progress
            return Status(_("Recap for {player}: {done} of {total}").format(
                              player=m.name(seat), done=done, total=total), seat,
                          _("The turns since {player}'s last one are replayed before it plays. "
                            "Click anywhere to skip.").format(player=m.name(seat)), danger,
                            lit=False)
        title = _("Second move") if self.moved else _("{player}: your turn").format(
                                                     player=m.name(seat))
        danger = self.watcher.warning(m.name) or danger
        why = self.watcher.why(self._targets.get(self.view.board.square_at(self.scene.hover)),
                               m.name)
        if why:
            return Status(title, seat, why, danger)
        if self.hint is not None:
            return Status(title, seat, hint_words(self.hint, self.moved, self.hint_why), danger)
        return Status(title, seat, self.prompt(), danger)

    def prompt(self) -> str:
        """What to do now, in a sentence."""
        if self.stuck:
            if self.scene.app.settings.auto_hold:
                return _("{stuck}: you can only hold the line (it holds by itself).").format(
                           stuck=self.stuck)
            return _("{stuck}: you can only hold the line. Hold the line (Space).").format(
                       stuck=self.stuck)
        if self.picked is not None:
            kind = names.piece(self.state.kinds[self.picked])
            where = GRID.names[self.picked]
            if not self._targets:
                return _("The {kind} on {where} cannot move now. Pick another piece.").format(
                           kind=kind, where=where)
            return _("{kind} on {where}: click a dot to move, a ring to capture.").format(
                       kind=kind, where=where)
        if self.moved:
            # the lock on the piece that moved is what the board shows (issue 21: unexplained)
            return _("The piece with the lock has made this turn's first move: move another "
                     "piece, or End turn (Enter). Take back undoes it.")
        name = self.scene.match.name
        if hold_warning(self.state.alive, standing_holds(self.state), name) \
                or self.watcher.warning(name):
            return _("Click a piece to move it (up to two moves), or Hold the line.")  # short
        if self.scene.may_resign and cannot_win(self.state, self.state.turn):
            mine = len(self.state.pieces[self.state.turn])
            return ngettext("With {count} piece you can no longer win (too few for the Obelisk "
                            "or a base): play on for a draw, or resign from the Menu.",
                            "With {count} pieces you can no longer win (too few for the "
                            "Obelisk or a base): play on for a draw, or resign from the Menu.",
                            mine).format(count=mine)
        return _("Click a piece to see where it can go. Up to two moves, each by another piece.")

    # the turn ------------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the pick and any drag (after a move, undo, review, resignation)."""
        self.picked = None
        self.drag = None
        self._targets = {}

    def hold(self) -> None:
        """End the turn: with no move (hold the line), or after the first one."""
        if self.can_act and not self._asks(END, self._hold_now):
            self._hold_now()

    def _hold_now(self) -> None:
        self.reset()
        self.scene.step(END)

    def _asks(self, step: Any, play: Any) -> bool:
        """Before a step that hands the game over (the "Ask before a move that loses the
        game" setting): the question, and True; False if there is nothing to ask."""
        if not self.scene.app.settings.confirm_risky:
            return False
        self.watcher.sync(self.state)
        danger = self.watcher.ask(step)
        if danger is None:
            return False
        title, line = question(step, danger, self.scene.match.name, not self.moved)
        ask_first(self.scene.app, title, line, play)
        return True

    def end_turn(self) -> None:
        """End the turn after its first move."""
        self.hold()

    def take_back(self) -> None:
        """Take back the first move of this turn."""
        if self.can_act and self.scene.take_back_step():
            self.reset()
            self.scene.refresh()

    def close(self) -> None:
        """The screen is left: the pick and any drag are dropped, the threats' background
        judging stops, a running recap goes (it calls back here: a cycle that would keep this
        controller and its view alive after the screen is freed)."""
        self.reset()
        self.watcher.drop()
        self.recap = None

    def picked_square(self) -> int | None:
        """Where the board cursor starts: the picked piece, else (issue 21: it started on
        the empty h8) the player's movable piece nearest the Obelisk."""
        if self.picked is not None or not self.can_act:
            return self.picked
        state = self.state
        movable = {m.frm for m in rules.legal_steps(state) if isinstance(m, Move)}
        centre = GRID.index("h8")
        return min(movable, default=None, key=lambda sq: (
            max(abs(GRID.col(sq) - GRID.col(centre)), abs(GRID.row(sq) - GRID.row(centre))),
            sq))

    def back(self) -> bool:
        """Esc: drop the pick (False if there was none: the menu opens)."""
        if self.recap is not None:
            self.recap.finish()
            return True
        if self.picked is None:
            return False
        self.reset()
        self.scene.refresh()
        return True

    def confirm(self) -> bool:
        """Enter: end the turn after its first move."""
        if self.can_act and self.moved:
            self.end_turn()
            return True
        return False

    def handle(self, action: Action) -> bool:
        """Keys and the board on a person's live turn: True if used (`prepollency.ui.input`)."""
        return self.input.handle(action)

    def intercept(self, action: Action) -> bool:
        """While the recap plays, a click or a key only skips it (`TurnInput.intercept`): True
        if taken. The shared screen asks this first."""
        return self.input.intercept(action)

    def play_checked(self, frm: int, to: int, asked: bool = False) -> None:
        """Play frm-to, after a confirmation if it hands the game over (`asked`: it was)."""
        move = rules.find_step(self.state, frm, to)
        if not asked and self._asks(move, lambda: self.play_checked(frm, to, True)):
            return
        rest = self.hint[1:] if self.hint and self.hint[0] == move else None
        self.reset()
        captured = bool(self.state.owners[to])
        if self.scene.step(move) is None:  # the turn goes on: the closing step has its sound
            self.scene.app.sound.play("capture" if captured else "move")
            if rest is not None:  # the hinted first move played: its second stays shown
                self.show_hint(rest)
                self.scene.refresh()

    # what the shared screen reports ------------------------------------------------------------

    def played(self, move: Any, before: Any, after: Any) -> str:
        """A whole turn was played: its sounds and announcements; it in words."""
        m = self.scene.match
        facts = turn_facts(before, tuple(move), after)
        sound = self.scene.app.sound
        sound.play("capture" if facts.captures else "move" if facts.steps else "select")
        if facts.khan is not None:
            sound.play("khan", 0.8)
        if facts.eliminated:
            sound.play("elimination", 0.9)
            out = names.listed([m.name(s) for s in facts.eliminated])
            # said once the pieces that took the base have arrived (`update`)
            self._news = ngettext("{names} is out: every base square taken",
                                  "{names} are out: every base square taken",
                                  len(facts.eliminated)).format(names=out)
        return turn_line(facts, m.name)

    def words(self, move: Any, before: Any, after: Any) -> str:
        """A whole turn in words."""
        return turn_line(turn_facts(before, tuple(move), after), self.scene.match.name)

    def turn_started(self, player: int) -> None:
        """A person's turn: a hand-over in hot-seat, then the recap of the turns since. After
        Undo or Redo gave the turn to another person at the table, a hand-over too (issue
        21: Undo silently passed Ann's screen to Bob), without a recap."""
        m = self.scene.match
        start = self.hot_seat.started(m, player, self.scene.app.settings.handover)
        if not start.at_table:
            return
        if not start.fresh:
            if start.hand_over:  # an Undo, a Redo, or another seat left
                self._hand_over(player, again_words(start, self.scene.last_text), lambda: None)
            return
        if self.scene.app.settings.auto_hold and stuck_words(self.state):
            return  # it holds by itself in a moment: nothing to hand over or to recap
        turns = [i for i in m.turns_since(player) if m.mover(i) != player]
        if start.hand_over:
            first = all(m.mover(i) != player for i in range(len(m.moves)))
            if first:
                words = ngettext("{count} turn before your first: a recap follows",
                                 "{count} turns before your first: a recap follows",
                                 len(turns))
            else:
                words = ngettext("{count} turn since you last played: a recap follows",
                                 "{count} turns since you last played: a recap follows",
                                 len(turns))
            words = words.format(count=len(turns)) \
                if turns and recap_wanted(self.scene.app) else ""
            self._hand_over(player, words, lambda: self.start_recap(turns))
            return
        self.start_recap(turns)

    def _hand_over(self, player: int, words: str, then: Any) -> None:
        from prepollency.ui.handover import SeatHandOver

        m = self.scene.match
        band = SeatHandOver(self.scene.app, m.name(player), self.view.keys[player],
                            colours.marker(player), words, then)
        announce(self.scene.app, band)

    def start_recap(self, turns: list[int]) -> None:
        """Replay these turns on the board (if the setting wants recaps)."""
        if not turns or not recap_wanted(self.scene.app):
            return
        self.recap = Recap(self.scene.match, self.view, turns, self.scene.match.name,
                           self._recap_done)
        self.recap.start()
        self.scene.refresh()

    def _recap_done(self) -> None:
        self.recap = None
        self.scene.refresh()

    def update(self, dt: float) -> None:
        """The recap's pace; an elimination said once its pieces arrived; a seat that cannot
        move holds by itself after AUTO_HOLD seconds (the `auto_hold` setting), unless
        another screen is over the game."""
        self.view.recap_animator.update(dt)
        if self.recap is not None and self.recap.update(dt):
            self.scene.invalidate()
        if self._news and not self.scene.animator.busy:
            self.scene.app.toast(self._news, 3.0)
            self._news = ""
        if self._auto_holding():
            self._hold_wait += dt
            if self._hold_wait >= AUTO_HOLD:
                self.hold()

    def _auto_holding(self) -> bool:
        return bool(self.stuck) and self.can_act and self.scene.app.settings.auto_hold \
            and self.scene.app.top is self.scene

    def wants_frames(self) -> bool:
        """True while the recap runs, a piece is dragged or verdicts are awaited."""
        return self.recap is not None or self.view.recap_animator.busy or (
            self.drag is not None and self.drag.get("active", False)) or self._auto_holding() \
            or self.watcher.busy

    # the hint and the end ----------------------------------------------------------------------

    def show_hint(self, move: Any) -> None:
        """Show a hinted turn (`prepollency.ui.hint`), or take it away (None). As in
        Overlords, the hinted piece is picked for the player: one click on its marked target
        plays the hinted move; picking anything else takes the hint away."""
        self.hint = tuple(move) if move is not None else None
        self.hint_why = hint_reason(self.state, self.hint) if self.hint is not None else ""
        if self.hint:
            self.picked, self.drag = self.hint[0].frm, None
            self.refresh()

    def hint_seed(self, state: rules.State) -> int:
        """A seed made from the position alone."""
        return position_seed(state)

    def result_words(self, outcome: Any, viewer: int | None = None) -> str:
        """Why the game ended, in a sentence (told to `viewer`, the one person's seat, if
        given)."""
        m = self.scene.match
        # a resignation ends the game with two seats in: the one that is not the winner left
        left = [s for s in m.state.alive if s != getattr(outcome, "winner", None)]
        resigner = left[0] if len(left) == 1 else None
        by_cpu = resigner is not None and m.seats[resigner].searches
        return result_words(outcome, m.name, viewer, resigner, by_cpu)[1]


def stuck_words(state: rules.State) -> str:
    """Why the seat to move can only hold the line, at its turn's start: "No pieces left",
    "None of your pieces can move"; "" when it has a move (or the game is over)."""
    if state.result is not None or state.moved != -1:
        return ""
    if not state.pieces[rules.to_move(state)]:
        return _("No pieces left")
    return _("None of your pieces can move") if rules.legal_steps(state) == [END] else ""


def replace_warning(status: Status, warning: str) -> Status:
    """The status with a warning box (one round from an Obelisk win)."""
    from dataclasses import replace

    return replace(status, warning=warning) if warning else status
