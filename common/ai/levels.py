"""CPU levels (`novice`, `easy`, `normal`, `hard`, and `random` for tests) and the players that
play them.

A level is a time budget per turn on this project's 2-core machine and, for reproducible
games, an equivalent node budget: the level's seconds times the game's calibrated search speed
(`Heuristics.nodes_per_second`). A seat spec names a level, optionally with a fixed node count:
``hard`` searches by time, ``hard:4000`` searches exactly 4000 nodes (the same moves from the
same seed on any machine). `easy` makes human mistakes on purpose: now and then it plays a
plausible move it did not check, so that beginners can win. `novice`, the first level, does not
search at all: it plays one ply deep with a person's oversights (`common.ai.oneply`, `Sight`).
A game may also teach a level more than its shared evaluation (`Heuristics.for_level`:
Prepollency's `hard` plays a plan for three and four players).

Every search level also runs the game's tactical check (`Heuristics.forced_win` and `.losing`; in
Overlords `overlords.tactics`, two moves deep) around its search: a forced win is played at
once, without searching, and a first step that loses by force is replaced by the search's best
safe one whenever a safe one exists. Where a turn is several steps (Prepollency), the winning
turn is finished with its winning steps and every step of the chosen turn is checked in the
position it is made in (a losing second step is replaced by a safe follow-up; so is one in a
turn played at once that does not win, such as a Prepollency elimination). `easy` runs it
on most turns only (`vigilance`): a beginner must still be able to catch it out now and then.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common.ai.oneply import OnePlyPlayer, Sight
from common.ai.search import MCTS, Budget, Heuristics, SearchResult
from common.games import GAMES
from common.i18n import _
from common.protocol import Game
from common.seats import CPU, HINT_LEVEL, SeatSpec


@dataclass(frozen=True, slots=True)
class Level:
    """A CPU level: time budget per turn, and how often it errs on purpose."""

    name: str
    seconds: float
    mistake_rate: float = 0.0  # chance per turn of playing an unchecked plausible move
    mistake_choices: int = 1  # among this many of the best-looking first steps
    care: float = 1.0  # of choices before the first turn (setups): 0 any sound one, 1 the best
    vigilance: float = 1.0  # chance per turn of running the tactical check (forced wins, losses)
    sight: Sight | None = None  # a one-ply player that sees this (no search; `seconds`: a bound)


# novice: one ply deep; on one turn in ten it misses a win at once, on four in ten it does not
# look at the threats against it (it may leave its Overlord or a piece to be taken), and it
# takes a free piece on four turns in ten (`bench ladder --set novice` measures the bars)
NOVICE = Sight(wins=0.9, threats=0.6, captures=0.4, temperature=1.0)
LEVELS: dict[str, Level] = {
    "novice": Level("novice", 0.05, care=0.0, sight=NOVICE),
    "easy": Level("easy", 0.3, mistake_rate=0.4, mistake_choices=4, care=0.0, vigilance=0.85),
    "normal": Level("normal", 1.0, care=0.5),
    "hard": Level("hard", 3.0),
}
TIME_SAFETY = 0.85  # of a level's seconds spent searching: the rest covers the last node
NODE_CAP = 4.0  # a timed search stops after this many times its calibrated nodes
LOST = -0.9  # a first step whose mean value is this low was seen losing: no mistake plays it


def parse_spec(spec: str) -> tuple[Level, int | None]:
    """The level and fixed node count a CPU seat spec names; ValueError if it names none."""
    name, _colon, count = spec.strip().partition(":")
    level = LEVELS.get(name)
    if level is None:
        raise ValueError(_("unknown CPU level {name!r} (expected {join})").format(
                             name=name, join=', '.join(LEVELS)))
    if not count:
        return level, None
    try:
        nodes = int(count)
    except ValueError:
        raise ValueError(_("{spec!r}: the node count {count!r} is not a whole number").format(
                             spec=spec, count=count)) from None
    if nodes < 1:
        raise ValueError(_("{spec!r}: the node count must be positive").format(spec=spec))
    return level, nodes


_HEURISTICS: dict[str, Heuristics] = {}


def heuristics_for(game: Game) -> Heuristics:
    """The game's evaluation (from the registry), or a knowledge-free one for a game the
    registry does not list (the tests' toy games)."""
    name = game.NAME
    if name not in _HEURISTICS:
        entry = GAMES.get(name)
        _HEURISTICS[name] = entry.heuristics if entry is not None else Heuristics()
    return _HEURISTICS[name]


def gives_up(game: Game, state: Any) -> str:
    """Why a CPU level's seat to move resigns now, at the start of its turn, because it can no
    longer win ("with 3 pieces it can no longer win"), or "" (`Heuristics.concedes`): asked by
    the app (its `cpu_resigns` setting), `selfplay` and the ladder, never for the random
    player or a bot."""
    return heuristics_for(game).concedes(game, state)


def level_nodes(level: Level, heuristics: Heuristics) -> int:
    """The node budget equivalent to the level's time budget (calibrated on this machine)."""
    return max(8, round(level.seconds * heuristics.nodes_per_second))


def hint_seat(game: Game) -> SeatSpec:
    """The seat the Hint asks: the hint level searching its calibrated node count (the same
    strength as the level's time budget, and the same answer for the same seed)."""
    level = LEVELS[HINT_LEVEL]
    return SeatSpec(CPU, level=level.name, nodes=level_nodes(level, heuristics_for(game)))


@dataclass
class TurnStats:
    """What one CPU turn cost."""

    nodes: int
    seconds: float
    mistake: bool
    tactics: float = 0.0  # of `seconds`, spent in the tactical check (forced wins, safety)


class CpuPlayer:
    """A CPU seat: called with a state, returns its move (whole turn), always a legal one."""

    def __init__(self, game: Game, level: Level, rng: random.Random, nodes: int | None = None,
                 heuristics: Heuristics | None = None, tactics: bool = True) -> None:
        self.game = game
        self.tactics = tactics  # False: the search alone (benchmarks measure the difference)
        self.level = level
        self.rng = rng
        self.h = heuristics or heuristics_for(game).for_level(level.name)
        self.nodes = nodes  # fixed node budget (reproducible), or None to search by time
        self.last: TurnStats | None = None

    def budget(self, cancelled: Callable[[], bool] | None = None) -> Budget:
        """The budget of one turn: fixed nodes, or the level's time (capped in nodes)."""
        if self.nodes is not None:
            return Budget(nodes=self.nodes, cancelled=cancelled)
        cap = round(NODE_CAP * level_nodes(self.level, self.h))
        return Budget(nodes=cap, seconds=self.level.seconds * TIME_SAFETY, cancelled=cancelled)

    def opening(self, state: Any, seat: Any) -> Any:
        """The start state with this seat's choices before the first turn made (Overlords:
        its setup), as the level would make them."""
        return self.h.opening(self.game, state, seat, self.rng, self.level.care)

    def __call__(self, state: Any) -> Any:
        """The move to play in state."""
        return self.choose(state)

    def choose(self, state: Any, cancelled: Callable[[], bool] | None = None) -> Any:
        """The move to play (search.Cancelled if `cancelled()` turns true meanwhile)."""
        start = time.perf_counter()
        view = self.h.view(self.game)
        vigilant = self.tactics and (self.level.vigilance >= 1.0
                                     or self.rng.random() < self.level.vigilance)
        checked = 0.0
        if vigilant:
            win = self.h.forced_win(view, state)
            checked = time.perf_counter() - start
            if win is not None:
                steps = self._finish(state, win, win=True, safe=True)
                spent = time.perf_counter() - start
                self.last = TurnStats(0, spent, False, spent)
                return self.game.steps_to_move(steps)
        search = MCTS(self.game, self.h, random.Random(self.rng.getrandbits(64)))
        collecting = gc.isenabled()
        gc.disable()  # the tree has no cycles (refcounts free it): the collector's passes over
        try:  # its nodes cost a fifth of a search and made the slowest turns slower still
            result = search.choose_turn(state, self.budget(cancelled))
        finally:
            if collecting:
                gc.enable()
        steps, mistake = self._err(state, result)
        if vigilant:
            guard = time.perf_counter()
            steps = self.safe_steps(state, result, steps)
            checked += time.perf_counter() - guard
        self.last = TurnStats(result.nodes, time.perf_counter() - start, mistake, checked)
        return self.game.steps_to_move(steps)

    def safe_steps(self, state: Any, result: SearchResult, steps: list[Any]) -> list[Any]:
        """The chosen steps, or, if their first step loses by force and another does not, the
        search's favourite among the safe ones: the most visited first steps, then the rest
        in the heuristics' order. In a game of several steps a turn (Prepollency) the later
        steps are checked the same way, and a losing one is replaced by a safe follow-up."""
        view = self.h.view(self.game)
        if not self.h.losing(view, state, [steps[0]]):
            return self._safe_rest(state, steps)
        options = view.legal_steps(state)
        visits = {step: (n, mean) for step, n, mean in result.root_scores}
        logits = self.h.priors(view, state, options)
        order = sorted(range(len(options)), key=lambda i: (
            visits.get(options[i], (0, -2.0)), logits[i]), reverse=True)
        for i in order:  # one at a time: the first safe one is usually near the top
            if options[i] != steps[0] and not self.h.losing(view, state, [options[i]]):
                return self._finish(state, options[i], safe=True)
        return steps  # every step loses: the search's choice fights longest

    def _safe_rest(self, state: Any, steps: list[Any]) -> list[Any]:
        """The steps after a safe first one, each checked in the position it is made in."""
        if len(steps) == 1:
            return steps
        game = self.h.view(self.game)
        me = game.to_move(state)
        state = game.apply_step(state, steps[0])
        for i in range(1, len(steps)):
            if game.outcome(state) is not None or game.to_move(state) != me:
                break
            if self.h.losing(game, state, [steps[i]]):
                return [*steps[:i], *self._follow(state, me, safe=True)]
            state = game.apply_step(state, steps[i])
        return steps

    def _err(self, state: Any, result: SearchResult) -> tuple[list[Any], bool]:
        """Now and then (easy) a plausible first step instead of the best: never instead of a
        win on the spot, never one the search saw lose at once."""
        level = self.level
        if not level.mistake_rate or len(result.root_scores) < 2:
            return result.steps, False
        if self.rng.random() >= level.mistake_rate or self._wins(state, result.steps):
            return result.steps, False
        ranked = sorted(result.root_scores, key=lambda s: -s[1])[: level.mistake_choices]
        step = self.rng.choice([s for s in ranked if s[2] > LOST] or ranked)[0]
        if step == result.steps[0]:
            return result.steps, False
        return [*self._finish(state, step)], True

    def _wins(self, state: Any, steps: list[Any]) -> bool:
        game = self.h.view(self.game)
        me = game.to_move(state)
        for step in steps:
            state = game.apply_step(state, step)
        outcome = game.outcome(state)
        return outcome is not None and outcome.winner == me

    def _finish(self, state: Any, step: Any, win: bool = False, safe: bool = False
                ) -> list[Any]:
        """The first step, then (multi-step turns) the rest of the turn: the winning follow-up
        if `win`, else the heuristics' favourite (if `safe`, the favourite that does not lose
        by force, when one does not)."""
        game = self.h.view(self.game)
        me = game.to_move(state)
        return [step, *self._follow(game.apply_step(state, step), me, win, safe)]

    def _follow(self, state: Any, me: Any, win: bool = False, safe: bool = False
                ) -> list[Any]:
        """The steps that finish `me`'s turn from `state` (none if the turn is over)."""
        game = self.h.view(self.game)
        steps: list[Any] = []
        while game.outcome(state) is None and game.to_move(state) == me:
            step = self.h.forced_win(game, state) if win else None
            if step is None:
                options = game.legal_steps(state)
                logits = self.h.priors(game, state, options)
                order = sorted(range(len(options)), key=lambda i: logits[i], reverse=True)
                step = options[order[0]]
                if safe:
                    step = next((options[i] for i in order
                                 if not self.h.losing(game, state, [options[i]])), step)
            steps.append(step)
            state = game.apply_step(state, step)
        return steps


def make_cpu(game: Game, spec: str, rng: random.Random, nodes: int | None = None
             ) -> CpuPlayer | OnePlyPlayer:
    """A CPU player for a level spec; `nodes` fixes the node budget unless the spec does (a
    one-ply level, `novice`, searches nothing: its moves follow from the rng alone)."""
    level, fixed = parse_spec(spec)
    if level.sight is not None:
        h = heuristics_for(game).for_level(level.name)
        return OnePlyPlayer(game, level.sight, rng, h, level.care)
    return CpuPlayer(game, level, rng, fixed if fixed is not None else nodes)
