"""Applying Prepollency steps and turns: the end of a turn (Khan, holds, eliminations, the
result, the next seat), resigning and forfeiting, the outcome, and perft.

`apply(state, turn)` equals `apply_step` over the turn's steps (END implied when the turn did
not close itself): both go through one function, `_advance`, which copies the board once per
call. Closing a turn runs, in this order: the Khan award, the hold counts, eliminations, the
win checks, the draw check, and passes the turn clockwise to the next seat still in the game
(the rulings are in `prepollency.rules`).

This module is a hot path of the CPU (`python3 bootstrap.py bench engine` and `bench perft`
measure it): `_close_turn` runs once per turn of every playout, which is why it is one long
function of plain-list reads rather than several small ones.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from common.i18n import _
from common.protocol import (
    LEAVE_REASONS,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Outcome,
    quoted,
)
from prepollency.movegen import legal_moves, moves_after, planes, single_moves
from prepollency.moves import CELLS, END, KHAN, Move, Step, Turn
from prepollency.reasons import refusal
from prepollency.state import BASES, KIND, OBELISK, OWNER, State, has_khan

HOLD_TO_WIN = 4  # a hold count of 4: the Obelisk kept through three full rounds
DRAW_ROUNDS = 50


def apply_step(state: State, step: Step | str) -> State:
    """The state after one legal step: a move (the turn closes after the second) or END."""
    if step is END:
        return _advance(state, (), True)
    return _advance(state, (step,), False)


def _as_move(step: Any) -> Move:
    if isinstance(step, Move):
        if 0 <= step.frm < CELLS and 0 <= step.to < CELLS:
            return step
        raise InvalidMoveError(_("{move} is not a move between two squares").format(
            move=tuple(step)))
    if isinstance(step, str):
        return Move.parse(step)
    raise InvalidMoveError(_("{move} is not a move (a Move, or a string like c3-e5)").format(
        move=quoted(step)))


def _advance(state: State, moves: Any, end: bool) -> State:
    """The one path that changes a position: make `moves` (each checked) on one copy of the
    board, then close the turn if `end` is set or the turn's second move was made."""
    if state.result is not None:
        raise GameOverError(_("The game is over"))
    me, moved, captured = state.turn, state.moved, state.captured
    board: np.ndarray | None = None  # this turn's copies, made at its first move
    owners: list[int] = []
    kinds: list[int] = []
    pieces: list[tuple[int, ...]] = []
    made = 0 if moved == -1 else 1
    for step in moves:
        if made == 2:
            raise IllegalMoveError(_("A turn has at most two moves"))
        f, t = _as_move(step)
        if board is None:  # copies before the check: refusal, like gen_moves, reads lists
            board = state.board.copy()
            owners, kinds, pieces = list(state.owners), list(state.kinds), list(state.pieces)
        why = refusal(owners, kinds, me, moved, f, t)
        if why is not None:
            raise IllegalMoveError(why)
        victim, kind = owners[t], kinds[f]
        board[OWNER, t] = owners[t] = me
        board[KIND, t] = kinds[t] = kind
        board[OWNER, f] = board[KIND, f] = owners[f] = kinds[f] = 0
        mine = list(pieces[me])
        mine[mine.index(f)] = t
        mine.sort()
        pieces[me] = tuple(mine)
        if victim:
            captured = True
            theirs = list(pieces[victim])
            theirs.remove(t)
            pieces[victim] = tuple(theirs)
        made += 1
        moved = t
    if board is None:  # END before any move: share the board until something changes
        return _close_turn(state, state.board, state.owners, state.kinds, list(state.pieces),
                           captured, False)
    if end or made == 2:
        return _close_turn(state, board, owners, kinds, pieces, captured, True)
    board.flags.writeable = False
    return State(board, tuple(owners), tuple(kinds), tuple(pieces), state.seats, state.alive,
                 me, state.holds, state.quiet, moved, captured)


