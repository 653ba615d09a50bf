"""Overlords knowledge for the shared search (common.ai): evaluation, move priors, a fast view.

The search walks `FastView`: the engine's packed-int fast path (`legal_codes`, `apply_legal`),
which is the same legality as `rules.legal_moves` without the sorting and re-checking. A
position is judged from the side to move, X, against the other, Y:

- material on the board, and the reserve (worth more with an empty matching Source to recruit on);
- Sources: each controlled Source, and more and more as a side nears all nine;
- threats, read from both sides' actual stones: what X can capture now (X moves next, so its
  best capture is nearly won; the enemy Overlord or the ninth Source is a win), and what Y
  attacks (X saves one piece, the second most valuable is likely lost); an attacked Overlord
  that no turn of X saves (step away, take the attacker, block its line) is a lost game;
- Overlord safety: an Overlord whose side has spent its O Fate cannot move until the
  Reckoning; open squares around an Overlord are where a teleported enemy strikes from.

Move priors favour captures, Sources, recruits and moves that attack the enemy Overlord, and
avoid squares Y attacks and spending the O Fate without need.

The evaluation and the priors run at every node the search opens (`python3 bootstrap.py bench
ladder` measures the levels, `bench engine` the engine under them): their loops over cells and
moves read the cell and move encodings of `overlords.state` and `overlords.moves` inline, on
purpose; elsewhere the helpers (`piece_code`, `cell_side`, ...) say it.
"""

from __future__ import annotations

import math
from typing import Any

from common.ai.search import Heuristics, Params
from common.protocol import Outcome
from overlords import tactics
from overlords.apply import apply_legal
from overlords.movegen import (
    add_moves,  # the engine's target generator
    legal_codes,
)
from overlords.moves import NONE
from overlords.state import (
    ALL_RUNES,
    BLACK,
    CAPTURES,
    DRAGON,
    FORBIDDEN,
    GRID,
    OVERLORD,
    PIT,
    RECRUITS,
    WHITE,
    State,
    piece_code,
)
from overlords.tactics import KNIGHT, LINES, NEIGHBOURS, ON_LINES, gives_check  # noqa: F401

VALUE = (0.0, 3.2, 3.8, 2.6)  # by figure type O, W, D, H (the Overlord is the game itself)
OVERLORD_CAPTURE = 30.0  # prior logit of a move that wins at once
SOURCE_WEIGHT = 1.0
RESERVE_SHARE = (0.15, 0.45)  # of a reserve figure's value: without / with a Source to recruit on
HANG_SHARE = 0.6  # of the second most valuable piece the enemy attacks
CAPTURE_SHARE = 0.7  # of the best capture the side to move has
SCALE = 7.0  # score -> value: tanh(score / SCALE)
NEAR_WIN = 0.97


class FastView:
    """The engine's fast path with the protocol's names: steps are packed ints."""

    NAME = "overlords"

    @staticmethod
    def players(state: State) -> tuple[int, ...]:
        """White and Black."""
        return (WHITE, BLACK)

    @staticmethod
    def to_move(state: State) -> int:
        """The side to move."""
        return state.turn

    @staticmethod
    def outcome(state: State) -> Outcome | None:
        """The result, or None."""
        return state.result

    def __init__(self, heuristics: OverlordsHeuristics) -> None:
        self.h = heuristics

    def legal_steps(self, state: State) -> list[int]:
        """Every legal turn as a packed int (read once per position with the evaluation)."""
        return list(self.h.facts(state).codes)

    @staticmethod
    def apply_step(state: State, code: int) -> State:
        """The state after a packed turn from legal_steps."""
        return apply_legal(state, code)


def attack_map(state: State, cells: list[int], side: int) -> list[int]:
    """attacks[sq]: bitmask of the figure kinds with which `side`, with its unplayed stones,
    could move onto sq on its next turn (the moves of `legal_codes` that may capture: no
    Teleport, no recruit). Uses the engine's own target generator, so it cannot disagree."""
    runes, fates = state.runes[side], state.fates[side]
    barrier = state.static.barrier
    own_lo = piece_code(side, OVERLORD)  # the side's lowest cell value
    hands = [[r for r in (1, 2, 3, 4, 7) if runes >> (r - 1) & 1 and FORBIDDEN.get(r) != k]
             if fates[k] else () for k in range(4)]
    targets: list[int] = []
    attacks = [0] * 64
    for sq, cell in enumerate(cells):
        kind = cell - own_lo
        if not 0 <= kind < 4 or not hands[kind]:
            continue
        for rune in hands[kind]:
            targets.clear()
            add_moves(targets, 0, cells, barrier, sq, rune, kind, side)
            for to in targets:
                attacks[to] |= 1 << kind
    return attacks


