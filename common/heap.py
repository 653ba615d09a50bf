"""Giving memory back to the system, where the C library allows it (glibc: Linux).

Used by the app (after a screen closes, after a resize) and by the CPU worker (after each
answer: a search tree is megabytes of small blocks, freed at once). The app's memory is
mostly pixels that SDL allocates with malloc: a window-sized layer or backdrop is megabytes,
a rendered label kilobytes. glibc keeps freed memory for later instead of returning it, so a
process that closed a screen stays as large as it was:

- large blocks: glibc serves a block of `MMAP_THRESHOLD` or more (128 KiB) with its own
  mapping, returned as soon as it is freed; but after the first such block is freed it raises
  that threshold (up to 32 MiB), and window-sized surfaces then come from the heap and stay
  resident when freed. `tune()`, once at start-up, fixes the threshold (mallopt
  M_MMAP_THRESHOLD), so every large surface goes back to the system when freed;
- small blocks (labels, icons, Python's own) leave holes in the heap; `give_back()`
  (malloc_trim(0)), called once a screen has closed and was released, returns the free
  pages. It costs a few milliseconds, once per screen closed.

Both do nothing elsewhere (macOS, Windows, musl) and never raise. A person may set
MALLOC_MMAP_THRESHOLD_ in the environment: `tune()` then keeps theirs.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from typing import Any

MMAP_THRESHOLD = 128 * 1024  # bytes: a block this large or larger has its own mapping
M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number

_libc: Any = None
_looked = False


def _glibc() -> Any:
    """glibc, if this process runs on it, else None (looked up once)."""
    global _libc, _looked
    if not _looked:
        _looked = True
        if sys.platform.startswith("linux"):
            try:
                libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt"):
                    _libc = libc
            except (OSError, AttributeError):
                _libc = None
    return _libc


def tune() -> bool:
    """Fix glibc's mmap threshold (see the module docstring); True if it was set."""
    libc = _glibc()
    if libc is None or "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    try:
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, ValueError, ctypes.ArgumentError):
        return False


def give_back() -> bool:
    """Return the heap's free pages to the system (malloc_trim); True if any went."""
    libc = _glibc()
    if libc is None:
        return False
    try:
        return bool(libc.malloc_trim(0))
    except (OSError, ValueError, ctypes.ArgumentError):
        return False
