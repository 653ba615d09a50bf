"""Placing and feeding a scene's widgets: `handle_all` offers an action to a list in turn;
`stack` and `row` lay them out in a column or side by side."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from common.ui.input import Action, PointerMove
from common.ui.widgets.base import Widget


def handle_all(widgets: Sequence[Widget], action: Action) -> bool:
    """Offer an action to widgets in turn; True once one used it (hover reaches all)."""
    used = False
    for widget in widgets:
        if widget.visible and widget.handle(action):
            used = True
            if not isinstance(action, PointerMove):
                return True
    return used


def stack(
    rect: pygame.Rect, widgets: Sequence[Widget], height: int, gap: int
) -> pygame.Rect:
    """Place widgets one under the other from the top of rect; returns the space used."""
    y = rect.y
    for widget in widgets:
        widget.rect = pygame.Rect(rect.x, y, rect.w, height)
        y += height + gap
    return pygame.Rect(rect.x, rect.y, rect.w, max(0, y - gap - rect.y))


def row(rect: pygame.Rect, widgets: Sequence[Widget], gap: int) -> None:
    """Share rect's width among widgets side by side."""
    n = len(widgets)
    if n == 0:
        return
    w = (rect.w - gap * (n - 1)) / n
    for i, widget in enumerate(widgets):
        widget.rect = pygame.Rect(round(rect.x + i * (w + gap)), rect.y, round(w), rect.h)
