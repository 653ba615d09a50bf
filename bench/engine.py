"""Engine speed: random playouts of Overlords, Prepollency and python-chess in the same run.

Each playout generates the full list of legal moves every ply, picks one uniformly (seeded)
and applies it, until the game ends. Prints plies/s, legal moves generated per second and
each engine's ratio to python-chess. Run: python3 bootstrap.py bench engine [--seconds S]
"""

from __future__ import annotations

import argparse
import random
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
    args = parser.parse_args()
    chess_fig = chess_playouts(args.seconds, args.seed)
    base = chess_fig["plies_per_s"]
    print(f"python-chess   {base:10.0f} plies/s  {chess_fig['moves_per_s']:11.0f} moves/s")
    ov = overlords_playouts(args.seconds, args.seed)
    print(f"overlords      {ov['plies_per_s']:10.0f} plies/s  {ov['moves_per_s']:11.0f} moves/s"
          f"  ratio {ov['plies_per_s'] / base:.2f}x  ({ov['moves_per_ply']:.0f} legal turns "
          f"per ply, {ov['plies_per_game']:.0f} plies per game)")
    for players in (2, 4):
        pp = prepollency_playouts(players, args.seconds, args.seed)
        print(f"prepollency {players}p {pp['plies_per_s']:10.0f} plies/s  "
              f"{pp['turns_per_s']:8.0f} turns/s  ratio {pp['plies_per_s'] / base:.2f}x")


if __name__ == "__main__":
    main()
