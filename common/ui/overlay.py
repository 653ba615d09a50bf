"""Where the overlays used to live: kept for the many modules that import `Dialog` and
`GameOver` from here (the game packages among them). They live in
`common.ui.scenes.dialog_scene` and `common.ui.scenes.game_over_scene`."""

from __future__ import annotations

from common.ui.scenes.dialog_scene import Dialog
from common.ui.scenes.game_over_scene import GameOver

__all__ = ["Dialog", "GameOver"]
