"""Applying an Overlords turn: `apply_legal` (the search's unchecked fast path), the checked
`apply` of the protocol, resigning, the outcome, and perft.

`apply_legal` is a hot path of the CPU (`python3 bootstrap.py bench engine` and `bench perft`
measure it): it copies the board once per turn and inlines the move encoding of
`overlords.moves`.
"""

from __future__ import annotations

import numpy as np

from common.i18n import _
from common.protocol import LEAVE_REASONS, GameOverError, Outcome
from overlords.movegen import legal_codes
from overlords.moves import NONE, Move
from overlords.reasons import find_move
from overlords.state import (
    ALL_RUNES,
    DRAW_TURNS,
    FATE_STONES,
    OVERLORD,
    PIT,
    SOURCES,
    State,
    cell_type,
    piece_code,
)


def apply_legal(state: State, code: int) -> State:
    """The state after a turn from `legal_codes` (not checked: use rules.apply for that)."""
    side = state.turn
    rune, kind, frm, to = code >> 16, (code >> 14) & 3, (code >> 7) & 127, code & 127
    board, control, reserve = state.board, state.control, state.reserve
    quiet = state.quiet + 1
    result = None
    if to != NONE:
        board = board.copy()
        if frm == NONE:  # recruit
            board[to] = piece_code(side, kind)
            mine = list(reserve[side])
            mine[kind] -= 1
            reserve = (tuple(mine), reserve[1]) if side == 0 else (reserve[0], tuple(mine))
            quiet = 0
        else:
            victim = int(board[to])
            board[to] = board[frm]
            board[frm] = 0
            if victim:
                quiet = 0
                if cell_type(victim) == OVERLORD:
                    result = Outcome(side, "overlord")
            feature = state.static.features[to]
            if 0 <= feature < PIT and control[to] != side:
                control = control.copy()
                control[to] = side
                quiet = 0
                if result is None and np.count_nonzero(
                    control[state.static.source_squares] == side
                ) == len(SOURCES) * 3:
                    result = Outcome(side, "sources")
    runes = state.runes[side] & ~(1 << (rune - 1))
    stones = list(state.fates[side])
    stones[kind] -= 1
    hand = tuple(stones)
    if not runes:  # the Reckoning: all 14 stones return
        runes, hand = ALL_RUNES, FATE_STONES
    if side == 0:
        all_runes, fates = (runes, state.runes[1]), (hand, state.fates[1])
    else:
        all_runes, fates = (state.runes[0], runes), (state.fates[0], hand)
    if result is None and quiet >= DRAW_TURNS:
        result = Outcome(None, "draw")
    if board is not state.board:
        board.setflags(write=False)  # half the cost of flags.writeable = False
        if control is not state.control:
            control.setflags(write=False)
    return State(state.static, board, control, all_runes, fates, reserve, 1 - side, quiet,
                 state.ply + 1, result)


def apply(state: State, move: int) -> State:
    """The state after a legal turn; IllegalMoveError with the reason otherwise."""
    legal = state.legal  # the moves legal_moves listed, if it was asked: no second generation
    if move not in (legal_codes(state) if legal is None else legal):
        m = Move(move)
        find_move(state, m.rune, m.fate, m.frm, m.to)  # raises with the reason
    return apply_legal(state, move)


def outcome(state: State) -> Outcome | None:
    """The result, or None while the game goes on."""
    return state.result


def resign(state: State, player: int, reason: str = "resign") -> State:
    """The state after `player` resigns or forfeits (one of `LEAVE_REASONS`): the other side
    wins. GameOverError once the game is over."""
    if reason not in LEAVE_REASONS:
        raise ValueError(_("reason must be resign or forfeit, not {reason!r}").format(
            reason=reason))
    if state.result is not None:
        raise GameOverError(_("the game is already over"))
    return State(state.static, state.board, state.control, state.runes, state.fates,
                 state.reserve, state.turn, state.quiet, state.ply, Outcome(1 - player, reason))


def perft(state: State, depth: int) -> int:
    """The number of legal turn sequences of that length (distinct notation tokens)."""
    codes = legal_codes(state)
    if depth <= 1:
        return len(codes) if depth == 1 else 1
    return sum(perft(apply_legal(state, code), depth - 1) for code in codes)
