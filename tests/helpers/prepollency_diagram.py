"""Prepollency positions for tests: whole-board diagrams from a few cells, and small helpers
to read squares, legal targets and refusals (diagram format: prepollency.state)."""

from __future__ import annotations

import pytest

from common.protocol import IllegalMoveError
from prepollency import rules
from prepollency.moves import KHAN

sq = rules.GRID.index


def cells(**placed: str) -> str:
    """A whole-board diagram with the given cells (h8="1A", ...) and every other square empty."""
    rows = []
    for rank in range(15, 0, -1):
        row = [placed.get(f"{f}{rank}", ".") for f in "abcdefghijklmno"]
        rows.append(f"{rank} " + " ".join(row))
    return "a b c d e f g h i j k l m n o\n" + "\n".join(rows)


def at(state, name: str) -> str:
    """The cell at a square as a diagram writes it ("1A", or "." for empty)."""
    s = sq(name)
    return f"{state.owners[s]}{'.ICAK'[state.kinds[s]]}" if state.owners[s] else "."


def targets(state, name: str) -> set[str]:
    """The squares the piece on `name` may move to now."""
    return {rules.GRID.name(m.to) for m in rules.piece_moves(state, name)}


def refused(state, frm: str, to: str) -> str:
    """The reason find_step gives for refusing frm-to."""
    with pytest.raises(IllegalMoveError) as err:
        rules.find_step(state, frm, to)
    return str(err.value)


def khans(state, seat: int) -> int:
    """How many Khans the seat has on the board."""
    return sum(state.kinds[s] == KHAN for s in state.pieces[seat])


def play(state, *turns: list[str]):
    """The state after the turns (each a list of "from-to")."""
    for turn in turns:
        state = rules.apply(state, rules.parse_move(state, turn))
    return state


# Both seats keep one far-away Infantry to shuffle with, so holding and waiting is easy.
FAR = {"e3": "1I", "k13": "3I"}
