"""Prepollency tactics: do the levels and the Hint take wins at once, stop the wins of the
seats that move next, keep their base and their Khan, and what does the check cost a turn?

    python3 bootstrap.py bench tactics --game prepollency
    python3 bootstrap.py bench tactics_prepollency --players normal,hint --scale 0.5
    python3 bootstrap.py bench tactics_prepollency --cost-turns 30 --baseline

The positions are the records in bench/data/prepollency_tactics/ (made by
bench/make_prepollency_tactics_set.py from self-play at 2, 3 and 4 players): `win-*` (a turn
wins at once), `stop-*` (a seat before the mover's next turn wins unless stopped, and it can
be), `base-*` (the mover's base falls unless defended) and `khan-*` (the Khan is taken unless
it is saved). Each player is asked through the `move` command's function
(`common.cli.move.choose_move`) with its level's calibrated node count fixed (times --scale), so
the figures are reproducible from --seed; the Hint is asked as the app asks it. A win is
found when the turn wins; a stop, a base or a Khan is kept when the turn chosen allows less
than holding the line did (`prepollency.tactics.danger`).

Cost: for each level, at the same node counts, the share of a CPU turn's time spent in the
tactical check (`TurnStats.tactics`), over positions of the set's games taken at random points
(--cost-turns per record: openings, middle games and endings of CPU games at 2, 3 and 4
players) and, separately, over the set's question positions (the check's busiest case); the
median over the games' positions is held against the issue's 20%. --baseline also runs the
levels with the check off on the set.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import record as rec  # noqa: E402
from common.ai.levels import LEVELS, CpuPlayer, heuristics_for, hint_seat, level_nodes  # noqa: E402
from common.cli.move import choose_move  # noqa: E402
from prepollency import rules, tactics  # noqa: E402
from prepollency.moves import Turn  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "prepollency_tactics"
KINDS = ("win", "stop", "base", "khan")
TARGETS = {"easy": 0.80, "normal": 0.98, "hard": 0.98, "hint": 0.98}  # wins found and stops
KHAN_BAR = 0.10  # at most this share of Khans left en prise (normal and hard)
COST_BAR = 0.20  # the check's share of a CPU turn (median)
GAMES = {"prepollency": rules}


def spec_of(name: str, scale: float) -> str:
    """The seat spec a player name stands for, with its calibrated node count fixed."""
    if name == "hint":
        return str(hint_seat(rules))
    nodes = max(1, round(scale * level_nodes(LEVELS[name], heuristics_for(rules))))
    return f"{name}:{nodes}"


def kept(kind: str, state: rules.State, turn: Turn) -> bool:
    """Whether the turn answers the position's question (see module)."""
    if kind == "win":
        result = rules.apply(state, turn).result
        return result is not None and result.winner == state.turn
    bar = {"stop": tactics.HANDS_WIN, "base": tactics.BASE_FALLS, "khan": tactics.KHAN_LOST}[kind]
    return tactics.Watch(state).level(turn) < bar


def load(folder: Path) -> list[tuple[str, int, dict, rules.State]]:
    """(kind, players, record, final state) of every record in the folder."""
    out = []
    for path in sorted(folder.glob("*.json")):
        kind = path.name.split("-")[0]
        if kind in KINDS:
            record = rec.load(path)
            state = rec.replay(record, GAMES).final
            out.append((kind, len(state.seats), record, state))
    return out


def hit_rates(positions: list, spec: str, seed: int, check: bool) -> dict[tuple[str, int], list]:
    """(kind, players) -> [answered, asked] for one player."""
    tally: dict[tuple[str, int], list[int]] = {}
    for index, (kind, players, record, state) in enumerate(positions):
        if check:
            _, turn = choose_move(record, spec, seed * 1_000_003 + index, GAMES)
        else:
            level, nodes = spec.split(":")
            cpu = CpuPlayer(rules, LEVELS[level], random.Random(seed * 1_000_003 + index),
                            int(nodes), tactics=False)
            turn = cpu(state)
        row = tally.setdefault((kind, players), [0, 0])
        row[0] += kept(kind, state, turn)
        row[1] += 1
    return tally


