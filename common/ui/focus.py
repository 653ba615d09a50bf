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
from common.ui.widgets import Button, Callback, Choice, NumberField, TextField, Widget

Fields = (TextField, NumberField)


class Focus:
    """The focused widget of a scene (see the module docstring). `widgets` gives the
    focusable widgets in Tab order (called each time: the list may change; a bound method is
    held weakly, as a widget's callback: `common.ui.widgets.Callback`); `start` is the
    index focused before any key (Enter presses it: a dialog's default button), or None;
    `arrows` False leaves Up and Down to the scene (a page that scrolls), and Left / Right but
    on a focused Choice."""

    def __init__(self, widgets: Callable[[], Sequence[Widget]], start: int | None = None,
                 arrows: bool = True) -> None:
        self._widgets = Callback(widgets)
        self.arrows = arrows
        self.index = start
        self.shown = False  # the ring is drawn: a key moved the focus

    def widgets(self) -> Sequence[Widget]:
        """The focusable widgets now, in Tab order (none once their owner is gone)."""
        return self._widgets() or ()

    def unhook(self) -> None:
        """Forget the widgets (its scene closed: see `common.ui.scene.Scene.release`)."""
        self._widgets = Callback(tuple)

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
        focused = items[index]
        if isinstance(focused, TextField):  # the caret at the end, to add to the text
            focused.caret = len(focused.value)

    def handle(self, action: Action) -> bool:
        """Tab, the arrows, Enter and Space; True if used. A click elsewhere hides the
        ring (the mouse took over). Looked up in `FOCUS_KEYS` by key (a key with Ctrl held is
        never the focus's)."""
        if isinstance(action, PointerDown):
            self.shown = False
            return False
        if action is Command.CONFIRM:
            return self._press(self.current())
        if not isinstance(action, Key) or action.ctrl:
            return False
        handler = FOCUS_KEYS.get(action.key)
        return handler is not None and handler(self, action)

    def _press(self, widget: Widget | None) -> bool:
        """Press a focused, enabled button (Enter, Space)."""
        if isinstance(widget, Button) and widget.enabled:
            widget.on_click()
            return True
        return False

    def _tab(self, action: Key) -> bool:
        self.move(-1 if action.shift else 1)
        return True

    def _up_down(self, action: Key) -> bool:
        if not self.arrows:
            return False  # the scene's (a page that scrolls)
        self.move(1 if action.key == pygame.K_DOWN else -1)
        return True

    def _left_right(self, action: Key) -> bool:
        widget = self.current()
        step = 1 if action.key == pygame.K_RIGHT else -1
        if isinstance(widget, Fields):
            return False  # the caret
        if isinstance(widget, Choice) and (self.arrows or self.shown):
            self.shown = True
            return _choose(widget, step, wrap=False)
        if not self.arrows:
            return False
        self.move(step)
        return True

    def _space(self, _action: Key) -> bool:
        widget = self.current()
        if not self.shown or isinstance(widget, Fields):
            return False
        if isinstance(widget, Choice):
            return _choose(widget, 1, wrap=True)
        return self._press(widget)

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


# The keys a Focus takes (without Ctrl): key -> what it does; True if used.
FOCUS_KEYS: dict[int, Callable[[Focus, Key], bool]] = {
    pygame.K_TAB: Focus._tab,
    pygame.K_DOWN: Focus._up_down,
    pygame.K_UP: Focus._up_down,
    pygame.K_LEFT: Focus._left_right,
    pygame.K_RIGHT: Focus._left_right,
    pygame.K_SPACE: Focus._space,
}