class _Facts:
    """What evaluation and priors both read from one position, computed once."""

    __slots__ = ("state", "cells", "codes", "attacks", "control")

    def __init__(self, state: State) -> None:
        self.state = state
        self.cells = state.board.tolist()
        self.control = state.control.tolist()
        self.codes = legal_codes(state)
        self.attacks = attack_map(state, self.cells, 1 - state.turn)


# EXPOSED[mask][kind]: may one of the attacking kinds in the bitmask capture that kind?
EXPOSED = tuple(
    tuple(any(mask >> k & 1 and CAPTURES[k][kind] for k in range(4)) for kind in range(4))
    for mask in range(16)
)


SAVES = 3.0  # prior logit of a turn that saves the attacked Overlord without moving it
LOSES = 12.0  # prior penalty of a turn that leaves the attacked Overlord to be captured
CHECK = 3.0  # prior logit of a move after which the figure attacks the enemy Overlord
FROZEN = 0.25  # per turn until the Reckoning that a side's Overlord cannot move (no O Fate)
TRAPPED = 4.0  # the side to move's Overlord is attacked and has no O Fate to flee with
EXPOSURE = (0.05, 0.15)  # per open square next to / a knight's jump from an Overlord: the
# enemy teleports there and strikes next turn (second value: it holds its Teleport Rune)
APPROACH = tuple(NEIGHBOURS[sq] | KNIGHT[sq] for sq in range(64))


SLIDE_RAYS = {2: GRID.rays_diagonal, 3: GRID.rays_orthogonal}


def check_reach(cells: list[int], barrier: tuple[bool, ...], target: int,
                side: int) -> dict[int, tuple[frozenset[int], frozenset[int]]]:
    """reach[rune] = (squares from which a non-Dragon, and a Dragon, of `side` could capture
    on target next turn with that rune, the board as it stands): gives_check turned round, for
    every move at once, exact when the mover did not stand on a line from the target."""
    reach = {1: (NEIGHBOURS[target],) * 2, 4: (KNIGHT[target],) * 2}
    back = -8 if side == WHITE else 8
    col = target & 7
    pawn = frozenset(target + back + d for d in (-1, 1)
                     if 0 <= target + back + d < 64 and 0 <= col + d < 8)
    reach[7] = (pawn, pawn)
    for rune, rays in SLIDE_RAYS.items():
        walk: list[int] = []
        fly: list[int] = []
        for ray in rays[target]:
            walking = True
            for sq in ray:
                if walking:
                    walk.append(sq)
                fly.append(sq)
                if cells[sq]:
                    break
                if barrier[sq]:
                    walking = False
        reach[rune] = (frozenset(walk), frozenset(fly))
    return reach


def checkers(cells: list[int], barrier: tuple[bool, ...], runes: int, fates: tuple[int, ...],
             side: int, target: int) -> list[int]:
    """Squares of `side`'s figures that could capture the figure on target next turn with its
    unplayed stones (every type captures an Overlord)."""
    lo = piece_code(side, OVERLORD)  # the side's lowest cell value
    out = []
    for sq, cell in enumerate(cells):
        kind = cell - lo
        if 0 <= kind < 4 and fates[kind] and gives_check(cells, barrier, sq, to=sq, kind=kind,
                                                         side=side, runes=runes, target=target):
            out.append(sq)
    return out


