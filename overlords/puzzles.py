"""Overlords puzzles: what each kind asks, which tries solve it, why a try fails, the solver's
reply, and how a position from self-play becomes a puzzle. Plain Python (no pygame); the
shared part (loading the records, the checks of every shipped puzzle) is `common.puzzles`.

Kinds (the record's ``"puzzle": {"goal": ...}``), all judged by `overlords.tactics`:

- ``win-1``: win with this move: capture the enemy Overlord or take the ninth Source
  (`tactics.winning_moves`);
- ``win-2``: win in two moves: a move after which no reply of the enemy holds (every reply
  lets you win at once: `tactics.defence` finds none), then, after the solver's reply, the
  winning move;
- ``defend``: every move but one loses the Overlord (at once, or by force two moves deep:
  `tactics.judge`); find the one that does not.

A try is a whole move; what makes it "the same" as the solution is its two squares (the figure
and where it goes; a recruit's square): the Rune that carried it may differ where several do
the job. A puzzle is unique when every move to other squares fails: `check` asserts it (and the
generator keeps only such positions). The enemy's reply in ``win-2`` is the solver's: of its
moves (all of them lose), the one that leaves the fewest winning answers, so the player sees
the most stubborn defence.
"""

from __future__ import annotations

from collections.abc import Callable

from common.i18n import N_, _
from overlords import rules, tactics
from overlords.moves import Move
from overlords.state import OVERLORD, SIDE_NAMES, TYPE_NAMES, State

GOALS = {
    "win-1": N_("Win with this move: capture the enemy Overlord or take the last Source."),
    "win-2": N_("Win in two moves: make a move the enemy cannot answer, then finish."),
    "defend": N_("Every move but one loses your Overlord. Find the one that saves it."),
}
PLAYER_MOVES = {"win-1": 1, "win-2": 2, "defend": 1}  # moves the player makes


def key(move: int) -> int:
    """What makes two moves the same try: their squares (from and to; a recruit's square)."""
    return int(move) & 0x3FFF


def side(state: State, player: int | None = None) -> str:
    """A side's name: "White", "Black" (the side to move by default)."""
    return SIDE_NAMES[state.turn if player is None else player].title()


# --- judging one try ------------------------------------------------------------------------


def _wins_now(state: State, move: int) -> str | None:
    after = rules.apply_legal(state, move)
    if after.result is not None and after.result.winner == state.turn:
        return None
    return (_("it does not end the game: a winning move captures the enemy Overlord or takes "
              "the ninth Source"))


def _wins_in_two(state: State, move: int) -> str | None:
    after = rules.apply_legal(state, move)
    if after.result is not None:
        return None if after.result.winner == state.turn else _("it ends the game in a draw")
    holding = tactics.defence(after)
    if holding is None:
        return None
    return _("{side} answers {move} and then nothing wins at once").format(
               side=side(after), move=Move(holding))


def _saves(state: State, move: int) -> str | None:
    danger = tactics.danger(state, move)
    if danger is None:
        return None
    enemy = side(state, 1 - state.turn)
    after = rules.apply_legal(state, move)
    if danger.forced:
        return _("{enemy} answers {reply} and then no move keeps your Overlord safe").format(
                   enemy=enemy, reply=danger.reply)
    victim = after.figure(danger.reply.to) if danger.reply.to is not None else None
    if victim is not None and victim[1] == OVERLORD:
        return _("{enemy} answers {reply} and captures your Overlord").format(
                   enemy=enemy, reply=danger.reply)
    return _("{enemy} answers {reply} and takes the ninth Source").format(
               enemy=enemy, reply=danger.reply)


STAGES: dict[str, tuple[Callable[[State, int], str | None], ...]] = {
    "win-1": (_wins_now,),
    "win-2": (_wins_in_two, _wins_now),
    "defend": (_saves,),
}


def judge_try(state: State, goal: str, stage: int, move: int) -> str | None:
    """None if the player's `stage`-th move (0 first) solves its part of the puzzle; else why
    not, in words from the player's side ("Black answers 3D d8-d3 and captures ...")."""
    return STAGES[goal][stage](state, move)


def reply(state: State) -> Move:
    """The solver's answer to the player's good first move of a ``win-2``: of the enemy's
    moves, the one that leaves the fewest winning answers (then the first in order)."""
    def answers(code: int) -> tuple[int, int]:
        after = rules.apply_legal(state, code)
        if after.result is not None:
            return (-1, code)  # cannot happen after a good first move: the enemy would win
        return (len({key(m) for m in tactics.winning_moves(after)}), code)

    return Move(min(rules.legal_moves(state), key=answers))


