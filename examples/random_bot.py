#!/usr/bin/env python3
"""A tiny outside bot: plays a random legal move for either game over JSON lines.

    python3 main.py selfplay overlords --players "cmd:.venv/bin/python examples/random_bot.py,easy"

Each turn it reads one line, {"type": "turn", "record": {...}, "seat": ...}, replays the
record with the project's engines, and answers one line: {"move": "2D f1-c4"} for Overlords,
{"turn": ["c3-e5", "h7-h8"]} for Prepollency. Anything it prints must be exactly that line.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import record  # noqa: E402


def main() -> None:
    """Answer every turn message on stdin with a random legal move."""
    import overlords.rules
    import prepollency.rules

    games = {"overlords": overlords.rules, "prepollency": prepollency.rules}
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") != "turn":
            continue
        replay = record.replay(message["record"], games)
        game, state = replay.game, replay.final
        key = "move" if game.MOVES_KEY == "moves" else "turn"
        answer = {key: game.move_data(game.random_move(state, rng))}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
