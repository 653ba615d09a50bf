"""What the Prepollency view draws of its controller's state, handed over as one value:
`Look` (`TurnController.look()`). The view reads nothing else of the controller
(tests/test_layers.py holds it to that).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from prepollency.moves import Move
from prepollency.ui.recap import Recap


@dataclass(frozen=True)
class Look:
    """What the view draws of the controller's state, handed over as one value (`look()`):
    on a person's live turn the piece picked, its targets with their marks, the squares the
    threats are about and the hint; the recap while it runs; a dragged piece."""

    acting: bool = False  # a person may act on the board now (not during a recap)
    picked: int | None = None  # the square of the piece picked
    targets: dict[int, Move] = field(default_factory=dict)  # its legal steps by square
    actionable: frozenset[int] = frozenset()  # squares a click does something on
    threat_squares: frozenset[int] = frozenset()  # what the threats are about
    marks: tuple[tuple[int, str], ...] = ()  # (target, SHIELD or LOSES)
    hint: Any = None  # the hinted Turn
    recap: Recap | None = None  # the recap running over the board
    dragged: int | None = None  # the kind of the piece under the pointer (a drag)
    drag_pos: tuple[int, int] = (0, 0)

    def layer_key(self) -> Hashable:
        """Everything of this value the cached layer shows (the drag's position is drawn each
        frame)."""
        r = self.recap
        recap = () if r is None else (r.index, len(r.lines))
        return (self.acting, self.picked, tuple(self.targets), self.threat_squares,
                self.marks, self.hint, recap, self.dragged is not None)