# --- hints ---------------------------------------------------------------------------------


def hint(state: State, goal: str, move: int) -> str:
    """A nudge toward the solution's move without giving it away: which figure to look at."""
    move = Move(move)
    if move.frm is None:
        return _("Look at the Sources: a recruit does it.")
    figure = TYPE_NAMES[state.figure(move.frm)[1]]
    where = rules.GRID.name(move.frm)
    if goal == "defend":
        attackers = rules.attackers(state, state.turn)
        if attackers and attackers[0].frm is not None:
            a = attackers[0]
            enemy = TYPE_NAMES[state.figure(a.frm)[1]]
            return (_("The danger is the {enemy} on {square}: look at your {figure} on "
                      "{where}.").format(
                        enemy=enemy, square=rules.GRID.name(a.frm), figure=figure, where=where))
    return _("Look at your {figure} on {where}.").format(figure=figure, where=where)


def hint_square(state: State, goal: str, move: int) -> int | None:
    """The square the hint picks on the board (its figure's moves show): the moving figure's
    (None for a recruit)."""
    return Move(move).frm


# --- finding and checking puzzles -----------------------------------------------------------


def _good_keys(state: State, goal: str) -> dict[int, Move]:
    """The squares-keys of the first moves that solve the puzzle, each with one such move."""
    found: dict[int, Move] = {}
    for move in rules.legal_moves(state):
        if key(move) not in found and judge_try(state, goal, 0, move) is None:
            found[key(move)] = move
    return found


def find(state: State) -> tuple[str, list[Move]] | None:
    """The puzzle this position makes, if any: (goal, solution moves), the solution unique by
    squares. Win in one comes first, then win in two, then defend."""
    if state.result is not None or rules.must_discard(state):
        return None
    wins = {key(m): Move(m) for m in tactics.winning_moves(state)}
    if wins:
        return ("win-1", [next(iter(wins.values()))]) if len(wins) == 1 else None
    if tactics.forced_win(state) is not None:
        good = _good_keys(state, "win-2")
        if len(good) != 1:
            return None
        first = next(iter(good.values()))
        after = rules.apply_legal(state, first)
        answer = reply(after)
        then = rules.apply_legal(after, answer)
        finish = min(tactics.winning_moves(then))
        return "win-2", [first, answer, Move(finish)]
    if not tactics.wins_at_once(state, 1 - state.turn):
        return None  # nothing threatens: no defence to find
    verdicts = tactics.judge(state, rules.legal_moves(state))
    safe = {key(m): m for m, v in verdicts.items() if v is None}
    if len(safe) != 1:
        return None
    return "defend", [Move(next(iter(safe.values())))]


def check(state: State, goal: str, solution: list[Move]) -> str | None:
    """None if the solution solves the puzzle and is unique (every move to other squares
    fails); else what is wrong, in a line."""
    if goal not in STAGES:
        return _("unknown goal {goal!r}").format(goal=goal)
    if len(solution) != 2 * PLAYER_MOVES[goal] - 1:
        return _("a {goal} solution has {value} moves, not {count}").format(
                   goal=goal, value=2 * PLAYER_MOVES[goal] - 1, count=len(solution))
    first = solution[0]
    why = judge_try(state, goal, 0, first)
    if why:
        return _("the solution {first} fails: {why}").format(first=first, why=why)
    others = [m for m in rules.legal_moves(state) if key(m) != key(first)
              and judge_try(state, goal, 0, m) is None]
    if others:
        return _("not unique: {others} solves it too").format(others=others[0])
    if goal == "win-2":
        after = rules.apply_legal(state, first)
        then = rules.apply_legal(after, solution[1])
        why = judge_try(then, goal, 1, solution[2])
        if why:
            return _("after {solution} the finish {solution2} fails: {why}").format(
                       solution=solution[1], solution2=solution[2], why=why)
        if reply(after) != solution[1]:
            return _("after {first} the solver answers {reply}, not {solution}").format(
                       first=first, reply=reply(after), solution=solution[1])
    return None


__all__ = ["GOALS", "PLAYER_MOVES", "check", "find", "hint", "judge_try", "key", "reply",
           "hint_square"]
