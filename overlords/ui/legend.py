"""The board legend of Overlords, one click away (the "?" in the board's top-left corner, or
the L key): every feature with what it gives, and every mark the board draws, each drawn
as it appears on the board.
"""

from __future__ import annotations

import pygame

from common.ui import draw
from common.ui.overlay import Dialog
from overlords import rules
from overlords.ui.art import feature
from overlords.ui.marks import FORCED, LOSES, draw_lock, draw_loss_mark, draw_rune_pill, draw_shield
from overlords.ui.tips import FEATURE_WORDS

MARKS = (
    ("dot", "A move to an empty square"),
    ("ring", "A capture"),
    ("small", "Only a Teleport gets there"),
    ("digits", "Several Runes get there: you choose (struck: that Rune loses)"),
    (LOSES, "Loses your Overlord at once"),
    (FORCED, "Loses it by force: after the reply nothing saves it"),
    ("shield", "Saves your attacked Overlord"),
    ("lock", "Cannot move until the Reckoning (its Fate stones are played)"),
)


class Legend(Dialog):
    """The features on the left, the marks on the right."""

    def __init__(self, app) -> None:
        super().__init__(app, "Board legend", [], [("Close", lambda: None)],
                         cancel=lambda: None, width=0.62)

    def extra_height(self) -> int:
        return len(MARKS) * self._row()

    def _row(self) -> int:
        return int(self.app.m.normal * 2.3)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pal, m = self.app.pal, self.app.m
        row = self._row()
        icon = row - 6
        half = (rect.w - 4 * m.pad) // 2
        left = rect.x + 2 * m.pad
        right = left + half + m.pad
        for i, kind in enumerate(range(len(rules.FEATURE_NAMES))):
            y = rect.y + i * row
            surface.blit(feature(kind, icon), (left, y))
            words = FEATURE_WORDS[kind]
            px = m.small
            lines = draw.wrap(words, px, half - icon - m.pad)
            for j, line in enumerate(lines[:2]):
                draw.blit_text(surface, line, px, pal.text, (left + icon + m.pad // 2,
                                                            y + j * int(px * 1.25)))
        for i, (mark, words) in enumerate(MARKS):
            y = rect.y + i * row
            tile = pygame.Rect(right, y, icon, icon)
            pygame.draw.rect(surface, (226, 208, 170), tile, border_radius=4)
            _sample(surface, tile, mark, pal)
            lines = draw.wrap(words, m.small, half - icon - m.pad)
            for j, line in enumerate(lines[:2]):
                draw.blit_text(surface, line, m.small, pal.text,
                               (right + icon + m.pad // 2, y + j * int(m.small * 1.25)))


def _sample(surface: pygame.Surface, tile: pygame.Rect, mark: str, pal) -> None:
    """The mark as the board draws it, on a sample square."""
    c, w = tile.center, tile.w
    if mark == "dot":
        draw.dot(surface, c, w * 0.15, pal.move, 215)
    elif mark == "ring":
        draw.ring(surface, c, w * 0.40, pal.move, max(3, w // 14), 230)
    elif mark == "small":
        draw.ring(surface, c, max(3, w * 0.07), pal.move, max(1, w // 40), 150)
    elif mark == "digits":
        x = tile.x + 3
        for rune, bad in ((2, False), (3, True)):
            x = draw_rune_pill(surface, rune, max(12, int(w * 0.3)), (x, tile.y + 3), bad,
                               pal).right + 2
    elif mark in (LOSES, FORCED):
        draw_loss_mark(surface, tile.inflate(-w // 4, -w // 4), mark, pal)
    elif mark == "shield":
        draw_shield(surface, tile.inflate(-w // 4, -w // 4), pal)
    elif mark == "lock":
        draw_lock(surface, tile.inflate(-w // 4, -w // 4), (90, 90, 100))
