"""A stand-in for the CPU worker process whose every request fails, for the CPU runner tests
(as after two deaths of the worker on one position). `made` counts the workers built."""

from __future__ import annotations


class BrokenWorker:
    """A worker whose process dies on every request."""

    made = 0

    def __init__(self) -> None:
        type(self).made += 1

    def start(self, *args) -> None:
        pass

    def poll(self):
        raise RuntimeError("the CPU worker failed twice on this position (it stopped)")

    def busy(self) -> bool:
        return True

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass
