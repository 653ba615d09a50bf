"""When a scene fails: the app does not close, it says sorry.

A scene's `update` or `draw` that raises (a bug) ends up in `recover`: the traceback goes to
the log (and the terminal), every game on the stack is asked to keep itself (its `autosave()`,
best effort), the scenes close (nothing is deleted) and the apology screen
(`common.ui.scenes.apology_scene`) shows, which leads back to the main menu. A failure of the
apology screen itself is not caught again: it goes up (and to the log).
"""

from __future__ import annotations

import logging
import sys
import traceback
from typing import TYPE_CHECKING

from common import logs, paths
from common.ui.scene import Scene

if TYPE_CHECKING:
    from common.ui.app import App

log = logging.getLogger(f"{paths.APP_NAME}.app")


def recover(app: App, scene: Scene, err: Exception, during: str) -> None:
    """`scene.<during>` raised `err`: log it, keep the games, close the scenes, apologise
    (see the module docstring)."""
    from common.ui.scenes.apology_scene import ApologyScene

    if isinstance(scene, ApologyScene):
        raise err
    log.error("%s.%s failed", type(scene).__name__, during, exc_info=err)
    if sys.stderr is not None:
        traceback.print_exception(err, file=sys.stderr)
    # The apology screen keeps the error for its one line: not the failed scene (App.draw
    # notes it on the error), nor the traceback, whose frames hold the scenes and the app
    # (the log has it all by now).
    vars(err).pop("_scene", None)
    err.__traceback__ = None
    kept = keep_games(app.stack)
    app.close_scenes(careful=True)
    app.toasts.clear()
    app.push(ApologyScene(app, err, logs.current(), kept))


def keep_games(stack: list[Scene]) -> bool | None:
    """Ask every game on the stack to save itself (`autosave()`: False from it means this
    app keeps no saves: a lesson or a puzzle says so too). True: all were kept; False: one was
    not; None: no game was open."""
    kept: bool | None = None
    for held in reversed(stack):
        try:
            saved = held.keep_game()
        except Exception:
            log.exception("autosave of %s after the failure", type(held).__name__)
            saved = False
        if saved is not None:
            kept = saved if kept is None else kept and saved
    return kept
