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
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing as mp
import os
import queue
import random
import sys
import traceback
from typing import Any

from common.ai.levels import make_cpu
from common.ai.search import Cancelled
from common.games import GAMES
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
    return make_cpu(game, spec, rng).choose(state, cancelled)


def _serve(requests: Any, results: Any, wanted: Any) -> None:
    """The worker process: answer requests until a None arrives."""
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


class AIWorker:
    """A worker process for CPU moves and hints; see the module docstring."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._wanted = self._ctx.Value("q", 0)
        self._number = 0
        self._pending: tuple | None = None  # the request being worked on, until answered
        self._restarted = False
        self._spawn()

    def _spawn(self) -> None:
        self._requests = self._ctx.Queue()
        self._results = self._ctx.Queue()
        self._proc = self._ctx.Process(
            target=_serve, args=(self._requests, self._results, self._wanted),
            name="cpu-worker", daemon=True)
        self._proc.start()

    def start(self, game_name: str, state: Any, spec: str, seed: int | None = None) -> None:
        """Ask for the move `spec` plays in state; cancels any running request."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self._number += 1
        self._wanted.value = self._number
        self._pending = (self._number, game_name, state, spec, seed)
        self._restarted = False
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
        if self._pending is not None and not self._proc.is_alive():
            if self._restarted:
                self._pending = None
                raise RuntimeError("the CPU worker stopped twice on this position")
            self._restarted = True
            self._spawn()
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
        """Stop the worker process (at quit)."""
        self.cancel()
        if self._proc.is_alive():
            self._requests.put(None)
            self._proc.join(timeout=2.0)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=2.0)
        self._requests.close()
        self._results.close()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
