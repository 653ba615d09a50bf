"""Who takes the mouse at one table, the same in every game: when a person's turn starts in a
game two or more people play at one table, is a hand-over due (`HotSeat.started`)?

A hand-over is due when the `handover` setting is on, two or more people play here, and the
turn passes to another person than the one whose turn started last: after the others' moves
(`TurnStart.fresh`: the game's band says what happened), or after an Undo or a Redo that gave
the turn to the other person (issue 21: the mouse changes hands; the band says `WENT_BACK` after
an Undo, `REDONE` after a Redo, and what happened after a resignation: `again_words`).
Nothing is hidden: the band (`common.ui.scenes.handover_scene.HandOver`, in the game's
colours) only makes sure the right person takes the mouse. The game then goes on
(Prepollency: its recap).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.i18n import N_

WENT_BACK = N_("The game went back: it is your turn again")  # the band's line after an Undo
REDONE = N_("Redo played the turns again: it is your turn")  # after a Redo


@dataclass(frozen=True)
class TurnStart:
    """What a person's turn start means for the table."""

    fresh: bool  # moves were played since a person's turn last started
    hand_over: bool  # a hand-over is due (see the module docstring)
    at_table: bool  # two or more people play this game at this table
    moved: int = 0  # turns since a person's turn last started (< 0: went back, an Undo)


class HotSeat:
    """A game screen's memory of the turns that started: the moves seen and whose turn it
    was last."""

    def __init__(self) -> None:
        self.seen = 0  # the most moves played when a person's turn last started
        self.count = 0  # the moves played when a person's turn last started
        self.last_person: int | None = None  # whose turn started last

    def started(self, match: Any, player: int, setting: bool) -> TurnStart:
        """`player`'s turn starts (`setting`: the player's `handover` setting)."""
        count = len(match.moves)
        fresh = count > self.seen
        self.seen = max(self.seen, count)
        moved, self.count = count - self.count, count
        previous, self.last_person = self.last_person, player
        at_table = match.humans >= 2
        return TurnStart(fresh, setting and at_table and previous not in (None, player),
                         at_table, moved)


def again_words(start: TurnStart, same: str) -> str:
    """The band's line when the turn came back to a person without new moves: after an Undo
    `WENT_BACK`, after a Redo `REDONE`, else (a seat resigned or left: the same turns) `same`,
    the game's words for what happened."""
    return WENT_BACK if start.moved < 0 else REDONE if start.moved > 0 else same


def announce(app: Any, band: Any) -> None:
    """The turn's sound, and the hand-over band over the game screen."""
    app.sound.play("turn", 0.7)
    app.push(band)
