"""Generate the shipped puzzles from self-play, and print how long it took and what it yielded.

    python3 bootstrap.py bench make_puzzles                          # both games
    python3 bootstrap.py bench make_puzzles --game overlords --minutes 5 --dry-run
    nice -n 10 python3 bench/make_puzzles.py --game prepollency --seed 2

Overlords games are played between `easy` players searching few nodes with the tactical check
switched off, so that they blunder as people do (the positions of bench/make_tactics_set.py
come the same way). Prepollency games between such players never get near a hold in 200 turns
(measured: no win and no threat to stop in 20 games), so there one seat is the `normal` level
(STRONG_NODES a turn, its tactical check on) and the others play the engine's random turns:
the CPU takes the Obelisk, and the others must stop its third round or save their base (two
CPU seats among random ones were tried too: they break each other's holds, and 24 such games
gave no puzzle at all).

Every position of every game is asked the game's puzzle question (`<game>.puzzles.find`: its
finders per kind, in order: a win in one, a win in two, a defence, a stop, a base or a Khan
to save, a Khan to take, a capture to open, ...); a position is kept only when its solution
is unique (every other first move fails, by the game's solver), at most `--per-game` of each
goal from one game, so the set is varied, and at most `--easy-share` of each goal's puzzles
easy (the easy ones beyond the share are dropped, until the last quarter of the time). Each
kept puzzle is rated by how many of the CPU levels novice, easy, normal and hard miss its
first move (`missed` in the record): `novice` plays its one-ply sight from a fixed seed, the
others search their calibrated node count (`level_nodes`, times `--scale`) from a fixed seed
*with the search alone*: every level also runs the tactical check, which finds these wins and
defences by construction, so with it on every puzzle would be "easy". None or one missing:
easy; two: medium; three or four: hard (`common.puzzles.rating_of`). Records go to
assets/puzzles/<game>/<goal>-NNN.json (the wanted goals' old ones replaced unless --append
or --dry-run; --goal limits the run to some goals and keeps the others' files), and
`common.puzzles.check_all` is run on them at the end.

The rarer kinds need other games: `--careful` Overlords players run their tactical check
(longer games: Overlords whose Fate is spent, one-Rune defences, Reckonings), `--all-easy`
Prepollency games are between `easy` seats at 2, 3 and 4 players for up to 700 turns (Khans
won and threatened, bases under attack), as bench/make_prepollency_tactics_set.py plays them.
`--from-records DIR` (repeatable) asks the same question of every position of finished
records instead (the shipped win-base puzzles are from `bench ladder --pair
prepollency4:hard-normal` games; the capture, Khan and base ones also from
bench/data/prepollency_tactics and the games of the puzzles already shipped), the same
uniqueness and rating, positions already shipped skipped. `--rerate` rates every shipped
puzzle again and drops the ones that no longer hold; `--report` only prints the shipped
puzzles per kind and rating.

Printed: games played, positions asked, puzzles kept per goal and rating, seconds spent
finding and rating (process CPU time: the machine may be shared, so wall-clock is noisy), and
the yield (puzzles per game, per 1000 positions). The games and the ratings are deterministic
for a seed and scale; which easy puzzles fill the last quarter depends on the time limit, so
a slower machine may keep other ones. A full run of both games takes some 17 minutes on the
project's machine (Overlords about 7, Prepollency 10): run one game at a time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import puzzles as shared  # noqa: E402
from common import record as rec  # noqa: E402
from common.ai.levels import LEVELS, CpuPlayer, heuristics_for, level_nodes, make_cpu  # noqa: E402
from common.games import GAMES  # noqa: E402

NODES = 120  # per move of the Overlords self-play games
STRONG_NODES = 300  # per turn of the Prepollency CPU seat
EASY_NODES = 150  # per turn of the Prepollency seats of an --all-easy game
MAX_PLIES = {"overlords": 160, "prepollency": 120}  # turns of one self-play game
ALL_EASY_TURNS = 700  # turns of an --all-easy Prepollency game
WANTED = {  # puzzles per goal a full run keeps (no goal over 40% of its game's set)
    "overlords": {"win-1": 25, "win-2": 25, "stuck": 15, "defend": 20, "frozen": 12,
                  "reckoning": 8, "rune": 10},
    "prepollency": {"win-base": 13, "stop": 30, "base": 8, "khan": 8, "take-khan": 12,
                    "capture": 30},
}
RATED_BY = shared.LEVELS_RATED  # novice, easy, normal, hard


def new_game(name: str, rng: random.Random, careful: bool = False,
             all_easy: bool = False) -> tuple[Any, dict[int, Any]]:
    """A fresh self-play game: its start state and its players (see the module); `careful`:
    the Overlords players run their tactical check (longer games: more Overlords without a
    Fate, more one-Rune defences); `all_easy`: every Prepollency seat is `easy` with its
    tactical check off (the games of bench/make_prepollency_tactics_set.py: Khans won and
    threatened, bases under attack)."""
    engine = GAMES[name].engine
    if name == "overlords":
        state = engine.new_state(rng)
        players = {seat: CpuPlayer(engine, LEVELS["easy"], random.Random(rng.getrandbits(64)),
                                   NODES, tactics=careful) for seat in engine.players(state)}
        for seat, cpu in players.items():
            state = cpu.opening(state, seat)
        return state, players
    state = engine.new_state(rng, rng.choice((2, 3, 4)))
    seats = list(engine.players(state))
    if all_easy:
        return state, {seat: CpuPlayer(engine, LEVELS["easy"], random.Random(rng.getrandbits(64)),
                                       EASY_NODES, tactics=False) for seat in seats}
    strong = rng.choice(seats)
    players = {seat: Randomly(engine, random.Random(rng.getrandbits(64))) for seat in seats}
    players[strong] = CpuPlayer(engine, LEVELS["normal"], random.Random(rng.getrandbits(64)),
                                STRONG_NODES)
    return state, players


class Randomly:
    """The `random` player (the engine's own random turn)."""

    def __init__(self, engine: Any, rng: random.Random) -> None:
        self.engine, self.rng = engine, rng

    def __call__(self, state: Any) -> Any:
        return self.engine.random_move(state, self.rng)


def rating(name: str, state, goal: str, seed: int, scale: float) -> tuple[str, int]:
    """(easy / medium / hard, how many levels miss): each of RATED_BY plays the position
    once from a fixed seed (`novice` its one-ply sight; the others their search alone, on
    their calibrated node count times `scale`) and misses when its move fails the puzzle."""
    engine = GAMES[name].engine
    rules = GAMES[name].puzzles
    heuristics = heuristics_for(engine)
    missed = 0
    for level in RATED_BY:
        if LEVELS[level].sight is not None:
            cpu = make_cpu(engine, level, random.Random(seed))
        else:
            nodes = max(8, round(scale * level_nodes(LEVELS[level], heuristics)))
            cpu = CpuPlayer(engine, LEVELS[level], random.Random(seed), nodes, tactics=False)
        missed += rules.judge_try(state, goal, 0, cpu(state)) is not None
    return shared.rating_of(missed), missed


def generate(name: str, args: argparse.Namespace) -> Counter:
    """Play until the game's puzzles are all found or the time is up; write them."""
    engine, rules = GAMES[name].engine, GAMES[name].puzzles
    wanted = {goal: round(count * args.share) for goal, count in WANTED[name].items()
              if not args.goal or goal in args.goal}
    out = shared.folder(name)
    found: Counter = Counter()
    if not args.dry_run:
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("*.json"):
            goal = old.stem.rsplit("-", 1)[0]
            if args.append or goal not in wanted:  # kept: counted, and numbered after
                found[goal] += 1
            else:
                old.unlink()
    easy: Counter = Counter()  # easy puzzles kept per goal
    ratings: Counter = Counter()
    master = random.Random(args.seed)
    games = positions = 0
    finding = rating_time = 0.0
    deadline = time.monotonic() + 60 * args.minutes
    started = time.process_time()
    while any(found[g] < n for g, n in wanted.items()) and time.monotonic() < deadline:
        games += 1
        rng = random.Random(master.getrandbits(64))
        state, players = new_game(name, rng, args.careful, args.all_easy)
        initial, moves, taken = state, [], Counter()
        limit = ALL_EASY_TURNS if args.all_easy else MAX_PLIES[name]
        while engine.outcome(state) is None and len(moves) < limit:
            clock = time.process_time()
            question = rules.find(state) if moves else None
            positions += 1 if moves else 0
            finding += time.process_time() - clock
            if question and found[question[0]] < wanted.get(question[0], 0) \
                    and taken[question[0]] < args.per_game:
                goal, solution = question
                clock = time.process_time()
                rated, missed = rating(name, state, goal, args.seed * 7919 + positions,
                                       args.scale)
                rating_time += time.process_time() - clock
                late = time.monotonic() > deadline - 15 * args.minutes  # the last quarter
                if rated != "easy" or easy[goal] < args.easy_share * wanted[goal] or late:
                    found[goal] += 1
                    taken[goal] += 1
                    easy[goal] += rated == "easy"
                    ratings[rated] += 1
                    record = rec.build(engine, initial, moves, state, puzzle={
                        "goal": goal, "solution": [engine.move_data(m) for m in solution],
                        "rating": rated, "missed": missed})
                    if not args.dry_run:
                        rec.save(free_name(out, goal), record)
            seat = engine.to_move(state)
            move = players[seat](state)
            state = engine.apply(state, move)
            moves.append(move)
        print(f"{name} game {games}: {len(moves)} turns; "
              + ", ".join(f"{g} {found[g]}/{n}" for g, n in wanted.items()), flush=True)
    total = sum(ratings.values())  # the new ones (`found` counts those kept from before too)
    print(f"\n{name}: {total} new puzzles from {games} games ({positions} positions asked); "
          "now " + ", ".join(f"{g} {found[g]}" for g in wanted))
    print("  ratings: " + ", ".join(f"{r} {ratings[r]}" for r in ("easy", "medium", "hard")))
    print(f"  generation: {finding + rating_time:.1f} s CPU finding and rating, "
          f"{time.process_time() - started:.1f} s CPU with the self-play")
    print(f"  finding {finding:.1f} s CPU ({1000 * finding / max(1, positions):.2f} ms a "
          f"position), rating {rating_time:.1f} s CPU ({rating_time / max(1, total):.2f} s a "
          f"puzzle)")
    print(f"  yield: {total / max(1, games):.2f} puzzles a game, "
          f"{1000 * total / max(1, positions):.1f} per 1000 positions")
    return found


def from_records(name: str, args: argparse.Namespace) -> Counter:
    """Ask every position of the records in the folders args.from_records (of this game, with
    no seat withdrawn; the final position too) for a puzzle of the goals in args.goal (all
    by default), at most --per-game of each goal per record and WANTED in all; write the
    unique new ones (numbered after the ones there) and return them counted per goal."""
    engine, rules = GAMES[name].engine, GAMES[name].puzzles
    out = shared.folder(name)
    goals = set(args.goal or WANTED[name])
    found: Counter = Counter(p.stem.rsplit("-", 1)[0] for p in out.glob("*.json"))
    seen = {rec.replay(rec.load(p), {name: engine}).final.key() for p in out.glob("*.json")}
    kept: Counter = Counter()
    clock = time.process_time()
    paths = sorted(p for folder in args.from_records for p in Path(folder).glob("*.json"))
    for path in paths:
        try:
            data = rec.load(path)
            replay = rec.replay(data, {name: engine})
        except (rec.RecordError, ValueError, KeyError):
            continue
        if data.get("withdrawn"):
            continue
        state, moves, taken = replay.initial, [], Counter()
        for move in [*replay.moves, None]:
            question = rules.find(state) if moves else None
            if question and question[0] in goals and state.key() not in seen \
                    and found[question[0]] < WANTED[name].get(question[0], 0) \
                    and taken[question[0]] < args.per_game:
                goal, solution = question
                seen.add(state.key())
                found[goal] += 1
                kept[goal] += 1
                taken[goal] += 1
                rated, missed = rating(name, state, goal, args.seed * 7919 + len(moves),
                                       args.scale)
                record = rec.build(engine, replay.initial, moves, state, puzzle={
                    "goal": goal, "solution": [engine.move_data(m) for m in solution],
                    "rating": rated, "missed": missed})
                print(f"{path.name} turn {len(moves)}: {goal} ({rated})", flush=True)
                if not args.dry_run:
                    rec.save(free_name(out, goal), record)
            if move is None:
                break
            state = engine.apply(state, move)
            moves.append(move)
    print(f"{name}: {sum(kept.values())} puzzles from {len(paths)} records in "
          f"{time.process_time() - clock:.1f} s CPU: "
          + ", ".join(f"{g} {n}" for g, n in sorted(kept.items())))
    return kept


def free_name(out: Path, goal: str) -> Path:
    """The next file name of a goal: numbered after the highest there."""
    numbers = [int(p.stem.rsplit("-", 1)[1]) for p in out.glob(f"{goal}-*.json")
               if p.stem.rsplit("-", 1)[1].isdigit()]
    return out / f"{goal}-{max(numbers, default=0) + 1:03d}.json"


def rerate(name: str, args: argparse.Namespace) -> None:
    """Rate every shipped puzzle again (rating and missed), drop the ones that no longer hold
    and those past a goal's WANTED count (the last numbers first)."""
    clock = time.process_time()
    for puzzle in shared.load_puzzles(name):
        problem = shared.check(puzzle)
        goal, number = puzzle.id.rsplit("-", 1)
        if problem or int(number) > WANTED[name].get(goal, 0):
            print(f"drop {name}/{puzzle.id}: {problem or 'past the count wanted'}")
            if not args.dry_run:
                puzzle.source.unlink()  # type: ignore[union-attr]
            continue
        record = puzzle.record
        rated, missed = rating(name, puzzle.state, puzzle.goal,
                               args.seed * 7919 + len(record.get("moves", [])), args.scale)
        record[shared.KEY].update(rating=rated, missed=missed)
        if not args.dry_run:
            rec.save(puzzle.source, record)  # type: ignore[arg-type]
    print(f"{name}: rated again in {time.process_time() - clock:.1f} s CPU")


def report(names: list[str]) -> None:
    """The shipped puzzles per game: count per kind and rating, and the levels that miss."""
    for name in names:
        puzzles = shared.load_puzzles(name)
        table: Counter = Counter((p.goal, p.rating) for p in puzzles)
        print(f"{name}: {len(puzzles)} puzzles")
        print(f"  {'kind':<10} {'easy':>5} {'medium':>7} {'hard':>5} {'all':>5} {'share':>6}")
        for goal in GAMES[name].puzzles.GOALS:
            row = [table[(goal, r)] for r in ("easy", "medium", "hard")]
            if sum(row):
                print(f"  {goal:<10} {row[0]:>5} {row[1]:>7} {row[2]:>5} {sum(row):>5} "
                      f"{sum(row) / len(puzzles):>6.0%}")
        missed = Counter(p.missed for p in puzzles)
        print("  levels missing the first move (of novice, easy, normal, hard): "
              + ", ".join(f"{k}: {missed[k]}" for k in sorted(missed, key=str)))


def main(argv: list[str] | None = None) -> int:
    """Generate, then check what was written."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[*WANTED, "all"], default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=1)
    parser.add_argument("--share", type=float, default=1.0,
                        help="fraction of the full set to generate (a quick run: 0.2)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="of the levels' calibrated node counts used to rate")
    parser.add_argument("--easy-share", type=float, default=0.7,
                        help="most of a goal's puzzles that may be easy (till the last quarter"
                        " of the time)")
    parser.add_argument("--minutes", type=float, default=12.0, help="time limit per game")
    parser.add_argument("--dry-run", action="store_true", help="write nothing")
    parser.add_argument("--append", action="store_true",
                        help="keep the puzzles there and add to them (another --seed)")
    parser.add_argument("--from-records", metavar="DIR", action="append",
                        help="ask the positions of the records in DIR (repeatable) instead of "
                             "self-play (adds to the puzzles there)")
    parser.add_argument("--goal", action="append",
                        help="only this goal (repeatable; the others' files are kept)")
    parser.add_argument("--careful", action="store_true",
                        help="Overlords players with their tactical check on (longer games)")
    parser.add_argument("--all-easy", action="store_true",
                        help="Prepollency games between easy seats (Khans and bases at stake)")
    parser.add_argument("--rerate", action="store_true",
                        help="rate the shipped puzzles again; drop the ones that fail")
    parser.add_argument("--report", action="store_true",
                        help="only print the shipped puzzles per kind and rating")
    args = parser.parse_args(argv)
    names = list(WANTED) if args.game == "all" else [args.game]
    if args.report:
        report(names)
        return 0
    wall = time.monotonic()
    for name in names:
        if args.rerate:
            rerate(name, args)
        elif args.from_records:
            from_records(name, args)
        else:
            generate(name, args)
    print(f"\nwall-clock {time.monotonic() - wall:.0f} s (a shared machine: noisy)")
    if args.dry_run:
        return 0
    report(names)
    failures = shared.check_all(names)
    for line in failures:
        print("FAIL", line)
    print(f"check_all: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
