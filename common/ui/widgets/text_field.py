"""`TextField`: a one-line text field (a command line, a name), its editing keys looked up
in a table (`EDIT_KEYS`, `CTRL_KEYS`: adding a key is one row)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui import draw
from common.ui.input import Action, Command, Key, PointerDown, Text
from common.ui.theme import Metrics, Palette, mix
from common.ui.widgets.base import CallbackSlot, Widget


class TextField(Widget):
    """A one-line text field (a command line, a name): a click that focuses it selects the
    whole text (a click in a focused field places the caret), Ctrl+A selects all, typing or
    pasting replaces the selection, Backspace / Delete remove it; Left / Right, Home / End;
    Ctrl+V pastes, Ctrl+U clears. `px` is the font size (the scene's layout sets it); `error`
    draws the edge in the refusal colour."""

    on_change = CallbackSlot()

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
        """An editing key, looked up in `CTRL_KEYS` (with Ctrl) then `EDIT_KEYS`; every other
        key is typing (its text comes as a Text action) and is used too."""
        edit = (CTRL_KEYS.get(action.key) if action.ctrl else None) or EDIT_KEYS.get(action.key)
        if edit is not None:
            edit(self)
        return True

    # the editing keys (the tables below)

    def _paste(self) -> None:
        try:
            pasted = pygame.scrap.get_text()
        except (pygame.error, AttributeError):
            pasted = ""
        self._insert(pasted.replace("\n", " ").strip() if pasted else "")

    def _clear(self) -> None:
        self.set("")

    def _erase_back(self) -> None:
        if self._drop_selection():
            self.on_change(self.value)
        elif self.caret > 0:
            value, caret = self.value, self.caret
            self.value, self.caret = value[: caret - 1] + value[caret:], caret - 1
            self.on_change(self.value)

    def _erase_forward(self) -> None:
        if self._drop_selection():
            self.on_change(self.value)
        elif self.caret < len(self.value):
            self.value = self.value[: self.caret] + self.value[self.caret + 1:]
            self.on_change(self.value)

    def _caret_to(self, caret: int) -> None:
        self.anchor = None
        self.caret = max(0, min(len(self.value), caret))

    def _left(self) -> None:
        self._caret_to(self.caret - 1)

    def _right(self) -> None:
        self._caret_to(self.caret + 1)

    def _home(self) -> None:
        self._caret_to(0)

    def _end(self) -> None:
        self._caret_to(len(self.value))

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


# The editing keys of a focused TextField: with Ctrl held (checked first), then with or without.
CTRL_KEYS: dict[int, Callable[[TextField], None]] = {
    pygame.K_a: TextField.select_all,
    pygame.K_v: TextField._paste,
    pygame.K_u: TextField._clear,
}
EDIT_KEYS: dict[int, Callable[[TextField], None]] = {
    pygame.K_BACKSPACE: TextField._erase_back,
    pygame.K_DELETE: TextField._erase_forward,
    pygame.K_LEFT: TextField._left,
    pygame.K_RIGHT: TextField._right,
    pygame.K_HOME: TextField._home,
    pygame.K_END: TextField._end,
}
