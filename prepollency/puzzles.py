"""Prepollency puzzles: what each kind asks, which turns solve it, why a turn fails (and the
rivals' answer that shows it), why the solution works, and how a position from self-play
becomes a puzzle. Plain Python (no pygame); the shared part (loading the records, the checks
of every shipped puzzle) is `common.puzzles`, the twin of this module `overlords.puzzles`.

Kinds (the record's ``"puzzle": {"goal": ...}``), all judged by `prepollency.tactics`:

- ``win-hold``: win this turn by completing the Obelisk hold (a hold count of 3 and all five
  squares yours at the end of the turn). Never unique, so never generated: a hold count of 3
  at the start of a turn means all five squares are still yours (a broken hold drops to 0),
  and then holding the line wins as well as any turn that keeps them. The kind stays for a
  hand-made puzzle whose check would say so; the hold's third round is taught by the
  ``stop`` puzzles (break a rival's) and by the lessons;
- ``win-base``: win this turn by filling the last rival's base (elimination);
- ``stop``: a rival threatens to win on its next turn; find the turn after which no seat that
  moves before yours wins at once (`tactics.stopping_turns`);
- ``base`` (3 or 4 players): holding the line lets a rival fill your base (you would be
  eliminated); find the turn after which none can (`tactics.danger` below `BASE_FALLS`);
- ``khan``: holding the line lets a rival take your Khan; find the turn that allows nothing
  (`tactics.danger` is None);
- ``take-khan``: a rival's Khan can be taken; find the turn that takes it and allows nothing;
- ``capture``: no piece of yours can take anything in one move, but a first move opens a
  line and the second takes a piece; find that turn, one that allows nothing.

A try is a whole turn (two moves by two pieces, one, or holding the line). What makes a puzzle
unique is its *key move*: every turn that solves it contains that move, and no turn without it
does (the other move of the turn is free: a turn is two moves, and the second one rarely
matters). `check` asserts it for the shipped turn, and the generator keeps only such
positions. The player makes one turn in every kind (no reply to wait for). A wrong try's
reason names the rival's turn that punishes it, and `refute` gives the turns the board plays
to show it: the seats before that rival hold the line (as the tactics judge them), then it
plays the turn named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from common.i18n import N_, _, ngettext, pgettext
from common.puzzles import Refuted
from prepollency import names, rules, tactics
from prepollency.movegen import planes, single_moves
from prepollency.moves import GRID, KHAN, Move, Turn
from prepollency.state import BASES, OBELISK, State

GOALS = {
    "win-hold": N_("Win this turn: keep all five Obelisk squares for the third round."),
    "win-base": N_("Win this turn: fill the last rival's base."),
    "stop": N_("A rival wins on its next turn unless you stop it. Find the turn that does."),
    "base": N_("A rival can fill your base on its next turn and knock you out. Find the turn "
            "that saves your base."),
    "khan": N_("A rival can take your Khan on its next turn. Find the turn that keeps it safe "
            "and allows nothing else."),
    "take-khan": N_("A rival's Khan can be taken. Find the turn that takes it and allows nothing "
                 "in return."),
    "capture": N_("No piece of yours can take in one move, but a first move can open a line "
               "for the second. Find that turn."),
}
LABELS = {
    "win-hold": N_("Win by the hold"),
    "win-base": N_("Fill the last base"),
    "stop": N_("Stop a win"),
    "base": N_("Save your base"),
    "khan": N_("Save your Khan"),
    "take-khan": N_("Take the Khan"),
    "capture": N_("Open a line"),
}
PLAYER_MOVES = {goal: 1 for goal in GOALS}


def _name(seat: int) -> str:
    return names.seat(seat)


def _sq(square: int) -> str:
    return GRID.names[square]


# --- judging one try ------------------------------------------------------------------------


def _won(state: State, turn: Turn) -> State | None:
    """The state after the turn, or None when the turn won the game for the mover."""
    after = rules.apply(state, turn)
    out = rules.outcome(after)
    return None if out is not None and out.winner == state.turn else after


def _holds(state: State, turn: Turn) -> Refuted | None:
    after = _won(state, turn)
    if after is None:
        return None
    missing = [_sq(s) for s in OBELISK if after.owners[s] != state.turn]
    if missing:
        # Translators: {squares} lists Obelisk squares: "h8", "h8, g8"
        return Refuted(ngettext("at the end of your turn {squares} is not yours, so the hold "
                                "is broken",
                                "at the end of your turn {squares} are not yours, so the hold "
                                "is broken", len(missing)).format(
                                    squares=pgettext("list", ", ").join(missing)))
    return Refuted(_("the turn does not complete the hold"))


def _fills(state: State, turn: Turn) -> Refuted | None:
    after = _won(state, turn)
    if after is None:
        return None
    for seat in after.alive:
        if seat != state.turn:
            free = [_sq(b) for b in BASES[seat] if after.owners[b] in (0, seat)]
            if free:
                # Translators: {squares} lists base squares: "a1", "a1, b2"
                return Refuted(ngettext("{seat}'s base still has {squares} not taken",
                                        "{seat}'s base still has {squares} not taken",
                                        len(free)).format(
                                            seat=_name(seat),
                                            squares=pgettext("list", ", ").join(free)))
    return Refuted(_("the turn does not eliminate the last rival"))


def _punished(state: State, turn: Turn, worst: int) -> Refuted | None:
    """None if the turn allows nothing at `worst` or above (`tactics` levels); else the rival's
    answer in words, with the turns that play it out (the seats before it hold the line)."""
    danger = tactics.danger(state, turn)
    if danger is None or danger.level < worst:
        return None
    after = rules.apply(state, turn)
    before = tactics.order_after(after.alive, state.turn)
    waits = before.index(danger.seat) if danger.seat in before else 0
    how = _ANSWERS.get(danger.threat.kind, N_("{seat} answers {turn} and wins"))
    return Refuted(_(how).format(seat=_name(danger.seat), turn=_show(danger.threat.turn)),
                   (*[Turn()] * waits, danger.threat.turn))


# a rival's answer to a wrong try, by what it achieves ({turn}: its moves)
_ANSWERS = {"obelisk": N_("{seat} answers {turn} and completes the Obelisk hold"),
            "elimination": N_("{seat} answers {turn}, fills the last base and wins"),
            "base": N_("{seat} answers {turn} and fills your base: you are out"),
            "khan": N_("{seat} answers {turn} and takes your Khan")}


def _stops(state: State, turn: Turn) -> Refuted | None:
    if tactics.stopping_turns(state, [turn]):
        return None
    return _punished(state, turn, tactics.HANDS_WIN) or Refuted(
        _("a rival still wins next turn"))


def _saves_base(state: State, turn: Turn) -> Refuted | None:
    return _punished(state, turn, tactics.BASE_FALLS)


def _keeps_khan(state: State, turn: Turn) -> Refuted | None:
    return _punished(state, turn, tactics.KHAN_LOST)


def _direct_targets(state: State) -> set[int]:
    """The squares of rival pieces some first move of the mover takes."""
    owners, me = state.owners, state.turn
    return {m.to for m in single_moves(state, *planes(state)) if owners[m.to] not in (0, me)}


def _capture_target(state: State, turn: Turn) -> int | None:
    """The square the turn's second move takes a piece on, if it takes one no first move
    could."""
    if len(turn) != 2:
        return None
    owners = list(state.owners)
    owners[turn[0].to], owners[turn[0].frm] = state.turn, 0
    target = turn[1].to
    if owners[target] in (0, state.turn) or target in _direct_targets(state):
        return None
    return target


def _opens_capture(state: State, turn: Turn) -> Refuted | None:
    if _capture_target(state, turn) is None:
        if len(turn) == 2 and state.owners[turn[1].to] not in (0, state.turn):
            return Refuted(_("the piece on {square} is taken, but not by a line the first "
                             "move opened").format(square=_sq(turn[1].to)))
        return Refuted(_("your second move takes nothing: move one piece out of the way so "
                         "that another can take"))
    return _punished(state, turn, tactics.KHAN_LOST)


def _takes_khan(state: State, turn: Turn) -> Refuted | None:
    if not _khan_taken_by(state, turn):
        return Refuted(_("the turn takes no Khan"))
    return _punished(state, turn, tactics.KHAN_LOST)


def _khan_taken_by(state: State, turn: Turn) -> bool:
    """Whether one of the turn's moves lands on a rival's Khan."""
    owners, kinds, me = list(state.owners), list(state.kinds), state.turn
    for move in turn:
        if owners[move.to] not in (0, me) and kinds[move.to] == KHAN:
            return True
        owners[move.to], kinds[move.to] = me, kinds[move.frm]
        owners[move.frm], kinds[move.frm] = 0, 0
    return False


def _show(turn: Iterable[Move]) -> str:
    return names.turn(turn)


STAGES: dict[str, tuple[Callable[[State, Turn], Refuted | None], ...]] = {
    "win-hold": (_holds,), "win-base": (_fills,), "stop": (_stops,),
    "base": (_saves_base,), "khan": (_keeps_khan,),
    "take-khan": (_takes_khan,), "capture": (_opens_capture,),
}


def refute(state: State, goal: str, stage: int, turn) -> Refuted | None:
    """None if the player's turn solves the puzzle; else why not, in the player's words, with
    the rivals' turns that show it."""
    return STAGES[goal][stage](state, Turn(turn))


