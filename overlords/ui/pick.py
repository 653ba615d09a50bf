"""What the player has picked so far (Rune, Fate, figure) and what that allows, from the rules.

Plain Python (no pygame). Every answer comes from `rules.legal_moves`: the picker only filters
the legal list by the stones and figure chosen, and asks the engine for the reason when a click
does not match a legal move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from common.i18n import _
from common.protocol import IllegalMoveError
from overlords import rules

Move = rules.Move


@dataclass
class Pick:
    """The player's partial choice for this turn."""

    rune: int | None = None
    fate: int | None = None
    figure: int | None = None  # square of the chosen figure
    legal: list[Move] = field(default_factory=list)
    teleports_shown: bool = False  # Teleports among the targets unpicked (an attacked Overlord)

    def clear(self) -> None:
        """Forget every choice."""
        self.rune = self.fate = self.figure = None

    def matching(self) -> list[Move]:
        """The legal moves that agree with everything picked so far."""
        out = []
        for move in self.legal:
            if self.rune is not None and move.rune != self.rune:
                continue
            if self.fate is not None and move.fate != self.fate:
                continue
            if self.figure is not None and move.frm != self.figure:
                continue
            out.append(move)
        return out

    def targets(self) -> dict[int, list[Move]]:
        """Destination square -> the legal moves that go there (figure moves and recruits).
        Teleports (Rune 5) only once its stone is picked, when the figure has no other move,
        or while the Overlord is attacked (`teleports_shown`: every way out counts): a
        Teleport reaches nearly every square, and shown with the rest it flooded the board
        (`teleports` tells whether the figure has them)."""
        if self.figure is None and not (self.rune == 6 and self.fate is not None):
            return {}
        moves = [m for m in self.matching()
                 if m.to is not None and (self.figure is not None or m.is_recruit)]
        if not self.teleports_shown and self.rune is None and any(m.rune != 5 for m in moves):
            moves = [m for m in moves if m.rune != 5]
        out: dict[int, list[Move]] = {}
        for move in moves:
            out.setdefault(move.to, []).append(move)
        return out

    def teleports(self) -> list[Move]:
        """The picked figure's Teleports not shown among the targets (Rune 5 unpicked)."""
        if self.figure is None or self.rune is not None or self.teleports_shown:
            return []
        moves = self.matching()
        if all(m.rune == 5 for m in moves):
            return []
        return [m for m in moves if m.rune == 5]

    def movable(self) -> set[int]:
        """Squares of the figures that have a legal move with the stones picked."""
        if self.rune is None and self.fate is None:
            return set()
        keep, self.figure = self.figure, None
        try:
            return {m.frm for m in self.matching() if m.frm is not None}
        finally:
            self.figure = keep

    def discard(self) -> Move | None:
        """The discard the picked Rune and Fate make, if this turn is a discard."""
        if self.rune is None or self.fate is None:
            return None
        for move in self.legal:
            if move.is_discard and move.rune == self.rune and move.fate == self.fate:
                return move
        return None


def refusal(state: rules.State, pick: Pick, sq: int) -> str:
    """Why a click on sq makes no move with what is picked, in the engine's words."""
    if pick.figure is not None:
        if pick.rune is not None:
            fate = pick.fate if pick.fate is not None else _kind(state, pick.figure)
            try:
                rules.find_move(state, pick.rune, fate, pick.figure, sq)
            except IllegalMoveError as err:
                return str(err)
            return _("That move is legal")
        return rules.explain(state, pick.figure, sq)
    if pick.rune == 6 and pick.fate is not None:
        try:
            rules.find_move(state, 6, pick.fate, None, sq)
        except IllegalMoveError as err:
            return str(err)
        return _("That recruit is legal")
    return ""


def _kind(state: rules.State, sq: int) -> int:
    figure = state.figure(sq)
    return figure[1] if figure is not None else 0
