"""The game screen at a network table: the shared `GameScene`, fed by the game's log.

The window keeps its own `Match` (the one the board, the log and the controller read), in
which this window's seats are what they are (a person, a CPU level) and every other seat is
played by a `common.ui.net_table.TableSeat`: its move is the one the log brings, animated like
a CPU's. Each frame (`update`) the table is polled first (never blocking); then:

- a move this window's seats made (a click, a CPU's answer) is published for its ply, once;
- the window's match follows the log whenever they part (a turn taken back on request, a seat
  that left elsewhere, a catch-up after a drop, a move of ours the log never took): it is
  rebuilt from the log's, which alone decides;
- Undo is a request to the others (`NetSession.ask_undo`); a request from another seat opens a
  small dialog (Accept / Refuse) for this window's people, and its CPU seats accept at once;
- Resign publishes the seat's resignation and plays it here, as at one table; leaving the
  screen keeps the game (a correspondence game is continued from the main menu);
- the save is the record the log builds, with the network details, never the secret.

A spectator's screen plays no seat: every move comes from the log, from the first; the board
can be looked back on, nothing else.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pygame

from common.i18n import _, ngettext
from common.match import Match
from common.seats import SeatSpec
from common.ui import draw, game_menu
from common.ui.game_scene import GameScene
from common.ui.net_table import NetTable, TableSeat


@dataclass(frozen=True, slots=True)
class Elsewhere(SeatSpec):
    """A seat played elsewhere: no person here, no search here; "remote" in words."""

    remote = True

    def describe(self) -> str:
        """Who plays it, in words."""
        # Translators: who plays a seat: a player elsewhere, at a network table
        return _("remote")


ELSEWHERE = Elsewhere("random")
LOST_AFTER = 8.0  # seconds a move of ours may be on its way before it is taken as lost


def local_match(table: NetTable) -> Match:
    """The window's match from the log's: this window's seats as they are, the others
    played elsewhere."""
    log = table.game.match
    mine = table.mine
    specs = {p: mine.get(p, ELSEWHERE) for p in log.players}
    names = {p: table.name(p) for p in log.players}
    return Match(log.game, log.initial, specs, names=names, moves=list(log.moves),
                 withdrawn=list(log.withdrawn), info=dict(log.info))


def open_game(app: Any, table: NetTable) -> NetGameScene:
    """The game screen of a table whose log is ready (`NetTable.ready`)."""
    match = local_match(table)
    controller, view = app.screens(match.game.NAME).scene_parts(app, match)
    return NetGameScene(app, table, match, controller, view)


class NetGameScene(GameScene):
    """A game at a network table (see the module docstring)."""

    def __init__(self, app: Any, table: NetTable, match: Match, controller: Any,
                 view: Any) -> None:
        self.table = table
        self._sent: dict[int, tuple[int, float]] = {}  # ply -> (epoch, when published)
        self._epoch = table.game.epoch
        self._asked: set[int] = set()  # undo requests answered or shown here
        self._left: set[int] = set()  # this window's seats whose leaving was published
        self._byes_sent = False
        self._who = ""  # the table's line last drawn
        self._saved: tuple[int, int, int] | None = None  # the log's point last saved
        self.again: Any = None  # what Rematch opens (set by the screen that opened this)
        super().__init__(app, match, controller, view)
        self._seat_runners()

    def _seat_runners(self) -> None:
        for player in self.match.players:
            if player not in self.table.mine:
                self.seats.runners[player] = TableSeat(self.table.session, player,
                                                       lambda: self.match)

    # every frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The log first (what arrived, a request to answer), then the shared screen, then
        what this window's seats played goes out."""
        for event in self.table.poll():
            self._event(event)
        who = self.table.who()
        if who != self._who:  # the table's line changed (a drop, "Back", a seat heard)
            self._who = who
            self.invalidate()
        self._follow()
        log = self.table.game.match
        seen = (self.table.game.epoch, len(log.moves), len(log.withdrawn)) if log else None
        if seen != self._saved:  # the log moved on: the save follows it
            self._saved = seen
            self.autosave()
        super().update(dt)
        self._publish()
        self._publish_leaving()
        if self.match.over and not self.table.spectator:
            self._farewell()

    def _event(self, event: Any) -> None:
        if event.kind == "undo-asked":
            self._undo_asked()
        elif event.kind in ("undo-refused", "left") or (
                event.kind == "undo-done" and event.player not in self.table.mine):
            self.app.toast(self.table.words(event), 4.0)
        if event.kind == "status":
            self.invalidate()

    def _follow(self) -> None:
        """Rebuild the window's match from the log's when they part (the log decides)."""
        net = self.table.game
        log = net.match
        if log is None:
            return
        if net.epoch != self._epoch or not self._agrees(log):
            self._epoch = net.epoch
            self._rebuild()

    def _agrees(self, log: Match) -> bool:
        """True while the window's match is the log's, or the log's and moves of this
        window's seats on their way (or at most one move behind: a seat played elsewhere,
        animated when its runner hands it over)."""
        m, mine = self.match, self.table.mine
        n, here = len(log.moves), len(m.moves)
        shared = min(n, here)
        if m.moves[:shared] != log.moves[:shared]:
            return False
        if here > n:
            ahead = all(m.mover(i) in mine for i in range(n, here))
            sent = self._sent.get(n)
            lost = sent is not None and not self.table.session.pending() and \
                time.monotonic() - sent[1] > LOST_AFTER
            if not ahead or lost:
                return False
        elif n > here + 1 or (n == here + 1 and log.mover(here) in mine):
            return False
        gone = {(w.player, w.after) for w in log.withdrawn}
        kept = {(w.player, w.after) for w in m.withdrawn}
        return not gone - kept and all(p in mine for p, _ in kept - gone)

    def _rebuild(self) -> None:
        """The window's match is the log's again (a turn taken back, a catch-up)."""
        self.seats.stop()
        self.animator.clear()
        review = self.match.review
        self.match = local_match(self.table)
        self._seat_runners()
        if review is not None:
            self.match.start_review(review)
        self._sent = {k: v for k, v in self._sent.items() if k < len(self.match.moves)}
        self.controller.reset()
        self.last_text = self._words_of_last()
        self.log.to_end()
        self.refresh()
        self.autosave()

    def _publish(self) -> None:
        """A move of this window's seats that the log does not have yet goes out, once."""
        net, m = self.table.game, self.match
        n = net.plies
        if net.match is None or len(m.moves) <= n or m.mover(n) not in self.table.mine:
            return
        sent = self._sent.get(n)
        if sent is not None and sent[0] == net.epoch:
            return
        self._sent[n] = (net.epoch, time.monotonic())
        self.table.session.play(m.mover(n), m.moves[n])

    def _publish_leaving(self) -> None:
        """A seat of this window that left here (a resignation, a CPU giving up, a bot's
        forfeit) leaves the log's game too, once."""
        log = self.table.game.match
        if log is None:
            return
        for w in self.match.withdrawn:
            if w.player in self.table.mine and w.player not in self._left \
                    and self.table.game.in_game(w.player):
                self._left.add(w.player)
                if w.reason == "forfeit":
                    self.table.session.forfeit(w.player, "its bot failed on the host")
                else:
                    self.table.session.resign(w.player)

    def _farewell(self) -> None:
        """Once over: this window's seats say they read the result (once)."""
        if self._byes_sent:
            return
        self._byes_sent = True
        for player in self.table.mine:
            self.table.session.bye(player)

    def wants_frames(self) -> bool:
        """As the shared screen, but a seat played elsewhere that has not moved yet asks no
        frames (the loop rests; the log is still polled several times a second)."""
        m, net = self.match, self.table.game
        idle = (not m.over and m.review is None and m.to_move not in self.table.mine
                and net.plies <= len(m.moves) and not self.animator.busy)
        return (not idle and super().wants_frames()) or self.controller.wants_frames()

    # a person's actions --------------------------------------------------------------------

    def undo(self) -> None:
        """Ask the others to take back this window's last turn (and what came after)."""
        m = self.match
        if m.review is not None or m.over:
            return
        asker = self._asker()
        if asker is None:
            return
        if self.table.game.undo is not None:
            self.refuse(_("An undo request is already waiting for an answer."))
            return
        to = self._undo_to(asker)
        if to is None:
            self.refuse(_("There is no turn of yours to take back."))
            return
        self.table.session.ask_undo(asker, to)
        turns = len(m.moves) - to
        self.app.toast(ngettext("Asked the others to take back {n} turn.",
                                "Asked the others to take back {n} turns.", turns).format(
                                    n=turns), 3.0)

    def _asker(self) -> int | None:
        m = self.match
        people = [p for p in self.table.mine if m.is_human(p) and m.in_game(p)]
        return people[0] if people else None

    def _undo_to(self, asker: int) -> int | None:
        """The turns to keep: up to this window's person's last turn (None: nothing)."""
        m = self.match
        floor = max((w.after for w in m.withdrawn), default=0)
        for index in range(len(self.table.game.match.moves) - 1, floor - 1, -1):
            if m.mover(index) == asker:
                return index
        return None

    def redo(self) -> None:
        """No redo at a network table (an undo was agreed by everyone)."""

    def _undo_asked(self) -> None:
        """Another seat asks to take turns back: this window's CPU seats accept, its people
        are asked."""
        pending = self.table.game.undo
        if pending is None or pending.seq in self._asked:
            return
        self._asked.add(pending.seq)
        mine = self.table.mine
        for player in pending.waiting & set(mine):
            if not mine[player].is_human:
                self.table.session.answer_undo(player, True)
        people = [p for p in pending.waiting if p in mine and mine[p].is_human]
        if people:
            from common.ui.scenes.undo_request_scene import UndoRequest

            self.app.push(UndoRequest(self.app, self.table, pending.seq, people,
                                      self.table.name(pending.player),
                                      len(self.table.game.match.moves) - pending.to))

    def resign(self) -> None:
        """Resign this window's person's seat: published, and played here as at one table."""
        player = game_menu.resigning_player(self)
        if player is not None and player in self.table.mine:
            super().resign()  # published by `_publish_leaving`

    def rematch(self) -> None:
        """Another network game: the screen that opened this one says which (Host game for
        the host, Join game for the others); a new game is a new log."""
        if self.again is not None:
            self.app.replace(self.again())

    def refresh(self) -> None:
        """As the shared screen; no Redo, and no Rematch (a new network game is hosted)."""
        super().refresh()
        self.redo_b.enabled = False
        if self.match.over and self.match.review is None:
            self.status_buttons = [self.menu_b]
            self._place_status_buttons()

    # drawing, saving, leaving --------------------------------------------------------------

    def _band_height(self) -> int:
        m = self.app.m
        return 2 * (m.small + 4) + m.pad

    def layout(self, size: tuple[int, int]) -> None:
        """As the shared screen, the move log's area a little shorter: the table's line goes
        over it (never over its rows, nor over the analysis under them)."""
        super().layout(size)
        if self.areas is not None:
            band = self._band_height()
            log = self.areas.log
            self.areas.log = pygame.Rect(log.x, log.y + band, log.w, log.h - band)
            self.log.to_end()

    def draw(self, surface: pygame.Surface) -> None:
        """The shared screen, and the table's line (who is at it, or the connection) over
        the bottom of the window."""
        super().draw(surface)
        if self.areas is None:
            return
        pal, m = self.app.pal, self.app.m
        area = self.areas.log
        px = m.small
        lines = draw.wrap(self.table.who(), px, area.w - 2 * m.pad, max_lines=2)
        band = pygame.Rect(area.x, area.y - self._band_height(), area.w,
                           self._band_height() - 2)
        pygame.draw.rect(surface, pal.panel, band, border_radius=m.radius)
        pygame.draw.line(surface, pal.panel_edge, band.topleft, band.topright)
        colour = pal.refusal if self.table.lost else pal.text
        for i, text in enumerate(lines):
            draw.blit_text(surface, text, px, colour,
                           (band.x + m.pad, band.y + m.pad // 2 + i * (px + 4)))

    def autosave(self) -> bool:
        """The record the log builds, with the network details (never the secret); nothing
        before the log is read."""
        self.save.due = False
        if self.app.saves_folder is None or not self.table.game.ready:
            return False
        self.save.write(self.table.record())
        return True

    def close(self) -> None:
        """Leaving: the save is written, then the table disconnects (a host's server stops;
        Continue starts it again on the same store)."""
        self.table.poll()  # what arrived meanwhile is in the last save
        self.save.due = self.table.game.ready
        super().close()
        self.table.close()
