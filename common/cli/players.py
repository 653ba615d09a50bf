"""The players of the headless tools: a seat spec made a callable that answers a state with
a move (the random player, a CPU level, an outside bot), and asking one. No pygame.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from common.i18n import _
from common.protocol import Game
from common.seats import SeatSpec

Player = Callable[[Any], Any]  # state -> move


def make_player(game: Game, spec: SeatSpec, rng: random.Random,
                args: argparse.Namespace) -> Player:
    """The player of a seat: the random player, a CPU level (searching by time, or by
    `--nodes` / `LEVEL:N` nodes) or an outside bot; ValueError for a person's seat."""
    if spec.kind == "random":
        return lambda state: game.random_move(state, rng)
    if spec.searches:
        from common.ai.levels import make_cpu  # the search, only for CPU seats

        return make_cpu(game, str(spec), rng, getattr(args, "nodes", None))
    if spec.is_bot:
        from common.ai.bot import DEFAULT_TIMEOUT, BotPlayer

        return BotPlayer(game, spec.command or "", getattr(args, "bot_timeout", DEFAULT_TIMEOUT),
                         rng)
    raise ValueError(_("a human seat plays only in the app (use the play command)"))


def ask(player: Player, state: Any, history: tuple[Any, list[Any], list[Any]]) -> Any:
    """A player's move; players that read the game so far (bots) get history too: (initial
    state, moves, withdrawals), what `record.build` takes."""
    if getattr(player, "needs_history", False):
        return player(state, history=history)  # type: ignore[call-arg]
    return player(state)


def close(player: Player) -> None:
    """Stop a player that runs a program (a bot); nothing for the others."""
    stop = getattr(player, "close", None)
    if stop is not None:
        stop()
