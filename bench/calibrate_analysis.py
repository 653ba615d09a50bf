"""How well the analysis' chances match who went on to win, and the sharpness that fits best.

    python3 bootstrap.py bench calibrate_analysis [--games 12] [--nodes 400]

CPU games (the levels at fixed node counts, seeded: the same games every run) are played to
the end; every position of them that the tactics do not settle is searched as the analysis
searches it (`common.analysis.Analyser.search`), and its value vector is kept with the game's
winner. For each game the log-loss and the Brier score of the winner's chance are printed at
the adapter's `SHARPNESS` and at the k that fits best (a grid from 0.25 to 6), with a table of
predicted against observed wins by tenths: the figures `overlords/analysis.py` and
`prepollency/analysis.py` took their k from. Drawn and unfinished games are left out.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.analysis import played_game  # noqa: E402
from common import analysis  # noqa: E402
from common import record as rec  # noqa: E402
from common.games import engines  # noqa: E402

GAMES = engines()
SETUPS = {
    "overlords": (2, ["normal:400", "easy:200", "normal:300", "hard:600"]),
    "prepollency": (4, ["normal:150", "easy:100", "normal:100", "easy:150"]),
}


def samples(name: str, games: int, nodes: int, turns: int) -> list[tuple[list, list, int]]:
    """(values of the seats in, those seats, the winner) of every unsettled position."""
    seats, specs = SETUPS[name]
    out = []
    for g in range(games):
        record = played_game(name, seats, specs[g % 2:] + specs[:g % 2], turns, 100 + g,
                             to_the_end=True)
        replay = rec.replay(record, GAMES)
        outcome = replay.game.outcome(replay.final)
        if outcome is None or outcome.winner is None:
            continue
        an = analysis.Analyser(replay.game, nodes)
        for i, state in enumerate(replay.states[:-1]):
            if an.adapter.proven(state) is not None or an.adapter.doomed(state) is not None:
                continue
            values, _ = an.search(state, i)
            players = replay.game.players(state)
            alive = an.adapter.alive(state)
            kept = [v for p, v in zip(players, values, strict=True) if p in alive]
            out.append((kept, list(alive), outcome.winner))
        print(f"  {name} game {g + 1}: {len(replay.moves)} turns, winner "
              f"{replay.game.player_label(outcome.winner)}", flush=True)
    return out


def scores(data, k: float) -> tuple[float, float]:
    """Mean log-loss and Brier score of the winner's chance at sharpness k."""
    loss = brier = 0.0
    for values, alive, winner in data:
        chances = analysis.to_chances(values, alive, alive, k)
        p = max(1e-6, chances.get(winner, 0.0))
        loss -= math.log(p)
        brier += sum((c - (s == winner)) ** 2 for s, c in chances.items())
    return loss / len(data), brier / len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--nodes", type=int, default=400)
    parser.add_argument("--turns", type=int, default=160, help="longest game played")
    parser.add_argument("--game", choices=sorted(SETUPS), default=None)
    args = parser.parse_args(argv)
    for name in [args.game] if args.game else sorted(SETUPS):
        data = samples(name, args.games, args.nodes, args.turns)
        if not data:
            print(f"{name}: no finished game")
            continue
        k_now = analysis.adapter_for(GAMES[name]).SHARPNESS
        grid = [x / 4 for x in range(1, 25)]
        best = min(grid, key=lambda k: scores(data, k)[0])
        now, fit = scores(data, k_now), scores(data, best)
        print(f"{name}: {len(data)} positions; k {k_now}: log-loss {now[0]:.3f}, Brier "
              f"{now[1]:.3f}; best k {best}: log-loss {fit[0]:.3f}, Brier {fit[1]:.3f}")
        bins = [[0, 0.0] for _ in range(10)]
        for values, alive, winner in data:
            for s, c in analysis.to_chances(values, alive, alive, k_now).items():
                b = bins[min(9, int(c * 10))]
                b[0] += 1
                b[1] += s == winner
        print("  chance  " + "  ".join(f"{i * 10:>3}%" for i in range(10)))
        print("  won     " + "  ".join(f"{(w / n if n else 0):>4.0%}" for n, w in bins))
        print("  count   " + "  ".join(f"{n:>4}" for n, _ in bins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
