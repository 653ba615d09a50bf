"""Toasts: short messages at the bottom of the window, over every scene, that go by themselves.

One shows at a time. An `important` one (a problem the player must see) is not replaced by an
ordinary one: those wait (the last three) and show after it. The app owns one `Toasts`
(`app.toast(...)`), asks it each turn of the loop how long the current one has left (its end
redraws the window), and draws it last. Times come from the clock the app gives (`now`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui import draw
from common.ui.theme import Metrics, Palette


class Toasts:
    """The toast on show and those waiting (see the module docstring); `changed` is called
    whenever what shows changes (the app redraws)."""

    def __init__(self, now: Callable[[], float], changed: Callable[[], None]) -> None:
        self.now = now
        self.changed = changed
        self.current: tuple[str, float] | None = None  # (text, the time it goes)
        self.important = False  # the toast showing must not be replaced at once
        self.waiting: list[tuple[str, float]] = []  # ordinary toasts held back

    def show(self, text: str, seconds: float = 1.6, important: bool = False) -> None:
        """Show a toast for `seconds` (an ordinary one waits behind an important one)."""
        if self.current is not None and self.important and not important \
                and self.now() < self.current[1]:
            self.waiting = [*self.waiting[-2:], (text, seconds)]
            return
        self.current = (text, self.now() + seconds)
        self.important = important
        self.changed()

    def clear(self) -> None:
        """No toast shows (those waiting stay)."""
        self.current = None
        self.important = False

    def left(self) -> float | None:
        """Seconds until the toast goes (ending it, and the next waiting one shown, once its
        time is up), or None when none shows."""
        if self.current is None:
            return None
        left = self.current[1] - self.now()
        if left > 0:
            return left
        self.clear()
        self.changed()
        if self.waiting:
            self.show(*self.waiting.pop(0))
            return self.left()
        return None

    def showing(self) -> str | None:
        """The text of the toast on show now, if any."""
        if self.current is not None and self.now() <= self.current[1]:
            return self.current[0]
        return None

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics,
             place: Callable[[tuple[int, int]], pygame.Rect]) -> None:
        """The toast, wrapped to at most three lines of the window's width (never cut), in
        the panel `place(size of its lines)` gives."""
        text = self.showing()
        if text is None:
            return
        room = max(200, surface.get_width() - 8 * m.pad)
        lines = draw.wrap(text, m.normal, room, bold=True, max_lines=3) or [""]
        labels = [draw.text(line, m.normal, pal.text, True) for line in lines]
        step = labels[0].get_height()
        rect = place((max(label.get_width() for label in labels), step * len(labels)))
        draw.panel(surface, rect, pal.panel, pal.panel_edge, m.radius, 4)
        top = rect.centery - step * len(labels) // 2
        for n, label in enumerate(labels):
            surface.blit(label, label.get_rect(midtop=(rect.centerx, top + n * step)))


def toast_rect(size: tuple[int, int], window: tuple[int, int], m: Metrics,
               above: int | None) -> pygame.Rect:
    """Where a toast of a label this size shows: centred near the window's bottom, or above
    `above` (what the top scene keeps clear, `Scene.toast_bottom`)."""
    rect = pygame.Rect((0, 0), size).inflate(3 * m.pad, 2 * m.pad)
    bottom = window[1] - 3 * m.pad
    if above is not None:
        bottom = max(rect.h, min(bottom, above - m.pad))
    rect.midbottom = (window[0] // 2, bottom)
    return rect
