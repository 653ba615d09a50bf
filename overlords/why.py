"""Why an Overlords move is good or bad, from the engine (the API of `common.why`; its twin is
`prepollency/why.py`; why a move is *refused* is `overlords/reasons.py`).

`explain_move(state, move)` gives a `common.why.Reason`: the facts below, each computed from
the engine and carrying the value it says (X is the mover, Y the other side):

- "wins": the move ends the game for X (value: the reason, "overlord" or "sources");
  "draws": the 100 quiet turns (value: the quiet count);
- "forced_win": after it no reply of Y holds (`tactics.defence` is None; value: whether the
  Overlord is the target); "wins_deep": X wins by its third move whatever Y plays
  (`tactics.deep.follows`);
- "loses": Y wins at once after it (value: Y's winning reply) or has a reply after which no
  move of X holds (`tactics.danger`; value: the reply); "loses_deep": Y then wins by its third
  move (`tactics.deep.win_in_three`; value: Y's first move);
- "captures": the enemy figure taken (value: its type);
- "stops": Y threatened to win at once before the move and cannot after (value: None);
- "threatens": X threatens to win at once after it (value: "overlord" or "sources");
- "saves": X's figures Y could capture before the move and cannot after (value: types);
  "hangs": X's figures Y can capture after the move and could not before (value: the
  (type, square) of the most valuable);
- "source": the move puts X's marker on a Source (value: X's Sources after it, of 9);
  "recruits": a figure from the reserve (value: its type);
- "safe": nothing above is bad and Y has no forced win two moves deep (value: None);
- "keeps_fate": X's Overlord could have moved and keeps its only Fate (value: None);
  "frozen": the move spends the last Fate of its type while such figures stand on the board
  (value: (type, turns until X's Reckoning)); "reckoning": the move plays X's last Rune (all
  stones return; value: None).

`compare(state, played, better)` is the analysis' sentence (`common.why.contrast`).
"""

from __future__ import annotations

from common.i18n import N_, _, ngettext
from common.why import BAD, GOOD, NEUTRAL, WIN, Fact, Reason, contrast, ending, ordered
from overlords import names, rules, tactics
from overlords.ai.heuristics import VALUE
from overlords.state import (
    DRAW_TURNS,
    GRID,
    OVERLORD,
    SOURCES,
    State,
    cell_side,
    cell_type,
)
from overlords.tactics.deep import follows, win_in_three

__all__ = ["Reason", "compare", "explain_move", "sources_of", "targets"]



def kind_at(state: State, sq: int) -> int:
    """The kind of the figure on `sq`, which holds one."""
    figure = state.figure(sq)
    assert figure is not None, sq
    return figure[1]

def explain_move(state: State, move: rules.Move) -> Reason:
    """Why this legal move of the side to move is good or bad (see the module)."""
    move = rules.Move(move)
    after = rules.apply(state, move)
    facts = _ending(state, after)
    if after.result is None:
        facts += _tactics(state, move, after)
        facts += _material(state, move, after)
        facts += _stones(state, move, after)
        if not any(f.sign in (WIN, BAD) for f in facts):
            facts.append(Fact("safe", None, GOOD, _("leaves {enemy} no forced win").format(
                enemy=names.side(1 - state.turn))))
    return Reason(str(move), ordered(facts))


def compare(state: State, played: rules.Move, better: rules.Move) -> str:
    """The played move against a better one, in one or two sentences (`common.why.contrast`)."""
    return contrast(explain_move(state, played), explain_move(state, better))


# the reasons of a move that ends the game (every reason is said in the player's language:
# a Fact's text is the sentence shown, so it is translated when the engine makes it)
_WINS = {"overlord": N_("captures the Overlord and wins"),
         "sources": N_("takes the ninth Source and wins")}


def _ending(state: State, after: State) -> list[Fact]:
    return ending(state.turn, after.result, {k: _(v) for k, v in _WINS.items()},
                  ngettext("draws: {turns} turn without a capture, a recruit or a new marker",
                           "draws: {turns} turns without a capture, a recruit or a new marker",
                           DRAW_TURNS).format(turns=DRAW_TURNS))


def _tactics(state: State, move: rules.Move, after: State) -> list[Fact]:
    """The verdicts of the tactics: forced wins and losses, threats made and stopped."""
    x, enemy = state.turn, names.side(1 - state.turn)
    facts = []
    if tactics.defence(after) is None:
        at_overlord = bool(rules.attackers(after, 1 - x))
        text = (_("attacks the Overlord and no reply saves it") if at_overlord
                else _("wins next move, whatever the reply"))
        return [Fact("forced_win", at_overlord, WIN, text)]
    danger = tactics.danger(state, move)
    if danger is not None:
        reply = danger.reply
        if danger.forced:
            # Translators: {enemy} is a side ("Black"), {move} the enemy's first move ("3D f2-c5")
            text = _("lets {enemy} win in two moves, starting {move}")
        else:
            text = _("lets {enemy} win at once with {move}")
        facts.append(Fact("loses", reply, BAD, text.format(enemy=enemy, move=reply)))
    else:
        deep = win_in_three(after)
        if deep is not None:
            facts.append(Fact("loses_deep", deep, BAD,
                              _("lets {enemy} win in three moves, starting {move}").format(
                                  enemy=enemy, move=deep)))
        elif follows(state, move):
            facts.append(Fact("wins_deep", None, WIN,
                              _("wins in three moves, whatever the replies")))
    if tactics.wins_at_once(state, 1 - x) and not tactics.wins_at_once(after, 1 - x):
        facts.append(Fact("stops", None, GOOD,
                          _("stops {enemy}'s winning threat").format(enemy=enemy)))
    if tactics.wins_at_once(after, x):
        at_overlord = bool(rules.attackers(_turned(after, 1 - x), 1 - x))
        facts.append(Fact("threatens", "overlord" if at_overlord else "sources", GOOD,
                          _("threatens the Overlord") if at_overlord
                          else _("threatens to take the ninth Source")))
    return facts


