"""A network table in the window: one `NetSession` and the seats this window plays at it.

`NetTable` is what the Host game and Join game screens and the network game screen
(`common.ui.scenes.net_game_scene`) share: it polls the session (never blocking: the
connection lives in its own thread), says "hello" for this window's seats (so a host's waiting
list fills), sends their setups (Overlords: the header's arrangement, as agreed when the game
was made), and keeps the lines the screens draw: who is at the table, and the connection
("Connection lost, reconnecting…", then "Back: resumed at move N"). Everything a peer wrote
(a seat's name) is cleaned and cut (`common.ui.draw.drawable`) before it is kept for drawing.

What the table says is what is known, nothing more: this window's own connection
(connected, lost, back), and of each other seat when the server stored its last message
(`NetSession.heard`: only that seat's user may publish there) and whether that was its
"hello" — "said hello 2 min ago", "last heard from 1 h ago", "not heard from yet". Nobody's
connection but one's own can be seen from a log.

`TableSeat` is the `RemoteSeat` of a seat played elsewhere, asked for the turn the window's
own match is at (the window may be a move ahead of the log: its own move on its way).
"""

from __future__ import annotations

import concurrent.futures
import logging
import time
from collections.abc import Callable
from typing import Any

from common.i18n import N_, _, ngettext
from common.net.judge import Event
from common.net.session import NetSession, RemoteSeat
from common.seats import SeatSpec
from common.ui.draw import drawable

EVENT_WORDS = {"hello": N_("{name} is at the table."), "setup": N_("{name} is set up."),
               "left": N_("{name} resigns."), "over": N_("The game is over: {name} wins."),
               "undo-refused": N_("{name} refuses to take the turns back.")}
NAME_SHOWN = 24  # characters of a peer's name a line shows at most
LINE_SHOWN = 120  # characters of a connection line at most
NOTES_KEPT = 6  # the last events kept for the waiting lists
BACK_SHOWN = 10.0  # seconds "Back: resumed at move N." stays on the table's line
LOG = logging.getLogger("overlords-prepollency.net")
# a CPU seat's setup is chosen here (a search: never on the window's thread)
SETUPS = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="net-setup")


