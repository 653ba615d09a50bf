"""`NetSession`: one client's view of a network game, polled, never blocking; `RemoteSeat`,
the `SeatRunner` of a seat played elsewhere.

A session is a `NetClient` (the connection, in its own thread) and a `NetGame` (the log
judged into a `Match`). `poll()` takes what arrived, judges it, and returns the `Event`s (plus
"status" events: "reconnecting…", "connected again: resumed from message 12"); a screen calls
it every frame, the command line in its loop. A local seat (a person, a CPU, a bot) acts
through `send` (`play`, `set_up`, `resign`, `forfeit`, `ask_undo`, `answer_undo`): the message
is published with the compare-and-set header on the last sequence judged, and only the log
applies it, once it comes back (if another message came first, it is sent again while it
still fits the game, else dropped). Nothing is applied locally before the log has it, so every
client shows the same game.

`record()` is the record `Match` builds, with the network details under one key, ``"net"``:
the server (no secret), the game id, this client's seat or role, the last sequence applied.
"""

from __future__ import annotations

import concurrent.futures
import time
from dataclasses import dataclass
from typing import Any

from common.i18n import _
from common.net import wire
from common.net.client import NetClient, Published
from common.net.judge import Event, NetGame
from common.protocol import Forfeit, Game
from common.seats import Ask

MAX_TRIES = 40  # failed publishes of one message while connected (a refused subject)
RETRY_SECONDS = 0.25
NET_KEY = "net"


@dataclass
class _Outgoing:
    message: dict
    subject: str
    future: concurrent.futures.Future[Published] | None  # None: waiting to be sent again
    expected: int  # the sequence it was last conditioned on
    tries: int = 1  # failed publishes while connected (a lost race or a drop is not one)
    failed: bool = False  # the last try failed (else it lost a race)
    after: float = 0.0  # not again before this (time.monotonic)


