"""Where a CPU side stands its four figures (Overlord, Dragon, Wizard, Hero) on its back row.

RULES.md lets each side set up anywhere on its back row and says nothing of the order. The
project's reading (the app does the same for people): White sets up first, without seeing
Black's setup; Black sets up second, seeing White's. White moves first, so only Black can lose
on move 1 to a bad setup, and seeing White's figures is what lets Black avoid it.

Every one of the 1,680 arrangements is rated cheaply from the lines between the back rows:
- Black (White's setup known): an Overlord a White figure captures on move 1 is never chosen;
  Black figures White takes on move 1 cost their value, White figures Black attacks gain a
  little (White must spend its first move on them), and so does a Black figure that attacks
  White's Overlord;
- White (Black's setup unknown): each line from Black's back row that reaches the Overlord
  (a file, and the long diagonal from a corner) costs, most when no Barrier stands on it, for
  then every figure type, not only a Dragon flying over Barriers, can use it.
The best-rated arrangements are then scored by the search's own evaluation of the start
position (against White's setup, or for White against a few likely Black setups), and one of
the best is played. `care` goes from 0 (easy: any arrangement that does not lose at once) to
1 (hard: one of the three best).
"""

from __future__ import annotations

import itertools
import random

from common.seats import SeatSpec
from overlords.ai.heuristics import LINES, VALUE, OverlordsHeuristics, gives_check
from overlords.setup import (
    SETUP_TYPES,
    Features,
    back_row,
    default_setup,
    features_of,
    make_state,
    random_setup,
    setup_of,
)
from overlords.state import ALL_RUNES, BLACK, CAPTURES, OVERLORD, WHITE, State, piece_code

SHORTLIST = 40  # arrangements scored by the evaluation after the cheap rating
SAMPLES = 3  # likely Black setups a White arrangement is scored against (besides the usual)
OPEN_LINE = 1.5  # per line from the enemy back row onto the Overlord that any type may use
DRAGON_LINE = 0.5  # per line only a Dragon, flying over its Barriers, may use


def arrangements(side: int) -> list[dict[int, int]]:
    """Every way to stand O, D, W, H on four squares of the side's back row."""
    return [dict(zip(SETUP_TYPES, squares, strict=True))
            for squares in itertools.permutations(back_row(side), 4)]


def _attacks(cells: list[int], barrier: tuple[bool, ...], frm: int, target: int,
             side: int) -> bool:
    """Whether the figure of `side` on frm could capture the one on target with a full hand."""
    kind = (cells[frm] - 1) & 3
    victim = (cells[target] - 1) & 3
    return CAPTURES[kind][victim] and gives_check(cells, barrier, frm, frm, kind, side,
                                                   ALL_RUNES, target)


def _lines_onto(sq: int, barrier: tuple[bool, ...]) -> float:
    """What the lines from the enemy back row onto sq cost an Overlord standing there: its
    file, and from a corner the long diagonal to the far corner."""
    file = sq & 7
    ends = [file + 56 - (sq & 56)]  # the same file on the other back row
    if file in (0, 7):
        ends.append(63 - sq)
    return sum(DRAGON_LINE if any(barrier[b] for b in LINES[sq][end][1]) else OPEN_LINE
               for end in ends)


def _rate(cells: list[int], barrier: tuple[bool, ...], side: int, mine: dict[int, int],
          known: bool) -> float | None:
    """The cheap rating of an arrangement (higher is better); None if it loses on move 1."""
    enemy = 1 - side
    lo = 1 + enemy * 4
    theirs = [sq for sq, c in enumerate(cells) if lo <= c < lo + 4]
    overlord = mine[OVERLORD]
    if not known:
        return -_lines_onto(overlord, barrier)
    rating = 0.0
    for sq in theirs:
        for kind, at in mine.items():
            if _attacks(cells, barrier, sq, at, enemy):
                if kind == OVERLORD:
                    if side == BLACK:
                        return None
                    rating -= 4.0  # White moves first: it escapes, at the cost of a turn
                else:
                    rating -= VALUE[kind] if side == BLACK else 0.5 * VALUE[kind]
        for at in mine.values():
            if _attacks(cells, barrier, at, sq, side):
                victim = (cells[sq] - 1) & 3
                rating += 1.0 if victim == OVERLORD else 0.3 * VALUE[victim]
    return rating


