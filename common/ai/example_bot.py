"""The example outside bot: a random legal move for either game, over JSON lines.

    overlords-prepollency bot random [SEED]       (an installed copy, the stand-alone build)
    python3 main.py bot random [SEED]             (a checkout)
    python3 examples/random_bot.py [SEED]         (the same bot as a script)

It is what the Bot… field offers as its example (`common.launch.self_command("bot",
"random")`), so it runs wherever the game does. Every message it reads gets exactly one
answer line (anything else it printed would forfeit):

- {"type": "turn", "record": {...}, "seat": ...}: it replays the record with the project's
  engines and answers a random legal move, {"move": "2D f1-c4"} for Overlords, {"turn":
  ["c3-e5", "h7-h8"]} for Prepollency;
- {"type": "setup", "record": {...}, "seat": "white" or "black"} (Overlords, before the first
  move; the record holds the features, and White's setup when Black sets up): it answers a
  random setup on its back row that does not leave its Overlord to be taken on move 1 (drawn
  as a fresh random game draws it, through the engine, so no game is named here), e.g.
  {"setup": {"O": "e8", "D": "f8", "W": "d8", "H": "c8"}}. (Answering {"setup": null} would
  leave the choice to the program.)
- anything else: {"error": "unknown message"} (the program never sends one).

A line it cannot read (not JSON, or a record that does not replay) gets {"error": ...} with
the reason cut short, never a traceback: the program then forfeits the bot with that answer.
"""

from __future__ import annotations

import json
import random
import sys
from typing import IO

from common import record
from common.ai.bot import SETUP_KEY
from common.games import GAMES

MAX_ERROR = 200  # characters of a reason in an error answer
TRIES = 200  # random setups tried before one that may lose on move 1 is taken


def setup(message: dict, rng: random.Random) -> dict:
    """A random setup for the seat (the one a fresh random game of the game would give it);
    when the seats before it have set up (Black sees White's), one after which no opponent
    move ends the game at once. Any game with setups, through its engine alone."""
    name = message["record"]["game"]
    game = GAMES[name].engine
    label = str(message["seat"])
    known = dict(message["record"].get(SETUP_KEY) or {})
    mine: dict = {}
    for _ in range(TRIES):
        fresh = game.new_state(rng, GAMES[name].seat_counts[0])
        mine = game.record_header(fresh)[SETUP_KEY][label]
        if not known:
            return mine
        full = dict(message["record"], **{SETUP_KEY: {**known, label: mine}})
        try:
            state = game.initial_state(full)
        except ValueError:  # not every seat has set up yet: nothing to check against
            return mine
        if not any(game.outcome(game.apply(state, move)) is not None
                   for move in game.legal_moves(state)):
            return mine
    return mine


def answer(line: str, games: dict, rng: random.Random) -> dict:
    """The answer to one message line."""
    try:
        message = json.loads(line)
        if not isinstance(message, dict):
            return {"error": "unknown message"}
        if message.get("type") == "setup":
            return {"setup": setup(message, rng)}
        if message.get("type") == "turn":
            replay = record.replay(message["record"], games)
            game, state = replay.game, replay.final
            key = "move" if game.MOVES_KEY == "moves" else "turn"
            return {key: game.move_data(game.random_move(state, rng))}
    except Exception as err:  # noqa: BLE001 - one answer line for every message, always
        return {"error": f"{type(err).__name__}: {str(err)[:MAX_ERROR]}"}
    return {"error": "unknown message"}


def serve(seed: int | None = None, stdin: IO[str] | None = None,
          stdout: IO[str] | None = None) -> int:
    """Answer every message on stdin with one line until stdin closes."""
    games = {name: entry.engine for name, entry in GAMES.items()}
    rng = random.Random(seed)
    out = stdout or sys.stdout
    for line in stdin or sys.stdin:
        out.write(json.dumps(answer(line, games, rng)) + "\n")
        out.flush()
    return 0


def main(argv: list[str]) -> int:
    """The script's entry (examples/random_bot.py): an optional seed."""
    return serve(int(argv[0]) if argv else None)
