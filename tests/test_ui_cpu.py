"""The app's CPU seat adapter: answers off the UI thread, cancels, and falls back to the random
level when the AI worker fails, so a CPU seat never freezes the game."""

from __future__ import annotations

import random
import threading
import time
from types import SimpleNamespace

import pytest

import main
from common.seats import Ask
from common.ui import cpu as cpu_module
from common.ui.cpu import CpuRunner
from overlords import rules
from tests.helpers.fake_workers import BrokenWorker


def wait_move(player: CpuRunner, limit: float = 20.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        move = player.poll()
        if move is not None:
            return move
        time.sleep(0.005)
    raise TimeoutError("no move")


@pytest.fixture
def state():
    return rules.new_state(random.Random(3))


def test_random_level_answers_a_legal_move_and_cancel_drops_it(state):
    player = CpuRunner(main.games())
    try:
        player.seat("random").start(Ask("overlords", state, 1))
        assert wait_move(player) in rules.legal_moves(state)
        assert not player.busy()
        player.start(Ask("overlords", state, 2), "random")
        player.cancel()
        time.sleep(0.05)
        assert player.poll() is None and not player.busy()
    finally:
        player.close()


def test_a_failing_worker_falls_back_to_a_legal_random_move(state, monkeypatch):
    monkeypatch.setattr(cpu_module, "_worker_class", lambda: BrokenWorker)
    player = CpuRunner(main.games())
    try:
        player.prepare()
        player.start(Ask("overlords", state, 5), "hard")
        assert wait_move(player) in rules.legal_moves(state)
        assert player.take_warning() == cpu_module.FALLBACK_WARNING
        assert player.take_warning() is None  # said once
    finally:
        player.close()


def test_the_real_worker_plays_a_cpu_level(state):
    player = CpuRunner(main.games())
    try:
        player.prepare()
        player.start(Ask("overlords", state, 7), "easy")
        assert player.busy()
        assert wait_move(player) in rules.legal_moves(state)
        assert player.take_warning() is None
    finally:
        player.close()


class _SlowWorker(BrokenWorker):
    """A worker whose process takes a while to start."""

    def __init__(self) -> None:
        time.sleep(0.5)


def test_start_never_waits_for_the_worker_to_start(state, monkeypatch):
    monkeypatch.setattr(cpu_module, "_worker_class", lambda: _SlowWorker)
    player = CpuRunner(main.games())
    try:
        seat = player.seat("hard")
        began = time.perf_counter()
        seat.start(Ask("overlords", state, 5))  # the worker starts in the background
        assert seat.busy() and seat.poll() is None
        assert time.perf_counter() - began < 0.2
        assert not player.ready()
    finally:
        player.close()


def test_a_finished_random_move_is_not_busy_while_its_thread_still_exits(state, monkeypatch):
    """Issue 34, item 6: Python 3.13 leaves a finished thread alive a moment longer; `busy`
    reads the request's state, never the thread's (here held alive until the end)."""
    release = threading.Event()
    threads = []

    class Lingering(threading.Thread):
        def run(self):
            super().run()
            release.wait(60)  # the work is done; the thread has not exited yet

    monkeypatch.setattr(cpu_module, "threading", SimpleNamespace(Thread=Lingering,
                                                                 Lock=threading.Lock))
    runner = cpu_module._ThreadRandom(main.games())
    try:
        runner.start("overlords", state, "random", 1)
        threads = [t for t in threading.enumerate() if isinstance(t, Lingering)]
        assert wait_move(runner, 60.0) in rules.legal_moves(state)
        assert threads and threads[0].is_alive()
        assert not runner.busy()
        runner.start("overlords", state, "random", 2)
        runner.cancel()
        assert not runner.busy()  # a cancelled request is forgotten at once
    finally:
        release.set()
        for thread in threads:
            thread.join(60)
