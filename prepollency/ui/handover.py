"""The hand-over screen of a Prepollency hot-seat game: the shared band
(`common.ui.scenes.handover_scene.HandOver`) in the seat's colour, with its marker shape, and
a line on what happened since ("3 turns since you last played: a recap follows"). A click or a key
dismisses it and calls `on_ready` (the game screen then starts its recap).

    app.push(SeatHandOver(app, "Green", colours.rgb("green", pal.name), "triangle",
                      "3 turns since you last played: a recap follows", on_ready))
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.ui.scenes import handover_scene as handover
from prepollency.ui.colours import Color, colour, draw_marker, readable, text_on

MAX_NAME = handover.MAX_NAME
PASS_ON = handover.PASS_ON


class SeatHandOver(handover.HandOver):
    """"Green's turn — click when ready" in the seat's colour and marker."""

    def __init__(self, app, name: str, colour_: Color | str, marker: str, subline: str,
                 on_ready: Callable[[], None]) -> None:
        super().__init__(app, name, subline, on_ready)
        self.colour_ = colour_  # an (r, g, b) fill, or a colour key of prepollency.ui.colours
        self.marker = marker

    def fill(self) -> Color:
        """The seat's colour in the app's palette."""
        if isinstance(self.colour_, str):
            return colour(self.colour_).rgb(self.app.pal.name)
        rgb = self.colour_
        return (int(rgb[0]), int(rgb[1]), int(rgb[2]))

    def title_color(self) -> Color:
        """The seat's colour, made readable on the band."""
        return readable(self.fill(), self.app.pal.panel)

    def draw_emblem(self, surface: pygame.Surface, center: tuple[float, float],
                    radius: float) -> None:
        """The seat's marker shape in its colour."""
        fill = self.fill()
        draw_marker(surface, self.marker, center, radius, fill, text_on(fill),
                    max(2, self.app.m.pad // 4))
