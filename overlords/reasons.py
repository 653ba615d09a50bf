"""Why a move is refused, in words a player can read.

Legality itself is decided in one place only, `overlords.movegen.legal_codes`: `find_move`
accepts a move exactly when it is in that list and otherwise looks for the reason to show
("Rune 3 cannot move a Wizard", "Blocked by the Pit on d3", ...). `parse_move` reads a
record's entry through it.
"""

from __future__ import annotations

from typing import Any

from common.i18n import N_, _
from common.protocol import GameOverError, IllegalMoveError
from overlords import names
from overlords.movegen import legal_codes
from overlords.moves import Move, is_discard, move_from, move_rune
from overlords.state import (
    CAPTURES,
    DRAGON,
    FATE_STONES,
    FORBIDDEN,
    GRID,
    PIT,
    SOURCE_OF,
    State,
)

_GEOMETRY = {
    1: N_("Rune 1 moves one square in any direction"),
    2: N_("Rune 2 slides diagonally"),
    3: N_("Rune 3 slides along a file or a rank"),
    4: N_("Rune 4 jumps like a chess knight"),
    7: N_("Rune 7 steps one square straight forward, or captures one square diagonally forward"),
}


def find_move(state: State, rune: int, fate: int, frm: int | None, to: int | None) -> Move:
    """The legal move these stones and squares make, or IllegalMoveError with the reason."""
    if state.result is not None:
        raise GameOverError(_("The game is over"))
    if not (1 <= rune <= 7 and 0 <= fate < 4):
        raise IllegalMoveError(_("No such stones"))
    if (frm is not None and not 0 <= frm < 64) or (to is not None and not 0 <= to < 64):
        raise IllegalMoveError(_("No such square"))
    if frm is not None and to is None:
        raise IllegalMoveError(_("Pick the square to move to"))
    move = Move.make(rune, fate, frm, to)
    legal = legal_codes(state)
    if move in legal:
        return move
    raise IllegalMoveError(_reason(state, move, legal))


def _reason(state: State, move: Move, legal: list[int]) -> str:
    if state.result is not None:
        return _("The game is over")
    side = state.turn
    rune, fate, frm, to = move.rune, move.fate, move.frm, move.to
    stones = _stone_reason(state, rune, fate)
    if stones:
        return stones
    if FORBIDDEN.get(rune) == fate:
        if rune == 6:
            return _("Nothing recruits an Overlord")
        return _("Rune {rune} cannot move {a_figure}").format(rune=rune,
                                                              a_figure=names.a_figure(fate))
    discarding = bool(legal) and is_discard(legal[0])
    if to is None:
        return _("You have a legal move, so you cannot discard: a discard is only for a turn " \
                 "with no move")
    if discarding:
        return _("No pair of your stones allows a move: discard a Rune and a Fate")
    if rune == 6:
        return _recruit_reason(state, fate, frm, to)
    if frm is None:
        return _("Rune {rune} moves a figure on the board: pick the figure first").format(
                   rune=rune)
    figure = state.figure(frm)
    if figure is None:
        return _("There is no figure on {square}").format(square=GRID.name(frm))
    owner, kind = figure
    if owner != side:
        return _("That {figure} is {side}'s; it is {side2}'s turn").format(
                   figure=names.figure(kind), side=names.side(owner),
                   side2=names.side(side))
    if kind != fate:
        return _("The {figure} Fate stone moves {a_figure}, not {a_figure2}").format(
                   figure=names.figure(fate), a_figure=names.a_figure(fate),
                   a_figure2=names.a_figure(kind))
    return _target_reason(state, rune, kind, frm, to)


def _stone_reason(state: State, rune: int, fate: int) -> str | None:
    side = state.turn
    if not state.runes[side] >> (rune - 1) & 1:
        return _("Rune {rune} was played; it returns at your Reckoning").format(rune=rune)
    if not state.fates[side][fate]:
        if FATE_STONES[fate] == 1:
            return _("The {figure} Fate stone was played; it returns at your Reckoning").format(
                       figure=names.figure(fate))
        return _("Both {figure} Fate stones were played; they return at your Reckoning").format(
                   figure=names.figure(fate))
    return None


