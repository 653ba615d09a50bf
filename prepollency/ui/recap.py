"""The recap: the turns since a player last moved, replayed fast before its turn.

When a person's turn comes after other seats played (a hot-seat hand-over, or CPU turns),
`Recap` replays those turns (`Match.turns_since`) one after another on the board: each turn's
position is shown, its moves slide with arrows, and a line of words says what it did ("Red:
Cavalry c3-e5 took Blue's Archer.", "Blue held the line.", a Khan, an elimination). A click or
a key skips to the end. The setting `recap` (off: no recap) is read with a default of on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prepollency.ui.anim import animate
from prepollency.ui.words import turn_facts, turn_line

SCALE = 1.0  # the recap's animations run at this fraction of their normal length
PAUSE = 1.2  # seconds a recapped turn stays before the next one (time to read its line)
MAX_LINES = 4  # lines of the recap shown at once (the latest)


def recap_wanted(app: Any) -> bool:
    """True if the player wants recaps (the setting, on by default)."""
    return app.settings.recap


class Recap:
    """A running recap of some turns of a match (indices into `match.moves`)."""

    def __init__(self, match: Any, view: Any, turns: list[int], name: Callable[[int], str],
                 on_done: Callable[[], None]) -> None:
        self.match = match
        self.view = view
        self.turns = list(turns)
        self.total = len(self.turns)
        self.name = name
        self.on_done = on_done
        self.lines: list[tuple[int, str]] = []  # (seat, words) of the turns shown so far
        self.index: int | None = None  # the turn being shown
        self.wait = 0.0
        self.done = not self.turns

    @property
    def shown(self) -> int:
        """How many turns of the match the board shows now (its position's index)."""
        return self.index + 1 if self.index is not None else len(self.match.moves)

    @property
    def progress(self) -> tuple[int, int]:
        """The turn being shown as (its number in the recap from 1, how many there are)."""
        return self.total - len(self.turns), self.total

    @property
    def last(self) -> tuple:
        """The moves of the turn being shown (its arrows)."""
        return tuple(self.match.moves[self.index]) if self.index is not None else ()

    def start(self) -> None:
        """Show the first turn."""
        self._next()

    def _next(self) -> None:
        if not self.turns:
            self.finish()
            return
        i = self.turns.pop(0)
        self.index = i
        m = self.match
        before, after = m.states[i], m.states[i + 1]
        facts = turn_facts(before, tuple(m.moves[i]), after)
        self.view.recap_animator.clear()
        length = animate(self.view.recap_animator, facts, before.owners, before.kinds, SCALE)
        self.wait = length + PAUSE
        self.lines.append((facts.seat, turn_line(facts, self.name)))
        self.lines = self.lines[-MAX_LINES:]
        if facts.captures:
            self.view.app.sound.play("capture", 0.5)
        elif facts.steps:
            self.view.app.sound.play("move", 0.4)
        if facts.gone:
            self.view.app.sound.play("elimination", 0.6)
        elif facts.khan is not None:
            self.view.app.sound.play("khan", 0.6)

    def update(self, dt: float) -> bool:
        """Advance; True if the board must be redrawn (the next turn began or it ended)."""
        if self.done:
            return False
        self.wait -= dt
        if self.wait <= 0 and not self.view.recap_animator.busy:
            self._next()
            return True
        return False

    def finish(self) -> None:
        """Skip to the end (a click): the live position, tweens stopped."""
        if self.done:
            return
        self.done = True
        self.index = None
        self.turns.clear()
        self.view.recap_animator.clear()
        self.on_done()
