"""The CPU's search off the UI thread: one worker process, started once, polled from the loop.

    worker = AIWorker()
    worker.start("overlords", state, "hard")   # cancels whatever it was doing
    ...each frame: move = worker.poll()         # None until the move is ready
    worker.cancel()                             # undo, new game: the answer is dropped
    worker.close()                              # quit

The process is started with the "spawn" method (safe with pygame and on every platform) and
resolves the game name to its engine itself. Each request has a number; a shared counter holds
the number of the one that is wanted, the search polls it between nodes and stops as soon as it
changes, and answers to older requests are dropped. If a search fails the worker answers with a
random legal move (the error goes to stderr); if the process dies it is restarted and the
request sent again, so a seat never freezes.

A worker that stops answering is found out too: it beats a shared clock several times a second
(a thread of its own), so one that is stopped (SIGSTOP), or stuck in code that holds the
interpreter, misses its beats for `STALL` seconds; a request that runs far past its budget
(`limit_for`: ten times the level's time, or its node count at the calibrated speed, and at
least `MIN_LIMIT` seconds) is overdue. Either way the process is killed, restarted and asked
again, and `take_event` says so once; a second failure on the same request raises
RuntimeError (the app then plays the `random` level). The worker watches its parent too: when
the app is gone, even killed with SIGKILL, it exits within a second, and with it the
multiprocessing resource tracker, which ends when the last process holding its pipe does.
After each answer the worker gives the freed search tree back to the system (`common.heap`):
without it, it stayed as large as its largest search, growing from game to game (56 → 146 MB
over ten games at `normal`; a 4-seat Prepollency game left 97 MB where 60 MB remain).
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing as mp
import os
import queue
import random
import sys
import threading
import time
import traceback
from typing import Any

from common import heap
from common.ai import reaper
from common.ai.levels import make_cpu
from common.ai.search import Cancelled
from common.games import GAMES
from common.i18n import _
from common.processes import Parent
from common.protocol import Game


def resolve_game(name: str) -> Game:
    """The engine for a game name (one of the registry's, or "module:attribute")."""
    if name in GAMES:
        return GAMES[name].engine
    module, sep, attr = name.partition(":")
    if not sep:
        raise ValueError(f"unknown game {name!r}")
    return getattr(importlib.import_module(module), attr)


def choose_move(game: Game, state: Any, spec: str, seed: int,
                cancelled: Any = None) -> Any:
    """The move a seat spec ("random", "easy", "hard:2000", ...) plays in state."""
    rng = random.Random(seed)
    if spec == "random":
        return game.random_move(state, rng)
    cpu = make_cpu(game, spec, rng)
    try:
        return cpu.choose(state, cancelled)
    finally:
        cpu.h.forget()  # what the search kept of its positions: the next one meets others


STALL = 8.0  # seconds without a heartbeat: the worker is stopped or stuck
BEAT = 0.2  # seconds between heartbeats
MIN_LIMIT = 30.0  # seconds a request may take at least before it is overdue
LIMIT_FACTOR = 10.0  # times its expected time
START_GRACE = 60.0  # seconds a new process may take to start beating (a machine at load 20+)


def limit_for(game_name: str, spec: str) -> float:
    """Seconds a request may run before the worker is taken to be stuck."""
    if spec == "random":
        return MIN_LIMIT
    try:
        from common.ai.levels import heuristics_for, parse_spec

        level, nodes = parse_spec(spec)
        expected = level.seconds if nodes is None else \
            nodes / max(1.0, heuristics_for(resolve_game(game_name)).nodes_per_second)
    except Exception:  # noqa: BLE001 - an unknown game or level: the worker says why
        return MIN_LIMIT
    return max(MIN_LIMIT, LIMIT_FACTOR * expected)


def _watch(beat: Any, parent: Parent) -> None:
    """The worker's heartbeat; it exits as soon as its parent is gone (even one killed with
    SIGKILL: `common.processes.Parent.gone`, on every system)."""
    while True:
        beat.value = time.monotonic()
        if parent.gone():
            os._exit(0)
        time.sleep(BEAT)


def _serve(requests: Any, results: Any, wanted: Any, beat: Any = None,
           parent: Parent | None = None) -> None:
    """The worker process: answer requests until a None arrives."""
    if beat is not None:
        threading.Thread(target=_watch, args=(beat, parent or Parent(os.getppid(), None)),
                         daemon=True, name="heartbeat").start()
    with contextlib.suppress(AttributeError, OSError):  # not on every platform
        os.nice(5)  # the window's frames come first when both cores are busy
    for name in GAMES:  # import the engines now, so that the first answer comes quickly
        try:
            resolve_game(name)
        except ImportError:
            traceback.print_exc(file=sys.stderr)
    while True:
        request = requests.get()
        if request is None:
            return
        number, game_name, state, spec, seed = request
        if wanted.value != number:
            continue

        def cancelled(number: int = number) -> bool:
            return wanted.value != number

        try:
            game = resolve_game(game_name)
        except Exception as err:  # noqa: BLE001 - reported to the app, which shows it
            results.put((number, "error", f"cannot load {game_name!r}: {err}"))
            continue
        try:
            move = choose_move(game, state, spec, seed, cancelled)
        except Cancelled:
            continue
        except Exception:  # noqa: BLE001 - the seat must still move: a legal random move
            traceback.print_exc(file=sys.stderr)
            try:
                move = game.random_move(state, random.Random(seed))
            except Exception as err:  # noqa: BLE001
                results.put((number, "error", f"no move for this position: {err}"))
                continue
        results.put((number, "move", move))
        heap.give_back()  # the search tree just freed (or the worker stays its largest size)


class AIWorker:
    """A worker process for CPU moves and hints; see the module docstring."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        # no locks: a worker stopped while holding one would freeze the app reading it
        self._wanted = self._ctx.Value("q", 0, lock=False)
        self._beat = self._ctx.Value("d", 0.0, lock=False)
        self._number = 0
        self._pending: tuple | None = None  # the request being worked on, until answered
        self._since = 0.0  # when the pending request was (last) sent
        self._limit = MIN_LIMIT  # seconds it may take
        self._restarted = False
        self._events: list[str] = []
        self.restarts = 0  # how many times the process was restarted
        self._spawn()

    def _spawn(self) -> None:
        self._requests = self._ctx.Queue()
        self._results = self._ctx.Queue()
        self._beat.value = 0.0
        self._born = time.monotonic()
        self._proc = self._ctx.Process(
            target=_serve,
            args=(self._requests, self._results, self._wanted, self._beat, Parent.here()),
            name="cpu-worker", daemon=True)
        self._proc.start()
        if self._proc.pid is not None:
            reaper.register_process(self._proc.pid)  # even a stopped worker ends with us

    def _kill(self) -> None:
        """End the process at once (a stopped one too) and drop its queues."""
        with contextlib.suppress(Exception):
            self._proc.kill()
            self._proc.join(timeout=2.0)
        if self._proc.pid is not None:
            reaper.unregister_process(self._proc.pid)
        for q in (self._requests, self._results):
            q.cancel_join_thread()  # never wait at exit to feed a dead process
            q.close()

    def stalled(self) -> str | None:
        """Why the worker is taken to be stuck (no heartbeat, a request long overdue), or
        None while it is fine."""
        now = time.monotonic()
        beat = self._beat.value
        if beat == 0.0:
            if now - self._born > START_GRACE:
                return _("it did not start")
        elif now - beat > STALL:
            return _("it stopped responding")
        if self._pending is not None and now - self._since > self._limit:
            return _("a move took over {seconds:g} s").format(seconds=self._limit)
        return None

    def take_event(self) -> str | None:
        """Once: what happened to the process (restarted, and why), for the player."""
        return self._events.pop(0) if self._events else None

    def start(self, game_name: str, state: Any, spec: str, seed: int | None = None) -> None:
        """Ask for the move `spec` plays in state; cancels any running request."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._number += 1
        self._wanted.value = self._number
        self._pending = (self._number, game_name, state, spec, seed)
        self._restarted = False
        self._since = time.monotonic()
        self._limit = limit_for(game_name, spec)
        self._requests.put(self._pending)

    def poll(self) -> Any:
        """The move once it is ready, else None (never blocks); RuntimeError if none can be."""
        while True:
            try:
                number, kind, payload = self._results.get_nowait()
            except queue.Empty:
                break
            if self._pending is None or number != self._pending[0]:
                continue
            self._pending = None
            if kind == "error":
                raise RuntimeError(payload)
            return payload
        if self._pending is None:
            return None
        why = _("it stopped") if not self._proc.is_alive() else self.stalled()
        if why is not None:
            self._kill()
            if self._restarted:
                self._pending = None
                raise RuntimeError(_(
                    "the CPU worker failed twice on this position ({why})").format(why=why))
            self._restarted = True
            self.restarts += 1
            self._events.append(_("The CPU search was restarted: {why}").format(why=why))
            self._spawn()
            self._since = time.monotonic()
            self._requests.put(self._pending)
        return None

    def busy(self) -> bool:
        """True while a request is being worked on."""
        return self._pending is not None

    def cancel(self) -> None:
        """Drop the running request (its answer, if any, is never returned)."""
        self._number += 1
        self._wanted.value = self._number
        self._pending = None

    def close(self) -> None:
        """Stop the worker process (at quit; a stopped or stuck one is killed)."""
        self.cancel()
        if self._proc.is_alive() and self.stalled() is None:
            self._requests.put(None)
            self._proc.join(timeout=2.0)
        self._kill()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
