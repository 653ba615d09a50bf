"""Dragging on a board, the same in every game and screen (the game screens and the Overlords
setup): which pointer actions a drag cares about (`drag_pointer`) and when a press becomes a
drag (`drag_started`).

A press becomes a drag once the pointer, the button held, has travelled DRAG_START pixels along
either axis (the larger of the two distances: a square's worth of rule, cheap to check). Below
that it stays a click, however the hand trembles. The games used to differ (6 pixels that way in
Prepollency, more than 8 pixels straight-line in Overlords): 6 is the one rule now.
"""

from __future__ import annotations

from common.ui.input import Action, PointerDown, PointerMove, PointerUp

DRAG_START = 6  # pixels along either axis, the button held, before a press becomes a drag


def drag_pointer(action: Action) -> tuple[str, tuple[int, int]] | None:
    """("down" / "move" / "up", pos) for the pointer actions a drag cares about."""
    if isinstance(action, PointerDown) and action.button == 1:
        return "down", action.pos
    if isinstance(action, PointerMove) and action.dragging:
        return "move", action.pos
    if isinstance(action, PointerUp) and action.button == 1:
        return "up", action.pos
    return None


def drag_started(start: tuple[int, int], pos: tuple[int, int]) -> bool:
    """True once the pointer held since `start` has travelled far enough to drag (DRAG_START)."""
    return max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) >= DRAG_START
