"""Copying a text to the system clipboard (a join URL), through SDL's clipboard
(`pygame.scrap`); False when this system has none (the screen then says so, and the text
stays on screen to be typed)."""

from __future__ import annotations


def copy(text: str) -> bool:
    """Put `text` on the clipboard; True if it is there."""
    import pygame

    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError):
        return False
