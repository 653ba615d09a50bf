"""Where the turns of 3- and 4-player Prepollency games go: the phases of ladder records.

    python3 bootstrap.py bench ladder --pair prepollency4:hard-normal --games 12 --out DIR
    python3 bootstrap.py bench phases DIR            (or record files)

For each game: its length and result; for each seat the turn it fell to three pieces ("weak":
it can no longer fill a base or hold the Obelisk) and the turn it was eliminated (or left:
resigned or forfeited); the first seat to be "dominant" (DOMINANT pieces or more while every
rival has FILL or fewer), and what it lost and took from then on, and where it lost them (on
the Obelisk, on a base, in the field); and the winner's turns once some rival is weak: a
capture, progress (its pieces need fewer moves to fill the base of a weak rival), idle (as
many) or back (more), and the turns of the rounds the idle and back ones stand for. Moves are
counted on an empty board, each square given the winner's nearest piece (`fill_moves`).
Then the averages over the games. Issue 17's closing notes quote these figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import record as rec  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency.ai import BASE_OF  # noqa: E402
from prepollency.movegen import PATHS  # noqa: E402
from prepollency.moves import CELLS, KHAN  # noqa: E402
from prepollency.state import BASES, OBELISK, State  # noqa: E402
from prepollency.tactics import FILL_PIECES  # noqa: E402

FILL = FILL_PIECES  # pieces a seat needs to fill a base alone (`tactics.cannot_win`'s)
WEAK = FILL - 1  # pieces: a seat this small can no longer fill a base or hold the Obelisk (5)
DOMINANT = 7  # pieces of a leader whose rivals all have FILL or fewer
FAR = 15  # moves: more than any piece needs to cross the board (and a square never reached)


def _moves_to(kind: int, target: int) -> tuple[int, ...]:
    """The moves a piece of this kind needs from each square to `target`, on an empty board
    (FAR where it never gets there: a Cavalry on the other colour). Moves are symmetric."""
    dist = [FAR] * CELLS
    dist[target], frontier, steps = 0, [target], 0
    while frontier:
        steps += 1
        reached = []
        for sq in frontier:
            for to in PATHS[kind][sq]:
                if dist[to] == FAR and to != target:
                    dist[to] = steps
                    reached.append(to)
        frontier = reached
    return tuple(dist)


# TO_SQUARE[base square][kind][square]: moves from the square to that base square
TO_SQUARE = {b: [()] + [_moves_to(kind, b) for kind in range(1, KHAN + 1)]
             for squares in BASES.values() for b in squares}


def fill_moves(state: State, raider: int, victim: int) -> int:
    """The moves the raider's pieces still need to fill the victim's base: each square that no
    third seat holds gets the nearest piece not yet given one (greedy), FAR when none is left.
    The raider's pieces already on that base fill their own squares."""
    owners, kinds = state.owners, state.kinds
    need = [b for b in BASES[victim] if owners[b] in (0, victim)]
    free = [sq for sq in state.pieces[raider] if BASE_OF.get(sq) != victim]
    pairs = sorted((TO_SQUARE[b][kinds[sq]][sq], sq, b) for b in need for sq in free)
    used: set[int] = set()
    done: set[int] = set()
    total = 0
    for moves, sq, b in pairs:
        if sq not in used and b not in done:
            used.add(sq)
            done.add(b)
            total += moves
    return total + FAR * (len(need) - len(done))


@dataclass
class Game:
    """One record's phases (turn numbers count the record's turns from 1)."""

    name: str
    turns: int
    winner: int | None
    reason: str
    weak: dict[int, int] = field(default_factory=dict)  # seat: turn it fell to WEAK pieces
    out: dict[int, int] = field(default_factory=dict)  # seat: turn it was eliminated (or left)
    left: set[int] = field(default_factory=set)  # the seats that resigned or forfeited
    dominant: tuple[int, int, int] | None = None  # (turn, seat, pieces)
    lost: dict[str, int] = field(default_factory=dict)  # the dominant seat's losses by place
    took: int = 0  # ... and its captures
    winner_turns: dict[str, int] = field(default_factory=dict)  # once a rival is weak
    wasted: int = 0  # the turns of the rounds in which the winner's turn was idle or back

    def waits(self) -> list[int]:
        """Turns from weak to eliminated, for the seats that were both."""
        return [self.out[s] - self.weak[s] for s in self.out if s in self.weak]


def _place(sq: int) -> str:
    return "obelisk" if sq in OBELISK else "base" if sq in BASE_OF else "field"


def _winner_turn(before: State, after: State, me: int) -> str | None:
    """What the winner's turn did while some rival was weak (None: no rival was)."""
    weak = [s for s in before.alive if s != me and len(before.pieces[s]) <= WEAK]
    if not weak:
        return None
    if len(after.alive) < len(before.alive):
        return "progress"  # (an elimination: the fallen seat's pieces leave the board)
    if sum(map(len, before.pieces)) > sum(map(len, after.pieces)):
        return "capture"
    now = min(fill_moves(before, me, s) for s in weak)
    then = min(fill_moves(after, me, s) for s in weak)
    return "progress" if then < now else "back" if then > now else "idle"


