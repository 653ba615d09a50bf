"""Holding a game screen's thinking (`common.ui.game_scene.GameScene.hold`): while another
screen is over it (the app calls `pause`, then `resume`), or while the screen itself holds
(`GameScene.holds`: a lesson between its steps), no CPU, bot or hint thinks.

Holding drops the question a CPU or bot seat is thinking about, and the hint's: a CPU stops
searching, a bot's program is stopped, so it is never forfeited for the time spent in the
menu. Going on asks again from the start: the seat gets its whole time, and a hint that was
asked comes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.ui import game_hint

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class GameHold:
    """Whether one game screen's seats and hint are held (`paused`)."""

    def __init__(self) -> None:
        self.paused = False  # a screen (the in-game menu, settings, rules) is over this one
        self.hint_again = False  # the hint's question was dropped by the hold: ask again

    def set(self, scene: GameScene, paused: bool) -> None:
        """Hold the seats and the hint of `scene`, or let them go on (see the module
        docstring)."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            if scene.seats.thinking:
                scene.seats.stop()
            if scene.hints.asked:
                scene.hints.cancel()
                self.hint_again = True
        elif self.hint_again:
            self.hint_again = False
            if scene.my_turn and scene.controller.hint is None:
                game_hint.request(scene)
