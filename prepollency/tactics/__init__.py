"""Wins this turn, wins of the seats that move next, a base about to fall and a Khan about to be
taken: the tactical check of the Prepollency CPU levels, the Hint, the board's marks, the
analysis and the puzzles. Plain Python (no pygame), on the engine's own tables, exact where
said and fast enough to run on every CPU turn (`bench/tactics.py` measures it).

Words, for the seat to move M (the *mover*) and any other seat S still in the game:

- S *wins at once* on a board when it has a turn that ends the game in its favour, judged as
  if it were S's turn on that board (RULES.md, Prepollency): a hold count of 3 (or more) and
  all five Obelisk squares its own at the end of the turn (the count reaches 4), or every other
  seat still in eliminated at the end of the turn (all four squares of each of their bases
  occupied by pieces not their own, any mixture, S's turn alone or together with earlier
  damage). `winning_turn` gives such a turn, `threats` one per seat.
- A *stopping turn* of M is one after which no seat that moves before M's next turn wins at
  once. `stopping_turns` lists them when there is something to stop.
- A turn of M *hands over a win* (`danger` level `HANDS_WIN`) when after it such a seat wins
  at once; it lets M's *base fall* (`BASE_FALLS`, 3 or 4 players with three or more seats
  in) when after it such a seat can complete M's base (M is eliminated, the game goes on);
  it *loses the Khan* (`KHAN_LOST`) when after it such a seat can take M's Khan.

What is exact and what is bounded:
- Exact: M's own wins (`winning_turns`, `winning_turn`), and, for every seat S, whether S wins
  at once, can complete a given base or can take a given piece on the board as it stands.
  Everything is decided on the board the turn leaves, with the engine's end-of-turn steps
  (Khan award, hold counts, eliminations and the pieces leaving) reproduced, or, in the rare
  turns that award a Khan or eliminate a seat, run through `rules.apply` itself.
- Exact for the next seat, bounded for the ones after it: with 3 or 4 players, the seats that
  move after the next one but before M's next turn are judged on the board as M's turn leaves
  it, as if the seats between them changed nothing. A seat between can break a hold or
  defend a base (M's verdict is then too cautious), or open a way for a later seat (a win M
  cannot see from here; no one can know what the seat between will play).
- A turn that ends the game (M wins, or the quiet turns make a draw) hands nothing over.
- `cannot_win`: a seat with fewer than four pieces, while a rival still has four, can no
  longer win (the CPU resigns, the person is told). Exact with two seats in; with more, such
  a seat could still win only if two rivals fell in one turn, each base filled with the
  other's pieces, which is counted as no chance.

How it is fast (each shortcut is exact; `tests/test_prepollency_tactics.py` checks verdicts
against plain enumeration over `rules.legal_moves` in `tests/helpers/prepollency_brute.py`):
- a seat can win at once only with a hold count of 3 or with at most two squares missing in
  all the other seats' bases together (a turn fills at most two squares); a base falls only
  with at most two squares missing, and M's turn can lower no seat's count of missing squares
  by more than two: most positions need no per-turn work at all (`Watch`);
- whether S can fill one or two given squares without emptying squares it must keep is
  decided by walking the eight lines out from each square (the pieces that reach it, and the
  ones a first move would uncover: `fill_turn`), not by generating S's turns.
"""

from __future__ import annotations

from prepollency.tactics.danger import (  # noqa: F401
    BASE_FALLS,
    DANGER_KINDS,
    HANDS_WIN,
    KHAN_LOST,
    SAFE,
    Danger,
    Mistake,
    Watch,
    base_falls,
    danger,
    dangers,
    floor,
    khan_taken,
    mistake,
    second_moves,
    stopping_turns,
)
from prepollency.tactics.reach import fill_turn, movers_to  # noqa: F401
from prepollency.tactics.wins import (  # noqa: F401
    FILL_PIECES,
    HOLD_TO_WIN,
    Threat,
    base_need,
    cannot_win,
    order_after,
    threats,
    winning_turn,
    winning_turns,
)
