"""`Choice`: a segmented control, one option of a few selected; a click on another picks it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.input import Action, PointerDown, PointerMove
from common.ui.theme import Metrics, Palette
from common.ui.widgets.base import CallbackSlot, Widget


class Choice(Widget):
    """A segmented control: one option of a few is selected; clicking another picks it."""

    on_change = CallbackSlot()

    def __init__(
        self, options: list[str], value: str, on_change: Callable[[str], None],
        labels: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.options = options
        self.labels = labels or options
        self.value = value
        self.on_change = on_change
        self._hover_index = -1

    def _segments(self) -> list[pygame.Rect]:
        n = len(self.options)
        w = self.rect.w / n
        return [
            pygame.Rect(round(self.rect.x + i * w), self.rect.y, round(w), self.rect.h)
            for i in range(n)
        ]

    def handle(self, action: Action) -> bool:
        """Pick the clicked segment."""
        super().handle(action)
        if isinstance(action, PointerMove):
            self._hover_index = next(
                (i for i, r in enumerate(self._segments()) if r.collidepoint(action.pos)), -1
            )
        if isinstance(action, PointerDown) and action.button == 1 and self.enabled:
            for option, seg in zip(self.options, self._segments(), strict=True):
                if seg.collidepoint(action.pos):
                    if option != self.value:
                        self.value = option
                        self.on_change(option)
                    return True
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The segments, the chosen one filled with the accent; every label at one size."""
        if not self.visible:
            return
        pygame.draw.rect(surface, pal.backdrop, self.rect, border_radius=m.radius)
        room = self.rect.w // len(self.options) - 14
        labels = [_(label) for label in self.labels]  # marked with N_(): translated when drawn
        px = min(draw.fit_text(label, m.small, room, True) for label in labels)
        for i, (option, label, seg) in enumerate(
            zip(self.options, labels, self._segments(), strict=True)
        ):
            inner = seg.inflate(-6, -6)
            if option == self.value:
                pygame.draw.rect(surface, pal.primary, inner, border_radius=m.radius - 2)
                color = pal.text_dark
            else:
                if i == self._hover_index:
                    pygame.draw.rect(surface, pal.button, inner, border_radius=m.radius - 2)
                color = pal.text if self.enabled else pal.text_dim
            draw.blit_text(surface, label, px, color, inner.center, "center", bold=True)
