"""The Prepollency evaluation and step priors for the shared search (`common.ai`): the weights,
`PrepollencyHeuristics` and `HEURISTICS`, what the registry loads. What each term is for, and
what the ladder measured, is in the package docstring (`prepollency.ai`).
"""

from __future__ import annotations

import math
from typing import Any

from common.ai.search import Heuristics, Params
from common.i18n import ngettext
from prepollency import tactics
from prepollency.ai.plan import (
    FILL_PIECES,
    NEAR_RAID,
    NO_PLAN,
    PLANS,
    RAID_CREDIT,
    Plan,
    eliminations,
    march_share,
    on_obelisk,
    raid_target,
    takers,
)
from prepollency.apply import DRAW_ROUNDS
from prepollency.movegen import gen_moves
from prepollency.moves import END, GRID, Turn
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


# POTENTIAL[n]: what a seat's n-th piece is worth beyond its material (n capped at 5). Five
# pieces can still take the Obelisk (and earn Khans), four can still fill a base; fewer can
# no longer win, so in a 4-player melee the last pieces are worth keeping (and taking).
POTENTIAL = (0.0, 0.0, 0.0, 1.0, 3.0, 7.0)
ELIMINATED = -60.0  # the score an eliminated rival counts for in the average of the others
ALIVE_SHARE = 0.4  # of a value once a rival is out: the fight of those still in, where
DOOMED = -10.0  # a rival still in counts for no less (a seat about to fall is no one's edge)
FALLEN = -25.0  # and an eliminated one for this: finishing a seat always gains
FIGHT_SCALE = 18.0  # (wider than SCALE: with two rivals out at FALLEN a piece still counts)
SHORT_MARCH = 0.3  # share of the march to the Obelisk for a seat too small to hold it
LEAD_SHARE = 0.0  # weight of the lead over the best rival (the rest: over the average)
RAID_PULL = 2.0  # prior logit per point of NEAR_RAID gained by a raider's step (a square: 1)
DRAW_PRESSURE = 0.6  # share of a value lost as the quiet counter nears the draw (4+ pieces)
EXPOSE = 1.2  # prior logit per point of a piece's worth for a step onto a square others attack
FLEE = 0.5  # ... and for a step off an attacked square onto one they do not
CENTRE_PULL = 0.4  # prior logit per point of closeness to the Obelisk gained by a step
CENTRE_STEP = 1.0  # weight of the prior for stepping onto (or off) the Obelisk


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


class PrepollencyHeuristics(Heuristics):
    """Evaluation and priors for Prepollency, 2, 3 (the variant) or 4 players."""

    params = Params(c_puct=1.2, minimax_weight=0.4, widen_base=1.0, widen_k=1.0,
                    root_widen_k=2.0, root_noise=0.3, first_step_share=0.6)
    nodes_per_second = 2700.0

    def __init__(self, plan: Plan = NO_PLAN) -> None:
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
        return ngettext("with {count} piece it can no longer win",
                        "with {count} pieces it can no longer win", mine).format(count=mine)

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
        # with too few pieces to hold the Obelisk: toward a raid's target
        toward: tuple[float, ...] = CLOSE
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
        """The first step of a turn that wins at once (tactics.winning_turn; END when holding
        the line wins), else, with three or more seats in, of one that eliminates a rival
        (`_finishing`), or None. The levels finish the turn with the step that completes it."""
        turn = tactics.winning_turn(state, state.turn)
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
        turn = tactics.winning_turn(state, state.turn)
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
