"""A dialog that asks for a name (a save's): a text field, focused, under the message; Enter
or the first button accepts, Esc cancels."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.i18n import N_, _
from common.ui.input import Action
from common.ui.scenes.dialog_scene import Dialog
from common.ui.widgets import TextField


class NameDialog(Dialog):
    """Title, message, a name field, then [accept, Cancel]; `on_name(text)` gets the text
    typed (stripped) when accepted."""

    def __init__(self, app, title: str, lines: list[str], value: str,
                 on_name: Callable[[str], None], accept: str = N_("Save"),
                 placeholder: str = "", max_len: int = 60) -> None:
        super().__init__(app, title, lines,
                         [(accept, lambda: on_name(self.field.value.strip())),
                          (_("Cancel"), lambda: None)], cancel=lambda: None)
        self.field = TextField(value[:max_len], lambda _text: None, placeholder, max_len)
        self.field.focused = True
        self.field.select_all()  # typing replaces the suggested name

    def extra_height(self) -> int:
        """Room for the field."""
        m = self.app.m
        return m.button_h + 2 * m.pad

    def layout(self, size: tuple[int, int]) -> None:
        """The dialog, then the field across the panel above the buttons."""
        super().layout(size)
        m = self.app.m
        bottom = min(b.rect.top for b in self.buttons) - m.pad
        self.field.rect = pygame.Rect(self.panel.x + 2 * m.pad, bottom - m.button_h - m.pad,
                                      self.panel.w - 4 * m.pad, m.button_h)
        self.field.px = m.normal

    def handle(self, action: Action) -> bool:
        """Typing goes to the field; Enter, Esc and the buttons as in any dialog."""
        if self.field.handle(action):
            self.field.focused = True  # a click elsewhere in the panel keeps typing there
            return True
        self.field.focused = True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        """The dialog and the field."""
        super().draw(surface)
        self.field.draw(surface, self.app.pal, self.app.m)
