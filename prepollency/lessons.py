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
`eliminate` (seat `"seat"` is out), `win` (`"reason"`: obelisk or elimination), `safe` (no
other seat's next turn can capture a piece of yours), `defended` (your piece on `"square"`
could be taken back: a turn of yours would land there), `stop` (seat `"seat"` has no turn that
wins at once, the tactics' `winning_turn`).

A seat that holds the Obelisk in a position (`holds`) has its Khan on the board, as the rules
give it (the first hold brings one): a position without it is refused.

Claims (`CLAIMS`, `common.lessons.claims`), each judged on one state by the engine:
`attacked` (another seat's next turn can capture the piece on `"square"`), `defended` (its own
seat could land on `"square"` if an enemy took it), `legal` (`"turn"` may be played now),
`captures` (`"turn"` is legal and captures `"count"` pieces, default 1), `wins` (seat `"seat"`
would win at once on its turn), `hold` (seat `"seat"`'s hold count is `"count"`), `breaks`
(seat `"seat"` has a turn after which seat `"holder"` no longer stands on all five squares).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from common.i18n import _, ngettext
from common.lessons import LessonError
from common.lessons.claims import claimed_move, missing_key
from prepollency import names, rules
from prepollency.moves import CELLS, GRID, LETTERS
from prepollency.state import BASES, KIND, OBELISK, OWNER, SEATS_FOR, has_khan, make_state

NAME = "prepollency"
engine = rules
GOAL_KINDS = ("capture", "reach", "moves", "hold_line", "obelisk", "hold", "khan", "break",
              "eliminate", "win", "safe", "defended", "stop")


def seat_name(seat: int) -> str:
    """The seat's colour name as the game names it ("Red"), in the player's language."""
    return names.seat(seat)


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


def _cells(data: dict, seats: list) -> np.ndarray:
    """The board a position's "cells" name."""
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
    return board


def _holds(data: dict, seats: list) -> tuple[int, ...]:
    """The hold counts a position's "holds" name."""
    holds = [0, 0, 0, 0, 0]
    given = data.get("holds", {})
    if not isinstance(given, dict):
        raise LessonError(_("position holds: seats to counts"))
    for seat, count in given.items():
        if not str(seat).isdigit() or int(seat) not in seats or count not in range(4):
            raise LessonError(_("position holds: a seat of the game to a count 0 to 3"))
        holds[int(seat)] = count
    return tuple(holds)


def position(data: Any) -> rules.State:
    """The State a lesson position describes (see the module docstring)."""
    if not isinstance(data, dict):
        raise LessonError(_("a position is an object"))
    if "record" in data:
        return _record(data["record"])
    seats = data.get("seats", [1, 3])
    if not isinstance(seats, list) or tuple(seats) not in SEATS_FOR.values():
        raise LessonError(_("position seats: [1, 3], [1, 2, 3] or [1, 2, 3, 4]"))
    board, holds = _cells(data, seats), _holds(data, seats)
    turn = data.get("turn", seats[0])
    if type(turn) is not int or turn not in seats:
        raise LessonError(_("position turn: a seat of the game"))
    state = make_state(board, tuple(seats), tuple(seats), turn, holds)
    for seat in seats:
        if holds[seat] and not has_khan(state, seat):
            raise LessonError(_("seat {seat} holds the Obelisk, so its first hold gave it a "
                                "Khan: put one on the board").format(seat=seat))
    return state


def check_goal(goal: dict) -> str | None:
    """What is wrong with a goal's data, or None."""
    kind = goal.get("kind")
    if kind not in GOAL_KINDS:
        return _("{kind!r} is not one of {join}").format(
                   kind=str(kind)[:12], join=', '.join(GOAL_KINDS))
    try:
        if kind in ("reach", "defended"):
            _square(goal.get("square"), _("goal square"))
    except LessonError as err:
        return str(err)
    if "kind_of" in goal and goal["kind_of"] not in LETTERS[1:]:
        return _("kind_of is a piece letter (I C A K)")
    if kind in ("break", "eliminate", "stop") and goal.get("seat") not in (1, 2, 3, 4):
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
    sq = _square(goal["square"], _("goal"))
    kind = goal.get("kind_of")
    if after.owners[sq] == me and (kind is None or LETTERS[after.kinds[sq]] == kind):
        return True, ""
    if not kind:
        return False, _("no piece of yours stands on {goal}").format(goal=goal['square'])
    # Translators: {what} is a piece's name: "Archer"
    return False, _("no {what} of yours stands on {goal}").format(
        what=names.piece(LETTERS.index(kind)), goal=goal['square'])


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


def _as_turn(state: rules.State, seat: int, owners=None, kinds=None) -> rules.State:
    """The board as if it were `seat`'s turn (at a turn's start), optionally other planes."""
    board = np.array([owners or state.owners, kinds or state.kinds], dtype=np.int8)
    return make_state(board, state.seats, state.alive, seat, state.holds, state.quiet)


def _takers(state: rules.State, sq: int) -> list[Any]:
    """The other seats' turns (each as if it moved next) that capture the piece on sq."""
    owner = state.owners[sq]
    out = []
    for seat in state.alive:
        if seat != owner and state.result is None:
            out += [t for t in rules.legal_moves(_as_turn(state, seat))
                    if any(m.to == sq for m in t)]
    return out


def _retakes(state: rules.State, sq: int) -> list[Any]:
    """The turns of the owner of the piece on sq that would land there if an enemy piece
    stood on it (the piece defended)."""
    owner = state.owners[sq]
    other = next(s for s in state.seats if s != owner)
    owners, kinds = list(state.owners), list(state.kinds)
    owners[sq], kinds[sq] = other, 1
    mine = _as_turn(state, owner, owners, kinds)
    return [t for t in rules.legal_moves(mine) if any(m.to == sq for m in t)]


def _piece(state: rules.State, sq: int, me: int = 0) -> str:
    """A piece in words: "your Archer on d8" to its owner `me`, else "Red's Archer on d8"."""
    if state.owners[sq] == me:
        # Translators: {piece} is a piece's name ("Archer"), {square} where it stands
        return _("your {piece} on {square}").format(piece=names.piece(state.kinds[sq]),
                                                     square=GRID.names[sq])
    # Translators: {seat} is a seat's name ("Red"), {piece} a piece's name ("Archer")
    return _("{seat}'s {piece} on {square}").format(seat=seat_name(state.owners[sq]),
                                                    piece=names.piece(state.kinds[sq]),
                                                    square=GRID.names[sq])


def turn_words(turn: Any) -> str:
    """A turn in words: "a5-a2, then d4-b2", "c3-e5", or "holding the line"."""
    return names.turn(turn)


def _safe(goal, before, move, after, me) -> tuple[bool, str]:
    if move is None:
        return False, _("nothing was played")
    for sq in after.pieces[me]:
        takers = _takers(after, sq)
        if takers:
            # Translators: {piece} is "your Archer on d8", {turn} a turn: "c3-e5, then d4-b2"
            return False, _("{piece} can be taken: {turn}").format(
                piece=_piece(after, sq, me), turn=turn_words(takers[0]))
    return True, ""


def _defended(goal, before, move, after, me) -> tuple[bool, str]:
    sq = _square(goal["square"], _("goal"))
    if after.owners[sq] != me:
        return False, _("no piece of yours stands on {goal}").format(goal=goal['square'])
    if move is not None and _retakes(after, sq):
        return True, ""
    return False, _("if {piece} were taken, no piece of yours could take back").format(
        piece=_piece(after, sq, me))


def _stop(goal, before, move, after, me) -> tuple[bool, str]:
    from prepollency.tactics import winning_turn

    seat = goal["seat"]
    if after.result is not None and after.result.winner == me:
        return True, ""
    threat = winning_turn(after, seat) if seat in after.alive else None
    if move is not None and threat is None:
        return True, ""
    return False, _("{seat} can still win on its turn: {turn}").format(
        seat=seat_name(seat), turn=turn_words(threat))


JUDGES = {"capture": _capture, "reach": _reach, "moves": _count, "hold_line": _hold_line,
          "obelisk": _obelisk, "hold": _hold, "khan": _khan, "break": _break,
          "eliminate": _eliminate, "win": _win, "safe": _safe, "defended": _defended,
          "stop": _stop}


# claims: what a lesson's texts say about a position, judged by the engine -------------------

CLAIM_KEYS = {"attacked": ("square",), "defended": ("square",), "legal": ("turn",),
              "captures": ("turn",), "wins": ("seat",), "hold": ("seat", "count"),
              "breaks": ("seat", "holder")}


def check_claim(claim: dict) -> str | None:
    """What is wrong with a claim's data, or None."""
    missing = missing_key(claim, CLAIM_KEYS)
    if missing:
        return missing
    try:
        if "square" in claim:
            _square(claim["square"], _("claim square"))
        if "turn" in claim:
            rules.Turn.parse(claim["turn"])
    except (LessonError, ValueError) as err:
        return str(err)
    if any(claim.get(k, 1) not in (1, 2, 3, 4) for k in ("seat", "holder")):
        return _("a claim's seat is 1 to 4")
    if not isinstance(claim.get("count", 0), int):
        return _("count is a whole number")
    return None


def _occupied(claim: dict, state: rules.State) -> int | None:
    sq = _square(claim["square"], _("claim"))
    return sq if state.owners[sq] else None


def _attacked(claim: dict, state: rules.State) -> tuple[bool, str]:
    sq = _occupied(claim, state)
    if sq is None:
        return False, _("no piece stands on {square}").format(square=claim['square'])
    takers = _takers(state, sq)
    if takers:
        return True, _("{piece} can be taken: {turn}").format(piece=_piece(state, sq),
                                                             turn=turn_words(takers[0]))
    return False, _("no other seat's turn takes {piece}").format(piece=_piece(state, sq))


def _defended_claim(claim: dict, state: rules.State) -> tuple[bool, str]:
    sq = _occupied(claim, state)
    if sq is None:
        return False, _("no piece stands on {square}").format(square=claim['square'])
    back = _retakes(state, sq)
    if back:
        return True, _("{piece} is defended: {turn} would take back").format(
            piece=_piece(state, sq), turn=turn_words(back[0]))
    return False, _("nothing of its seat could take back on {square}").format(
        square=claim['square'])


def _legal(claim: dict, state: rules.State) -> tuple[bool, str]:
    turn, refused = claimed_move(rules, state, claim["turn"])
    shown = rules.Turn.parse(claim["turn"])
    return (True, _("{turn} may be played").format(turn=shown)) if turn is not None else \
        (False, _("{turn} is refused: {why}").format(turn=shown, why=refused))


def _captures_claim(claim: dict, state: rules.State) -> tuple[bool, str]:
    turn, refused = claimed_move(rules, state, claim["turn"])
    if turn is None:
        return False, _("{turn} is refused: {why}").format(turn=rules.Turn.parse(claim['turn']),
                                                           why=refused)
    me, want = state.turn, claim.get("count", 1)
    taken = _enemies(state, me) - _enemies(rules.apply(state, turn), me)
    return taken == want, ngettext("{turn} captures {count} piece", "{turn} captures {count} "
                                   "pieces", taken).format(turn=turn_words(turn), count=taken)


def _wins_claim(claim: dict, state: rules.State) -> tuple[bool, str]:
    from prepollency.tactics import winning_turn

    seat = claim["seat"]
    turn = winning_turn(state, seat) if seat in state.alive else None
    if turn is not None:
        return True, _("{seat} can win at once: {turn}").format(seat=seat_name(seat),
                                                                turn=turn_words(turn))
    return False, _("{seat} has no turn that wins at once").format(seat=seat_name(seat))


def _hold_claim(claim: dict, state: rules.State) -> tuple[bool, str]:
    seat = claim["seat"]
    return state.holds[seat] == claim["count"], _("{seat}'s hold count is {count}").format(
        seat=seat_name(seat), count=state.holds[seat])


def _breaks(claim: dict, state: rules.State) -> tuple[bool, str]:
    seat, holder = claim["seat"], claim["holder"]
    if seat in state.alive and state.result is None:
        mover = _as_turn(state, seat)
        for turn in rules.legal_moves(mover):
            if _on_cross(rules.apply(mover, turn), holder) < 5:
                return True, _("{seat} breaks the hold: {turn}").format(seat=seat_name(seat),
                                                                        turn=turn_words(turn))
    return False, _("no turn of {seat} takes a square of the cross from {holder}").format(
        seat=seat_name(seat), holder=seat_name(holder))


CLAIMS = {"attacked": _attacked, "defended": _defended_claim, "legal": _legal,
          "captures": _captures_claim, "wins": _wins_claim, "hold": _hold_claim,
          "breaks": _breaks}
