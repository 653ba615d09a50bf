"""The Host game screen once the game is hosted: what the friends need, big enough to read out,
and who has been heard from.

On the host's own server: the address (``192.168.1.20:40123``) once, then per remote seat its
short join code (``K7QM-3XTP``, `common.net.ticket`) in large letters with Copy (the code, the
address and the full URL), and the spectators' code the same way; how long the codes work.
On a hub there are no codes: each row says to send the URL (Copy). Under them, the table's
line (`NetTable.who`: what is known of each seat) and its last notes.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from common.i18n import _
from common.net import ticket, wire
from common.ui import draw


def place_waiting(scene: Any, x: int, y: int) -> None:
    """Place the Copy buttons, one row per role, from `y` (the address line above them)."""
    m = scene.app.m
    copy_w = int(m.normal * 5)
    y += m.normal + m.large + 2 * m.pad
    for button, _role in scene.copy_buttons:
        button.rect = pygame.Rect(scene.panel.right - 2 * m.pad - copy_w, y + m.normal // 2,
                                  copy_w, m.button_h)
        y += row_height(m)


def row_height(m: Any) -> int:
    """A role's row: its title, then its code in large letters."""
    return m.normal + 6 + int(m.large * 1.4) + m.pad


def draw_waiting(scene: Any, surface: pygame.Surface, x: int) -> None:
    """The address, the codes, and the table's line."""
    pal, m = scene.app.pal, scene.app.m
    table, hosted = scene.table, scene.hosted
    width = scene.panel.w - 4 * m.pad
    y = scene.panel.y + 2 * m.pad + m.large + 2 * m.pad
    if hosted.codes:
        url = hosted.url(wire.WATCH_ROLE)
        where = url.server.split("://", 1)[1]
        intro = _("Friends choose Join game and type the code of their seat and this address:")
        draw.blit_text(surface, intro, draw.fit_text(intro, m.normal, width), pal.text, (x, y))
        draw.blit_text(surface, where, m.large, pal.text, (x, y + m.normal + 4), bold=True)
    else:
        intro = _("The game is on the hub: send each friend the URL of their seat (Copy).")
        draw.blit_text(surface, intro, draw.fit_text(intro, m.normal, width), pal.text, (x, y))
    text_w = width - int(m.normal * 5) - m.pad
    for button, role in scene.copy_buttons:
        _draw_role(scene, surface, x, button.rect.y - m.normal // 2, role, text_w)
        button.draw(surface, pal, m)
    y = (scene.copy_buttons[-1][0].rect.y - m.normal // 2 + row_height(m)
         if scene.copy_buttons else y + 2 * m.large)
    lines = [*([_codes_note(hosted)] if hosted.codes else []), table.who(),
             *([table.waiting_for_setup()] if table.waiting_for_setup() else []),
             *table.notes[-3:]]
    for line in lines:
        for part in draw.wrap(line, m.small, width, max_lines=3):
            if y + m.small > scene.back.rect.y - m.pad:
                return
            draw.blit_text(surface, part, m.small, pal.text_dim if line is lines[0] else
                           pal.text, (x, y))
            y += m.small + 4
        y += 2


def _draw_role(scene: Any, surface: pygame.Surface, x: int, y: int, role: str,
               width: int) -> None:
    """One role's row: who (and what is known of them), then the code (or the URL)."""
    pal, m = scene.app.pal, scene.app.m
    table, hosted = scene.table, scene.hosted
    if role == wire.WATCH_ROLE:
        title = _("Spectators (watch only)")
    else:
        player = table.game.player_of(role) if table.game.ready else None
        name = table.name(player) if player is not None else role
        title = table.heard_words(player, name) if player is not None else name
    draw.blit_text(surface, title, draw.fit_text(title, m.normal, width), pal.text, (x, y))
    code = hosted.codes.get(role)
    y += m.normal + 6
    if code:
        text = ticket.shown(code)
        draw.blit_text(surface, text, int(m.large * 1.3), pal.text, (x, y), bold=True)
    else:
        for i, line in enumerate(draw.wrap(str(hosted.url(role)), m.small, width,
                                           max_lines=2)):
            draw.blit_text(surface, line, m.small, pal.text_dim, (x, y + i * (m.small + 3)))


def _codes_note(hosted: Any) -> str:
    """How long the codes work (they are tickets: `common.net.ticket`)."""
    until = hosted.codes_at + ticket.TICKET_SECONDS
    if time.time() >= until:
        return _("The codes have expired: Copy gives the full URL, which still works.")
    return _("The codes work until {time} (Copy also gives the full URL, which always "
             "works).").format(time=time.strftime("%H:%M", time.localtime(until)))
