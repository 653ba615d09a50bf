"""The lesson card of `common.ui.lesson_scene.LessonScene`, drawn over the move log's place:
the lesson and step, what the step teaches, the goal, the answer to the last try (a cross for
a miss, a tick for a goal met), and the corner marks on the step's highlighted squares.

In a small window the words shrink down to a floor, then the step's intro gives way to the
answer (`fit`); whether every line was shown is returned, so the screen can say the step's
task in its status box where the card cannot. Drawing changes nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.theme import Metrics, Palette, mix

if TYPE_CHECKING:
    from common.ui.lesson_scene import LessonScene

Line = tuple[str, Any, bool, int]  # text, colour, bold, block


def draw_marks(layer: pygame.Surface, scene: LessonScene) -> None:
    """Corner marks on the highlighted squares (a shape, so not only a colour)."""
    pal = scene.app.pal
    board = scene.view.board
    grid = scene.run.game.engine.GRID
    for name in scene.lesson_step.highlight:
        try:
            rect = board.square_rect(grid.index(name)).inflate(-4, -4)
        except ValueError:
            continue
        arm = max(6, rect.w // 4)
        width = max(3, rect.w // 14)
        for corner, dx, dy in ((rect.topleft, 1, 1), (rect.topright, -1, 1),
                               (rect.bottomleft, 1, -1), (rect.bottomright, -1, -1)):
            x, y = corner
            for colour, w in (((20, 20, 20), width + 2), (pal.info, width)):
                pygame.draw.line(layer, colour, (x, y), (x + dx * arm, y), w)
                pygame.draw.line(layer, colour, (x, y), (x, y + dy * arm), w)


def draw_card(layer: pygame.Surface, scene: LessonScene) -> bool:
    """The card in `scene.card`; True if every line of it was shown."""
    pal, m = scene.app.pal, scene.app.m
    card = scene.card
    draw.panel(layer, card, pal.panel, pal.panel_edge, m.radius, 0)
    lesson, step = scene.run.lesson, scene.lesson_step
    x, width = card.x + m.pad, card.w - 2 * m.pad
    y = card.y + m.pad // 2
    head = _("Lesson {number} of {count}: {title}").format(
        number=scene.lesson_index + 1, count=len(scene.lessons), title=_(lesson.title))
    px = draw.fit_text(head, m.normal, width, True)
    draw.blit_text(layer, head, px, pal.text, (x, y), bold=True)
    y += int(px * 1.35)
    count = _("Step {number} of {count}").format(number=scene.run.index + 1,
                                                 count=len(lesson.steps))
    draw.blit_text(layer, count, m.small, pal.text_dim, (x, y))
    y += int(m.small * 1.4)
    bottom = card.bottom - m.button_h - m.pad
    kind, said = scene.feedback
    # the lesson's words come from its file: the template holds them (extract_messages)
    blocks = [(_(step.intro), pal.text_dim, False), (_(step.text), pal.text, True)]
    if said:
        tone = {"no": pal.refusal, "ok": pal.text, "end": pal.text}[kind]
        blocks.append((said, tone, kind != "no"))
    lines, px, fits = fit(blocks, width - m.pad, bottom - y, m)
    _draw_blocks(layer, lines, px, (x, y, bottom), kind, pal, m)
    if scene.finished:
        pygame.draw.rect(layer, mix(pal.panel_edge, pal.primary, 0.5), card, 2,
                         border_radius=m.radius)
    return fits


def fit(blocks: list, width: int, room: int, m: Metrics) -> tuple[list[Line], int, bool]:
    """The card's lines (text, colour, bold, block), their size, and whether every line fits:
    the normal size, smaller down to a floor, then, once there is an answer, without the
    step's intro (it was read) from the normal size again."""
    px = m.normal
    while True:
        lines = [(line, colour, bold, i) for i, (text, colour, bold) in enumerate(blocks)
                 for line in draw.wrap(text, px, width, bold) if text]
        need = len(lines) * int(px * 1.3) + len(blocks) * (m.pad // 2)
        if need <= room:
            break
        if px > m.small - 3:
            px -= 1
        elif len(blocks) > 2 and blocks[0][0]:  # the intro gives way to the answer
            blocks[0], px = ("", blocks[0][1], False), m.normal
        else:
            break
    return lines, px, need <= room


def _draw_blocks(layer: pygame.Surface, lines: list[Line], px: int,
                 where: tuple[int, int, int], kind: str, pal: Palette, m: Metrics) -> None:
    """The card's lines from (x, y) down to `bottom`: a gap between blocks, a bar at the left
    of the goal (block 1), the feedback's sign before block 2."""
    x, y, bottom = where
    block = -1
    for line, colour, bold, i in lines:
        if i != block:
            if block != -1:
                y += m.pad // 2
            block = i
            if i == 1:  # the goal: a bar at its left
                height = sum(1 for entry in lines if entry[3] == 1) * int(px * 1.3)
                pygame.draw.rect(layer, pal.primary, (x - m.pad // 2, y, 4, height))
            if i == 2:
                _draw_sign(layer, kind, (x - m.pad // 2 + 2, y + px * 0.6), px, pal)
        if y + int(px * 1.3) > bottom + 4:
            break
        draw.blit_text(layer, line, px, colour, (x + m.pad, y), bold=bold)
        y += int(px * 1.3)


def _draw_sign(layer: pygame.Surface, kind: str, at: tuple[float, float], px: int,
               pal: Palette) -> None:
    """A cross for a miss, a tick for a goal met."""
    s = px * 0.32
    if kind == "no":
        draw.cross(layer, at, s * 2, pal.refusal, 3)
        return
    x, y = at
    pygame.draw.lines(layer, pal.primary, False, [(x - s, y), (x - s * 0.2, y + s * 0.8),
                                                   (x + s * 1.1, y - s)], 3)
