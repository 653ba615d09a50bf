"""The Overlords lessons: their positions and goals on the shared runner (`common.lessons`).

The data is `assets/lessons/overlords.json`. A position is given by its cells, not a setup:

    {"figures": {"e1": "O", "c3": "D", "e8": "o"},   # capital White, small Black
     "features": {"castle": ["c4"], "pit": ["d3"]},   # any squares (lessons may use the back rows)
     "control": {"c4": "white"},
     "turn": "white",
     "runes": {"white": [2, 3]},                     # unplayed Runes (default all seven)
     "fates": {"white": "WDD"},                      # unplayed Fate stones (default all seven)
     "reserve": {"white": "HH"}}                     # figures in reserve (default: the
                                                     #  full set less the side's figures on
                                                     #  the board, so none counts as captured)

Goals, each judged on the engine's states before and after the learner's move (`JUDGES`):
`capture` (an enemy figure taken; `"type"` which), `reach` (a figure of `"type"` of yours on
`"square"`), `control` (`"squares"` carry your marker), `recruit` (`"type"` brought in),
`discard`, `safe` (no enemy move takes your Overlord, `rules.attackers`), `attack` (one of your
moves with the stones left would take the enemy Overlord), `reckoning` (your stones returned),
`win` (`"reason"`: overlord or sources), `keep` (the `"runes"` and `"fates"` named are still in
your hand: a stone the next step needs), `stop` (the enemy has no move that wins at once).

Claims (`CLAIMS`, `common.lessons.claims`), each judged on one state by the engine:
`frozen` (the figure on `"square"` has no move with its side's stones), `attacked` (an enemy
move with its stones takes the figure on `"square"`), `captures` (`"move"` is legal and takes a
figure), `loses` (`"move"` loses the Overlord by force, the tactics' verdict: the "!" and "2"
marks; `"reply"`: by that enemy answer; `"forced"`: false for "!", at once, true for "2"),
`reckoning` (`"side"` plays `"turns"` more turns before its stones return), `recruits`
(`"side"` could recruit a figure of `"type"` now), `sources` (`"side"` controls `"count"` of the
nine), `wins` (`"side"` could win with one move now), `discards` (no pair of `"side"`'s stones
makes a move).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from common.i18n import _, ngettext
from common.lessons import LessonError
from common.lessons.claims import claimed_move, missing_key
from overlords import names, rules
from overlords.state import Board, piece_code

NAME = "overlords"
engine = rules
GOAL_KINDS = ("capture", "reach", "control", "recruit", "discard", "safe", "attack",
              "reckoning", "win", "keep", "stop")


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


def _features(data: dict) -> np.ndarray:
    """The feature plane a position's "features" name."""
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
    return features


def _board(data: dict, features: np.ndarray) -> np.ndarray:
    """The cells a position's "figures" name (one Overlord a side, none on a Barrier)."""
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
            raise LessonError(_("position: {side} needs one Overlord").format(
                side=rules.SIDE_NAMES[side]))
    return board


def _markers(data: dict) -> np.ndarray:
    """The markers a position's "control" names."""
    control = np.full(64, -1, np.int8)
    marks = data.get("control", {})
    if not isinstance(marks, dict):
        raise LessonError(_("position control: squares to white / black"))
    for name, label in marks.items():
        where = _("position control")
        control[_square(name, where)] = _side(label, where)
    return control


def position(data: Any) -> rules.State:
    """The State a lesson position describes (see the module docstring)."""
    if not isinstance(data, dict):
        raise LessonError(_("a position is an object"))
    features = _features(data)
    board = _board(data, features)
    control = _markers(data)
    runes = _per_side(data, "runes", rules.ALL_RUNES, _runes)
    fates = _per_side(data, "fates", rules.FATE_STONES, _counts(rules.FATE_STONES))
    if any(r == 0 or sum(f) == 0 for r, f in zip(runes, fates, strict=True)):
        raise LessonError(_("position: each side holds at least one Rune and one Fate"))
    reserve = _per_side(data, "reserve", None, _counts(rules.FULL_SET))
    cells = board.tolist()
    reserve = tuple(given if given is not None else _unplaced(cells, side)
                    for side, given in enumerate(reserve))
    turn = _side(data.get("turn", "white"), _("position turn"))
    board.flags.writeable = control.flags.writeable = False
    return rules.State(Board(features), board, control, runes, fates, reserve, turn)


