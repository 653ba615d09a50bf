"""The setup of the figures at a network table: the same screen as at one table
(`overlords.ui.setup_scene.SetupScene`: drag the four figures onto the back row, Default,
Shuffle, Ready), for the one side this window's person plays.

The board is the log's (its header's features); White sets up first, then Black, who sees
White's figures, as at one table: the log's judge takes the setups in that order, and the
window opens this screen only when its side's setup is due. Ready hands the side's setup (as
a record writes it: ``{"O": "e1", ...}``) to `done`, which publishes it; the screen closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.seats import SeatSpec
from overlords import rules
from overlords.setup import features_of, record_header, setup_of
from overlords.state import SIDE_NAMES
from overlords.ui.board import feature_plane
from overlords.ui.setup_phase import SetupPhase
from overlords.ui.setup_scene import SetupScene


class NetSetupScene(SetupScene):
    """One side's setup at a network table (see the module docstring)."""

    def __init__(self, app: Any, initial: rules.State, side: int, seed: int,
                 done: Callable[[dict], None]) -> None:
        self.side = side  # (before the base's __init__: it asks `_next` for the first phase)
        self.done = done
        self.initial = initial
        super().__init__(app, [SeatSpec("human"), SeatSpec("human")], seed)
        self.features = features_of(initial)  # the log's board, whatever the seed says
        self.plane = feature_plane(self.features)
        self.board.flipped = side == rules.BLACK
        if side == rules.BLACK:  # Black sets up seeing White's figures, as at one table
            self.placed[rules.WHITE] = dict(setup_of(initial)[rules.WHITE])

    def _next(self) -> None:
        """This side's figures to place; once they stand, the setup goes out."""
        side = self.side
        if side not in self.placed or len(self.placed[side]) < 4:
            self.phase = SetupPhase(side, self.placed)
            self.focus.reset()
            self.refresh()
            return
        self.phase = None
        whole = {**setup_of(self.initial), side: self.placed[side]}
        state = rules.make_state(self.features, whole)
        if self.app.top is self:
            self.app.pop()
        self.done(record_header(state)["setup"][SIDE_NAMES[side]])

