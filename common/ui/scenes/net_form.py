"""What the Host game and Join game screens share: a centred panel, the keyboard focus and the
buttons by mouse or keys, Enter for the screen's action (`confirm`), Esc back to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.widgets import Widget, handle_all

PANEL_W = 900  # the panel's widest, at scale 1


class NetForm(Scene):
    """A network screen's form: it writes `_focusable`, `confirm` and its layout."""

    focus: Focus  # made by the screen
    panel: pygame.Rect  # placed by the screen's layout

    def _focusable(self) -> list[Widget]:
        """The widgets the keys and the mouse reach, in order."""
        raise NotImplementedError

    def confirm(self) -> None:
        """Enter: the screen's action (host, start, join)."""
        raise NotImplementedError

    def handle(self, action: Action) -> bool:
        """The focus, then the widgets; Enter confirms, Esc goes back."""
        if self.focus.handle(action):
            self.app.invalidate()
            return True
        if handle_all(self._focusable(), action):
            return True
        if action is Command.CONFIRM:
            self.confirm()
            return True
        if action is Command.BACK:
            self.app.pop()
            return True
        return False

    def by_hand(self, game: str) -> bool:
        """True when the game offers its setup screen at a network table (a person places
        the figures by hand, as at one table)."""
        return hasattr(self.app.screens(game), "net_setup_scene")

    def ask_setup(self, table: Any) -> None:
        """This window's person's setup is due: the game's setup screen, once."""
        player = table.hand_setup()
        if player is None or self.app.top is not self:
            return
        match = table.game.match
        seed = match.info.get("seed", 0)

        def done(setup: dict) -> None:
            table.set_up_by_hand(player, setup)

        self.app.push(self.app.screens(match.game.NAME).net_setup_scene(
            self.app, match.initial, player, int(seed) if isinstance(seed, int) else 0, done))

    def draw_panel(self, surface: pygame.Surface, title: str) -> tuple[int, int]:
        """The backdrop, the panel (`self.panel`) and its title; returns the x and the width
        the panel's contents take."""
        pal, m = self.app.pal, self.app.m
        panel = self.panel
        draw.blit_backdrop(surface, pal)
        draw.panel(surface, panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        x, width = panel.x + 2 * m.pad, panel.w - 4 * m.pad
        draw.blit_text(surface, title, draw.fit_text(title, m.large, width, True), pal.text,
                       (x, panel.y + 2 * m.pad), bold=True)
        return x, width

    def centred_panel(self, size: tuple[int, int], height: int) -> pygame.Rect:
        """The panel in the window's middle: up to PANEL_W by `height` (at scale 1), inside a
        margin of two pads."""
        m = self.app.m
        w = min(size[0] - 4 * m.pad, int(PANEL_W * m.scale))
        h = min(size[1] - 4 * m.pad, int(height * m.scale))
        panel = pygame.Rect(0, 0, w, h)
        panel.center = (size[0] // 2, size[1] // 2)
        return panel
