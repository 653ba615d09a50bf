"""Engine speed: random playouts of Overlords, Prepollency and python-chess in the same run.

Each playout generates the full list of legal moves every ply, picks one uniformly (seeded)
and applies it, until the game ends. Prints plies/s, legal moves generated per second and
each engine's ratio to python-chess. Overlords is measured twice: through the public path
every other layer uses (`rules.legal_moves` + `rules.apply`, which checks the move: the
analysis, the puzzles, the UI) and through the search's packed-int fast path (`legal_codes`
+ `apply_legal`). The public path and python-chess run interleaved, round after round, and
the ratio printed is the median of the rounds' ratios (a shared machine's load then falls on
both alike). Run: python3 bootstrap.py bench engine [--seconds S] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import chess  # noqa: E402
from prepollency_playout import playouts as prepollency_playouts  # noqa: E402

import overlords.rules as overlords  # noqa: E402


def chess_playouts(seconds: float, seed: int) -> dict:
    """python-chess random playouts: legal move list + push, until mate, stalemate, the
    50-move rule or insufficient material."""
    rng = random.Random(seed)
    plies = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while True:
            legal = list(board.legal_moves)
            if not legal or board.halfmove_clock >= 100 or board.is_insufficient_material():
                break
            moves += len(legal)
            board.push(legal[rng.randrange(len(legal))])
            plies += 1
    elapsed = time.perf_counter() - start
    return {"plies_per_s": plies / elapsed, "moves_per_s": moves / elapsed}


def overlords_public_playouts(seconds: float, seed: int) -> dict:
    """Overlords random playouts through the public path: legal_moves (Move values, sorted)
    and the checked apply every ply."""
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = overlords.new_state(rng)
        while state.result is None:
            legal = overlords.legal_moves(state)
            state = overlords.apply(state, legal[rng.randrange(len(legal))])
            plies += 1
    return {"plies_per_s": plies / (time.perf_counter() - start)}


def overlords_playouts(seconds: float, seed: int) -> dict:
    """Overlords random playouts on random boards: legal_codes + apply_legal every ply."""
    rng = random.Random(seed)
    plies = moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = overlords.new_state(rng)
        games += 1
        while state.result is None:
            legal = overlords.legal_codes(state)
            moves += len(legal)
            state = overlords.apply_legal(state, legal[rng.randrange(len(legal))])
            plies += 1
    elapsed = time.perf_counter() - start
    return {"plies_per_s": plies / elapsed, "moves_per_s": moves / elapsed,
            "moves_per_ply": moves / plies, "plies_per_game": plies / games}


def main() -> None:
    """Run each playout for the same time and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per engine (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7,
                        help="interleaved rounds of python-chess and the public path (7)")
    args = parser.parse_args()
    rounds = max(1, args.rounds)
    ratios, chess_rates, public_rates = [], [], []
    for r in range(rounds):
        c = chess_playouts(args.seconds / rounds, args.seed + r)["plies_per_s"]
        o = overlords_public_playouts(args.seconds / rounds, args.seed + r)["plies_per_s"]
        ratios.append(o / c)
        chess_rates.append(c)
        public_rates.append(o)
    chess_fig = chess_playouts(args.seconds, args.seed)
    base = chess_fig["plies_per_s"]
    print(f"python-chess   {base:10.0f} plies/s  {chess_fig['moves_per_s']:11.0f} moves/s")
    print(f"overlords public path (legal_moves + apply) {statistics.median(public_rates):.0f} "
          f"plies/s against python-chess {statistics.median(chess_rates):.0f}: ratio "
          f"{statistics.median(ratios):.2f}x (median of {rounds} interleaved rounds; "
          f"{min(ratios):.2f}..{max(ratios):.2f})")
    ov = overlords_playouts(args.seconds, args.seed)
    print(f"overlords fast {ov['plies_per_s']:10.0f} plies/s  {ov['moves_per_s']:11.0f} moves/s"
          f"  ratio {ov['plies_per_s'] / base:.2f}x  ({ov['moves_per_ply']:.0f} legal turns "
          f"per ply, {ov['plies_per_game']:.0f} plies per game)")
    for players in (2, 4):
        pp = prepollency_playouts(players, args.seconds, args.seed)
        print(f"prepollency {players}p {pp['plies_per_s']:10.0f} plies/s  "
              f"{pp['turns_per_s']:8.0f} turns/s  ratio {pp['plies_per_s'] / base:.2f}x")


if __name__ == "__main__":
    main()
