#!/usr/bin/env python3
"""A tiny outside bot: plays a random legal move for either game over JSON lines.

    python3 main.py selfplay overlords --players "cmd:.venv/bin/python examples/random_bot.py,easy"

Every message it reads gets exactly one answer line (anything else it prints would forfeit):

- {"type": "turn", "record": {...}, "seat": ...}: it replays the record with the project's
  engines and answers a random legal move, {"move": "2D f1-c4"} for Overlords, {"turn":
  ["c3-e5", "h7-h8"]} for Prepollency;
- {"type": "setup", "record": {...}, "seat": "white" or "black"} (Overlords, before the first
  move; the record holds the features, and White's setup when Black sets up): it answers a
  random setup on its back row that does not leave its Overlord to be taken on move 1, e.g.
  {"setup": {"O": "e8", "D": "f8", "W": "d8", "H": "c8"}}. (Answering {"setup": null} would
  leave the choice to the program.)
- anything else: {"error": "unknown message"} (the program never sends one).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import record  # noqa: E402

LETTERS = ("O", "D", "W", "H")  # Overlord, Dragon, Wizard, Hero


def setup(message: dict, rng: random.Random) -> dict:
    """A random setup for the seat: four different squares of its back row; as Black (who
    sees White's setup), one where no White figure can take the Overlord on move 1."""
    from overlords import rules

    seat = message["seat"]
    data = message["record"]
    rank = "1" if seat == "white" else "8"
    known = data.get("setup", {})
    for _ in range(200):
        squares = rng.sample([f"{file}{rank}" for file in "abcdefgh"], 4)
        mine = dict(zip(LETTERS, squares, strict=True))
        if seat == "white" or "white" not in known:
            return mine
        full = dict(data, setup={"white": known["white"], "black": mine}, moves=[], result=None)
        state = rules.initial_state(full)
        if not any(rules.outcome(rules.apply(state, move)) is not None
                   for move in rules.legal_moves(state)):
            return mine
    return mine


def main() -> None:
    """Answer every message on stdin with one line."""
    import overlords.rules
    import prepollency.rules

    games = {"overlords": overlords.rules, "prepollency": prepollency.rules}
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "setup":
            answer: dict = {"setup": setup(message, rng)}
        elif message.get("type") == "turn":
            replay = record.replay(message["record"], games)
            game, state = replay.game, replay.final
            key = "move" if game.MOVES_KEY == "moves" else "turn"
            answer = {key: game.move_data(game.random_move(state, rng))}
        else:
            answer = {"error": "unknown message"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