def _recruit_reason(state: State, fate: int, frm: int | None, to: int) -> str:
    if frm is not None:
        return _("Rune 6 recruits from the reserve: pick an empty Source you control")
    if not state.reserve[state.turn][fate]:
        return _("No {figure} is left in your reserve").format(figure=names.figure(fate))
    source = names.feature(SOURCE_OF[fate])
    feature = int(state.features[to])
    where = GRID.name(to)
    if feature != SOURCE_OF[fate]:
        # Translators: {figure} is Wizard, Dragon or Hero (never the Overlord: nothing
        # recruits one), {source} Castle, Tower or Lair, {where} a square (e5)
        return _("A {figure} is recruited onto a {source}, and {where} is no {source}").format(
            figure=names.figure(fate), source=source, where=where)
    if state.control[to] != state.turn:
        return _("You do not control the {source} on {where}").format(source=source, where=where)
    return _("The {source} on {where} is occupied").format(source=source, where=where)


def _target_reason(state: State, rune: int, kind: int, frm: int, to: int) -> str:
    side = state.turn
    if frm == to:
        return _("A figure must move to another square")
    target = state.figure(to)
    if rune == 5:
        if target is not None:
            return _("Teleport never captures: its target must be empty")
        return _barrier_reason(state, to) or _("That square cannot be reached")
    if rune not in _GEOMETRY or to not in _pattern(rune, side, frm):
        return _(_GEOMETRY.get(rune, N_("That square cannot be reached")))
    if rune in (2, 3):
        block = _blocker(state, rune, kind, frm, to)
        if block:
            return block
    if target is not None:
        return _capture_reason(side, rune, kind, frm, to, *target)
    if rune == 7 and to % 8 != frm % 8:
        return _("A diagonal pawn step must capture")
    return _barrier_reason(state, to) or _("That square cannot be reached")


def _capture_reason(side: int, rune: int, kind: int, frm: int, to: int, owner: int,
                    victim: int) -> str:
    """Why a figure of `kind` may not take the figure (owner, victim) on `to` with `rune`."""
    if owner == side:
        return _("You cannot capture your own figure")
    if not CAPTURES[kind][victim]:
        return _("{figures} cannot capture {figures2}").format(
                   figures=names.figures(kind), figures2=names.figures(victim))
    if rune == 7 and to % 8 == frm % 8:
        return _("A pawn step straight forward needs an empty square")
    return _("That capture is not allowed")


def _pattern(rune: int, side: int, frm: int) -> set[int]:
    """Squares a rune's movement reaches from frm on an empty board."""
    if rune == 1:
        return set(GRID.neighbours[frm])
    if rune == 4:
        return set(GRID.knight[frm])
    if rune in (2, 3):
        rays = GRID.rays_diagonal if rune == 2 else GRID.rays_orthogonal
        return {sq for ray in rays[frm] for sq in ray}
    forward = frm + (8 if side == 0 else -8)
    if not 0 <= forward < 64:
        return set()
    return {sq for sq in (forward - 1, forward, forward + 1)
            if 0 <= sq < 64 and abs(sq % 8 - frm % 8) <= 1}


def _blocker(state: State, rune: int, kind: int, frm: int, to: int) -> str | None:
    rays = GRID.rays_diagonal if rune == 2 else GRID.rays_orthogonal
    ray = next(r for r in rays[frm] if to in r)
    for sq in ray[: ray.index(to)]:
        figure = state.figure(sq)
        if figure is not None:
            return _("Blocked by the {figure} on {square}").format(
                       figure=names.figure(figure[1]), square=GRID.name(sq))
        feature = int(state.features[sq])
        if feature >= PIT and kind != DRAGON:
            return _("Blocked by the {feature} on {square}: only Dragons fly over Barriers").format(
                       feature=names.feature(feature), square=GRID.name(sq))
    return None


