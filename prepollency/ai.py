"""Prepollency knowledge for the shared search (common.ai): evaluation and step priors.

Each seat still in the game gets a score in rough piece units:
- the Obelisk: how many of its five squares the seat holds, much more for all five, and more
  again for every point of its hold count (at 4 it wins);
- the march: every piece counts for how close it stands to the Obelisk (nearest pieces most);
- material, the Khan counting most;
- potential: a seat needs five pieces to hold the Obelisk and four to fill a base, so its
  last five pieces are worth more each (in a 4-player melee every seat bleeds: the one that
  keeps five can still win, the others cannot). Below five, the Obelisk and the march toward
  it count for (almost) nothing;
- bases: enemy pieces on (and next to) a seat's own base cost it, growing fast as the four base
  squares fill up (all four: eliminated); with two seats left the intruders earn the same;
- raids (3 or 4 players; in the 3-player variant the empty o1 corner is no one's base): a
  seat of few pieces cannot guard its base. Each seat of four or more pieces picks the
  weakest-guarded base its pieces are nearest to; the nearer they come, the more the victim
  loses and (less) the raider gains. An eliminated rival counts for a very low
  score, so that finishing a raid beats keeping the victim in the game.
A seat's value is its score against (a little) the best and (mostly) the average of the
others: with four players, weighing the leader heavily made the three others gang up on
whoever got ahead (the stronger seat) and ground every game into a draw. The value shrinks
toward the draw's 0 as the quiet counter nears the draw, so that a leading seat of four or
more pieces acts in time (with fewer it cannot win: hunting captures only lengthens the game).
Step priors favour captures (most of all of pieces that hold the Obelisk or stand on a base),
steps toward and onto the Obelisk (toward the raid's target below five pieces), and entering
bases; END comes late unless the seat holds the Obelisk.
"""

from __future__ import annotations

import math
from typing import Any

from common.ai.search import Heuristics, Params
from prepollency import tactics
from prepollency.moves import END, GRID, Turn
from prepollency.rules import DRAW_ROUNDS
from prepollency.state import BASES, OBELISK, State

PIECE = (0.0, 1.0, 1.4, 1.3, 3.0)  # by kind: -, Infantry, Cavalry, Archer, Khan
_CENTRE = 7


def _dist(sq: int) -> int:
    return max(abs(GRID.col(sq) - _CENTRE), abs(GRID.row(sq) - _CENTRE))


# CLOSE[sq]: how close a square is to the Obelisk (7 at the centre, 0 in the corners' rings).
CLOSE = tuple(max(0, 7 - _dist(sq)) for sq in range(GRID.cells))
ON_OBELISK = tuple(sq in OBELISK for sq in range(GRID.cells))
OBELISK_HELD = (0.0, 1.5, 3.5, 6.0, 9.0, 16.0)  # by Obelisk squares held
HOLD_POINT = 8.0  # per point of hold count
MARCH = 0.12  # per step of closeness per piece
BASE_OF = {sq: seat for seat, squares in BASES.items() for sq in squares}
BASE_FILL = (0.0, 1.0, 3.0, 8.0, 30.0)  # by base squares that enemies occupy
# NEAR_BASE[seat]: squares next to the base, from where a piece enters it in one step
NEAR_BASE = {
    seat: frozenset(n for sq in squares for n in GRID.neighbours[sq]) - set(squares)
    for seat, squares in BASES.items()
}
SCALE = 12.0


def _base_dist(seat: int, sq: int) -> int:
    return min(abs(GRID.col(sq) - GRID.col(b)) + abs(GRID.row(sq) - GRID.row(b))
               for b in BASES[seat])


# NEAR_RAID[seat][sq]: how near a square is to the seat's base: 14 on it, half a point less
# per file or rank away (0 in the far corner), so that every step toward it counts
NEAR_RAID = {seat: tuple(14 - _base_dist(seat, sq) / 2 for sq in range(GRID.cells))
             for seat in BASES}
