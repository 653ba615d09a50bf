"""Judging moves on a background thread without making the window wait: while any thread
judges (the danger marks of both games), the UI thread waiting for the interpreter lock gets
it after at most SWITCH seconds instead of the default 5 ms (which cost the window a few ms a
frame: bench/danger_marks.py); the interval is restored when the last one ends.
"""

from __future__ import annotations

import contextlib
import sys
import threading

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
