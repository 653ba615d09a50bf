"""`ScenePart`: what every part of the game screen that reads the screen back shares (its
`scene`, given once, let go when the screen is released)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class ScenePart:
    """A part of the game screen that reads the screen back through `scene`: the controller,
    the view, the move log, the analysis panel, the input. It is given its screen once (the
    constructor or `attach`) and let go when the screen is released (`scene = None`, which
    breaks the cycle); asking a part for its screen before or after that is a bug, told as
    one (RuntimeError) rather than an AttributeError on None."""

    _scene: GameScene | None = None

    @property
    def scene(self) -> GameScene:
        """The screen this part serves."""
        if self._scene is None:
            raise RuntimeError(f"the {type(self).__name__} serves no game screen now")
        return self._scene

    @scene.setter
    def scene(self, scene: GameScene | None) -> None:
        self._scene = scene

    @property
    def attached(self) -> bool:
        """True while it serves a screen."""
        return self._scene is not None
