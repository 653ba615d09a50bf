"""The hand-over screen of a hot-seat game, for every game: when the turn passes from one
person to another at one table, the board dims and a band says whose turn it is, with the
player's emblem and a line on what happened since. A click or a key dismisses it and calls
`on_ready` (the game screen then goes on: a recap, the turn).

Neither game hides anything, so the board stays visible under the dimming: the band only makes
sure the right person takes the mouse. A game gives the band its colour and emblem by
subclassing (`fill`, `title_color`, `draw_emblem`): Prepollency's seat colour and marker
shape (`prepollency.ui.handover.SeatHandOver`), or an `emblem` function (Overlords' side token,
`overlords.ui.controller`). When a band is due is `common.ui.hot_seat`.

    app.push(HandOver(app, "Black", "White played 3D d1-d5", on_ready))
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.i18n import _
from common.ui import draw, shadows
from common.ui.input import Action, Command, Key, PointerDown, PointerUp
from common.ui.scene import Scene
from common.ui.theme import mix

MAX_NAME = 40  # characters shown of a name; the dialogs bound them much shorter
PASS_ON = (Command.FULLSCREEN, Command.MUTE, Command.QUIT, Command.RULES)  # the app's keys
Color = tuple[int, int, int]


class HandOver(Scene):
    """"Black's turn — click when ready" over the dimmed board; static (no frames wanted)."""

    opaque = False

    def __init__(self, app, name: str, subline: str, on_ready: Callable[[], None],
                 emblem: Callable[[pygame.Surface, tuple[float, float], float], None]
                 | None = None) -> None:
        super().__init__(app)
        self.name = " ".join(str(name).split())[:MAX_NAME] or _("Next player")
        self.subline = " ".join(str(subline).split())[:200]
        self.on_ready = on_ready
        self.emblem = emblem  # draws the player's emblem: (surface, centre, radius)
        self.done = False
        self._pressed = False  # a press seen here: its release dismisses
        self.band = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    @property
    def title(self) -> str:
        """The big line: "Green's turn"."""
        return _("{name}'s turn").format(name=self.name)

    def fill(self) -> Color:
        """The band's edge colour (the player's colour where a game has one)."""
        primary = self.app.pal.primary
        return (primary[0], primary[1], primary[2])

    def title_color(self) -> Color:
        """The title's colour, readable on the band."""
        text = self.app.pal.text
        return (text[0], text[1], text[2])

    def draw_emblem(self, surface: pygame.Surface, center: tuple[float, float],
                    radius: float) -> None:
        """The player's emblem left of the title."""
        if self.emblem is not None:
            self.emblem(surface, center, radius)

    def ready(self) -> None:
        """Leave (once) and let the game go on."""
        if self.done:
            return
        self.done = True
        if self in self.app.stack:
            if self.app.top is self:
                self.app.pop()
            else:
                self.app.stack.remove(self)
                self.app.invalidate()
        self.on_ready()

    def layout(self, size: tuple[int, int]) -> None:
        """A full-width band across the middle of the window."""
        m = self.app.m
        h = min(size[1] - 2 * m.pad, int(m.title * 1.3 + m.large * 1.5 + m.normal * 1.6
                                         + 5 * m.pad))
        self.band = pygame.Rect(0, 0, size[0], h)
        self.band.center = (size[0] // 2, size[1] // 2)
        self._dim = None

    def settings_changed(self) -> None:
        """The palette changed: dim again in its backdrop."""
        self._dim = None

    def handle(self, action: Action) -> bool:
        """A click (press and release) or any key: ready. Everything else stops here."""
        if action in PASS_ON:
            return False
        if isinstance(action, PointerDown):
            self._pressed = True
        elif isinstance(action, (Key, Command)) or (isinstance(action, PointerUp)
                                                     and self._pressed):
            self.ready()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed board, the band in the player's colour, emblem, name, hints."""
        pal, m = self.app.pal, self.app.m
        size = surface.get_size()
        if self._dim is None or self._dim.get_size() != size:
            self._dim = pygame.Surface(size, pygame.SRCALPHA)
            self._dim.fill((*pal.backdrop, 185))
        surface.blit(self._dim, (0, 0))
        fill = self.fill()
        band = self.band
        shadows.shadow_under(surface, band, 0, 10)
        pygame.draw.rect(surface, pal.panel, band)
        edge = max(4, m.pad // 2)
        pygame.draw.rect(surface, fill, (band.x, band.y, band.w, edge))
        pygame.draw.rect(surface, fill, (band.x, band.bottom - edge, band.w, edge))
        room = band.w - 4 * m.pad
        px = draw.fit_text(self.title, m.title, int(room * 0.8), True)
        r = px * 0.42
        title_w = draw.text(self.title, px, fill, True).get_width()
        gap = int(r * 0.8)
        left = band.centerx - (title_w + 2 * r + gap) // 2
        y = band.y + 2 * m.pad + px * 0.65
        self.draw_emblem(surface, (left + r, y), r)
        draw.blit_text(surface, self.title, px, self.title_color(),
                       (int(left + 2 * r + gap), int(y)), "midleft", bold=True)
        y += px * 0.65 + m.pad
        hint = _("Click or press a key when ready")
        hpx = draw.fit_text(hint, m.large, room, True)
        draw.blit_text(surface, hint, hpx, pal.text, (band.centerx, int(y)), "midtop", bold=True)
        y += hpx * 1.45
        if self.subline:
            spx = draw.fit_text(self.subline, m.normal, room)
            draw.blit_text(surface, self.subline, spx, mix(pal.text_dim, pal.text, 0.3),
                           (band.centerx, int(y)), "midtop")
