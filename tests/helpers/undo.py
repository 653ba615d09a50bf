"""Undo on a game screen as a player at a shared table does it: Ctrl+Z, and when Undo asks
before taking back another person's turn (`common.ui.undo_ask`), the answer "Undo"."""

from __future__ import annotations

import pygame

from common.ui.scenes.dialog_scene import Dialog


def undo(d, game) -> bool:
    """Ctrl+Z on `game` (driven by `d`), confirming the question if one comes; True if asked."""
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    top = game.app.top
    if isinstance(top, Dialog) and top.title.startswith("Take back"):
        d.click(top.buttons[0].rect.center)
        return True
    return False
