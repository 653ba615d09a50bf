"""The scene base class: each screen handles actions, updates with time and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from common.ui.input import Action

if TYPE_CHECKING:
    from common.ui.app import App


class Scene:
    """One screen or overlay on the app's scene stack.

    `handle` returns True when it used an action (the app then stops offering it); `update`
    advances time; `draw` paints the scene and changes nothing. A scene that is not `opaque`
    is drawn over the scene below it (overlays, dialogs).

    The app's loop rests: it draws a frame only after an input event (which covers hover),
    a push / pop / resize / settings change / toast, an `app.invalidate()`, or while some
    scene's `wants_frames()` is True. So a scene
    - returns True from `wants_frames` while anything it draws moves or changes with time:
      a tween runs, a CPU or bot seat is to move (its answer is polled in `update` and the
      thinking indicator turns), a timed mark shows (a refusal flash, a countdown);
    - calls `self.app.invalidate()` whenever something it draws changes outside `handle`
      (input already redraws) and outside those frames: e.g. a result found in `update`
      while it wanted no frames. When in doubt, invalidate: one extra frame is cheap.
    The default `wants_frames` is False: a static scene. While the app rests, `update` is
    still called at least every `REST_MS` with the real time elapsed (about 0.2 s).
    """

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of this size (called on push and on every resize)."""

    def handle(self, action: Action) -> bool:
        """React to an action; True if used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (called every turn of the loop, also while covered by an
        overlay; after a rest, dt is the real time rested)."""

    def wants_frames(self) -> bool:
        """True while the scene needs the 60 FPS loop (it animates or waits on something)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def toast_bottom(self) -> int | None:
        """The lowest y the app's toast may reach over this scene (above something it must
        not cover), or None: the window's bottom edge."""
        return None

    def settings_changed(self) -> None:
        """The palette, sound or animation setting changed: refresh cached drawings."""

    def saves_changed(self) -> None:
        """Saved games were deleted, renamed or moved (the Load screen tells the scenes
        under it as it leaves)."""

    def close(self) -> None:
        """The scene leaves the stack for good: stop its work (CPU searches, ...)."""
