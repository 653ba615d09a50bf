"""One-ply players: the `novice` level, and `greedy`, the bench's sensible newcomer.

Neither searches. Each step it looks at the moves it has now, one ply deep, as a person new to
the game does, through the game's `Heuristics` hooks (no game knowledge here):

1. a win at once (`Heuristics.wins_now`: the enemy Overlord or the ninth Source; the third hold
   round or the last base) is played;
2. moves after which the next player can win at once (`Heuristics.hangs`: the Overlord left to
   be captured; a win handed over or the player's own base let fall) are set aside, unless
   every move does that;
3. a free piece is taken: the capture that wins the most material (`Heuristics.material`),
   less what the capturing piece is worth if it can be taken back at once where it lands
   (`Heuristics.exposed`), when that is more than nothing;
4. else a plausible move: one drawn from the game's move priors (`Heuristics.priors`: captures,
   Sources, the Obelisk, squares the enemy does not attack) by a softmax at `temperature`.

`Sight` says how often a player notices each of 1 to 3 (a chance per turn, drawn once at the
turn's start: a person who missed a capture missed it for the whole turn). `greedy` notices
everything: it is the issue's "sensible player who only takes free pieces and never hangs
the Overlord", a bench opponent (`bench ladder --pair overlords:greedy-novice`), never a level
of the app. `novice` misses some wins, some threats and many free pieces, and draws its other
moves at a higher temperature, so it sometimes steps onto an attacked square, leaves a piece
hanging or spends a stone it needed: human mistakes, on moves that look reasonable (never a
random mover). It is the first CPU level (`common.ai.levels.LEVELS`). What decides is the rng
alone: the same seed gives the same moves on any machine (no clock, no node budget).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common.ai.search import Heuristics
from common.protocol import Game


@dataclass(frozen=True, slots=True)
class Sight:
    """What a one-ply player notices (each a chance per turn) and how it picks its other
    moves."""

    wins: float = 1.0  # sees a win at once and plays it
    threats: float = 1.0  # checks that its move lets the next player win at once
    captures: float = 1.0  # sees a free piece and takes it
    temperature: float = 1.0  # of the softmax over the game's priors for the other moves


GREEDY = Sight(temperature=1.0)
BENCH_PLAYERS = {"greedy": GREEDY}  # seat specs of the bench alone (`bench/ladder.py`)


@dataclass
class Look:
    """What the player noticed on this turn (drawn at the turn's start)."""

    wins: bool
    threats: bool
    captures: bool


@dataclass
class OnePlyStats:
    """What one turn cost and what was overlooked (`CpuPlayer.last`'s shape)."""

    nodes: int
    seconds: float
    mistake: bool  # something was not looked at this turn
    tactics: float = 0.0


class OnePlyPlayer:
    """A seat played one ply deep (see the module docstring): called with a state, returns a
    legal move (a whole turn)."""

    def __init__(self, game: Game, sight: Sight, rng: random.Random,
                 heuristics: Heuristics, care: float = 0.0) -> None:
        self.game = game
        self.sight = sight
        self.rng = rng
        self.h = heuristics
        self.care = care  # of the choices before the first turn (Overlords' setup)
        self.last: OnePlyStats | None = None

    def opening(self, state: Any, seat: Any) -> Any:
        """The start state with this seat's choices before the first turn made (Overlords:
        its setup, any sound one)."""
        return self.h.opening(self.game, state, seat, self.rng, self.care)

    def __call__(self, state: Any) -> Any:
        """The move to play in state."""
        return self.choose(state)

    def choose(self, state: Any, cancelled: Callable[[], bool] | None = None) -> Any:
        """The move to play: each step of the turn chosen one ply deep."""
        start = time.perf_counter()
        game = self.h.view(self.game)
        s, rng = self.sight, self.rng
        look = Look(rng.random() < s.wins, rng.random() < s.threats, rng.random() < s.captures)
        me = game.to_move(state)
        steps: list[Any] = []
        while game.outcome(state) is None and game.to_move(state) == me:
            step = self.step(game, state, look)
            steps.append(step)
            state = game.apply_step(state, step)
        mistake = not (look.wins and look.threats and look.captures)
        self.last = OnePlyStats(0, time.perf_counter() - start, mistake)
        return self.game.steps_to_move(steps)

    def step(self, game: Game, state: Any, look: Look) -> Any:
        """One step, as `look` lets the player see the position."""
        h = self.h
        options = game.legal_steps(state)
        if len(options) == 1:
            return options[0]
        if look.wins:
            win = h.wins_now(game, state)
            if win is not None:
                return win
        if look.threats:
            bad = h.hangs(game, state, options)
            options = [s for s in options if s not in bad] or options
        if look.captures:
            free = self.free_capture(game, state, options)
            if free is not None:
                return free
        return self.plausible(game, state, options, look.threats)

    def free_capture(self, game: Game, state: Any, options: list[Any]) -> Any | None:
        """The step that takes the most material for nothing (what it takes, less the mover's
        piece if it can be taken back at once where it lands), if one gains anything."""
        h = self.h
        me = game.to_move(state)
        others = [p for p in game.players(state) if p != me]
        before = sum(h.material(game, state, p) for p in others)
        best, gain = None, 1e-9
        for step in options:
            after = game.apply_step(state, step)
            taken = before - sum(h.material(game, after, p) for p in others)
            if taken > gain:
                net = taken - h.exposed(game, state, step)
                if net > gain:
                    best, gain = step, net
        return best

    def plausible(self, game: Game, state: Any, options: list[Any], careful: bool = True
                  ) -> Any:
        """A step drawn from the priors' softmax at the player's temperature (Gumbel-max); not
        `careful`: the priors of a player who did not look at the threats against it."""
        h = self.h
        logits = h.priors(game, state, options) if careful else \
            h.careless_priors(game, state, options)
        t = self.sight.temperature
        if t <= 0:
            return options[max(range(len(options)), key=lambda i: logits[i])]
        rand = self.rng.random
        best, score = options[0], -math.inf
        for step, logit in zip(options, logits, strict=True):
            gumbel = -math.log(-math.log(rand() or 1e-300) or 1e-300)
            value = logit / t + gumbel
            if value > score:
                best, score = step, value
        return best
