"""The Prepollency lessons: their positions and goals on the shared runner (`common.lessons`).

The data is `assets/lessons/prepollency.json`. A position is either a record prefix or cells:

    {"record": {"seats": [1, 3], "first": 1, "turns": [["c3-e5"], []]}}   # replayed
    {"cells": {"h8": "1I", "o15": "3I"}, "seats": [1, 3], "turn": 1,
     "holds": {"3": 2}}                                                   # placed

Goals, each judged on the engine's states before and after the learner's whole turn
(`JUDGES`): `capture` (`"count"` enemy pieces taken, default 1), `reach` (a piece of yours, of
`"kind"` if given, on `"square"`), `moves` (`"count"` moves made), `hold_line` (no move),
`obelisk` (your pieces on all five Obelisk squares), `hold` (your hold count at least
`"count"`), `khan` (your Khan on the board), `break` (seat `"seat"` holds the Obelisk no more),
`eliminate` (seat `"seat"` is out), `win` (`"reason"`: obelisk or elimination).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from common.i18n import _, ngettext
from common.lessons import LessonError
from prepollency import rules
from prepollency.moves import CELLS, GRID, LETTERS, PIECE_NAMES
from prepollency.state import BASES, KIND, OBELISK, OWNER, SEATS_FOR, has_khan, make_state

NAME = "prepollency"
engine = rules
GOAL_KINDS = ("capture", "reach", "moves", "hold_line", "obelisk", "hold", "khan", "break",
              "eliminate", "win")


def seat_name(seat: int) -> str:
    """The seat's colour name as the game names it ("Red")."""
    from common.games import get

    return get(NAME).seat_names(seat)


def _square(name: Any, where: str) -> int:
    try:
        return GRID.index(str(name))
    except ValueError:
        raise LessonError(_("{where}: {name!r} is not a square").format(
                              where=where, name=str(name)[:8])) from None


def _record(data: Any) -> rules.State:
    if not isinstance(data, dict):
        raise LessonError(_("position record: an object with seats, first and turns"))
    try:
        state = rules.initial_state(data)
    except ValueError as err:
        raise LessonError(_("position record: {err}").format(err=err)) from None
    turns = data.get("turns", [])
    if not isinstance(turns, list) or len(turns) > 200:
        raise LessonError(_("position record: 'turns' is a list of turns"))
    for n, turn in enumerate(turns, 1):
        try:
            state = rules.apply(state, rules.parse_move(state, turn))
        except ValueError as err:
            raise LessonError(_("position record turn {count}: {err}").format(count=n,
                                                                              err=err)) from None
    return state


def position(data: Any) -> rules.State:
    """The State a lesson position describes (see the module docstring)."""
    if not isinstance(data, dict):
        raise LessonError(_("a position is an object"))
    if "record" in data:
        return _record(data["record"])
    seats = data.get("seats", [1, 3])
    if not isinstance(seats, list) or tuple(seats) not in SEATS_FOR.values():
        raise LessonError(_("position seats: [1, 3], [1, 2, 3] or [1, 2, 3, 4]"))
    board = np.zeros((2, CELLS), dtype=np.int8)
    cells = data.get("cells", {})
    if not isinstance(cells, dict) or len(cells) > 120:
        raise LessonError(_("position cells: squares to pieces like \"1I\""))
    for name, cell in cells.items():
        sq = _square(name, _("position cells"))
        if not (isinstance(cell, str) and len(cell) == 2 and cell[0].isdigit()
                and int(cell[0]) in seats and cell[1] in LETTERS[1:]):
            raise LessonError(_("position cells {name}: {cell!r} is not seat+kind").format(
                                  name=name, cell=str(cell)[:6]))
        board[OWNER, sq], board[KIND, sq] = int(cell[0]), LETTERS.index(cell[1])
    holds = [0, 0, 0, 0, 0]
    given = data.get("holds", {})
    if not isinstance(given, dict):
        raise LessonError(_("position holds: seats to counts"))
    for seat, count in given.items():
        if not str(seat).isdigit() or int(seat) not in seats or count not in range(4):
            raise LessonError(_("position holds: a seat of the game to a count 0 to 3"))
        holds[int(seat)] = count
    turn = data.get("turn", seats[0])
    if turn not in seats:
        raise LessonError(_("position turn: a seat of the game"))
    return make_state(board, tuple(seats), tuple(seats), turn, tuple(holds))


