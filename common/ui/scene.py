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
        """Advance by dt seconds (called every frame, also while covered by an overlay)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def settings_changed(self) -> None:
        """The palette, sound or animation setting changed: refresh cached drawings."""

    def close(self) -> None:
        """The scene leaves the stack for good: stop its work (CPU searches, ...)."""
