"""The Prepollency CPU: its knowledge for the shared search (common.ai), evaluation and step
priors (`prepollency.ai.heuristics`), and the plan of `hard` for three and four players
(`prepollency.ai.plan`).

Each seat still in the game gets a score in rough piece units:
- the Obelisk: how many of its five squares the seat holds, much more for all five, and more
  again for every point of its hold count (at 4 it wins);
- the march: every piece counts for how close it stands to the Obelisk (nearest pieces most);
- material, the Khan counting most;
- potential: a seat needs five pieces to hold the Obelisk and four to fill a base, so its
  last five pieces are worth more each (in a 4-player melee every seat bleeds: the one that
  keeps five can still win, the others cannot). Below five, the Obelisk and the march toward
  it count for (almost) nothing;
- bases: enemy pieces on (and next to) a seat's own base cost it, growing fast as the four base
  squares fill up (all four: eliminated); with two seats left the intruders earn the same;
- raids (3 or 4 players; in the 3-player variant the empty o1 corner is no one's base): a
  seat of few pieces cannot guard its base. Each seat of four or more pieces picks the
  weakest-guarded base its pieces are nearest to; the nearer they come, the more the victim
  loses and (less) the raider gains. An eliminated rival counts for a very low
  score, so that finishing a raid beats keeping the victim in the game. That low score
  saturates the value of the seats still in (a lost piece moved it by 0.00003), so once a
  rival is out ALIVE_SHARE of the value is the fight of those still in: the score against
  every rival, each counting for at least DOOMED and an eliminated one for FALLEN, on a wider
  scale. Averaged over the seats still in alone, as it was, a seat about to fall made every
  survivor's edge: finishing it lowered the survivors' values (in 90 of 90 self-play
  positions where a turn completed the second elimination), and 4-player games idled for
  dozens of turns next to a base one square from full;
- no seat of four pieces or more: no seat can fill a base or hold the Obelisk any more, so
  every value is the draw's 0 (exact for two seats left; with more, two bases completed in
  one turn could still end it).
A seat's value is its score against the average of the others (LEAD_SHARE, the weight of the
best rival, is 0): with four players, weighing the leader heavily made the three others gang up
on whoever got ahead (the stronger seat) and ground every game into a draw; at 0.2 the 4-player
ladder still drew 5 games of 12, at 0 (with the exposure prior) 3 of 12. The value shrinks
toward the draw's 0 as the quiet counter nears the draw, so that a leading seat of four or more
pieces acts in time (with fewer it cannot win: hunting captures only lengthens the game).
Step priors favour captures (most of all of pieces that hold the Obelisk or stand on a base),
steps toward and onto the Obelisk (toward the raid's target below five pieces), and entering
bases; END comes late unless the seat holds the Obelisk. With three or four players a step
onto a square another seat attacks costs (EXPOSE) and one off it gains (FLEE): in a melee a
piece lost is lost to all, and without this the 4-player games bled every seat below the
four pieces it needs to win and ended drawn (bench/ladder.py, the closing note). It makes
4-player games longer (fewer pieces are traded) and costs a map of the attacked squares per
opened node (set EXPOSE to 0 to switch it off, map included).

Levels may know more (`Plan`, `PLANS`; `for_level`). Why: in the 4-player ladder every seat
marched on the Obelisk and the four-way melee in the centre took about 14 pieces from each seat
by turn 150; whoever had four pieces left then raided the others, and when nobody had, the
game was drawn. More nodes did not help: `hard` only traded faster (1 win in 12 against three
`normal`, 5 draws, 407 turns on average, at the ladder's node counts). So `hard` plays a plan
with three or more seats in: it keeps its army home while the others fight (`patience`: it
marches only with a lead over the strongest rival), keeps pieces on its own base (`guard`),
charges the Obelisk with them once it leads in full or a rival stands on three of its squares
(`charge`, `contest`: a hold that began while the army was home could not be broken in time),
and turns its material on a victim too weak to defend, counting the pieces that would fill
that base (`raid_nearest`, `raid_pull_big`) and opening first the turn that completes it
(`fill_prior`, exact on `tactics.fill_turn`: its first step is often a step inside the base
itself, which nothing else favours). Two-player games never see the plan.

The tactical check (`forced_win`, `losing`) is `prepollency.tactics`: a turn that wins at once
is played at once, and so (three or four seats in) is one that eliminates a rival, unless it
loses by force. The search weighs a rival's fall against the raids that then turn on the
finisher, and it left bases three squares full for dozens of turns (34 turns a game in the
4-player ladder). A step after which every way to finish the turn hands a win to a seat that
moves before ours, lets our base fall or leaves our Khan en prise is replaced, when some turn
allows less (the levels check every step of the chosen turn: `common.ai.levels`).
"""

from __future__ import annotations

from prepollency.ai.heuristics import (  # noqa: F401
    BASE_OF,
    HEURISTICS,
    PrepollencyHeuristics,
    attacked,
)
from prepollency.ai.plan import (  # noqa: F401
    FILL_PIECES,
    PLANS,
    Plan,
    eliminations,
    march_share,
    on_obelisk,
    raid_target,
    takers,
)