def choose_setup(features: Features, side: int, enemy: dict[int, int] | None,
                 rng: random.Random, care: float = 1.0,
                 heuristics: OverlordsHeuristics | None = None) -> dict[int, int]:
    """Squares for the side's four figures ({type: square}); `enemy` is the other side's setup
    when this side sees it (Black), None when it does not (White)."""
    h = heuristics or OverlordsHeuristics()
    other = 1 - side
    probe = make_state(features, {side: default_setup()[side],
                                  other: enemy or default_setup()[other]})
    barrier = probe.static.barrier
    base = [0] * 64
    if enemy is not None:
        for kind, sq in enemy.items():
            base[sq] = piece_code(other, kind)
    rated: list[tuple[float, dict[int, int]]] = []
    for mine in arrangements(side):
        cells = list(base)
        for kind, sq in mine.items():
            cells[sq] = piece_code(side, kind)
        rating = _rate(cells, barrier, side, mine, enemy is not None)
        if rating is not None:
            rated.append((rating + rng.random() * 0.01, mine))
    if not rated:  # every arrangement loses at once (no board allows that, but be safe)
        rated = [(0.0, mine) for mine in arrangements(side)]
    if care <= 0.0:
        return rng.choice(rated)[1]
    rated.sort(key=lambda r: -r[0])
    shortlist = [mine for _, mine in rated[:SHORTLIST]]
    if enemy is not None:
        opponents = [enemy]
    else:
        opponents = [default_setup()[other]]
        opponents += [rng.choice(arrangements(other)) for _ in range(SAMPLES)]
    scored = []
    for mine in shortlist:
        total = 0.0
        for theirs in opponents:
            state = make_state(features, {side: mine, other: theirs})
            s = _score_for(h, state, side)
            total += s
        scored.append((total / len(opponents), mine))
    scored.sort(key=lambda r: -r[0])
    top = max(1, round(3 + (1.0 - care) * 12))
    return rng.choice(scored[:top])[1]


def _score_for(h: OverlordsHeuristics, state: State, side: int) -> float:
    """The evaluation of a start position (White to move) for `side`."""
    s = min(1000.0, max(-1000.0, h.score(state)))
    return s if side == state.turn else -s


def with_cpu_setup(state: State, side: int, rng: random.Random, care: float,
                   heuristics: OverlordsHeuristics | None = None) -> State:
    """The start state with `side`'s figures where a CPU would stand them (Black sees White's
    setup; White ignores Black's)."""
    features = features_of(state)
    setup = setup_of(state)
    enemy = setup[BLACK - side] if side == BLACK else None
    setup[side] = choose_setup(features, side, enemy, rng, care, heuristics)
    return make_state(features, setup)


def cpu_setup(features: dict[str, list[int]], seed: int, side: int, spec: SeatSpec | str,
              placed: dict[int, dict[int, int]]) -> dict[int, int]:
    """Where a CPU or bot side (spec) stands its figures on the seed's board; Black sees
    White's setup in `placed`. The same seed and setups give the same choice. It can take a
    while: the setup screen asks it in a background thread."""
    from common.ai.levels import LEVELS

    spec = SeatSpec.parse(spec)
    rng = random.Random(seed * 2 + side)
    if spec.kind == "random":
        return random_setup(rng)[side]
    care = (LEVELS.get(spec.level or "") or LEVELS["normal"]).care
    enemy = placed.get(WHITE) if side == BLACK else None
    return choose_setup(features, side, enemy, rng, care)
