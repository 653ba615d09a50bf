"""Driving the real app with posted pygame events, frame by frame (for tests and benchmarks).

    driver = Driver(App(games))
    driver.click((640, 400))        # a real mouse press and release, then a frame
    driver.settle()                 # frames until no animation runs and no CPU thinks
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from common.ui.app import App

DT = 1 / 60
SETTLE_S = 120.0  # seconds `settle` waits at most (a search on a machine at load 10 and more)
NAP_AFTER = 300  # frames `settle` runs flat out before it naps between frames
NAP_S = 0.002


class Driver:
    """Posts mouse and key events to the app's queue and runs its frames with a fixed step."""

    def __init__(self, app: App) -> None:
        self.app = app

    def frames(self, n: int = 1) -> None:
        """Run n frames."""
        for _ in range(n):
            self.app.step(DT)

    def move(self, pos: tuple[int, int], held: bool = False) -> None:
        """Move the mouse to pos (with the left button held, for a drag)."""
        pygame.event.post(pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Move there, press and release a mouse button, and run a frame."""
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(1)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        """Press at start, move in steps with the button held, release at end."""
        self.move(start)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(1)
        for i in range(1, steps + 1):
            t = i / steps
            pos = (round(start[0] + (end[0] - start[0]) * t),
                   round(start[1] + (end[1] - start[1]) * t))
            self.move(pos, held=True)
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(1)

    def wheel(self, pos: tuple[int, int], dy: int) -> None:
        """Turn the wheel over pos."""
        self.move(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy))
        self.frames(1)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        """Press a key (with modifiers) and let it go, and run a frame."""
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
        self.frames(1)

    def hold(self, key: int, repeats: int, mod: int = 0) -> None:
        """Hold a key down through `repeats` key repeats (a frame each), then let it go."""
        for _ in range(repeats + 1):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod))
        self.frames(1)

    def type(self, text: str) -> None:
        """Type text (as the system's text input delivers it) and run a frame."""
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.frames(1)

    def settle(self, busy: Callable[[], bool] | None = None, limit: float = SETTLE_S) -> int:
        """Run frames until busy() (default: the top scene's `busy`) is False; the frames run.

        Bounded by wall-clock time (`limit` seconds), not by a count of frames: what it waits
        for is often a CPU worker or a bot, which a loaded machine slows down while the
        frames (a fixed step each) stay as fast. Past the first `NAP_AFTER` frames (an
        animation is over by then) each frame naps a little, leaving the cores to what is
        being waited for."""
        check = busy or (lambda: bool(getattr(self.app.top, "busy", False)))
        end = time.monotonic() + limit
        n = 0
        while check():
            if time.monotonic() > end:
                raise TimeoutError(f"still busy after {limit:g} s ({n} frames)")
            self.frames(1)
            n += 1
            if n > NAP_AFTER:
                time.sleep(NAP_S)
        return n
