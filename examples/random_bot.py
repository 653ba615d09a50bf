#!/usr/bin/env python3
"""A tiny outside bot: plays a random legal move for either game over JSON lines.

    python3 main.py selfplay overlords --players "cmd:.venv/bin/python examples/random_bot.py,easy"

The bot itself is common/ai/example_bot.py (its docstring lists the messages and answers),
which an installed copy and the stand-alone build run as `overlords-prepollency bot random`;
this script runs it from a checkout, with an optional seed as its one argument. A bot of your
own needs none of this project's code: it reads one JSON message a line on stdin and prints
one answer line for each (see the README's "Outside bots").
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common.ai.example_bot import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
