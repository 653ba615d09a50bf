"""The Overlords lessons: their positions and goals on the shared runner (`common.lessons`).

The data is `assets/lessons/overlords.json`. A position is given by its cells, not a setup:

    {"figures": {"e1": "O", "c3": "D", "e8": "o"},   # capital White, small Black
     "features": {"castle": ["c4"], "pit": ["d3"]},   # any squares (lessons may use the back rows)
     "control": {"c4": "white"},
     "turn": "white",
     "runes": {"white": [2, 3]},                     # unplayed Runes (default all seven)
     "fates": {"white": "WDD"},                      # unplayed Fate stones (default all seven)
     "reserve": {"white": "HH"}}                     # figures in reserve (default W W D H H H)

Goals, each judged on the engine's states before and after the learner's move (`JUDGES`):
`capture` (an enemy figure taken; `"type"` which), `reach` (a figure of `"type"` of yours on
`"square"`), `control` (`"squares"` carry your marker), `recruit` (`"type"` brought in),
`discard`, `safe` (no enemy move takes your Overlord, `rules.attackers`), `attack` (one of your
moves with the stones left would take the enemy Overlord), `reckoning` (your stones returned),
`win` (`"reason"`: overlord or sources).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from common.i18n import _, ngettext
from common.lessons import LessonError
from overlords import rules
from overlords.state import Board, piece_code

NAME = "overlords"
engine = rules
GOAL_KINDS = ("capture", "reach", "control", "recruit", "discard", "safe", "attack",
              "reckoning", "win")
DEFAULT_RESERVE = (0, 2, 1, 3)


def _square(name: Any, where: str) -> int:
    try:
        return rules.GRID.index(str(name))
    except ValueError:
        raise LessonError(_("{where}: {name!r} is not a square").format(
                              where=where, name=str(name)[:8])) from None


def _side(label: Any, where: str) -> int:
    if label not in rules.SIDE_NAMES:
        raise LessonError(_("{where}: {label!r} is not white or black").format(
                              where=where, label=str(label)[:10]))
    return rules.SIDE_NAMES.index(label)


def _type(letter: Any, where: str) -> int:
    if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in "OWDH":
        raise LessonError(_("{where}: {letter!r} is not a figure letter (O W D H)").format(
                              where=where, letter=str(letter)[:8]))
    return rules.TYPE_LETTERS.index(letter.upper())


def _per_side(data: dict, key: str, default: Any, read) -> tuple:
    given = data.get(key, {})
    if not isinstance(given, dict):
        raise LessonError(_("position: {key!r} must map white / black to stones").format(key=key))
    out = [default, default]
    for label, value in given.items():
        out[_side(label, _("position {key}").format(key=key))] = read(value)
    return tuple(out)


def _runes(value: Any) -> int:
    if not isinstance(value, list) or not all(v in range(1, 8) for v in value):
        raise LessonError(_("position runes: a list of Rune numbers 1 to 7"))
    return sum(1 << (v - 1) for v in set(value))


def _counts(limit: tuple[int, ...]):
    def read(value: Any) -> tuple[int, ...]:
        if not isinstance(value, str) or len(value) > 16:
            raise LessonError(_("position: stones and reserves are letters like \"OWWDDHH\""))
        counts = [0, 0, 0, 0]
        for letter in value:
            counts[_type(letter, "position")] += 1
        if any(c > m for c, m in zip(counts, limit, strict=True)):
            raise LessonError(_("position: more than {limit} of a kind in {value!r}").format(
                                  limit=limit, value=value))
        return tuple(counts)
    return read


def position(data: Any) -> rules.State:
    """The State a lesson position describes (see the module docstring)."""
    if not isinstance(data, dict):
        raise LessonError(_("a position is an object"))
    features = np.full(64, rules.NO_FEATURE, np.int8)
    given = data.get("features", {})
    if not isinstance(given, dict):
        raise LessonError(_("position features: names to lists of squares"))
    for name, squares in given.items():
        if name not in rules.FEATURE_NAMES or not isinstance(squares, list):
            raise LessonError(_("position features: {name!r} is not a feature").format(
                                  name=str(name)[:12]))
        for sq in squares[:9]:
            features[_square(sq, _("position features"))] = rules.FEATURE_NAMES.index(name)
    board = np.zeros(64, np.int8)
    figures = data.get("figures", {})
    if not isinstance(figures, dict) or len(figures) > 32:
        raise LessonError(_("position figures: squares to figure letters"))
    for name, letter in figures.items():
        sq = _square(name, _("position figures"))
        kind = _type(letter, _("position figures {name}").format(name=name))
        if features[sq] in rules.BARRIERS:
            raise LessonError(_("position figures: {name} is a Barrier").format(name=name))
        board[sq] = piece_code(rules.WHITE if letter.isupper() else rules.BLACK, kind)
    cells = board.tolist()
    for side in (rules.WHITE, rules.BLACK):
        if cells.count(piece_code(side, rules.OVERLORD)) != 1:
            raise LessonError(_("position: {side_names} needs one Overlord").format(
                                  side_names=_(rules.SIDE_NAMES[side])))
    control = np.full(64, -1, np.int8)
    marks = data.get("control", {})
    if not isinstance(marks, dict):
        raise LessonError(_("position control: squares to white / black"))
    for name, label in marks.items():
        control[_square(name, _("position control"))] = _side(label, _("position control"))
    runes = _per_side(data, "runes", rules.ALL_RUNES, _runes)
    fates = _per_side(data, "fates", rules.FATE_STONES, _counts(rules.FATE_STONES))
    if any(r == 0 or sum(f) == 0 for r, f in zip(runes, fates, strict=True)):
        raise LessonError(_("position: each side holds at least one Rune and one Fate"))
    reserve = _per_side(data, "reserve", DEFAULT_RESERVE, _counts(rules.FULL_SET))
    turn = _side(data.get("turn", "white"), _("position turn"))
    board.flags.writeable = control.flags.writeable = False
    return rules.State(Board(features), board, control, runes, fates, reserve, turn)


def check_goal(goal: dict) -> str | None:
    """What is wrong with a goal's data, or None."""
    kind = goal.get("kind")
    if kind not in GOAL_KINDS:
        return _("{kind!r} is not one of {join}").format(
                   kind=str(kind)[:12], join=', '.join(GOAL_KINDS))
    try:
        if "type" in goal:
            _type(goal["type"], _("goal type"))
        if kind == "reach":
            _type(goal.get("type"), _("goal type"))
            _square(goal.get("square"), _("goal square"))
        if kind == "control":
            squares = goal.get("squares")
            if not isinstance(squares, list) or not squares:
                return _("control needs its 'squares'")
            for sq in squares:
                _square(sq, _("goal squares"))
        if kind == "recruit":
            _type(goal.get("type"), _("goal type"))
    except LessonError as err:
        return str(err)
    if kind == "win" and goal.get("reason") not in (None, "overlord", "sources"):
        return _("a win's reason is overlord or sources")
    return None