class NetTable:
    """The session and this window's seats (player -> spec; none for a spectator)."""

    def __init__(self, session: NetSession, mine: dict[str, SeatSpec] | None = None,
                 on_close: Callable[[], None] | None = None,
                 by_hand: Callable[[str], bool] | None = None) -> None:
        self.session = session
        # game name -> True when a person of this window places its figures on a screen of
        # the game's (Overlords); else their setup is the header's arrangement
        self._by_hand = by_hand
        self.mine_labels = dict(mine or {})  # label -> spec, until the header names players
        self.joined: set[str] = set()  # labels heard from (this window's own included)
        self.said: dict[str, str] = {}  # label -> the kind of its last message judged
        self.connection = _("Connecting…")
        self.lost = False
        self.notes: list[str] = []
        self._greeted = False
        self._setups: set[int] = set()  # (epoch-free) players whose setup was sent
        self._on_close = on_close
        self._resumed = False
        self._choosing: tuple[int, concurrent.futures.Future] | None = None  # a CPU's setup
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
        """The line saying what is known of the table: this window's connection, then each
        other seat's last message (see the module docstring)."""
        if not self.game.ready or self.lost or not self.session.client.connected:
            return self.connection
        if time.monotonic() < self._back_until:
            line = self.connection
        elif self.spectator:
            line = _("Watching; connected.")
        else:
            line = _("Connected.")
        parts = [line]  # (this window's own seats say "you" on the board's panels)
        parts += [self.heard_words(p, self.name(p)) for p in self.game.match.players
                  if p not in self.mine]
        return drawable(" ".join(parts), LINE_SHOWN * 2)

    def heard_words(self, player: int, name: str) -> str:
        """What is known of a seat played elsewhere: when it last spoke, and whether that was
        its hello."""
        label = self.game.label(player)
        stamp = self.session.heard(label)
        if stamp is None or label not in self.joined:
            return _("{name}: not heard from yet.").format(name=name)
        ago = ago_words(time.time() - stamp)
        if self.said.get(label) == "hello":
            return _("{name} said hello {ago}.").format(name=name, ago=ago)
        return _("{name} was last heard from {ago}.").format(name=name, ago=ago)

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
            self.connection = _("Back: resumed at move {n}.").format(n=self.game.plies)
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
                self.connection = _("Connection lost, reconnecting…")
                self._greeted = False  # say hello again once back
            elif text.startswith("connected again") or (text == "connected" and self.lost):
                self.lost = False  # back after a drop (the server may have restarted)
                self._resumed = True
                self._greeted = False
            elif text == "connected":
                self.connection = _("Connected.")
            else:
                self.connection = drawable(text, LINE_SHOWN)
            return
        if event.player is not None and self.game.ready and event.kind != "refused":
            self.joined.add(self.game.label(event.player))
            self.said[self.game.label(event.player)] = event.kind
        if event.kind in ("hello", "setup", "left", "over", "undo-refused", "undo-done"):
            self.notes = (self.notes + [self.words(event)])[-NOTES_KEPT:]

    def words(self, event: Event) -> str:
        """What a judged event did, in the player's words (the seats by their names)."""
        name = self.name(event.player) if event.player is not None and self.game.ready \
            else "?"
        if event.kind == "undo-done":
            return _("Turns taken back: the game is at move {n} again.").format(
                n=event.ply or 0)
        if event.kind == "left" and "forfeit" in event.text:
            return _("{name} forfeits.").format(name=name)
        if event.kind == "over" and event.player is None:
            return _("The game is over: a draw.")
        template = EVENT_WORDS.get(event.kind)
        if template is None:
            return drawable(event.text, LINE_SHOWN)
        return _(template).format(name=name)

    def _set_up(self) -> None:
        """A setup due from one of this window's seats: the header's arrangement (null), or
        nothing here when its person places the figures by hand (`hand_setup`)."""
        player = self.game.setting_up() if self.game.ready else None
        if self._choosing is not None and self._choosing[1].done():
            chooser, future = self._choosing
            self._choosing = None
            try:
                self.session.set_up(chooser, future.result())
            except Exception:  # noqa: BLE001 - the CPU's choice failed: the header's stands
                LOG.exception("a CPU setup failed")
                self.session.set_up(chooser, None)
        if player is not None and player in self.mine and player not in self._setups \
                and not self.session.pending(player) and not self._placed_by_hand(player):
            self._setups.add(player)
            spec = self.mine[player]
            if spec.kind == "cpu" and self._choosing is None:  # as at one table: its choice
                from common.net.local import cpu_setup

                match = self.game.match
                seed = match.info.get("seed", 0)
                self._choosing = (player, SETUPS.submit(
                    cpu_setup, match.game, match.initial, player, spec,
                    seed if isinstance(seed, int) else 0))
            else:
                self.session.set_up(player, None)

    def _placed_by_hand(self, player: int) -> bool:
        return self.mine[player].is_human and self._by_hand is not None \
            and self._by_hand(self.game.game.NAME)

    def hand_setup(self) -> int | None:
        """This window's person whose setup is due now, to be placed on the game's setup
        screen (once: the screen that opens it calls `set_up_by_hand`)."""
        player = self.game.setting_up() if self.game.ready else None
        if player is None or player not in self.mine or player in self._setups:
            return None
        return player if self._placed_by_hand(player) else None

    def set_up_by_hand(self, player: int, setup: dict) -> None:
        """Publish the setup a person placed."""
        self._setups.add(player)
        self.session.set_up(player, setup)

    def waiting_for_setup(self) -> str:
        """Who the table waits on to set up, in words ("" when nobody)."""
        player = self.game.setting_up() if self.game.ready else None
        if player is None or player in self.mine:
            return ""
        return _("Waiting for {name} to set up…").format(name=self.name(player))

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


def ago_words(seconds: float) -> str:
    """How long ago, in words: "just now", "3 minutes ago", "2 hours ago", "4 days ago"."""
    minutes = max(0, int(seconds // 60))
    if minutes < 1:
        return _("just now")
    if minutes < 60:
        return ngettext("{n} minute ago", "{n} minutes ago", minutes).format(n=minutes)
    hours = minutes // 60
    if hours < 48:
        return ngettext("{n} hour ago", "{n} hours ago", hours).format(n=hours)
    days = hours // 24
    return ngettext("{n} day ago", "{n} days ago", days).format(n=days)


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