class OverlordsHeuristics(Heuristics):
    """Evaluation and priors for Overlords."""

    params = Params(c_puct=1.2, minimax_weight=0.5, widen_base=1.0, widen_k=1.0,
                    root_widen_k=2.5, root_noise=0.3)
    nodes_per_second = 2000.0

    def __init__(self) -> None:
        self._cache: dict[int, _Facts] = {}
        self._view = FastView(self)

    def view(self, game: Any) -> Any:
        """The packed-int fast path."""
        return self._view

    def forget(self) -> None:
        """Let go of the facts of a finished search's positions (up to 4,096, with their
        states: 8–29 MB the CPU worker held between its answers)."""
        self._cache.clear()

    def facts(self, state: State) -> _Facts:
        """The position's moves and attack map (cached while the state lives)."""
        facts = self._cache.get(id(state))
        if facts is None or facts.state is not state:
            if len(self._cache) > 4096:
                self._cache.clear()
            facts = self._cache[id(state)] = _Facts(state)
        return facts

    def value(self, game: Any, state: State) -> list[float]:
        """Values for (White, Black) from the side to move's score."""
        x = state.turn
        s = self.score(state)
        v = NEAR_WIN if s >= 1000 else -NEAR_WIN if s <= -1000 else math.tanh(s / SCALE)
        return [v, -v] if x == WHITE else [-v, v]

    def score(self, state: State) -> float:
        """The side to move's advantage in rough figure units (>= 1000: it wins next turn;
        <= -1000: its Overlord is attacked and no turn saves it)."""
        f = self.facts(state)
        x, y = state.turn, 1 - state.turn
        cells, control, attacks = f.cells, f.control, f.attacks
        static = state.static
        material = [0.0, 0.0]
        hanging = []  # values of X's figures that Y attacks
        overlords = [-1, -1]
        for sq, cell in enumerate(cells):
            if cell:
                side, kind = (cell - 1) >> 2, (cell - 1) & 3
                material[side] += VALUE[kind]
                if kind == OVERLORD:
                    overlords[side] = sq
                if side == x and EXPOSED[attacks[sq]][kind]:
                    hanging.append(8.0 if kind == OVERLORD else VALUE[kind])
        hanging.sort()
        sources = [0, 0]
        empty_source = [[False] * 4, [False] * 4]
        for feature, squares in static.sources.items():
            kind = RECRUITS[feature]
            for sq in squares:
                owner = control[sq]
                if owner >= 0:
                    sources[owner] += 1
                    if not cells[sq]:
                        empty_source[owner][kind] = True
        score = material[x] - material[y]
        barrier = static.barrier
        for side, sign in ((x, -1.0), (y, 1.0)):
            frozen = not state.fates[side][OVERLORD]
            if frozen:
                score += sign * FROZEN * state.runes[side].bit_count()
            overlord = overlords[side]
            if overlord >= 0:
                open_squares = sum(1 for sq in APPROACH[overlord] if not cells[sq]
                                   and not barrier[sq])
                weight = EXPOSURE[state.runes[1 - side] >> 4 & 1]
                score += sign * weight * open_squares * (2 if frozen else 1)
        if hanging and hanging[-1] == 8.0 and not state.fates[x][OVERLORD]:
            score -= TRAPPED
        score += _sources_score(sources[x]) - _sources_score(sources[y])
        for side, sign in ((x, 1.0), (y, -1.0)):
            reserve = state.reserve[side]
            for kind in (1, 2, 3):
                if reserve[kind]:
                    share = RESERVE_SHARE[empty_source[side][kind]]
                    score += sign * reserve[kind] * VALUE[kind] * share
        best = 0.0
        last_source = -1
        if sources[x] == 8:
            last_source = next(sq for sq in static.source_squares.tolist() if control[sq] != x)
        for code in f.codes:
            to = code & 127
            if to == NONE:
                continue
            if to == last_source and (code >> 7) & 127 != NONE:
                return 1000.0
            victim = cells[to]
            if victim:
                kind = (victim - 1) & 3
                if kind == OVERLORD:
                    return 1000.0
                best = max(best, VALUE[kind])
        if hanging and hanging[-1] == 8.0 and not self._parries(state, f, overlords[x]):
            return -1000.0
        score += CAPTURE_SHARE * best
        if len(hanging) > 1:
            score -= HANG_SHARE * hanging[-2]
        return score

    def _parries(self, state: State, f: _Facts, overlord: int) -> bool:
        """Whether the side to move, its Overlord attacked, has a turn that saves it."""
        return tactics.defence(state) is not None

    def priors(self, game: Any, state: State, steps: list[int]) -> list[float]:
        """Captures, Sources and recruits first; moves onto attacked squares last."""
        f = self.facts(state)
        x = state.turn
        cells, control, attacks = f.cells, f.control, f.attacks
        features = state.static.features.tolist()
        sources_x = sum(1 for sq in state.static.source_squares.tolist() if control[sq] == x)
        barrier = state.static.barrier
        enemy_overlord, own_overlord = piece_code(1 - x, OVERLORD), piece_code(x, OVERLORD)
        target = next((sq for sq, c in enumerate(cells) if c == enemy_overlord), -1)
        runes, fates = state.runes[x], state.fates[x]
        mine = next((sq for sq, c in enumerate(cells) if c == own_overlord), -1)
        if target >= 0:
            reach = check_reach(cells, barrier, target, x)
            on_lines = ON_LINES[target]
        saving = None  # the Overlord is attacked: only the turns that save it count
        if mine >= 0 and EXPOSED[attacks[mine]][OVERLORD]:
            saving = set(tactics.saving_moves(state, f.codes))
        out = []
        for code in steps:
            to = code & 127
            if to == NONE:
                out.append(0.0)
                continue
            frm, kind, rune = (code >> 7) & 127, (code >> 14) & 3, code >> 16
            logit = -0.5 if rune == 5 else 0.0
            victim = cells[to]
            if victim:
                vkind = (victim - 1) & 3
                logit += OVERLORD_CAPTURE if vkind == OVERLORD else 2.0 + VALUE[vkind]
            feature = features[to]
            if 0 <= feature < PIT and control[to] != x:
                logit += OVERLORD_CAPTURE if sources_x == 8 else 1.5
            if frm == NONE:
                logit += 2.0
            own = 8.0 if kind == OVERLORD else VALUE[kind]
            if EXPOSED[attacks[to]][kind]:
                logit -= 0.8 * own
            if saving is not None:
                if code not in saving:
                    logit -= LOSES
                elif kind != OVERLORD:
                    logit += SAVES  # a block or a capture keeps the O Fate for later
            elif frm != NONE and EXPOSED[attacks[frm]][kind]:
                logit += 0.6 * own
            elif kind == OVERLORD and not victim:
                logit -= 1.0  # the only O Fate of the cycle, spent without need
            left = runes & ~(1 << (rune - 1))
            if target >= 0 and (fates[kind] > 1 or not left):
                hand = left or ALL_RUNES
                if frm != NONE and frm in on_lines:  # leaving frm may open a line
                    check = gives_check(cells, barrier, frm, to, kind, x, hand, target)
                else:
                    dragon = kind == DRAGON
                    check = any(hand >> (r - 1) & 1 and FORBIDDEN.get(r) != kind
                                and to in reach[r][dragon] for r in (1, 2, 3, 4, 7))
                if check:
                    logit += CHECK
            out.append(logit)
        return out

    def forced_win(self, game: Any, state: State) -> int | None:
        """A move that wins at once or after which every reply allows a win (tactics)."""
        return tactics.forced_win(state)

    def losing(self, game: Any, state: State, steps: list[int]) -> set[int]:
        """The moves that lose by force two moves deep (tactics.judge)."""
        return {step for step, verdict in tactics.judge(state, steps).items() if verdict}

    def opening(self, game: Any, state: State, seat: int, rng: Any, care: float) -> State:
        """The start state with the seat's four figures where this CPU stands them (a game
        already under way is returned as it is)."""
        from overlords.ai.setup import with_cpu_setup  # it builds on this module

        if state.ply:
            return state
        return with_cpu_setup(state, seat, rng, care, self)

    # -- what the one-ply players see (common/ai/oneply.py: novice, greedy) -----------------

    def material(self, game: Any, state: State, player: int) -> float:
        """The side's figures on the board by VALUE (the Overlord is the game, not material)."""
        lo = 1 + player * 4
        return sum(VALUE[c - lo] for c in state.board.tolist() if lo <= c < lo + 4)

    def wins_now(self, game: Any, state: State) -> int | None:
        """A move that takes the enemy Overlord or the ninth Source now."""
        moves = tactics.winning_moves(state)
        return moves[0] if moves else None

    def hangs(self, game: Any, state: State, steps: list[int]) -> set[int]:
        """The moves after which the enemy can win at once (tactics.saving_moves: the rest)."""
        return set(steps) - set(tactics.saving_moves(state, steps))

    def careless_priors(self, game: Any, state: State, steps: list[int]) -> list[float]:
        """The priors with no square attacked by the enemy: no penalty for standing where a
        figure can be taken, no Overlord to save (the enemy's threats not looked at)."""
        f = self.facts(state)
        attacks, f.attacks = f.attacks, [0] * 64
        try:
            return self.priors(game, state, steps)
        finally:
            f.attacks = attacks

    def exposed(self, game: Any, state: State, step: int) -> float:
        """The moved (or recruited) figure's VALUE if the enemy, with its stones, can take it
        on its square next turn."""
        to = step & 127
        if to == NONE:
            return 0.0
        after = apply_legal(state, step)
        if after.result is not None:
            return 0.0
        y = after.turn
        hit = tactics.reaches(after.board.tolist(), after.static.barrier, after.runes[y],
                              after.fates[y], y, to)
        return VALUE[(step >> 14) & 3] if hit else 0.0


def _sources_score(count: int) -> float:
    """Controlled Sources, worth more and more as a side nears all nine."""
    return SOURCE_WEIGHT * count + (0.6 * (count - 5) ** 2 if count > 5 else 0.0)


HEURISTICS = OverlordsHeuristics()