# POTENTIAL[n]: what a seat's n-th piece is worth beyond its material (n capped at 5). Five
# pieces can still take the Obelisk (and earn Khans), four can still fill a base; fewer can
# no longer win, so in a 4-player melee the last pieces are worth keeping (and taking).
POTENTIAL = (0.0, 0.0, 0.0, 1.0, 3.0, 7.0)
ELIMINATED = -60.0  # the score an eliminated rival counts for in the average of the others
SHORT_MARCH = 0.3  # share of the march to the Obelisk for a seat too small to hold it
# A raid: a seat with RAID_WEAK pieces or fewer cannot guard its base; each point of a raider's
# nearness (NEAR_RAID) costs it RAID (x (RAID_WEAK + 2 - pieces) / (RAID_WEAK + 2)), of which
# the raider earns RAID_CREDIT (small: it loses that credit when the victim is eliminated).
RAID_WEAK = 6
RAID = 0.3
RAID_CREDIT = 0.15
LEAD_SHARE = 0.2  # weight of the lead over the best rival (the rest: over the average)
RAID_PULL = 2.0  # prior logit per point of NEAR_RAID gained by a raider's step (a square: 1)
DRAW_PRESSURE = 0.6  # share of a value lost as the quiet counter nears the draw (4+ pieces)


def raid_target(state: State, raider: int) -> tuple[int, float]:
    """The weak seat whose base the raider's pieces threaten most, and that threat (0, 0.0 if
    none: three or four players only, a raider of at least four pieces, victims of RAID_WEAK
    or fewer, among the seats still in the game)."""
    pieces = state.pieces
    mine = pieces[raider]
    best, target = 0.0, 0
    if len(mine) < 4 or len(state.seats) == 2:
        return target, best
    for seat in state.alive:
        weak = len(pieces[seat])
        if seat != raider and weak <= RAID_WEAK:
            near = NEAR_RAID[seat]
            threat = RAID * (RAID_WEAK + 2 - weak) / (RAID_WEAK + 2) * sum(near[sq] for sq in mine)
            if threat > best:
                best, target = threat, seat
    return target, best


