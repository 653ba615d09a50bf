"""The AI worker process: starts once, answers, cancels, drops stale answers, survives a kill."""

from __future__ import annotations

import random
import time

import pytest

from common.ai.worker import AIWorker, choose_move, resolve_game
from overlords import rules as overlords
from prepollency import rules as prepollency
from tests.helpers.toygames import TICTACTOE


def _wait(worker: AIWorker, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        move = worker.poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("the worker gave no move in time")


@pytest.fixture(scope="module")
def worker():
    w = AIWorker()
    yield w
    w.close()


def test_answers_both_games_with_legal_moves(worker):
    state = overlords.new_state(random.Random(3), 2)
    assert not worker.busy()
    worker.start("overlords", state, "normal:100", seed=1)
    assert worker.busy()
    move = _wait(worker)
    assert not worker.busy()
    assert move in overlords.legal_moves(state)
    pstate = prepollency.new_state(random.Random(0), 4)
    worker.start("prepollency", pstate, "easy:60", seed=2)
    turn = _wait(worker)
    assert turn in prepollency.legal_moves(pstate)
    assert worker.poll() is None  # an answer is returned once


def test_same_seed_same_answer_as_in_process(worker):
    state = overlords.new_state(random.Random(4), 2)
    worker.start("overlords", state, "hard:200", seed=9)
    assert _wait(worker) == choose_move(overlords, state, "hard:200", 9)


def test_cancel_drops_a_long_search_and_the_next_request_answers(worker):
    state = prepollency.new_state(random.Random(0), 2)
    worker.start("prepollency", state, "hard", seed=1)  # 3 s of search by time
    time.sleep(0.2)
    worker.cancel()
    assert not worker.busy() and worker.poll() is None
    started = time.monotonic()
    ttt = TICTACTOE.new_state(random.Random(0))
    worker.start("tests.helpers.toygames:TICTACTOE", ttt, "random", seed=5)
    assert _wait(worker) in TICTACTOE.legal_moves(ttt)
    assert time.monotonic() - started < 2.5  # the cancelled search stopped at once


def test_a_new_start_replaces_the_running_request(worker):
    ttt = TICTACTOE.new_state(random.Random(0))
    worker.start("overlords", overlords.new_state(random.Random(1), 2), "hard", seed=1)
    worker.start("tests.helpers.toygames:TICTACTOE", ttt, "normal:50", seed=1)
    assert _wait(worker) in TICTACTOE.legal_moves(ttt)  # a cell, not an Overlords move


def test_an_unknown_game_is_an_error_not_a_hang(worker):
    worker.start("chess", None, "easy", seed=1)
    with pytest.raises(RuntimeError, match="chess"):
        _wait(worker)
    assert not worker.busy()


def test_a_killed_worker_is_restarted_and_answers():
    w = AIWorker()
    try:
        state = overlords.new_state(random.Random(2), 2)
        w.start("overlords", state, "hard", seed=3)
        time.sleep(0.3)
        w._proc.kill()
        w._proc.join(5)
        w.start("overlords", state, "easy:50", seed=3)
        assert _wait(w) in overlords.legal_moves(state)
    finally:
        w.close()
    assert not w._proc.is_alive()


def test_resolve_game():
    assert resolve_game("overlords") is overlords
    assert resolve_game("tests.helpers.toygames:TICTACTOE") is TICTACTOE
    with pytest.raises(ValueError):
        resolve_game("chess")


def test_the_worker_gives_each_search_back_to_the_system_after_answering(monkeypatch):
    """The worker's loop, run here: after each answer the freed search tree goes back to the
    system (`common.heap.give_back`), or the worker stays as large as its largest search."""
    import queue
    from types import SimpleNamespace

    from common.ai import worker as worker_module

    given_back: list[int] = []
    monkeypatch.setattr(worker_module.os, "nice", lambda _n: 0)  # this process stays as it is
    monkeypatch.setattr(worker_module.heap, "give_back",
                        lambda: given_back.append(results.qsize()) or True)
    requests: queue.Queue = queue.Queue()
    results: queue.Queue = queue.Queue()
    state = prepollency.new_state(random.Random(4), 3)
    for number in (1, 2):
        requests.put((number, "prepollency", state, "normal:60", number))
    requests.put(None)
    wanted = SimpleNamespace(value=2)  # the first request is stale: skipped, nothing to give
    worker_module._serve(requests, results, wanted)
    answer = results.get_nowait()
    assert answer[:2] == (2, "move") and answer[2] in prepollency.legal_moves(state)
    assert given_back == [1]  # once, after the answer was sent


def test_an_answer_leaves_nothing_of_its_searchs_positions_behind():
    """The Overlords evaluation keeps the facts of the positions a search meets (up to 4,096
    of them and their states); the worker's answer lets them go, or the worker held them
    until its next search (tens of megabytes)."""
    from common.ai.levels import heuristics_for

    rng = random.Random(3)
    state = overlords.new_state(rng, 2)
    for _ in range(8):  # past the setup: the search then meets positions of play
        state = overlords.apply(state, overlords.random_move(state, rng))
    kept = heuristics_for(overlords)._cache
    move = choose_move(overlords, state, "normal:300", 5)
    assert move in overlords.legal_moves(state)
    assert kept == {}
