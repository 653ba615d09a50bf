"""What a turn of the Prepollency mover allows: a win handed to a seat that moves before the
mover's next turn (`HANDS_WIN`), its base falling (`BASE_FALLS`), its Khan lost (`KHAN_LOST`);
found once per position (`Watch`) and asked per turn (`danger`, `dangers`, `floor`,
`stopping_turns`), and the mistake of one turn for the analysis (`mistake`).

A hot path of the tactics (`python3 bootstrap.py bench tactics --game prepollency` measures
it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from common.i18n import _
from prepollency import names, rules
from prepollency.movegen import moves_after
from prepollency.moves import KHAN, Move, Turn
from prepollency.state import BASES, OBELISK, State
from prepollency.tactics.reach import fill_turn, make_move
from prepollency.tactics.wins import (
    HOLD_TO_WIN,
    Threat,
    base_need,
    elimination_need,
    is_win,
    order_after,
    threats,
    win_turn,
    winning_turn,
)

SAFE, KHAN_LOST, BASE_FALLS, HANDS_WIN = 0, 1, 2, 3  # danger levels of a turn, worst last
DANGER_KINDS = ("", "khan_lost", "base_falls", "hands_win")


@dataclass(frozen=True, slots=True)
class Danger:
    """What a turn allows: `level` (KHAN_LOST, BASE_FALLS, HANDS_WIN), the seat that does it
    first in turn order, and the threat it would carry out."""

    level: int
    seat: int
    threat: Threat

    @property
    def kind(self) -> str:
        return DANGER_KINDS[self.level]


@dataclass(frozen=True, slots=True)
class Mistake:
    """What one turn of the mover got wrong (the analysis turns it into its `Verdict`): kind
    "missed_win", "hands_win", "base_falls" or "khan_lost", the seat concerned (the mover for
    a missed win, else the seat that profits), and words."""

    kind: str
    seat: int
    text: str
    obelisk: bool = False  # the win it is about is the Obelisk hold's


def base_falls(owners: list[int], kinds: list[int], alive: Sequence[int], me: int
               ) -> Threat | None:
    """A seat (after `me`, in turn order) that can complete `me`'s base on its turn while
    three or more seats are in (with two, that is a win: `threats`); None if none can."""
    if len(alive) < 3:
        return None
    for seat in order_after(alive, me):
        need, keep = base_need(owners, me, seat)
        turn = fill_turn(owners, kinds, seat, need, keep) if len(need) <= 2 else None
        if turn is not None:
            return Threat(seat, "base", turn, tuple(need))
    return None


def khan_taken(owners: list[int], kinds: list[int], alive: Sequence[int], me: int
               ) -> Threat | None:
    """A seat (after `me`, in turn order) that could take `me`'s Khan on its turn."""
    khans = [s for s in range(len(owners)) if owners[s] == me and kinds[s] == KHAN]
    if not khans:
        return None
    for seat in order_after(alive, me):
        for k in khans:
            turn = fill_turn(owners, kinds, seat, (k,))
            if turn is not None:
                return Threat(seat, "khan", turn, (k,))
    return None


class Watch:
    """What the mover's turns in one position can allow, found once: the seats that could
    win at once after some turn (hold count 3, or at most four squares missing before the
    turn), whether the mover's base can fall, and whether it has a Khan to lose."""

    def __init__(self, state: State) -> None:
        self.state = state
        me, owners, alive = state.turn, state.owners, state.alive
        self.me = me
        self.others = order_after(alive, me)
        self.hold = [s for s in self.others if state.holds[s] >= HOLD_TO_WIN - 1]
        self.elim = [s for s in self.others if elimination_need(owners, alive, s, 4) is not None]
        self.base = len(alive) >= 3 and len(base_need(owners, me, 0)[0]) <= 2
        mine = state.pieces[me]
        self.khan = any(state.kinds[s] == KHAN for s in mine) or (
            sum(1 for s in OBELISK if owners[s] == me) >= 3)
        self.idle = not (self.hold or self.elim or self.base or self.khan)

    def danger(self, turn: Turn) -> Danger | None:
        """The worst this turn of the mover allows (None: nothing)."""
        if self.idle:
            return None
        state, me = self.state, self.me
        owners, kinds = list(state.owners), list(state.kinds)
        for f, t in turn:
            make_move(owners, kinds, f, t)
        alive, holds = state.alive, state.holds
        if self._special(owners, turn):
            after = rules.apply(state, turn)
            if after.result is not None:
                return None
            owners, kinds, alive, holds = list(after.owners), list(after.kinds), after.alive, \
                after.holds
        elif any(holds):  # the hold counts as the turn's end sets them
            o = owners[OBELISK[0]]
            holder = o if o and all(owners[q] == o for q in OBELISK) else 0
            if holder == me and holds[me] + 1 >= HOLD_TO_WIN:
                return None
            after_holds = [0, 0, 0, 0, 0]
            if holder:
                after_holds[holder] = holds[holder] + (holder == me)
            holds = tuple(after_holds)
        others = [s for s in self.others if s in alive]
        for seat in others:
            if seat in self.hold or seat in self.elim:
                threat = win_turn(owners, kinds, alive, holds, seat)
                if threat is not None:
                    return Danger(HANDS_WIN, seat, threat)
        if self.base:
            threat = base_falls(owners, kinds, alive, me)
            if threat is not None:
                return Danger(BASE_FALLS, threat.seat, threat)
        if self.khan:
            threat = khan_taken(owners, kinds, alive, me)
            if threat is not None:
                return Danger(KHAN_LOST, threat.seat, threat)
        return None

    def level(self, turn: Turn) -> int:
        """The danger level of a turn (SAFE when it allows nothing)."""
        d = self.danger(turn)
        return SAFE if d is None else d.level

    def _special(self, owners: list[int], turn: Turn) -> bool:
        """Whether the turn ends in a way the fast path does not copy: a Khan award, an
        elimination, or the draw (then `rules.apply` decides)."""
        state, me = self.state, self.me
        if not any(state.kinds[s] == KHAN for s in state.pieces[me]) and all(
                owners[q] == me for q in OBELISK):
            return True
        for _frm, t in turn:
            for x in state.alive:
                if x != me and t in BASES[x] and all(
                        owners[b] and owners[b] != x for b in BASES[x]):
                    return True
        quiet_limit = rules.DRAW_ROUNDS * len(state.alive) - 1
        return state.quiet >= quiet_limit


