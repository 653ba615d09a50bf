"""Evaluating positions and judging turns: the search at a node budget and seed, the chances
it gives, each turn's loss, mark, verdict and better move (`common.analysis` says how). No
pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from common import record as rec
from common.ai.levels import LEVELS, CpuPlayer, heuristics_for
from common.ai.search import MCTS, Budget
from common.analysis.model import (
    MARKS,
    Analysis,
    Eval,
    GameAdapter,
    Turn,
    Verdict,
    adapter_for,
    mark_for,
    to_chances,
)
from common.i18n import _
from common.protocol import Game
from common.why import contrast


def result_chances(game: Game, state: Any, adapter: GameAdapter) -> dict[int, float]:
    """A finished game's figures: 1 for the winner; a draw shares among the seats still in."""
    outcome = game.outcome(state)
    if outcome is None:
        raise ValueError("the game is not over: it has no result")
    players = game.players(state)
    if outcome.winner is not None:
        return {p: float(p == outcome.winner) for p in players}
    alive = adapter.alive(state) or players
    return {p: (1.0 / len(alive) if p in alive else 0.0) for p in players}


class Analyser:
    """Evaluates positions of one game at a node budget and seed (see the module docstring)."""

    def __init__(self, game: Game, nodes: int | None = None, seed: int = 0,
                 cancelled: Callable[[], bool] | None = None) -> None:
        self.game = game
        self.adapter = adapter_for(game)
        self.h = heuristics_for(game)
        self.nodes = nodes or self.adapter.DEFAULT_NODES
        self.seed = seed
        self.cancelled = cancelled

    def evaluate(self, state: Any, index: int) -> Eval:
        """The position's evaluation; `index` seeds its search (search.Cancelled if
        `cancelled()` turns true meanwhile)."""
        game, adapter = self.game, self.adapter
        if game.outcome(state) is not None:
            return Eval(result_chances(game, state, adapter), None, True)
        players, mover = game.players(state), game.to_move(state)
        win = adapter.proven(state)
        if win is not None:
            return Eval({p: float(p == mover) for p in players}, win, True)
        doom = adapter.doomed(state)
        values, best = self.search(state, index)
        if doom is not None:
            return Eval({p: float(p == doom) for p in players}, best, True)
        chances = to_chances(values, players, adapter.alive(state), adapter.SHARPNESS)
        return Eval(chances, best, False)

    def search(self, state: Any, index: int) -> tuple[tuple[float, ...], Any]:
        """The search's value vector (one per player, -1..1) and best move (the CPU's own
        check replacing a first step that loses by force) for a position not over."""
        game = self.game
        rng = random.Random(self.seed * 1_000_003 + index)
        search = MCTS(game, self.h, rng)
        search.p = replace(search.p, root_noise=0.0)  # the best move, not a varied one
        result = search.choose_turn(state, Budget(nodes=self.nodes, cancelled=self.cancelled))
        cpu = CpuPlayer(game, LEVELS["hard"], rng, self.nodes, self.h)
        steps = cpu.safe_steps(state, result, result.steps)  # the CPU's own check
        return result.value, game.steps_to_move(steps)



def turns(replay: rec.Replay, nodes: int | None = None, seed: int = 0,
          cancelled: Callable[[], bool] | None = None) -> Iterator[Turn]:
    """The record's turns analysed one by one, in order (a generator: the app shows each as it
    comes, and stops asking when cancelled)."""
    an = Analyser(replay.game, nodes, seed, cancelled)
    game, states, moves = replay.game, replay.states, replay.moves
    left_after: dict[int, list[int]] = {}
    for w in replay.withdrawn:
        left_after.setdefault(w.after, []).append(w.player)
    count = len(moves)
    if not count:
        return
    before = an.evaluate(states[0], 0)
    for ply, move in enumerate(moves):
        state = states[ply]
        after = an.evaluate(states[ply + 1], ply + 1)
        played = after
        pre = game.apply(state, move)  # before any seat withdrew after it
        if left_after.get(ply + 1) or (ply + 1 == count and game.outcome(pre)
                                       != game.outcome(states[-1])):
            played = an.evaluate(pre, count + 1 + ply)
        yield judge_turn(an, ply, state, move, before, played, after,
                         tuple(left_after.get(ply + 1, ())))
        before = after


def judge_turn(an: Analyser, ply: int, state: Any, move: Any, before: Eval, played: Eval,
               after: Eval, left: tuple[int, ...] = ()) -> Turn:
    """One turn's figures, mark, verdict and better move from the evaluations before it, after
    the played move, and after the turn (withdrawals included)."""
    game, adapter = an.game, an.adapter
    mover = game.to_move(state)
    alive = len(adapter.alive(state)) or 2
    data = game.move_data(move)
    chose_best = before.best is not None and game.move_data(before.best) == data
    loss = 0.0
    if not chose_best:
        loss = max(0.0, before.chances[mover] - played.chances[mover]) * alive / 2
    verdict = adapter.verdict(state, move, before.best)
    mark = mark_for(loss)
    if verdict is not None and MARKS.index(verdict.mark) > MARKS.index(mark):
        mark = verdict.mark
    better = None
    if verdict is not None:
        better = verdict.better
    elif mark is not None:
        better = before.best
    words = ""
    arrows: tuple[tuple[int, int], ...] = ()
    if better is not None:
        words = turn_words(an, state, move, better, verdict, loss, before.chances[mover])
        arrows = tuple(adapter.squares(better))
    return Turn(ply, mover, move, dict(before.chances), dict(after.chances), loss, mark,
                verdict, better, words, arrows, left)


def turn_words(an: Analyser, state: Any, move: Any, better: Any, verdict: Verdict | None,
               loss: float, chance: float) -> str:
    """A marked turn in words, from the game's reasons (`GAME/why.py`): what the played move
    allowed and what the better one does that it did not ("2O c8-b7 lets Black win
    in three moves, starting 3D f2-c5. Better 1W d8-d7: leaves Black no forced win.").
    When the engine finds no fact that tells them apart, the exact verdict or the measured
    chances say it (`chance`: the mover's chance with the better move)."""
    adapter = an.adapter
    played, best = adapter.explain(state, move), adapter.explain(state, better)
    if verdict is not None:
        return contrast(played, best, verdict.text, verdict.why)
    return contrast(played, best, _("the chance to win drops by {loss:.0%}").format(loss=loss),
                    _("the chance to win stays at {chance:.0%}").format(chance=chance))


def analyse(replay: rec.Replay, nodes: int | None = None, seed: int = 0,
            cancelled: Callable[[], bool] | None = None,
            progress: Callable[[Turn, int], None] | None = None) -> Analysis:
    """The whole game analysed (`progress(turn, count)` after each turn)."""
    done: list[Turn] = []
    for turn in turns(replay, nodes, seed, cancelled):
        done.append(turn)
        if progress is not None:
            progress(turn, len(replay.moves))
    an_nodes = nodes or adapter_for(replay.game).DEFAULT_NODES
    return Analysis(replay.game, start_chances(replay, done), done, an_nodes, seed)


def start_chances(replay: rec.Replay, done: Sequence[Turn]) -> dict[int, float]:
    """The chances before the first turn (even shares when no turn was played)."""
    if done:
        return dict(done[0].before)
    players = replay.game.players(replay.initial)
    return {p: 1.0 / len(players) for p in players}
