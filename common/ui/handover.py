"""Where the hand-over screen used to live: kept for the game packages, which import `HandOver`
(and this module) from here. It lives in `common.ui.scenes.handover_scene`."""

from __future__ import annotations

from common.ui.scenes.handover_scene import MAX_NAME, PASS_ON, HandOver

__all__ = ["MAX_NAME", "PASS_ON", "HandOver"]
