"""The small badges of the Overlords board, each its own shape (never told apart by colour
alone, for colour-blind players):

- a triangle with "!": the move loses the Overlord at once (the reply captures it);
- a diamond with "2": the move loses it by force (after the reply nothing saves it);
- a shield with a tick: after the move the attacked Overlord is safe from the next two moves;
- a padlock: a figure whose Fate stones are all played cannot move until the Reckoning; on
  a frozen Overlord a large one in the danger colour with the turns it stays frozen, over a
  cold veil and a frame (it lost both games of the newcomers' test).

Every badge is drawn into a given rectangle (a corner of a square, a button, the legend).
"""

from __future__ import annotations

import pygame

from common.ui import draw
from common.ui.badges import FORCED, LOSES, draw_loss_mark, draw_shield  # noqa: F401
from common.ui.cache import bounded_cache
from common.ui.theme import Palette


def draw_rune_pill(surface: pygame.Surface, rune: int, px: int, topleft: tuple[int, int],
                   bad: bool, pal: Palette) -> pygame.Rect:
    """A Rune's digit in a pill (a target several Runes reach); struck through on the
    danger colour if that Rune loses. Its rect."""
    text = draw.text(str(rune), px, (255, 255, 255), True)
    pill = text.get_rect().inflate(8, 2)
    pill.topleft = topleft
    pygame.draw.rect(surface, pal.refusal if bad else pal.move, pill, border_radius=pill.h // 2)
    surface.blit(text, text.get_rect(center=pill.center))
    if bad:
        pygame.draw.line(surface, (255, 255, 255), (pill.x + 2, pill.bottom - 3),
                         (pill.right - 3, pill.y + 2), 2)
    return pill


def draw_lock(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int],
              turns: int = 0) -> None:
    """A padlock: this figure cannot move until the Reckoning; with `turns`, that number on
    its body instead of the keyhole (the turns it stays frozen)."""
    surface.blit(_lock(rect.w, (color[0], color[1], color[2]), turns), rect.topleft)


@bounded_cache(1 << 20, "overlords.marks._lock")
def _lock(size: int, color: tuple[int, int, int], turns: int = 0) -> pygame.Surface:
    big = max(8, size) * 4
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    white = (255, 255, 255)
    body = pygame.Rect(big * 0.14, big * 0.42, big * 0.72, big * 0.54)
    shackle = pygame.Rect(big * 0.27, big * 0.06, big * 0.46, big * 0.62)
    pygame.draw.ellipse(s, white, shackle, int(big * 0.16))
    pygame.draw.ellipse(s, color, shackle.inflate(-big * 0.06, -big * 0.06), int(big * 0.08))
    pygame.draw.rect(s, white, body, border_radius=int(big * 0.1))
    pygame.draw.rect(s, color, body.inflate(-big * 0.08, -big * 0.08),
                     border_radius=int(big * 0.08))
    if turns:
        draw.blit_text(s, str(turns), int(big * 0.42), white, body.center, "center", bold=True)
    else:
        pygame.draw.circle(s, white, (big / 2, body.centery - big * 0.03), big * 0.07)
        pygame.draw.rect(s, white, pygame.Rect(big * 0.47, body.centery, big * 0.06,
                                               big * 0.14))
    return pygame.transform.smoothscale(s, (size, size))
