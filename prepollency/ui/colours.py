"""The seat colours of Prepollency: a colour-blind-safe set to choose from, each with a name, a
text colour that reads on it, and one marker shape per seat so that no seat relies on hue alone.

Pure data and tiny helpers (no pygame at import; `draw_marker` imports it when called).

Every colour is built on the Okabe-Ito set, which stays distinct under the common kinds of
colour blindness. The standard palette uses slightly warmer tints of it; the app's colour-blind
palette (`Settings.palette_name == "colour-blind"`) uses the reference values exactly:

    rgb("green", app.settings.palette_name)     # the fill of a Green seat's pieces
    text_on(rgb("yellow"))                      # dark text on yellow, white on blue
    readable(rgb("blue"), pal.panel)            # blue lightened to read on a dark panel

Seat 1 (a1) is a circle, seat 2 (a15) a square, seat 3 (o15) a triangle, seat 4 (o1) a diamond.
Colours are named by key ("red", ...) in settings and in what the new-game dialog hands over.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from common import i18n
from common.i18n import N_, _

Color = tuple[int, int, int]

DARK_TEXT: Color = (20, 20, 20)
LIGHT_TEXT: Color = (255, 255, 255)
COLOUR_BLIND_PALETTE = "colour-blind"  # common.ui.theme.COLOUR_BLIND.name


@dataclass(frozen=True)
class SeatColour:
    """One colour a seat may wear: its key, its name (the default player name), its fill in
    the standard palette and in the colour-blind one."""

    key: str
    name: str
    standard: Color
    safe: Color  # the Okabe-Ito reference value

    def rgb(self, palette_name: str = "standard") -> Color:
        """The fill for a palette (by `Palette.name` / `Settings.palette_name`)."""
        return self.safe if palette_name == COLOUR_BLIND_PALETTE else self.standard

    def text(self, palette_name: str = "standard") -> Color:
        """Dark or white: whichever reads best on this colour."""
        return text_on(self.rgb(palette_name))


COLOURS: tuple[SeatColour, ...] = (
    SeatColour("red", N_("Red"), (222, 88, 30), (213, 94, 0)),  # vermillion
    SeatColour("blue", N_("Blue"), (22, 110, 186), (0, 114, 178)),
    SeatColour("green", N_("Green"), (0, 160, 116), (0, 158, 115)),  # bluish green
    SeatColour("yellow", N_("Yellow"), (240, 220, 70), (240, 228, 66)),
    SeatColour("purple", N_("Purple"), (200, 114, 166), (204, 121, 167)),  # reddish purple
    SeatColour("sky", N_("Sky"), (92, 180, 232), (86, 180, 233)),  # sky blue
    SeatColour("orange", N_("Orange"), (236, 156, 20), (230, 159, 0)),
)
BY_KEY = {c.key: c for c in COLOURS}
KEYS = tuple(BY_KEY)

SEATS = (1, 2, 3, 4)
DEFAULTS = {1: "red", 2: "blue", 3: "green", 4: "yellow"}  # match games' Red/Blue/Green/Yellow
MARKERS = {1: "circle", 2: "square", 3: "triangle", 4: "diamond"}
CORNERS = {1: "a1", 2: "a15", 3: "o15", 4: "o1"}


def colour(key: str) -> SeatColour:
    """The colour of that key (the first colour for a key that is not one)."""
    return BY_KEY.get(key, COLOURS[0])


def named(name: str) -> str | None:
    """The key of the colour a name is, in English, the player's language or any language
    with a catalogue ("Rojo" -> "red"), or None: a seat's default name, which a save or the
    dialog's memory may hold in another language."""
    folded = name.strip().casefold()
    for c in COLOURS:
        if folded in (str(c.name).casefold(), _(c.name).casefold()):
            return c.key
    return _every_language().get(folded)  # the other catalogues, read once


