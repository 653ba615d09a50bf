"""What the game screen (`common.ui.game_scene.GameScene`) shows, and where: the status
area's words (`status_of`), the place of the status buttons and of the analysis panel, and the
frame: ONE cached layer (the view's board and cards, the status area, the move log) rebuilt
only when its key changes (`LayerCache`), with what moves drawn over it each frame (`draw`).
Nothing here changes the game; nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import N_, _
from common.ui import game_menu, unsaved
from common.ui.game_log import log_word
from common.ui.game_panel import Status, draw_spinner, draw_status, label
from common.ui.widgets import Button, Widget, row

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene

REFUSAL_SHOWN = 6.0  # seconds a refusal stays in the status area
REFUSAL_TIME = 1.4  # seconds the refusal cross stays on its square


def refusal_fade(refused: tuple[str, Any, float] | None) -> float:
    """How strongly a refusal's cross shows on its square now: 1 when just refused, falling
    to 0 after REFUSAL_TIME (0 too for a refusal with no square)."""
    if refused is None or refused[1] is None:
        return 0.0
    return max(0.0, 1 - (time.monotonic() - refused[2]) / REFUSAL_TIME)


def refusal_cross(refused: tuple[str, int | None, float] | None) -> tuple[int, float] | None:
    """The square of a refusal's cross and how strongly it shows now (`refusal_fade`), or None
    while no cross shows."""
    fade = refusal_fade(refused)
    if refused is None or refused[1] is None or fade <= 0:
        return None
    return refused[1], fade


class LayerCache:
    """The screen's cached layer: its surface (reused by every rebuild), the key it was
    drawn for, and a serial that a new layout or palette bumps."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: Hashable = None
        self.built = False
        self.serial = 0  # bumped by every layout and palette change

    def forget(self) -> None:
        """Rebuild on the next frame (the layout or the palette changed, or a bench asks)."""
        self.built = False
        self.serial += 1

    def get(self, scene: GameScene, size: tuple[int, int]) -> pygame.Surface:
        """The layer for this frame: rebuilt (by `scene.build_layer`) if its key changed."""
        key = (size, scene.layer_key())
        if not self.built or key != self.key or self.surface is None:
            self.surface = scene.build_layer(size)
            self.key, self.built = key, True
        return self.surface

    def blank(self, size: tuple[int, int]) -> pygame.Surface:
        """The surface to build the layer on (kept while the window keeps its size)."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert()
        return self.surface


def status_of(scene: GameScene) -> Status:
    """What the status area says now: looking back, the game over, or the controller's
    words (with the CPU's notice); a refusal of the last few seconds replaces the text."""
    m = scene.match
    if m.review is not None:
        where, after = scene.log.position(m.review)
        title = _("Looking back: {where}").format(where=where) if m.review == 0 else \
            _("Looking back: {log_word} {where}").format(log_word=log_word(scene.view.log_word),
                                                         where=where)
        said = _("The position {after}. Prev and Next (or the arrow keys) step through the "
                 "game; click any move.") if after else _(
            "The position before any move. Prev and Next (or the arrow keys) step through the "
            "game; click any move.")
        status = Status(title, None, scene.analysis.note() or said.format(after=after))
    elif m.over:
        status = Status(game_menu.result_title(m), m.result.winner, scene.forfeit_text
                        or _("Game over. Click a move in the log to look back."))
    else:
        status = scene.controller.status()
        # the CPU plays random moves: said all along (a threat to the player's Overlord
        # takes the box while it lasts; the notice is back on the CPU's turn)
        notice = scene.app.cpu.notice
        if notice and not status.warning and any(s.searches for s in m.seats.values()):
            status = replace(status, warning=notice)
    refused = scene.refused
    if refused is not None and refusal_shown(scene):
        status = replace(status, text=refused[0], alert=True)
    return status


def refusal_shown(scene: GameScene) -> bool:
    """True while a refusal's words stay in the status area (REFUSAL_SHOWN seconds)."""
    r = scene.refused
    return bool(r and r[0] and time.monotonic() - r[2] < REFUSAL_SHOWN)


def sync_buttons(scene: GameScene) -> list[Widget]:
    """The toolbar's buttons follow the game (Hint while a person may act and no hint is
    asked; Undo and Redo in the live game); the status buttons now: Prev, Next, the
    analysis' and Back to game when looking back; Rematch and Main menu after the game; the
    controller's while it goes on."""
    m = scene.match
    scene.hint_b.enabled = scene.my_turn and not scene.hints.asked
    scene.hint_b.label = N_("Hint…") if scene.hints.asked else N_("Hint")
    live = m.review is None
    scene.undo_b.enabled = m.can_undo() and live
    scene.redo_b.enabled = m.can_redo() and live
    if not live:
        scene.prev_b.enabled = m.review > 0
        scene.next_b.enabled = m.review < len(m.moves)
        return [scene.prev_b, scene.next_b, *scene.analysis.buttons(), scene.back_b]
    if m.over:
        return [scene.rematch_b, scene.menu_b]
    return list(scene.controller.status_buttons())


def place(scene: GameScene) -> None:
    """After the view's layout: the analysis panel's room (it asks, the scene gives it the
    lower part of the log's area), the coach's band, the toolbar and the status buttons."""
    areas = scene.areas
    assert areas is not None
    log, m = areas.log, scene.app.m
    h = scene.analysis.room(log)
    if h > 0:
        areas.log = pygame.Rect(log.x, log.y, log.w, log.h - h - m.pad // 2)
        scene.analysis.place(pygame.Rect(log.x, log.bottom - h, log.w, h))
    scene.coach.layout()  # and the coach a band at the log's top while it is on
    row(areas.toolbar, scene.toolbar, m.pad // 2)
    place_status_buttons(scene)


def place_status_buttons(scene: GameScene) -> None:
    """The status buttons in a row at the bottom of the status area (a single small one at
    its right)."""
    if scene.areas is None:
        return
    m, st = scene.app.m, scene.areas.status
    r = pygame.Rect(st.x + m.pad, st.bottom - m.button_h - m.pad, st.w - 2 * m.pad,
                    m.button_h)
    buttons = scene.status_buttons
    if len(buttons) == 1 and isinstance(buttons[0], Button) and buttons[0].small:
        r = pygame.Rect(st.right - m.pad - int(r.w * 0.3), r.y, int(r.w * 0.3), r.h)
    row(r, buttons, m.pad)


def draw_panel(scene: GameScene, layer: pygame.Surface) -> str:
    """The shared panel into the layer: the status area and the move log. Returns the
    status area's words it had to shorten, in full ("" if none)."""
    if scene.areas is None:
        return ""
    pal, m, match = scene.app.pal, scene.app.m, scene.match
    last = scene.last_text if match.review is None else ""
    cut = draw_status(layer, scene.areas.status, scene.status(), last, scene.status_buttons,
                      scene.view.player_icon, pal, m)
    scene.log.draw(layer, match.review if match.review is not None else len(match.moves))
    return cut


def draw(scene: GameScene, surface: pygame.Surface) -> None:
    """A frame: the cached layer, then what moves (the view's frame, the analysis), the
    keyboard's cursor, the buttons, the focus, the spinner and the "Not saved" mark."""
    pal, m = scene.app.pal, scene.app.m
    surface.blit(scene.layer.get(scene, surface.get_size()), (0, 0))
    scene.view.draw_frame(surface)
    scene.analysis.draw(surface)  # its own cached picture, and the better-move arrow
    scene.analysis.draw_board(surface)
    scene.coach.draw(surface)
    if scene.my_turn:
        scene.cursor.draw(surface, scene.view.board, pal, scene.view.cursor_colour())
    for widget in scene.toolbar + scene.status_buttons:
        widget.draw(surface, pal, m)
    scene.focus.draw(surface, pal, m)
    if scene.areas is not None and (scene.thinking or scene.hints.asked):
        draw_spinner(surface, scene.areas.status, pal, m)
    unsaved.draw_mark(scene, surface, scene.hover)  # while the autosave cannot write


def wait_words(scene: GameScene) -> str:
    """Why a click on the board does nothing now ("" while a move animates): looking back,
    the game over, or whose search it waits for."""
    m = scene.match
    if m.review is not None:
        return _("You are looking back: press Back to game to play")
    if m.over:
        return _("The game is over")
    if scene.animator.busy:
        return ""
    return _("Please wait: {label} is thinking").format(label=label(m, m.to_move))
