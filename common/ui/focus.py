"""Keyboard focus for menus and dialogs: one `Focus` per scene, over its widgets in order.

Tab / Shift+Tab and Down / Up move the focus to the next / previous widget that is shown and
enabled (wrapping around); Left / Right do too between buttons, change the value of a
focused `Choice`, and are left to a focused text field (its caret). Enter or Space presses
the focused button (Space picks the next option of a `Choice`). A ring shows the focus once
a key moved it: a person using the mouse sees none (as `:focus-visible` on the web). A
focused text field also gets the typing (`focused`), as a click on it would.

A scene offers its actions to `focus.handle` before its own keys and draws `focus.draw`
last. The game screen's board has its own cursor (`common.ui.board_cursor`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.ui.input import Action, Command, Key, PointerDown
from common.ui.theme import Metrics, Palette
from common.ui.widgets import Button, Choice, NumberField, TextField, Widget

Fields = (TextField, NumberField)


class Focus:
    """The focused widget of a scene (see the module docstring). `widgets` gives the
    focusable widgets in Tab order (called each time: the list may change); `start` is the
    index focused before any key (Enter presses it: a dialog's default button), or None;
    `arrows` False leaves Up and Down to the scene (a page that scrolls), and Left / Right but
    on a focused Choice."""

    def __init__(self, widgets: Callable[[], Sequence[Widget]], start: int | None = None,
                 arrows: bool = True) -> None:
        self.widgets = widgets
        self.arrows = arrows
        self.index = start
        self.shown = False  # the ring is drawn: a key moved the focus

    def current(self) -> Widget | None:
        """The focused widget, if it can take focus now."""
        items = list(self.widgets())
        if self.index is None or not 0 <= self.index < len(items):
            return None
        widget = items[self.index]
        return widget if _takes_focus(widget) else None

    def reset(self) -> None:
        """No widget has the focus, and no ring shows (Enter is the scene's again)."""
        self.index, self.shown = None, False

    def focus(self, widget: Widget) -> None:
        """Put the focus (and the ring) on this widget."""
        items = list(self.widgets())
        if widget in items:
            self._set(items, items.index(widget))

    def move(self, step: int) -> None:
        """Focus the next (`step` 1) or previous (-1) widget that can take focus."""
        items = list(self.widgets())
        if not any(_takes_focus(w) for w in items):
            return
        i = self.index
        if i is None or not 0 <= i < len(items):
            i = -1 if step > 0 else len(items)
        for _ in range(len(items)):
            i = (i + step) % len(items)
            if _takes_focus(items[i]):
                break
        self._set(items, i)

    def _set(self, items: list[Widget], index: int) -> None:
        self.index, self.shown = index, True
        for i, widget in enumerate(items):  # typing goes to a focused field only
            if isinstance(widget, Fields):
                widget.focused = i == index
        if isinstance(items[index], TextField):  # the caret at the end, to add to the text
            items[index].caret = len(items[index].value)

    def handle(self, action: Action) -> bool:
        """Tab, the arrows, Enter and Space; True if used. A click elsewhere hides the
        ring (the mouse took over)."""
        if isinstance(action, PointerDown):
            self.shown = False
            return False
        widget = self.current()
        if action is Command.CONFIRM:
            if isinstance(widget, Button) and widget.enabled:
                widget.on_click()
                return True
            return False
        if not isinstance(action, Key) or action.ctrl:
            return False
        key = action.key
        if key == pygame.K_TAB:
            self.move(-1 if action.shift else 1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP) and self.arrows:
            self.move(1 if key == pygame.K_DOWN else -1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if isinstance(widget, Fields):
                return False  # the caret
            if isinstance(widget, Choice) and (self.arrows or self.shown):
                self.shown = True
                return _choose(widget, 1 if key == pygame.K_RIGHT else -1, wrap=False)
            if not self.arrows:
                return False
            self.move(1 if key == pygame.K_RIGHT else -1)
            return True
        if key == pygame.K_SPACE and self.shown and not isinstance(widget, Fields):
            if isinstance(widget, Button) and widget.enabled:
                widget.on_click()
                return True
            if isinstance(widget, Choice):
                return _choose(widget, 1, wrap=True)
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The focus ring, once a key moved the focus."""
        widget = self.current()
        if not self.shown or widget is None:
            return
        ring = widget.rect.inflate(8, 8)
        pygame.draw.rect(surface, pal.backdrop, ring.inflate(2, 2), 5, border_radius=m.radius + 4)
        pygame.draw.rect(surface, pal.select, ring, 3, border_radius=m.radius + 3)


def _takes_focus(widget: Widget) -> bool:
    return widget.visible and widget.enabled and widget.rect.w > 0


def _choose(choice: Choice, step: int, wrap: bool) -> bool:
    """Move a Choice's value by `step` options (as a click on that segment would)."""
    i = choice.options.index(choice.value) + step
    if wrap:
        i %= len(choice.options)
    elif not 0 <= i < len(choice.options):
        return True  # at an end: the key is still the Choice's
    option = choice.options[i]
    if option != choice.value:
        choice.value = option
        choice.on_change(option)
    return True
