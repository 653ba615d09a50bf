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
from common.why import Reason
from overlords import names, rules, tactics, why
from overlords.rules import BLACK, WHITE, Move, State
from overlords.tactics.deep import follows, win_in_three

SAFE_TRIES = 24  # moves tried for a better one that is safe three moves deep


class OverlordsAdapter:
    """The analysis' view of Overlords (`common.analysis.GameAdapter`)."""

    DEFAULT_NODES = 1000  # half a second of the normal level's search per position
    SHARPNESS = 2.0  # fitted: bench/calibrate_analysis.py (log-loss 0.372 at 2.0, 0.383 at 1.5)

    def __init__(self) -> None:
        self._wins: dict[bytes, Move | None] = {}

    def alive(self, state: State) -> tuple[int, ...]:
        """Both sides (one leaves only by losing)."""
        return (WHITE, BLACK)

    def proven(self, state: State) -> Move | None:
        """The mover's forced win by its third move (`tactics.deep.win_in_three`: a forced
        win two moves deep, or a forcing move one deeper), or None (remembered per
        position)."""
        key = state.key() + state.features.tobytes()
        if key in self._wins:
            return self._wins[key]
        if len(self._wins) > 64:
            self._wins.clear()
        win = win_in_three(state)
        self._wins[key] = win
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
        if danger is not None:
            reply = rules.move_data(danger.reply)
            # Translators: {move} is the enemy's answer ("3D f2-c5")
            how = (_("after {move} no defence holds") if danger.forced
                   else _("{move} wins at once")).format(move=reply)
        else:
            deep = self.proven(rules.apply(state, move))
            if deep is None:
                return None
            how = _("{move} wins by force within three moves").format(move=rules.move_data(deep))
        safe = self.safe_move(state, best)
        if safe is None:
            return None  # every move loses: the game was lost before this one
        return Verdict("forced_loss", _("walked into a forced loss: {how}").format(how=how),
                       safe, _("leaves no forced loss"))

    def safe_move(self, state: State, best: Any) -> Move | None:
        """The better move of a forced loss: the search's choice if it is safe three moves
        deep, else the first such of the moves safe two moves deep (a few tried)."""
        if best is not None and self._deep_safe(state, best, tactics.danger(state, best)):
            return best
        moves = rules.legal_moves(state)
        verdicts = tactics.judge(state, moves)
        safe = [m for m in moves if verdicts[m] is None]
        return next((m for m in safe[:SAFE_TRIES] if self._deep_safe(state, m, None)), None)

    def _deep_safe(self, state: State, move: Move, danger: Any) -> bool:
        if danger is not None:
            return False
        after = rules.apply(state, move)
        return after.result is not None or self.proven(after) is None

    @staticmethod
    def explain(state: State, move: Move) -> Reason:
        """Why the move is good or bad (`overlords.why`)."""
        return why.explain_move(state, move)

    def start_words(self, state: State, seat: int, chance: float) -> str:
        """Why `seat`'s setup left it behind, from the engine: the other side's forced win
        from the first move (`proven`), else a figure it can take at once, else the
        chance."""
        said = {"side": names.side(seat), "other": names.side(1 - seat),
                "chance": chance}
        win = self.proven(state) if state.turn != seat else None
        if win is not None:
            # Translators: {side} and {other} are sides ("White"), {chance} a percentage
            # (its {chance:.0%}: "34%"), {move} the other side's first move
            return _("{side}'s setup left it {chance:.0%} before the first move: {other} wins by "
                     "force from the first move, starting {move}").format(move=win, **said)
        hanging = sorted(why.targets(state, seat)) if state.turn != seat else []
        if hanging:
            return _("{side}'s setup left it {chance:.0%} before the first move: {other} can take "
                     "its {figure} on {square} at once").format(
                figure=names.figure(why.kind_at(state, hanging[0])),
                square=rules.GRID.name(hanging[0]), **said)
        return _("{side}'s setup left it {chance:.0%} before the first move").format(**said)

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
    """Whether the move wins at once, leaves the enemy no reply that holds, or wins by force
    by the mover's third move (`tactics.deep.follows`)."""
    after = rules.apply(state, move)
    if after.result is not None:
        return after.result.winner == state.turn
    return tactics.defence(after) is None or follows(state, move)


ADAPTER = OverlordsAdapter()
