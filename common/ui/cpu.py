"""CPU seats for the app: a search that runs off the UI thread and is polled every frame.

`CpuRunner` (one per app) drives the `common.ai.worker.AIWorker` process; `CpuRunner.seat(spec)`
is the `common.seats.SeatRunner` of one CPU seat or of the Hint. A worker that dies, is stopped
or hangs is restarted by `AIWorker` (`take_warning` says so once, for a toast). Should it fail
to start, fail twice on one position, or be restarted MAX_RESTARTS times in one game, the CPU
seats play the `random` level in a background thread instead: `take_warning` says so once,
and `notice` says so for as long as it lasts, for the game screen to show. `new_game` (a game
screen opening) then tries a fresh worker. Nothing here waits: not for a search, and not for
the worker process to start (that happens in a background thread). The window never waits for
a CPU.
"""

from __future__ import annotations

import contextlib
import random
import threading
from typing import Any

from common.i18n import N_, _, pgettext
from common.seats import Ask, SeatSpec

FALLBACK_WARNING = N_("The CPU search stopped working: the CPU now plays random moves")
MAX_RESTARTS = 3  # worker restarts in one game before its CPU seats fall back to random
FALLBACK_NOTICE = (N_("The CPU search failed: CPU players make random moves until the next "
                      "game"))


def _worker_class() -> Any:
    from common.ai.worker import AIWorker  # imported on first use: keeps the launch fast

    return AIWorker


def cpu_levels() -> list[str]:
    """The CPU levels a seat may use in the new-game dialogs, weakest first: `novice` (the
    first level, and the default of a new player), then the search levels. The `random`
    player is no level a person picks (the command line still takes it)."""
    from common.ai.levels import LEVELS

    return list(LEVELS)


DEFAULT_LEVEL = "novice"  # the dialogs' CPU level when no earlier choice is remembered


def warm_up() -> None:
    """Import the CPU levels and the game screens (the app does it in the background once the
    menu shows, so opening the New game dialog does not stall)."""
    from common import games

    cpu_levels()
    for entry in games.GAMES.values():
        entry.screens  # noqa: B018  (the import is the point)


def level_label(level: str) -> str:
    """A level as a seat choice and the game-over panel show it: "Novice", "Easy"; `random`
    (any legal move) is "Beginner"."""
    if level == "random":
        return _("Beginner")
    name = pgettext("level", level)  # "hard:6000", a level with its budget, stays as it is
    return name[:1].upper() + name[1:]


def next_level(level: str) -> str | None:
    """The level to try after beating `level`; None after the strongest (or for no level)."""
    levels = cpu_levels()
    i = levels.index(level) if level in levels else len(levels)
    return levels[i + 1] if i + 1 < len(levels) else None


class _ThreadRandom:
    """The `random` level in a background thread, with the AIWorker interface."""

    def __init__(self, games: dict[str, Any]) -> None:
        self.games = games
        self._lock = threading.Lock()
        self._token = 0
        self._result: Any = None
        # the request's state is kept under the lock, never read from the thread: a finished
        # thread is still alive for a moment while it exits (Python 3.13 shows it often)
        self._running = False

    def start(self, game_name: str, state: Any, spec: str, seed: int | None = None) -> None:
        """Begin choosing a move for state (cancels any running request)."""
        game = self.games[game_name]
        with self._lock:
            self._token += 1
            token = self._token
            self._result = None
            self._running = True
        rng = random.Random(seed)

        def _work() -> None:
            move = None
            try:
                move = game.random_move(state, rng)
            finally:  # a failure ends the request too (its traceback printed by threading)
                with self._lock:
                    if token == self._token:
                        self._result = move
                        self._running = False

        threading.Thread(target=_work, name="cpu-random", daemon=True).start()

    def poll(self) -> Any:
        """The chosen move once ready (then forgotten), else None."""
        with self._lock:
            move, self._result = self._result, None
            return move

    def busy(self) -> bool:
        """True while a request runs or its answer waits to be polled."""
        with self._lock:
            return self._running or self._result is not None

    def cancel(self) -> None:
        """Forget the running request."""
        with self._lock:
            self._token += 1
            self._result = None
            self._running = False

    def close(self) -> None:
        """Stop for good."""
        self.cancel()


