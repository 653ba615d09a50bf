"""Overlords tactics: do the levels and the Hint avoid traps and find forced wins, and how
fast are the board's danger marks? (`--game prepollency`: the Prepollency figures, see
bench/tactics_prepollency.py, which takes the rest of the options.)

    python3 bootstrap.py bench tactics                  every level, the Hint, the timings
    python3 bootstrap.py bench tactics --game prepollency
    python3 bootstrap.py bench tactics --players normal,hint --limit 20
    python3 bootstrap.py bench tactics --baseline       also the levels without the check
    python3 bootstrap.py bench tactics --verify 40      also check the verdicts by brute force

The positions are the records in bench/data/tactics/ (made by bench/make_tactics_set.py):
`trap-*` positions, where some moves lose by force two moves deep and the heuristics' favourite
is one of them, and `win-*` positions, where a forced win exists but no move wins at once.
Each player is asked through the `move` command's own function (`common.cli.move.choose_move`), with
its level's calibrated node count fixed, so the figures are reproducible from --seed; the Hint
is the `normal` level at that count, as in the app. A trap is avoided when the move chosen does
not lose by force (`overlords.tactics.danger`); a win is found when the move chosen wins at
once or leaves no reply that holds.

Judging time: for every position, every figure of the side to move has all its moves judged
(`tactics.judge`, what the board's marks need after a figure-first click); the median and the
worst over the set are printed, against the issue's quarter of a second. Seconds are CPU time
of this process (wall-clock beside it).

--verify N compares `tactics.judge` and `tactics.forced_win` with plain minimax over
`rules.legal_moves` (tests/helpers/overlords_brute.py) on N random positions and N positions
whose side to move is attacked: every flagged move and a dozen others per position.
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
from overlords import rules, tactics  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "tactics"
TARGETS = {  # (share of traps avoided, share of wins found) a player must reach
    "easy": (0.80, None), "normal": (0.98, 0.95), "hard": (0.98, 0.95), "hint": (1.0, None),
}
CLICK_BUDGET = 0.25  # seconds for all of one figure's moves (the issue)


def loses(state: rules.State, move: rules.Move) -> bool:
    """Whether the move loses by force two moves deep."""
    return tactics.danger(state, move) is not None


def wins(state: rules.State, move: rules.Move) -> bool:
    """Whether the move wins at once or leaves the enemy no reply that holds."""
    after = rules.apply(state, move)
    if after.result is not None:
        return after.result.winner == state.turn
    return tactics.defence(after) is None


def spec_of(name: str, scale: float) -> str:
    """The seat spec a player name stands for, with its calibrated node count fixed."""
    if name == "hint":
        return str(hint_seat(rules))
    nodes = max(1, round(scale * level_nodes(LEVELS[name], heuristics_for(rules))))
    return f"{name}:{nodes}"


def judging_times(positions: list[tuple[str, dict, rules.State]]) -> tuple[list[float], float]:
    """CPU seconds to judge all of one figure's moves, per figure, over the positions; and
    the wall-clock seconds of the slowest."""
    times, walls = [], []
    for _, _, state in positions:
        by_figure: dict[int, list[rules.Move]] = {}
        for move in rules.legal_moves(state):
            if move.frm is not None:
                by_figure.setdefault(move.frm, []).append(move)
        for moves in by_figure.values():
            wall, clock = time.perf_counter(), time.process_time()
            tactics.judge(state, moves)
            times.append(time.process_time() - clock)
            walls.append(time.perf_counter() - wall)
    return times, max(walls, default=0.0)


def verify(count: int, seed: int) -> int:
    """Compare the verdicts with brute force on random positions; print and return the
    number of disagreements."""
    from tests.helpers import overlords_brute as brute

    bad = checked = forced = 0
    for attacked in (False, True):
        for index, state in enumerate(brute.random_positions(seed + attacked, count,
                                                             attacked=attacked)):
            moves = rules.legal_moves(state)
            verdicts = tactics.judge(state, moves)
            flagged = [m for m in moves if verdicts[m] is not None]
            sample = random.Random(index).sample(moves, min(12, len(moves)))
            for move in dict.fromkeys(flagged[:8] + sample):
                expected, got = brute.danger(state, move), verdicts[move]
                checked += 1
                forced += bool(expected and expected.forced)
                if (got is None) != (expected is None) or (
                        got and (got.forced != expected.forced
                                 or (not got.forced and got.reply != expected.reply))):
                    bad += 1
                    print(f"  DISAGREE on {move}: {got} vs brute force {expected}")
            win, wins = tactics.forced_win(state), brute.forced_wins(state)
            if (win is None) != (not wins) or (win is not None and win not in wins):
                bad += 1
                print(f"  DISAGREE on the forced win: {win} vs brute force {wins}")
    print(f"verified against brute force: {checked} moves ({forced} forced losses) in "
          f"{2 * count} positions, {bad} disagreements")
    return bad


def main(argv: list[str] | None = None) -> int:
    """Measure and print; exit 1 if a target is missed."""
    which = argparse.ArgumentParser(add_help=False)
    which.add_argument("--game", choices=("overlords", "prepollency"), default="overlords")
    chosen, rest = which.parse_known_args(argv)
    if chosen.game == "prepollency":
        from tactics_prepollency import main as prepollency_main  # bench/ is on the path

        return prepollency_main(rest)
    argv = rest
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("overlords", "prepollency"), default="overlords",
                        help="which game's figures (prepollency: see tactics_prepollency.py)")
    parser.add_argument("--players", default="easy,normal,hard,hint",
                        help="comma-separated: easy, normal, hard, hint (all four)")
    parser.add_argument("--data", type=Path, default=DATA, help="folder of position records")
    parser.add_argument("--limit", type=int, default=None, help="at most N positions of each kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply node counts")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure each level with the tactical check off")
    parser.add_argument("--verify", type=int, default=0, metavar="N",
                        help="also check verdicts by brute force on 2N random positions")
    args = parser.parse_args(argv)
    games = {"overlords": rules}
    positions = []
    for kind in ("trap", "win"):
        paths = sorted(args.data.glob(f"{kind}-*.json"))[: args.limit]
        for path in paths:
            record = rec.load(path)
            positions.append((kind, record, rec.replay(record, games).final))
    count = {k: sum(p[0] == k for p in positions) for k in ("trap", "win")}
    if not positions:
        print(f"no positions in {args.data} (run bench/make_tactics_set.py)")
        return 1
    print(f"{count['trap']} trap positions, {count['win']} forced-win positions from {args.data}")
    missed = False
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    for name in names:
        spec = spec_of(name, args.scale)
        rows = [(name, spec, True)]
        if args.baseline and name != "hint":
            rows.append((f"{name} (no check)", spec, False))
        for label, spec, check in rows:
            avoided = found = 0
            clock = time.process_time()
            for index, (kind, record, state) in enumerate(positions):
                seed = args.seed * 1_000_003 + index
                if check:
                    _, move = choose_move(record, spec, seed, games)
                else:
                    level, nodes = spec.split(":")
                    cpu = CpuPlayer(rules, LEVELS[level], random.Random(seed), int(nodes),
                                    tactics=False)
                    move = cpu(state)
                if kind == "trap":
                    avoided += not loses(state, move)
                else:
                    found += wins(state, move)
            spent = time.process_time() - clock
            trap_share = avoided / count["trap"] if count["trap"] else 1.0
            win_share = found / count["win"] if count["win"] else 1.0
            line = (f"{label:<20} {spec:<12} traps avoided {avoided:>3}/{count['trap']:<3} "
                    f"= {trap_share:6.1%}   wins found {found:>3}/{count['win']:<3} "
                    f"= {win_share:6.1%}   ({spent:.0f} CPU s)")
            target = TARGETS.get(label) if check else None
            if target is not None:
                ok = trap_share >= target[0] and (target[1] is None or win_share >= target[1])
                bars = f"traps >= {target[0]:.0%}" + (
                    f", wins >= {target[1]:.0%}" if target[1] is not None else "")
                line += f"  target {bars}: {'met' if ok else 'NOT met'}"
                missed |= not ok
            print(line, flush=True)
    times, wall = judging_times(positions)
    worst = max(times)
    print(f"judging one figure's moves (tactics.judge, {len(times)} figures): median "
          f"{statistics.median(times) * 1000:.1f} ms, worst {worst * 1000:.1f} ms CPU "
          f"(wall {wall * 1000:.1f} ms); budget {CLICK_BUDGET * 1000:.0f} ms: "
          f"{'held' if worst <= CLICK_BUDGET else 'NOT held'}")
    wall, clock = time.perf_counter(), time.process_time()
    for _, _, state in positions:
        tactics.forced_win(state)
    print(f"forced_win per position: {(time.process_time() - clock) / len(positions) * 1000:.1f}"
          f" ms CPU on average")
    missed |= worst > CLICK_BUDGET
    if args.verify:
        missed |= verify(args.verify, args.seed) > 0
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
