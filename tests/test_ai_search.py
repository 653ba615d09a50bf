"""The generic search on tiny games of its own: it wins, blocks, counts its nodes, stops."""

from __future__ import annotations

import random

import pytest

from common.ai.levels import LEVELS, CpuPlayer, Level, parse_spec
from common.ai.search import MCTS, Budget, Cancelled, Heuristics, Params
from tests.helpers.toygames import END, TICTACTOE, StepNim


class NimHeuristics(Heuristics):
    """No knowledge, but a turn's budget is split between its steps."""

    params = Params(first_step_share=0.6)


def _ttt(*moves: int) -> tuple:
    state = TICTACTOE.new_state(random.Random(0))
    for m in moves:
        state = TICTACTOE.apply(state, m)
    return state


def test_takes_a_win_at_once():
    state = _ttt(0, 3, 1, 4)  # X on 0 and 1: 2 wins
    result = MCTS(TICTACTOE).choose_turn(state, Budget(nodes=50))
    assert result.steps == [2]


def test_blocks_the_only_threat():
    state = _ttt(0, 4, 1)  # X threatens 2; O must take it
    result = MCTS(TICTACTOE).choose_turn(state, Budget(nodes=400))
    assert result.steps == [2]


def test_node_budget_is_exact_and_reproducible():
    state = _ttt(4)
    runs = [MCTS(TICTACTOE, rng=random.Random(7)).choose_turn(state, Budget(nodes=300))
            for _ in range(2)]
    assert runs[0].nodes == runs[1].nodes == 300
    assert runs[0].steps == runs[1].steps
    assert runs[0].root_scores == runs[1].root_scores


def test_a_single_legal_step_needs_no_search():
    state = _ttt(0, 1, 2, 4, 3, 5, 7, 6)  # only cell 8 is free
    result = MCTS(TICTACTOE).choose_turn(state, Budget(nodes=1000))
    assert result.steps == [8] and result.nodes == 0


def test_finished_game_is_refused():
    with pytest.raises(ValueError):
        MCTS(TICTACTOE).choose_turn(_ttt(0, 3, 1, 4, 2), Budget(nodes=10))


def test_cancel_stops_the_search():
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 20

    with pytest.raises(Cancelled):
        MCTS(TICTACTOE).choose_turn(_ttt(), Budget(nodes=10**6, cancelled=cancelled))


def test_deadline_stops_the_search():
    result = MCTS(TICTACTOE).choose_turn(_ttt(), Budget(nodes=10**7, seconds=0.05))
    assert result.nodes < 10**7  # the deadline stopped it, not the node budget


def test_budget_needs_a_limit():
    with pytest.raises(ValueError):
        Budget()


@pytest.mark.parametrize("pile", [6, 7, 8, 9, 11, 12])
def test_multi_step_turn_wins_nim(pile):
    """Two players, 1-4 stones a turn in steps of 1 or 2: leave a multiple of 5."""
    game = StepNim(pile)
    player = CpuPlayer(game, LEVELS["normal"], random.Random(1), nodes=3000,
                       heuristics=NimHeuristics())
    turn = player(game.new_state(random.Random(0), 2))
    assert END not in turn
    assert (pile - sum(turn)) % 5 == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_turn_is_legal_with_more_players(players):
    game = StepNim(25)
    rng = random.Random(players)
    state = game.new_state(rng, players)
    cpus = {p: CpuPlayer(game, LEVELS["easy"], rng, nodes=60, heuristics=NimHeuristics())
            for p in game.players(state)}
    while game.outcome(state) is None:
        turn = cpus[game.to_move(state)](state)
        assert turn in game.legal_moves(state)
        state = game.apply(state, turn)


def test_mistakes_are_made_but_never_instead_of_a_win():
    sloppy = Level("sloppy", 0.3, mistake_rate=1.0, mistake_choices=4)
    mistakes = 0
    for seed in range(20):
        player = CpuPlayer(TICTACTOE, sloppy, random.Random(seed), nodes=200)
        player(_ttt(4))
        mistakes += player.last.mistake
        assert player(_ttt(0, 3, 1, 4)) == 2
        assert not player.last.mistake
    assert mistakes >= 10


def test_parse_spec():
    assert parse_spec("hard") == (LEVELS["hard"], None)
    assert parse_spec("easy:120") == (LEVELS["easy"], 120)
    for bad in ("expert", "hard:x", "hard:0", ""):
        with pytest.raises(ValueError):
            parse_spec(bad)


def test_levels_keep_their_time_budgets():
    assert [LEVELS[n].seconds for n in ("easy", "normal", "hard")] == [0.3, 1.0, 3.0]
    assert LEVELS["easy"].mistake_rate > 0 == LEVELS["normal"].mistake_rate
