"""A game's analysis summed up: each seat's counts of marks, accuracy and worst turn, and the
turn where the game turned. No pygame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from common.analysis.model import Turn, adapter_for, mark_for
from common.protocol import Game

LEAD = 0.02  # a chance ahead of every other seat's by more than this leads


@dataclass(frozen=True)
class Opening:
    """A start that was a seat's own mistake (an Overlords setup): the seat, its mark, its
    chance before the first move, and why, from the game's engine."""

    player: int
    mark: str
    chance: float
    text: str


def opening(game: Game, done: Sequence[Turn], initial: Any) -> Opening | None:
    """The seat whose own choices before the first move (its setup) left it far below a fair
    share, if the game has such choices (`GameAdapter.start_words` says why; "" when the start
    is no one's choice): marked by the same bands as a turn, from the loss against an even
    share in two players' terms, and only a blunder (``??``: the start is an estimate, a
    lesser lean is no one's fault). A game lost from its setup is never "no mistakes"."""
    if not done:
        return None
    start = done[0].before
    players = [p for p, c in start.items() if c > 0.0] or list(start)
    fair = 1.0 / len(players)
    seat = min(players, key=lambda p: start[p])
    mark = mark_for((fair - start[seat]) * len(players) / 2)
    if mark != "??":  # an estimate at the very start: only a clear blunder is named
        return None
    words = adapter_for(game).start_words(initial, seat, start[seat])
    return Opening(seat, mark, start[seat], words) if words else None


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


def summary(game: Game, done: Sequence[Turn], start: Opening | None = None
            ) -> dict[int, SeatSummary]:
    """Each seat's counts, accuracy and worst turn (`start`: a seat's setup mistake, counted
    with its marks)."""
    out = {}
    for p in sorted({t.mover for t in done}):
        mine = [t for t in done if t.mover == p]
        marks = [t.mark for t in mine] + ([start.mark] if start and start.player == p else [])
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


def graph_points(start: dict[int, float], done: Sequence[Turn], players: Sequence[int]
                 ) -> dict[int, tuple[float, ...]]:
    """Each seat's chance at every position (0: the start), as the graph draws it. With two
    seats, the chances as measured. With three or four, each position is judged by a search
    from the point of view of the seat to move there, which leans the same way every round:
    drawn as they are, the lines zig-zag every turn. So each point is the mean of the last
    round's positions (as many as seats were in: one judged from each mover's side),
    normalised to sum 1; a seat out of the game stays at 0 and a finished game's last
    point (a result: proved) is drawn as it is."""
    raw = [dict(start), *(dict(t.chances) for t in done)]
    out: dict[int, list[float]] = {p: [] for p in players}
    for i, chances in enumerate(raw):
        alive = [p for p in players if chances.get(p, 0.0) > 0.0]
        window = raw[max(0, i - len(alive) + 1):i + 1] if len(players) > 2 else [chances]
        if i == len(raw) - 1 and done and max(chances.values(), default=0.0) >= 1.0:
            window = [chances]  # a result, proved: as it is
        for p, share in _mean(window, players, alive).items():
            out[p].append(share)
    return {p: tuple(v) for p, v in out.items()}


def _mean(window: Sequence[dict[int, float]], players: Sequence[int], alive: Sequence[int]
          ) -> dict[int, float]:
    """The seats' mean chances over the window, 0 for a seat out, normalised to sum 1."""
    mean = {p: (sum(w.get(p, 0.0) for w in window) / len(window) if p in alive else 0.0)
            for p in players}
    total = sum(mean.values()) or 1.0
    return {p: mean[p] / total for p in players}


def zigzag(points: Sequence[float]) -> int:
    """How many times a line turns (up then down, or down then up) by more than 1 % each
    way: the graph's restlessness (bench/analysis.py prints it)."""
    turns, last = 0, 0
    for a, b in zip(points, points[1:], strict=False):
        step = b - a
        if abs(step) < 0.01:
            continue
        sign = 1 if step > 0 else -1
        turns += last != 0 and sign != last
        last = sign
    return turns
