"""The parts of a game screen's side panel that are the same for every game: the status area
(a title with the player's token, the last move, a warning box, what to do now or why a click
was refused), the move log (rows the game's view formats, cells a click reviews) and the
"thinking" spinner. Drawn by `common.ui.game_scene.GameScene` into its cached layer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from common.ui import draw
from common.ui.theme import Metrics, Palette, mix
from common.ui.widgets import Widget

Icon = Callable[[int, int], pygame.Surface | None]  # (player, size) -> the player's token


@dataclass(frozen=True)
class Status:
    """What the status area says (a value: equal statuses draw the same)."""

    title: str
    player: int | None = None  # whose token shows beside the title
    text: str = ""  # what to do now, in a sentence or two
    warning: str = ""  # a red-edged box under the title (an attacked Overlord)
    alert: bool = False  # the text is a refusal or a warning: red, with a cross
    lit: bool = True  # the area is tinted while `player` is to act


@dataclass(frozen=True)
class LogRow:
    """One row of the move log: its label ("12.") and its cells (move index, text); a cell
    shows the position after that move when clicked."""

    label: str
    cells: tuple[tuple[int, str], ...]
    player: int | None = None  # whose row: its icon before the cells (games of 3-4 seats)
    color: tuple[int, int, int] | None = None  # the cells' text colour (default: pal.text)


def row_height(m: Metrics) -> int:
    """The height of a log row."""
    return int(m.normal * 1.55)


def draw_status(layer: pygame.Surface, st: pygame.Rect, status: Status, last: str,
                buttons: Sequence[Widget], icon: Icon, pal: Palette, m: Metrics) -> None:
    """The status area: title (and token), "Last: ...", the warning box, then the text."""
    fill = pal.panel
    if status.player is not None and status.lit:
        fill = mix(pal.panel, pal.primary, 0.16)
    draw.panel(layer, st, fill, pal.panel_edge, m.radius, 0)
    x = st.x + m.pad
    y = st.y + m.pad
    if status.player is not None:
        token = icon(status.player, int(m.large * 1.5))
        if token is not None:
            layer.blit(token, token.get_rect(midleft=(x - 4, y + m.large // 2 + 2)))
            x += int(m.large * 1.4)
    px = draw.fit_text(status.title, m.large, st.right - x - m.pad - m.large, True)
    draw.blit_text(layer, status.title, px, pal.text, (x, y), bold=True)
    y += int(m.large * 1.45)
    threat = status.warning
    # a row of buttons under the text leaves room for the warning only in place of "Last:"
    row = threat and any(b.rect.x < st.centerx for b in buttons)
    if last and not row:
        line = f"Last: {last}"
        px = draw.fit_text(line, m.small, st.w - 2 * m.pad)
        draw.blit_text(layer, line, px, pal.text_dim, (st.x + m.pad, y))
    if threat:
        y = _draw_warning(layer, threat, st, y + (0 if row else int(m.small * 1.5)), pal, m,
                          1 if row else 2)
    else:
        y += int(m.small * 1.5)
    color = pal.refusal if status.alert else pal.text
    if status.alert:
        draw.cross(layer, (st.x + m.pad + m.normal // 2, y + m.normal * 0.7), m.normal * 0.6,
                   pal.refusal, 3)
    indent = m.normal + m.pad // 2 if status.alert else 0
    width = st.w - 2 * m.pad - indent
    px = m.normal
    limit, bottom = 2, st.bottom - m.pad // 2
    if threat:  # the room left under the warning box: beside a small button, or above a row
        for button in buttons:
            if button.rect.x > st.centerx:
                width = min(width, button.rect.x - m.pad - st.x - m.pad - indent)
            else:
                bottom = min(bottom, button.rect.y - 2)
        limit = max(1, (bottom - y) // int(m.small * 1.3))
    lines = draw.wrap(status.text, px, width)
    while (len(lines) > limit or (threat and y + len(lines) * int(px * 1.3) > bottom + 4)) \
            and px > m.small - 2:
        px -= 1
        lines = draw.wrap(status.text, px, width)
    for line in lines[:limit]:
        draw.blit_text(layer, line, px, color, (st.x + m.pad + indent, y))
        y += int(px * 1.3)


def warning_sign(surface: pygame.Surface, x: float, y: float, size: int, pal: Palette) -> None:
    """A red warning triangle with a white "!" whose box's top-left corner is (x, y)."""
    points = [(x + size / 2, y), (x + size, y + size * 0.9), (x, y + size * 0.9)]
    pygame.draw.polygon(surface, pal.refusal, points)
    pygame.draw.polygon(surface, (255, 255, 255), points, 1)
    draw.blit_text(surface, "!", max(10, int(size * 0.7)), (255, 255, 255),
                   (int(x + size / 2), int(y + size * 0.55)), "center", bold=True)


