"""Build the Overlords tactics positions that `bench/tactics.py` measures, as game records.

    python3 bench/make_tactics_set.py                  # writes bench/data/tactics/*.json
    python3 bench/make_tactics_set.py --traps 60 --wins 40 --seed 1 --out bench/data/tactics

Positions come from games between `easy` players searching few nodes with the tactical check
switched off (so that they blunder as people do), on random boards from the seed. Each record
holds the game up to the position; its final position is the question:

- `trap-NNN.json`: some moves lose by force two moves deep (`overlords.tactics.danger`) and some
  do not, and the move the heuristics like best (the one the search opens first) is one of the
  losing ones: a trap that tempts. At least one losing move loses only two moves deep.
- `win-NNN.json`: a forced win exists (`tactics.forced_win`) but no move wins at once, so
  finding it takes the two-move look-ahead.

At most `--per-game` positions of each kind come from one game, so the set is varied. The
script is deterministic for a seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import record as rec  # noqa: E402
from common.ai.levels import LEVELS, CpuPlayer  # noqa: E402
from overlords import rules, tactics  # noqa: E402
from overlords.ai import HEURISTICS, FastView  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "tactics"
NODES = 120  # per move of the games the positions come from
MAX_PLIES = 160


def classify(state: rules.State) -> str | None:
    """"trap", "win" or None for a position (see module)."""
    if state.result is not None:
        return None
    if tactics.winning_moves(state):
        return None
    if tactics.forced_win(state) is not None:
        return "win"
    codes = rules.legal_moves(state)
    verdicts = tactics.judge(state, codes)
    losing = [m for m in codes if verdicts[m] is not None]
    if not losing or len(losing) == len(codes) or not any(verdicts[m].forced for m in losing):
        return None
    logits = HEURISTICS.priors(FastView(HEURISTICS), state, [int(m) for m in codes])
    favourite = codes[max(range(len(codes)), key=lambda i: logits[i])]
    return "trap" if verdicts[favourite] is not None else None


def main(argv: list[str] | None = None) -> int:
    """Play games until the set is full; write the records."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--traps", type=int, default=60)
    parser.add_argument("--wins", type=int, default=40)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.json"):
        old.unlink()
    wanted = {"trap": args.traps, "win": args.wins}
    found = {"trap": 0, "win": 0}
    master = random.Random(args.seed)
    games = 0
    while any(found[k] < wanted[k] for k in wanted):
        games += 1
        rng = random.Random(master.getrandbits(64))
        state = rules.new_state(rng)
        players = [CpuPlayer(rules, LEVELS["easy"], random.Random(rng.getrandbits(64)), NODES,
                             tactics=False) for _ in range(2)]
        for side in (rules.WHITE, rules.BLACK):
            state = players[side].opening(state, side)
        initial, moves, taken = state, [], {"trap": 0, "win": 0}
        while state.result is None and len(moves) < MAX_PLIES:
            kind = classify(state) if moves else None
            if kind and found[kind] < wanted[kind] and taken[kind] < args.per_game:
                found[kind] += 1
                taken[kind] += 1
                path = args.out / f"{kind}-{found[kind]:03d}.json"
                rec.save(path, rec.build(rules, initial, moves, state,
                                         players={"white": "easy", "black": "easy"},
                                         seed=args.seed))
            move = players[state.turn](state)
            state = rules.apply(state, move)
            moves.append(move)
        print(f"game {games}: {len(moves)} moves; traps {found['trap']}/{wanted['trap']}, "
              f"wins {found['win']}/{wanted['win']}", flush=True)
    print(f"wrote {sum(found.values())} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
