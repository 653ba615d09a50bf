"""The hand-over screen of a hot-seat game: when the turn passes from one person to another, the
board dims and a band says whose turn it is, in that seat's colour and marker shape, with a line
on what happened since ("3 turns since you last played: a recap follows"). A click or a key
dismisses it and calls `on_ready` (the game screen then starts its recap).

Prepollency hides nothing, so the board stays visible under the dimming: the band only makes
sure the right person takes the mouse.

    app.push(HandOver(app, "Green", colours.rgb("green", pal.name), "triangle",
                      "3 turns since you last played: a recap follows", on_ready))
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui import draw
from common.ui.input import Action, Command, Key, PointerDown, PointerUp
from common.ui.scene import Scene
from common.ui.theme import mix
from prepollency.ui.colours import Color, colour, draw_marker, readable, text_on

MAX_NAME = 40  # characters shown of a name; the dialog bounds them much shorter
PASS_ON = (Command.FULLSCREEN, Command.MUTE, Command.QUIT, Command.RULES)  # the app's keys


class HandOver(Scene):
    """"Green's turn — click when ready" over the dimmed board; static (no frames wanted)."""

    opaque = False

    def __init__(self, app, name: str, colour_: Color | str, marker: str, subline: str,
                 on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = " ".join(str(name).split())[:MAX_NAME] or "Next player"
        self.colour_ = colour_  # an (r, g, b) fill, or a colour key of prepollency.ui.colours
        self.marker = marker
        self.subline = " ".join(str(subline).split())[:200]
        self.on_ready = on_ready
        self.done = False
        self._pressed = False  # a press seen here: its release dismisses
        self.band = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    @property
    def title(self) -> str:
        """The big line: "Green's turn"."""
        return f"{self.name}'s turn"

    def fill(self) -> Color:
        """The seat's colour in the app's palette."""
        if isinstance(self.colour_, str):
            return colour(self.colour_).rgb(self.app.pal.name)
        return tuple(int(v) for v in self.colour_[:3])  # type: ignore[return-value]

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
        """Dimmed board, the band in the seat's colour, marker, name, hints."""
        pal, m = self.app.pal, self.app.m
        size = surface.get_size()
        if self._dim is None or self._dim.get_size() != size:
            self._dim = pygame.Surface(size, pygame.SRCALPHA)
            self._dim.fill((*pal.backdrop, 185))
        surface.blit(self._dim, (0, 0))
        fill = self.fill()
        band = self.band
        draw.shadow_under(surface, band, 0, 10)
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
        draw_marker(surface, self.marker, (left + r, y), r, fill, text_on(fill), max(2, m.pad // 4))
        draw.blit_text(surface, self.title, px, readable(fill, pal.panel),
                       (int(left + 2 * r + gap), int(y)), "midleft", bold=True)
        y += px * 0.65 + m.pad
        hint = "Click or press a key when ready"
        hpx = draw.fit_text(hint, m.large, room, True)
        draw.blit_text(surface, hint, hpx, pal.text, (band.centerx, int(y)), "midtop", bold=True)
        y += hpx * 1.45
        if self.subline:
            spx = draw.fit_text(self.subline, m.normal, room)
            draw.blit_text(surface, self.subline, spx, mix(pal.text_dim, pal.text, 0.3),
                           (band.centerx, int(y)), "midtop")