def _count(state: rules.State, side: int, kind: int | None) -> int:
    cells = state.board.tolist()
    kinds = range(4) if kind is None else (kind,)
    return sum(cells.count(piece_code(side, k)) for k in kinds)


def _name(kind: int) -> str:
    return rules.TYPE_NAMES[kind]


def _capture(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    kind = _type(goal["type"], "goal") if "type" in goal else None
    if _count(after, 1 - me, kind) < _count(before, 1 - me, kind):
        return True, ""
    taken = [k for k in range(4) if _count(after, 1 - me, k) < _count(before, 1 - me, k)]
    if taken:
        return False, _("that took a {name}, not the {name2}").format(
                          name=_name(taken[0]), name2=_name(kind or 0))
    return False, _("that move captured nothing")


def _reach(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    kind, sq = _type(goal["type"], "goal"), _square(goal["square"], "goal")
    if after.figure(sq) == (me, kind):
        return True, ""
    return False, _("no {name} of yours stands on {goal}").format(
                      name=_name(kind), goal=goal['square'])


def _control(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    for name in goal["squares"]:
        if int(after.control[_square(name, "goal")]) != me:
            return False, _("the Source on {name} does not carry your marker").format(name=name)
    return True, ""


def _recruit(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    kind = _type(goal["type"], "goal")
    if after.reserve[me][kind] < before.reserve[me][kind] and \
            _count(after, me, kind) > _count(before, me, kind):
        return True, ""
    return False, _("no {name} came from your reserve").format(name=_name(kind))


def _discard(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    if move is not None and rules.Move(move).is_discard:
        return True, ""
    return False, _("that was no discard")


def _safe(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    if after.result is not None and after.result.winner != me:
        return False, _("your Overlord is lost")
    threats = rules.attackers(after, me)
    if move is not None and not threats:
        return True, ""
    shown = f" ({threats[0]})" if threats else ""
    return False, _("the enemy can still take your Overlord{shown}").format(shown=shown)


def _attack(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    if move is not None and rules.attackers(after, 1 - me):
        return True, ""
    return False, _("with the stones you have left, none of your figures could take the " \
          "enemy Overlord next turn")


def _reckoning(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    if move is not None and after.runes[me] == rules.ALL_RUNES \
            and before.runes[me] != rules.ALL_RUNES:
        return True, ""
    left = after.turns_to_reckoning(me)
    return False, ngettext("your stones come back after {count} more turn",
                           "your stones come back after {count} more turns", left).format(
        count=left)


def _win(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    result = after.result
    if result is not None and result.winner == me and \
            goal.get("reason") in (None, result.reason):
        return True, ""
    if goal.get("reason") == "sources":
        held = sum(1 for sq in range(64) if 0 <= after.features[sq] < rules.PIT
                   and after.control[sq] == me)
        return False, _("you control {held} of the 9 Sources").format(held=held)
    return False, _("the game goes on")


JUDGES = {"capture": _capture, "reach": _reach, "control": _control, "recruit": _recruit,
          "discard": _discard, "safe": _safe, "attack": _attack, "reckoning": _reckoning,
          "win": _win}
