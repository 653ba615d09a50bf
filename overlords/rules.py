"""The Overlords rules engine (shared/RULES.md, "Overlords"): the module every other layer uses.

It meets the `common.protocol.Game` protocol as a module. Legality is decided in one place,
`core.legal_codes`; `legal_moves`, `find_move`, `apply`, perft and the record validator all go
through it. Rulings from RULES.md that the code carries: back rows stay free of features;
captured figures never return to the reserve; pawns have no double step, en passant or
promotion; the game is drawn after 100 quiet turns; a discard may use any pair, forbidden
pairs included.

Readings where RULES.md is silent (a player's expectation, documented here):
- A recruit needs a Fate stone of the recruited type in hand, like any turn.
- A Dragon's slide passes over any number of Barriers in a row but stops at the first figure.
- In a record, a resignation or a forfeit is only a result; it adds no move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from common.protocol import IllegalMoveError, InvalidMoveError, Outcome, quoted  # noqa: F401
from overlords.core import (  # noqa: F401  (re-exported: the public names of the engine)
    ALL_RUNES,
    BARRIERS,
    BLACK,
    CAPTURES,
    CASTLE,
    DRAGON,
    DRAW_TURNS,
    FATE_STONES,
    FEATURE_NAMES,
    FORBIDDEN,
    FULL_SET,
    GRID,
    HERO,
    LAIR,
    MOUNTAIN,
    NO_FEATURE,
    OVERLORD,
    PIT,
    RECRUITS,
    RUNE_NAMES,
    SIDE_NAMES,
    SOURCE_OF,
    SOURCES,
    TOWER,
    TYPE_LETTERS,
    TYPE_NAMES,
    TYPE_PLURALS,
    WHITE,
    WIZARD,
    Move,
    State,
    apply_legal,
    cell_side,
    cell_type,
    decode_cell,
    is_board_move,
    is_discard,
    is_recruit,
    legal_codes,
    move_code,
    move_fate,
    move_from,
    move_rune,
    move_to,
    piece_code,
)
from overlords.reasons import (  # noqa: F401
    explain,
    find_move,
    pair_reason,
    stone_reason,
    stuck_reason,
)
from overlords.setup import (  # noqa: F401
    default_setup,
    make_state,
    new_state,
    random_features,
    random_setup,
    record_header,
)
from overlords.setup import state_from_record as initial_state  # noqa: F401

NAME = "overlords"
MOVES_KEY = "moves"


def players(state: State) -> tuple[int, ...]:
    """The two sides, White first."""
    return (WHITE, BLACK)


def to_move(state: State) -> int:
    """The side whose turn it is."""
    return state.turn


def outcome(state: State) -> Outcome | None:
    """The result, or None while the game goes on."""
    return state.result


class _Interned(dict):
    """Each packed move's `Move` value, made on first use and shared after (a `Move` is an
    immutable int, so sharing one is safe; making ~100 per position was a sixth of a
    playout's time)."""

    def __missing__(self, code: int) -> Move:
        move = self[code] = Move(code)
        return move


_MOVES = _Interned()


def legal_moves(state: State) -> list[Move]:
    """Every legal turn, sorted (by rune, fate, from, to); discards when no move exists.
    Generated once per state (`State.legal`); each call returns a new list."""
    legal = state.legal
    if legal is None:
        legal = state.legal = tuple(map(_MOVES.__getitem__, sorted(legal_codes(state))))
    return list(legal)


def moves_from(state: State, sq: int) -> list[Move]:
    """The legal moves of the figure on sq, sorted."""
    return [m for m in legal_moves(state) if move_from(m) == sq]


def must_discard(state: State) -> bool:
    """True when no stone pair allows a move, so the turn is a discard."""
    codes = legal_codes(state)
    return bool(codes) and is_discard(codes[0])


def apply(state: State, move: int) -> State:
    """The state after a legal turn; IllegalMoveError with the reason otherwise."""
    legal = state.legal  # the moves legal_moves listed, if it was asked: no second generation
    if move not in (legal_codes(state) if legal is None else legal):
        m = Move(move)
        find_move(state, m.rune, m.fate, m.frm, m.to)  # raises with the reason
    return apply_legal(state, move)


legal_steps = legal_moves
apply_step = apply


def parse_move(state: State, data: Any) -> Move:
    """The legal move a record entry names: InvalidMoveError if it is not notation,
    IllegalMoveError (with the reason) if the position refuses it."""
    move = Move.parse(data)
    return find_move(state, move.rune, move.fate, move.frm, move.to)


def steps_to_move(steps: Sequence[int]) -> Move:
    """The move made of the steps that completed a turn: a step is a whole move."""
    if len(steps) != 1:
        raise ValueError(f"an Overlords turn is one step, not {len(steps)}")
    return Move(steps[0])


def move_data(move: int) -> str:
    """A move as a record writes it: its notation."""
    return str(Move(move))


def random_move(state: State, rng: random.Random) -> Move:
    """The `random` player: uniform over the legal turns."""
    codes = legal_codes(state)
    if not codes:
        raise IllegalMoveError("The game is over")
    return Move(codes[rng.randrange(len(codes))])


def player_label(player: int) -> str:
    """"white" or "black"."""
    return SIDE_NAMES[player]


def player_from_label(label: Any) -> int:
    """The side a record names ("white" or "black")."""
    if label not in SIDE_NAMES:
        raise ValueError(f"{quoted(label)} is not a side (white or black)")
    return SIDE_NAMES.index(label)


def resign(state: State, player: int, reason: str = "resign") -> State:
    """The state after `player` resigns or forfeits: the other side wins."""
    if state.result is not None:
        raise IllegalMoveError("The game is over")
    return State(state.static, state.board, state.control, state.runes, state.fates,
                 state.reserve, state.turn, state.quiet, state.ply, Outcome(1 - player, reason))


def attackers(state: State, side: int) -> list[Move]:
    """The enemy's legal moves that capture `side`'s Overlord: what the enemy could play with
    its current unplayed stones if it were its turn now (from a copy of the state with the
    turn flipped when `side` is to move). Sorted; empty once the game is over."""
    if state.result is not None:
        return []
    enemy = 1 - side
    if state.turn != enemy:
        state = State(state.static, state.board, state.control, state.runes, state.fates,
                      state.reserve, enemy, state.quiet, state.ply)
    cells = state.board.tolist()
    overlord = piece_code(side, OVERLORD)
    return [Move(code) for code in sorted(legal_codes(state))
            if is_board_move(code) and cells[move_to(code)] == overlord]


def perft(state: State, depth: int) -> int:
    """The number of legal turn sequences of that length (distinct notation tokens)."""
    codes = legal_codes(state)
    if depth <= 1:
        return len(codes) if depth == 1 else 1
    return sum(perft(apply_legal(state, code), depth - 1) for code in codes)
