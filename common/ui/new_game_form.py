"""The new-game dialog's shape, the same in every game: a centred panel, the title "New game:
GAME", the game's form (seats, names, boards...) and Back and Start; Tab, Shift+Tab and the
arrows move and change (`common.ui.focus`), a click focuses one text field and blurs the
others, Enter starts (or presses the focused button), Esc goes back.

A game's dialog (`GAME/ui/new_game.py`) subclasses `NewGameForm`: it sets `widgets` (every
widget), `fields` (the text fields among them), `focus` and `panel`, lays them out, and writes
`start_game` (Enter, or its Start button) and, if its labels follow the choices, `changed`.
"""

from __future__ import annotations

from typing import Any

import pygame

from common.ui import draw
from common.ui.input import Action, Command, PointerDown
from common.ui.scene import Scene
from common.ui.widgets import handle_all


class NewGameForm(Scene):
    """The dialog's shared behaviour (see the module docstring)."""

    widgets: Any  # every widget, in drawing order
    fields: Any  # the text fields of the form
    focus: Any  # the keyboard focus (`common.ui.focus.Focus`)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._bg: pygame.Surface | None = None

    def start_game(self) -> None:
        """Start the game the form describes (or say why not)."""
        raise NotImplementedError

    def changed(self) -> None:
        """A choice changed by a key or a click: what shows it follows (nothing by default)."""

    def settings_changed(self) -> None:
        """Redraw the background."""
        self._bg = None

    def handle(self, action: Action) -> bool:
        """The form (by mouse, or Tab / Shift+Tab and the arrows: Left and Right change a
        choice); Enter starts (or presses the focused button), Esc goes back."""
        if self.focus.handle(action):
            self.changed()
            self.app.invalidate()
            return True
        if isinstance(action, PointerDown):  # a click focuses one field and blurs the others
            if any([field.handle(action) for field in self.fields]):
                return True
            if handle_all([w for w in self.widgets if w not in self.fields], action):
                return True
        elif handle_all(self.widgets, action):
            self.changed()
            return True
        if action is Command.CONFIRM:
            self.start_game()
            return True
        if action is Command.BACK:
            self.app.pop()
            return True
        return False

    def draw_panel(self, surface: pygame.Surface, title: str) -> None:
        """The backdrop and the panel (drawn once per size and palette), and the title."""
        pal, m = self.app.pal, self.app.m
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = draw.backdrop(surface.get_size(), pal)
            draw.panel(self._bg, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        surface.blit(self._bg, (0, 0))
        draw.blit_text(surface, title, m.large, pal.text,
                       (self.panel.x + 2 * m.pad, self.panel.y + 2 * m.pad), bold=True)
