"""The Hint of the shared game screen: the `normal` level's move for the position, asked off
the UI thread (`common.ui.seat_driver.HintAsker`), shown and not played: the game's controller
decides how (`Controller.show_hint`). Functions of a `common.ui.game_scene.GameScene`; pressed
again the hint goes away; a move, undo, redo, review or leaving the screen drops the question.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from common.i18n import _
from common.protocol import IllegalMoveError
from common.seats import Ask

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


def seed_of(position: bytes) -> int:
    """A hint's seed made from a position's bytes alone (each game says which bytes make its
    position: `Controller.hint_seed`), so the same position always gets the same hint."""
    digest = hashlib.blake2b(position, digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def request(scene: GameScene) -> None:
    """Ask the `normal` level for this position's move (off the UI thread); pressed
    while a hint shows, it puts the hint away."""
    m = scene.match
    if not scene.my_turn:
        reason = (_("No hints while looking back: press Back to game first")
                  if m.review is not None else _("The game is over") if m.over
                  else _("Hints are for your turn") if not m.is_human(m.to_move) else "")
        if reason:
            scene.refuse(reason)
        return
    if scene.controller.hint is not None:
        scene.controller.show_hint(None)
        scene.refresh()
        return
    if scene.hints.asked:
        return
    scene.hints.start(Ask(m.game.NAME, m.state, scene.controller.hint_seed(m.state)))
    scene.app.sound.play("select", 0.4)
    scene.refresh()


def update(scene: GameScene) -> None:
    """Each frame while asked: drop a question the position outgrew; show the answer once in."""
    if not scene.hints.asked:
        return
    if scene.match.state is not scene.hints.state or not scene.my_turn:
        cancel(scene)
        scene.refresh()
        return
    move = scene.hints.poll()
    if move is None:
        return
    try:
        scene.match.game.apply(scene.match.state, move)
    except (IllegalMoveError, ValueError):
        scene.app.toast(_("The hint came back with an illegal move; try again"))
        scene.refresh()
        return
    scene.controller.show_hint(move)
    scene.clear_refusal()
    scene.app.sound.play("select", 0.5)
    scene.refresh()


def cancel(scene: GameScene) -> None:
    """Drop a running hint question and any hint shown."""
    scene.hints.cancel()
    if scene.controller.hint is not None:
        scene.controller.show_hint(None)
