"""Benchmark: Prepollency random playouts, the engine's `random` player against itself.

Each turn is a random first move, then a random second move by another piece (fewer when none
is legal), chosen by `prepollency.rules.random_turn` and played with `rules.apply`; every single
piece move counts as a ply. Games restart from the opening until the time is up.

    python bench/prepollency_playout.py [--players 2|4] [--seconds S] [--seed N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from prepollency import rules  # noqa: E402


def playouts(players: int, seconds: float, seed: int) -> dict:
    """Random playouts for about `seconds`: plies, turns and generated moves per second."""
    rng = random.Random(seed)
    plies = turns = generated = games = 0
    reasons: dict[str, int] = {}
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    state = rules.new_state(rng, players)
    while True:
        turn, n = rules.random_turn(state, rng)
        state = rules.apply(state, turn)
        plies += len(turn)
        turns += 1
        generated += n
        if state.result is not None:
            games += 1
            reasons[state.result.reason] = reasons.get(state.result.reason, 0) + 1
            state = rules.new_state(rng, players)
        if not turns & 15 and clock() >= deadline:
            break
    elapsed = clock() - start
    return {
        "plies_per_s": plies / elapsed,
        "turns_per_s": turns / elapsed,
        "steps_generated_per_s": generated / elapsed,
        "games_finished": games,
        "reasons": reasons,
        "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the playout figures for 2 and 4 players (or the one asked for)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 4), default=None)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for players in (args.players,) if args.players else (2, 4):
        r = playouts(players, args.seconds, args.seed)
        print(f"prepollency {players} players: {r['plies_per_s']:,.0f} plies/s, "
              f"{r['turns_per_s']:,.0f} turns/s, {r['steps_generated_per_s']:,.0f} "
              f"moves generated/s ({r['games_finished']} games finished: {r['reasons']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
