"""The board legend of Overlords, one click away (the "?" in the board's top-left corner, or
the L key): every feature with what it gives, and every mark the board draws, each drawn
as it appears on the board.
"""

from __future__ import annotations

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.scenes.dialog_scene import Dialog
from overlords import rules
from overlords.ui.art import feature, figure, flag
from overlords.ui.board import draw_frozen, ghost, small_circle
from overlords.ui.marks import FORCED, LOSES, draw_lock, draw_loss_mark, draw_rune_pill, draw_shield
from overlords.ui.tips import FEATURE_WORDS

MARKS = (
    ("dot", N_("A move to an empty square")),
    ("ring", N_("A capture")),
    ("small", N_("Only a Teleport gets there (dashed round a feature; shown once Rune 5 is "
                 "picked)")),
    ("digits", N_("Several Runes get there: you choose (struck: that Rune loses)")),
    (LOSES, N_("Loses your Overlord at once")),
    (FORCED, N_("Loses it by force: after the reply nothing saves it")),
    ("shield", N_("Your attacked Overlord is safe from the next two moves")),
    ("lock", N_("Cannot move until the Reckoning (its Fate stones are played)")),
    ("frozen", N_("Your Overlord is frozen: it cannot move for this many turns")),
    ("flag", N_("A Source its side controls (hold all nine to win)")),
    ("standing", N_("A figure standing on a feature (the small icon)")),
    ("recruit", N_("Rune 6: a new figure from the reserve on your Source")),
)
LINES = 3  # lines of words a row holds at most (smaller words where they would need more)


class Legend(Dialog):
    """The features on the left, the marks on the right."""

    def __init__(self, app) -> None:
        super().__init__(app, _("Board legend"), [], [(_("Close"), lambda: None)],
                         cancel=lambda: None, width=0.62)

    def extra_height(self) -> int:
        return len(MARKS) * self._row()

    def _row(self) -> int:
        return int(self.app.m.normal * 2.4)

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
            _words(surface, FEATURE_WORDS[kind], (left + icon + m.pad // 2, y),
                   half - icon - m.pad, row, pal, m)
        for i, (mark, words) in enumerate(MARKS):
            y = rect.y + i * row
            tile = pygame.Rect(right, y, icon, icon)
            pygame.draw.rect(surface, (226, 208, 170), tile, border_radius=4)
            clip = surface.get_clip()
            surface.set_clip(tile)  # a sample never spills over its words
            _sample(surface, tile, mark, pal)
            surface.set_clip(clip)
            _words(surface, words, (right + icon + m.pad // 2, y), half - icon - m.pad, row,
                   pal, m)


def _words(surface: pygame.Surface, words: str, at: tuple[int, int], width: int, row: int,
           pal, m) -> None:
    """A row's words, wrapped in `width`: at the small size in up to LINES lines that fit the
    row, smaller if they need more (a small window), never cut."""
    px = m.small
    lines = draw.wrap(words, px, width)
    while px > 9 and (len(lines) > LINES or len(lines) * int(px * 1.2) > row):
        px -= 1
        lines = draw.wrap(words, px, width)
    for j, line in enumerate(lines):
        draw.blit_text(surface, line, px, pal.text, (at[0], at[1] + j * int(px * 1.2)))


def _sample(surface: pygame.Surface, tile: pygame.Rect, mark: str, pal) -> None:
    """The mark as the board draws it, on a sample square."""
    c, w = tile.center, tile.w
    if mark == "dot":
        draw.dot(surface, c, w * 0.15, pal.move, 215)
    elif mark == "ring":
        draw.ring(surface, c, w * 0.40, pal.move, max(3, w // 14), 230)
    elif mark == "small":
        small_circle(surface, c, w, pal)
    elif mark == "digits":
        x = tile.x + 2
        for rune, bad in ((2, False), (3, True)):
            x = draw_rune_pill(surface, rune, max(8, int(w * 0.26)), (x, tile.y + 3), bad,
                               pal).right + 1
    elif mark in (LOSES, FORCED):
        draw_loss_mark(surface, tile.inflate(-w // 4, -w // 4), mark, pal)
    elif mark == "shield":
        draw_shield(surface, tile.inflate(-w // 4, -w // 4), pal)
    elif mark == "frozen":
        token = figure(rules.OVERLORD, rules.WHITE, int(w * 0.8), pal)
        surface.blit(token, token.get_rect(center=c))
        draw_frozen(surface, tile, 3, pal)
    elif mark == "lock":
        draw_lock(surface, tile.inflate(-w // 4, -w // 4), (90, 90, 100))
    elif mark == "flag":
        icon = feature(rules.CASTLE, int(w * 0.86))
        surface.blit(icon, icon.get_rect(center=c))
        surface.blit(flag(rules.WHITE, w, pal), tile.topleft)
    elif mark == "standing":
        token = figure(rules.HERO, rules.WHITE, int(w * 0.8), pal)
        surface.blit(token, token.get_rect(center=c))
        icon = feature(rules.TOWER, max(10, int(w * 0.4)))
        surface.blit(icon, icon.get_rect(bottomleft=(tile.x, tile.bottom)))
    elif mark == "recruit":
        shown = ghost(rules.DRAGON, rules.WHITE, int(w * 0.8), pal)
        surface.blit(shown, shown.get_rect(center=c))
        draw.dot(surface, c, max(4, w * 0.15), pal.move, 215)
