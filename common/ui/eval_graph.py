"""The evaluation graph of the analysis: each seat's chance to win (0-100 %) after every turn.

One line per seat in its colour, with the seat's own token (colour AND shape: the colour-blind
palette and the seats' marker shapes carry over) at its points; the 50 % line (the fair share
line for three or four seats); a tick under each marked turn (taller and labelled for ``??``
and ``?``); the shown position as a band, the pointed one as a guide line. Pure drawing and
geometry: `common.ui.analysis_view` owns the data and the input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from common.ui import draw
from common.ui.theme import Color, Metrics, Palette, mix

Icon = Callable[[int, int], pygame.Surface | None]


@dataclass(frozen=True)
class Series:
    """One seat's chances at positions 0.. (0: the start)."""

    player: int
    colour: Color
    points: tuple[float, ...]


def plot_rect(rect: pygame.Rect, m: Metrics) -> pygame.Rect:
    """The plotting area inside the graph's rect (room for the axis labels and ticks)."""
    left = int(m.small * 2.4)
    return pygame.Rect(rect.x + left, rect.y + 4, rect.w - left - 6, rect.h - 4 - m.small)


def x_of(plot: pygame.Rect, index: int, positions: int) -> int:
    """The x of position `index` of `positions`."""
    return plot.x + round(plot.w * index / max(1, positions - 1))


def index_at(rect: pygame.Rect, x: int, positions: int, m: Metrics) -> int | None:
    """The position nearest to x (None left or right of the graph)."""
    plot = plot_rect(rect, m)
    if not plot.x - 8 <= x <= plot.right + 8 or positions < 1:
        return None
    return max(0, min(positions - 1, round((x - plot.x) * (positions - 1) / max(1, plot.w))))


def mark_labels(marks: dict[int, str], x_at: Callable[[int], int], px: int) -> set[int]:
    """The marks whose label is written under their tick: ``??`` first, then ``?`` (``?!``
    only ticks), each only where it overlaps no label already placed, so marks close together
    stay readable (every mark keeps its tick; the log and review name each one)."""
    width = px * 1.4  # a "??" label's width, with a gap
    placed: list[int] = []
    out = set()
    for rank in ("??", "?"):
        for index in sorted(i for i, mark in marks.items() if mark == rank):
            x = x_at(index)
            if all(abs(x - other) >= width for other in placed):
                placed.append(x)
                out.add(index)
    return out


def draw_graph(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series],
               positions: int, marks: dict[int, str], shown: int | None, pointed: int | None,
               icon: Icon, pal: Palette, m: Metrics) -> None:
    """The graph into rect: `positions` is how many positions the game has (moves + 1), of
    which the series cover the analysed ones; `marks` maps a position (after the marked
    turn) to its mark; `shown` is the position on the board, `pointed` the one pointed at."""
    pygame.draw.rect(surface, mix(pal.panel, pal.backdrop, 0.45), rect, border_radius=4)
    plot = plot_rect(rect, m)
    _draw_grid(surface, plot, pal, m)
    if shown is not None and 0 <= shown < positions:
        x = x_of(plot, shown, positions)
        band = pygame.Rect(x - 3, plot.y, 7, plot.h)
        pygame.draw.rect(surface, mix(pal.panel, pal.last, 0.5), band, border_radius=2)
    _draw_marks(surface, plot, positions, marks, pal, m)
    _draw_series(surface, plot, series, positions, pointed, icon, pal, m)
    if pointed is not None and 0 <= pointed < positions:
        x = x_of(plot, pointed, positions)
        pygame.draw.line(surface, pal.text, (x, plot.y), (x, plot.bottom), 1)


def _draw_grid(surface: pygame.Surface, plot: pygame.Rect, pal: Palette, m: Metrics) -> None:
    """The 0 %, 50 % and 100 % lines, labelled at the left."""
    for share, label in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        y = plot.bottom - round(plot.h * share)
        pygame.draw.line(surface, mix(pal.panel, pal.text_dim, 0.35 if share == 0.5 else 0.2),
                         (plot.x, y), (plot.right, y))
        draw.blit_text(surface, label, max(11, m.small - 3), pal.text_dim, (plot.x - 4, y),
                       "midright")


def _draw_marks(surface: pygame.Surface, plot: pygame.Rect, positions: int,
                marks: dict[int, str], pal: Palette, m: Metrics) -> None:
    """A tick under each marked turn (taller and redder the worse the mark), with the mark
    ("??", "?") under it where it overlaps no other label (`mark_labels`); "?!" only ticks."""
    labelled = mark_labels(marks, lambda i: x_of(plot, i, positions), max(11, m.small - 3))
    for index, mark in marks.items():
        x = x_of(plot, index, positions)
        tall = {"??": 1.0, "?": 0.7}.get(mark, 0.4)
        colour = pal.refusal if mark == "??" else pal.info if mark == "?" else pal.text_dim
        pygame.draw.line(surface, colour, (x, plot.bottom), (x, plot.bottom - int(8 * tall) - 2),
                         2)
        if index in labelled:
            draw.blit_text(surface, mark, max(11, m.small - 3), colour, (x, plot.bottom + 1),
                           "midtop", bold=True)


def _draw_series(surface: pygame.Surface, plot: pygame.Rect, series: Sequence[Series],
                 positions: int, pointed: int | None, icon: Icon, pal: Palette,
                 m: Metrics) -> None:
    """Each seat's line, with its tokens along it (bigger at the position pointed at)."""
    size = max(9, int(m.small * 0.75))
    # every seat its tokens at its own points (seat k at k, k + step, ...): lines that run
    # together (four seats at 25 % in a quiet opening) still show each seat's shape
    step = max(len(series), (len(series[0].points) if series else 1)
               // max(1, plot.w // (size + 4)))
    for k, s in enumerate(series):
        pts = [(x_of(plot, i, positions), plot.bottom - round(plot.h * c))
               for i, c in enumerate(s.points)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, pal.backdrop, False, pts, 5)
            pygame.draw.lines(surface, s.colour, False, pts, 3)
        for i, p in enumerate(pts):
            if i % step == k % step or i == pointed:
                token = icon(s.player, size + (4 if i == pointed else 0))
                if token is not None:
                    surface.blit(token, token.get_rect(center=p))
