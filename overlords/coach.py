"""The coach of Overlords: the moments that matter, one sentence each, from the engine's own
verdicts (the twin of `prepollency.coach`; `common.coaching` says what a coach module offers).
Plain Python, no pygame.

`advice(state, name)` speaks to the side to move before it plays, the first that applies of:
- a win at once (`tactics.winning_moves`: the enemy Overlord or the ninth Source);
- its Overlord attacked (`rules.attackers`), and a move that saves it, a capture of the
  attacker first (`tactics.saving_moves`, `tactics.holds`), or that none does;
- a free capture: a capture after which no enemy move lands on that square and that loses
  nothing two moves deep (`tactics.danger`);
- a figure left hanging: one the enemy could take with its unplayed stones (its legal moves as
  if it were its turn) where no move of ours could take back, said with whether a Fate is left
  for it to flee;
- the last Fate of a type about to be spent (once per Reckoning for a type, once a game for the
  Overlord's single Fate), with the turns to the Reckoning.

`comment(before, move, after, name)` speaks to the side that just moved: its Overlord now capturable
or lost by force (`tactics.danger`), the moved figure left to be taken with nothing to take
back, or the last Fate of a type just spent. Each `Remark` carries a key; the screen says a key
once (`common.ui.coach`). `GUIDED` is the guided first game's script, checked by
`learn --check` (`common.coaching.check_guided`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from common.coaching import Guided, Remark
from common.i18n import _, ngettext
from overlords import names, rules, tactics
from overlords.setup import board_for, default_setup
from overlords.why import kind_at as _kind

Move = rules.Move
Namer = Callable[[int], str]
GRID = rules.GRID
VALUE = {rules.WIZARD: 3, rules.DRAGON: 4, rules.HERO: 2}  # which capture the coach names first
# the guided first game: you play White (you set up, then move first) against Novice on a board
# with its Sources spread over both halves (seed 4242)
GUIDED = Guided(seed=4242, seats=("human", "novice"))


def _sq(sq: int) -> str:
    return GRID.name(sq)


def _as_turn_of(state: rules.State, side: int) -> rules.State:
    """The position with `side` to move (its unplayed stones), as `rules.attackers` reads it."""
    if state.turn == side:
        return state
    return rules.State(state.static, state.board, state.control, state.runes, state.fates,
                       state.reserve, side, state.quiet, state.ply)


def _takers(state: rules.State, sq: int) -> list[Move]:
    """The legal moves of the side to move that capture on sq."""
    return [m for m in rules.legal_moves(state) if m.to == sq and m.frm is not None]


def _cycle(state: rules.State, side: int) -> int:
    """Which Reckoning cycle of `side` this is (each holds seven of its turns)."""
    return (state.ply // 2) // 7 if side == rules.WHITE else ((state.ply - 1) // 2) // 7


# before the move ----------------------------------------------------------------------------

def advice(state: rules.State, name: Namer) -> Remark | None:
    """What the side to move should hear before it plays (see the module), or None."""
    if state.result is not None:
        return None
    for rule in (_win, _attacked, _free_capture, _hanging, _last_fate):
        remark = rule(state, name)
        if remark is not None:
            return remark
    return None


def _win(state: rules.State, name: Namer) -> Remark | None:
    wins = tactics.winning_moves(state)
    if not wins:
        return None
    move = Move(wins[0])
    victim = state.figure(move.to)
    # Translators: {move} is the winning move ("3D f2-c5")
    text = (_("You can win now: {move} captures the enemy Overlord.") if victim is not None
            else _("You can win now: {move} takes the ninth Source."))
    return Remark(("win", state.ply), text.format(move=move))


def _attacked(state: rules.State, name: Namer) -> Remark | None:
    attacks = rules.attackers(state, state.turn)
    if not attacks:
        return None
    attack = attacks[0]
    kind, square = names.figure(_kind(state, attack.frm)), _sq(attack.frm)
    saving = [Move(m) for m in tactics.saving_moves(state) if tactics.holds(state, m)]
    if not saving:
        # Translators: {figure} is the attacking figure's name ("Dragon")
        return Remark(("attacked", state.ply), _(
            "Your Overlord is attacked by the {figure} on {square}, and no move saves it.").format(
                figure=kind, square=square))
    takes = [m for m in saving if m.to == attack.frm]
    shown = (takes or saving)[0]
    if shown in takes:
        text = _("Your Overlord is attacked by the {figure} on {square}: {move} takes it and "
                 "saves your Overlord.")
    else:
        text = _("Your Overlord is attacked by the {figure} on {square}: {move} is one move "
                 "that saves your Overlord.")
    return Remark(("attacked", state.ply), text.format(figure=kind, square=square, move=shown))


def free_captures(state: rules.State) -> list[Move]:
    """The captures of the side to move that nothing takes back and that lose nothing two
    moves deep, the most valuable victim first."""
    found = []
    for move in rules.legal_moves(state):
        victim = None if move.frm is None else state.figure(move.to)
        if victim is None or victim[1] == rules.OVERLORD:
            continue
        after = rules.apply_legal(state, move)
        if after.result is not None or _takers(after, move.to):
            continue
        if tactics.danger(state, move) is None:
            found.append((VALUE[victim[1]], move))
    found.sort(key=lambda vm: -vm[0])
    return [m for _, m in found]


def _free_capture(state: rules.State, name: Namer) -> Remark | None:
    found = free_captures(state)
    if not found:
        return None
    move = found[0]
    return Remark(("free", state.ply), _(
        "A free capture: {move} takes the {figure} on {square}, and nothing can take back.")
        .format(move=move, figure=names.figure(_kind(state, move.to)), square=_sq(move.to)))


def hanging(state: rules.State, side: int) -> list[tuple[int, Move]]:
    """(square, the enemy's capture) for `side`'s figures other than the Overlord that the
    enemy could take with its unplayed stones where no move of `side` could take back."""
    enemy = _as_turn_of(state, 1 - side)
    out: dict[int, Move] = {}
    for move in rules.legal_moves(enemy):
        victim = None if move.frm is None else state.figure(move.to)
        if victim is None or victim[0] != side or victim[1] == rules.OVERLORD or move.to in out:
            continue
        after = rules.apply_legal(enemy, move)
        if after.result is None and not _takers(after, move.to):
            out[move.to] = move
    return sorted(out.items(), key=lambda sm: -VALUE[_kind(state, sm[0])])


def _hanging(state: rules.State, name: Namer) -> Remark | None:
    side = state.turn
    found = hanging(state, side)
    if not found:
        return None
    sq, take = found[0]
    kind = _kind(state, sq)
    if state.fates[side][kind]:
        # Translators: {figure} is your figure's name ("Dragon"), {move} the enemy's capture
        text = _("Your {figure} on {square} can be taken ({move}), and nothing guards it.")
    else:
        text = _("Your {figure} on {square} can be taken ({move}), and no {figure} Fate is "
                 "left to move it away.")
    return Remark(("hanging", sq, state.ply),
                  text.format(figure=names.figure(kind), square=_sq(sq), move=take))


def _last_fate(state: rules.State, name: Namer) -> Remark | None:
    side = state.turn
    turns = state.turns_to_reckoning(side)
    if turns < 3:
        return None
    # the types with two Fates first: their last one is the news (the Overlord's single Fate
    # is said once a game, and would hide them after that)
    for kind in (rules.DRAGON, rules.WIZARD, rules.HERO, rules.OVERLORD):
        if state.fates[side][kind] != 1 or not _on_board(state, side, kind):
            continue
        later = turns - 1
        if kind == rules.OVERLORD:
            return Remark(("fate", kind), ngettext(
                "Your Overlord has a single Fate: after it moves it stays put until the "
                "Reckoning, {turns} turn later, so move it only when you must.",
                "Your Overlord has a single Fate: after it moves it stays put until the "
                "Reckoning, {turns} turns later, so move it only when you must.", later)
                .format(turns=later))
        # Translators: {figure} is a figure's name ("Dragon"), {figures} its plural
        return Remark(("fate", kind, _cycle(state, side)), ngettext(
            "One {figure} Fate left: once spent, your {figures} stay put until the Reckoning, "
            "{turns} turn later.",
            "One {figure} Fate left: once spent, your {figures} stay put until the Reckoning, "
            "{turns} turns later.", later)
            .format(figure=names.figure(kind), figures=names.figures(kind), turns=later))
    return None


def _on_board(state: rules.State, side: int, kind: int) -> bool:
    code = rules.piece_code(side, kind)
    return bool((state.board == code).any())


# after the move ------------------------------------------------------------------------------

def comment(before: rules.State, move: Any, after: rules.State, name: Namer
            ) -> Remark | None:
    """What the side that played `move` (from `before` to `after`) should hear, or None."""
    if after.result is not None:
        return None
    move = Move(move)
    side = before.turn
    for rule in (_lost, _left_hanging, _spent):
        remark = rule(before, move, after, name(1 - side))
        if remark is not None:
            return remark
    return None


def _lost(before: rules.State, move: Move, after: rules.State, enemy: str) -> Remark | None:
    danger = tactics.danger(before, move)
    if danger is None:
        return None
    if not danger.forced:
        # Translators: {enemy} is the other player's name ("Black"), {move} its winning move
        return Remark(("lost", before.ply), _(
            "That move lets {enemy} win at once with {move}.").format(enemy=enemy,
                                                                      move=danger.reply))
    return Remark(("lost", before.ply), _(
        "That move loses by force: after {enemy}'s {move} no move of yours saves your "
        "Overlord.").format(enemy=enemy, move=danger.reply))


def _left_hanging(before: rules.State, move: Move, after: rules.State, enemy: str
                  ) -> Remark | None:
    side = before.turn
    if move.to is None:
        return None
    found = dict(hanging(after, side))
    if move.to not in found:
        return None
    # Translators: {figure} is your figure's name ("Dragon"), {move} the enemy's capture
    return Remark(("left", before.ply), _(
        "Your {figure} on {square} can now be taken ({move}), and nothing guards it.").format(
            figure=names.figure(_kind(after, move.to)), square=_sq(move.to),
            move=found[move.to]))


def _spent(before: rules.State, move: Move, after: rules.State, enemy: str) -> Remark | None:
    side, kind = before.turn, move.fate
    turns = after.turns_to_reckoning(side)
    if before.fates[side][kind] != 1 or after.fates[side][kind] or turns < 2 \
            or not _on_board(after, side, kind):  # (a Reckoning brought every stone back)
        return None
    if kind == rules.OVERLORD:
        return Remark(("spent", before.ply), ngettext(
            "That was your Overlord's only Fate: it cannot move again until the Reckoning, "
            "{turns} turn away.",
            "That was your Overlord's only Fate: it cannot move again until the Reckoning, "
            "{turns} turns away.", turns).format(turns=turns))
    # Translators: {figure} is a figure's name ("Dragon"), {figures} its plural
    return Remark(("spent", before.ply), ngettext(
        "That was your last {figure} Fate: your {figures} cannot move until the Reckoning, "
        "{turns} turn away.",
        "That was your last {figure} Fate: your {figures} cannot move until the Reckoning, "
        "{turns} turns away.", turns).format(figure=names.figure(kind),
                                             figures=names.figures(kind), turns=turns))


# the guided first game ----------------------------------------------------------------------

def guided_start(rng: random.Random) -> rules.State:
    """The guided game's first position, as the engine builds it: the script's board, White
    in the usual setup (the person may choose another), Black as Novice sets up."""
    from common.ai.levels import make_cpu
    from common.games import get

    novice = make_cpu(get("overlords").engine, GUIDED.seats[1], rng)
    return novice.opening(rules.make_state(board_for(GUIDED.seed), default_setup()),
                          rules.BLACK)
