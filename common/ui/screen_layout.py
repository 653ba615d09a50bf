"""Where a game screen's board and side panel go, for both games: `split`.

Side by side is the rule: the board as large as the window's height allows, the panel beside
it at the width the game asks for, and the pair centred in the window (at 1920x1080 it used to
hug the left edge, with the slack all on the right). In a tall window (a portrait screen, a
window dragged high) side by side leaves a small board (about 420 px at 960x1400, the rest
empty); there the panel goes under the board, as wide as the board, when that gives the board
clearly more room. The panel's own parts (toolbar, cards, status, log) are each game's layout.
"""

from __future__ import annotations

import pygame

from common.ui.board import BoardView

STACK_GAIN = 1.15  # the board must grow by this much for the panel to go under it


def split(size: tuple[int, int], pad: int, board: BoardView, side_w: int, stack_h: int
          ) -> pygame.Rect:
    """Lay `board` out in a window of `size` and return the panel's rectangle: beside the
    board (`side_w` wide, the pair centred), or under it (`stack_h` high, the board's width)
    when stacking gives the board STACK_GAIN times the side."""
    w, h = size
    side_area = pygame.Rect(pad, pad, max(1, w - side_w - 3 * pad), max(1, h - 2 * pad))
    beside = min(side_area.w, side_area.h)
    under = min(w - 2 * pad, h - stack_h - 3 * pad)
    if under >= beside * STACK_GAIN:
        area = pygame.Rect(pad, pad, w - 2 * pad, under)
        board.layout(area)
        frame = board.frame
        frame_top = pygame.Rect(frame.x, pad, frame.w, frame.h)
        board.layout(frame_top)  # at the top of the window, centred across it
        y = board.frame.bottom + pad
        panel_w = max(board.frame.w, min(w - 2 * pad, side_w))
        return pygame.Rect((w - panel_w) // 2, y, panel_w, h - y - pad)
    board.layout(side_area)
    group = board.frame.w + 2 * pad + side_w
    left = max(pad, (w - group) // 2)
    board.layout(pygame.Rect(left, board.frame.y, board.frame.w, board.frame.h))
    x = board.frame.right + 2 * pad
    return pygame.Rect(x, pad, min(side_w, w - x - pad), h - 2 * pad)
