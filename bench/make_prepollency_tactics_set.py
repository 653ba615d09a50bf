"""Build the Prepollency tactics positions that `bench/tactics.py --game prepollency`
measures, as game records, from self-play at 2, 3 and 4 players.

    python3 bench/make_prepollency_tactics_set.py          # writes bench/data/prepollency_tactics
    python3 bench/make_prepollency_tactics_set.py --per-kind 8 --seed 1

Positions come from games between `easy` players searching few nodes with the tactical check
switched off (so that they blunder as people do). Each record holds the game up to the
position; its final position is the question (`prepollency.tactics` decides every kind):

- `win-*`: the seat to move has a turn that wins at once (the third hold round completed, the
  last rival eliminated);
- `stop-*`: a seat that moves before the mover's next turn threatens to win at once, holding
  the line does not stop it, and some turn does;
- `base-*` (3 and 4 players): holding the line lets a seat complete the mover's base (it would
  be eliminated, the game going on), and some turn prevents it;
- `khan-*`: holding the line leaves the mover's Khan where a seat that moves before its next
  turn takes it, and some turn allows nothing worse and saves it.

`--records DIR` also takes positions from finished games' records (such as the 4-player games
`bench ladder` writes), before playing new ones. Names carry the players (`stop-4p-003.json`).
At most `--per-game` positions of each kind come from one game, so the set is varied; the
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
from prepollency import rules, tactics  # noqa: E402
from prepollency.moves import Turn  # noqa: E402
from prepollency.state import SEATS_FOR  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "prepollency_tactics"
KINDS = ("win", "stop", "base", "khan")
NODES = 150  # per turn of the games the positions come from
MAX_TURNS = 700


def classify(state: rules.State) -> str | None:
    """The kind of question a position asks (see module), or None."""
    if state.result is not None:
        return None
    if tactics.winning_turn(state, state.turn) is not None:
        return "win"
    watch = tactics.Watch(state)
    if watch.idle:
        return None
    level = watch.level(Turn())
    if level == tactics.SAFE:
        return None
    if tactics.floor(state) >= level:
        return None
    return {tactics.HANDS_WIN: "stop", tactics.BASE_FALLS: "base",
            tactics.KHAN_LOST: "khan"}[level]


def main(argv: list[str] | None = None) -> int:
    """Play games until the set is full; write the records."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-kind", type=int, default=6,
                        help="positions of each kind per player count (base: 3 and 4 only)")
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--games", type=int, default=40, help="at most this many per count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--records", type=Path, default=None,
                        help="also take positions from the game records in this folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.json"):
        old.unlink()
    master = random.Random(args.seed)
    total = 0
    for players in (2, 3, 4):
        wanted = {k: (0 if k == "base" and players == 2 else args.per_kind) for k in KINDS}
        found = dict.fromkeys(KINDS, 0)
        for path in sorted(args.records.glob("*.json")) if args.records else ():
            record = rec.load(path)
            replay = rec.replay(record, {"prepollency": rules})
            if len(replay.initial.seats) != players:
                continue
            state, moves, taken = replay.initial, [], dict.fromkeys(KINDS, 0)
            for move in replay.moves:
                kind = classify(state) if moves else None
                if kind and found[kind] < wanted[kind] and taken[kind] < args.per_game:
                    found[kind] += 1
                    taken[kind] += 1
                    rec.save(args.out / f"{kind}-{players}p-{found[kind]:03d}.json",
                             rec.build(rules, replay.initial, moves, state,
                                       players=record.get("players", {})))
                state = rules.apply(state, move)
                moves.append(move)
            print(f"{players} players, {path.name}: " + ", ".join(
                f"{k} {found[k]}/{wanted[k]}" for k in KINDS), flush=True)
        for number in range(1, args.games + 1):
            if all(found[k] >= wanted[k] for k in KINDS):
                break
            rng = random.Random(master.getrandbits(64))
            state = rules.new_state(rng, players, rng.choice(SEATS_FOR[players]))
            cpus = {seat: CpuPlayer(rules, LEVELS["easy"], random.Random(rng.getrandbits(64)),
                                    NODES, tactics=False) for seat in state.seats}
            initial, moves = state, []
            taken = dict.fromkeys(KINDS, 0)
            while state.result is None and len(moves) < MAX_TURNS:
                kind = classify(state) if moves else None
                if kind and found[kind] < wanted[kind] and taken[kind] < args.per_game:
                    found[kind] += 1
                    taken[kind] += 1
                    path = args.out / f"{kind}-{players}p-{found[kind]:03d}.json"
                    rec.save(path, rec.build(rules, initial, moves, state,
                                             players={str(s): "easy" for s in state.seats},
                                             seed=args.seed))
                move = cpus[state.turn](state)
                state = rules.apply(state, move)
                moves.append(move)
            print(f"{players} players, game {number}: {len(moves)} turns; " + ", ".join(
                f"{k} {found[k]}/{wanted[k]}" for k in KINDS), flush=True)
        total += sum(found.values())
    print(f"wrote {total} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
