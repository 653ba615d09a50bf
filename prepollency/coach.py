"""The coach of Prepollency: the moments that matter, one sentence each, from the engine's own
verdicts (the twin of `overlords.coach`; `common.coaching` says what a coach module offers).
Plain Python, no pygame. `name(seat)` is how the screen names a seat ("Blue", a player's name).

`advice(state, name)` speaks to the seat to move at the start of its turn, the first that
applies of:
- a win this turn (`tactics.winning_turns`);
- a seat that moves before this one's next turn and wins at once unless stopped: a hold about
  to complete, or the last squares of the bases (`tactics.threats`); this seat's own base about
  to fall, or its Khan about to be taken (`tactics.base_falls`, `tactics.khan_taken`);
- another seat's hold under way (its count, `state.holds`): break it before it completes;
- a free capture: a move that takes a piece where no other seat's piece reaches it after the
  turn and that allows nothing (`tactics.movers_to`, `tactics.danger`);
- a piece left hanging: one another seat's piece reaches and none of ours does.

`comment(before, turn, after, name)` speaks to the seat that just played `turn`: a win or its
base handed over (`tactics.danger`), or a piece it moved left to be taken with nothing guarding
it. Each `Remark` carries a key; the screen says a key once (`common.ui.coach`). `GUIDED` is the
guided first game's script, checked by `learn --check` (`common.coaching.check_guided`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from common.coaching import Guided, Remark
from common.i18n import _, ngettext
from prepollency import names, rules, tactics
from prepollency.moves import GRID, Turn
from prepollency.ui.words import ROUNDS_TO_WIN, danger_words, threat_words

Namer = Callable[[int], str]
VALUE = (0, 1, 2, 2, 4)  # by kind (Infantry, Cavalry, Archer, Khan): which piece is named first
# the guided first game: two players, you (Red, seat 1) first, against Novice
GUIDED = Guided(seed=2026, seats=("human", "novice"), first=1)


def _sq(sq: int) -> str:
    return GRID.names[sq]


def _others(state: rules.State, me: int) -> list[int]:
    return [s for s in state.alive if s != me]


def _attackers(state: rules.State, sq: int, me: int) -> list[tuple[int, int]]:
    """(seat, square) of the other seats' pieces that reach sq now."""
    owners, kinds = state.owners, state.kinds
    return [(seat, frm) for seat in _others(state, me)
            for frm in tactics.movers_to(owners, kinds, seat, sq)]


def _guarded(state: rules.State, sq: int, me: int) -> bool:
    """True if one of `me`'s other pieces reaches sq (it could take back there)."""
    return bool(tactics.movers_to(state.owners, state.kinds, me, sq, skip=sq))


# before the turn ----------------------------------------------------------------------------

def advice(state: rules.State, name: Namer) -> Remark | None:
    """What the seat to move should hear at the start of its turn (see the module), or None."""
    if state.result is not None or state.moved != -1:
        return None
    for rule in (_win, _threat, _hold, _free_capture, _hanging):
        remark = rule(state, name)
        if remark is not None:
            return remark
    return None


def _win(state: rules.State, name: Namer) -> Remark | None:
    wins = tactics.winning_turns(state)
    if not wins:
        return None
    turn = Turn(wins[0])
    # Translators: {turn} is the winning turn's moves: "c3-e5, then h7-h8"
    text = _("You can win this turn: {turn}.").format(turn=names.turn(turn)) if turn else \
        _("You can win this turn: hold the line (end the turn without a move).")
    return Remark(("win", hash(state)), text)


def _threat(state: rules.State, name: Namer) -> Remark | None:
    me = state.turn
    owners, kinds = list(state.owners), list(state.kinds)
    found = list(tactics.threats(state).values())
    found += [t for t in (tactics.base_falls(owners, kinds, state.alive, me),
                          tactics.khan_taken(owners, kinds, state.alive, me)) if t is not None]
    if not found:
        return None
    threat = found[0]
    return Remark(("threat", threat.seat, threat.kind, threat.squares),
                  threat_words(threat, name, me))


