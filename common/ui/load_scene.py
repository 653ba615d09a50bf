"""The Load game scene: the saved games, newest first; a click resumes one (or reviews a
finished one); a save that cannot be opened says why and never crashes the app."""

from __future__ import annotations

import pygame

from common import record as rec
from common.ui import assets, draw, saves
from common.ui.input import Action, Command, PointerDown, Wheel
from common.ui.overlay import Dialog
from common.ui.scene import Scene
from common.ui.widgets import Button, Widget, handle_all


class LoadScene(Scene):
    """A scrollable list of saves; each row is a button."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries = saves.entries(app.games)
        self.rows: list[tuple[saves.Entry, pygame.Rect]] = []
        self.back = Button("Back", self.app.pop, hint="Esc")
        self.widgets: list[Widget] = [self.back]
        self.scroll = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._bg: pygame.Surface | None = None

    def layout(self, size: tuple[int, int]) -> None:
        """A centred column of rows under the title."""
        m = self.app.m
        w = min(size[0] - 8 * m.pad, int(760 * m.scale))
        top = 3 * m.pad + m.large * 2
        self.list_rect = pygame.Rect(0, top, w, size[1] - top - 3 * m.pad)
        self.list_rect.centerx = size[0] // 2
        self.back.rect = pygame.Rect(2 * m.pad, 2 * m.pad, max(120, m.button_h * 3), m.button_h)
        line = assets.font(m.normal, True).get_linesize() + assets.font(m.small).get_linesize()
        self.row_h = max(int(m.normal * 3.2), line + 2 * m.pad + 6)
        self._place()
        self._bg = None

    def _place(self) -> None:
        self.rows = []
        y = self.list_rect.y - self.scroll * self.row_h
        for entry in self.entries:
            rect = pygame.Rect(self.list_rect.x, y, self.list_rect.w, self.row_h - 6)
            if self.list_rect.contains(rect):
                self.rows.append((entry, rect))
            y += self.row_h

    def _open(self, entry: saves.Entry) -> None:
        if entry.problem is not None:
            self._refuse(entry)
            return
        try:
            replay = saves.open_save(entry.path, self.app.games)
        except rec.RecordError as err:
            self._refuse(saves.Entry(entry.path, entry.title, entry.when, str(err)))
            return
        self.app.replace(self.app.screens(replay.game.NAME).resume_scene(self.app, replay))

    def _refuse(self, entry: saves.Entry) -> None:
        self.app.sound.play("illegal", 0.5)
        self.app.push(Dialog(self.app, "This save cannot be opened",
                             [entry.path.name, str(entry.problem)], [("OK", lambda: None)],
                             cancel=lambda: None))

    def handle(self, action: Action) -> bool:
        """Rows, scrolling, Back."""
        if handle_all(self.widgets, action):
            return True
        if isinstance(action, PointerDown) and action.button == 1:
            for entry, rect in self.rows:
                if rect.collidepoint(action.pos):
                    self._open(entry)
                    return True
        elif isinstance(action, Wheel):
            visible = max(1, self.list_rect.h // self.row_h)
            self.scroll = max(0, min(self.scroll - action.dy, len(self.entries) - visible))
            self._place()
            return True
        elif action is Command.BACK:
            self.app.pop()
            return True
        return False

    def settings_changed(self) -> None:
        """Redraw in the new palette."""
        self._bg = None

    def draw(self, surface: pygame.Surface) -> None:
        """Title, rows (title, date, problem), Back."""
        pal, m = self.app.pal, self.app.m
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = draw.backdrop(surface.get_size(), pal)
        surface.blit(self._bg, (0, 0))
        draw.blit_text(surface, "Load game", m.large, pal.text,
                       (surface.get_width() // 2, 2 * m.pad + m.button_h // 2), "center", True)
        if not self.entries:
            draw.blit_text(surface, f"No saved games yet. Save one from a game's menu (Esc); "
                           f"saves go to {saves.folder()}", m.small, pal.text_dim,
                           self.list_rect.midtop, "midtop")
        for entry, rect in self.rows:
            fill = pal.button if entry.problem is None else pal.backdrop
            pygame.draw.rect(surface, fill, rect, border_radius=m.radius)
            color = pal.text if entry.problem is None else pal.text_dim
            px = draw.fit_text(entry.title, m.normal, rect.w - 2 * m.pad, bold=True)
            draw.blit_text(surface, entry.title, px, color, (rect.x + m.pad, rect.y + m.pad // 2),
                           bold=True)
            sub = entry.when if entry.problem is None else f"{entry.when} · cannot be opened"
            draw.blit_text(surface, sub, m.small,
                           pal.text_dim if entry.problem is None else pal.refusal,
                           (rect.x + m.pad, rect.bottom - m.pad // 2), "bottomleft")
        self.back.draw(surface, pal, m)