def judge_try(state: State, goal: str, stage: int, turn) -> str | None:
    """`refute`'s words only (None: the turn solves the puzzle)."""
    refuted = refute(state, goal, stage, turn)
    return None if refuted is None else refuted.why


def reply(state: State) -> Turn:
    """A rival's answer (no Prepollency kind waits for one: the player makes one turn): its
    winning turn if it has one, else holding the line."""
    return tactics.winning_turn(state, state.turn) or Turn()


# --- why the solution works -----------------------------------------------------------------


def explain(state: State, goal: str, solution: list) -> str:
    """Why the solution's turn solves the puzzle, in words from the engine: what it takes or
    fills, and what the rivals could do before it and cannot after it."""
    turn = Turn(solution[0])
    shown = _show(turn)
    if goal == "win-hold":
        return _("{turn} keeps all five Obelisk squares: your hold reaches its fourth "
                 "count").format(turn=shown)
    if goal == "win-base":
        after = rules.apply(state, turn)
        gone = [s for s in state.alive if s not in after.alive and s != state.turn]
        if not gone:
            return _("{turn} fills the last base squares: the last rival is out and you are "
                     "the last left").format(turn=shown)
        return ngettext("{turn} fills the last base squares: {seats} is out and you are the "
                        "last left",
                        "{turn} fills the last base squares: {seats} are out and you are the "
                        "last left", len(gone)).format(
                            turn=shown, seats=names.listed([_name(s) for s in gone]))
    if goal == "take-khan":
        return _("{turn} takes the rival's Khan, and no rival can punish it next "
                 "turn").format(turn=shown)
    if goal == "capture":
        target = _capture_target(state, turn)
        # Translators: {piece} is a piece's name ("Archer"), {square} where it stands
        return _("{first} opens the way and {second} takes the {piece} on {square}; no rival "
                 "can punish it next turn").format(
                     first=turn[0], second=turn[1],
                     piece=names.piece(state.kinds[target]) if target is not None else "?",
                     square=_sq(target) if target is not None else "?")
    return _explain_defence(state, goal, turn, shown)


