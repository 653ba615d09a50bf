"""A game's log judged message by message into a `Match`: `NetGame`.

Every client (players and spectators) feeds the stream's messages, in sequence order, to its
own `NetGame`; the judgement depends on the log alone (never on a clock or on who reads it),
so every client reaches the same game, the same refusals and the same forfeits. Nothing a
peer sends is trusted or run: it is decoded within bounds (`common.net.wire`), checked, and
only then played through the engine by `Match`.

The rules, in order, for a message on ``ovp.<id>.seat.<label>``:

1. its ``"seat"`` must be the subject's label (else: a forged seat, ignored);
2. the seat must still be in the game and the game not over (else ignored);
3. a seat that sends more than `FLOOD_LIMIT` messages while no turn is played forfeits
   (a flood): a peer's noise ends only its own participation;
4. its ``"ply"`` must be the number of turns played (else: stale or skipped, ignored), but
   for ``resign`` and ``forfeit``: a seat may leave at any point, where the log puts it;
5. by kind: ``setup`` (Overlords, in seat order, before the first move), ``move`` (only the
   seat to move; a move the engine refuses forfeits the seat, as a failing bot does),
   ``resign`` / ``forfeit`` (the seat leaves: `Match.resign`, i.e. `record.withdraw`),
   ``hello`` (a seat's client is at the table: nothing changes),
   ``undo`` / ``undo-yes`` / ``undo-no`` (a request every other seat still in must accept;
   any refusal, or any turn played meanwhile, drops it); ``bye`` once the game is over (the
   seat's client read the result: nothing changes; before the end it is refused).

Ignored messages are reported as `Event`s ("refused"), never applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from common import record as rec
from common.i18n import _, ngettext
from common.match import Match
from common.net import wire
from common.protocol import Game
from common.seats import recorded_seats

FLOOD_LIMIT = 24  # messages a seat may send while no turn is played (an honest one sends ~5)
NAME_LIMIT = 40  # characters of a seat's name kept from a header
LEAVING = (wire.RESIGN, wire.FORFEIT)  # a seat may leave whatever turn it last saw
INFO_KEYS = ("seed", "colours")  # record keys a header may add (small scalars / label maps)


@dataclass(frozen=True)
class Event:
    """What one message did: kind is "header", "setup", "move", "left" (a seat resigned or
    forfeited), "undo-asked", "undo-done", "undo-refused", "over", "bye" or "refused"; `text` says
    it in words (a peer's text quoted: see `common.cli.terminal` before printing)."""

    kind: str
    seq: int
    text: str
    player: int | None = None
    ply: int | None = None
    move: Any = None


@dataclass
class UndoAsk:
    """A pending undo request: who asked, back to how many turns, who still has to say."""

    seq: int
    player: int
    to: int
    waiting: set[int] = field(default_factory=set)


class NetGame:
    """The game a log describes (see the module docstring). `feed` one message at a time."""

    def __init__(self, games: dict[str, Game]) -> None:
        self.games = games
        self.game: Game | None = None
        self.header: dict | None = None
        self.match: Match | None = None
        self.labels: dict[str, int] = {}  # subject label -> player
        self.remote: tuple[str, ...] = ()
        self.setups_due: list[int] = []  # players still to set up, in order
        self.last_seq = 0
        self.chatter: dict[int, int] = {}  # messages per seat since the last turn played
        self.undo: UndoAsk | None = None
        self.epoch = 0  # grows when turns are taken back (a ply number means a new turn)
        self.broken = ""  # why the log cannot be followed (a bad header): nothing applies

    # reading -------------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """True once the header is read (and good)."""
        return self.match is not None

    @property
    def plies(self) -> int:
        """Turns played so far."""
        return len(self.match.moves) if self.match is not None else 0

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.match is not None and self.match.over

    def label(self, player: int) -> str:
        """A player's seat label as subjects and messages write it."""
        assert self.game is not None
        return str(self.game.player_label(player))

    def player_of(self, label: str) -> int | None:
        """The player a label names, or None."""
        return self.labels.get(label)

    def setting_up(self) -> int | None:
        """The player whose setup is due, or None (no setup phase, or it is over)."""
        return self.setups_due[0] if self.setups_due and not self.over else None

    def to_move(self) -> int | None:
        """The seat to move, or None (no header yet, setups due, or the game is over)."""
        if self.match is None or self.over or self.setups_due:
            return None
        return self.match.to_move

    def in_game(self, player: int) -> bool:
        """True while the seat may still act (in the game, the game going on)."""
        return self.match is not None and not self.over and self.match.in_game(player)

    # feeding -------------------------------------------------------------------------------

    def feed(self, seq: int, subject: str, data: bytes) -> list[Event]:
        """Judge one message of the stream (sequence `seq`); what it did. Sequences at or
        below the last one fed are transport repeats and are dropped silently."""
        if seq <= self.last_seq:
            return []
        gap = seq > self.last_seq + 1 and self.last_seq > 0
        self.last_seq = seq
        missing = _("messages {number} and before are missing").format(number=seq - 1)
        events = [Event("refused", seq, missing)] if gap else []
        if self.broken:
            return events
        try:
            message = wire.decode(data)
        except wire.WireError as err:
            return events + self._seat_noise(
                seq, subject, _("not a message: {problem}").format(problem=err))
        if self.match is None:
            return events + [self._header(seq, subject, message)]
        if subject == wire.host_subject(self._game_id(subject)):
            return events + [Event("refused", seq, _("a second header is ignored"))]
        return events + self._seat_message(seq, subject, message)

    def _game_id(self, subject: str) -> str:
        parts = subject.split(".")
        return parts[1] if len(parts) > 2 else ""

    def _header(self, seq: int, subject: str, message: dict) -> Event:
        problem = self._read_header(subject, message)
        if problem:
            self.broken = problem
            return Event("refused", seq, _("the game cannot be followed: {problem}").format(
                problem=problem))
        assert self.game is not None
        return Event("header", seq, _("{game} game").format(game=self.game.NAME))

    def _read_header(self, subject: str, message: dict) -> str:
        if message.get("t") != wire.HEADER or not subject.endswith(".host"):
            return _("its first message is not a header")
        if message.get("protocol") != wire.PROTOCOL:
            return _("another protocol version")
        record = message.get("record")
        if not isinstance(record, dict):
            return _("the header holds no record")
        record = {**record, "game": message.get("game"), "version": message.get("version")}
        try:
            game = rec.game_of(record, self.games)
            initial = game.initial_state({**record, game.MOVES_KEY: []})
        except (rec.RecordError, ValueError, TypeError) as err:
            return rec.cut(str(err), 120)
        self.game = game
        players = game.players(initial)
        labels = [str(game.player_label(p)) for p in players]
        self.labels = {label: p for label, p in zip(labels, players, strict=True)}
        remote = message.get("remote")
        self.remote = tuple(r for r in remote if r in self.labels) \
            if isinstance(remote, list) else ()
        specs, named, info = self._header_seats(message, labels)
        self.header = message
        self.match = Match(game, initial, specs, names=named, info=info)
        from common.ai.bot.setup import has_setup

        if message.get("setup") is True and has_setup(game, initial):
            self.setups_due = list(players)
        return ""

    def _header_seats(self, message: dict, labels: list[str]) -> tuple[Any, dict, dict]:
        """What a header says of the seats, each field checked: the local seats' specs, the
        players' names (shortened), and the game's info."""
        given = message.get("players")
        specs = recorded_seats({k: v for k, v in (given or {}).items() if k not in self.remote}
                               if isinstance(given, dict) else {}, labels)
        names = message.get("names")
        named = {self.labels[k]: rec.cut(v, NAME_LIMIT) for k, v in names.items()
                 if k in self.labels and isinstance(v, str)} if isinstance(names, dict) else {}
        info = message.get("info")
        kept = {k: info[k] for k in INFO_KEYS if k in info} if isinstance(info, dict) else {}
        return specs, named, kept

    def _seat_noise(self, seq: int, subject: str, why: str) -> list[Event]:
        """An undecodable message: refused, and counted against the seat whose subject it
        came on (a flood of junk forfeits as any flood does)."""
        label = subject.rsplit(".", 1)[-1] if ".seat." in subject else None
        player = self.labels.get(label) if label is not None else None
        why = _("seat {seat}: {problem}").format(seat=label or "?", problem=why)
        events = [Event("refused", seq, why, player)]
        if player is not None:
            events += self._count(seq, player)
        return events

    def _count(self, seq: int, player: int) -> list[Event]:
        """Count a message against the seat; a flood forfeits it."""
        if not self.in_game(player):
            return []
        self.chatter[player] = self.chatter.get(player, 0) + 1
        if self.chatter[player] > FLOOD_LIMIT:
            return self._leave(seq, player, "forfeit", _(
                "seat {seat} flooded the game (more than {limit} messages in one turn): it "
                "forfeits").format(seat=self.label(player), limit=FLOOD_LIMIT))
        return []

    def _seat_message(self, seq: int, subject: str, message: dict) -> list[Event]:
        assert self.match is not None
        label = subject.rsplit(".", 1)[-1] if ".seat." in subject else ""
        player = self.labels.get(label)
        if player is None:
            return [Event("refused", seq, _("a message on a subject that is no seat's"))]
        if message.get("seat") != label:
            return [Event("refused", seq, _("seat {seat} wrote as another seat ({other}): forged, "
                                          "ignored").format(
                seat=label, other=rec.cut(repr(message.get('seat')), 20)),
                          player)] + self._count(seq, player)
        if message["t"] == wire.BYE and self.over:  # it read the result: nothing to apply
            return [Event("bye", seq, _("seat {seat} has read the result").format(seat=label),
                          player)]
        if self.over:
            return [Event("refused", seq, _("seat {seat}: the game is over").format(seat=label),
                          player)]
        if not self.match.in_game(player):
            return [Event("refused", seq, _("seat {seat} is out of the game").format(seat=label),
                          player)]
        flood = self._count(seq, player)
        if flood:
            return flood
        ply = message.get("ply")
        kind = message["t"]
        if (ply != self.plies or isinstance(ply, bool)) and kind not in LEAVING:
            return [Event("refused", seq, _(
                "seat {seat}: for turn {turn}, but {played} turns are played (stale or "
                "skipped)").format(
                seat=label, turn=rec.cut(repr(ply), 12), played=self.plies), player)]
        handler = {wire.SETUP: self._setup, wire.MOVE: self._move, wire.RESIGN: self._resigns,
                   wire.FORFEIT: self._resigns, wire.UNDO: self._undo_ask,
                   wire.UNDO_YES: self._undo_answer, wire.UNDO_NO: self._undo_answer,
                   wire.HELLO: self._hello}.get(kind)
        if handler is None:
            return [Event("refused", seq, _("seat {seat}: a {kind} is not a seat's message").format(
                seat=label, kind=kind), player)]
        return handler(seq, player, message)

    # the kinds -----------------------------------------------------------------------------

    def _hello(self, seq: int, player: int, message: dict) -> list[Event]:
        """A seat's client says it is at the table: nothing changes (it counts as chatter)."""
        return [Event("hello", seq, _("seat {seat} is at the table").format(
            seat=self.label(player)), player)]

    def _setup(self, seq: int, player: int, message: dict) -> list[Event]:
        assert self.match is not None and self.game is not None
        if self.setting_up() != player:
            return [Event("refused", seq, _("seat {seat}: no setup is due from it now").format(
                seat=self.label(player)), player)]
        chosen = message.get("setup")
        initial = self.match.initial
        if chosen is not None:
            from common.ai.bot.setup import with_setup

            try:
                initial = with_setup(self.game, initial, player, chosen)
            except (ValueError, TypeError) as err:
                self.setups_due.pop(0)
                return self._leave(seq, player, "forfeit", _(
                    "seat {seat} set up illegally ({problem}): it forfeits").format(
                    seat=self.label(player), problem=rec.cut(str(err), 80)))
        self.setups_due.pop(0)
        self._rebuild(initial, [])
        return [Event("setup", seq, _("seat {seat} set up").format(
            seat=self.label(player)), player)]

    def _move(self, seq: int, player: int, message: dict) -> list[Event]:
        assert self.match is not None and self.game is not None
        if self.setups_due:
            return [Event("refused", seq, _("seat {seat}: a move before the setups").format(
                seat=self.label(player)), player)]
        if self.match.to_move != player:
            return [Event("refused", seq, _("seat {seat} moved out of turn").format(
                seat=self.label(player)), player)]
        ply = self.plies
        try:
            move = self.game.parse_move(self.match.state, message.get("move"))
            self.match.play(move)
        except (ValueError, TypeError) as err:
            return self._leave(seq, player, "forfeit", _(
                "seat {seat} played an illegal move {move} ({problem}): it forfeits").format(
                seat=self.label(player), move=rec.cut(repr(message.get('move')), 40),
                problem=rec.cut(str(err), 80)))
        self._turn_played()
        events = [Event("move", seq, f"{self.label(player)}: "
                        f"{self._notation(move)}", player, ply, move)]
        return events + self._maybe_over(seq)

    def _notation(self, move: Any) -> str:
        assert self.game is not None
        data = self.game.move_data(move)
        return data if isinstance(data, str) else " ".join(data) or _("holds the line")

    def _resigns(self, seq: int, player: int, message: dict) -> list[Event]:
        kind = message["t"]
        why = (_("seat {seat} resigns") if kind == wire.RESIGN else
               _("seat {seat} forfeits")).format(seat=self.label(player))
        return self._leave(seq, player, "resign" if kind == wire.RESIGN else "forfeit", why)

    def _leave(self, seq: int, player: int, reason: str, text: str) -> list[Event]:
        assert self.match is not None
        if self.setups_due and player in self.setups_due:
            self.setups_due.remove(player)  # a seat that left sets nothing up
        try:
            self.match.resign(player, reason)
        except ValueError:
            return [Event("refused", seq, _("{event} (but it cannot leave now)").format(
                event=text), player)]
        self._turn_played()
        if self.over:
            self.setups_due.clear()
        return [Event("left", seq, text, player, self.plies)] + self._maybe_over(seq)

    def _maybe_over(self, seq: int) -> list[Event]:
        assert self.match is not None and self.game is not None
        result = self.match.result
        if result is None:
            return []
        who = None if result.winner is None else self.label(result.winner)
        text = _("a draw") if who is None else _("{who} wins by {reason}")
        return [Event("over", seq, text.format(who=who, reason=result.reason), result.winner)]

    def _turn_played(self) -> None:
        self.chatter.clear()
        if self.undo is not None:
            self.undo = None  # a turn played (or a seat left) drops a pending undo request

    def _floor(self) -> int:
        assert self.match is not None
        return max((w.after for w in self.match.withdrawn), default=0)

    def _undo_ask(self, seq: int, player: int, message: dict) -> list[Event]:
        assert self.match is not None
        to = message.get("to")
        label = self.label(player)
        if self.undo is not None:
            return [Event("refused", seq, _("seat {seat}: an undo request is already open").format(
                seat=label), player)]
        if not isinstance(to, int) or isinstance(to, bool) or not \
                self._floor() <= to < self.plies:
            return [Event("refused", seq, _("seat {seat}: cannot undo to turn {turn}").format(
                seat=label, turn=rec.cut(repr(to), 12)), player)]
        others = {p for p in self.match.players if p != player and self.match.in_game(p)}
        self.undo = UndoAsk(seq, player, to, others)
        events = [Event("undo-asked", seq, ngettext(
            "seat {seat} asks to take back {count} turn", "seat {seat} asks to take back {count} "
            "turns", self.plies - to).format(seat=label, count=self.plies - to), player, to)]
        return events + self._undo_settled(seq)

    def _undo_answer(self, seq: int, player: int, message: dict) -> list[Event]:
        pending = self.undo
        label = self.label(player)
        if pending is None or message.get("ref") != pending.seq or player not in pending.waiting:
            return [Event("refused", seq, _(
                "seat {seat}: an answer to no open undo request").format(seat=label), player)]
        if message["t"] == wire.UNDO_NO:
            self.undo = None
            return [Event("undo-refused", seq, _("seat {seat} refuses the undo").format(
                seat=label), player)]
        pending.waiting.discard(player)
        return self._undo_settled(seq)

    def _undo_settled(self, seq: int) -> list[Event]:
        assert self.match is not None
        pending = self.undo
        if pending is None or pending.waiting:
            return []
        self.undo = None
        match = self.match
        self._rebuild(match.initial, match.moves[:pending.to])
        self.chatter.clear()
        return [Event("undo-done", seq, ngettext(
            "{count} turn taken back", "{count} turns taken back", len(match.moves) - pending.to
        ).format(count=len(match.moves) - pending.to),
                      pending.player, pending.to)]

    def _rebuild(self, initial: Any, moves: list[Any]) -> None:
        """The match from `initial` with those moves (and the withdrawals before them)."""
        old = self.match
        assert old is not None
        self.epoch += 1
        kept = [w for w in old.withdrawn if w.after <= len(moves)]
        self.match = Match(old.game, initial, dict(old.seats), names=old.names, moves=moves,
                           withdrawn=kept, info=old.info)

    # the record ----------------------------------------------------------------------------

    def record(self, **extra: Any) -> dict:
        """The game as a record (`Match.record`), with `extra` keys (the network details)."""
        assert self.match is not None
        return self.match.record(**extra)
