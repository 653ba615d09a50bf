"""The move log of the shared game screen: rows the game's view formats (`LogRow`: a label
and its cells), drawn in a panel that scrolls (the wheel) and keeps the move shown in sight;
a click on a cell looks back at the position after that move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from common.i18n import _, pgettext
from common.ui import draw
from common.ui.scene_part import ScenePart
from common.ui.theme import Metrics, Palette, mix

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene

Icon = Callable[[int, int], pygame.Surface | None]  # (player, size) -> the player's token


@dataclass(frozen=True)
class LogRow:
    """One row of the move log: its label ("12.") and its cells (move index, text); a cell
    shows the position after that move when clicked."""

    label: str
    cells: tuple[tuple[int, str], ...]
    player: int | None = None  # whose row: its icon before the cells (games of 3-4 seats)
    color: tuple[int, int, int] | None = None  # the cells' text colour (default: pal.text)
    note: str = ""  # a row of its own between moves (no cells): an event, e.g. a Reckoning


def row_height(m: Metrics) -> int:
    """The height of a log row (a line of text in the normal size)."""
    return int(m.normal * 1.3)


def log_height(rows: int, m: Metrics) -> int:
    """The height a log needs to show `rows` rows (its heading and margins too)."""
    return rows * row_height(m) + int(m.small * 1.6) + 2 * m.pad


def has_heading(log: pygame.Rect, m: Metrics) -> bool:
    """True if the log has room for its heading above a row; a log squeezed lower (a coach's
    card or a network table's line took its room) shows its rows alone."""
    return log.h >= log_height(1, m)


def _log_area(log: pygame.Rect, m: Metrics) -> pygame.Rect:
    """Where the rows go: under the heading, or the whole log without one."""
    if not has_heading(log, m):
        area = log.inflate(-2 * m.pad, 0)
        area.h = max(area.h, row_height(m))
        area.centery = log.centery
        return area
    area = log.inflate(-2 * m.pad, -2 * m.pad)
    area.y += int(m.small * 1.6)
    area.h -= int(m.small * 1.6)
    return area


def log_rows_visible(log: pygame.Rect, m: Metrics) -> int:
    """How many rows fit in the log."""
    return max(1, _log_area(log, m).h // row_height(m))


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
        for col, (index, _text) in enumerate(rows[r].cells):
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
    if not rows:
        _draw_empty(surface, log, pal, m)
        return
    if has_heading(log, m):
        _draw_heading(surface, log, pal, m)
    _draw_cells(surface, log, rows, (columns, scroll, current), pal, m, icon)
    _draw_notes(surface, log, rows, scroll, pal, m)
    _draw_scroll_bar(surface, log, len(rows), scroll, pal, m)


def _draw_cells(surface: pygame.Surface, log: pygame.Rect, rows: Sequence[LogRow],
                at: tuple[int, int, int], pal: Palette, m: Metrics, icon: Icon | None) -> None:
    """The visible rows' labels and cells (`at`: the columns, the scroll, the current move),
    the current one lit."""
    columns, scroll, current = at
    texts = {i: text for row in rows for i, text in row.cells}
    labelled = {row.cells[0][0]: row.label for row in rows if row.cells}
    owner = {i: row for row in rows for i, _text in row.cells}
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


def _draw_heading(surface: pygame.Surface, log: pygame.Rect, pal: Palette, m: Metrics) -> None:
    """The log's heading at its top, smaller if it must be to fit its width."""
    heading = _("Moves  (click one to look back)")
    px = draw.fit_text(heading, m.small, log.w - 2 * m.pad, min_px=9)
    draw.blit_text(surface, heading, px, pal.text_dim, (log.x + m.pad, log.y + m.pad // 2 + 2))


def _draw_empty(surface: pygame.Surface, log: pygame.Rect, pal: Palette, m: Metrics) -> None:
    """"No moves yet" under the heading; where the log is too low for both (a coach's card or
    a network table's line took its room), the words alone, centred: never one over the
    other."""
    words = _("No moves yet")
    area = _log_area(log, m)
    if has_heading(log, m):
        _draw_heading(surface, log, pal, m)
        px = draw.fit_text(words, m.normal, area.w, min_px=9)
        draw.blit_text(surface, words, px, pal.text_dim, area.center, "center")
        return
    px = min(m.normal, max(9, log.h - m.pad // 2))
    px = draw.fit_text(words, px, log.w - 2 * m.pad, min_px=9)
    draw.blit_text(surface, words, px, pal.text_dim, log.center, "center")


def _draw_scroll_bar(surface: pygame.Surface, log: pygame.Rect, count: int, scroll: int,
                     pal: Palette, m: Metrics) -> None:
    """A scroll bar at the log's right edge when its `count` rows do not all fit."""
    visible = log_rows_visible(log, m)
    if count > visible:
        area = _log_area(log, m)
        track = pygame.Rect(log.right - 8, area.y, 4, area.h)
        knob_h = max(16, track.h * visible // count)
        knob_y = track.y + (track.h - knob_h) * scroll // max(1, count - visible)
        pygame.draw.rect(surface, pal.backdrop, track, border_radius=2)
        pygame.draw.rect(surface, pal.text_dim, (track.x, knob_y, 4, knob_h), border_radius=2)


def _draw_notes(surface: pygame.Surface, log: pygame.Rect, rows: Sequence[LogRow], scroll: int,
                pal: Palette, m: Metrics) -> None:
    """The visible note rows: their words across the row, in the accent colour, smaller if
    they must be to fit (never cut)."""
    area = _log_area(log, m)
    row_h = row_height(m)
    for r in range(scroll, min(scroll + area.h // row_h, len(rows))):
        if rows[r].note:
            px = draw.fit_text(rows[r].note, m.small, area.w - 12, True, 9)
            draw.blit_text(surface, rows[r].note, px, pal.primary,
                           (area.x + 6, area.y + (r - scroll) * row_h + row_h // 2), "midleft",
                           bold=True)


def position_words(rows: Sequence[LogRow], count: int) -> tuple[str, str]:
    """A position looked back at (`count` moves played), numbered as the log numbers it:
    ("move 12 of 31", "after 12… 3D g7-g2") where the log's rows are "12." with two moves,
    ("turn 9 of 40", ...) likewise for one move a row; ("the start", "") before any move."""
    if count <= 0 or not rows:
        return _("the start"), ""
    r = row_of(rows, count - 1)
    label = rows[r].label.rstrip(".")
    last = next((row.label for row in reversed(rows) if row.cells), "").rstrip(".")
    cells = rows[r].cells
    text = next((t for i, t in cells if i == count - 1), "")
    later = cells and cells[0][0] != count - 1  # not the row's first move: "12… Black's"
    # Translators: where a position is in the game: "12 of 31" (after "move" or "turn")
    where = _("{number} of {last}").format(number=label, last=last)
    if later:  # "after 12… 3D g7-g2": the row's second move
        return where, _("after {number}… {move}").format(number=label, move=text)
    return where, _("after {number}. {move}").format(number=label, move=text)


def log_word(word: str) -> str:
    """A game view's `log_word` ("move", "turn": what a numbered log row is) in the player's
    language."""
    if word == "move":
        # Translators: a numbered row of the move log: "Looking back: move 12 of 31"
        return pgettext("log", "move")
    if word == "turn":
        # Translators: a numbered row of the move log: "Looking back: turn 12 of 31"
        return pgettext("log", "turn")
    return word


def position_label(rows: Sequence[LogRow], count: int) -> str:
    """The log's number of the row holding move `count` ("12"), "" before any move."""
    if count <= 0 or not rows:
        return ""
    return rows[row_of(rows, count - 1)].label.rstrip(".")


class GameLog(ScenePart):
    """The log of one game screen: its rows (from the view) and its scroll position."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.scroll = 0  # the first row shown

    def rows(self) -> list[LogRow]:
        """The rows, as the game's view formats them (with the analysis' marks, if any)."""
        return self.scene.analysis.marked(self.scene.view.log_rows(self.scene.match.moves))

    def _fit(self) -> tuple[int, int]:
        rows, areas = len(self.rows()), self.scene.areas
        return rows, 0 if areas is None else log_rows_visible(areas.log, self.scene.app.m)

    def to_end(self) -> None:
        """Scroll to the last row."""
        if self.scene.areas is not None:
            rows, visible = self._fit()
            self.scroll = max(0, rows - visible)

    def show(self, count: int) -> None:
        """Scroll so that the row of move number `count` (1-based) shows."""
        if self.scene.areas is None:
            return
        rows, visible = self._fit()
        at = row_of(self.rows(), max(0, count - 1))
        if not self.scroll <= at < self.scroll + visible:
            self.scroll = max(0, min(at - visible // 2, rows - visible))
        self.scroll = max(0, min(self.scroll, rows - visible))

    def position(self, count: int) -> tuple[str, str]:
        """`position_words` for the position after `count` moves, by this log's rows."""
        return position_words(self.rows(), count)

    def wheel(self, dy: int) -> None:
        """Scroll by the wheel."""
        rows, visible = self._fit()
        self.scroll = max(0, min(max(0, rows - visible), self.scroll - dy))

    def cells(self) -> list[tuple[int, pygame.Rect]]:
        """(move index, rect) of each visible cell."""
        s = self.scene
        if s.areas is None:
            return []
        return log_cells(s.areas.log, self.rows(), s.view.log_columns, self.scroll, s.app.m)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The move index of the cell under pos."""
        if self.scene.areas is None:
            return None
        return next((i for i, cell in self.cells() if cell.collidepoint(pos)), None)

    def draw(self, layer: pygame.Surface, current: int) -> None:
        """The log into the layer; move `current` (1-based) stands out."""
        s = self.scene
        if s.areas is None:
            return
        draw_log(layer, s.areas.log, self.rows(), s.view.log_columns, self.scroll, current,
                 s.app.pal, s.app.m, s.view.player_icon)
