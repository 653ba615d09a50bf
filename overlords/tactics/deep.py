"""Forced wins one move deeper than `forced_win`: the side to move wins with its third move at
the latest, whatever the enemy replies (`win_in_three`), for the analysis (a move that loses
by force three moves later is marked) and the reasons (`overlords.why`).

Sound, not complete: only *forcing* first moves are tried, those after which the mover
threatens to win at once (its Overlord attack or ninth Source, read with its stones left), so
the enemy must answer; the enemy's answers are exactly its moves that hold
(`defence.saving_moves`: every other reply lets the mover win at once), and each must leave
the mover a `forced_win`. A win found is a win; a quiet winning plan is not looked for. The
work is bounded (`BUDGET` positions given to `forced_win` per question): past it the answer is
None, as for a win not found.
"""

from __future__ import annotations

from overlords.apply import apply_legal
from overlords.movegen import legal_codes
from overlords.moves import Move
from overlords.state import State
from overlords.tactics.danger import forced_win
from overlords.tactics.defence import saving_moves
from overlords.tactics.lines import wins_at_once

BUDGET = 60  # forced_win questions per win_in_three (about 0.1 to 0.3 s at worst)
REPLIES = 12  # a forcing move with more holding answers than this is not followed


def win_in_three(state: State, budget: int = BUDGET) -> Move | None:
    """A move of the side to move after which it wins by its third move whatever the enemy
    plays (a `forced_win` first), among forcing moves (see module); None if none is found."""
    if state.result is not None:
        return None
    win = forced_win(state)
    if win is not None:
        return win
    left = [budget]
    for code in legal_codes(state):
        if follows(state, code, left):
            return Move(code)
        if left[0] <= 0:
            break
    return None


def follows(state: State, code: int, left: list[int] | None = None) -> bool:
    """Whether the side to move's move `code` forces a win by its third move: it threatens to
    win at once and every enemy move that holds leaves a `forced_win` (`left`: the budget of
    `forced_win` questions, spent as they are asked)."""
    left = [BUDGET] if left is None else left
    x = state.turn
    after = apply_legal(state, code)
    if after.result is not None:
        return after.result.winner == x
    if not wins_at_once(after, x):
        return False  # not forcing: the enemy may play anything
    answers = saving_moves(after)
    if len(answers) > REPLIES or len(answers) > left[0]:
        return False
    for answer in answers:
        left[0] -= 1
        then = apply_legal(after, answer)
        if then.result is not None or forced_win(then) is None:
            return False
    return True
