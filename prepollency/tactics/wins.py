"""What a Prepollency seat needs to win, and who wins at once: the squares a seat still needs
for an elimination win or to complete a base, a seat's winning turn (`win_turn`, `threats`),
the mover's own winning turns, and whether a seat can still win at all (`cannot_win`).

A hot path of the tactics (`python3 bootstrap.py bench tactics --game prepollency` measures
it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from prepollency import rules
from prepollency.moves import Turn
from prepollency.state import BASES, OBELISK, State
from prepollency.tactics.reach import fill_turn, make_move, unmake_move

HOLD_TO_WIN = rules.HOLD_TO_WIN
FILL_PIECES = 4  # pieces a seat needs to fill a base alone (the Obelisk needs five)


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat that could win at once on its turn: how ("obelisk" or "elimination"), with which
    turn, and the squares that matter (the Obelisk, or the base squares it still needs)."""

    seat: int
    kind: str
    turn: Turn
    squares: tuple[int, ...]


def elimination_need(owners: Sequence[int], alive: Iterable[int], seat: int,
                     limit: int = 2) -> tuple[list[int], list[int]] | None:
    """The base squares `seat` must still fill to eliminate every other seat in, and its own
    pieces on those bases (which must stay); None when more than `limit` are missing."""
    need: list[int] = []
    keep: list[int] = []
    for x in alive:
        if x == seat:
            continue
        for b in BASES[x]:
            o = owners[b]
            if not o or o == x:
                need.append(b)
            elif o == seat:
                keep.append(b)
        if len(need) > limit:
            return None
    return need, keep


def base_need(owners: Sequence[int], base_of: int, seat: int) -> tuple[list[int], list[int]]:
    """The squares of `base_of`'s base `seat` must fill to complete it, and its pieces there."""
    need = [b for b in BASES[base_of] if not owners[b] or owners[b] == base_of]
    return need, [b for b in BASES[base_of] if owners[b] == seat]


def win_turn(owners: list[int], kinds: list[int], alive: Sequence[int], holds: Sequence[int],
             seat: int) -> Threat | None:
    """How `seat` wins at once on these lists if it were its turn (None if it cannot)."""
    if len(alive) < 2 or seat not in alive:
        return None
    if holds[seat] >= HOLD_TO_WIN - 1:
        need = [s for s in OBELISK if owners[s] != seat]
        if len(need) <= 2:
            turn = fill_turn(owners, kinds, seat, need, [s for s in OBELISK if owners[s] == seat])
            if turn is not None:
                return Threat(seat, "obelisk", turn, OBELISK)
    found = elimination_need(owners, alive, seat)
    if found is not None:
        turn = fill_turn(owners, kinds, seat, *found)
        if turn is not None:
            return Threat(seat, "elimination", turn, tuple(found[0]))
    return None


def winning_turn(state: State, seat: int) -> Turn | None:
    """A turn with which `seat` would win at once if it were its turn on this board (the board
    unchanged; in the middle of the mover's own turn, a way to finish it that wins)."""
    if state.result is not None:
        return None
    if seat == state.turn and state.moved != -1:
        for turn in rules.legal_moves(state):
            if is_win(rules.apply(state, turn), seat):
                return turn
        return None
    threat = win_turn(list(state.owners), list(state.kinds), state.alive, state.holds, seat)
    return None if threat is None else threat.turn


def is_win(after: State, seat: int) -> bool:
    """Whether the game ended in `seat`'s favour."""
    return after.result is not None and after.result.winner == seat


def winning_turns(state: State) -> list[Turn]:
    """Every legal turn of the mover that ends the game at once in its favour (the order of
    `rules.legal_moves`); in the middle of a turn, the ways to finish it that win."""
    if state.result is not None:
        return []
    me = state.turn
    if state.moved != -1 or winning_turn(state, me) is None:
        return [] if state.moved == -1 else [
            t for t in rules.legal_moves(state) if is_win(rules.apply(state, t), me)]
    owners, kinds = list(state.owners), list(state.kinds)
    hold = state.holds[me] >= HOLD_TO_WIN - 1
    found = elimination_need(owners, state.alive, me)
    out = []
    for turn in rules.legal_moves(state):
        olds = [make_move(owners, kinds, f, t) for f, t in turn]
        if hold and all(owners[s] == me for s in OBELISK):
            win = True
        elif found is not None:
            win = all(all(owners[b] and owners[b] != x for b in BASES[x])
                      for x in state.alive if x != me)
        else:
            win = False
        for (f, t), old in zip(reversed(turn), reversed(olds), strict=True):
            unmake_move(owners, kinds, f, t, old)
        if win:
            out.append(turn)
    return out


def threats(state: State) -> dict[int, Threat]:
    """The seats still in (not the mover) that could win at once on their next turn if nothing
    changed, each with one winning turn and the squares that matter."""
    if state.result is not None:
        return {}
    owners, kinds = list(state.owners), list(state.kinds)
    out = {}
    for seat in order_after(state.alive, state.turn):
        threat = win_turn(owners, kinds, state.alive, state.holds, seat)
        if threat is not None:
            out[seat] = threat
    return out


def cannot_win(state: State, seat: int) -> bool:
    """True when `seat`, still in, can no longer win: it has fewer than FILL_PIECES pieces, so
    it can neither stand on the five Obelisk squares (nor ever get a Khan) nor fill a base
    alone, while some rival still has FILL_PIECES or more (see the module docstring). When
    every seat still in is that weak, none is told so: the game is heading for a draw, which
    is theirs too."""
    pieces = state.pieces
    return seat in state.alive and len(pieces[seat]) < FILL_PIECES and any(
        len(pieces[other]) >= FILL_PIECES for other in state.alive if other != seat)


def order_after(alive: Sequence[int], me: int) -> list[int]:
    """The other seats still in, in the order they move after `me`."""
    i = alive.index(me) if me in alive else -1
    return [*alive[i + 1:], *alive[:max(i, 0)]] if i >= 0 else list(alive)