def _draw_warning(layer: pygame.Surface, text: str, st: pygame.Rect, y: int, pal: Palette,
                  m: Metrics, most: int = 2) -> int:
    """The warning as a red-edged box with a warning sign, in at most `most` lines if they
    stay legible (else two); the y below it."""
    icon = int(m.normal * 1.15)
    box = pygame.Rect(st.x + m.pad // 2, y - 2, st.w - m.pad, 0)
    width = box.w - icon - m.pad - m.pad // 2
    for limit in sorted({most, 2}):
        px = m.normal
        lines = draw.wrap(text, px, width, True)
        while len(lines) > limit and px > m.small - 3:
            px -= 1
            lines = draw.wrap(text, px, width, True)
        if len(lines) <= limit:
            break
    lines = lines[:2]
    line_h = int(px * 1.25)
    box.h = max(icon, line_h * len(lines)) + 8
    draw.panel(layer, box, mix(pal.panel, pal.refusal, 0.3), None, m.radius // 2, 0)
    pygame.draw.rect(layer, pal.refusal, box, 2, border_radius=m.radius // 2)
    warning_sign(layer, box.x + m.pad // 2, box.centery - icon * 0.47, icon, pal)
    ty = box.y + (box.h - line_h * len(lines)) // 2 + 1
    for line in lines:
        draw.blit_text(layer, line, px, pal.text, (box.x + icon + m.pad, ty), bold=True)
        ty += line_h
    return box.bottom + m.pad // 2


def draw_spinner(surface: pygame.Surface, st: pygame.Rect, pal: Palette, m: Metrics) -> None:
    """The turning "thinking" indicator in the status area's top-right corner."""
    center = (st.right - m.pad - m.large // 2, st.y + m.pad + m.large // 2)
    angle = time.monotonic() * 5
    for i in range(8):
        a = angle + i * 0.785
        r = m.large * 0.4
        unit = pygame.math.Vector2(1, 0).rotate_rad(a)
        pos = (center[0] + r * unit.x, center[1] + r * unit.y)
        pygame.draw.circle(surface, pal.primary if i == 0 else pal.text_dim, pos,
                           max(2, m.large // 10) if i else max(3, m.large // 8))


# the move log ----------------------------------------------------------------------------

def _log_area(log: pygame.Rect, m: Metrics) -> pygame.Rect:
    area = log.inflate(-2 * m.pad, -2 * m.pad)
    area.y += int(m.small * 1.6)
    area.h -= int(m.small * 1.6)
    return area


def log_rows_visible(log: pygame.Rect, m: Metrics) -> int:
    """How many rows fit in the log."""
    return max(1, (log.h - 2 * m.pad - int(m.small * 1.6)) // row_height(m))


def log_cells(log: pygame.Rect, rows: Sequence[LogRow], columns: int, scroll: int,
              m: Metrics) -> list[tuple[int, pygame.Rect]]:
    """(move index, rect) of each visible log cell."""
    area = _log_area(log, m)
    row_h = row_height(m)
    visible = area.h // row_h
    num_w = int(m.normal * 2.4)
    col_w = (area.w - num_w) // max(1, columns)
    cells = []
    for r in range(scroll, min(scroll + visible, len(rows))):
        y = area.y + (r - scroll) * row_h
        for col, (index, _) in enumerate(rows[r].cells):
            cells.append((index, pygame.Rect(area.x + num_w + col * col_w, y, col_w - 4, row_h)))
    return cells


def row_of(rows: Sequence[LogRow], index: int) -> int:
    """The row holding move `index` (0-based), or the last row."""
    for r, log_row in enumerate(rows):
        if any(i == index for i, _ in log_row.cells):
            return r
    return max(0, len(rows) - 1)


def draw_log(surface: pygame.Surface, log: pygame.Rect, rows: Sequence[LogRow], columns: int,
             scroll: int, current: int, pal: Palette, m: Metrics, icon: Icon | None = None
             ) -> None:
    """The log: rows, labels and cells; the move whose position is shown (current, 1-based)
    stands out; a scroll bar when the rows do not all fit. A row with a `player` shows that
    player's icon before its cells (from `icon`) and its cells in the row's `color`."""
    draw.panel(surface, log, pal.panel, pal.panel_edge, m.radius, 0)
    draw.blit_text(surface, "Moves  (click one to look back)", m.small, pal.text_dim,
                   (log.x + m.pad, log.y + m.pad // 2 + 2))
    if not rows:
        draw.blit_text(surface, "No moves yet", m.normal, pal.text_dim, log.center, "center")
        return
    texts = {i: text for row in rows for i, text in row.cells}
    labelled = {row.cells[0][0]: row.label for row in rows if row.cells}
    owner = {i: row for row in rows for i, _ in row.cells}
    size = int(m.small * 1.1)
    for i, cell in log_cells(log, rows, columns, scroll, m):
        if i in labelled:
            draw.blit_text(surface, labelled[i], m.normal, pal.text_dim,
                           (log.x + m.pad, cell.centery), "midleft")
        if i + 1 == current:
            pygame.draw.rect(surface, mix(pal.panel, pal.last, 0.35), cell, border_radius=4)
        x, row = cell.x + 6, owner[i]
        token = icon(row.player, size) if icon is not None and row.player is not None else None
        if token is not None:
            surface.blit(token, token.get_rect(midleft=(x, cell.centery)))
            x += size + 6
        draw.blit_text(surface, texts[i], m.normal, row.color or pal.text, (x, cell.centery),
                       "midleft", bold=(i + 1 == current))
    visible = log_rows_visible(log, m)
    if len(rows) > visible:
        track = pygame.Rect(log.right - 8, log.y + int(m.small * 1.6) + m.pad, 4,
                            log.h - int(m.small * 1.6) - 2 * m.pad)
        knob_h = max(16, track.h * visible // len(rows))
        knob_y = track.y + (track.h - knob_h) * scroll // max(1, len(rows) - visible)
        pygame.draw.rect(surface, pal.backdrop, track, border_radius=2)
        pygame.draw.rect(surface, pal.text_dim, (track.x, knob_y, 4, knob_h), border_radius=2)