def second_moves(state: State, first: Move) -> list[Move]:
    """The second moves of the mover after `first` at the start of its turn (the engine's)."""
    me = state.turn
    return moves_after(list(state.owners), list(state.kinds), me, state.pieces[me], first)


def danger(state: State, turn: Turn) -> Danger | None:
    """The worst one turn of the mover allows (HANDS_WIN, BASE_FALLS, KHAN_LOST), or None."""
    return Watch(state).danger(Turn(turn))


def dangers(state: State, turns: Iterable[Turn] | None = None) -> dict[Turn, Danger | None]:
    """`danger` for many turns of one position (default: every legal turn)."""
    watch = Watch(state)
    turns = rules.legal_moves(state) if turns is None else turns
    return {Turn(t): watch.danger(Turn(t)) for t in turns}


def stopping_turns(state: State, turns: Iterable[Turn] | None = None) -> list[Turn] | None:
    """None when no seat that moves before the mover's next turn threatens to win now
    (nothing to stop); else the turns (of `turns`, default every legal one) after which none
    of them wins at once (maybe [])."""
    if state.result is not None or not threats(state):
        return None
    watch = Watch(state)
    turns = rules.legal_moves(state) if turns is None else turns
    out = []
    for turn in turns:
        d = watch.danger(Turn(turn))
        if d is None or d.level < HANDS_WIN:
            out.append(Turn(turn))
    return out


def floor(state: State, first: Iterable[Turn] = ()) -> int:
    """The least danger level any legal turn of the mover allows (SAFE if one allows nothing);
    the turns in `first` are tried first (a good guess makes it quick)."""
    watch = Watch(state)
    if watch.idle:
        return SAFE
    best = HANDS_WIN + 1
    for turn in (*first, Turn(), *rules.legal_moves(state)):
        d = watch.danger(Turn(turn))
        level = SAFE if d is None else d.level
        if level < best:
            best = level
            if best == SAFE:
                break
    return best


def mistake(state: State, turn: Turn) -> Mistake | None:
    """The exact mistake of one turn of the mover (see the module for what is bounded with
    3 or 4 players): "missed_win" when a winning turn existed and this is not one; else
    "hands_win", "base_falls" or "khan_lost" when the turn allows that and some other turn
    allowed less; None when none applies."""
    if state.result is not None:
        return None
    me = state.turn
    turn = Turn(turn)
    after = rules.apply(state, turn)
    if state.moved == -1:
        mine = win_turn(list(state.owners), list(state.kinds), state.alive, state.holds, me)
        win, kind = (None, "") if mine is None else (mine.turn, mine.kind)
    else:
        win, kind = winning_turn(state, me), ""
    if win is not None:
        if is_win(after, me):
            return None
        turn_words = _show(win)
        if kind == "obelisk":
            text = _("missed a win: {turn} would complete the Obelisk hold")
        elif kind == "elimination":
            text = _("missed a win: {turn} would eliminate the last rival")
        else:
            text = _("missed a win: {turn} would win")
        return Mistake("missed_win", me, text.format(turn=turn_words), kind == "obelisk")
    d = danger(state, turn)
    if d is None or floor(state) >= d.level:
        return None
    return Mistake(d.kind, d.seat, _words(d),
                   d.level == HANDS_WIN and d.threat.kind == "obelisk")


def _show(turn: Turn) -> str:
    return names.turn(turn)


def _words(d: Danger) -> str:
    """What a turn lets the seat do, in the words of the analysis: "let Red ..."."""
    name = names.seat(d.seat)  # the default name: the analysis knows no player's
    if d.level == HANDS_WIN:
        if d.threat.kind == "obelisk":
            return _("let {seat} complete the Obelisk hold").format(seat=name)
        return _("let {seat} take the last base squares and win").format(seat=name)
    if d.level == BASE_FALLS:
        return _("let {seat} take your base").format(seat=name)
    return _("let {seat} take your Khan").format(seat=name)
