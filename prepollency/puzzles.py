"""Prepollency puzzles: what each kind asks, which turns solve it, why a turn fails, and how a
position from self-play becomes a puzzle. Plain Python (no pygame); the shared part (loading
the records, the checks of every shipped puzzle) is `common.puzzles`, the twin of this module
`overlords.puzzles`.

Kinds (the record's ``"puzzle": {"goal": ...}``), all judged by `prepollency.tactics`:

- ``win-hold``: win this turn by completing the Obelisk hold (a hold count of 3 and all five
  squares yours at the end of the turn). Never unique, so never generated: a hold count of 3
  at the start of a turn means all five squares are still yours (a broken hold drops to 0),
  and then holding the line wins as well as any turn that keeps them. The kind stays for a
  hand-made puzzle whose check would say so; the hold's third round is taught by the
  ``stop`` puzzles (break a rival's) and by the lessons;
- ``win-base``: win this turn by filling the last rival's base (elimination);
- ``stop``: a rival threatens to win on its next turn; find the turn after which no seat that
  moves before yours wins at once (`tactics.stopping_turns`).

A try is a whole turn (two moves by two pieces, one, or holding the line). What makes a puzzle
unique is its *key move*: every turn that solves it contains that move, and no turn without it
does (the other move of the turn is free: a turn is two moves, and the second one rarely
matters). `check` asserts it for the shipped turn, and the generator keeps only such
positions. The player makes one turn in every kind (no reply to wait for).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from common.i18n import N_, _
from prepollency import rules, tactics
from prepollency.moves import GRID, PIECE_NAMES, Move, Turn
from prepollency.state import BASES, OBELISK, State

GOALS = {
    "win-hold": N_("Win this turn: keep all five Obelisk squares for the third round."),
    "win-base": N_("Win this turn: fill the last rival's base."),
    "stop": N_("A rival wins on its next turn unless you stop it. Find the turn that does."),
}
PLAYER_MOVES = {goal: 1 for goal in GOALS}
NAMES = tactics.SEAT_NAMES


def _name(seat: int) -> str:
    return NAMES[seat]


def _sq(square: int) -> str:
    return GRID.names[square]


# --- judging one try ------------------------------------------------------------------------


def _won(state: State, turn: Turn) -> State | None:
    """The state after the turn, or None when the turn won the game for the mover."""
    after = rules.apply(state, turn)
    out = rules.outcome(after)
    return None if out is not None and out.winner == state.turn else after


def _holds(state: State, turn: Turn) -> str | None:
    after = _won(state, turn)
    if after is None:
        return None
    missing = [_sq(s) for s in OBELISK if after.owners[s] != state.turn]
    if missing:
        return (_("at the end of your turn {join} {value} not yours, so the hold is broken").format(
                    join=', '.join(missing), value='is' if len(missing) == 1 else 'are'))
    return _("the turn does not complete the hold")


def _fills(state: State, turn: Turn) -> str | None:
    after = _won(state, turn)
    if after is None:
        return None
    for seat in after.alive:
        if seat != state.turn:
            free = [_sq(b) for b in BASES[seat] if after.owners[b] in (0, seat)]
            if free:
                return _("{name}'s base still has {join} not taken").format(
                           name=_name(seat), join=', '.join(free))
    return _("the turn does not eliminate the last rival")


def _stops(state: State, turn: Turn) -> str | None:
    if tactics.stopping_turns(state, [turn]):
        return None
    danger = tactics.danger(state, turn)
    if danger is None:
        return _("a rival still wins next turn")
    how = (_("completes the Obelisk hold") if danger.threat.kind == "obelisk"
           else _("fills the last base and wins"))
    return _("{name} answers {show} and {how}").format(
               name=_name(danger.seat), show=_show(danger.threat.turn), how=how)


def _show(turn: Iterable[Move]) -> str:
    moves = [str(m) for m in turn]
    return " then ".join(moves) if moves else _("holding the line")


STAGES: dict[str, tuple[Callable[[State, Turn], str | None], ...]] = {
    "win-hold": (_holds,), "win-base": (_fills,), "stop": (_stops,),
}


def judge_try(state: State, goal: str, stage: int, turn) -> str | None:
    """None if the player's turn solves the puzzle; else why not, in the player's words."""
    return STAGES[goal][stage](state, Turn(turn))


def reply(state: State) -> Turn:
    """A rival's answer (no Prepollency kind waits for one: the player makes one turn): its
    winning turn if it has one, else holding the line."""
    return tactics.winning_turn(state, state.turn) or Turn()


# --- hints ---------------------------------------------------------------------------------


def _key_of(state: State, goal: str, turn) -> Move | None:
    """The move of the solution a hint points at: the first one the turn fails without (the
    key move, which `check` proves every solving turn contains, is one such). Cheap: two
    judged turns, not every solving turn listed (a hint is asked on the UI thread)."""
    turn = Turn(turn)
    for move in turn:
        rest = Turn(m for m in turn if m != move)
        try:
            if judge_try(state, goal, 0, rest) is not None:
                return move
        except ValueError:  # the other move alone is not legal: this one opens its way
            return move
    return turn[0] if turn else None


def hint(state: State, goal: str, turn) -> str:
    """Which piece to look at (the key move's), without its target."""
    key = _key_of(state, goal, turn)
    if key is None:
        return _("Look at the Obelisk and the bases.")
    return _("Look at your {piece} on {sq}.").format(
               piece=_(PIECE_NAMES[state.kinds[key.frm]]), sq=_sq(key.frm))


def hint_square(state: State, goal: str, turn) -> int | None:
    """The square the hint picks on the board (its piece's moves show): the key move's."""
    key = _key_of(state, goal, turn)
    return None if key is None else key.frm


# --- finding and checking puzzles -----------------------------------------------------------


def _solving(state: State, goal: str) -> list[Turn]:
    """Every turn that solves the puzzle of this goal in this position."""
    if goal == "stop":
        return tactics.stopping_turns(state) or []
    return tactics.winning_turns(state)


def _common(turns: list[Turn]) -> set[Move]:
    """The moves every one of these turns contains (empty if there are none)."""
    if not turns:
        return set()
    common = set(turns[0])
    for turn in turns[1:]:
        common &= set(turn)
    return common


def _win_kind(state: State) -> str:
    me = state.turn
    return "win-hold" if state.holds[me] >= rules.HOLD_TO_WIN - 1 \
        and rules.apply(state, tactics.winning_turns(state)[0]).holds[me] >= rules.HOLD_TO_WIN \
        else "win-base"


def find(state: State) -> tuple[str, list[Turn]] | None:
    """The puzzle this position makes, if any: (goal, [the solving turn]); unique by its key
    move. A win comes first, then a stop."""
    if rules.outcome(state) is not None or state.moved != -1:
        return None
    wins = tactics.winning_turns(state)
    if wins:
        if not _common(wins):
            return None
        goal = _win_kind(state)
        return goal, [_shortest(wins)]
    stops = tactics.stopping_turns(state)
    if not stops or not _common(stops) or Turn() in stops:
        return None
    return "stop", [_shortest(stops)]


def _shortest(turns: list[Turn]) -> Turn:
    """The turn to ship: the fewest moves, then the first in order."""
    return min(turns, key=lambda t: (len(t), t))


def check(state: State, goal: str, solution: list) -> str | None:
    """None if the shipped turn solves the puzzle and the puzzle is unique (every solving turn
    contains its key move, and no turn without it solves it); else what is wrong."""
    if goal not in STAGES:
        return _("unknown goal {goal!r}").format(goal=goal)
    if len(solution) != 1:
        return _("a {goal} solution is one turn, not {count}").format(
                   goal=goal, count=len(solution))
    turn = Turn(solution[0])
    why = judge_try(state, goal, 0, turn)
    if why:
        return _("the solution {show} fails: {why}").format(show=_show(turn), why=why)
    if goal != "stop" and _win_kind(state) != goal:
        return _("the win here is a {win_kind}, not a {goal}").format(
                   win_kind=_win_kind(state), goal=goal)
    solving = _solving(state, goal)
    common = _common(solving)
    if not common & set(turn):
        return _("not unique: the solving turns share no move")
    return None


__all__ = ["GOALS", "PLAYER_MOVES", "check", "find", "hint", "judge_try", "reply",
           "hint_square"]
