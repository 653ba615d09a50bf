"""The Overlords game screen: the shared `common.ui.game_scene.GameScene` built from a Match,
an `OverlordsController` (what a click means) and an `OverlordsView` (what is drawn)."""

from __future__ import annotations

from collections.abc import Callable

from common.match import Match
from common.ui.game_scene import GameScene
from common.ui.scene import Scene
from overlords.ui.controller import OverlordsController
from overlords.ui.view import OverlordsView


def scene_parts(app, match: Match) -> tuple[OverlordsController, OverlordsView]:
    """The controller and the view of an Overlords match's screen (the lessons build their
    screen from these too)."""
    return OverlordsController(), OverlordsView()


def scene_for(app, match: Match, rematch: Callable[[], Scene] | None = None) -> GameScene:
    """The game screen of an Overlords match (`rematch`: what the Rematch button opens)."""
    return GameScene(app, match, *scene_parts(app, match), rematch=rematch)