def cost(name: str, scale: float, positions: list, turns: int, seed: int
         ) -> tuple[list[float], list[float]]:
    """The tactical check's share of a CPU turn at the level: over positions of the set's
    games taken at random points (`turns` of them per record, at most), and over the set's
    question positions themselves (the check's busiest case)."""
    nodes = max(1, round(scale * level_nodes(LEVELS[name], heuristics_for(rules))))
    rng = random.Random(seed)
    games, questions = [], []
    for index, (_, _, record, final) in enumerate(positions):
        states = rec.replay(record, GAMES).states
        picks = [states[rng.randrange(len(states))] for _ in range(turns)]
        for state, out in [*((s, games) for s in picks), (final, questions)]:
            if state.result is not None:
                continue
            cpu = CpuPlayer(rules, LEVELS[name], random.Random(seed + index), nodes)
            cpu(state)
            if cpu.last and cpu.last.seconds > 0:
                out.append(cpu.last.tactics / cpu.last.seconds)
    return games, questions


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="easy,normal,hard,hint")
    parser.add_argument("--data", type=Path, default=DATA, help="folder of position records")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply node counts")
    parser.add_argument("--cost-turns", type=int, default=3,
                        help="positions per record of the set for the cost (0: skip)")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure each level with the tactical check off")
    args = parser.parse_args(argv)
    positions = load(args.data)
    if not positions:
        print(f"no positions in {args.data} (run bench/make_prepollency_tactics_set.py)")
        return 1
    counts = {k: sum(p[0] == k for p in positions) for k in KINDS}
    print(f"Prepollency: {len(positions)} positions from {args.data}: " + ", ".join(
        f"{counts[k]} {k}" for k in KINDS))
    missed = False
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    for name in names:
        spec = spec_of(name, args.scale)
        rows = [(name, True)] + ([(f"{name} (no check)", False)]
                                 if args.baseline and name != "hint" else [])
        for label, check in rows:
            clock = time.process_time()
            tally = hit_rates(positions, spec, args.seed, check)
            parts, shares = [], {}
            for kind in KINDS:
                got = sum(v[0] for (k, _), v in tally.items() if k == kind)
                asked = sum(v[1] for (k, _), v in tally.items() if k == kind)
                if not asked:
                    continue
                shares[kind] = got / asked
                by = " ".join(f"{p}p {tally[(kind, p)][0]}/{tally[(kind, p)][1]}"
                              for p in (2, 3, 4) if (kind, p) in tally)
                parts.append(f"{kind} {got}/{asked} = {got / asked:.0%} ({by})")
            khan = 1.0 - shares.get("khan", 1.0)
            line = (f"{label:<18} {spec:<12} " + "; ".join(parts)
                    + f"; Khan left en prise {khan:.0%}"
                    + f"  ({time.process_time() - clock:.0f} CPU s)")
            if check and name in TARGETS:
                bar = TARGETS[name]
                ok = all(shares.get(k, 1.0) >= bar for k in ("win", "stop"))
                if name in ("normal", "hard"):
                    ok &= khan <= KHAN_BAR
                line += f"  target wins and stops >= {bar:.0%}" + (
                    f", Khan <= {KHAN_BAR:.0%}" if name in ("normal", "hard") else "") + (
                    ": met" if ok else ": NOT met")
                missed |= not ok
            print(line, flush=True)
    if args.cost_turns:
        for name in [n for n in names if n in LEVELS]:
            games, questions = cost(name, args.scale, positions, args.cost_turns, args.seed)
            median = statistics.median(games) if games else 0.0
            print(f"tactics cost, {name}: median {median:.1%} of a CPU turn over {len(games)} "
                  f"positions of the set's games (mean {statistics.mean(games or [0]):.1%}, "
                  f"worst {max(games, default=0.0):.1%}); on the set's questions median "
                  f"{statistics.median(questions or [0]):.1%}, worst "
                  f"{max(questions, default=0.0):.1%}; bar {COST_BAR:.0%} (median): "
                  f"{'held' if median <= COST_BAR else 'NOT held'}", flush=True)
            missed |= median > COST_BAR
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
