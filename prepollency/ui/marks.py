"""The marks of the Prepollency board: how it shows the threats of `prepollency.ui.threats`,
in the Overlords board's shapes (`common.ui.badges`; never by colour alone):

- a square that matters for a threatened win (the Obelisk of a hold at its third round, the
  last open squares of a base, a Khan that can be taken): a thick inner border in the danger
  colour with the "!" triangle in its top-left corner;
- a target of the picked piece: the shield (this move stops the threatened win) or the "!"
  triangle (after it, no way to finish the turn stops it; or, with nothing threatened now, it
  hands a win over or lets your base fall) in its bottom-right corner.

`ask_first` is the question before a step that hands the game over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from common.i18n import N_
from common.ui.badges import LOSES, draw_loss_mark, draw_shield
from common.ui.board import BoardView
from common.ui.theme import Palette
from prepollency.ui.threats import SHIELD


def draw_threat_squares(surface: pygame.Surface, view: BoardView, squares: Iterable[int],
                        pal: Palette) -> None:
    """The squares that matter for a threat (see module)."""
    tile = view.tile
    width = max(3, tile // 11)
    size = max(12, int(tile * 0.3))
    for sq in squares:
        rect = view.square_rect(sq)
        pygame.draw.rect(surface, pal.backdrop, rect.inflate(-2, -2), width + 2,
                         border_radius=3)
        pygame.draw.rect(surface, pal.refusal, rect.inflate(-4, -4), width, border_radius=3)
        draw_loss_mark(surface, pygame.Rect(rect.x + 2, rect.y + 2, size, size), LOSES, pal)


def draw_target_marks(surface: pygame.Surface, view: BoardView,
                      marks: Iterable[tuple[int, str]], pal: Palette) -> None:
    """The shield or the triangle in the corner of the targets that carry one."""
    size = max(14, int(view.tile * 0.3))
    for sq, mark in marks:
        rect = view.square_rect(sq)
        corner = pygame.Rect(rect.right - size - 2, rect.bottom - size - 2, size, size)
        if mark == SHIELD:
            draw_shield(surface, corner, pal)
        else:
            draw_loss_mark(surface, corner, LOSES, pal)


def ask_first(app, title: str, line: str, play: Callable[[], None]) -> None:
    """"Hand Blue the win?" with Cancel (the default) and Play it."""
    from common.ui.scenes.dialog_scene import Dialog

    app.push(Dialog(app, title, [line, N_("Play it anyway?")],
                    [(N_("Cancel"), lambda: None), (N_("Play it"), play)], cancel=lambda: None,
                    width=0.4))