class PrepollencyHeuristics(Heuristics):
    """Evaluation and priors for Prepollency, 2, 3 (the variant) or 4 players."""

    params = Params(c_puct=1.2, minimax_weight=0.4, widen_base=1.0, widen_k=1.0,
                    root_widen_k=2.0, root_noise=0.3, first_step_share=0.6)
    nodes_per_second = 2700.0

    def scores(self, state: State) -> dict[int, float]:
        """Each seat still in the game: its score in rough piece units."""
        owners, kinds, pieces = state.owners, state.kinds, state.pieces
        alive = state.alive
        held = {seat: 0 for seat in alive}
        for sq in OBELISK:
            if owners[sq]:
                held[owners[sq]] = held.get(owners[sq], 0) + 1
        scores = {}
        for seat in alive:
            mine = pieces[seat]
            score = HOLD_POINT * state.holds[seat] + POTENTIAL[min(5, len(mine))]
            march = MARCH * SHORT_MARCH
            if len(mine) >= 5:  # fewer can never hold the Obelisk
                score += OBELISK_HELD[held[seat]]
                march = MARCH
            for sq in mine:
                score += PIECE[kinds[sq]] + march * CLOSE[sq]
            scores[seat] = score
        credit = len(alive) == 2  # with more, a raided seat's loss is its rivals' gain
        if len(state.seats) > 2:  # raids: each seat of 4+ pieces on its likeliest victim
            for raider in alive:
                target, threat = raid_target(state, raider)
                if target:
                    scores[target] -= threat
                    scores[raider] += RAID_CREDIT * threat
        for seat in alive:
            enemies = 0
            for sq in BASES[seat]:
                o = owners[sq]
                if o and o != seat:
                    enemies += 1
            near = sum(1 for sq in NEAR_BASE[seat] if owners[sq] and owners[sq] != seat)
            loss = BASE_FILL[enemies] + 0.3 * near
            scores[seat] -= loss
            if enemies and credit:  # the intruders share the credit
                for sq in BASES[seat]:
                    o = owners[sq]
                    if o and o != seat and o in scores:
                        scores[o] += loss / enemies
        return scores

    def value(self, game: Any, state: State) -> list[float]:
        """One value per seat: its score against the best and the average of the others."""
        scores = self.scores(state)
        rivals = len(state.seats) - 1
        gone = (rivals + 1 - len(scores)) * ELIMINATED
        total = sum(scores.values())
        quiet = state.quiet / (DRAW_ROUNDS * len(state.alive))
        keep = 1.0 - DRAW_PRESSURE * quiet * quiet
        out = []
        for seat in state.seats:
            if seat not in scores:
                out.append(-0.99)
                continue
            mine = scores[seat]
            if len(scores) == 1:
                out.append(0.99)
                continue
            best = max(v for s, v in scores.items() if s != seat)
            average = (total - mine + gone) / rivals
            edge = LEAD_SHARE * (mine - best) + (1.0 - LEAD_SHARE) * (mine - average)
            value = math.tanh(edge / SCALE)
            if len(state.pieces[seat]) >= 4:  # fewer cannot win: no use hurrying them
                value *= keep
            out.append(value)
        return out

    def priors(self, game: Any, state: State, steps: list[Any]) -> list[float]:
        """Captures, the Obelisk and bases first; END late unless the Obelisk is held."""
        owners, kinds, me = state.owners, state.kinds, state.turn
        mine_on_obelisk = sum(1 for sq in OBELISK if owners[sq] == me)
        base_fill = {seat: sum(1 for sq in BASES[seat] if owners[sq] and owners[sq] != seat)
                     for seat in state.alive if seat != me}
        toward = CLOSE  # with too few pieces to hold the Obelisk: toward a raid's target
        centre, pull = 1.0, 0.4
        if len(state.pieces[me]) < 5:
            centre = 0.0
            target = raid_target(state, me)[0]
            if target:
                toward, pull = NEAR_RAID[target], RAID_PULL
        out = []
        for step in steps:
            if step is END:
                out.append(1.0 if mine_on_obelisk == 5 else -1.0)
                continue
            f, t = step
            logit = pull * (toward[t] - toward[f])
            victim = owners[t]
            if victim:
                logit += 1.0 + 1.5 * PIECE[kinds[t]]
                if ON_OBELISK[t]:
                    logit += 2.0 + 2.0 * state.holds[victim]
                if BASE_OF.get(t) == me:
                    logit += 3.0
            if ON_OBELISK[t]:
                logit += centre * (1.5 + 0.5 * mine_on_obelisk)
            if ON_OBELISK[f]:
                logit -= centre * (2.0 + 0.5 * mine_on_obelisk)
            seat, left = BASE_OF.get(t), BASE_OF.get(f)
            if seat != left:  # a step inside one base neither enters nor leaves it
                if seat is not None and seat != me and seat in base_fill:
                    logit += 1.0 + base_fill[seat]
                if left in base_fill:  # leaving a base of a seat still in the game
                    logit -= 2.0
            out.append(logit)
        return out

    def forced_win(self, game: Any, state: State) -> Any | None:
        """The first step of a turn that wins at once (tactics.wins_at_once; END when holding
        the line wins), or None. The levels finish the turn with the winning second step."""
        turn = tactics.wins_at_once(state, state.turn)
        if turn is None:
            return None
        return turn[0] if turn else END

    def losing(self, game: Any, state: State, steps: list[Any]) -> set[Any]:
        """The steps after which every way to finish the turn allows more than the least any
        turn allows (tactics danger levels: a win handed to a seat that moves before ours,
        then our base falling, then our Khan en prise)."""
        watch = self._watch(state)
        if watch.idle:
            return set()
        out = set()
        for step in steps:
            level = self._step_level(watch, state, step)
            if level > tactics.SAFE and level > self._floor(state, step):
                out.add(step)
        return out

    def _watch(self, state: State) -> Any:
        key = state.key()
        cache = self.__dict__.setdefault("_watches", {})
        watch = cache.get(key)
        if watch is None:
            if len(cache) > 8:
                cache.clear()
            watch = cache[key] = tactics.Watch(state)
        return watch

    def _floor(self, state: State, hint: Any) -> int:
        """The least danger any turn allows here (found once per position)."""
        floors = self.__dict__.setdefault("_floors", {})
        key = state.key()
        if key not in floors:
            if len(floors) > 8:
                floors.clear()
            floors[key] = tactics.floor(state)
        return floors[key]

    def _step_level(self, watch: Any, state: State, step: Any) -> int:
        """The least danger of the turns this step can be part of (ended at once, or, at the
        turn's start, finished with any second move)."""
        if step is END:
            return watch.level(Turn())
        first = Turn((step,))
        best = watch.level(first)
        if best == tactics.SAFE or state.moved != -1:
            return best
        for second in tactics.second_moves(state, step):
            best = min(best, watch.level(Turn((step, second))))
            if best == tactics.SAFE:
                break
        return best


HEURISTICS = PrepollencyHeuristics()
