"""Colours, palettes and font sizes: one visual language for both games.

Two palettes share every shape: the standard one and a colour-blind-safe one (Okabe-Ito hues
for the accents). Highlights never rely on hue alone: moves are dots, captures rings, refusals
crosses, the last move a corner frame. Sizes scale with the window so text stays legible from
960x600 up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Every colour the UI draws with, by role."""

    name: str
    background: Color
    backdrop: Color
    panel: Color
    panel_edge: Color
    text: Color
    text_dim: Color
    text_dark: Color
    button: Color
    button_hover: Color
    primary: Color
    primary_hover: Color
    move: Color  # "you may go here": dots and rings
    last: Color  # the last move: its tint on the board, its row in the log
    last_edge: Color  # the last move's frame (and arrows) on the board: stands out from it
    refusal: Color  # an illegal click
    select: Color  # the selected figure or stone
    info: Color  # banners that need attention (discard, check-like threats)
    # owner colours of the figures: fill, rim, detail
    sides: tuple[tuple[str, str, str], ...]
    side_text: tuple[Color, ...]  # a readable text colour for each side's name
    grid: tuple[int, int, int, int]
    coords: Color


STANDARD = Palette(
    name="standard",
    background=(28, 31, 36),
    backdrop=(14, 16, 19),
    panel=(40, 44, 51),
    panel_edge=(64, 70, 80),
    text=(236, 230, 214),
    text_dim=(160, 154, 140),
    text_dark=(34, 30, 26),
    button=(58, 64, 74),
    button_hover=(76, 84, 96),
    primary=(201, 150, 62),
    primary_hover=(222, 172, 84),
    move=(38, 120, 64),
    last=(214, 170, 40),
    last_edge=(214, 170, 40),
    refusal=(196, 52, 44),
    select=(60, 150, 220),
    info=(220, 120, 40),
    sides=(("#f3ecdc", "#3a2e22", "#b8862b"), ("#2b2d36", "#e6dcc4", "#c0392b")),
    side_text=((243, 236, 220), (150, 156, 176)),
    grid=(60, 44, 26, 70),
    coords=(92, 70, 44),
)

# The same chrome (background, panels, buttons); only hues and contrasts change.
COLOUR_BLIND = replace(
    STANDARD,
    name="colour-blind",
    text=(240, 240, 240),
    text_dim=(170, 170, 170),
    text_dark=(20, 20, 20),
    primary=(230, 159, 0),  # Okabe-Ito orange
    primary_hover=(246, 186, 60),
    move=(0, 114, 178),  # blue
    last=(240, 228, 66),  # yellow
    # yellow on the parchment board is 1:1 (WCAG): the frame is near-black (over 10:1)
    last_edge=(25, 25, 25),
    refusal=(213, 94, 0),  # vermillion
    select=(86, 180, 233),  # sky blue
    info=(204, 121, 167),  # reddish purple
    sides=(("#ffffff", "#1a1a1a", "#0072b2"), ("#1a1a1a", "#ffffff", "#e69f00")),
    side_text=((255, 255, 255), (170, 170, 170)),
    grid=(40, 40, 40, 80),
    coords=(70, 60, 50),
)

PALETTES = {p.name: p for p in (STANDARD, COLOUR_BLIND)}


@dataclass(frozen=True)
class Metrics:
    """Sizes for a window: font pixel heights, padding, corner radius, all scaled."""

    scale: float
    small: int
    normal: int
    large: int
    title: int
    pad: int
    radius: int
    button_h: int


def metrics(size: tuple[int, int], density: float = 1.0) -> Metrics:
    """Sizes for a window of this size in pixels (legible from 960x600 up). `density`: its
    pixels per point (2 on a Retina window, `common.ui.window`): the sizes are then those of
    a window of size / density points, in pixels (the same layout, drawn sharp)."""
    w, h = size[0] / density, size[1] / density
    s = max(0.75, min(w / 1280, h / 800, 2.0))
    d = density
    return Metrics(
        scale=s * d,
        small=round(max(14, round(15 * s)) * d),
        normal=round(max(16, round(19 * s)) * d),
        large=round(max(21, round(26 * s)) * d),
        title=round(max(36, round(60 * s)) * d),
        pad=round(max(8, round(12 * s)) * d),
        radius=round(max(6, round(9 * s)) * d),
        button_h=round(max(34, round(42 * s)) * d),
    )


def hex_rgb(text: str) -> Color:
    """"#rrggbb" as an (r, g, b) tuple."""
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def mix(a: Color, b: Color, t: float) -> Color:
    """The colour a fraction t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
