"""`Button`: a rounded button that calls its callback when clicked (press and release on
it); disabled, a press calls `refused` (it says why)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.input import Action, PointerDown, PointerUp
from common.ui.theme import Metrics, Palette, mix
from common.ui.widgets.base import CallbackSlot, Widget


class Button(Widget):
    """A rounded button that calls on_click when clicked (press and release on it)."""

    on_click = CallbackSlot()
    refused = CallbackSlot()

    def __init__(
        self, label: str, on_click: Callable[[], None], primary: bool = False,
        enabled: bool = True, hint: str = "", small: bool = False,
        refused: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.enabled = enabled
        self.hint = hint  # a key shortcut shown dimmed, e.g. "Ctrl+Z"
        self.small = small
        self.refused = refused  # called on a press while disabled: it says why
        self._pressed = False

    def handle(self, action: Action) -> bool:
        """Click on release over the button."""
        super().handle(action)
        if not self.visible:
            return False
        if isinstance(action, PointerDown) and action.button == 1:
            if self.rect.collidepoint(action.pos):
                self._pressed = self.enabled
                if not self.enabled and self.refused is not None:
                    self.refused()
                return True
        elif isinstance(action, PointerUp) and action.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(action.pos) and self.enabled:
                self.on_click()
                return True
            return was
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """A filled rounded rect with a centred label."""
        if not self.visible or self.rect.w <= 0:
            return
        if self.primary:
            fill = pal.primary_hover if self.hover and self.enabled else pal.primary
            color = pal.text_dark
        else:
            fill = pal.button_hover if self.hover and self.enabled else pal.button
            color = pal.text
        if not self.enabled:
            fill = mix(fill, pal.panel, 0.6)
            color = mix(color, fill, 0.55)
        rect = self.rect.move(0, 1) if self._pressed else self.rect
        radius = m.radius
        pygame.draw.rect(surface, mix(fill, (0, 0, 0), 0.35), rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        px = m.small if self.small else m.normal
        shown = _(self.label)  # labels are messages marked with N_(): translated when drawn
        label = draw.text(shown, px, color, True)
        center = rect.center
        if self.hint:
            hint = draw.text(_(self.hint), max(11, m.small - 3), mix(color, fill, 0.4))
            spare = rect.w - label.get_width() - 2 * hint.get_width() - 3 * m.pad
            if spare >= 0:
                surface.blit(hint, hint.get_rect(midright=(rect.right - m.pad // 2, rect.centery)))
        px = draw.fit_text(shown, px, rect.w - m.pad, True)
        draw.blit_text(surface, shown, px, color, center, "center", bold=True)
