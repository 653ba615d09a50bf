"""A game in progress, for any engine: the `Match` every game screen stands on.

Plain Python (no pygame). A match is (initial state, list of moves) plus who plays each seat:
the undo stack, the redo list, the move log, the review positions and the saved record all
come from that list. It also holds

- the *steps* of a turn being made (Prepollency's first move of two): `step` applies one,
  `take_back_step` takes it back, and the moves list only ever holds whole turns;
- the *withdrawals*: a seat that resigns or forfeits while the game goes on (three or more
  players) is eliminated and noted, so the record replays it (`common.record`);
- the *review cursor*: which past position the board shows.

Undo and redo follow one rule for both games: undo takes back turns until a person is to move
(against the CPU, back to your previous turn; among people, one turn), redo plays them again up
to the next person's turn. Neither crosses a resignation or a withdrawal, as on lichess, with
one exception: a CPU seat that resigned because it could no longer win (`gives_up` in
`common.ai.levels`) judged a position the person may take back, so undo brings that seat back
(and drops the redo list, whose turns were played without it); on its turn it judges again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from common import record as rec
from common.i18n import _
from common.protocol import Game, IllegalMoveError
from common.seats import SeatSpec

S = TypeVar("S")
M = TypeVar("M")


class Match(Generic[S, M]):
    """One game being played or looked back on (see the module docstring)."""

    def __init__(self, game: Game[S, M], initial: S,
                 seats: Mapping[int, SeatSpec | str] | Sequence[Any],
                 *, names: Mapping[int, str] | None = None, moves: Iterable[M] = (),
                 withdrawn: Iterable[rec.Withdrawal] = (), info: Mapping[str, Any] | None = None
                 ) -> None:
        self.game = game
        self.initial = initial
        players = tuple(game.players(initial))
        if isinstance(seats, Mapping):
            self.seats = {p: SeatSpec.parse(seats[p]) for p in players}
        else:
            if len(seats) != len(players):
                raise ValueError(_("{count} seats needed, not {count2}").format(
                                     count=len(players), count2=len(seats)))
            self.seats = {p: SeatSpec.parse(s) for p, s in zip(players, seats, strict=True)}
        self.names = dict(names or {})
        self.info = dict(info or {})  # more record keys (a board seed, colours)
        self.moves: list[M] = []
        self.states: list[S] = [initial]  # states[i]: after moves[:i] and their withdrawals
        self.withdrawn: list[rec.Withdrawal] = []
        self.redo_moves: list[M] = []
        self.steps: list[Any] = []  # the steps of the turn being made
        self._partial: list[S] = []  # the state after each of those steps
        self.review: int | None = None  # the position the board shows, if not the live one
        # a CPU level's resignation that ended the game: (the state before it, the seat), so
        # that undo can take it back as it does a withdrawal (None: none, or another ending)
        self._gave_up: tuple[S, int] | None = None
        leaving = sorted(withdrawn, key=lambda w: w.after)
        self._leave(leaving, 0)
        for move in moves:
            self._push(move)
            self._leave(leaving, len(self.moves))

    def _leave(self, leaving: list[rec.Withdrawal], after: int) -> None:
        while leaving and leaving[0].after == after:
            w = leaving.pop(0)
            self.states[-1] = rec.withdraw(self.game, self.states[-1], w.player, w.reason,
                                           self.moves, self.withdrawn)

    @classmethod
    def from_replay(cls, replay: rec.Replay, seats: Mapping[int, SeatSpec | str] | Sequence[Any],
                    **kw: Any) -> Match:
        """The match a replayed record describes (its final state with its result too)."""
        kept = replay.record.get("analysis")  # common.analysis checks it when it is read
        if kept is not None:
            kw["info"] = {**(kw.get("info") or {}), "analysis": kept}
        match = cls(replay.game, replay.initial, seats, moves=replay.moves,
                    withdrawn=replay.withdrawn, **kw)
        match.states[-1] = replay.final  # a resignation that ended the game
        return match

    # what is on the board ---------------------------------------------------------------

    @property
    def turn_start(self) -> S:
        """The position after the last whole turn."""
        return self.states[-1]

    @property
    def state(self) -> S:
        """The live position: after the last whole turn and the steps of the one being made."""
        return self._partial[-1] if self._partial else self.states[-1]

    @property
    def shown(self) -> S:
        """The position the board shows: the reviewed one, or the live one."""
        return self.states[self.review] if self.review is not None else self.state

    @property
    def to_move(self) -> int:
        """The player whose turn it is."""
        return self.game.to_move(self.state)

    @property
    def result(self) -> Any:
        """The game's `Outcome`, or None while it goes on."""
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    @property
    def players(self) -> tuple[int, ...]:
        """Every player of the game, in turn order."""
        return tuple(self.seats)

    def is_human(self, player: int) -> bool:
        """True if a person plays this seat."""
        return self.seats[player].is_human

    @property
    def humans(self) -> int:
        """How many seats people play."""
        return sum(1 for spec in self.seats.values() if spec.is_human)

    @property
    def humans_turn(self) -> bool:
        """True when the game goes on and a person is to move."""
        return not self.over and self.is_human(self.to_move)

    def name(self, player: int) -> str:
        """The seat's name: the one given, else the game's ("White", "Red")."""
        from common.games import get  # the registry names the games; imported late

        if player in self.names:
            return self.names[player]
        try:
            return get(self.game.NAME).seat_names(player)
        except ValueError:
            return str(self.game.player_label(player))

    # playing -----------------------------------------------------------------------------

    def _push(self, move: M) -> S:
        after = self.game.apply(self.states[-1], move)
        self.moves.append(move)
        self.states.append(after)
        return after

    def play(self, move: M) -> S:
        """Play a whole turn from the turn's start (IllegalMoveError if refused); clears the
        redo list. A turn being made step by step is dropped first."""
        if self.over:
            raise IllegalMoveError(_("The game is over"))
        self._drop_steps()
        after = self._push(move)
        self.redo_moves.clear()
        return after

    def step(self, step: Any) -> M | None:
        """Play one step of the turn being made (IllegalMoveError if refused). When it closes
        the turn, the turn joins the moves list (redo list cleared) and is returned."""
        if self.over:
            raise IllegalMoveError(_("The game is over"))
        before = self.state
        after = self.game.apply_step(before, step)
        self.steps.append(step)
        self._partial.append(after)
        mover = self.game.to_move(before)
        if self.game.outcome(after) is None and self.game.to_move(after) == mover:
            return None
        move = self.game.steps_to_move(self.steps)
        self._drop_steps()
        self.moves.append(move)
        self.states.append(after)
        self.redo_moves.clear()
        return move

    def take_back_step(self) -> bool:
        """Take back the last step of the turn being made; False if there is none."""
        if not self.steps:
            return False
        self.steps.pop()
        self._partial.pop()
        return True

    def _drop_steps(self) -> None:
        self.steps.clear()
        self._partial.clear()

    # leaving -----------------------------------------------------------------------------

    @property
    def resigned(self) -> bool:
        """True once the game ended by a resignation or forfeit that nothing takes back (a
        CPU level's resignation, undo takes back)."""
        result = self.result
        return result is not None and result.reason in ("resign", "forfeit") \
            and self._gave_up is None

    def resign(self, player: int, reason: str = "resign") -> S:
        """The seat gives up (reason "forfeit": its bot failed). With two players left the
        other wins; with more, the seat is eliminated, noted under `withdrawn`, and the game
        goes on. A turn being made is taken back first: a seat leaves between turns."""
        self._drop_steps()
        before = self.states[-1]
        after = rec.withdraw(self.game, before, player, reason, self.moves, self.withdrawn)
        ended_by_cpu = self.game.outcome(after) is not None and reason == "resign" \
            and self.seats[player].searches
        self._gave_up = (before, player) if ended_by_cpu else None
        self.states[-1] = after
        self.redo_moves.clear()
        self.review = None
        return after

    def resign_result(self, player: int) -> Any:
        """What resigning would do, without doing it: the game's Outcome if it would end it,
        None if the others would play on; ValueError if the seat is not in the game any more
        (eliminated, withdrawn) or the game is over. The engine decides."""
        return self.game.outcome(self.game.resign(self.turn_start, player, "resign"))

    def in_game(self, player: int) -> bool:
        """True while the seat is still in the game (it could resign now)."""
        try:
            self.resign_result(player)
        except ValueError:
            return False
        return True

    @property
    def _floor(self) -> int:
        """Undo never goes below this many moves (the last withdrawal that stands: any but a
        CPU level's resignation)."""
        return max((w.after for w in self.withdrawn if not self._cpu_resigned(w)), default=0)

    def _cpu_resigned(self, w: rec.Withdrawal) -> bool:
        """True for a CPU level's resignation (undo may take it back)."""
        return w.reason == "resign" and self.seats[w.player].searches

    def _back_to(self, count: int) -> None:
        """Undo just left `count` moves: the CPU resignations after them are taken back too,
        and with them the redo list (those turns were played without the seat)."""
        kept = [w for w in self.withdrawn if w.after <= count]
        if len(kept) < len(self.withdrawn):
            self.withdrawn[:] = kept
            self.redo_moves.clear()

    # undo and redo -----------------------------------------------------------------------

    def can_undo(self) -> bool:
        """True if undo would bring back a position where a person is to move."""
        if self.resigned:
            return False
        if self.steps:
            return True
        floor = self._floor
        return any(self.is_human(self.game.to_move(s)) for s in self.states[floor:-1])

    def undo(self) -> int:
        """Take back turns to the previous turn of a person (a turn being made goes first);
        how many whole turns went back."""
        if not self.can_undo():
            return 0
        self.review = None
        if self._gave_up is not None:  # the CPU's resignation first: it judges again later
            self.states[-1], self._gave_up = self._gave_up[0], None
            self.redo_moves.clear()
        if self.steps:
            self._drop_steps()
            if self.is_human(self.to_move):
                return 0
        count, floor = 0, self._floor
        while len(self.moves) > floor:
            self.redo_moves.append(self.moves.pop())
            self.states.pop()
            count += 1
            if self.is_human(self.to_move):
                break
        self._back_to(len(self.moves))
        return count

    def undo_takes(self) -> list[int]:
        """The indices of the whole turns `undo` would take back now, latest first ([] when
        it only drops the turn being made); `common.ui.undo_ask` asks before another
        person's."""
        if not self.can_undo() or (self.steps and self.is_human(self.to_move)):
            return []
        taken, i = [], len(self.moves)
        while i > self._floor:
            i -= 1
            taken.append(i)
            if self.is_human(self.game.to_move(self.states[i])):
                break
        return taken

    def can_redo(self) -> bool:
        """True if undone turns can be played again."""
        return bool(self.redo_moves) and not self.resigned

    def redo(self) -> int:
        """Play undone turns again, up to the next person's turn; how many."""
        if not self.can_redo():
            return 0
        self._drop_steps()
        self.review = None
        count = 0
        while self.redo_moves:
            self._push(self.redo_moves.pop())
            count += 1
            if self.humans_turn or self.over:
                break
        return count

    # review ------------------------------------------------------------------------------

    def start_review(self, index: int) -> None:
        """Show the position after move `index` (0: the start), read-only."""
        self.review = max(0, min(index, len(self.moves)))

    def review_step(self, delta: int) -> None:
        """Show the position `delta` turns later (or earlier) than the one shown."""
        if self.review is not None:
            self.start_review(self.review + delta)

    def end_review(self) -> None:
        """Back to the live position."""
        self.review = None

    def turns_since(self, player: int) -> list[int]:
        """The indices of the turns played since `player` last moved (every turn if it has
        not moved yet): what a recap replays for it."""
        i = len(self.moves)
        while i > 0 and self.game.to_move(self.states[i - 1]) != player:
            i -= 1
        return list(range(i, len(self.moves)))

    def mover(self, index: int) -> int:
        """The player who made turn `index`."""
        return self.game.to_move(self.states[index])

    # the record --------------------------------------------------------------------------

    def record(self, **extra: Any) -> dict:
        """The game as a record (docs/RULES.md "Game records"): the seats' specs and names
        ride along; a turn being made is not part of it."""
        label = self.game.player_label
        players = {str(label(p)): str(spec) for p, spec in self.seats.items()}
        more: dict[str, Any] = {"players": players, **self.info, **extra}
        if self.names:
            more["names"] = {str(label(p)): n for p, n in self.names.items()}
        return rec.build(self.game, self.initial, self.moves, self.turn_start, self.withdrawn,
                         **more)
