"""The move log in a squeezed area (common/ui/game_log.py): where a coach's card or a network
table's line leaves it too low for its heading above a row, it shows the rows alone (the
latest one visible, clickable where drawn), and "No moves yet" is never drawn over the
heading."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from common.ui import game_log  # noqa: E402
from common.ui.game_panel import LogRow  # noqa: E402
from common.ui.theme import PALETTES, metrics  # noqa: E402

pygame.font.init()
M = metrics((960, 520))
ROWS = [LogRow(f"{n + 1}.", [(2 * n, "3D f1-f3"), (2 * n + 1, "2D a8-f3")]) for n in range(5)]


def test_a_log_with_room_has_its_heading_and_its_rows_under_it():
    log = pygame.Rect(0, 0, 340, game_log.log_height(4, M))
    assert game_log.has_heading(log, M)
    assert game_log.log_rows_visible(log, M) == 4
    cells = game_log.log_cells(log, ROWS, 2, 1, M)
    assert min(c.top for _, c in cells) >= log.y + int(M.small * 1.6)
    assert all(log.contains(c) for _, c in cells)


def test_a_squeezed_log_shows_its_rows_alone_inside_it():
    log = pygame.Rect(0, 400, 340, game_log.row_height(M) + 4)
    assert not game_log.has_heading(log, M)
    assert game_log.log_rows_visible(log, M) == 1
    cells = game_log.log_cells(log, ROWS, 2, len(ROWS) - 1, M)  # scrolled to the end
    assert [i for i, _ in cells] == [8, 9]
    assert all(c.centery in range(log.top, log.bottom) for _, c in cells)


def test_no_moves_yet_is_never_drawn_over_the_heading(monkeypatch):
    drawn = []
    monkeypatch.setattr(game_log.draw, "blit_text",
                        lambda surface, text, px, colour, at, anchor="topleft", **kw:
                        drawn.append((text, px, at)))
    surface = pygame.Surface((400, 600))
    pal = PALETTES["standard"]
    for height, heading in ((game_log.row_height(M) + 4, False), (200, True)):
        drawn.clear()
        log = pygame.Rect(10, 10, 340, height)
        game_log.draw_log(surface, log, [], 2, 0, 0, pal, M)
        texts = [t for t, _, _ in drawn]
        assert ("Moves  (click one to look back)" in texts) == heading
        assert "No moves yet" in texts
        if heading:
            (_, px_h, at_h), (_, px_e, at_e) = drawn
            assert at_e[1] - px_e // 2 > at_h[1] + px_h  # below the heading's line
