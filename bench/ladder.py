"""Level against level: win rates with 95% confidence intervals, time per turn, records.

    python3 bootstrap.py bench ladder                     the issue's pairings, 20 games each
    python3 bootstrap.py bench ladder --games 60 --jobs 2 --only overlords
    python3 bootstrap.py bench ladder --pair prepollency4:hard-normal --games 40
    python3 bootstrap.py bench ladder --pair prepollency3:hard-normal --games 12
    python3 bootstrap.py bench ladder --set novice        issue 36: novice's bars, 40 games each

A pairing `A-B` plays A against B with both colours (seats) equally: in 2-player games each
board is played twice, A White (seat 1) once and Black (seat 3) once; in 3- and 4-player games
(`prepollency3`, the variant, and `prepollency4`) one A seat faces two or three B seats, A
taking each seat in turn. CPU seats search their level's calibrated node budget (level seconds
x the game's nodes per second), so results are reproducible from --seed; --scale multiplies
every budget. A "win" is a real win (a draw or an unfinished game is not). A CPU seat that can
no longer win resigns at the start of its turn, as in the app (`common.ai.levels.gives_up`);
--play-out keeps every seat in to the end.
Every move is checked by the engine; every record is written to --out and validated.

`--set novice` plays the pairings of the first level (issue 36): novice against the random
mover, `greedy` (the bench's sensible newcomer, `common.ai.oneply`: it takes free pieces and
never leaves the game to be won at once; a seat spec of the ladder only) against novice, and
`easy` against novice, in both games, and in Prepollency with four players one novice among
three random, three greedy and three easy seats.

Time per turn is measured twice: wall-clock, and the CPU time of the process that plays the
game. Budgets are judged on CPU time, which on a busy machine (other jobs, or --jobs 2) is
what one turn costs on an idle core; wall-clock is printed beside it.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import record as rec  # noqa: E402
from common.ai.levels import LEVELS, gives_up, heuristics_for, level_nodes, make_cpu  # noqa: E402
from common.ai.oneply import BENCH_PLAYERS, OnePlyPlayer  # noqa: E402

DEFAULT_PAIRS = [
    ("overlords", "hard", "random"), ("overlords", "hard", "normal"),
    ("overlords", "normal", "easy"), ("overlords", "easy", "random"),
    ("prepollency", "hard", "random"), ("prepollency", "hard", "normal"),
    ("prepollency4", "hard", "random"), ("prepollency4", "hard", "normal"),
]
TARGETS = {  # the bars: a win rate the first level must reach
    ("overlords", "hard", "random"): 0.98, ("overlords", "hard", "normal"): 0.65,
    ("overlords", "normal", "easy"): 0.65, ("overlords", "easy", "random"): 0.80,
    ("prepollency", "hard", "random"): 0.95, ("prepollency", "hard", "normal"): 0.60,
    ("prepollency4", "hard", "random"): 0.80, ("prepollency4", "hard", "normal"): 0.50,
}
NOVICE_PAIRS = [  # issue 36: the first level (the first level is the pairing's first or second)
    ("overlords", "novice", "random"), ("overlords", "greedy", "novice"),
    ("overlords", "easy", "novice"),
    ("prepollency", "novice", "random"), ("prepollency", "greedy", "novice"),
    ("prepollency", "easy", "novice"),
    ("prepollency4", "novice", "random"), ("prepollency4", "novice", "greedy"),
    ("prepollency4", "novice", "easy"),
]
for _game in ("overlords", "prepollency"):  # a bar (lo, hi) is a range the rate must fall in
    TARGETS[(_game, "novice", "random")] = 0.90
    TARGETS[(_game, "greedy", "novice")] = (0.55, 0.80)
    TARGETS[(_game, "easy", "novice")] = 0.75
SETS = {"default": (DEFAULT_PAIRS, 20), "novice": (NOVICE_PAIRS, 40)}  # pairs, games each
# 4 players (issue 17): at most this share of drawn games, and games this long on average
GAME_BARS = {("prepollency4", "hard", "normal"): (0.20, 250)}
MAX_TURNS = 2000
PLAYERS = {"overlords": 2, "prepollency": 2, "prepollency3": 3, "prepollency4": 4}  # variants


def _engine(name: str):
    import overlords.rules
    import prepollency.rules

    return overlords.rules if name == "overlords" else prepollency.rules


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_specs(variant: str, a: str, b: str, index: int) -> list[str]:
    """The levels of game `index`'s seats, in seat order: one A and the rest B, A taking
    each seat in turn from game to game."""
    players = PLAYERS[variant]
    specs = [a] + [b] * (players - 1)
    shift = index % players
    return specs[-shift:] + specs[:-shift] if shift else specs


def play_one(task: tuple) -> dict:
    """One game of a pairing; returns the result, the turn times per level and the record."""
    variant, a, b, index, seed, scale, out, play_out = task
    game = _engine(variant)
    players = PLAYERS[variant]
    state = game.new_state(random.Random(seed * 1_000_003 + index // players), players)
    rng = random.Random(seed * 1_000_003 + index)
    seats = game.players(state)
    specs = seat_specs(variant, a, b, index)
    cpus = {}
    for seat, spec in zip(seats, specs, strict=True):
        if spec == "random":
            cpus[seat] = None
        elif spec in BENCH_PLAYERS:
            cpus[seat] = OnePlyPlayer(game, BENCH_PLAYERS[spec], random.Random(rng.getrandbits(64)),
                                      heuristics_for(game))
        else:
            nodes = max(1, round(scale * level_nodes(LEVELS[spec], heuristics_for(game))))
            cpus[seat] = make_cpu(game, spec, random.Random(rng.getrandbits(64)), nodes)
    for seat in seats:  # CPU seats set up (Overlords), White first, not seeing Black's
        if cpus[seat] is not None:
            state = cpus[seat].opening(state, seat)
    initial, moves, withdrawn = state, [], []
    times, walls = {a: [], b: []}, {a: [], b: []}
    error = None
    try:
        while game.outcome(state) is None and len(moves) < MAX_TURNS:
            seat = game.to_move(state)
            started, clock = time.perf_counter(), time.process_time()
            cpu = cpus[seat]
            if cpu is not None and not play_out and gives_up(game, state):
                state = rec.withdraw(game, state, seat, "resign", moves, withdrawn)
                continue
            move = game.random_move(state, rng) if cpu is None else cpu(state)
            level = specs[seats.index(seat)]
            times[level].append(time.process_time() - clock)
            walls[level].append(time.perf_counter() - started)
            state = game.apply(state, move)  # raises on an illegal move
            moves.append(move)
    except Exception as err:  # noqa: BLE001 - a crash is a finding to report, not to hide
        error = f"{type(err).__name__}: {err}"
    outcome = game.outcome(state)
    winner = None if outcome is None or outcome.winner is None else specs[seats.index(
        outcome.winner)]
    a_seat = seats[specs.index(a)] if a != b else None
    record = rec.build(game, initial, moves, state, withdrawn,
                       players={str(game.player_label(s)): p for s, p in zip(seats, specs,
                                                                             strict=True)})
    path = Path(out) / f"{variant}-{a}-{b}-{index:03d}.json"
    rec.save(path, record)
    return {"winner": winner, "reason": outcome.reason if outcome else "unfinished",
            "a_won": outcome is not None and a_seat is not None and outcome.winner == a_seat,
            "times": times, "walls": walls, "error": error, "path": str(path), "turns": len(moves)}


def run_pair(variant: str, a: str, b: str, games: int, seed: int, scale: float, out: Path,
             pool: ProcessPoolExecutor | None, play_out: bool = False) -> dict:
    """Play one pairing; return its tallies."""
    out.mkdir(parents=True, exist_ok=True)
    tasks = [(variant, a, b, i, seed, scale, str(out), play_out) for i in range(games)]
    results = list(pool.map(play_one, tasks)) if pool else [play_one(t) for t in tasks]
    wins = sum(r["a_won"] for r in results)
    draws = sum(r["winner"] is None for r in results)
    times, walls = {a: [], b: []}, {a: [], b: []}
    for r in results:
        for level, ts in r["times"].items():
            times[level] += ts
            walls[level] += r["walls"][level]
    invalid = []
    for r in results:
        try:
            rec.replay(rec.load(r["path"]), {"overlords": _engine("overlords"),
                                             "prepollency": _engine("prepollency")})
        except rec.RecordError as err:
            invalid.append(f"{r['path']}: {err}")
    return {"variant": variant, "a": a, "b": b, "games": games, "wins": wins, "draws": draws,
            "times": times, "walls": walls, "errors": [r["error"] for r in results if r["error"]],
            "invalid": invalid, "turns": [r["turns"] for r in results],
            "reasons": sorted({r["reason"] for r in results})}


def report(t: dict) -> str:
    """One pairing as printed lines."""
    lo, hi = wilson(t["wins"], t["games"])
    target = TARGETS.get((t["variant"], t["a"], t["b"]))
    rate = t["wins"] / t["games"]
    if isinstance(target, tuple):
        bar = f"  target {target[0]:.0%}-{target[1]:.0%}: " + (
            "met" if target[0] <= rate <= target[1] else "NOT met")
    else:
        bar = "" if target is None else f"  target >= {target:.0%}: " + (
            "met" if rate >= target else "NOT met")
    bars = GAME_BARS.get((t["variant"], t["a"], t["b"]))
    if bars is not None:
        draws, turns = bars
        held = t["draws"] / t["games"] <= draws and statistics.mean(t["turns"]) <= turns
        bar += f"; draws <= {draws:.0%}, avg <= {turns} turns: " + ("met" if held else "NOT met")
    lines = [f"{t['variant']:<13} {t['a']:>6} vs {t['b']:<6} {t['wins']:>3}/{t['games']:<3} "
             f"= {t['wins'] / t['games']:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]  draws {t['draws']}"
             f"  avg {statistics.mean(t['turns']):.0f} turns  ({', '.join(t['reasons'])}){bar}"]
    for level, ts in t["times"].items():
        if level == "random" or not ts:
            continue
        med, worst = statistics.median(ts), max(ts)
        judged = ""
        if level in LEVELS:
            budget = LEVELS[level].seconds
            held = "held" if med <= budget and worst <= 1.5 * budget else "NOT held"
            judged = f" (budget {budget} s: {held})"
        wall = t["walls"][level]
        lines.append(f"    {level:<6} {len(ts):>5} turns, CPU s: avg {statistics.mean(ts):.3f}, "
                     f"median {med:.3f}, max {worst:.3f}{judged}; "
                     f"wall s: median {statistics.median(wall):.3f}, max {max(wall):.3f}")
    if t["errors"]:
        lines.append(f"    CRASHES / ILLEGAL MOVES: {t['errors'][:3]}")
    if t["invalid"]:
        lines.append(f"    INVALID RECORDS: {t['invalid'][:3]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the ladder and print its table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per pairing (20; 40 for --set novice)")
    parser.add_argument("--pair", action="append", default=None,
                        help="VARIANT:A-B, e.g. overlords:hard-normal (repeatable)")
    parser.add_argument("--only", default=None, help="only this variant's pairings")
    parser.add_argument("--set", default="default", choices=sorted(SETS),
                        help="the pairings: default (the levels' bars), or novice (issue 36's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply node budgets")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel (1)")
    parser.add_argument("--out", type=Path, default=Path("out/ladder"))
    parser.add_argument("--play-out", action="store_true",
                        help="no CPU seat resigns, even when it can no longer win")
    args = parser.parse_args(argv)
    pairs, games = SETS[args.set]
    if args.games is None:
        args.games = games
    if args.pair:
        pairs = []
        for text in args.pair:
            variant, _, levels = text.partition(":")
            a, _, b = levels.partition("-")
            if variant not in PLAYERS:
                parser.error(f"--pair {text[:60]!r}: the variant must be one of "
                             f"{', '.join(PLAYERS)}")
            for level in (a, b):
                if level != "random" and level not in LEVELS and level not in BENCH_PLAYERS:
                    parser.error(f"--pair {text[:60]!r}: {level[:20]!r} is not a level "
                                 f"({', '.join([*LEVELS, *BENCH_PLAYERS])} or random)")
            pairs.append((variant, a, b))
    if args.only is not None and args.only not in PLAYERS:
        parser.error(f"--only {args.only[:20]!r}: the variant must be one of {', '.join(PLAYERS)}")
    if args.games < 1 or args.jobs < 1 or not 0 < args.scale <= 100:
        parser.error("--games and --jobs must be at least 1, and --scale above 0 (at most 100)")
    if args.only:
        pairs = [p for p in pairs if p[0] == args.only]
    for game in ("overlords", "prepollency"):
        h = heuristics_for(_engine(game))
        budgets = ", ".join(f"{n} {level_nodes(LEVELS[n], h)}" for n in ("easy", "normal", "hard"))
        print(f"{game}: nodes per turn {budgets} (scale {args.scale})")
    failed = False
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for variant, a, b in pairs:
            started = time.perf_counter()
            tally = run_pair(variant, a, b, args.games, args.seed, args.scale, args.out, pool,
                             args.play_out)
            print(report(tally), f"\n    ({time.perf_counter() - started:.0f} s)", flush=True)
            failed |= bool(tally["errors"] or tally["invalid"])
    finally:
        if pool:
            pool.shutdown()
    print(f"records in {args.out}/ (all validated)" if not failed else "some games FAILED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