def check_goal(goal: dict) -> str | None:
    """What is wrong with a goal's data, or None."""
    kind = goal.get("kind")
    if kind not in GOAL_KINDS:
        return _("{kind!r} is not one of {join}").format(
                   kind=str(kind)[:12], join=', '.join(GOAL_KINDS))
    try:
        if kind == "reach":
            _square(goal.get("square"), _("goal square"))
    except LessonError as err:
        return str(err)
    if "kind_of" in goal and goal["kind_of"] not in LETTERS[1:]:
        return _("kind_of is a piece letter (I C A K)")
    if kind in ("break", "eliminate") and goal.get("seat") not in (1, 2, 3, 4):
        return _("{kind} needs the 'seat' it is about").format(kind=kind)
    return None


def _enemies(state: rules.State, me: int) -> int:
    return sum(len(state.pieces[s]) for s in state.seats if s != me)


def _moves(move: Any) -> int:
    return -1 if move is None else len(move)


def _capture(goal, before, move, after, me) -> tuple[bool, str]:
    want = goal.get("count", 1)
    taken = _enemies(before, me) - _enemies(after, me)
    if move is not None and taken >= want:
        return True, ""
    if taken <= 0:
        return False, _("that turn captured nothing")
    return False, _("that turn captured {taken}, not {want}").format(taken=taken, want=want)


def _reach(goal, before, move, after, me) -> tuple[bool, str]:
    sq = _square(goal["square"], "goal")
    kind = goal.get("kind_of")
    if after.owners[sq] == me and (kind is None or LETTERS[after.kinds[sq]] == kind):
        return True, ""
    what = PIECE_NAMES[LETTERS.index(kind)] if kind else "piece"
    return False, _("no {what} of yours stands on {goal}").format(what=what, goal=goal['square'])


def _count(goal, before, move, after, me) -> tuple[bool, str]:
    want, made = goal.get("count", 2), _moves(move)
    if made == want:
        return True, ""
    return False, ngettext("that turn made {count} move, not {want}",
                           "that turn made {count} moves, not {want}", made).format(
        count=max(made, 0), want=want)


def _hold_line(goal, before, move, after, me) -> tuple[bool, str]:
    if _moves(move) == 0:
        return True, ""
    return False, _("that turn moved a piece")


def _on_cross(state: rules.State, me: int) -> int:
    return sum(state.owners[s] == me for s in OBELISK)


def _obelisk(goal, before, move, after, me) -> tuple[bool, str]:
    if move is not None and (after.holds[me] > 0 or
                             (after.result is not None and after.result.winner == me)):
        return True, ""
    return False, _("your pieces stand on {on_cross} of the five Obelisk squares").format(
                      on_cross=_on_cross(after, me))


def _hold(goal, before, move, after, me) -> tuple[bool, str]:
    want = goal.get("count", 1)
    won = after.result is not None and after.result.winner == me
    if move is not None and (after.holds[me] >= want or won):
        return True, ""
    if _on_cross(after, me) < 5:
        return False, _("you left the Obelisk: a hold needs all five squares at the end of " \
              "your turn")
    return False, _("your hold count is {holds}, not {want}").format(
                      holds=after.holds[me], want=want)


def _khan(goal, before, move, after, me) -> tuple[bool, str]:
    if move is not None and has_khan(after, me) and not has_khan(before, me):
        return True, ""
    return False, _("you got no Khan: it comes when your pieces hold all five Obelisk squares")


def _break(goal, before, move, after, me) -> tuple[bool, str]:
    seat = goal["seat"]
    if move is not None and after.holds[seat] == 0:
        return True, ""
    return False, _("{seat} still stands on all five Obelisk squares").format(
                      seat=seat_name(seat))


def _eliminate(goal, before, move, after, me) -> tuple[bool, str]:
    seat = goal["seat"]
    if seat not in after.alive and seat in before.alive:
        return True, ""
    filled = sum(1 for s in BASES[seat] if after.owners[s] and after.owners[s] != seat)
    return False, _("{filled} of {seat}'s four base squares are filled by others").format(
                      filled=filled, seat=seat_name(seat))


def _win(goal, before, move, after, me) -> tuple[bool, str]:
    result = after.result
    if result is not None and result.winner == me and goal.get("reason") in (None,
                                                                            result.reason):
        return True, ""
    return False, _("the game goes on")


JUDGES = {"capture": _capture, "reach": _reach, "moves": _count, "hold_line": _hold_line,
          "obelisk": _obelisk, "hold": _hold, "khan": _khan, "break": _break,
          "eliminate": _eliminate, "win": _win}
