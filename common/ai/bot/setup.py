"""The seats' setups before the first move, for a game whose records have a ``"setup"`` key
(Overlords): the record a bot sets up from, the start with its setup, and the program's own
setup for a bot that leaves the choice. No pygame.
"""

from __future__ import annotations

from typing import Any

from common import record as rec
from common.ai.bot.process import json_quote
from common.protocol import Game

SETUP_KEY = "setup"  # the record key of the seats' setups (docs/RULES.md, "Game records")


def has_setup(game: Game, state: Any) -> bool:
    """True if the game's seats set up before the first move (its record has "setup")."""
    return isinstance(game.record_header(state).get(SETUP_KEY), dict)


def setup_record(game: Game, state: Any, player: int) -> dict:
    """The record a seat sets up from: the start's keys, with the setups of the seats before
    it only (White's when Black sets up; none when White does), no moves, no result."""
    header = game.record_header(state)
    order = list(game.players(state))
    before = {str(game.player_label(p)) for p in order[: order.index(player)]}
    header[SETUP_KEY] = {k: v for k, v in header[SETUP_KEY].items() if k in before}
    return {"game": game.NAME, "version": rec.VERSION, **header, game.MOVES_KEY: [],
            "result": None}


def with_setup(game: Game, state: Any, player: int, setup: Any) -> Any:
    """The start state with the seat's setup replaced by `setup` (as a record writes it);
    ValueError naming what is wrong with it."""
    header = game.record_header(state)
    label = str(game.player_label(player))
    mine = header[SETUP_KEY].get(label)
    if not isinstance(setup, dict):
        raise ValueError(f'a setup is an object like {json_quote(mine)}, or null')
    if isinstance(mine, dict) and set(setup) != set(mine):
        raise ValueError(f"a setup places exactly {', '.join(sorted(mine))}")
    header[SETUP_KEY] = {**header[SETUP_KEY], label: setup}
    try:
        return game.initial_state({"game": game.NAME, "version": rec.VERSION, **header})
    except TypeError as err:
        raise ValueError(str(err)) from None


def program_setup(game: Game, state: Any, player: int, rng: Any) -> Any:
    """The start state with the seat's setup as the `normal` level chooses it (a bot that
    answers ``{"setup": null}``)."""
    from common.ai.levels import LEVELS, heuristics_for

    return heuristics_for(game).opening(game, state, player, rng, LEVELS["normal"].care)
