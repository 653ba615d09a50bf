"""Judging moves on a background thread without making the window wait (`BackgroundJudge`, the
base of both games' `ui.threats.Threats`): while any thread judges, the UI thread waiting for
the interpreter lock gets it after at most SWITCH seconds instead of the default 5 ms (which
cost the window a few ms a frame: bench/danger_marks.py); the interval is restored when the
last one ends.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

SWITCH = 0.001  # the interpreter's switch interval while a thread judges (default 0.005)

_switching = threading.Lock()
_judging = 0  # threads judging now
_saved_switch = sys.getswitchinterval()


@contextlib.contextmanager
def quick_switching():
    """Quick switching while the block runs (see the module)."""
    global _judging, _saved_switch
    with _switching:
        if _judging == 0:
            _saved_switch = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved_switch, SWITCH))
        _judging += 1
    try:
        yield
    finally:
        with _switching:
            _judging -= 1
            if _judging == 0:
                sys.setswitchinterval(_saved_switch)


UNKNOWN = object()  # the verdict of an item not judged yet


class BackgroundJudge:
    """Verdicts on a set of items (moves, steps) worked out on a daemon thread, the items
    asked for first (`first`) before the rest, each handed over under a lock: the window never
    waits. Subclasses say how to judge a group (`judge_group`), which items are judged
    together (`group_of`) and what a failed judgement leaves (`failed`); `judge` gets one
    verdict at once on the caller's thread when the background has not come to it yet."""

    thread_name = "judge"
    failed: object = None  # the verdict kept for items whose judging raised (the error kept)

    def __init__(self, items: Iterable[Any], start: bool = True) -> None:
        self.verdicts: dict[Any, Any] = {}
        self._todo: dict[Any, None] = dict.fromkeys(items)
        self._soon: list[Any] = []
        self._lock = threading.Lock()
        self._stop = False
        self._working: Any = None  # the item being judged now
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if start:
            self.start()

    def judge_group(self, group: list[Any]) -> dict[Any, Any]:
        """The verdicts of a group of items (the subclass's tactics)."""
        raise NotImplementedError

    def group_of(self, item: Any) -> list[Any]:
        """The items still to judge that are judged together with `item` (it alone)."""
        return [item]

    def after_all(self) -> None:
        """Work to do once every item is judged (on the thread)."""

    def start(self) -> None:
        """Start judging in the background (once)."""
        if self._thread is None and self._todo:
            self._thread = threading.Thread(target=self._run, name=self.thread_name,
                                            daemon=True)
            self._thread.start()

    def _run(self) -> None:
        with quick_switching():
            self._judge_all()
            if not self._stop:
                self.after_all()

    def _judge_all(self) -> None:
        while not self._stop:
            with self._lock:
                group = self._take()
                self._working = group[0] if group else None
            if not group:
                return
            try:
                verdicts = self.judge_group(group)
            except Exception as err:  # a bug must not kill the marks silently: keep it
                self.error = err
                verdicts = dict.fromkeys(group, self.failed)
            with self._lock:
                self.verdicts.update(verdicts)
                self._working = None
            time.sleep(0)  # a chance for the UI thread between two groups

    def _take(self) -> list[Any]:
        """The next items to judge (under the lock): the ones asked for first, in order."""
        item = None
        while self._soon and item is None:
            candidate = self._soon.pop()
            item = candidate if candidate in self._todo else None
        if item is None and self._todo:
            item = next(iter(self._todo))
        if item is None:
            return []
        group = self.group_of(item)
        for m in group:
            del self._todo[m]
        return group

    def close(self) -> None:
        """Stop the background work (the position is gone)."""
        self._stop = True

    @property
    def judged(self) -> bool:
        """True once every item has its verdict."""
        with self._lock:
            return not self._todo and self._working is None

    def first(self, items: Iterable[Any]) -> None:
        """Judge these items before the others (the targets on screen now)."""
        with self._lock:
            self._soon = [m for m in items if m in self._todo][::-1]

    def finish(self, timeout: float | None = None) -> None:
        """Wait until every verdict is in (tests, and anything that cannot wait)."""
        if self._thread is None:
            self._run()
        else:
            self._thread.join(timeout)

    def verdict(self, item: Any) -> Any:
        """The item's verdict, or UNKNOWN while it is not judged yet."""
        with self._lock:
            return self.verdicts.get(item, UNKNOWN)

    def judge(self, item: Any) -> Any:
        """The item's verdict now: judged here (on the caller's thread) if the background has
        not come to it yet."""
        verdict = self.verdict(item)
        if verdict is not UNKNOWN:
            return verdict
        verdict = self.judge_group([item])[item]
        with self._lock:
            self.verdicts[item] = verdict
            self._todo.pop(item, None)
        return verdict