def _close_turn(state: State, board: np.ndarray, owners: Any, kinds: Any,
                pieces: list[tuple[int, ...]], captured: bool, fresh: bool) -> State:
    """End of the turn: Khan, holds, eliminations, win, draw, next seat. If `fresh`, the
    board and the owners and kinds lists are this turn's own copies, changed in place;
    otherwise they are the state's (tuples), copied before a change."""
    me = state.turn
    o1, o2, o3, o4, o5 = OBELISK
    holder = owners[o1]
    if not (holder and owners[o2] == holder and owners[o3] == holder and owners[o4] == holder
            and owners[o5] == holder):
        holder = 0
    # 1. Khan award: all five Obelisk squares, no Khan on the board, a free base square.
    if holder == me and not has_khan(state, me):  # moving never makes or takes own Khans
        for s in BASES[me]:
            if not owners[s]:
                if not fresh:
                    board, owners, kinds, fresh = board.copy(), list(owners), list(kinds), True
                board[OWNER, s] = owners[s] = me
                board[KIND, s] = kinds[s] = KHAN
                pieces[me] = tuple(sorted((*pieces[me], s)))
                break
    # 2. Hold counts: the mover's grows, a standing holder's stays, everyone else's is 0.
    holds = [0, 0, 0, 0, 0]
    if holder:
        holds[holder] = state.holds[holder] + 1 if holder == me else state.holds[holder]
    # 3. Eliminations, all judged on the board as the turn left it.
    alive = state.alive
    out = []
    for seat in alive:
        b1, b2, b3, b4 = BASES[seat]
        p1, p2, p3, p4 = owners[b1], owners[b2], owners[b3], owners[b4]
        if p1 and p2 and p3 and p4 and seat != p1 and seat != p2 and seat != p3 and seat != p4:
            out.append(seat)
    if out and not fresh:
        board, owners, kinds, fresh = board.copy(), list(owners), list(kinds), True
    for seat in out:
        for s in pieces[seat]:
            owners[s] = kinds[s] = 0
        board[:, list(pieces[seat])] = 0
        pieces[seat] = ()
        if holds[seat]:
            holds[seat] = 0
    if out:
        alive = tuple(seat for seat in alive if seat not in out)
    # 4. Wins, 5. the draw.
    result = None
    if holds[me] >= HOLD_TO_WIN:
        result = Outcome(me, "obelisk")
    elif len(alive) == 1:
        result = Outcome(alive[0], "elimination")
    quiet = 0 if captured or out or any(holds) else state.quiet + 1
    if result is None and quiet >= DRAW_ROUNDS * len(alive):
        result = Outcome(None, "draw")
    board.flags.writeable = False
    if fresh:
        owners, kinds = tuple(owners), tuple(kinds)
    return State(board, owners, kinds, tuple(pieces), state.seats, alive,
                 next_seat(alive, me), tuple(holds), quiet, -1, False, result)


def next_seat(alive: tuple[int, ...], seat: int) -> int:
    """The next seat clockwise after `seat` that is still in the game."""
    for i in range(1, 5):
        nxt = (seat + i - 1) % 4 + 1
        if nxt in alive:
            return nxt
    return seat


def apply(state: State, turn: Turn | list) -> State:
    """The state after a whole legal turn: its moves, then END unless the turn closed itself."""
    if isinstance(turn, str) or not isinstance(turn, list | tuple):
        raise InvalidMoveError(_('a turn is a list of moves like ["c3-e5", "h7-h8"], not '
                                 '{given}').format(given=quoted(turn)))
    return _advance(state, turn, True)


def resign(state: State, player: int, reason: str = "resign") -> State:
    """The state after a seat resigns or forfeits (one of `LEAVE_REASONS`; ruling 7: the last
    two, or an elimination); only between turns: ValueError in the middle of one (take the
    half-made move back first). GameOverError once the game is over."""
    if reason not in LEAVE_REASONS:
        raise ValueError(f"reason must be resign or forfeit, not {reason!r}")
    if state.result is not None:
        raise GameOverError(_("the game is already over"))
    if player not in state.alive:
        raise ValueError(_("seat {seat!r} is not in the game").format(seat=player))
    if state.moved != -1:
        raise ValueError(_("seat {seat} cannot leave in the middle of seat {turn}'s turn: take "
                           "back the half-made move first").format(seat=player, turn=state.turn))
    alive = tuple(seat for seat in state.alive if seat != player)
    if len(alive) == 1:
        return state._replace(result=Outcome(alive[0], reason))
    owners, kinds, gone = list(state.owners), list(state.kinds), state.pieces[player]
    for s in gone:
        owners[s] = kinds[s] = 0
    board = state.board.copy()
    board[:, list(gone)] = 0
    board.flags.writeable = False
    pieces = tuple(() if seat == player else sq for seat, sq in enumerate(state.pieces))
    holds = tuple(0 if seat == player else h for seat, h in enumerate(state.holds))
    turn = next_seat(alive, player) if state.turn == player else state.turn
    return State(board, tuple(owners), tuple(kinds), pieces, state.seats, alive, turn, holds, 0)


def outcome(state: State) -> Outcome | None:
    """The result, or None while the game goes on (`State.result`)."""
    return state.result


def perft(state: State, depth: int) -> int:
    """The number of legal turn sequences of that length (depth 1: distinct turns, [] too)."""
    if depth <= 0:
        return 1
    if state.result is not None:
        return 0
    if depth > 1:
        return sum(perft(apply(state, turn), depth - 1) for turn in legal_moves(state))
    owners, kinds = planes(state)
    first = single_moves(state, owners, kinds)
    if state.moved != -1:
        return 1 + len(first)
    me, squares = state.turn, state.pieces[state.turn]
    return 1 + len(first) + sum(len(moves_after(owners, kinds, me, squares, m)) for m in first)
