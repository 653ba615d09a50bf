"""How much work a perft would do, known before it starts: the command line refuses one that
would run for minutes, with the estimate, instead of only capping the depth (a 4-player
Prepollency start at depth 3 is hundreds of seconds, depth 2 of an Overlords opening is
instant). No pygame.

The estimate is Knuth's: walk random paths down the tree, multiply the branching factors met
on the way; the mean of those products is an unbiased estimate of the number of positions at
that depth. perft expands (applies a move to) every position above its last level, so its work
is the sum of the estimates of the levels above the last. A few dozen walks cost a few
hundred move generations: well under a second whatever the position.
"""

from __future__ import annotations

import random
import time
from typing import Any

from common.i18n import N_, _
from common.protocol import Game

MAX_SECONDS = 60.0  # a perft estimated to take longer is refused
WALKS = 24  # random walks of the estimate


def estimate(game: Game, state: Any, depth: int, walks: int = WALKS,
             seed: int = 0) -> tuple[float, float]:
    """About how many positions `game.perft(state, depth)` expands (every level above the
    last: the last is counted, not expanded), and about how many seconds it takes on this
    machine (the walks time the moves they apply and the counts at the last level)."""
    rng = random.Random(seed)
    levels = [0.0] * max(0, depth - 1)
    applying = counting = 0.0
    applied = counted = 0
    for _walk in range(walks):
        product, here = 1.0, state
        for level in range(depth - 1):
            if game.outcome(here) is not None:
                break
            moves = game.legal_moves(here)
            if not moves:
                break
            product *= len(moves)
            levels[level] += product
            start = time.perf_counter()
            here = game.apply(here, rng.choice(moves))
            applying += time.perf_counter() - start
            applied += 1
        else:
            if depth > 1:
                start = time.perf_counter()
                game.perft(here, 1)
                counting += time.perf_counter() - start
                counted += 1
    work = sum(levels) / walks
    last = levels[-1] / walks if levels else 0.0
    seconds = work * applying / max(1, applied) + last * counting / max(1, counted)
    return work, seconds


def refusal(game: Game, state: Any, depth: int, limit: float = MAX_SECONDS) -> str | None:
    """Why perft at that depth is refused here (None if it fits in `limit` seconds): the
    estimate, and the deepest depth that fits."""
    work, seconds = estimate(game, state, depth)
    if seconds <= limit:
        return None
    fits = max((d for d in range(1, depth) if estimate(game, state, d)[1] <= limit),
               default=1)
    return _("depth {depth} from this position would expand about {work:,.0f} positions, "
             "about {duration} here (at most {limit:.0f} s); depth {fits} fits").format(
        depth=depth, work=work, duration=_duration(seconds), limit=limit, fits=fits)


def _duration(seconds: float) -> str:
    for unit, size in ((N_("{count:,.0f} days"), 86400), (N_("{count:,.0f} hours"), 3600),
                       (N_("{count:,.0f} minutes"), 60)):
        if seconds >= 2 * size:
            return _(unit).format(count=seconds / size)
    return _("{count:.0f} s").format(count=seconds)
