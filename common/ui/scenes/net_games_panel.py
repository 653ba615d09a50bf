"""The main menu's network panel, left of the menu: "Play with friends elsewhere" with Host
game and Join game, then "Your network games": one button per unfinished network game
(`common.ui.net_games`, found off the UI thread once the first frame is drawn), "Overlords:
your turn"; a click continues it (back to the table)."""

from __future__ import annotations

import weakref
from typing import Any

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.net_games import NetGameRow, NetGames
from common.ui.widgets import Button, Widget, handle_all


class NetGamesPanel:
    """The panel (see the module docstring); the menu calls `update`, `layout`, `handle`
    and `draw`."""

    def __init__(self, app: Any, host: Any, join: Any, problem: Any) -> None:
        self.app = app  # (never the menu: the panel keeps no cycle back to it)
        # what a save that cannot be continued is told to (the menu's: held weakly)
        self._problem = weakref.WeakMethod(problem)
        self.finding: NetGames | None = None
        self.buttons: list[Widget] = []  # the games found
        self.actions = [Button(N_("Host game"), host, small=True),
                        Button(N_("Join game"), join, small=True)]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.games_y = 0

    def update(self, menu_panel: pygame.Rect) -> None:
        """Start looking after the first frame; buttons once found."""
        app = self.app
        if self.finding is None and app.frames > 0 and app.saves_folder is not None:
            self.finding = NetGames(app.saves_folder, app.games)
        if self.finding is not None and self.finding.done.is_set() and not self.buttons \
                and self.finding.rows:
            self.buttons = [Button(f"{row.game}: {row.turn}", self._opener(row), small=True,
                                   primary=row.yours)
                            for row in self.finding.rows]
            self.layout(app.size, menu_panel)
            app.invalidate()

    def _opener(self, row: NetGameRow):
        def open_game() -> None:
            from common.saves.index import summarise
            from common.ui import resume, saves

            entry = saves.Entry(summarise(row.path, row.mtime, row.size, self.app.games))
            resume.open_entry(self.app, entry, on_problem=self._problem())
        return open_game

    def layout(self, size: tuple[int, int], menu_panel: pygame.Rect) -> None:
        """Left of the menu's panel, its top at the panel's."""
        m = self.app.m
        w = min(menu_panel.x - 3 * m.pad, int(340 * m.scale))
        title_h = m.normal + m.pad
        self.rect = pygame.Rect(menu_panel.x - m.pad - w, menu_panel.y, w, 0)
        y = self.rect.y + m.pad + title_h
        for button in self.actions:
            button.rect = pygame.Rect(self.rect.x + m.pad, y, w - 2 * m.pad, m.button_h)
            y += m.button_h + m.pad // 2
        if self.buttons:
            self.games_y = y + m.pad // 2
            y = self.games_y + title_h
            for game in self.buttons:
                game.rect = pygame.Rect(self.rect.x + m.pad, y, w - 2 * m.pad, m.button_h)
                y += m.button_h + m.pad // 2
        self.rect.h = y - self.rect.y + m.pad

    def handle(self, action: Any) -> bool:
        """The buttons."""
        return handle_all(self.actions + self.buttons, action)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel and its buttons."""
        pal, m = self.app.pal, self.app.m
        draw.panel(surface, self.rect, pal.panel, pal.panel_edge, m.radius * 2, 6)
        x, width = self.rect.x + m.pad, self.rect.w - 2 * m.pad
        title = _("Play with friends elsewhere")
        draw.blit_text(surface, title, draw.fit_text(title, m.normal, width, bold=True),
                       pal.text, (x, self.rect.y + m.pad), bold=True)
        if self.buttons:
            draw.blit_text(surface, _("Your network games"), m.normal, pal.text,
                           (x, self.games_y), bold=True)
        for button in self.actions + self.buttons:
            button.draw(surface, pal, m)