def _material(state: State, move: rules.Move, after: State) -> list[Fact]:
    """Captures, figures saved or left to be taken, Sources, recruits."""
    x = state.turn
    facts = []
    victim = state.figure(move.to) if move.to is not None and move.frm is not None else None
    if victim is not None and victim[0] != x:
        facts.append(Fact("captures", victim[1], GOOD,
                          # Translators: {figure} is a figure's name ("Dragon"), the one taken
                          _("takes the {figure}").format(figure=names.figure(victim[1]))))
    if move.is_recruit:
        # Translators: {a_figure} is a figure with its article ("a Dragon", context "a figure")
        facts.append(Fact("recruits", move.fate, GOOD, _("recruits {a_figure} on {square}").format(
            a_figure=names.a_figure(move.fate), square=GRID.name(move.to))))
    before = targets(_turned(state, 1 - x), x)
    if move.frm is not None and move.frm in before:
        before = (before - {move.frm}) | {move.to}
    now = targets(after, x)
    saved = sorted((t for t in before - now if after.figure(t) is not None),
                   key=lambda sq: -VALUE[kind_at(after, sq)])
    if saved:
        kept = kind_at(after, saved[0])
        facts.append(Fact("saves", kept, GOOD, _("saves the {figure} on {square}").format(
            figure=names.figure(kept), square=GRID.name(saved[0]))))
    hung = sorted(now - before, key=lambda sq: -VALUE[kind_at(after, sq)])
    if hung:
        open_kind = kind_at(after, hung[0])
        facts.append(Fact("hangs", (open_kind, hung[0]), BAD,
                          _("the {figure} on {square} can be taken").format(
                              figure=names.figure(open_kind), square=GRID.name(hung[0]))))
    if move.to is not None and int(state.features[move.to]) in SOURCES \
            and int(state.control[move.to]) != x:
        count = sources_of(after, x)
        facts.append(Fact("source", count, GOOD,
                          # Translators: {feature} is a Source's name ("Castle", context "feature")
                          ngettext("takes the {feature} on {square} ({count} of 9 Sources)",
                                   "takes the {feature} on {square} ({count} of 9 Sources)",
                                   count).format(
                              feature=names.feature(int(state.features[move.to])),
                              square=GRID.name(move.to), count=count)))
    return facts


def _stones(state: State, move: rules.Move, after: State) -> list[Fact]:
    """What the stones played leave: the Overlord's Fate, frozen figures, the Reckoning."""
    x, kind = state.turn, move.fate
    if state.turns_to_reckoning(x) == 1:
        return [Fact("reckoning", None, NEUTRAL,
                     _("plays the last Rune: every stone comes back"))]
    facts = []
    turns = after.turns_to_reckoning(x)
    on_board = [sq for sq in range(64) if after.figure(sq) == (x, kind)]
    if kind == OVERLORD and move.frm is not None:
        facts.append(Fact("frozen", (OVERLORD, turns), NEUTRAL,
                          ngettext("freezes your Overlord for {n} turn (its only Fate)",
                                   "freezes your Overlord for {n} turns (its only Fate)", turns)
                          .format(n=turns)))
    elif after.fates[x][kind] == 0 and on_board and not move.is_discard:
        facts.append(Fact("frozen", (kind, turns), NEUTRAL,
                          # Translators: {kind} is a figure ("Dragon"), {kinds} its plural
                          ngettext("spends the last {kind} Fate: your {kinds} are stuck "
                                   "for {n} turn", "spends the last {kind} Fate: your {kinds} "
                                   "are stuck for {n} turns", turns).format(
                              kind=names.figure(kind), kinds=names.figures(kind), n=turns)))
    elif state.fates[x][OVERLORD] and any(
            m.fate == OVERLORD and m.frm is not None for m in rules.legal_moves(state)):
        facts.append(Fact("keeps_fate", None, NEUTRAL, _("your Overlord keeps its Fate")))
    return facts


def _turned(state: State, side: int) -> State:
    """The position as if `side` were to move (its stones as they are)."""
    return State(state.static, state.board, state.control, state.runes, state.fates,
                 state.reserve, side, state.quiet, state.ply)


def targets(state: State, side: int) -> set[int]:
    """The squares of `side`'s figures other than its Overlord that the side to move (the
    other one) could capture with one legal move now."""
    cells = state.board.tolist()
    out = set()
    for code in rules.legal_codes(state):
        frm, to = rules.move_from(code), rules.move_to(code)
        if frm is None or to is None:
            continue
        cell = cells[to]
        if cell and cell_side(cell) == side and cell_type(cell) != OVERLORD:
            out.add(to)
    return out


def sources_of(state: State, side: int) -> int:
    """How many of the nine Sources carry `side`'s marker."""
    control = state.control.tolist()
    features = state.features.tolist()
    return sum(1 for sq in range(64) if features[sq] in SOURCES and control[sq] == side)
