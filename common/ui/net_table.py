"""A network table in the window: one `NetSession` and the seats this window plays at it.

`NetTable` is what the Host game and Join game screens and the network game screen
(`common.ui.scenes.net_game_scene`) share: it polls the session (never blocking: the
connection lives in its own thread), says "hello" for this window's seats (so a host's waiting
list fills), sends their setups (Overlords: the header's arrangement, as agreed when the game
was made), and keeps the lines the screens draw: who is at the table, and the connection
("Connection lost, reconnecting…", then "Back: resumed at move N"). Everything a peer wrote
(a seat's name) is cleaned and cut (`common.ui.draw.drawable`) before it is kept for drawing.

`TableSeat` is the `RemoteSeat` of a seat played elsewhere, asked for the turn the window's
own match is at (the window may be a move ahead of the log: its own move on its way).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from common.net.judge import Event
from common.net.session import NetSession, RemoteSeat
from common.seats import SeatSpec
from common.ui.draw import drawable

NAME_SHOWN = 24  # characters of a peer's name a line shows at most
LINE_SHOWN = 120  # characters of a connection line at most
NOTES_KEPT = 6  # the last events kept for the waiting lists
BACK_SHOWN = 10.0  # seconds "Back: resumed at move N." stays on the table's line
LOG = logging.getLogger("overlords-prepollency.net")


class NetTable:
    """The session and this window's seats (player -> spec; none for a spectator)."""

    def __init__(self, session: NetSession, mine: dict[str, SeatSpec] | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        self.session = session
        self.mine_labels = dict(mine or {})  # label -> spec, until the header names players
        self.joined: set[str] = set()  # labels heard from (this window's own included)
        self.connection = "Connecting…"
        self.lost = False
        self.notes: list[str] = []
        self._greeted = False
        self._setups: set[int] = set()  # (epoch-free) players whose setup was sent
        self._on_close = on_close
        self._resumed = False
        self._back_until = 0.0  # "Back: ..." shows until then
        self.closed = False

    # what the log says -------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The judged log (`NetGame`)."""
        return self.session.game

    @property
    def mine(self) -> dict[int, SeatSpec]:
        """This window's seats by player (empty until the header is read)."""
        if not self.game.ready:
            return {}
        out = {}
        for label, spec in self.mine_labels.items():
            player = self.game.player_of(label)
            if player is not None:
                out[player] = spec
        return out

    @property
    def spectator(self) -> bool:
        """True for a window that plays no seat."""
        return not self.mine_labels

    @property
    def ready(self) -> bool:
        """True once the header is read and every setup is in (the game screen may open)."""
        return self.game.ready and self.game.setting_up() is None

    def name(self, player: int) -> str:
        """A seat's name to draw: its label's seat name, or the name the header gave (a
        peer's text: cleaned, cut)."""
        match = self.game.match
        if match is None:
            return "?"
        return drawable(match.name(player), NAME_SHOWN)

    def remote_labels(self) -> list[str]:
        """The seats played elsewhere, by label, in seat order."""
        return [self.game.label(p) for p in self.game.match.players
                if self.game.label(p) not in self.mine_labels] if self.game.ready else []

    def who(self) -> str:
        """The line saying who is at the table."""
        if not self.game.ready:
            return self.connection
        if self.lost or not self.session.client.connected:
            return self.connection
        if time.monotonic() < self._back_until:
            return self.connection
        here = [self.name(p) + (" (you)" if p in self.mine else "")
                for p in self.game.match.players
                if self.game.label(p) in self.joined or p in self.mine]
        away = [self.name(p) for p in self.game.match.players
                if self.game.label(p) not in self.joined and p not in self.mine]
        line = "At the table: {here}.".format(here=", ".join(here) or "nobody yet")
        if away:
            line += " Not seen yet: {away}.".format(away=", ".join(away))
        if self.spectator:
            line = "Watching. " + line
        return drawable(line, LINE_SHOWN)

    # every frame -------------------------------------------------------------------------

    def poll(self) -> list[Event]:
        """What arrived (judged); the hello and the setups of this window's seats."""
        if self.closed:
            return []
        events = self.session.poll()
        for event in events:
            self._note(event)
        if self._resumed and self.game.ready:
            self._resumed = False
            self.connection = f"Back: resumed at move {self.game.plies}."
            self._back_until = time.monotonic() + BACK_SHOWN
            LOG.info("game %s: %s", self.session.url.game_id, self.connection)
        if self.game.ready and self.session.client.connected and not self._greeted:
            self._greeted = True
            for player in self.mine:
                if self.game.in_game(player):
                    self.session.hello(player)
                    self.joined.add(self.game.label(player))
        self._set_up()
        return events

    def _note(self, event: Event) -> None:
        if event.kind == "status":
            text = str(event.text)
            LOG.info("game %s: %s", self.session.url.game_id, draw_safe(text))
            if text.startswith("reconnecting"):
                self.lost = True
                self.connection = "Connection lost, reconnecting…"
                self._greeted = False  # say hello again once back
            elif text.startswith("connected again") or (text == "connected" and self.lost):
                self.lost = False  # back after a drop (the server may have restarted)
                self._resumed = True
                self._greeted = False
            elif text == "connected":
                self.connection = "Connected."
            else:
                self.connection = drawable(text, LINE_SHOWN)
            return
        if event.player is not None and self.game.ready and event.kind != "refused":
            self.joined.add(self.game.label(event.player))
        if event.kind in ("hello", "setup", "left", "over", "undo-refused", "undo-done"):
            self.notes = (self.notes + [drawable(event.text, LINE_SHOWN)])[-NOTES_KEPT:]

    def _set_up(self) -> None:
        """A setup due from one of this window's seats: the header's arrangement (null)."""
        player = self.game.setting_up() if self.game.ready else None
        if player is not None and player in self.mine and player not in self._setups \
                and not self.session.pending(player):
            self._setups.add(player)
            self.session.set_up(player, None)

    def record(self) -> dict:
        """The record the log builds, with the network details (never the secret)."""
        return self.session.record()

    def close(self) -> None:
        """Disconnect (and stop a hosted game's server: `on_close`)."""
        if self.closed:
            return
        self.closed = True
        self.session.close()
        if self._on_close is not None:
            self._on_close()


def draw_safe(text: str) -> str:
    """A status text as the log may keep it (cleaned, cut)."""
    return drawable(text, LINE_SHOWN)


class TableSeat(RemoteSeat):
    """A seat played elsewhere, asked for the turn of the window's own match (see the
    module docstring)."""

    def __init__(self, session: NetSession, player: int, match: Callable[[], Any]) -> None:
        super().__init__(session, player)
        self._match = match

    def start(self, ask: Any) -> None:
        """Wait (without blocking) for the move of the window's turn."""
        self._ply = len(self._match().moves)