def _unplaced(cells: list[int], side: int) -> tuple[int, ...]:
    """The side's full set less its figures on the board: the default reserve, so that no
    figure of a lesson's position counts as captured (the panel's tally, `ui.panel.taken`)."""
    return tuple(max(0, full - cells.count(piece_code(side, kind)))
                 for kind, full in enumerate(rules.FULL_SET))


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
        if kind == "keep":
            _runes(goal.get("runes", []))
            _counts(rules.FATE_STONES)(goal.get("fates", ""))
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
    """A figure's name in the player's language."""
    return names.figure(kind)


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
    if threats:
        # Translators: {move} is the enemy's move that takes it ("3D f2-e1")
        return False, _("the enemy can still take your Overlord ({move})").format(
            move=threats[0])
    return False, _("the enemy can still take your Overlord")


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


def _keep(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    if move is None:
        return False, _("nothing was played")
    for rune in goal.get("runes", []):
        if not after.runes[me] >> (rune - 1) & 1:
            return False, rules.stone_reason(_turn_of(after, me), me, rune=rune) or \
                _("Rune {rune} was played").format(rune=rune)
    for letter in goal.get("fates", ""):
        kind = _type(letter, "goal")
        if after.fates[me][kind] < goal["fates"].count(letter):
            # Translators: {figure} is a figure's name ("Dragon")
            return False, _("your {figure} Fate stone was played; it returns at your "
                            "Reckoning").format(figure=_name(kind))
    return True, ""


def _stop(goal: dict, before, move, after, me: int) -> tuple[bool, str]:
    from overlords import tactics

    if move is not None and (after.result is not None or
                             not tactics.wins_at_once(after, 1 - me)):
        return after.result is None or after.result.winner == me, _("your Overlord is lost")
    return False, _wins({"side": rules.SIDE_NAMES[1 - me]}, after)[1]


JUDGES = {"capture": _capture, "reach": _reach, "control": _control, "recruit": _recruit,
          "discard": _discard, "safe": _safe, "attack": _attack, "reckoning": _reckoning,
          "win": _win, "keep": _keep, "stop": _stop}


# claims: what a lesson's texts say about a position, judged by the engine -------------------

CLAIM_KEYS = {"frozen": ("square",), "attacked": ("square",), "captures": ("move",),
              "loses": ("move",), "reckoning": ("side", "turns"), "recruits": ("side", "type"),
              "sources": ("side", "count"), "wins": ("side",), "discards": ("side",)}


def _turn_of(state: rules.State, side: int) -> rules.State:
    """The state as if it were `side`'s turn (its stones, the same board)."""
    if state.turn == side:
        return state
    return rules.State(state.static, state.board, state.control, state.runes, state.fates,
                       state.reserve, side, state.quiet, state.ply, state.result)


def check_claim(claim: dict) -> str | None:
    """What is wrong with a claim's data, or None."""
    missing = missing_key(claim, CLAIM_KEYS)
    if missing:
        return missing
    try:
        if "square" in claim:
            _square(claim["square"], _("claim square"))
        if "side" in claim:
            _side(claim["side"], _("claim side"))
        if "type" in claim:
            _type(claim["type"], _("claim type"))
    except LessonError as err:
        return str(err)
    if not isinstance(claim.get("move", ""), str):
        return _("a claim's move is record notation, e.g. \"2D d4-f6\"")
    if not isinstance(claim.get("turns", 0), int) or not isinstance(claim.get("count", 0), int):
        return _("turns and count are whole numbers")
    return None


def _figure_at(claim: dict, state: rules.State) -> tuple[int, int, int] | None:
    sq = _square(claim["square"], "claim")
    figure = state.figure(sq)
    return None if figure is None else (sq, *figure)


def _frozen(claim: dict, state: rules.State) -> tuple[bool, str]:
    found = _figure_at(claim, state)
    if found is None:
        return False, _("no figure stands on {square}").format(square=claim["square"])
    sq, side, kind = found
    moves = rules.moves_from(_turn_of(state, side), sq) if state.result is None else []
    said = {"side": names.side(side), "figure": _name(kind), "square": claim["square"]}
    if moves:
        # Translators: {side} is a side ("White"), {figure} a figure's name ("Dragon")
        return False, _("the {side} {figure} on {square} can move ({move})").format(
            move=moves[0], **said)
    if not state.fates[side][kind]:
        return True, _("the {side} {figure} on {square} has no move: no {figure} Fate is "
                       "left").format(**said)
    return True, _("the {side} {figure} on {square} has no move").format(**said)


def _attacked(claim: dict, state: rules.State) -> tuple[bool, str]:
    found = _figure_at(claim, state)
    if found is None:
        return False, _("no figure stands on {square}").format(square=claim["square"])
    sq, side, kind = found
    takes = [m for m in rules.legal_moves(_turn_of(state, 1 - side))
             if rules.is_board_move(m) and m.to == sq] if state.result is None else []
    if takes:
        return True, _("{move} takes the {figure} on {square}").format(
            move=takes[0], figure=_name(kind), square=claim["square"])
    # Translators: {side} is the side that cannot take ("Black")
    return False, _("no {side} move takes the {figure} on {square}").format(
        side=names.side(1 - side), figure=_name(kind), square=claim["square"])


def _captures(claim: dict, state: rules.State) -> tuple[bool, str]:
    move, refused = claimed_move(rules, state, claim["move"])
    if move is None:
        return False, _refused(claim, refused)
    taken = rules.is_board_move(move) and state.figure(move.to)
    if taken:
        return True, _("{move} takes the {figure} on {square}").format(
            move=move, figure=_name(taken[1]), square=rules.GRID.names[move.to])
    return False, _("{move} captures nothing").format(move=move)


def _refused(claim: dict, why: str) -> str:
    # Translators: a lesson's claimed move and the engine's refusal
    return _("{move} is refused: {why}").format(move=claim["move"], why=why)


def _loses(claim: dict, state: rules.State) -> tuple[bool, str]:
    from overlords import tactics

    move, refused = claimed_move(rules, state, claim["move"])
    if move is None:
        return False, _refused(claim, refused)
    found = tactics.danger(state, int(move))
    if found is None:
        return False, _("{move} does not lose the Overlord two moves deep").format(move=move)
    # Translators: {move} is the claimed move, {reply} the enemy's answer
    said = (_("after {move}, {reply} leaves no defence") if found.forced
            else _("after {move}, {reply} wins at once")).format(move=move, reply=found.reply)
    return claim.get("reply", str(found.reply)) == str(found.reply) and \
        claim.get("forced", found.forced) == found.forced, said


def _reckoning_in(claim: dict, state: rules.State) -> tuple[bool, str]:
    side = _side(claim["side"], "claim")
    left = state.turns_to_reckoning(side)
    return left == claim["turns"], ngettext(
        "{side} plays {count} more turn before its Reckoning",
        "{side} plays {count} more turns before its Reckoning", left).format(
            side=names.side(side), count=left)


def _recruits(claim: dict, state: rules.State) -> tuple[bool, str]:
    side, kind = _side(claim["side"], "claim"), _type(claim["type"], "claim")
    moves = [m for m in rules.legal_moves(_turn_of(state, side))
             if m.is_recruit and m.fate == kind] if state.result is None else []
    who = names.side(side)
    if moves:
        return True, _("{side} can recruit: {move}").format(side=who, move=moves[0])
    # Translators: {a_figure} is a figure with its article ("a Dragon", context "a figure")
    return False, _("{side} cannot recruit {a_figure} now").format(
        side=who, a_figure=names.a_figure(kind))


def _sources(claim: dict, state: rules.State) -> tuple[bool, str]:
    side = _side(claim["side"], "claim")
    held = sum(1 for sq in range(64) if 0 <= state.features[sq] < rules.PIT
               and state.control[sq] == side)
    return held == claim["count"], _("{side} controls {held} of the 9 Sources").format(
        side=names.side(side), held=held)


def _wins(claim: dict, state: rules.State) -> tuple[bool, str]:
    from overlords import tactics

    side = _side(claim["side"], "claim")
    who = names.side(side)
    if tactics.wins_at_once(state, side):
        win = tactics.winning_moves(_turn_of(state, side))
        if win:
            return True, _("{side} can win at once with {move}").format(
                side=who, move=rules.Move(win[0]))
        return True, _("{side} can win at once").format(side=who)
    return False, _("{side} has no winning move now").format(side=who)


def _discards(claim: dict, state: rules.State) -> tuple[bool, str]:
    side = _side(claim["side"], "claim")
    who = names.side(side)
    if state.result is None and rules.must_discard(_turn_of(state, side)):
        return True, _("no pair of {side}'s stones makes a move: it must discard").format(
            side=who)
    return False, _("{side} has a move").format(side=who)


CLAIMS = {"frozen": _frozen, "attacked": _attacked, "captures": _captures, "loses": _loses,
          "reckoning": _reckoning_in, "recruits": _recruits, "sources": _sources,
          "wins": _wins, "discards": _discards}
