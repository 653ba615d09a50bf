"""A game's analysis off the UI thread: one worker process per analysis, polled each frame.

    run = AnalysisRun(record, nodes=None, seed=0)
    ...each frame: for turn in run.poll(): ...   # the turns analysed since the last poll
    run.done, run.error                          # finished; why it failed (or None)
    run.cancel()                                 # the process ends at once

The process (started with "spawn", niced like the CPU worker so that the window's frames come
first) is given only the validated game (`worker_record`), replays it itself and runs
`common.analysis.turns`, the very function the ``analyse`` command runs, sending each
`common.analysis.Turn` as soon as it is ready; so the graph and the marks fill in as it goes.
It exits when its parent is gone, and the watchdog (`common.ai.reaper`) kills it when the app
ends however it ends, even while it is stopped.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import queue
import sys
import threading
import time
import traceback
from typing import Any

from common import i18n
from common import record as rec
from common.ai import reaper
from common.analysis import Turn
from common.i18n import _
from common.processes import Parent


def _orphaned(parent: Parent) -> None:
    while True:
        if parent.gone():
            os._exit(0)
        time.sleep(0.5)


def _serve(record: dict, nodes: int | None, seed: int, out: Any, parent: Parent,
           language: str = i18n.ENGLISH) -> None:
    """The worker process: the record's turns, one message each, then "done", their words
    (the engine's reasons) in the app's `language`."""
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
    try:
        i18n.use(language)
        from common import analysis
        from common import record as rec
        from common.games import engines

        replay = rec.replay(record, engines())
        for turn in analysis.turns(replay, nodes, seed):
            out.put(("turn", turn))
        out.put(("done", None))
    except Exception as err:  # noqa: BLE001 - told to the app, which shows it
        traceback.print_exc(file=sys.stderr)
        out.put(("error", f"{type(err).__name__}: {err}"[:200]))


def worker_record(replay: rec.Replay) -> dict:
    """What the worker is given: the replayed game's record with only what the rules define
    (its start, moves, withdrawals and result), never the file's other keys (a kept analysis
    or anything a hostile file added, which the worker has no use for)."""
    return rec.build(replay.game, replay.initial, replay.moves, replay.final, replay.withdrawn)


class AnalysisRun:
    """One analysis in its own process (see the module docstring)."""

    def __init__(self, record: dict, nodes: int | None = None, seed: int = 0) -> None:
        ctx = mp.get_context("spawn")
        self._out = ctx.Queue()
        self._proc = ctx.Process(target=_serve, args=(record, nodes, seed, self._out,
                                                       Parent.here(), i18n.language()),
                                 name="analysis", daemon=True)
        self._proc.start()
        if self._proc.pid is not None:  # even a stopped worker ends with the app (killed too)
            reaper.register_process(self._proc.pid)
        self.done = False
        self.error: str | None = None
        self._ended = False

    def poll(self) -> list[Turn]:
        """The turns ready since the last call (never blocks)."""
        turns: list[Turn] = []
        while not self.done:
            try:
                kind, payload = self._out.get_nowait()
            except queue.Empty:
                if not self._proc.is_alive() and self._out.empty():
                    self.done, self.error = True, self.error or _("the analysis process stopped")
                break
            if kind == "turn":
                turns.append(payload)
            else:
                self.done = True
                self.error = payload if kind == "error" else None
        if self.done:
            self._end()
        return turns

    @property
    def running(self) -> bool:
        """True until it finished, failed or was cancelled."""
        return not self.done

    def cancel(self) -> None:
        """Stop at once (what was analysed so far stays with the caller)."""
        if not self.done:
            self.done, self.error = True, "cancelled"
        self._end()

    def _end(self) -> None:
        if self._ended:
            return
        self._ended = True
        with contextlib.suppress(Exception):
            if self._proc.is_alive():
                self._proc.kill()
            self._proc.join(timeout=2.0)
        if self._proc.pid is not None:
            reaper.unregister_process(self._proc.pid)
        self._out.cancel_join_thread()
        self._out.close()