def _barrier_reason(state: State, to: int) -> str | None:
    feature = int(state.features[to])
    if feature >= PIT:
        return _("No figure may end its move on a {feature}").format(
                   feature=names.feature(feature))
    return None


def explain(state: State, frm: int, to: int) -> str:
    """Why no pair of the player's stones moves the figure on frm to to."""
    figure = state.figure(frm)
    if state.result is not None:
        return _("The game is over")
    if figure is None:
        return _("There is no figure on {square}").format(square=GRID.name(frm))
    side, kind = figure
    if side != state.turn:
        return _("That {figure} is {side}'s; it is {side2}'s turn").format(
                   figure=names.figure(kind), side=names.side(side),
                   side2=names.side(state.turn))
    legal = legal_codes(state)
    if legal and is_discard(legal[0]):
        return _("No pair of your stones allows a move: discard a Rune and a Fate")
    if not state.fates[side][kind]:
        return _stone_reason(state, _any_rune(state), kind) or ""
    target = state.figure(to)
    if target is not None and target[0] == side:
        return _("You cannot capture your own figure")
    barrier = _barrier_reason(state, to)
    if barrier:
        return barrier
    reasons = []
    for rune in (1, 2, 3, 4, 7, 5):
        if rune != 5 and to not in _pattern(rune, side, frm):
            continue
        try:
            find_move(state, rune, kind, frm, to)
        except IllegalMoveError as err:
            reasons.append(str(err))
            continue
        return _("That move is legal")
    # The first rune whose pattern fits explains best; teleport comes last.
    return reasons[0]


def pair_reason(rune: int, fate: int) -> str | None:
    """Why this Rune never goes with this Fate ("Rune 3 cannot move a Wizard"), or None."""
    if FORBIDDEN.get(rune) != fate:
        return None
    if rune == 6:
        return _("Nothing recruits an Overlord: Rune 6 cannot go with the Overlord Fate")
    return _("Rune {rune} cannot move {a_figure}").format(rune=rune,
                                                          a_figure=names.a_figure(fate))


def stone_reason(state: State, side: int, rune: int | None = None,
                 fate: int | None = None) -> str | None:
    """Why the player to move may not play this stone of `side` (a Rune, or a Fate), or None
    when it may: another side's stones, or a stone already played."""
    if side != state.turn:
        return _("Those are {side}'s stones; it is {side2}'s turn").format(
                   side=names.side(side), side2=names.side(state.turn))
    if rune is not None and not state.runes[side] >> (rune - 1) & 1:
        return _("Rune {rune} was played; it returns at your Reckoning").format(rune=rune)
    if fate is not None and not state.fates[side][fate]:
        return _stone_reason(state, _any_rune(state), fate)
    return None


def stuck_reason(state: State, sq: int, rune: int | None = None) -> str | None:
    """Why the figure of the player to move on sq has no move at all with the stones in hand
    (or with that Rune), or None when it has one."""
    figure = state.figure(sq)
    if figure is None or figure[0] != state.turn:
        return None
    moves = [m for m in legal_codes(state) if move_from(m) == sq
             and (rune is None or move_rune(m) == rune)]
    if moves:
        return None
    name = names.figure(figure[1])
    if rune == 6:
        return _("Rune 6 recruits from the reserve: it moves no figure")
    if rune is not None and FORBIDDEN.get(rune) == figure[1]:
        return _("Rune {rune} cannot move {a_figure}").format(rune=rune,
                                                              a_figure=names.a_figure(figure[1]))
    if rune is not None:
        return _("Rune {rune} gives this {figure} no move").format(rune=rune, figure=name)
    return _("This {figure} cannot move with the stones in your hand").format(figure=name)


def _any_rune(state: State) -> int:
    return next(r for r in range(1, 8) if state.runes[state.turn] >> (r - 1) & 1)


def parse_move(state: State, data: Any) -> Move:
    """The legal move a record entry names: InvalidMoveError if it is not notation,
    IllegalMoveError (with the reason) if the position refuses it."""
    move = Move.parse(data)
    return find_move(state, move.rune, move.fate, move.frm, move.to)
