"""Overlords for the game analysis (`common.analysis`): exact verdicts from `overlords.tactics`
and the better move in words. Its twin is `prepollency/analysis.py`.

Verdicts, exact two moves deep (`overlords.tactics`' words), on the move X played:
- "missed a forced win": X had a forced win (`tactics.forced_win`: a move that wins at once,
  or after which no reply of Y holds) and played a move that is not one; the better move is
  that win;
- "walked into a forced loss": the move loses by force (`tactics.danger`: Y wins at once, or
  has a reply after which no move of X holds) while some move of X did not; the better move
  is the search's choice if it is safe, else the first safe move in the engine's order.
A position where every move of X loses by force gets no verdict: the game was lost before.
"""

from __future__ import annotations

from typing import Any

from common.analysis import Verdict
from common.i18n import _
from overlords import names, rules, tactics
from overlords.rules import BLACK, WHITE, Move, State


class OverlordsAdapter:
    """The analysis' view of Overlords (`common.analysis.GameAdapter`)."""

    DEFAULT_NODES = 1000  # half a second of the normal level's search per position
    SHARPNESS = 2.0  # fitted: bench/calibrate_analysis.py (log-loss 0.372 at 2.0, 0.383 at 1.5)

    def __init__(self) -> None:
        self._wins: dict[int, tuple[State, Move | None]] = {}

    def alive(self, state: State) -> tuple[int, ...]:
        """Both sides (one leaves only by losing)."""
        return (WHITE, BLACK)

    def proven(self, state: State) -> Move | None:
        """The mover's forced win two moves deep, or None (remembered per position)."""
        seen = self._wins.get(id(state))
        if seen is not None and seen[0] is state:
            return seen[1]
        if len(self._wins) > 64:
            self._wins.clear()
        win = tactics.forced_win(state)
        self._wins[id(state)] = (state, win)
        return win

    @staticmethod
    def doomed(state: State) -> int | None:
        """The enemy, when every move of the mover lets it win at once."""
        return 1 - state.turn if tactics.defence(state) is None else None

    def verdict(self, state: State, move: Move, best: Any) -> Verdict | None:
        """"missed a forced win" or "walked into a forced loss" (see the module), or None."""
        win = self.proven(state)
        if win is not None:
            if wins_by_force(state, move):
                return None
            now = rules.apply(state, win).result is not None
            return Verdict("missed_win",
                           _("missed a win at once") if now else _("missed a forced win"),
                           win)
        danger = tactics.danger(state, move)
        if danger is None:
            return None
        safe = self._safe(state, best)
        if safe is None:
            return None  # every move loses: the game was lost before this one
        reply = rules.move_data(danger.reply)
        if danger.forced:
            said = _("walked into a forced loss: after {reply} no defence holds")
        else:
            said = _("walked into a forced loss: {reply} wins at once")
        return Verdict("forced_loss", said.format(reply=reply), safe, _("leaves no forced loss"))

    @staticmethod
    def _safe(state: State, best: Any) -> Move | None:
        if best is not None and tactics.danger(state, best) is None:
            return best
        moves = rules.legal_moves(state)
        verdicts = tactics.judge(state, moves)
        return next((m for m in moves if verdicts[m] is None), None)

    def describe(self, state: State, move: Move) -> str:
        """What the move does: wins, wins next move, captures, or stays out of a forced loss."""
        x = state.turn
        after = rules.apply(state, move)
        if after.result is not None:
            if after.result.winner == x:
                return _("captures the Overlord") if after.result.reason == "overlord" else \
                    _("takes the ninth Source")
            return "draws"
        if tactics.defence(after) is None:
            cells = after.board.tolist()
            target = tactics.overlord_square(cells, 1 - x)
            if target >= 0 and tactics.reaches(cells, after.static.barrier, after.runes[x],
                                                after.fates[x], x, target):
                return _("captures the Overlord next move")
            return _("wins next move, whatever the reply")
        taken = captured(state, move)
        if taken is None:
            return ""
        return _("captures the {figure}").format(figure=names.figure(taken))

    @staticmethod
    def squares(move: Move) -> list[tuple[int, int]]:
        """(from, to); from -1 for a recruit from the reserve; none for a discard."""
        if move.to is None:
            return []
        return [(-1 if move.frm is None else move.frm, move.to)]

    @staticmethod
    def text(move: Move) -> str:
        """The record's notation: "4W e7xc8"."""
        return rules.move_data(move)


def wins_by_force(state: State, move: Move) -> bool:
    """Whether the move wins at once, or leaves the enemy no reply that holds."""
    after = rules.apply(state, move)
    if after.result is not None:
        return after.result.winner == state.turn
    return tactics.defence(after) is None


def captured(state: State, move: Move) -> int | None:
    """The type of the enemy figure the move captures, or None."""
    if move.to is None or move.frm is None:
        return None
    cell = int(state.board[move.to])
    if cell and (cell - 1) // 4 != state.turn:
        return (cell - 1) % 4
    return None


ADAPTER = OverlordsAdapter()
