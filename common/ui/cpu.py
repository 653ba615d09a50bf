"""CPU seats for the app: a search that runs off the UI thread and is polled every frame.

`CpuPlayer` has the shape of `common.ai.worker.AIWorker` (start / poll / busy / cancel /
close) and drives that worker process. Should the worker fail to start or die, the seat
plays the `random` level in a background thread instead, and `take_warning` says so once,
for the screen to tell the player. The window never waits for a CPU.
"""

from __future__ import annotations

import contextlib
import random
import threading
from typing import Any

FALLBACK_WARNING = "The CPU search stopped working: the CPU now plays random moves"


def _worker_class() -> Any:
    from common.ai.worker import AIWorker  # imported on first use: keeps the launch fast

    return AIWorker


def cpu_levels() -> list[str]:
    """The CPU levels a seat may use: `random`, then the search levels."""
    from common.ai.levels import LEVELS

    return ["random", *(name for name in LEVELS if name != "random")]


class _ThreadRandom:
    """The `random` level in a background thread, with the AIWorker interface."""

    def __init__(self, games: dict[str, Any]) -> None:
        self.games = games
        self._lock = threading.Lock()
        self._token = 0
        self._result: Any = None
        self._thread: threading.Thread | None = None

    def start(self, game_name: str, state: Any, spec: str, seed: int | None = None) -> None:
        """Begin choosing a move for state (cancels any running request)."""
        game = self.games[game_name]
        with self._lock:
            self._token += 1
            token = self._token
            self._result = None
        rng = random.Random(seed)

        def _work() -> None:
            move = game.random_move(state, rng)
            with self._lock:
                if token == self._token:
                    self._result = move

        self._thread = threading.Thread(target=_work, name="cpu-random", daemon=True)
        self._thread.start()

    def poll(self) -> Any:
        """The chosen move once ready (then forgotten), else None."""
        with self._lock:
            move, self._result = self._result, None
            return move

    def busy(self) -> bool:
        """True while a request runs or its answer waits to be polled."""
        with self._lock:
            waiting = self._result is not None
        return waiting or (self._thread is not None and self._thread.is_alive())

    def cancel(self) -> None:
        """Forget the running request."""
        with self._lock:
            self._token += 1
            self._result = None

    def close(self) -> None:
        """Stop for good."""
        self.cancel()


class CpuPlayer:
    """A CPU for the app: the AI worker process, or the threaded random should it fail."""

    def __init__(self, games: dict[str, Any]) -> None:
        self.games = games
        self._random = _ThreadRandom(games)
        self._worker: Any = None
        self._worker_failed = False
        self._active: Any = None
        self._request: tuple[str, Any, int | None] | None = None
        self._preparing: threading.Thread | None = None
        self._warned = False

    def prepare(self) -> None:
        """Start the worker process in the background now, so the first CPU turn does not
        pay for it on the UI thread."""
        if self._worker is not None or self._worker_failed or self._preparing is not None:
            return
        self._preparing = threading.Thread(target=self._make_worker, name="cpu-prepare",
                                           daemon=True)
        self._preparing.start()

    def ready(self) -> bool:
        """True when `start` will not wait: the worker process is made (or failed, so the
        random level answers). Poll it after `prepare` to ask without blocking the frame."""
        if self._preparing is not None and self._preparing.is_alive():
            return False
        return self._worker is not None or self._worker_failed

    def _make_worker(self) -> None:
        try:
            self._worker = _worker_class()()
        except Exception:  # a broken AI must not take the app down
            self._worker_failed = True

    def take_warning(self) -> str | None:
        """Once, after the search failed and the random level took over: a message to show."""
        if self._worker_failed and not self._warned:
            self._warned = True
            return FALLBACK_WARNING
        return None

    def _backend(self, spec: str) -> Any:
        if self._preparing is not None:
            self._preparing.join()
            self._preparing = None
        if spec != "random" and self._worker is None and not self._worker_failed:
            self._make_worker()
        if spec == "random" or self._worker_failed:
            return self._random
        return self._worker

    def start(self, game_name: str, state: Any, spec: str, seed: int | None = None) -> None:
        """Begin choosing a move for state with the level spec (cancels a running request)."""
        self.cancel()
        self._request = (game_name, state, seed)
        backend = self._backend(spec)
        try:
            backend.start(game_name, state, spec, seed)
        except Exception:  # a failing worker falls back to the random level
            if backend is self._random:
                raise
            self._worker_failed = True
            backend = self._random
            backend.start(game_name, state, "random", seed)
        self._active = backend

    def poll(self) -> Any:
        """The chosen move once ready, else None (never blocks)."""
        if self._active is None:
            return None
        try:
            return self._active.poll()
        except Exception:  # the worker died: let the random level answer instead
            self._fall_back()
            return None

    def _fall_back(self) -> None:
        self._worker_failed = True
        self._active = self._random
        if self._request is not None:
            game_name, state, seed = self._request
            self._random.start(game_name, state, "random", seed)

    def busy(self) -> bool:
        """True while a move is being chosen."""
        if self._active is None:
            return False
        try:
            return bool(self._active.busy())
        except Exception:
            self._fall_back()
            return True

    def cancel(self) -> None:
        """Stop the running request, if any."""
        if self._active is not None:
            with contextlib.suppress(Exception):
                self._active.cancel()
        self._active = None
        self._request = None

    def close(self) -> None:
        """Stop every backend (the worker process too)."""
        if self._preparing is not None:
            self._preparing.join()
            self._preparing = None
        self.cancel()
        self._random.close()
        if self._worker is not None:
            with contextlib.suppress(Exception):
                self._worker.close()
            self._worker = None
