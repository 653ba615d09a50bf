"""A game whose autosave cannot be written stays visibly unsaved until a write succeeds: a
lasting "Not saved" mark on the game screen (with the reason, one hover away), and a
question before leaving it (retry, leave anyway, or stay). Functions of a
`common.ui.game_scene.GameScene`; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.scene import Scene
from common.ui.scenes.dialog_scene import Dialog

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene

MARK = N_("Not saved")


def problem(scene: Scene) -> str | None:
    """Why the last write of the game on this screen failed (drawable), while no write has
    succeeded since; None for a screen that holds no game."""
    return scene.unsaved()


def mark_rect(scene: GameScene) -> pygame.Rect | None:
    """Where the mark is drawn (the top right of the status area), or None."""
    areas = scene.areas
    if areas is None or problem(scene) is None:
        return None
    m = scene.app.m
    w = draw.text(MARK, m.small, (0, 0, 0), True).get_width() + 2 * m.pad
    h = int(m.small * 1.7)
    return pygame.Rect(areas.status.right - w - m.pad // 2, areas.status.y + m.pad // 2, w, h)


def draw_mark(scene: GameScene, surface: pygame.Surface, hover: tuple[int, int]) -> None:
    """The lasting mark (its reason under the pointer when hovered)."""
    rect = mark_rect(scene)
    if rect is None:
        return
    pal, m = scene.app.pal, scene.app.m
    pygame.draw.rect(surface, pal.refusal, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, pal.text, rect, width=1, border_radius=rect.h // 2)  # a shape
    draw.blit_text(surface, MARK, m.small, pal.background, rect.center, "center", bold=True)
    if rect.collidepoint(hover):
        words = _("The game cannot be saved: {problem}. It is tried again every turn.").format(
                    problem=problem(scene))
        lines = draw.wrap(words, m.small, max(200, rect.w * 4))[:3]
        y = rect.bottom + m.pad // 2
        width = max(draw.text(line, m.small, pal.text).get_width() for line in lines)
        box = pygame.Rect(0, y, width + 2 * m.pad, len(lines) * int(m.small * 1.4) + m.pad)
        box.right = min(surface.get_width() - m.pad // 2, rect.right)
        pygame.draw.rect(surface, pal.panel, box, border_radius=m.radius)
        pygame.draw.rect(surface, pal.refusal, box, width=1, border_radius=m.radius)
        for n, line in enumerate(lines):
            draw.blit_text(surface, line, m.small, pal.text,
                           (box.x + m.pad, box.y + m.pad // 2 + n * int(m.small * 1.4)))


def ask_before_quit(app: Any) -> bool:
    """Closing the window: False (quit now) if every game on the stack is saved, or if the
    question was asked already (closing again means it); else True (the app runs on) and
    the question is up, its "Leave" quitting."""
    if isinstance(app.top, Dialog) and app.top.quitting:
        return False
    scene = next((s for s in app.stack if problem(s) is not None), None)
    if scene is None:
        return False

    def quit_now() -> None:
        app.running = False

    confirm_leave(scene, quit_now)
    app.top.quitting = True
    return True


def confirm_leave(scene: GameScene, leave: Callable[[], None]) -> None:
    """Leave the game now if it is saved; else ask first: try to save again, leave without
    saving (its moves since the last save are lost), or stay."""
    if problem(scene) is None:
        leave()
        return
    app = scene.app

    def retry() -> None:
        scene.autosave()
        if scene.saver is not None:
            scene.saver.flush()
        if problem(scene) is None:
            app.toast(_("Saved"), 2.0)
            leave()
        else:
            confirm_leave(scene, leave)

    app.push(Dialog(app, N_("This game is not saved"), [
        _("The last moves could not be written: {problem}.").format(problem=problem(scene)),
        N_("Leave anyway, and they are lost; or free some space and try again.")],
        [(N_("Try again"), retry), (N_("Leave without saving"), leave), (N_("Stay"), lambda: None)],
        cancel=lambda: None))
