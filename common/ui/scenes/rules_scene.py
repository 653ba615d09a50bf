"""The Rules scene: a game's rules in plain words, readable and scrollable.

The text comes from the game package's `rules_text` module (plain data: a title and sections
of paragraphs). It is laid out once per width into a tall surface
(`common.ui.scenes.rules_page`), then scrolled with the wheel, a drag, the scrollbar or the
keys (arrows, Page Up/Down, Home/End: `SCROLL_KEYS`).

`RulesScene(app, game, topic=KEY)` opens scrolled to one section: KEY is one of the stable
keys of the game's `rules_text.TOPICS` (e.g. "reckoning", "runes", "hold", "elimination"),
which name the section holding that topic. An unknown key opens at the top.

A paragraph "Picture: KEY" is a picture the game draws from its engine (a Rune's moves on a
small board, the Obelisk hold, ...: `common.ui.rules_pictures`), centred in the column.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from common.games import GAMES
from common.i18n import N_, _
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Wheel
from common.ui.scene import Scene
from common.ui.scenes import rules_page
from common.ui.widgets import Button, Choice, Widget, handle_all


def rules_module(game: str):
    """The rules text of a game (`TITLE`, `SECTIONS`), from the registry."""
    return GAMES[game].rules_text


class RulesScene(Scene):
    """Tabs for the games that have rules text, the scrolling page, and a Back button."""

    def __init__(self, app, game: str | None = None, topic: str | None = None) -> None:
        super().__init__(app)
        self.topic = topic  # scrolled to once the page is laid out (then the reader scrolls)
        self._headings: dict[str, int] = {}  # section heading -> its y on the page
        self.available = [(entry.name, entry.title) for entry in GAMES.values()]
        names = [n for n, _ in self.available]
        self.game = game if game in names else (names[0] if names else "")
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.tabs = Choice(names, self.game, self._pick, [t for _, t in self.available])
        self.tabs.visible = len(names) > 1
        self.widgets: list[Widget] = [self.back, self.tabs]
        self.focus = Focus(self._focusable, arrows=False)  # the arrows scroll the page
        self.scroll = 0.0
        self._page: pygame.Surface | None = None
        self._bg: pygame.Surface | None = None
        self._drag: tuple[int, float, bool] | None = None  # (y, scroll, on the bar)
        self.view = pygame.Rect(0, 0, 0, 0)

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.widgets

    def _pick(self, name: str) -> None:
        self.game = name
        self.topic = None
        self.scroll = 0.0
        self._page = None

    def layout(self, size: tuple[int, int]) -> None:
        """A readable column (at most ~75 characters wide), centred."""
        m = self.app.m
        col_w = min(int(m.normal * 38), size[0] - 8 * m.pad)
        top = m.large * 2 + 3 * m.pad
        self.view = pygame.Rect(0, top, col_w + 4 * m.pad, size[1] - top - 2 * m.pad)
        self.view.centerx = size[0] // 2
        self.back.rect = pygame.Rect(2 * m.pad, 2 * m.pad, max(120, int(m.button_h * 3)),
                                     m.button_h)
        self.tabs.rect = pygame.Rect(0, 2 * m.pad, min(420, size[0] // 3), m.button_h)
        self.tabs.rect.topright = (size[0] - 2 * m.pad, 2 * m.pad)
        self._page = None
        self._bg = None

    def settings_changed(self) -> None:
        """Re-render in the new palette."""
        self._page = None
        self._bg = None

    def _laid_out(self) -> pygame.Surface:
        """The laid-out page (made once per width), scrolled to the topic asked for."""
        if self._page is None:
            m = self.app.m
            page = rules_page.render(rules_module(self.game), GAMES[self.game].screens,
                                     self.view.w - 4 * m.pad, self.app.pal, m)
            self._page, self._headings = page.surface, page.headings
            heading = getattr(rules_module(self.game), "TOPICS", {}).get(self.topic or "")
            if heading in self._headings:
                self.scroll = 0.0
                self._scroll_by(self._headings[heading] - self.app.m.pad)
        return self._page

    def _max_scroll(self) -> float:
        if self._page is None:
            return 0.0
        return max(0.0, self._page.get_height() - (self.view.h - 2 * self.app.m.pad))

    def _scroll_by(self, dy: float) -> None:
        self.scroll = min(max(0.0, self.scroll + dy), self._max_scroll())

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        if self._page is None or self._max_scroll() <= 0:
            return None
        track = pygame.Rect(self.view.right - 10, self.view.y + 6, 6, self.view.h - 12)
        frac = (self.view.h - 2 * self.app.m.pad) / self._page.get_height()
        knob_h = max(30, int(track.h * frac))
        knob_y = track.y + int((track.h - knob_h) * self.scroll / self._max_scroll())
        return track, pygame.Rect(track.x, knob_y, track.w, knob_h)

    def handle(self, action: Action) -> bool:
        """Scroll, switch tabs (also Tab to them, then Left / Right), go back: the focus and
        the buttons first, then the handler of the action's kind (`HANDLERS`) or command
        (`COMMANDS`)."""
        self._laid_out()
        if self.focus.handle(action) or handle_all(self.widgets, action):
            return True
        if isinstance(action, Command):
            handler = COMMANDS.get(action)
        else:
            handler = HANDLERS.get(type(action))
        return handler is not None and handler(self, action)

    def _back(self, _action: Command) -> bool:
        self.app.pop()
        return True

    def _wheel(self, action: Wheel) -> bool:
        self._scroll_by(-action.dy * self.app.m.normal * 3)
        return True

    def _key(self, action: Key) -> bool:
        """A scrolling key: its step, in lines or pages, from `SCROLL_KEYS`."""
        step = SCROLL_KEYS.get(action.key)
        if step is None:
            return False
        lines, pages = step
        self._scroll_by(lines * self.app.m.normal + pages * self.view.h * 0.85)
        return True

    def _press(self, action: PointerDown) -> bool:
        """A press on the scrollbar drags its knob; on the page, drags the page."""
        if action.button != 1:
            return False
        bar = self._bar()
        if bar is not None and bar[0].inflate(16, 0).collidepoint(action.pos):
            self._drag = (action.pos[1], self.scroll, True)
        elif self.view.collidepoint(action.pos):
            self._drag = (action.pos[1], self.scroll, False)
        return True

    def _move(self, action: PointerMove) -> bool:
        if self._drag is None or not action.dragging or self._page is None:
            return False
        y0, start, on_bar = self._drag
        dy: float = action.pos[1] - y0
        if on_bar:  # the knob moves with the mouse: the page moves faster
            dy = -dy * self._page.get_height() / self.view.h
        self.scroll = min(max(0.0, start - dy), self._max_scroll())
        return True

    def _release(self, _action: PointerUp) -> bool:
        self._drag = None
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Background, the visible part of the page, the scrollbar, the buttons."""
        pal, m = self.app.pal, self.app.m
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = draw.backdrop(surface.get_size(), pal)
            draw.panel(self._bg, self.view, pal.panel, pal.panel_edge, m.radius * 2, 8)
        page = self._laid_out()
        surface.blit(self._bg, (0, 0))
        inner = self.view.inflate(-4 * m.pad, -2 * m.pad)
        surface.blit(page, inner.topleft,
                     pygame.Rect(0, int(self.scroll), inner.w, inner.h))
        bar = self._bar()
        if bar is not None:
            track, knob = bar
            pygame.draw.rect(surface, pal.backdrop, track, border_radius=3)
            pygame.draw.rect(surface, pal.text_dim, knob, border_radius=3)
        draw.blit_text(surface, _("Rules"), m.large, pal.text, (surface.get_width() // 2,
                       2 * m.pad + m.button_h // 2), "center", bold=True)
        for widget in self.widgets:
            widget.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)


# The keys that scroll the page: key -> (lines, pages) it moves (Home and End: all the way).
SCROLL_KEYS: dict[int, tuple[float, float]] = {
    pygame.K_UP: (-2, 0), pygame.K_DOWN: (2, 0),
    pygame.K_PAGEUP: (0, -1), pygame.K_PAGEDOWN: (0, 1), pygame.K_SPACE: (0, 1),
    pygame.K_HOME: (-1e9, 0), pygame.K_END: (1e9, 0),
}
# What the scene does with an action the focus and the buttons left: by command, by kind.
COMMANDS: dict[Command, Callable[[RulesScene, Any], bool]] = {
    Command.BACK: RulesScene._back,
    Command.RULES: RulesScene._back,  # F1 again closes the rules
}
HANDLERS: dict[type, Callable[[RulesScene, Any], bool]] = {
    Wheel: RulesScene._wheel,
    Key: RulesScene._key,
    PointerDown: RulesScene._press,
    PointerMove: RulesScene._move,
    PointerUp: RulesScene._release,
}
