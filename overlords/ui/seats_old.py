"""The sides no person plays: a CPU level (the app's `CpuPlayer`) or an outside bot (a
`cmd:PROGRAM ARGS` seat, through `common.ui.bots.BotSeats`). Both are asked off the UI thread
and polled every frame, so the window never waits for them.

A mixin of `overlords.ui.GameScene`. A bot that crashes, answers garbage or an illegal move, or
says nothing for `common.ai.bot.DEFAULT_TIMEOUT` seconds forfeits: the other side wins with
the reason "forfeit" (as in the saved record) and the game-over overlay says why.
"""

from __future__ import annotations

import sys

from common.protocol import Forfeit
from common.seats import Ask
from common.ui.bots import BotSeats, command_of, forfeit_words, is_bot
from common.ui.tween import SPEEDS
from overlords import rules

MIN_THINK = 0.45  # seconds a CPU or bot seems to think at least, so its move can be followed


class Seats:
    """CPU and bot seats for GameScene (see the module docstring)."""

    def init_seats(self) -> None:
        """The CPU runner (its worker warmed up if a search level plays) and the bots."""
        self.cpu = self.app.cpu
        if any(spec not in ("human", "random") and not is_bot(spec) for spec in self.specs):
            self.cpu.prepare()
        self.bots = BotSeats(self.app.bot_timeout)
        self.cpu_since: float | None = None  # seconds the CPU or bot has been thinking
        self.forfeit_text = ""  # why a bot forfeited, for the status and the overlay

    @property
    def thinking(self) -> bool:
        """True while a CPU or a bot chooses a move (the spinner turns)."""
        return self.cpu.busy() or self.bots.busy()

    def drive_seat(self, dt: float) -> None:
        """Each frame of a turn no person plays: ask its CPU or bot once, then play the
        answer when it came (after MIN_THINK), or end the game if the bot forfeited."""
        s = self.session
        side = s.state.turn
        spec = s.specs[side]
        if self.cpu_since is None:
            if is_bot(spec):
                self.bots.start(side, spec, rules, s.state, s.record())
            else:
                self.cpu.start(Ask("overlords", s.state, self.seed * 1000 + len(s.moves)), spec)
            self.cpu_since = 0.0
            self._layer = None
            return
        self.cpu_since += dt
        if self.cpu_since < MIN_THINK * SPEEDS.get(self.app.settings.animation, 1.0):
            return
        if is_bot(spec):
            try:
                move = self.bots.poll(side)
            except Forfeit as err:
                self.forfeit(side, str(err))
                return
        else:
            move = self.cpu.poll()
            warning = self.cpu.take_warning()
            if warning:
                self.app.toast(warning, 4.0)
        if move is None:
            return
        self.cpu_since = None
        try:
            self._play(rules.Move(move))
        except rules.IllegalMoveError as err:
            if is_bot(spec):
                self.forfeit(side, f"played {move}: {err}")
            else:
                self.app.toast("The CPU chose an illegal move; it will choose again")

    def forfeit(self, side: int, message: str) -> None:
        """A bot failed: its side loses (reason "forfeit"), and the screen says why."""
        name = rules.SIDE_NAMES[side].title()
        print(f"{name} ({self.session.player(side)}) forfeits: {message}", file=sys.stderr)
        self.stop_seats()
        self.animator.clear()
        self.session.resign(side, "forfeit")
        words = forfeit_words(message, command_of(self.session.specs[side]))
        self.forfeit_text = f"{name}'s bot forfeits: {words}."
        self.last_text = f"{name}'s bot forfeits"
        self.pick.clear()
        self.refused = None
        self.app.sound.play("illegal", 0.6)
        self._refresh()

    def stop_seats(self) -> None:
        """Drop what a CPU or bot is thinking about (undo, resign): nothing waits for it."""
        self.cpu.cancel()
        self.bots.cancel()
        self.cpu_since = None

    def close_seats(self) -> None:
        """Leaving the game or at its end: stop the bots' programs too."""
        self.stop_seats()
        self.bots.close()
