"""Caches of drawings bounded by bytes, least recently used first out.

Text, shadows, backdrops, icons and piece art are drawn once and kept: drawing them every
frame would cost too much. But a cache bounded by its number of entries is not bounded in
memory (one entry may be a window-sized backdrop, another a 12-pixel dot), and a window
resized many times would keep every size's art. So each cache here has a budget in bytes:
when a new drawing would pass it, the drawings used least recently go first.

    @bounded_cache(4 << 20)                  # a drop-in for functools.lru_cache
    def token(kind: int, size: int) -> pygame.Surface: ...

    TEXT = SurfaceCache("text", 8 << 20)     # or by hand: get / put
    surface = TEXT.get(key)

A value's size is `nbytes`: a surface's pixels (pitch x height), the sum of a tuple's or a
list's surfaces; anything else counts a small fixed amount. Every cache registers itself, so
`report()` says what each holds (bench/memory.py prints it) and `clear_all()` empties them.
Thread-safe: a lock guards each cache's changes (drawings are made on the UI thread, and
sometimes in the background); a lookup takes none.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import pygame

SMALL = 64  # bytes counted for a value that is not a surface (None, a number, a font ...)
_CACHES: weakref.WeakSet[SurfaceCache] = weakref.WeakSet()

F = TypeVar("F", bound=Callable[..., Any])


def nbytes(value: Any) -> int:
    """The memory a cached value holds, in bytes (see the module docstring)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height() + SMALL
    if isinstance(value, tuple | list):
        return sum(nbytes(item) for item in value) + SMALL
    return SMALL


class SurfaceCache:
    """A least-recently-used cache of drawings, bounded by `max_bytes` (see the module
    docstring). A value larger than the whole budget is returned but not kept."""

    def __init__(self, name: str, max_bytes: int) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self.bytes = 0
        self.hits = self.misses = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        _CACHES.add(self)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value kept for `key` (now the most recently used), or `default`. No lock:
        each dict operation is atomic, and a key another thread let go meanwhile is simply
        not moved (a hit is the common case: it stays cheap, text is drawn every frame)."""
        item = self._items.get(key)
        if item is None:
            self.misses += 1
            return default
        with contextlib.suppress(KeyError):
            self._items.move_to_end(key)
        self.hits += 1
        return item[0]

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep `value` for `key`, letting the least recently used go to stay in budget;
        returns the value."""
        size = nbytes(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            if size > self.max_bytes:
                return value
            self._items[key] = (value, size)
            self.bytes += size
            while self.bytes > self.max_bytes and self._items:
                _, (_, gone) = self._items.popitem(last=False)
                self.bytes -= gone
        return value

    def clear(self) -> None:
        """Forget every drawing."""
        with self._lock:
            self._items.clear()
            self.bytes = 0


def bounded_cache(max_bytes: int, name: str | None = None) -> Callable[[F], F]:
    """A decorator like `functools.lru_cache` (the arguments, hashable, are the key) whose
    cache is bounded by bytes (`SurfaceCache`); the function gets `cache` (the
    SurfaceCache), `cache_clear()` and `cache_info()` (hits, misses, entries, bytes)."""

    def decorate(fn: F) -> F:
        cache = SurfaceCache(name or f"{fn.__module__}.{fn.__qualname__}", max_bytes)
        missing = object()

        @functools.wraps(fn)
        def cached(*args: Any, **kwargs: Any) -> Any:
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            value = cache.get(key, missing)
            if value is missing:
                value = cache.put(key, fn(*args, **kwargs))
            return value

        cached.cache = cache  # type: ignore[attr-defined]
        cached.cache_clear = cache.clear  # type: ignore[attr-defined]
        cached.cache_info = lambda: (cache.hits, cache.misses, len(cache),  # type: ignore
                                     cache.bytes)
        return cached  # type: ignore[return-value]

    return decorate


def report() -> list[tuple[str, int, int, int]]:
    """Every cache: (name, entries, bytes held, budget), the largest first."""
    return sorted(((c.name, len(c), c.bytes, c.max_bytes) for c in list(_CACHES)),
                  key=lambda row: -row[2])


def clear_all() -> None:
    """Empty every cache (a palette change makes most of them stale anyway)."""
    for cache in list(_CACHES):
        cache.clear()