class CpuRunner:
    """The app's CPU: the AI worker process, or the threaded random level should it fail.

    One per app (`app.cpu`), shared by every CPU seat and the Hint; `seat(spec)` gives the
    `common.seats.SeatRunner` of one seat. `start` never waits: while the worker process is
    still starting (in the background, see `prepare`), the question waits here and is put to
    the worker by the first `poll` or `busy` after it is ready.
    """

    def __init__(self, games: dict[str, Any]) -> None:
        self.games = games
        self._random = _ThreadRandom(games)
        self._worker: Any = None
        self._worker_failed = False
        self._active: Any = None
        self._request: tuple[str, Any, int | None] | None = None
        self._queued: tuple[Ask, str] | None = None  # asked before the worker was ready
        self._preparing: threading.Thread | None = None
        self._warned = False
        self._restarts = 0  # the worker's restarts when this game began

    def seat(self, spec: SeatSpec | str) -> CpuSeat:
        """The runner of one seat playing this level (`random`, `easy`, `hard:4000`...)."""
        return CpuSeat(self, str(SeatSpec.parse(spec)))

    def prepare(self) -> None:
        """Start the worker process in the background now, so the first CPU turn does not
        pay for it on the UI thread."""
        if self._worker is not None or self._worker_failed or self._preparing is not None:
            return
        self._preparing = threading.Thread(target=self._make_worker, name="cpu-prepare",
                                           daemon=True)
        self._preparing.start()

    def ready(self) -> bool:
        """True when a question goes to the worker at once: the worker process is made (or
        failed, so the random level answers)."""
        if self._preparing is not None and self._preparing.is_alive():
            return False
        return self._worker is not None or self._worker_failed

    def _make_worker(self) -> None:
        try:
            self._worker = _worker_class()()
        except Exception:  # a broken AI must not take the app down
            self._worker_failed = True

    def take_warning(self) -> str | None:
        """Once each: the worker was restarted (and why), or the search failed and the random
        level took over: a message to show."""
        if self._worker_failed and not self._warned:
            self._warned = True
            return FALLBACK_WARNING
        worker = self._worker
        if worker is not None and hasattr(worker, "take_event"):
            with contextlib.suppress(Exception):
                return worker.take_event()
        return None

    @property
    def notice(self) -> str | None:
        """While the CPU seats play the `random` level because the search failed: a line for
        the game screen to show for as long as that lasts; else None."""
        return FALLBACK_NOTICE if self._worker_failed else None

    def new_game(self) -> None:
        """A game screen opens: if the search had failed, try a fresh worker process (in the
        background; the random level answers until it is up)."""
        if not self._worker_failed:
            self._restarts = getattr(self._worker, "restarts", 0)
            return
        if self._preparing is not None and self._preparing.is_alive():
            return  # still trying
        self.cancel()
        self._stop_worker()
        self._worker_failed = False
        self._warned = False
        self._preparing = None
        self.prepare()

    def _stop_worker(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            threading.Thread(target=_close_quietly, args=(worker,), name="cpu-stop",
                             daemon=True).start()

    def start(self, ask: Ask, spec: SeatSpec | str = "random") -> None:
        """Begin choosing a move for `ask` with the level `spec` (a running question is
        dropped). Never waits: a search level asked before the worker is up waits here."""
        self.cancel()
        spec = str(SeatSpec.parse(spec))
        if spec != "random" and not self.ready():
            self.prepare()
            self._queued = (ask, spec)
            return
        self._launch(ask, spec)

    def _launch(self, ask: Ask, spec: str) -> None:
        self._queued = None
        self._request = (ask.game, ask.state, ask.seed)
        backend = self._random if spec == "random" or self._worker_failed else self._worker
        try:
            backend.start(ask.game, ask.state, spec, ask.seed)
        except Exception:  # a failing worker falls back to the random level
            if backend is self._random:
                raise
            self._worker_failed = True
            backend = self._random
            backend.start(ask.game, ask.state, "random", ask.seed)
        self._active = backend

    def _pump(self) -> None:
        """Put a waiting question to the worker once it is ready (never waits)."""
        if self._queued is not None:
            if self._preparing is not None and not self._preparing.is_alive():
                self._preparing = None
            if self.ready():
                self._launch(*self._queued)

    def poll(self) -> Any:
        """The chosen move once ready, else None (never blocks)."""
        self._pump()
        if self._active is None:
            return None
        try:
            move = self._active.poll()
        except Exception:  # the worker died: let the random level answer instead
            self._fall_back()
            return None
        if getattr(self._active, "restarts", 0) - self._restarts >= MAX_RESTARTS:
            if move is not None:
                self._request = None  # answered: nothing for the random level to redo
            self._fall_back()  # it keeps dying: random moves until the next game
        return move

    def _fall_back(self) -> None:
        self._worker_failed = True
        self._stop_worker()
        self._active = self._random
        if self._request is not None:
            game_name, state, seed = self._request
            self._random.start(game_name, state, "random", seed)

    def busy(self) -> bool:
        """True while a move is being chosen (or waits for the worker to start)."""
        self._pump()
        if self._queued is not None:
            return True
        if self._active is None:
            return False
        try:
            return bool(self._active.busy())
        except Exception:
            self._fall_back()
            return True

    def cancel(self) -> None:
        """Stop the running question, if any."""
        self._queued = None
        if self._active is not None:
            with contextlib.suppress(Exception):
                self._active.cancel()
        self._active = None
        self._request = None

    def close(self) -> None:
        """Stop every backend (the worker process too); called when the app quits."""
        if self._preparing is not None:
            self._preparing.join()  # the app is closing: the worker must not outlive it
            self._preparing = None
        self.cancel()
        self._random.close()
        if self._worker is not None:
            with contextlib.suppress(Exception):
                self._worker.close()
            self._worker = None


def _close_quietly(worker: Any) -> None:
    with contextlib.suppress(Exception):
        worker.close()


class CpuSeat:
    """The `SeatRunner` of one CPU seat (or of the Hint): the app's `CpuRunner` asked with
    this seat's level."""

    def __init__(self, cpu: CpuRunner, spec: str) -> None:
        self.cpu = cpu
        self.spec = spec
        self._mine = False  # the shared runner's current question is this seat's

    def start(self, ask: Ask) -> None:
        """Begin choosing this seat's move (never waits)."""
        self.cpu.start(ask, self.spec)
        self._mine = True

    def poll(self) -> Any:
        """The move once chosen (then forgotten), else None."""
        if not self._mine:
            return None
        move = self.cpu.poll()
        if move is not None:
            self._mine = False
        return move

    def busy(self) -> bool:
        """True while this seat's move is being chosen."""
        return self._mine and self.cpu.busy()

    def cancel(self) -> None:
        """Drop this seat's question."""
        if self._mine:
            self.cpu.cancel()
        self._mine = False

    def close(self) -> None:
        """Stop for good (the worker process is the app's and stays)."""
        self.cancel()
