"""Why a Prepollency move is refused, in words a player can read.

`refusal` is the checked mirror of `prepollency.movegen.gen_moves` (which alone decides
legality): it exists only to give the reason a player reads for a move the generator does not
make, and a property test (tests/test_prepollency_properties.py) holds it to
``refusal(...) is None`` exactly for the generated moves. `find_step` asks it about one move
of the position, `parse_move` about a record's turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from common.i18n import N_, _
from common.protocol import GameOverError, IllegalMoveError
from prepollency import names
from prepollency.movegen import PATHS, planes
from prepollency.moves import GRID, Move, Turn, line_move, square_index
from prepollency.state import State

HOW_THEY_MOVE = (
    "",
    N_("Infantry moves one square in any direction"),
    N_("Cavalry moves diagonally, up to 3 squares"),
    N_("An Archer moves along a file or rank, up to 3 squares"),
    N_("The Khan moves any distance along a file, rank or diagonal"),
)


def refusal(owners: Sequence[int], kinds: Sequence[int], me: int, moved: int, frm: int,
            to: int) -> str | None:
    """Why seat `me` may not move frm-to now (None if it may): the reason a player reads.

    A checked mirror of `gen_moves` (which alone decides legality): None exactly when
    `gen_moves` makes the move frm-to for the pieces of `me` except `moved`. It names the
    first problem in the order of ruling 10 of prepollency.rules."""
    owner = owners[frm]
    if not owner:
        return _("There is no piece on {square}").format(square=GRID.names[frm])
    if owner != me:
        return _("That is not your piece")
    if frm == moved:
        return _("That piece already moved this turn")
    kind = kinds[frm]
    path = PATHS[kind][frm].get(to)
    if path is None:
        return _(HOW_THEY_MOVE[kind])
    for b in path:
        if owners[b]:
            return _("Blocked by the {piece} on {square}").format(piece=names.piece(kinds[b]),
                                                                  square=GRID.names[b])
    if owners[to] == me:
        return _("You cannot capture your own piece")
    return None


def find_step(state: State, frm: int | str, to: int | str) -> Move:
    """The move frm-to (squares as indices or names): IllegalMoveError with the exact reason
    if the position refuses it, InvalidMoveError if a square is no square."""
    if state.result is not None:
        raise GameOverError(_("The game is over"))
    f, t = square_index(frm), square_index(to)
    why = refusal(*planes(state), state.turn, state.moved, f, t)
    if why is not None:
        raise IllegalMoveError(why)
    return line_move(f, t)  # refusal() found no fault: the squares share a line


def parse_move(state: State, data: Any) -> Turn:
    """The turn a record entry names: InvalidMoveError if it is not a list of `from-to` moves,
    IllegalMoveError (naming the move and the reason) if the position refuses it."""
    turn = Turn.parse(data)
    if state.result is not None:
        raise GameOverError(_("The game is over"))
    me, moved = state.turn, state.moved
    if moved != -1 and len(turn) > 1:
        raise IllegalMoveError(_("This turn has one move left"))
    owners, kinds = list(state.owners), list(state.kinds)
    for f, t in turn:
        why = refusal(owners, kinds, me, moved, f, t)
        if why is not None:
            # Translators: a refused move of a record: "e1-f2: That is not your piece"
            raise IllegalMoveError(_("{move}: {why}").format(
                move=f"{GRID.names[f]}-{GRID.names[t]}", why=why))
        owners[t], kinds[t], owners[f], kinds[f] = me, kinds[f], 0, 0
        moved = t
    return turn
