"""Widgets: buttons, segmented choices, a number field, a text field; each handles actions and
draws itself.

A widget's `rect` is set by its scene's layout; `handle(action)` returns True when the widget
used the action; `draw(surface, palette, metrics)` changes nothing. Widgets change only on
input (which redraws the window), never with time: the app's loop rests while nothing changes,
so carets do not blink.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui import draw
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Text
from common.ui.theme import Metrics, Palette, mix


class Widget:
    """Base: a rect, hover tracking and an enabled flag."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.enabled = True
        self.visible = True

    def handle(self, action: Action) -> bool:
        """React to an action; True if it was used."""
        if isinstance(action, PointerMove):
            self.hover = self.visible and self.rect.collidepoint(action.pos)
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """Draw the widget."""


class Button(Widget):
    """A rounded button that calls on_click when clicked (press and release on it)."""

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
        label = draw.text(self.label, px, color, True)
        center = rect.center
        if self.hint:
            hint = draw.text(self.hint, max(11, m.small - 3), mix(color, fill, 0.4))
            spare = rect.w - label.get_width() - 2 * hint.get_width() - 3 * m.pad
            if spare >= 0:
                surface.blit(hint, hint.get_rect(midright=(rect.right - m.pad // 2, rect.centery)))
        px = draw.fit_text(self.label, px, rect.w - m.pad, True)
        draw.blit_text(surface, self.label, px, color, center, "center", bold=True)


class Choice(Widget):
    """A segmented control: one option of a few is selected; clicking another picks it."""

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
        px = min(draw.fit_text(label, m.small, room, True) for label in self.labels)
        for i, (option, label, seg) in enumerate(
            zip(self.options, self.labels, self._segments(), strict=True)
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


class NumberField(Widget):
    """A field for a whole number (the board seed): click it, type digits, Backspace erases."""

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


class TextField(Widget):
    """A one-line text field (a command line, a name): a click that focuses it selects the
    whole text (a click in a focused field places the caret), Ctrl+A selects all, typing or
    pasting replaces the selection, Backspace / Delete remove it; Left / Right, Home / End;
    Ctrl+V pastes, Ctrl+U clears. `px` is the font size (the scene's layout sets it); `error`
    draws the edge in the refusal colour."""

    def __init__(self, value: str, on_change: Callable[[str], None], placeholder: str = "",
                 max_len: int = 500) -> None:
        super().__init__()
        self.value = value
        self.caret = len(value)
        self.anchor: int | None = None  # the selection's other end (None: no selection)
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len
        self.focused = False
        self.error = False
        self.px = 16

    def set(self, value: str) -> None:
        """Replace the text (caret at its end)."""
        self.value = value[: self.max_len]
        self.caret = len(self.value)
        self.anchor = None
        self.on_change(self.value)

    def select_all(self) -> None:
        """Select the whole text (what typing then replaces)."""
        self.anchor, self.caret = (0, len(self.value)) if self.value else (None, 0)

    def selection(self) -> tuple[int, int] | None:
        """The selected span (start, end), or None."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def _drop_selection(self) -> bool:
        """Delete the selected text (True if there was some)."""
        span, self.anchor = self.selection(), None
        if span is None:
            return False
        self.value, self.caret = self.value[: span[0]] + self.value[span[1]:], span[0]
        return True

    def _insert(self, text: str) -> None:
        if self._drop_selection():
            self.on_change(self.value)
        text = "".join(ch for ch in text if ch.isprintable())
        text = text[: max(0, self.max_len - len(self.value))]
        if text:
            self.value = self.value[: self.caret] + text + self.value[self.caret:]
            self.caret += len(text)
            self.on_change(self.value)

    def _width(self, s: str) -> int:
        return draw.text_width(s, self.px)

    def _inner(self) -> pygame.Rect:
        pad = max(6, self.rect.h // 4)
        return self.rect.inflate(-2 * pad, 0)

    def _offset(self) -> int:
        """How far the text is shifted left: the caret stays in view when focused, else the
        end shows (the program and its script)."""
        total, room = self._width(self.value), self._inner().w
        if total <= room:
            return 0
        if not self.focused:
            return total - room
        return max(0, min(self._width(self.value[: self.caret]) - room + 2, total - room))

    def _caret_at(self, x: int) -> int:
        x += self._offset() - self._inner().x
        widths = [self._width(self.value[:i]) for i in range(len(self.value) + 1)]
        return min(range(len(widths)), key=lambda i: abs(widths[i] - x))

    def handle(self, action: Action) -> bool:
        """Focus on click; typing and the editing keys while focused."""
        super().handle(action)
        if isinstance(action, PointerDown) and action.button == 1:
            was, self.focused = self.focused, self.visible and self.rect.collidepoint(action.pos)
            if self.focused and was:
                self.caret, self.anchor = self._caret_at(action.pos[0]), None
            elif self.focused:
                self.select_all()
            return self.focused
        if not self.focused or not self.visible:
            return False
        if isinstance(action, Text):
            self._insert(action.text)
            return True
        if action is Command.MUTE:  # the M key: its letter comes as Text
            return True
        if isinstance(action, Key):
            return self._key(action)
        return False

    def _key(self, action: Key) -> bool:
        key, value, caret = action.key, self.value, self.caret
        if action.ctrl and key == pygame.K_a:
            self.select_all()
            return True
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self._drop_selection():
            self.on_change(self.value)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.anchor = None
        if action.ctrl and key == pygame.K_v:
            try:
                pasted = pygame.scrap.get_text()
            except (pygame.error, AttributeError):
                pasted = ""
            self._insert(pasted.replace("\n", " ").strip() if pasted else "")
        elif action.ctrl and key == pygame.K_u:
            self.set("")
        elif key == pygame.K_BACKSPACE and caret > 0:
            self.value, self.caret = value[: caret - 1] + value[caret:], caret - 1
            self.on_change(self.value)
        elif key == pygame.K_DELETE and caret < len(value):
            self.value = value[:caret] + value[caret + 1:]
            self.on_change(self.value)
        elif key == pygame.K_LEFT:
            self.caret = max(0, caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(value), caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(value)
        return True  # every other key is typing: the text comes as a Text action

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The text in a sunken box (scrolled to the caret), a caret when focused."""
        if not self.visible:
            return
        pygame.draw.rect(surface, pal.backdrop, self.rect, border_radius=m.radius)
        edge = pal.refusal if self.error else pal.select if self.focused else pal.panel_edge
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=m.radius)
        inner = self._inner()
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        x = inner.x - self._offset()
        span = self.selection() if self.focused else None
        if span is not None:
            left, right = (x + self._width(self.value[:i]) for i in span)
            band = pygame.Rect(left, inner.centery - int(self.px * 0.7), right - left,
                               int(self.px * 1.4))
            pygame.draw.rect(surface, mix(pal.backdrop, pal.select, 0.45), band)
        if self.value:
            draw.blit_text(surface, self.value, self.px, pal.text, (x, inner.centery), "midleft")
        elif not self.focused:
            draw.blit_text(surface, self.placeholder, self.px, pal.text_dim,
                           (inner.x, inner.centery), "midleft")
        if self.focused:  # a steady caret: the loop rests while nothing changes
            cx = x + self._width(self.value[: self.caret])
            half = int(self.px * 0.6)
            pygame.draw.line(surface, pal.text, (cx, inner.centery - half),
                             (cx, inner.centery + half), 2)
        surface.set_clip(clip)
        if x < inner.x:  # text hidden on the left: an ellipsis on the box says so
            mark = draw.text("…", self.px, pal.text_dim)
            spot = mark.get_rect(midleft=(self.rect.x + 3, inner.centery))
            pygame.draw.rect(surface, pal.backdrop, spot.inflate(2, 0))
            surface.blit(mark, spot)


def handle_all(widgets: list[Widget], action: Action) -> bool:
    """Offer an action to widgets in turn; True once one used it (hover reaches all)."""
    used = False
    for widget in widgets:
        if widget.visible and widget.handle(action):
            used = True
            if not isinstance(action, PointerMove):
                return True
    return used


def stack(
    rect: pygame.Rect, widgets: list[Widget], height: int, gap: int
) -> pygame.Rect:
    """Place widgets one under the other from the top of rect; returns the space used."""
    y = rect.y
    for widget in widgets:
        widget.rect = pygame.Rect(rect.x, y, rect.w, height)
        y += height + gap
    return pygame.Rect(rect.x, rect.y, rect.w, max(0, y - gap - rect.y))


def row(rect: pygame.Rect, widgets: list[Widget], gap: int) -> None:
    """Share rect's width among widgets side by side."""
    n = len(widgets)
    if n == 0:
        return
    w = (rect.w - gap * (n - 1)) / n
    for i, widget in enumerate(widgets):
        widget.rect = pygame.Rect(round(rect.x + i * (w + gap)), rect.y, round(w), rect.h)
