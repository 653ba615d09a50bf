"""The plan of Prepollency's `hard` level for three and four players (`Plan`, `PLANS`), and the
readings of a position it and the evaluation share: raids on weak seats, who takes the
Obelisk, how far a patient seat marches, the turns that eliminate a rival (see
`prepollency.ai` for why each exists and what the ladder measured).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from prepollency import tactics
from prepollency.moves import GRID
from prepollency.state import BASES, OBELISK, State

FILL_PIECES = tactics.FILL_PIECES  # pieces a seat needs to fill a base alone (fewer: no win)


def _base_dist(seat: int, sq: int) -> int:
    return min(abs(GRID.col(sq) - GRID.col(b)) + abs(GRID.row(sq) - GRID.row(b))
               for b in BASES[seat])


# NEAR_RAID[seat][sq]: how near a square is to the seat's base: 14 on it, half a point less
# per file or rank away (0 in the far corner), so that every step toward it counts
NEAR_RAID = {seat: tuple(14 - _base_dist(seat, sq) / 2 for sq in range(GRID.cells))
             for seat in BASES}


# A raid: a seat with RAID_WEAK pieces or fewer cannot guard its base; each point of a raider's
# nearness (NEAR_RAID) costs it RAID (x (RAID_WEAK + 2 - pieces) / (RAID_WEAK + 2)), of which
# the raider earns RAID_CREDIT (small: it loses that credit when the victim is eliminated).
RAID_WEAK = 6


RAID = 0.3


RAID_CREDIT = 0.15


@dataclass(frozen=True, slots=True)
class Plan:
    """What a level knows of the three- and four-player game beyond the shared evaluation (the
    defaults: nothing more). Only with three or more seats still in; two players never see it."""

    patience: float = 0.0  # march on the Obelisk only with a lead: in full at 1 + this times the
    # strongest rival's pieces, not at all when even (0: always march)
    raid_nearest: float = 0.0  # a raid's threat per point of nearness of the pieces that would
    # fill the victim's base (the nearest ones), instead of RAID per point of every piece
    raid_pull_big: int = -1  # a victim this weak (pieces) pulls a big raider's steps to its base
    fill_prior: float = 0.0  # prior logit for the first step of a turn that completes a base
    guard: float = 0.0  # worth of each of a seat's own pieces (up to two) on its own base
    # (none while it charges: the Archers at home are its fastest pieces)
    charge: float = 0.0  # the march is 1 + this times stronger (and no raid pulls its steps)
    # while the seat charges: a rival takes the Obelisk, or it has its full lead and CHARGE_PIECES
    contest: int = 4  # a rival on this many Obelisk squares (of 5 pieces or more) takes it


NO_PLAN = Plan()  # the shared evaluation alone
# `hard` waits out the melee of the others, then finishes them: measured in the closing note
PLANS = {"hard": Plan(patience=1.0, raid_nearest=1.0, raid_pull_big=3, fill_prior=8.0, guard=1.0,
                     charge=2.0, contest=3)}


def raid_target(state: State, raider: int, nearest: float = 0.0) -> tuple[int, float]:
    """The weak seat whose base the raider's pieces threaten most, and that threat (0, 0.0 if
    none: three or four players only, a raider of at least four pieces, victims of RAID_WEAK
    or fewer, among the seats still in the game). The threat counts every piece's nearness
    (RAID each), or with `nearest` only the pieces that would fill the base: the nearest ones,
    as many as the squares other seats do not already hold."""
    pieces = state.pieces
    mine = pieces[raider]
    best, target = 0.0, 0
    if len(mine) < FILL_PIECES or len(state.seats) == 2:
        return target, best
    owners = state.owners
    for seat in state.alive:
        weak = len(pieces[seat])
        if seat != raider and weak <= RAID_WEAK:
            near = NEAR_RAID[seat]
            weakness = (RAID_WEAK + 2 - weak) / (RAID_WEAK + 2)
            if nearest:
                held = sum(1 for b in BASES[seat] if owners[b] not in (0, seat, raider))
                fill = sorted((near[sq] for sq in mine), reverse=True)[: 4 - held]
                threat = nearest * weakness * sum(fill)
            else:
                threat = RAID * weakness * sum(near[sq] for sq in mine)
            if threat > best:
                best, target = threat, seat
    return target, best


def on_obelisk(state: State) -> dict[int, int]:
    """How many Obelisk squares each seat still in stands on (0 for none)."""
    owners = state.owners
    on = dict.fromkeys(state.alive, 0)
    for sq in OBELISK:
        if owners[sq]:
            on[owners[sq]] = on.get(owners[sq], 0) + 1
    return on


def takers(state: State, contest: int = 4, on: dict[int, int] | None = None) -> set[int]:
    """The seats taking the Obelisk: holding it, or of five pieces or more on `contest` of its
    squares or more (`on`: on_obelisk, passed in when known)."""
    holds, pieces = state.holds, state.pieces
    if on is None:
        on = on_obelisk(state)
    return {seat for seat in state.alive
            if holds[seat] or (on[seat] >= contest and len(pieces[seat]) >= 5)}


CHARGE_PIECES = 7  # five to hold the Obelisk and two to guard it


def march_share(state: State, seat: int, patience: float, taking: set[int] | None = None,
                charge: float = 0.0) -> float:
    """How much of the march toward the Obelisk a patient seat makes (`Plan.patience`): none
    while some rival has as many pieces, all of it once it has 1 + patience times the
    strongest rival's. It charges (1 + `charge` times the march) with that full lead and
    CHARGE_PIECES, and while a rival takes the Obelisk (`takers`, passed in when known): go
    and break the hold before it is complete. Three or more seats in only: in a melee of three
    or four the seats that trade pieces in the centre all lose to the one that kept its own."""
    if not patience or len(state.alive) < 3:
        return 1.0
    if taking is None:
        taking = takers(state)
    if taking - {seat}:
        return 1.0 + charge
    pieces = state.pieces
    rival = max(len(pieces[s]) for s in state.alive if s != seat)
    ratio = len(pieces[seat]) / max(1, rival)
    share = min(1.0, max(0.0, (ratio - 1.0) / patience))
    if share == 1.0 and len(pieces[seat]) >= CHARGE_PIECES:
        return 1.0 + charge
    return share


def eliminations(state: State) -> set[Any]:
    """The first steps of the mover's turns that complete another seat's base (at the start of
    a turn, three or more seats in: with two that is a win, which the tactics play anyway).
    Exact, on `tactics.fill_turn`: a turn fills at most two squares."""
    if state.moved != -1 or len(state.alive) < 3:
        return set()
    owners, me = state.owners, state.turn
    out: set[Any] = set()
    lists = None
    for seat in state.alive:
        if seat == me:
            continue
        need, keep = tactics.base_need(owners, seat, me)
        if len(need) <= 2:
            if lists is None:
                lists = list(owners), list(state.kinds)
            turn = tactics.fill_turn(lists[0], lists[1], me, need, keep)
            if turn:
                out.add(turn[0])
    return out
