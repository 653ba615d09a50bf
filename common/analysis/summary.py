"""A game's analysis summed up: each seat's counts of marks, accuracy and worst turn, and the
turn where the game turned. No pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from common.analysis.model import Turn
from common.protocol import Game

LEAD = 0.02  # a chance ahead of every other seat's by more than this leads


@dataclass(frozen=True)
class SeatSummary:
    """One seat's figures over the game."""

    player: int
    turns: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float  # 0..100
    worst: int | None  # the ply of its biggest loss (None: no loss worth a mark)


def counted(s: SeatSummary) -> str:
    """ "1 inaccuracy, 0 mistakes, 2 blunders"."""
    parts = [(s.inaccuracies, "inaccuracy", "inaccuracies"), (s.mistakes, "mistake", "mistakes"),
             (s.blunders, "blunder", "blunders")]
    return ", ".join(f"{n} {one if n == 1 else many}" for n, one, many in parts)


def accuracy_of(loss: float) -> float:
    """lichess's accuracy of one move from its loss (two players' terms, 0..1)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))


def summary(game: Game, done: Sequence[Turn]) -> dict[int, SeatSummary]:
    """Each seat's counts, accuracy and worst turn."""
    out = {}
    for p in sorted({t.mover for t in done}):
        mine = [t for t in done if t.mover == p]
        marks = [t.mark for t in mine]
        worst = max(mine, key=lambda t: (t.mark is not None, t.loss), default=None)
        out[p] = SeatSummary(
            p, len(mine), marks.count("?!"), marks.count("?"), marks.count("??"),
            sum(accuracy_of(t.loss) for t in mine) / len(mine) if mine else 100.0,
            worst.ply if worst is not None and worst.mark is not None else None)
    return out


def turning_point(done: Sequence[Turn], winner: int | None) -> int | None:
    """The ply after which the winner's chance led (by more than LEAD) to the end (None: no
    winner, or it led from the start)."""
    if winner is None or not done:
        return None

    def leads(chances: dict[int, float]) -> bool:  # clearly: an even start is no lead
        mine = chances.get(winner, 0.0)
        return all(mine > c + LEAD for p, c in chances.items() if p != winner)

    for t in range(len(done) - 1, -1, -1):
        if not leads(done[t].chances):
            return t + 1 if t + 1 < len(done) else None
    return None if leads(done[0].before) else 0