def phases(name: str, record: dict) -> Game:
    """Replay one record and take its phases."""
    replay = rec.replay(record, {"prepollency": rules})
    result = record.get("result") or {}
    game = Game(name, len(replay.moves), result.get("winner"), str(result.get("reason", "-")))
    alive = set(replay.initial.alive)
    for index, turn in enumerate(replay.moves, start=1):
        before = replay.states[index - 1]  # (after the withdrawals noted before this turn)
        for seat in alive - set(before.alive):
            game.out[seat] = index - 1
            game.left.add(seat)
        state = rules.apply(before, turn)  # (not states[index]: that one has the
        # withdrawals after this turn applied, which are not this turn's captures)
        alive = set(state.alive)
        for seat in before.alive:
            if seat not in state.alive:
                game.out[seat] = index
            elif seat not in game.weak and len(state.pieces[seat]) <= WEAK:
                game.weak[seat] = index
        _dominance(game, index, before, state)
        if game.winner is not None and before.turn == game.winner:
            kind = _winner_turn(before, state, game.winner)
            if kind:
                game.winner_turns[kind] = game.winner_turns.get(kind, 0) + 1
                if kind in ("idle", "back"):
                    game.wasted += len(before.alive)
    for seat in alive - set(replay.states[-1].alive):  # left after the last turn
        game.out[seat] = game.turns
        game.left.add(seat)
    return game


def _dominance(game: Game, index: int, before: State, after: State) -> None:
    if game.dominant is None:
        count = {s: len(after.pieces[s]) for s in after.alive}
        for seat, pieces in count.items():
            if pieces >= DOMINANT and all(n <= FILL for s, n in count.items() if s != seat):
                game.dominant = (index, seat, pieces)
        return
    seat = game.dominant[1]
    if seat not in after.alive:
        return
    if before.turn == seat:  # its captures (the pieces of a seat it eliminates do not count)
        game.took += sum(len(before.pieces[s]) - len(after.pieces[s])
                         for s in after.alive if s != seat)
        return
    for sq in before.pieces[seat]:  # it did not move: a square it lost is a piece taken
        if after.owners[sq] != seat:
            game.lost[_place(sq)] = game.lost.get(_place(sq), 0) + 1


def _mean(values: Sequence[float]) -> str:
    return f"{statistics.mean(values):.0f}" if values else "-"


def report(games: list[Game]) -> list[str]:
    """The lines printed: one per game, then the averages."""
    lines = []
    for g in games:
        dom = (f"dominant seat {g.dominant[1]} at {g.dominant[0]} with {g.dominant[2]}, then lost"
               f" {sum(g.lost.values())} {dict(sorted(g.lost.items()))} and took {g.took}"
               if g.dominant else "no dominant seat")
        falls = ", ".join(f"{s}: weak {g.weak.get(s, '-')} {'left' if s in g.left else 'out'}"
                          f" {g.out[s]}"
                          for s in sorted(g.out, key=g.out.get))
        lines.append(f"{g.name}: {g.turns} turns, {g.reason} ({g.winner or 'no winner'});"
                     f" {falls or 'no elimination'}; {dom}")
    outs = [sorted(g.out.values()) for g in games]
    waits = [w for g in games for w in g.waits()]
    doms = [g for g in games if g.dominant]
    kinds: dict[str, int] = {}
    for g in games:
        for k, n in g.winner_turns.items():
            kinds[k] = kinds.get(k, 0) + n
    total = sum(kinds.values())
    lines += [
        f"{len(games)} games: {_mean([g.turns for g in games])} turns on average,"
        f" {sum(g.reason == 'obelisk' for g in games)} by the Obelisk,"
        f" {sum(g.winner is None for g in games)} without a winner",
        f"the first seat weak at turn {_mean([min(g.weak.values()) for g in games if g.weak])};"
        f" eliminations: first at turn {_mean([o[0] for o in outs if o])}, second at"
        f" {_mean([o[1] for o in outs if len(o) > 1])}, third at"
        f" {_mean([o[2] for o in outs if len(o) > 2])}; from weak to eliminated"
        f" {_mean(waits)} turns ({len(waits)} seats)",
        f"a dominant seat in {len(doms)} games, at turn {_mean([g.dominant[0] for g in doms])};"
        f" the game lasted {_mean([g.turns - g.dominant[0] for g in doms])} more turns; it lost"
        f" {_mean([sum(g.lost.values()) for g in doms])} pieces"
        f" ({sum(g.lost.get('obelisk', 0) for g in doms)} of"
        f" {sum(sum(g.lost.values()) for g in doms)} on the Obelisk) and took"
        f" {_mean([g.took for g in doms])}",
        "the winner's turns once a rival is weak: " + (", ".join(
            f"{k} {100 * kinds.get(k, 0) / total:.0f}%" for k in
            ("progress", "capture", "idle", "back")) + f" (of {total})" if total else "none"),
        f"the rounds of its idle and back turns: {_mean([g.wasted for g in games])} turns a game"
        " (at most what the game would have been shorter had each brought a raid nearer)",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="record files or folders of them")
    args = parser.parse_args(argv)
    files = []
    for path in args.paths:
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    games = []
    for path in files:
        try:
            record = rec.load(path)
            seats = record.get("seats")
            if record.get("game") != "prepollency" or not isinstance(seats, list) or len(
                    seats) < 3:
                print(f"{rec.cut(str(path))}: skipped (not a 3- or 4-player Prepollency game)")
                continue
            games.append(phases(f"{path.parent.name}/{path.stem}", record))
        except rec.RecordError as error:
            print(f"{rec.cut(str(path))}: skipped ({error})")
    if not games:
        parser.error("no 3- or 4-player Prepollency record to read")
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
