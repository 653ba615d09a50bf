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
  score, so that finishing a raid beats keeping the victim in the game. That low score
  saturates the value of the seats still in (a lost piece moved it by 0.00003), so once a
  rival is out ALIVE_SHARE of the value is the fight of those still in: the score against
  every rival, each counting for at least DOOMED and an eliminated one for FALLEN, on a wider
  scale. Averaged over the seats still in alone, as it was, a seat about to fall made every
  survivor's edge: finishing it lowered the survivors' values (in 90 of 90 self-play
  positions where a turn completed the second elimination), and 4-player games idled for
  dozens of turns next to a base one square from full;
- no seat of four pieces or more: no seat can fill a base or hold the Obelisk any more, so
  every value is the draw's 0 (exact for two seats left; with more, two bases completed in
  one turn could still end it).
A seat's value is its score against the average of the others (LEAD_SHARE, the weight of the
best rival, is 0): with four players, weighing the leader heavily made the three others gang up
on whoever got ahead (the stronger seat) and ground every game into a draw; at 0.2 the 4-player
ladder still drew 5 games of 12, at 0 (with the exposure prior) 3 of 12. The value shrinks
toward the draw's 0 as the quiet counter nears the draw, so that a leading seat of four or more
pieces acts in time (with fewer it cannot win: hunting captures only lengthens the game).
Step priors favour captures (most of all of pieces that hold the Obelisk or stand on a base),
steps toward and onto the Obelisk (toward the raid's target below five pieces), and entering
bases; END comes late unless the seat holds the Obelisk. With three or four players a step
onto a square another seat attacks costs (EXPOSE) and one off it gains (FLEE): in a melee a
piece lost is lost to all, and without this the 4-player games bled every seat below the
four pieces it needs to win and ended drawn (bench/ladder.py, the closing note). It makes
4-player games longer (fewer pieces are traded) and costs a map of the attacked squares per
opened node (set EXPOSE to 0 to switch it off, map included).

Levels may know more (`Plan`, `PLANS`; `for_level`). Why: in the 4-player ladder every seat
marched on the Obelisk and the four-way melee in the centre took about 14 pieces from each seat
by turn 150; whoever had four pieces left then raided the others, and when nobody had, the
game was drawn. More nodes did not help: `hard` only traded faster (1 win in 12 against three
`normal`, 5 draws, 407 turns on average, at the ladder's node counts). So `hard` plays a plan
with three or more seats in: it keeps its army home while the others fight (`patience`: it
marches only with a lead over the strongest rival), keeps pieces on its own base (`guard`),
charges the Obelisk with them once it leads in full or a rival stands on three of its squares
(`charge`, `contest`: a hold that began while the army was home could not be broken in time),
and turns its material on a victim too weak to defend, counting the pieces that would fill
that base (`raid_nearest`, `raid_pull_big`) and opening first the turn that completes it
(`fill_prior`, exact on `tactics.fill_turn`: its first step is often a step inside the base
itself, which nothing else favours). Two-player games never see the plan.

The tactical check (`forced_win`, `losing`) is `prepollency.tactics`: a turn that wins at once
is played at once, and so (three or four seats in) is one that eliminates a rival, unless it
loses by force. The search weighs a rival's fall against the raids that then turn on the
finisher, and it left bases three squares full for dozens of turns (34 turns a game in the
4-player ladder). A step after which every way to finish the turn hands a win to a seat that
moves before ours, lets our base fall or leaves our Khan en prise is replaced, when some turn
allows less (the levels check every step of the chosen turn: `common.ai.levels`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from common.ai.search import Heuristics, Params
from prepollency import tactics
from prepollency.moves import END, GRID, Turn, gen_moves
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
FILL_PIECES = tactics.FILL_PIECES  # pieces a seat needs to fill a base alone (fewer: no win)
ELIMINATED = -60.0  # the score an eliminated rival counts for in the average of the others
ALIVE_SHARE = 0.4  # of a value once a rival is out: the fight of those still in, where
DOOMED = -10.0  # a rival still in counts for no less (a seat about to fall is no one's edge)
FALLEN = -25.0  # and an eliminated one for this: finishing a seat always gains
FIGHT_SCALE = 18.0  # (wider than SCALE: with two rivals out at FALLEN a piece still counts)
SHORT_MARCH = 0.3  # share of the march to the Obelisk for a seat too small to hold it
# A raid: a seat with RAID_WEAK pieces or fewer cannot guard its base; each point of a raider's
# nearness (NEAR_RAID) costs it RAID (x (RAID_WEAK + 2 - pieces) / (RAID_WEAK + 2)), of which
# the raider earns RAID_CREDIT (small: it loses that credit when the victim is eliminated).
RAID_WEAK = 6
RAID = 0.3
RAID_CREDIT = 0.15
LEAD_SHARE = 0.0  # weight of the lead over the best rival (the rest: over the average)
RAID_PULL = 2.0  # prior logit per point of NEAR_RAID gained by a raider's step (a square: 1)
DRAW_PRESSURE = 0.6  # share of a value lost as the quiet counter nears the draw (4+ pieces)
EXPOSE = 1.2  # prior logit per point of a piece's worth for a step onto a square others attack
FLEE = 0.5  # ... and for a step off an attacked square onto one they do not
CENTRE_PULL = 0.4  # prior logit per point of closeness to the Obelisk gained by a step
CENTRE_STEP = 1.0  # weight of the prior for stepping onto (or off) the Obelisk


@dataclass(frozen=True, slots=True)
class Plan:
    """What a level knows of the three- and four-player game beyond the shared evaluation (the
    defaults: nothing more). Only with three or more seats still in; two players never see it."""

    patience: float = 0.0  # march on the Obelisk only with a lead: in full at 1 + this times the
    # strongest rival's pieces, not at all when even (0: always march)
    raid_nearest: float = 0.0  # a raid's threat per point of nearness of the pieces that would
    # fill the victim's base (the nearest ones), instead of RAID per point of every piece
    raid_pull_big: int = -1  # a victim this weak (pieces) pulls a big raider's steps to its base
    fill_prior: float = 0.0  # prior logit for the first step of a turn that completes a base
    guard: float = 0.0  # worth of each of a seat's own pieces (up to two) on its own base
    # (none while it charges: the Archers at home are its fastest pieces)
    charge: float = 0.0  # the march is 1 + this times stronger (and no raid pulls its steps)
    # while the seat charges: a rival takes the Obelisk, or it has its full lead and CHARGE_PIECES
    contest: int = 4  # a rival on this many Obelisk squares (of 5 pieces or more) takes it


# `hard` waits out the melee of the others, then finishes them: measured in the closing note
PLANS = {"hard": Plan(patience=1.0, raid_nearest=1.0, raid_pull_big=3, fill_prior=8.0, guard=1.0,
                     charge=2.0, contest=3)}


def attacked(state: State) -> bytearray:
    """attacked[sq]: 1 where a piece of another seat still in could move next (a capture if a
    piece of the mover stands there), on the board as it is."""
    owners, kinds, me = state.owners, state.kinds, state.turn
    out = bytearray(GRID.cells)
    moves: list[Any] = []
    for seat in state.alive:
        if seat != me:
            gen_moves(owners, kinds, seat, state.pieces[seat], -1, moves)
    for m in moves:
        out[m.to] = 1
    return out


def raid_target(state: State, raider: int, nearest: float = 0.0) -> tuple[int, float]:
    """The weak seat whose base the raider's pieces threaten most, and that threat (0, 0.0 if
    none: three or four players only, a raider of at least four pieces, victims of RAID_WEAK
    or fewer, among the seats still in the game). The threat counts every piece's nearness
    (RAID each), or with `nearest` only the pieces that would fill the base: the nearest ones,
    as many as the squares other seats do not already hold."""
    pieces = state.pieces
    mine = pieces[raider]
    best, target = 0.0, 0
    if len(mine) < FILL_PIECES or len(state.seats) == 2:
        return target, best
    owners = state.owners
    for seat in state.alive:
        weak = len(pieces[seat])
        if seat != raider and weak <= RAID_WEAK:
            near = NEAR_RAID[seat]
            weakness = (RAID_WEAK + 2 - weak) / (RAID_WEAK + 2)
            if nearest:
                held = sum(1 for b in BASES[seat] if owners[b] not in (0, seat, raider))
                fill = sorted((near[sq] for sq in mine), reverse=True)[: 4 - held]
                threat = nearest * weakness * sum(fill)
            else:
                threat = RAID * weakness * sum(near[sq] for sq in mine)
            if threat > best:
                best, target = threat, seat
    return target, best


def on_obelisk(state: State) -> dict[int, int]:
    """How many Obelisk squares each seat still in stands on (0 for none)."""
    owners = state.owners
    on = dict.fromkeys(state.alive, 0)
    for sq in OBELISK:
        if owners[sq]:
            on[owners[sq]] = on.get(owners[sq], 0) + 1
    return on


def takers(state: State, contest: int = 4, on: dict[int, int] | None = None) -> set[int]:
    """The seats taking the Obelisk: holding it, or of five pieces or more on `contest` of its
    squares or more (`on`: on_obelisk, passed in when known)."""
    holds, pieces = state.holds, state.pieces
    if on is None:
        on = on_obelisk(state)
    return {seat for seat in state.alive
            if holds[seat] or (on[seat] >= contest and len(pieces[seat]) >= 5)}


CHARGE_PIECES = 7  # five to hold the Obelisk and two to guard it


def march_share(state: State, seat: int, patience: float, taking: set[int] | None = None,
                charge: float = 0.0) -> float:
    """How much of the march toward the Obelisk a patient seat makes (`Plan.patience`): none
    while some rival has as many pieces, all of it once it has 1 + patience times the
    strongest rival's. It charges (1 + `charge` times the march) with that full lead and
    CHARGE_PIECES, and while a rival takes the Obelisk (`takers`, passed in when known): go
    and break the hold before it is complete. Three or more seats in only: in a melee of three
    or four the seats that trade pieces in the centre all lose to the one that kept its own."""
    if not patience or len(state.alive) < 3:
        return 1.0
    if taking is None:
        taking = takers(state)
    if taking - {seat}:
        return 1.0 + charge
    pieces = state.pieces
    rival = max(len(pieces[s]) for s in state.alive if s != seat)
    ratio = len(pieces[seat]) / max(1, rival)
    share = min(1.0, max(0.0, (ratio - 1.0) / patience))
    if share == 1.0 and len(pieces[seat]) >= CHARGE_PIECES:
        return 1.0 + charge
    return share


def eliminations(state: State) -> set[Any]:
    """The first steps of the mover's turns that complete another seat's base (at the start of
    a turn, three or more seats in: with two that is a win, which the tactics play anyway).
    Exact, on `tactics.fill_turn`: a turn fills at most two squares."""
    if state.moved != -1 or len(state.alive) < 3:
        return set()
    owners, me = state.owners, state.turn
    out: set[Any] = set()
    lists = None
    for seat in state.alive:
        if seat == me:
            continue
        need, keep = tactics.base_need(owners, seat, me)
        if len(need) <= 2:
            if lists is None:
                lists = list(owners), list(state.kinds)
            turn = tactics.fill_turn(lists[0], lists[1], me, need, keep)
            if turn:
                out.add(turn[0])
    return out


class PrepollencyHeuristics(Heuristics):
    """Evaluation and priors for Prepollency, 2, 3 (the variant) or 4 players."""

    params = Params(c_puct=1.2, minimax_weight=0.4, widen_base=1.0, widen_k=1.0,
                    root_widen_k=2.0, root_noise=0.3, first_step_share=0.6)
    nodes_per_second = 2700.0

    def __init__(self, plan: Plan = Plan()) -> None:
        self.plan = plan
        self._levels: dict[str, PrepollencyHeuristics] = {}

    def for_level(self, level: str) -> PrepollencyHeuristics:
        """This evaluation with the level's plan (PLANS; no plan for the others)."""
        plan = PLANS.get(level, Plan())
        if plan == self.plan:
            return self
        if level not in self._levels:
            self._levels[level] = PrepollencyHeuristics(plan)
        return self._levels[level]

    def concedes(self, game: Any, state: State) -> str:
        """Why the seat to move can no longer win (`tactics.cannot_win`: its CPU then
        resigns), or "". Only between turns (a half-made turn is finished first)."""
        if state.result is not None or state.moved != -1 or not tactics.cannot_win(
                state, state.turn):
            return ""
        mine = len(state.pieces[state.turn])
        return f"with {mine} {'piece' if mine == 1 else 'pieces'} it can no longer win"

    def scores(self, state: State) -> dict[int, float]:
        """Each seat still in the game: its score in rough piece units."""
        owners, kinds, pieces = state.owners, state.kinds, state.pieces
        alive = state.alive
        held = on_obelisk(state)
        plan = self.plan
        taking = None
        scores = {}
        for seat in alive:
            mine = pieces[seat]
            score = HOLD_POINT * state.holds[seat] + POTENTIAL[min(5, len(mine))]
            march, share = MARCH * SHORT_MARCH, 1.0
            if len(mine) >= 5:  # fewer can never hold the Obelisk
                score += OBELISK_HELD[held[seat]]
                march = MARCH
            if plan.patience:
                if taking is None:
                    taking = takers(state, plan.contest, held)
                share = march_share(state, seat, plan.patience, taking, plan.charge)
                march *= share
            if plan.guard and len(alive) > 2 and share <= 1.0:
                score += plan.guard * min(2, sum(owners[b] == seat for b in BASES[seat]))
            for sq in mine:
                score += PIECE[kinds[sq]] + march * CLOSE[sq]
            scores[seat] = score
        credit = len(alive) == 2  # with more, a raided seat's loss is its rivals' gain
        if len(state.seats) > 2:  # raids: each seat of 4+ pieces on its likeliest victim
            for raider in alive:
                target, threat = raid_target(state, raider, plan.raid_nearest)
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
        alive = state.alive
        if len(alive) > 1 and all(len(state.pieces[s]) < FILL_PIECES for s in alive):
            return [0.0 if s in alive else -0.99 for s in state.seats]  # no one can win
        scores = self.scores(state)
        rivals = len(state.seats) - 1
        fallen = rivals + 1 - len(scores)
        gone = fallen * ELIMINATED
        total = sum(scores.values())
        quiet = state.quiet / (DRAW_ROUNDS * len(alive))
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
            if fallen and ALIVE_SHARE:  # the eliminated rivals saturate `edge` near 1: weigh
                # in the fight of those still in, or a piece lost no longer counts (a seat far
                # ahead threw its pieces to a lone Archer and the game was drawn)
                among = (sum(max(DOOMED, v) for s, v in scores.items() if s != seat)
                         + fallen * FALLEN) / rivals
                fight = math.tanh((mine - among) / FIGHT_SCALE)
                value = (1.0 - ALIVE_SHARE) * value + ALIVE_SHARE * fight
            if len(state.pieces[seat]) >= FILL_PIECES:  # fewer cannot win: no use hurrying them
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
        plan = self.plan
        taking = takers(state, plan.contest) if plan.patience else None
        share = march_share(state, me, plan.patience, taking, plan.charge)
        centre, pull = CENTRE_STEP * share, CENTRE_PULL * share
        if len(state.pieces[me]) < 5:
            centre = 0.0
            target = raid_target(state, me, plan.raid_nearest)[0]
            if target:
                toward, pull = NEAR_RAID[target], RAID_PULL
        elif plan.raid_pull_big >= 0 and share <= 1.0:  # a big seat turns on a weak victim
            target = raid_target(state, me, plan.raid_nearest)[0]
            if target and len(state.pieces[target]) <= plan.raid_pull_big:
                toward, pull = NEAR_RAID[target], RAID_PULL
        danger = attacked(state) if len(state.alive) > 2 and EXPOSE else None
        fills = eliminations(state) if plan.fill_prior else ()
        out = []
        for step in steps:
            if step is END:
                out.append(1.0 if mine_on_obelisk == 5 else -1.0)
                continue
            f, t = step
            logit = pull * (toward[t] - toward[f])
            if danger is not None:  # in a melee of three or four, a piece lost is lost to all
                if danger[t]:
                    logit -= EXPOSE * PIECE[kinds[f]]
                elif danger[f]:
                    logit += FLEE * PIECE[kinds[f]]
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
            if step in fills:  # found by search too, but only if its first step is opened
                logit += plan.fill_prior
            out.append(logit)
        return out

    def forced_win(self, game: Any, state: State) -> Any | None:
        """The first step of a turn that wins at once (tactics.wins_at_once; END when holding
        the line wins), else, with three or more seats in, of one that eliminates a rival
        (`_finishing`), or None. The levels finish the turn with the step that completes it."""
        turn = tactics.wins_at_once(state, state.turn)
        if turn is not None:
            return turn[0] if turn else END
        if len(state.alive) > 2:
            return self._finishing(game, state)
        return None

    def _finishing(self, game: Any, state: State) -> Any | None:
        """A step of a turn that eliminates a rival (three or more seats in), when one does
        not lose by force: at the turn's start the first step of `eliminations`, later the
        step (END included) that closes the turn with a seat fewer."""
        if state.moved == -1:
            steps = sorted(eliminations(state), key=str)
        else:
            steps = []
            for step in game.legal_steps(state):
                after = game.apply_step(state, step)
                if after.turn != state.turn and len(after.alive) < len(state.alive):
                    steps.append(step)
        for step in steps:
            if not self.losing(game, state, [step]):
                return step
        return None

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

    # -- what the one-ply players see (common/ai/oneply.py: novice, greedy) -----------------

    def material(self, game: Any, state: State, player: int) -> float:
        """The seat's pieces on the board by PIECE."""
        kinds = state.kinds
        return sum(PIECE[kinds[sq]] for sq in state.pieces[player])

    def wins_now(self, game: Any, state: State) -> Any | None:
        """The first step of a turn that wins at once (END: holding the line wins)."""
        turn = tactics.wins_at_once(state, state.turn)
        if turn is None:
            return None
        return turn[0] if turn else END

    def hangs(self, game: Any, state: State, steps: list[Any]) -> set[Any]:
        """The steps after which, however the turn is finished, a seat that moves before ours
        can win at once or complete our base, while some turn allows less."""
        watch = self._watch(state)
        if watch.idle:
            return set()
        floor = self._floor(state, None)
        if floor >= tactics.HANDS_WIN:
            return set()
        out = set()
        for step in steps:
            level = self._step_level(watch, state, step)
            if level >= tactics.BASE_FALLS and level > floor:
                out.add(step)
        return out

    def exposed(self, game: Any, state: State, step: Any) -> float:
        """The moved piece's PIECE value if another seat still in can move onto its square
        (take it) on the board the step leaves."""
        if step is END:
            return 0.0
        f, t = step
        owners, kinds = list(state.owners), list(state.kinds)
        worth = PIECE[kinds[f]]
        owners[t], kinds[t], owners[f], kinds[f] = owners[f], kinds[f], 0, 0
        me = state.turn
        for seat in state.alive:
            if seat != me and tactics.movers_to(owners, kinds, seat, t):
                return worth
        return 0.0


HEURISTICS = PrepollencyHeuristics()
