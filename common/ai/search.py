"""Monte-Carlo tree search over single steps, for any game that meets the `Game` protocol.

One tree node per state; its edges are ``legal_steps``, so a Prepollency turn is searched move
by move and the same player may be to move in a node and its child. Every new node is scored
once by the game's `Heuristics.value` (no random playouts): one value per player, as OpenSpiel's
``returns()``, so two and four players share one search. Values back up max^n style: each node
keeps the mean of the values below it and, as an implicit minimax backup (Lanctot et al. 2014),
the value vector of the child best for the player to move there. Selection is PUCT over the
children the node has opened so far; `Heuristics.priors` orders the steps and a node opens them
best first, more as it is visited (progressive widening), which keeps wide turns affordable.

Stopping is by a node count (simulations, each opening at most one node: reproducible) and/or
a deadline; the search is deterministic for a given node budget and ``rng`` (the rng only
jitters root priors, so that games between CPUs vary).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from common.protocol import Game


class Cancelled(Exception):
    """The search was cancelled from outside (undo, new game, quit)."""


@dataclass(frozen=True, slots=True)
class Params:
    """Search constants; a game's heuristics may override them."""

    c_puct: float = 1.4  # exploration weight of PUCT
    minimax_weight: float = 0.4  # share of the implicit minimax value in a child's score
    widen_base: float = 1.0  # a node opens 1 + widen_base + widen_k * visits ** widen_pow
    widen_k: float = 1.0
    widen_pow: float = 0.5
    root_widen_k: float = 2.0  # the root opens faster: its choice is what gets played
    max_open: int = 64  # no node opens more children (selection scans them all)
    prior_temperature: float = 1.0  # softmax temperature over the priors' logits
    root_noise: float = 0.25  # jitter of root logits drawn from the rng (0: none)
    first_step_share: float = 1.0  # of a multi-step turn's budget spent before its first step


@dataclass(slots=True)
class Budget:
    """When a search stops: after `nodes` new nodes, at the deadline, or when cancelled."""

    nodes: int | None = None
    seconds: float | None = None
    cancelled: Callable[[], bool] | None = None

    def __post_init__(self) -> None:
        if self.nodes is None and self.seconds is None:
            raise ValueError("a budget needs nodes or seconds")


class Heuristics:
    """Game knowledge for the search; this base class knows nothing (flat values and priors)."""

    params = Params()
    nodes_per_second = 1000.0  # search speed on the project's machine: levels' node budgets

    def for_level(self, level: str) -> Heuristics:
        """The knowledge a CPU level plays with: this, unless the game teaches some level more
        (Prepollency's `hard` has a plan for three and four players)."""
        return self

    def view(self, game: Game) -> Game:
        """The game as the search walks it: the engine itself, or a faster equivalent view."""
        return game

    def forget(self) -> None:
        """Let go of what was kept about the positions of a search once it has answered (the
        next search meets other positions); this base class keeps nothing."""

    def value(self, game: Game, state: Any) -> Sequence[float]:
        """One value in (-1, 1) per player of game.players(state), for a state not yet over."""
        return [0.0] * len(game.players(state))

    def priors(self, game: Game, state: Any, steps: list[Any]) -> Sequence[float]:
        """One logit per step (higher: more promising); the search opens steps best first."""
        return [0.0] * len(steps)

    def forced_win(self, game: Game, state: Any) -> Any | None:
        """A first step that wins by force within the game's tactical horizon (Overlords: a
        capture now, or a move after which every reply allows one), or that the game plays at
        once as surely as a win (Prepollency with three or four seats in: eliminating a rival),
        or None. This base class knows no tactics."""
        return None

    def losing(self, game: Game, state: Any, steps: list[Any]) -> set[Any]:
        """Those of these first steps that lose by force within the tactical horizon (the
        opponent wins at once, or has a reply that leaves no defence). Here: none."""
        return set()

    # -- what the one-ply players see (`common.ai.oneply`: novice, greedy) --------------------

    def material(self, game: Game, state: Any, player: Any) -> float:
        """The player's material on the board in rough piece units (a capture is what it
        takes off). This base class counts nothing."""
        return 0.0

    def wins_now(self, game: Game, state: Any) -> Any | None:
        """A first step of a turn that wins at once, or None. Here: a step that ends the game
        in the mover's favour by itself."""
        me = game.to_move(state)
        for step in game.legal_steps(state):
            outcome = game.outcome(game.apply_step(state, step))
            if outcome is not None and outcome.winner == me:
                return step
        return None

    def hangs(self, game: Game, state: Any, steps: list[Any]) -> set[Any]:
        """Those of these steps after which the next player can win at once (in Overlords:
        the Overlord left to be captured). Here: a step that ends the turn and leaves the
        next player a step that wins by itself."""
        me = game.to_move(state)
        out = set()
        for step in steps:
            after = game.apply_step(state, step)
            if game.outcome(after) is None and game.to_move(after) != me \
                    and Heuristics.wins_now(self, game, after) is not None:
                out.add(step)
        return out

    def careless_priors(self, game: Game, state: Any, steps: list[Any]) -> Sequence[float]:
        """`priors` as a player sees them who does not look at the other players' threats
        this turn (no square is attacked, nothing needs saving). Here: the priors."""
        return self.priors(game, state, steps)

    def exposed(self, game: Game, state: Any, step: Any) -> float:
        """What the mover's piece is worth (`material`'s units) if the step leaves it where
        another player can take it at once; 0.0 if not. This base class sees no threats."""
        return 0.0

    def concedes(self, game: Game, state: Any) -> str:
        """Why the player to move, a CPU level's seat, resigns at the start of its turn because
        it can no longer win, in words for the screen ("with 3 pieces it can no longer win":
        Prepollency, too few to hold the Obelisk or fill a base while a rival has enough); ""
        to play on. This base class never gives up."""
        return ""

    def opening(self, game: Game, state: Any, seat: Any, rng: random.Random,
                care: float) -> Any:
        """The start state after a CPU seat made its choices before the first turn (in
        Overlords, where its figures stand); care goes from 0 (easy: any sound choice) to 1
        (hard: one of the best). This base class has no choice to make."""
        return state


