"""`NumberField`: a field for a whole number (the board seed): digits and Backspace."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui import draw
from common.ui.input import Action, Key, PointerDown
from common.ui.theme import Metrics, Palette
from common.ui.widgets.base import CallbackSlot, Widget


class NumberField(Widget):
    """A field for a whole number (the board seed): click it, type digits, Backspace erases."""

    on_change = CallbackSlot()

    def __init__(self, value: str, on_change: Callable[[str], None], max_len: int = 12) -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.focused = False

    def handle(self, action: Action) -> bool:
        """Focus on click; digits and Backspace edit while focused."""
        super().handle(action)
        if isinstance(action, PointerDown) and action.button == 1:
            self.focused = self.rect.collidepoint(action.pos)
            return self.focused
        if isinstance(action, Key) and self.focused:
            if action.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.on_change(self.value)
                return True
            if action.text.isascii() and action.text.isdigit() \
                    and len(self.value) < self.max_len:  # "²" is a digit int() refuses
                self.value += action.text
                self.on_change(self.value)
                return True
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The number in a sunken box, with a caret when focused."""
        pygame.draw.rect(surface, pal.backdrop, self.rect, border_radius=m.radius)
        edge = pal.select if self.focused else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=m.radius)
        shown = self.value or "random"
        color = pal.text if self.value else pal.text_dim
        r = draw.blit_text(
            surface, shown, m.normal, color, (self.rect.x + m.pad, self.rect.centery), "midleft"
        )
        if self.focused:  # a steady caret: the loop rests while nothing changes
            x = r.right + 2 if self.value else self.rect.x + m.pad
            pygame.draw.line(surface, pal.text, (x, r.top + 2), (x, r.bottom - 2), 2)
