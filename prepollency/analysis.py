"""Prepollency for the game analysis (`common.analysis`): exact verdicts from
`prepollency.tactics` and the better turn in words. Its twin is `overlords/analysis.py`.

Verdicts are `prepollency.tactics.mistake`'s, one turn deep and exact: "missed a win" (a turn
that wins at once existed and this is not one; the better turn is that win), "let Red complete
the Obelisk hold" and the like (after it a seat moving before the mover's next turn wins at
once, and a turn that stops it existed; the better turn is the search's choice if it stops it,
else the first that does), "base_falls", "khan_lost" (the better turn: the search's choice if
the tactics pass it; a Khan left en prise costs material, not the game: at least ``?``).
A proved position: the mover has a winning turn (1 for it); with two seats in, a threat the
mover cannot stop (1 for the other).
"""

from __future__ import annotations

from typing import Any

from common.analysis import Verdict
from common.i18n import _
from common.why import Reason
from prepollency import rules, why
from prepollency.moves import Turn
from prepollency.state import State


def _tactics() -> Any:
    """prepollency.tactics (its verdicts), or None in a tree without it."""
    try:
        from prepollency import tactics
    except ImportError:
        return None
    return tactics


class PrepollencyAdapter:
    """The analysis' view of Prepollency (`common.analysis.GameAdapter`)."""

    DEFAULT_NODES = 1000  # a third of a second of search per position
    SHARPNESS = 3.5  # fitted: bench/calibrate_analysis.py (log-loss 0.747 at 3.5, 0.802 at 2.0)

    def alive(self, state: State) -> tuple[int, ...]:
        """The seats still in the game."""
        return tuple(state.alive)

    def proven(self, state: State) -> Turn | None:
        """A turn that wins at once, or None."""
        tactics = _tactics()
        if tactics is None:
            return None
        wins = tactics.winning_turns(state)
        return wins[0] if wins else None

    def doomed(self, state: State) -> int | None:
        """With two seats in: the other, when it threatens to win and no turn stops it."""
        tactics = _tactics()
        if tactics is None or len(state.alive) != 2:
            return None
        if tactics.stopping_turns(state) == []:
            return next(s for s in state.alive if s != state.turn)
        return None

    def verdict(self, state: State, move: Turn, best: Any) -> Verdict | None:
        """The tactics' verdict on the played turn, with its better turn (see the module)."""
        tactics = _tactics()
        if tactics is None:
            return None
        found = tactics.mistake(state, move)
        if found is None:
            return None
        better, why = None, ""
        if found.kind == "missed_win":
            wins = tactics.winning_turns(state)
            better = wins[0] if wins else None
        elif found.kind == "hands_win":
            stops = tactics.stopping_turns(state) or []
            better = best if best in stops else (stops[0] if stops else None)
            why = _("stops the hold") if found.obelisk else _("stops the win")
        elif best is not None and tactics.mistake(state, best) is None:
            better = best
        return Verdict(found.kind, found.text, better, why,
                       "?" if found.kind == "khan_lost" else "??")

    @staticmethod
    def explain(state: State, move: Turn) -> Reason:
        """Why the turn is good or bad (`prepollency.why`)."""
        return why.explain_move(state, move)

    @staticmethod
    def start_words(state: State, seat: int, chance: float) -> str:
        """"": every seat starts from the same position, which is no one's choice."""
        return ""

    @staticmethod
    def squares(move: Turn) -> list[tuple[int, int]]:
        """(from, to) of each of the turn's moves."""
        return [(m.frm, m.to) for m in move]

    @staticmethod
    def text(move: Turn) -> str:
        """The turn's moves ("e1-f2 e2-e1"), or "holds the line"."""
        return " ".join(rules.move_data(move)) or _("holds the line")


ADAPTER = PrepollencyAdapter()