def _explain_defence(state: State, goal: str, turn: Turn, shown: str) -> str:
    if goal == "stop":
        threat = next(iter(tactics.threats(state).values()), None)
        if threat is None:
            return _("after {turn} no seat that moves before you wins at once").format(
                turn=shown)
        text = (_("{seat} could complete the Obelisk hold with {threat}; after {turn} no seat "
                  "that moves before you wins at once") if threat.kind == "obelisk" else
                _("{seat} could fill the last base and win with {threat}; after {turn} no seat "
                  "that moves before you wins at once"))
        return text.format(seat=_name(threat.seat), threat=_show(threat.turn), turn=shown)
    danger = tactics.danger(state, Turn())
    who = _name(danger.seat) if danger else _("a rival")
    if goal == "base":
        return _("holding the line would let {seat} fill your base; after {turn} no rival "
                 "can, and none wins at once").format(seat=who, turn=shown)
    return _("holding the line would let {seat} take your Khan; after {turn} no rival can "
             "take it, fill your base or win").format(seat=who, turn=shown)


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
               piece=names.piece(state.kinds[key.frm]), sq=_sq(key.frm))


def hint_square(state: State, goal: str, turn) -> int | None:
    """The square the hint picks on the board (its piece's moves show): the key move's."""
    key = _key_of(state, goal, turn)
    return None if key is None else key.frm


