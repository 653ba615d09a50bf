"""Forced losses and forced wins two moves deep: the tactical check of the board marks, the
Hint and every CPU level. Plain Python (no pygame), exact, and fast enough to judge all of one
figure's moves while a click waits (`bench/tactics.py` measures it).

Words, from the side to move X against the other side Y:

- Y *wins at once* in a position when it has a legal move that ends the game in its favour:
  one that captures X's Overlord, or that moves a figure onto the ninth Source (RULES.md: the
  game is won by capturing the enemy Overlord or by controlling all nine Sources). "As if it
  were Y's move" is read with Y's unplayed stones, as `rules.attackers` does.
- A move of X *holds* when after it Y cannot win at once, or when it ends the game itself
  (X wins, or the 100 quiet turns make a draw).
- A move of X *loses by force* (`danger`) when after it either Y wins at once
  (``Danger(forced=False, reply)``: `reply` is that winning move), or Y has a reply after which
  no move of X holds (``Danger(forced=True, reply)``). Immediate losses come first: a move
  that allows both is reported as immediate.
- A *forced win* (`forced_win`) is a move that wins at once, or after which no reply of Y holds.

What a verdict depends on. Y's replies, and whether they threaten, depend only on where the
figures stand after X's move: its (from, to) squares (the Fate is the moved figure's type, or
for a recruit the Source's type, so it follows from the squares) and Y's stones, which X's move
does not touch. X's defence two plies later depends on X's stones too, and those differ by the
Rune played: "1W d4-d5" keeps the Teleport for the defence, "5W d4-d5" spends it, and a move
that plays X's last Rune brings the Reckoning (all stones back). So an immediate loss
(forced=False) is exact per (from, to), a forced loss only per whole move (from, to, Rune).
`judge` takes any list of moves, shares the work between the moves of one (from, to), and gives
each move its own verdict.

How it is fast (each shortcut is exact; `tests/test_overlords_tactics.py` checks every verdict
against plain minimax over `rules.legal_moves` on random positions, and so can anyone with
`tests/helpers/overlords_brute.py`):
- Y's stones cannot gain a capture they lacked unless Y's reply brings its Reckoning, so once
  Y cannot win at once, a reply can threaten only through the figure it moves, a line it
  opens (it leaves a square that stands first on a line from X's Overlord with a Y figure
  behind that could capture: `openers`), or a Source that brings Y within one of all nine;
  every other reply is "calm";
- after a calm reply nothing threatens, so any move that neither moves the Overlord nor
  uncovers it (`pinned`) holds: X's such moves are listed once, and a calm reply needs its
  own search only when it takes or blocks every one of them;
- while the Overlord is attacked, only moves of the Overlord, captures of an attacker, blocks
  on an attacker's line, and moves that end the game can hold (`saving_moves`, `defence`);
- the defence that held against one reply is tried first against the next.
"""

from __future__ import annotations

from overlords.tactics.danger import TACTICAL_DEPTH, Danger, danger, forced_win, judge
from overlords.tactics.defence import defence, holds, saving_moves
from overlords.tactics.lines import (
    KNIGHT,
    LINES,
    NEIGHBOURS,
    ON_LINES,
    gives_check,
    overlord_square,
    reaches,
    winning_moves,
    wins_at_once,
)

__all__ = ["Danger", "danger", "judge", "forced_win", "defence", "holds", "saving_moves",
           "wins_at_once", "winning_moves", "reaches", "gives_check", "LINES", "ON_LINES",
           "KNIGHT", "NEIGHBOURS", "TACTICAL_DEPTH", "overlord_square"]
