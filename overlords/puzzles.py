"""Overlords puzzles: what each kind asks, which tries solve it, why a try fails (and the
enemy's answer that shows it), why the solution works, the solver's reply, and how a position
from self-play becomes a puzzle. Plain Python (no pygame); the shared part (loading the
records, the checks of every shipped puzzle) is `common.puzzles`.

Kinds (the record's ``"puzzle": {"goal": ...}``), all judged by `overlords.tactics`:

- ``win-1``: win with this move: capture the enemy Overlord or take the ninth Source
  (`tactics.winning_moves`);
- ``win-2``: win in two moves: a move after which no reply of the enemy holds (every reply
  lets you win at once: `tactics.defence` finds none), then, after the solver's reply, the
  winning move;
- ``stuck``: a ``win-2`` against an enemy Overlord that has spent its Fate (it cannot run);
- ``defend``: every move but one loses the Overlord (at once, or by force two moves deep:
  `tactics.judge`); find the one that does not;
- ``frozen``: a ``defend`` whose Overlord has spent its Fate: it cannot move, so the others
  must save it;
- ``reckoning``: a ``defend`` whose move plays the player's last stones (the Reckoning gives
  them back before the defence two moves later);
- ``rune``: a ``defend`` whose one saving move saves with one Rune only: the same two squares
  reached with another Rune lose by force (that Rune is missing for the defence).

A try is a whole move; what makes it "the same" as the solution (`key`) is its two squares
(the figure and where it goes; a recruit's square): the Rune that carried it may differ
where several do the job, except in ``rune``, where the Rune is the question (the whole
move). A puzzle is unique when every other first move fails: `check` asserts it (and the
generator keeps only such positions). The enemy's reply in ``win-2`` is the solver's: of its
moves (all of them lose), the one that leaves the fewest winning answers, so the player sees
the most stubborn defence. A wrong try's reason names the enemy's answer that refutes it, and
`refute` returns that answer too: the screen plays that very move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from common.i18n import N_, _, ngettext
from common.puzzles import Refuted
from overlords import names, rules, tactics
from overlords.moves import Move
from overlords.state import OVERLORD, State

GOALS = {
    "win-1": N_("Win with this move: capture the enemy Overlord or take the last Source."),
    "win-2": N_("Win in two moves: make a move the enemy cannot answer, then finish."),
    "defend": N_("Every move but one loses your Overlord. Find the one that saves it."),
    "reckoning": N_("The Reckoning follows this move. All moves but one lose your Overlord: "
                 "find the one."),
    "frozen": N_("Your Overlord's Fate is spent: it cannot move. Find the one move that saves it."),
    "stuck": N_("The enemy Overlord's Fate is spent: it cannot move. Win in two moves."),
    "rune": N_("One move saves your Overlord, and with one Rune only. Find the move and the Rune."),
}
LABELS = {
    "win-1": N_("Win in one"),
    "win-2": N_("Win in two"),
    "stuck": N_("Frozen enemy"),
    "defend": N_("Save the Overlord"),
    "frozen": N_("Frozen Overlord"),
    "reckoning": N_("Reckoning"),
    "rune": N_("Which Rune"),
}
GOALS = {goal: GOALS[goal] for goal in LABELS}  # in the picker's order
PLAYER_MOVES = {"win-1": 1, "win-2": 2, "stuck": 2, "defend": 1, "frozen": 1, "reckoning": 1,
                "rune": 1}
TWO_MOVES = ("win-2", "stuck")
SAVING = ("defend", "frozen", "reckoning", "rune")  # every move but one loses the Overlord


def key(move: int, goal: str = "") -> int:
    """What makes two moves the same try: their squares (from and to; a recruit's square),
    or the whole move where the Rune is the question (``rune``)."""
    return int(move) if goal == "rune" else int(move) & 0x3FFF


def side(state: State, player: int | None = None) -> str:
    """A side's name: "White", "Black" (the side to move by default)."""
    return names.side(state.turn if player is None else player)


def _figure_at(state: State, square: int) -> dict:
    """The figure standing on `square` and the square, as a sentence's fields (`figure`,
    `square`)."""
    cell = state.figure(square)
    assert cell is not None, square
    return {"figure": names.figure(cell[1]), "square": rules.GRID.name(square)}


# --- judging one try ------------------------------------------------------------------------


def _wins_now(state: State, move: int) -> Refuted | None:
    after = rules.apply_legal(state, move)
    if after.result is not None and after.result.winner == state.turn:
        return None
    return Refuted(_("it does not end the game: a winning move captures the enemy Overlord or "
                     "takes the ninth Source"))


def _wins_in_two(state: State, move: int) -> Refuted | None:
    after = rules.apply_legal(state, move)
    if after.result is not None:
        return None if after.result.winner == state.turn else Refuted(
            _("it ends the game in a draw"))
    holding = tactics.defence(after)
    if holding is None:
        return None
    # Translators: {side} is the enemy ("Black"), {move} its answer ("3D d8-d3")
    return Refuted(_("{side} answers {move} and then nothing wins at once").format(
                       side=side(after), move=Move(holding)), (Move(holding),))


def _loses(state: State, move: int, danger: tactics.Danger, spent: int | None = None
           ) -> Refuted:
    """The enemy's answer that a losing move allows, in words, with that answer (`spent`:
    the Rune the move spends, said first, in a ``rune`` puzzle)."""
    after = rules.apply_legal(state, move)
    if danger.forced:
        how = "forced"
    elif danger.reply.to is not None and (after.figure(danger.reply.to) or (0, -1))[1] == OVERLORD:
        how = "overlord"
    else:
        how = "sources"
    text = (_LOSES if spent is None else _LOSES_SPENT)[how]
    return Refuted(_(text).format(side=side(state, 1 - state.turn), move=danger.reply,
                                  rune=spent), (danger.reply,))


# Translators: {side} is the enemy ("Black"), {move} its answer ("3D d8-d3")
_LOSES = {"forced": N_("{side} answers {move} and then no move keeps your Overlord safe"),
          "overlord": N_("{side} answers {move} and captures your Overlord"),
          "sources": N_("{side} answers {move} and takes the ninth Source")}
_LOSES_SPENT = {  # the same, in a ``rune`` puzzle: the Rune the try spends first
    "forced": N_("with Rune {rune} spent, {side} answers {move} and then no move keeps your "
                 "Overlord safe"),
    "overlord": N_("with Rune {rune} spent, {side} answers {move} and captures your Overlord"),
    "sources": N_("with Rune {rune} spent, {side} answers {move} and takes the ninth Source")}


def _saves(state: State, move: int) -> Refuted | None:
    danger = tactics.danger(state, move)
    return None if danger is None else _loses(state, move, danger)


def _saves_with_rune(state: State, move: int) -> Refuted | None:
    move = Move(move)
    danger = tactics.danger(state, move)
    if danger is None:
        return None
    return _loses(state, move, danger, move.rune)


STAGES: dict[str, tuple[Callable[[State, int], Refuted | None], ...]] = {
    "win-1": (_wins_now,),
    "win-2": (_wins_in_two, _wins_now),
    "stuck": (_wins_in_two, _wins_now),
    "defend": (_saves,),
    "frozen": (_saves,),
    "reckoning": (_saves,),
    "rune": (_saves_with_rune,),
}


def refute(state: State, goal: str, stage: int, move: int) -> Refuted | None:
    """None if the player's `stage`-th move (0 first) solves its part of the puzzle; else why
    not, in words from the player's side ("Black answers 3D d8-d3 and captures ..."), with
    the answer those words name."""
    return STAGES[goal][stage](state, move)


def judge_try(state: State, goal: str, stage: int, move: int) -> str | None:
    """`refute`'s words only (None: the move holds)."""
    refuted = refute(state, goal, stage, move)
    return None if refuted is None else refuted.why


def reply(state: State) -> Move:
    """The solver's answer to the player's good first move of a ``win-2``: of the enemy's
    moves, the one that leaves the fewest winning answers (then the first in order)."""
    def answers(code: int) -> tuple[int, int]:
        after = rules.apply_legal(state, code)
        if after.result is not None:
            return (-1, code)  # cannot happen after a good first move: the enemy would win
        return (len({key(m) for m in tactics.winning_moves(after)}), code)

    return Move(min(rules.legal_moves(state), key=answers))


# --- why the solution works -----------------------------------------------------------------


def explain(state: State, goal: str, solution: list) -> str:
    """Why the solution's first move solves the puzzle, in words from the engine's verdicts
    (what it captures or takes, what it attacks, what every reply allows, what it blocks)."""
    move = Move(solution[0])
    after = rules.apply_legal(state, move)
    if goal == "win-1":
        victim = state.figure(move.to) if move.to is not None else None
        if victim is not None and victim[1] == OVERLORD:
            return _("{move} captures the enemy Overlord").format(move=move)
        return _("{move} takes the ninth Source").format(move=move)
    if goal in TWO_MOVES:
        return _explain_two(state, goal, move, after, solution)
    said = _explain_saving(state, goal, move)
    others = sorted({Move(m).rune for m in rules.legal_moves(state)
                     if key(m) == key(move) and m != move}) if goal == "rune" else []
    if others:
        runes = str(others[-1]) if len(others) == 1 else _("{runes} or {last}").format(
            runes=", ".join(str(r) for r in others[:-1]), last=others[-1])
        # Translators: {runes} is a Rune number, or several ("3 or 5")
        said = _("{said}; with Rune {runes} the same move loses (that Rune is missing for the "
                 "defence)").format(said=said, runes=runes)
    return said


def _explain_two(state: State, goal: str, move: Move, after: State, solution: list) -> str:
    replies = len(rules.legal_moves(after))
    attack = rules.attackers(after, 1 - state.turn)
    if attack and attack[0].frm is not None:
        # Translators: {figure} is the attacking figure ("Dragon") on {square}
        what = _("{move} attacks the enemy Overlord with the {figure} on {square}").format(
            move=move, **_figure_at(after, attack[0].frm))
    else:
        what = _("{move} leaves no defence").format(move=move)
    if goal == "stuck":
        what = _("{what} (it cannot run: its Fate is spent)").format(what=what)
    # Translators: {what} is what the move does ("3D f2-c5 leaves no defence"), {side} the
    # enemy ("Black")
    said = (_("{what}: {side}'s only answer lets you win at once") if replies == 1 else
            ngettext("{what}: each of {side}'s {count} answer lets you win at once",
                     "{what}: each of {side}'s {count} answers lets you win at once", replies)
            ).format(what=what, side=side(state, 1 - state.turn), count=replies)
    if len(solution) == 3:
        # Translators: the finish: "(on 3D d8-d3, 2W c4-d3 wins)"
        said = _("{said} (on {reply}, {finish} wins)").format(
            said=said, reply=Move(solution[1]), finish=Move(solution[2]))
    return said


def _explain_saving(state: State, goal: str, move: Move) -> str:
    me, enemy = state.turn, side(state, 1 - state.turn)
    attackers = rules.attackers(state, me)
    o = tactics.overlord_square(state.board.tolist(), me)
    if attackers and move.to is not None and any(a.frm == move.to for a in attackers):
        # Translators: {figure} is the attacker taken ("Dragon") on {square}
        what = _("{move} takes the attacker, the {figure} on {square}").format(
            move=move, **_figure_at(state, move.to))
    elif move.frm == o:
        what = _("{move} takes your Overlord out of reach").format(move=move)
    elif attackers and attackers[0].frm is not None:
        what = _("{move} blocks the way of the {figure} on {square}").format(
            move=move, **_figure_at(state, attackers[0].frm))
    else:
        what = _("{move} keeps {side} from taking the ninth Source").format(move=move,
                                                                           side=enemy)
    if goal == "frozen":
        what = _("{what} (your Overlord cannot move: its Fate is spent)").format(what=what)
    elif goal == "reckoning":
        what = _("{what} (after it the Reckoning gives your stones back)").format(what=what)
    # Translators: {what} is what the move does ("3D f2-c5 takes your Overlord out of reach")
    return _("{what}, and then no answer of {side} wins, even by force").format(what=what,
                                                                                side=enemy)


# --- hints ---------------------------------------------------------------------------------


def hint(state: State, goal: str, move: int) -> str:
    """A nudge toward the solution's move without giving it away: which figure to look at."""
    move = Move(move)
    if move.frm is None:
        return _("Look at the Sources: a recruit does it.")
    figure = names.figure(state.occupant(move.frm)[1])
    where = rules.GRID.name(move.frm)
    if goal == "rune":
        return _("Look at your {figure} on {where}, and at the Runes you keep for later.").format(
            figure=figure, where=where)
    if goal in SAVING:
        attackers = rules.attackers(state, state.turn)
        if attackers and attackers[0].frm is not None:
            a = attackers[0]
            enemy = names.figure(state.occupant(a.frm)[1])
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
    """The keys of the first moves that solve the puzzle, each with one such move."""
    found: dict[int, Move] = {}
    for move in rules.legal_moves(state):
        if key(move, goal) not in found and refute(state, goal, 0, move) is None:
            found[key(move, goal)] = move
    return found


def _frozen(state: State, player: int | None = None) -> bool:
    """The player's (the side to move's) Overlord has no Fate left: it cannot move."""
    return state.fates[state.turn if player is None else player][OVERLORD] == 0


def find(state: State) -> tuple[str, list[Move]] | None:
    """The puzzle this position makes, if any: (goal, solution moves), the solution unique by
    its key. Win in one comes first, then win in two (``stuck`` when the enemy Overlord has
    no Fate), then saving the Overlord: ``rune`` when the one saving move saves with one
    Rune only, ``frozen`` when the Overlord has no Fate, ``reckoning`` when the move plays
    the last stones, else ``defend``. A position with fewer than two different moves asks
    nothing."""
    if state.result is not None or rules.must_discard(state):
        return None
    legal = rules.legal_moves(state)
    if len({key(m) for m in legal}) < 2:
        return None
    wins = {key(m): Move(m) for m in tactics.winning_moves(state)}
    if wins:
        return ("win-1", [next(iter(wins.values()))]) if len(wins) == 1 else None
    if tactics.forced_win(state) is not None:
        return _find_two(state)
    if not tactics.wins_at_once(state, 1 - state.turn):
        return None  # nothing threatens: no defence to find
    return _find_saving(state, legal)


def _find_saving(state: State, legal: Sequence[Move]) -> tuple[str, list[Move]] | None:
    """The saving puzzle of a threatened position with one saving move (by its squares)."""
    verdicts = tactics.judge(state, legal)
    safe = [m for m, v in verdicts.items() if v is None]
    if len({key(m) for m in safe}) != 1:
        return None
    move = Move(safe[0])
    if len(safe) == 1 and sum(key(m) == key(move) for m in legal) > 1:
        return "rune", [move]
    return _saving_kind(state), [move]


def _saving_kind(state: State) -> str:
    """Which kind of saving puzzle a position with one saving move is."""
    if _frozen(state):
        return "frozen"
    return "reckoning" if state.turns_to_reckoning(state.turn) == 1 else "defend"


def _find_two(state: State) -> tuple[str, list[Move]] | None:
    goal = "stuck" if _frozen(state, 1 - state.turn) else "win-2"
    good = _good_keys(state, goal)
    if len(good) != 1:
        return None
    first = next(iter(good.values()))
    after = rules.apply_legal(state, first)
    answer = reply(after)
    then = rules.apply_legal(after, answer)
    finish = min(tactics.winning_moves(then))
    return goal, [first, answer, Move(finish)]


def check(state: State, goal: str, solution: list[Move]) -> str | None:
    """None if the solution solves the puzzle and is unique (every first move with another
    key fails), its kind is the position's (see `_kind_problem`); else what is wrong, in a
    line."""
    if goal not in STAGES:
        return _("unknown goal {goal!r}").format(goal=goal)
    if len(solution) != 2 * PLAYER_MOVES[goal] - 1:
        return _("a {goal} solution has {moves} moves, not {count}").format(
                   goal=goal, moves=2 * PLAYER_MOVES[goal] - 1, count=len(solution))
    first = solution[0]
    kind = _kind_problem(state, goal, first)
    if kind:
        return kind
    why = judge_try(state, goal, 0, first)
    if why:
        return _("the solution {first} fails: {why}").format(first=first, why=why)
    others = [m for m in rules.legal_moves(state) if key(m, goal) != key(first, goal)
              and refute(state, goal, 0, m) is None]
    if others:
        return _("not unique: {move} solves it too").format(move=others[0])
    if goal in TWO_MOVES:
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


def _kind_problem(state: State, goal: str, first: Move) -> str | None:
    """What makes the position not one of its kind (None: it is)."""
    if goal == "reckoning" and state.turns_to_reckoning(state.turn) != 1:
        return _("a reckoning puzzle's move plays the last stones")
    if goal == "frozen" and not _frozen(state):
        return _("a frozen puzzle's Overlord has no Fate left")
    if goal == "stuck" and not _frozen(state, 1 - state.turn):
        return _("a stuck puzzle's enemy Overlord has no Fate left")
    if goal == "rune":
        same = [m for m in rules.legal_moves(state) if key(m) == key(first) and m != first]
        if not same or any(refute(state, goal, 0, m) is None for m in same):
            return _("a rune puzzle's move loses with every other Rune that makes it")
    return None


__all__ = ["GOALS", "LABELS", "PLAYER_MOVES", "check", "explain", "find", "hint", "hint_square",
           "judge_try", "key", "refute", "reply"]