# --- finding and checking puzzles -----------------------------------------------------------


def _solving(state: State, goal: str) -> list[Turn]:
    """Every turn that solves the puzzle of this goal in this position."""
    if goal == "stop":
        return tactics.stopping_turns(state) or []
    if goal in ("win-hold", "win-base"):
        return tactics.winning_turns(state)
    if goal == "capture":
        turns = [t for t in rules.legal_moves(state) if _capture_target(state, t) is not None]
    elif goal == "take-khan":
        turns = [t for t in rules.legal_moves(state) if _khan_taken_by(state, t)]
    else:
        turns = rules.legal_moves(state)
    return [t for t in turns if refute(state, goal, 0, t) is None]


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


def _danger_kind(state: State) -> str | None:
    """What holding the line allows that some turn prevents: "base" or "khan" (None: nothing,
    or nothing can be done)."""
    watch = tactics.Watch(state)
    if watch.idle:
        return None
    level = watch.level(Turn())
    if level not in (tactics.BASE_FALLS, tactics.KHAN_LOST) or tactics.floor(state) >= level:
        return None
    return "base" if level == tactics.BASE_FALLS else "khan"


def find(state: State) -> tuple[str, list[Turn]] | None:
    """The puzzle this position makes, if any: (goal, [the solving turn]); unique by its key
    move. A win comes first, then a stop, a base or a Khan to save, a Khan to take, a capture
    to open."""
    if rules.outcome(state) is not None or state.moved != -1:
        return None
    wins = tactics.winning_turns(state)
    if wins:
        return (_win_kind(state), [_shortest(wins)]) if _common(wins) else None
    stops = tactics.stopping_turns(state)
    if stops is not None:
        if not stops or not _common(stops) or Turn() in stops:
            return None
        return "stop", [_shortest(stops)]
    goal = _danger_kind(state) or _taking_kind(state)
    if goal is None:
        return None
    solving = _solving(state, goal)
    if not solving or not _common(solving) or Turn() in solving:
        return None
    return goal, [_shortest(solving)]


def _taking_kind(state: State) -> str | None:
    """"take-khan" when a rival's Khan can be taken at once, "capture" when nothing can be
    taken in one move (a two-move capture may be there), else None."""
    direct = _direct_targets(state)
    if any(state.kinds[q] == KHAN for q in direct):
        return "take-khan"
    return None if direct else "capture"


def _shortest(turns: list[Turn]) -> Turn:
    """The turn to ship: the fewest moves, then the first in order."""
    return min(turns, key=lambda t: (len(t), t))


def check(state: State, goal: str, solution: list) -> str | None:
    """None if the shipped turn solves the puzzle, the position is of its kind, and the puzzle
    is unique (every solving turn contains its key move, and no turn without it solves it);
    else what is wrong."""
    if goal not in STAGES:
        return _("unknown goal {goal!r}").format(goal=goal)
    if len(solution) != 1:
        return _("a {goal} solution is one turn, not {count}").format(
                   goal=goal, count=len(solution))
    turn = Turn(solution[0])
    why = judge_try(state, goal, 0, turn)
    if why:
        return _("the solution {turn} fails: {why}").format(turn=_show(turn), why=why)
    if goal in ("win-hold", "win-base") and _win_kind(state) != goal:
        # Translators: {kind} and {goal} are puzzle kinds as the files name them: "win-base"
        return _("the win here is a {kind}, not a {goal}").format(kind=_win_kind(state),
                                                                  goal=goal)
    if goal in ("base", "khan") and _danger_kind(state) != goal:
        return (_("holding the line here does not lose the base") if goal == "base" else
                _("holding the line here does not lose the Khan"))
    if goal == "capture" and _direct_targets(state):
        return _("a piece can be taken in one move here")
    solving = _solving(state, goal)
    common = _common(solving)
    if not common & set(turn):
        return _("not unique: the solving turns share no move")
    return None


__all__ = ["GOALS", "LABELS", "PLAYER_MOVES", "check", "explain", "find", "hint", "hint_square",
           "judge_try", "refute", "reply"]
