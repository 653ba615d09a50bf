"""`LocalSeats`: the seats a headless client plays itself (CPU levels, `random`, `cmd:` bots),
the same player objects `selfplay` uses, driven from the log.

`step()` is called in the client's loop after `NetSession.poll()`: when the log says one of
its seats is to set up or to move, the seat's player thinks in a worker thread (the loop goes
on polling), and its answer is published through the session. A CPU seat that can no longer
win resigns, as in `selfplay` (unless `play_out`); a bot that fails forfeits its seat; an undo
request is accepted at once (a program has no turn to regret).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
from typing import Any

from common.net.session import NetSession
from common.protocol import Forfeit
from common.seats import SeatSpec


class LocalSeats:
    """Plays `specs` (player -> spec) for `session` (see the module docstring)."""

    def __init__(self, session: NetSession, specs: dict[int, SeatSpec], seed: int = 0,
                 play_out: bool = False, bot_timeout: float = 10.0) -> None:
        from common.cli.players import make_player

        game = session.game.game
        assert game is not None
        self.session = session
        self.specs = specs
        self.play_out = play_out
        args = argparse.Namespace(nodes=None, bot_timeout=bot_timeout)
        self.players = {p: make_player(game, spec, random.Random(seed * 31 + p), args)
                        for p, spec in specs.items()}
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="net-seat")
        self._thinking: tuple[tuple[int, int, str, int], concurrent.futures.Future] | None = None
        self._done: tuple[int, int, str, int] | None = None  # the last question answered
        self._answered: set[tuple[int, int]] = set()  # (undo request, player) answered
        for player in specs:
            if session.game.in_game(player):
                session.hello(player)  # the host's waiting list shows the seat taken

    def step(self) -> None:
        """Start or finish a local seat's turn (never waits)."""
        net = self.session.game
        if not net.ready or net.over:
            return
        self._answer_undo()
        if self._thinking is not None:
            asked, future = self._thinking
            if not future.done():
                return
            self._thinking = None
            self._done = asked
            if asked == self._question():
                self._publish(asked[0], asked[2], future)
            return
        question = self._question()
        if question is None or question == self._done or self.session.pending(question[0]):
            return
        player, _, kind, _ = question
        self._thinking = (question, self._pool.submit(self._think, player, kind))

    def _question(self) -> tuple[int, int, str, int] | None:
        """(player, ply, "setup" or "move", epoch) of the local seat to act now, or None."""
        net = self.session.game
        setting = net.setting_up()
        if setting is not None:
            return (setting, 0, "setup", net.epoch) if setting in self.players else None
        mover = net.to_move()
        if mover is not None and mover in self.players:
            return (mover, net.plies, "move", net.epoch)
        return None

    def _think(self, player: int, kind: str) -> Any:
        """In the worker: the setup, the move, "resign" or a Forfeit."""
        from common.ai.levels import gives_up as _gives_up
        from common.cli.players import ask as _ask

        net = self.session.game
        match, game = net.match, net.game
        assert match is not None and game is not None
        seat = self.players[player]
        try:
            if kind == "setup":
                opening = getattr(seat, "opening", None)
                if opening is None:
                    return None
                chosen = opening(match.initial, player)
                return game.record_header(chosen)["setup"][net.label(player)]
            if self.specs[player].searches and not self.play_out \
                    and _gives_up(game, match.state):
                return "resign"
            history = (match.initial, list(match.moves), list(match.withdrawn))
            return _ask(seat, match.state, history)
        except Forfeit as err:
            return err

    def _publish(self, player: int, kind: str, future: concurrent.futures.Future) -> None:
        try:
            answer = future.result()
        except Exception as err:  # noqa: BLE001 - a player's own failure forfeits its seat
            answer = Forfeit(f"{type(err).__name__}: {err}")
        if isinstance(answer, Forfeit):
            self.session.forfeit(player, str(answer))
        elif kind == "setup":
            self.session.set_up(player, answer)
        elif isinstance(answer, str) and answer == "resign":
            self.session.resign(player)
        else:
            self.session.play(player, answer)

    def _answer_undo(self) -> None:
        pending = self.session.game.undo
        if pending is None:
            return
        for player in pending.waiting & set(self.players):
            if (pending.seq, player) not in self._answered:
                self._answered.add((pending.seq, player))
                self.session.answer_undo(player, True)

    def close(self) -> None:
        """Stop the players (a bot's program ends) and the worker."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        for seat in self.players.values():
            close = getattr(seat, "close", None)
            if close is not None:
                close()


def cpu_setup(game: Any, initial: Any, player: int, spec: SeatSpec, seed: int = 0
              ) -> dict | None:
    """The setup a CPU level chooses for its seat (Overlords: where its figures stand), as a
    record writes it, for a seat a window plays at a network table; None for any other seat
    (the header's arrangement stands). Blocking: run it in a worker."""
    from common.ai.levels import LEVELS, heuristics_for

    if spec.kind != "cpu" or spec.level not in LEVELS:
        return None
    chosen = heuristics_for(game).opening(game, initial, player,
                                          random.Random(seed * 31 + player),
                                          LEVELS[spec.level].care)
    return game.record_header(chosen)["setup"][str(game.player_label(player))]