class NetSession:
    """One client of a network game (see the module docstring)."""

    def __init__(self, url: wire.JoinUrl, games: dict[str, Game], start_seq: int = 1,
                 domain: str | None = None) -> None:
        self.url = url
        self.game = NetGame(games)
        self.client = NetClient(url, start_seq, domain)
        self._out: list[_Outgoing] = []
        self._byes: set[str] = set()

    # reading -------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """What the connection is doing, in words."""
        return self.client.failed or self.client.status

    @property
    def failed(self) -> str:
        """Why the session cannot go on (bad credentials, a log that cannot be followed)."""
        return self.client.failed or self.game.broken

    def heard(self, label: str) -> float | None:
        """When the server stored the latest message of a seat (seconds since the epoch), or
        None: nothing heard from it yet. The server's permissions let only that seat's user
        publish there, so this is when that seat's client last spoke."""
        return self.client.stored.get(wire.seat_subject(self.url.game_id, label))

    @property
    def seat(self) -> int | None:
        """The player this client's seat is, or None (the host, a spectator)."""
        return self.game.player_of(self.url.role) if self.game.ready else None

    def poll(self, limit: int = 1000) -> list[Event]:
        """Judge what arrived (at most `limit` messages); what happened, oldest first."""
        events: list[Event] = []
        while True:
            try:
                note = self.client.notes.get_nowait()
            except Exception:  # noqa: BLE001 - queue.Empty
                break
            events.append(Event("status", self.game.last_seq, note))
        for seq, subject, data in self.client.take(limit):
            for event in self.game.feed(seq, subject, data):
                if event.kind == "bye" and event.player is not None:
                    self._byes.add(self.game.label(event.player))
                events.append(event)
        self._resend()
        return events

    # acting for a local seat ----------------------------------------------------------------

    def send(self, kind: str, player: int, **fields: Any) -> None:
        """Publish a message of a local seat (see the module docstring)."""
        label = self.game.label(player)
        message = {"t": kind, "seat": label, "ply": self.game.plies, **fields}
        subject = wire.seat_subject(self.url.game_id, label)
        self._out.append(_Outgoing(message, subject, self._publish(subject, message),
                                   self.game.last_seq))

    def _publish(self, subject: str, message: dict) -> concurrent.futures.Future[Published]:
        return self.client.publish(subject, wire.encode(message), self.game.last_seq)

    def pending(self, player: int | None = None) -> bool:
        """True while a message (of that seat) is on its way."""
        return any(player is None or out.message["seat"] == self.game.label(player)
                   for out in self._out)

    def _resend(self) -> None:
        """Publish again what did not land, while it still fits the game: after a lost race
        once the messages that won it are judged; after a drop once connected again; after
        another failure a little later (at most MAX_TRIES: a refused subject stays refused)."""
        keep = []
        now = time.monotonic()
        for out in self._out:
            if out.future is not None:
                if not out.future.done():
                    keep.append(out)
                    continue
                result = out.future.result()
                if result.outcome == "ok":
                    continue
                out.future = None
                out.failed = result.outcome == "error"
                if out.failed and self.client.connected:
                    out.tries += 1
                    out.after = now + RETRY_SECONDS
            if not self._fits(out) or out.tries > MAX_TRIES:
                continue  # the game moved on (the log decides anyway), or it is refused
            if self.client.connected and now >= out.after and (
                    out.failed or self.game.last_seq > out.expected):
                out.expected = self.game.last_seq
                out.future = self._publish(out.subject, out.message)
            keep.append(out)
        self._out = keep

    def _fits(self, out: _Outgoing) -> bool:
        """True while the message is still for the game as it stands."""
        if out.message["t"] == wire.BYE:
            return True  # sent after the end: it never goes stale
        player = self.game.player_of(out.message["seat"])
        leaving = out.message["t"] in (wire.RESIGN, wire.FORFEIT)  # whatever turn it is
        return (leaving or out.message["ply"] == self.game.plies) and player is not None \
            and self.game.in_game(player)

    def play(self, player: int, move: Any) -> None:
        """A local seat's move (a whole turn)."""
        assert self.game.game is not None
        self.send(wire.MOVE, player, move=self.game.game.move_data(move))

    def set_up(self, player: int, setup: dict | None) -> None:
        """A local seat's setup (as a record writes it), or None to keep the header's."""
        self.send(wire.SETUP, player, setup=setup)

    def resign(self, player: int) -> None:
        """A local seat resigns (or leaves: in 3-4 players the others play on)."""
        self.send(wire.RESIGN, player)

    def forfeit(self, player: int, why: str) -> None:
        """A local seat forfeits (its bot failed)."""
        self.send(wire.FORFEIT, player, why=why[:200])

    def ask_undo(self, player: int, to: int) -> None:
        """Ask the others to take the game back to `to` turns."""
        self.send(wire.UNDO, player, to=to)

    def answer_undo(self, player: int, yes: bool) -> None:
        """Accept or refuse the open undo request."""
        if self.game.undo is not None:
            self.send(wire.UNDO_YES if yes else wire.UNDO_NO, player, ref=self.game.undo.seq)

    def hello(self, player: int) -> None:
        """Say that this client is at the table for that seat (a host lists who joined)."""
        self.send(wire.HELLO, player)

    def bye(self, player: int) -> None:
        """Say that this client read the result (the host then stops its server sooner)."""
        label = self.game.label(player)
        message = {"t": wire.BYE, "seat": label, "ply": self.game.plies}
        subject = wire.seat_subject(self.url.game_id, label)
        self._out.append(_Outgoing(message, subject, self._publish(subject, message),
                                   self.game.last_seq))

    def byes(self) -> set[str]:
        """The labels whose clients said they read the result (from the events polled)."""
        return set(self._byes)

    # the end -------------------------------------------------------------------------------

    def record(self) -> dict:
        """The record (see the module docstring)."""
        net = {"server": self.url.server, "game": self.url.game_id, "seat": self.url.role,
               "last_seq": self.game.last_seq, "remote": list(self.game.remote),
               "protocol": wire.PROTOCOL}
        return self.game.record(**{NET_KEY: net})

    def close(self) -> None:
        """Disconnect."""
        self.client.close()


class RemoteSeat:
    """The `SeatRunner` of a seat played by another client: its move is the one the log
    brings for the turn asked; a seat that left (or a game that ended meanwhile) raises
    `Forfeit`. Never blocks."""

    def __init__(self, session: NetSession, player: int) -> None:
        self.session = session
        self.player = player
        self._ply: int | None = None

    def start(self, ask: Ask) -> None:
        """Wait (without blocking) for the move of the turn being asked."""
        self._ply = self.session.game.plies

    def poll(self) -> Any:
        """The move once the log has it, else None; Forfeit if the seat left the game (or the
        game ended without its move)."""
        if self._ply is None:
            return None
        match = self.session.game.match
        if match is None:
            return None
        if len(match.moves) > self._ply and match.mover(self._ply) == self.player:
            move, self._ply = match.moves[self._ply], None
            return move
        if match.over or not match.in_game(self.player):
            self._ply = None  # it left (a resignation, a forfeit), or the game ended
            raise Forfeit(_("seat {seat} left the game").format(
                seat=self.session.game.label(self.player)))
        return None

    def busy(self) -> bool:
        """True while waiting for the move."""
        return self._ply is not None

    def cancel(self) -> None:
        """Stop waiting."""
        self._ply = None

    def close(self) -> None:
        """Nothing to stop: the session is the caller's."""
        self._ply = None