def _hold(state: rules.State, name: Namer) -> Remark | None:
    me = state.turn
    holding = [s for s in _others(state, me) if state.holds[s]]
    if not holding:
        return None
    seat = holding[0]
    kept = state.holds[seat] - 1
    if kept == 0:
        text = ngettext("{seat} has just taken the Obelisk and wins after {rounds} round: take "
                        "one of its five squares to break the hold.",
                        "{seat} has just taken the Obelisk and wins after {rounds} rounds: take "
                        "one of its five squares to break the hold.", ROUNDS_TO_WIN).format(
                            seat=name(seat), rounds=ROUNDS_TO_WIN)
    else:
        text = ngettext("{seat} has held the Obelisk {kept} of {rounds} round: take one of its "
                        "five squares to break the hold before it completes.",
                        "{seat} has held the Obelisk {kept} of {rounds} rounds: take one of its "
                        "five squares to break the hold before it completes.",
                        ROUNDS_TO_WIN).format(seat=name(seat), kept=kept, rounds=ROUNDS_TO_WIN)
    return Remark(("hold", seat, kept), text)


def free_captures(state: rules.State) -> list[rules.Move]:
    """The first moves of the seat to move that take a piece, after which (the turn ended
    there) no other seat's piece reaches the capturer and nothing is allowed, the most
    valuable victim first."""
    me = state.turn
    found: list[tuple[int, rules.Move]] = []
    for step in rules.legal_steps(state):
        if not isinstance(step, rules.Move) or not state.owners[step.to] \
                or state.owners[step.to] == me:
            continue
        mid = rules.apply_step(state, step)
        if _attackers(mid, step.to, me) or tactics.danger(state, Turn((step,))) is not None:
            continue
        found.append((VALUE[state.kinds[step.to]], step))
    found.sort(key=lambda vs: -vs[0])
    return [s for _, s in found]


def _free_capture(state: rules.State, name: Namer) -> Remark | None:
    found = free_captures(state)
    if not found:
        return None
    step = found[0]
    owner, kind = state.owners[step.to], state.kinds[step.to]
    # Translators: {piece} is a piece's name ("Archer") of the seat {seat} ("Blue")
    return Remark(("free", step),
                  _("A free capture: {move} takes {seat}'s {piece}, and no piece can take back "
                    "there.").format(move=step, seat=name(owner), piece=names.piece(kind)))


def hanging(state: rules.State, me: int) -> list[tuple[int, tuple[int, int]]]:
    """(square, (seat, square) of a piece that takes it) for `me`'s pieces another seat
    reaches and none of `me`'s other pieces guards, the most valuable first."""
    out = []
    for sq in state.pieces[me]:
        takers = _attackers(state, sq, me)
        if takers and not _guarded(state, sq, me):
            out.append((sq, takers[0]))
    out.sort(key=lambda st: -VALUE[state.kinds[st[0]]])
    return out


def _hanging(state: rules.State, name: Namer) -> Remark | None:
    found = hanging(state, state.turn)
    if not found:
        return None
    sq, (seat, frm) = found[0]
    # Translators: {piece} and {taker} are pieces' names ("Archer"), {seat} a seat's ("Blue")
    return Remark(("hanging", sq, frm),
                  _("Your {piece} on {square} can be taken by {seat}'s {taker} on {frm}, and "
                    "nothing guards it.").format(piece=names.piece(state.kinds[sq]),
                                                 square=_sq(sq), seat=name(seat),
                                                 taker=names.piece(state.kinds[frm]),
                                                 frm=_sq(frm)))


# after the turn ------------------------------------------------------------------------------

def comment(before: rules.State, turn: Any, after: rules.State, name: Namer) -> Remark | None:
    """What the seat that played `turn` (from `before` to `after`) should hear, or None."""
    me = before.turn
    if after.result is not None or me not in after.alive:
        return None
    turn = Turn(turn)
    danger = tactics.danger(before, turn)
    if danger is not None and tactics.floor(before) < danger.level:
        # Translators: {words} is what the turn allows: "lets Blue take your Khan"
        return Remark(("allows", before.quiet, str(turn)),
                      _("That turn {words}.").format(words=danger_words(danger, name, me)))
    for move in turn:
        if after.owners[move.to] != me:
            continue
        takers = _attackers(after, move.to, me)
        if takers and not _guarded(after, move.to, me):
            seat, frm = takers[0]
            return Remark(("left", move.to, frm),
                          _("Your {piece} on {square} can now be taken by {seat}'s {taker} on "
                            "{frm}, and nothing guards it.").format(
                              piece=names.piece(after.kinds[move.to]), square=_sq(move.to),
                              seat=name(seat), taker=names.piece(after.kinds[frm]),
                              frm=_sq(frm)))
    return None


# the guided first game ----------------------------------------------------------------------

def guided_start(rng: random.Random) -> rules.State:
    """The guided game's first position, as the game screen builds it from the script: two
    players, the person's seat (the script's `first`) first."""
    return rules.new_state(random.Random(GUIDED.seed), 2, GUIDED.first)
