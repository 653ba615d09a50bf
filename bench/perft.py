"""Perft speed: depth 1 and 2 on every shared vector of both games, and Overlords depth 3 from
a start position. Prints each count (checked against the vector) and its time.
Run: python3 bootstrap.py bench perft
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import record as rec  # noqa: E402
from main import games  # noqa: E402

VECTORS = ROOT / "tests" / "data" / "vectors"  # the repository's copies of the shared vectors


def _timed(game, state, depth: int) -> tuple[int, float]:
    start = time.perf_counter()
    count = game.perft(state, depth)
    return count, time.perf_counter() - start


def main() -> None:
    """Time perft on every vector and print the figures."""
    registry = games()
    worst = {}
    for name, key, depths in (("overlords_perft.json", "perft", (1, 2)),
                              ("prepollency_turns.json", "turns", (1,)),
                              ("prepollency_3p_turns.json", "turns", (1,))):
        vectors = json.loads((VECTORS / name).read_text())["vectors"]
        for i, vector in enumerate(vectors):
            replay = rec.replay(vector["record"], registry)
            expected = vector[key] if isinstance(vector[key], list) else [vector[key]]
            for depth, want in zip(depths, expected, strict=True):
                count, seconds = _timed(replay.game, replay.final, depth)
                status = "ok" if count == want else f"MISMATCH (expected {want})"
                print(f"{name} #{i} depth {depth}: {count} in {seconds * 1000:.1f} ms {status}")
                label = f"{replay.game.NAME} depth {depth}"
                worst[label] = max(worst.get(label, 0.0), seconds)
    for label, seconds in worst.items():
        print(f"slowest {label}: {seconds * 1000:.1f} ms")
    start = json.loads((VECTORS / "overlords_perft.json").read_text())["vectors"][0]["record"]
    replay = rec.replay(start, registry)
    count, seconds = _timed(replay.game, replay.final, 3)
    print(f"overlords depth 3 from a start position: {count} sequences in {seconds:.2f} s "
          f"({count / seconds:,.0f} per second)")


if __name__ == "__main__":
    main()