@functools.cache
def _every_language() -> dict[str, str]:
    """Each colour's name, folded, in every language with a catalogue -> its key."""
    found: dict[str, str] = {}
    for code in i18n.available():
        translations, problem = i18n.load(code)
        if problem is None:
            found |= {translations.gettext(str(c.name)).casefold(): c.key for c in COLOURS}
    return found


def shown_name(name: str) -> str:
    """A player's name as shown: a colour's name (a default name, maybe saved in another
    language) in the player's language, any other name as it is."""
    key = named(name)
    return name if key is None else _(colour(key).name)


def rgb(key: str, palette_name: str = "standard") -> Color:
    """The fill of a colour key in a palette."""
    return colour(key).rgb(palette_name)


def default_colour(seat: int) -> str:
    """The colour key a seat starts with (seat 1 red, 2 blue, 3 green, 4 yellow)."""
    return DEFAULTS.get(seat, KEYS[0])


def marker(seat: int) -> str:
    """The marker shape of a seat: "circle", "square", "triangle" or "diamond"."""
    return MARKERS.get(seat, "circle")


def seat_colours(colours: dict[int, Any] | None, seats: tuple[int, ...] = SEATS) -> dict[int, str]:
    """A colour key per seat: the keys given where they are known and unused, the defaults
    (or else the first free colour) elsewhere; no two seats alike."""
    given = colours or {}
    chosen: dict[int, str] = {}
    for seat in seats:
        key = given.get(seat)
        if isinstance(key, str) and key in BY_KEY and key not in chosen.values():
            chosen[seat] = key
    for seat in seats:
        if seat not in chosen:
            free = [k for k in (default_colour(seat), *KEYS) if k not in chosen.values()]
            chosen[seat] = free[0]
    return {seat: chosen[seat] for seat in seats}


def luminance(c: Color) -> float:
    """The relative luminance of a colour (WCAG 2)."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(fill: Color) -> Color:
    """Dark or white text, whichever contrasts more with fill."""
    return DARK_TEXT if contrast(fill, DARK_TEXT) >= contrast(fill, LIGHT_TEXT) else LIGHT_TEXT


def readable(c: Color, background: Color, ratio: float = 4.5) -> Color:
    """c lightened (on a dark background) or darkened (on a light one) just enough to reach
    the contrast ratio: a seat's colour for text on a panel."""
    toward = LIGHT_TEXT if luminance(background) < 0.18 else DARK_TEXT
    for step in range(11):
        t = step / 10
        mixed = (round(c[0] + (toward[0] - c[0]) * t), round(c[1] + (toward[1] - c[1]) * t),
                 round(c[2] + (toward[2] - c[2]) * t))
        if contrast(mixed, background) >= ratio:
            return mixed
    return toward


def marker_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The corners of a marker polygon of radius r (an empty list for the circle)."""
    x, y = center
    if shape == "square":
        s = r * 0.86
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if shape == "triangle":
        return [(x, y - r * 1.05), (x + r * 1.0, y + r * 0.75), (x - r * 1.0, y + r * 0.75)]
    if shape == "diamond":
        return [(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)]
    return []


def draw_marker(surface: Any, shape: str, center: tuple[float, float], r: float, fill: Color,
                rim: Color | None = None, width: int = 0) -> None:
    """Draw a seat's marker on a pygame surface: filled, with a rim of `width` pixels."""
    import pygame

    width = width or max(1, round(r / 5))
    points = marker_points(shape, center, r)
    if points:
        pygame.draw.polygon(surface, fill, points)
        if rim is not None:
            pygame.draw.polygon(surface, rim, points, width)
            pygame.draw.aalines(surface, rim, True, points)
    else:
        c = (round(center[0]), round(center[1]))
        pygame.draw.circle(surface, fill, c, round(r))
        if rim is not None:
            pygame.draw.circle(surface, rim, c, round(r), width)
            pygame.draw.aacircle(surface, rim, c, round(r), 1)