class _Node:
    __slots__ = ("state", "mover", "steps", "priors", "children", "n", "w", "mm", "best", "exact")

    def __init__(self, state: Any, mover: int, value: list[float], exact: bool) -> None:
        self.state = state
        self.mover = mover  # index of the player to move (-1 once the game is over)
        self.steps: list[Any] | None = None  # best first, once the node is expanded
        self.priors: list[float] = []
        self.children: list[_Node] = []  # open children, parallel to the first steps
        self.n = 1
        self.w = list(value)
        self.mm = value  # implicit minimax value vector: best.mm once a child is open
        self.best: _Node | None = None  # the open child best for the mover
        self.exact = exact  # a finished game: the value is the result


@dataclass
class SearchResult:
    """What a search found: the chosen steps (one turn), nodes and seconds spent."""

    steps: list[Any]
    nodes: int
    seconds: float
    root_scores: list[tuple[Any, int, float]]  # (step, visits, mean value) of the first step
    # one value per player (game.players order) of the chosen first step: its mean blended
    # with its minimax value as selection weighs them (what the analysis maps to chances)
    value: tuple[float, ...] = ()


class MCTS:
    """One search over a game through the protocol, guided by `Heuristics`."""

    def __init__(self, game: Game, heuristics: Heuristics | None = None,
                 rng: random.Random | None = None) -> None:
        self.h = heuristics or Heuristics()
        self.game = self.h.view(game)
        self.p = self.h.params
        self.rng = rng or random.Random(0)
        self.nodes = 0
        self._index: dict[int, int] = {}

    def choose_turn(self, state: Any, budget: Budget) -> SearchResult:
        """Search the player to move's whole turn, step by step; the steps in order."""
        start = time.perf_counter()
        game = self.game
        if game.outcome(state) is not None:
            raise ValueError("the game is over: there is no move to search")
        self._index = {p: i for i, p in enumerate(game.players(state))}
        me = game.to_move(state)
        root = self._new_node(state)
        steps: list[Any] = []
        scores: list[tuple[Any, int, float]] = []
        value: tuple[float, ...] = ()
        deadline = None if budget.seconds is None else start + budget.seconds
        self.nodes = 0
        while True:
            share = 1.0 if steps else self.p.first_step_share
            self._expand(root, is_root=True)
            assert root.steps is not None
            if len(root.steps) > 1:
                node_goal = None if budget.nodes is None else int(budget.nodes * share)
                step_deadline = None
                if deadline is not None:
                    step_deadline = time.perf_counter() + (deadline - time.perf_counter()) * share
                self._run(root, node_goal, step_deadline, budget.cancelled)
            best = self._best_child(root)
            if not steps:
                m = root.mover
                scores = [(root.steps[i], c.n, c.w[m] / c.n) for i, c in enumerate(root.children)]
                c, mmw = root.children[best], self.p.minimax_weight
                value = tuple((1 - mmw) * w / c.n + mmw * v for w, v in zip(c.w, c.mm, strict=True))
            steps.append(root.steps[best])
            root = root.children[best]
            if root.exact or game.to_move(root.state) != me:
                break
        return SearchResult(steps, self.nodes, time.perf_counter() - start, scores, value)

    # -- the tree ---------------------------------------------------------------------------

    def _new_node(self, state: Any) -> _Node:
        game = self.game
        outcome = game.outcome(state)
        if outcome is not None:
            return _Node(state, -1, list(outcome.returns(game.players(state))), True)
        value = list(self.h.value(game, state))
        return _Node(state, self._index[game.to_move(state)], value, False)

    def _expand(self, node: _Node, is_root: bool = False) -> None:
        if node.steps is not None:
            return
        game, state = self.game, node.state
        steps = game.legal_steps(state)
        logits = list(self.h.priors(game, state, steps))
        if is_root and self.p.root_noise:
            gauss = self.rng.gauss
            logits = [x + self.p.root_noise * gauss(0.0, 1.0) for x in logits]
        t = self.p.prior_temperature
        top = max(logits) if logits else 0.0
        weights = [math.exp((x - top) / t) for x in logits]
        total = sum(weights) or 1.0
        order = sorted(range(len(steps)), key=lambda i: -weights[i])
        node.steps = [steps[i] for i in order]
        node.priors = [weights[i] / total for i in order]

    def _run(self, root: _Node, node_goal: int | None, deadline: float | None,
             cancelled: Callable[[], bool] | None) -> None:
        clock = time.perf_counter
        p = self.p
        c_puct, mmw = p.c_puct, p.minimax_weight
        while True:
            if node_goal is not None and self.nodes >= node_goal:
                return
            if deadline is not None and clock() >= deadline:
                return
            if cancelled is not None and cancelled():
                raise Cancelled
            self.nodes += 1  # one simulation: at most one new node
            path = [root]
            node = root
            while True:
                if node.exact:  # a finished game again: count the visit on it too
                    node.n += 1
                    value = node.mm
                    w = node.w
                    for j, v in enumerate(value):
                        w[j] += v
                    break
                if node.steps is None:
                    self._expand(node)
                steps = node.steps
                assert steps is not None
                k = p.root_widen_k if node is root else p.widen_k
                width = min(p.max_open, 1 + int(p.widen_base + k * node.n ** p.widen_pow))
                opened = len(node.children)
                if opened < width and opened < len(steps):
                    child = self._new_node(self.game.apply_step(node.state, steps[opened]))
                    node.children.append(child)
                    path.append(child)
                    value = child.mm
                    break
                m = node.mover
                sq = c_puct * math.sqrt(node.n)
                priors = node.priors
                best, best_score = 0, -math.inf
                for i, c in enumerate(node.children):
                    score = (1 - mmw) * c.w[m] / c.n + mmw * c.mm[m] + sq * priors[i] / (1 + c.n)
                    if score > best_score:
                        best, best_score = i, score
                node = node.children[best]
                path.append(node)
            self._backup(path, value)

    def _backup(self, path: list[_Node], value: list[float]) -> None:
        child = path[-1]
        for node in reversed(path[:-1]):
            node.n += 1
            w = node.w
            for j, v in enumerate(value):
                w[j] += v
            m = node.mover
            if node.best is child:  # the best child changed: it may not be the best any more
                best = child
                for c in node.children:
                    if c.mm[m] > best.mm[m]:
                        best = c
                node.best, node.mm = best, best.mm
            elif node.best is None or child.mm[m] > node.mm[m]:
                node.best, node.mm = child, child.mm
            child = node

    def _best_child(self, root: _Node) -> int:
        m = root.mover
        children = root.children
        for i, c in enumerate(children):  # a step that wins at once is played at once
            if c.exact and c.mm[m] >= 1.0:
                return i
        if not children:  # no search was needed (a single step): open it
            assert root.steps is not None  # the root is expanded before a child is chosen
            root.children.append(self._new_node(self.game.apply_step(root.state, root.steps[0])))
            return 0

        def key(i: int) -> tuple[bool, int, float]:
            c = children[i]  # a step the search proved lost goes last, then the most visited
            return (c.mm[m] > -1.0, c.n, c.w[m] / c.n)

        return max(range(len(children)), key=key)
