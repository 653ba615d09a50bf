"""What the Overlords view draws of its controller's state, handed over as one value:
`Look` (`OverlordsController.look()`). The view reads nothing else of the controller
(tests/test_layers.py holds it to that).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from overlords import rules
from overlords.ui.threats import TargetMarks


@dataclass(frozen=True)
class Look:
    """What the view draws of the controller's state, handed over as one value (`look()`):
    the picks, the targets with their marks, the attack on the side to move and the hint on
    the person's turn (nothing picked otherwise), and a dragged figure."""

    mine: bool = False  # the person's live turn: picks, targets and marks show
    rune: int | None = None  # the Rune stone picked
    fate: int | None = None  # the Fate stone picked
    figure: int | None = None  # the square of the figure picked
    movable: frozenset[int] = frozenset()  # figures the picked stones move (none picked)
    targets: dict[int, list[rules.Move]] = field(default_factory=dict)
    marks: TargetMarks = field(default_factory=TargetMarks)
    attacked: bool = False  # the side to move's Overlord is attacked
    overlord: int | None = None  # its square
    attackers: tuple[int, ...] = ()  # the attacking figures' squares
    hint: rules.Move | None = None
    dragged: int | None = None  # the figure type under the pointer (a drag)
    drag_pos: tuple[int, int] = (0, 0)

    def layer_key(self) -> Hashable:
        """Everything of this value the cached layer shows (the drag's position is drawn each
        frame)."""
        marks = self.marks if self.mine else None
        return (self.mine, self.rune, self.fate, self.figure, marks, self.attacked,
                self.overlord, self.hint, self.dragged)
