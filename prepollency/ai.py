"""Prepollency knowledge for the shared search (common.ai): evaluation and step priors.

Each seat still in the game gets a score in rough piece units:
- the Obelisk: how many of its five squares the seat holds, much more for all five, and more
  again for every point of its hold count (at 4 it wins);
- the march: every piece counts for how close it stands to the Obelisk (nearest pieces most);
- material, the Khan counting most;
- bases: enemy pieces on (and next to) a seat's own base cost it, growing fast as the four base
  squares fill up (all four: eliminated); the seat's own pieces on enemy bases earn the same.
A seat's value is its score against the best and the average of the others, so with four
players each seat watches the leader. Step priors favour captures (most of all of pieces that
hold the Obelisk or stand on a base), steps toward and onto the Obelisk, and entering bases;
END comes late unless the seat holds the Obelisk.
"""

from __future__ import annotations

import math
from typing import Any

from common.ai.search import Heuristics, Params
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


class PrepollencyHeuristics(Heuristics):
    """Evaluation and priors for Prepollency, 2 or 4 players."""

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
            score = OBELISK_HELD[held[seat]] + HOLD_POINT * state.holds[seat]
            for sq in pieces[seat]:
                score += PIECE[kinds[sq]] + MARCH * CLOSE[sq]
            scores[seat] = score
        for seat in alive:
            enemies = 0
            for sq in BASES[seat]:
                o = owners[sq]
                if o and o != seat:
                    enemies += 1
            near = sum(1 for sq in NEAR_BASE[seat] if owners[sq] and owners[sq] != seat)
            loss = BASE_FILL[enemies] + 0.3 * near
            scores[seat] -= loss
            if enemies:  # the intruders share the credit
                for sq in BASES[seat]:
                    o = owners[sq]
                    if o and o != seat and o in scores:
                        scores[o] += loss / enemies
        return scores

    def value(self, game: Any, state: State) -> list[float]:
        """One value per seat: its score against the best and the average of the others."""
        scores = self.scores(state)
        out = []
        for seat in state.seats:
            if seat not in scores:
                out.append(-0.99)
                continue
            others = [v for s, v in scores.items() if s != seat]
            if not others:
                out.append(0.99)
                continue
            mine = scores[seat]
            edge = 0.5 * (mine - max(others)) + 0.5 * (mine - sum(others) / len(others))
            out.append(math.tanh(edge / SCALE))
        return out

    def priors(self, game: Any, state: State, steps: list[Any]) -> list[float]:
        """Captures, the Obelisk and bases first; END late unless the Obelisk is held."""
        owners, kinds, me = state.owners, state.kinds, state.to_move
        mine_on_obelisk = sum(1 for sq in OBELISK if owners[sq] == me)
        base_fill = {seat: sum(1 for sq in BASES[seat] if owners[sq] and owners[sq] != seat)
                     for seat in state.alive if seat != me}
        out = []
        for step in steps:
            if step is END:
                out.append(1.0 if mine_on_obelisk == 5 else -1.0)
                continue
            f, t = step
            logit = 0.4 * (CLOSE[t] - CLOSE[f])
            victim = owners[t]
            if victim:
                logit += 1.0 + 1.5 * PIECE[kinds[t]]
                if ON_OBELISK[t]:
                    logit += 2.0 + 2.0 * state.holds[victim]
                if BASE_OF.get(t) == me:
                    logit += 3.0
            if ON_OBELISK[t]:
                logit += 1.5 + 0.5 * mine_on_obelisk
            if ON_OBELISK[f]:
                logit -= 2.0 + 0.5 * mine_on_obelisk
            seat = BASE_OF.get(t)
            if seat is not None and seat != me and seat in base_fill:
                logit += 1.0 + base_fill[seat]
            if BASE_OF.get(f) not in (None, me):
                logit -= 2.0
            out.append(logit)
        return out

    def turn(self, game: Any, state: State, steps: list[Any]) -> Turn:
        """The turn made of the searched steps (END dropped)."""
        return Turn(step for step in steps if step is not END)


HEURISTICS = PrepollencyHeuristics()
