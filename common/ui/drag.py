"""Dragging on a board, the same in every game and screen: which pointer actions a drag cares
about (`drag_pointer`).
"""

from __future__ import annotations

from common.ui.input import Action, PointerDown, PointerMove, PointerUp


def drag_pointer(action: Action) -> tuple[str, tuple[int, int]] | None:
    """("down" / "move" / "up", pos) for the pointer actions a drag cares about."""
    if isinstance(action, PointerDown) and action.button == 1:
        return "down", action.pos
    if isinstance(action, PointerMove) and action.dragging:
        return "move", action.pos
    if isinstance(action, PointerUp) and action.button == 1:
        return "up", action.pos
    return None
