"""Overlords starting positions: random feature boards, back-row setups, and the record keys
("features", "setup") that describe them, with a clear error for every malformed record.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from common.i18n import _
from common.protocol import quoted
from overlords import names
from overlords.state import (
    ALL_RUNES,
    BLACK,
    FATE_STONES,
    FEATURE_NAMES,
    FULL_SET,
    GRID,
    NO_FEATURE,
    SIDE_NAMES,
    TYPE_LETTERS,
    WHITE,
    Board,
    State,
    piece_code,
)

Features = dict[str, list[int]]
Setup = dict[int, dict[int, int]]
SETUP_TYPES = (0, 2, 1, 3)  # O, D, W, H: the four figures each side sets up


def back_row(side: int) -> range:
    """Squares of a side's back row (rank 1 for White, rank 8 for Black)."""
    return range(0, 8) if side == WHITE else range(56, 64)


def random_features(rng: random.Random) -> Features:
    """Place 3 of each feature by rolling a file and a rank (2D8), rerolling taken squares and
    the back rows (ruling: back rows stay free for setup)."""
    taken: set[int] = set()
    out: Features = {}
    for name in FEATURE_NAMES:
        out[name] = []
        for _count in range(3):
            while True:
                col, row = rng.randrange(8), rng.randrange(8)
                sq = row * 8 + col
                if sq not in taken and 0 < row < 7:
                    break
            taken.add(sq)
            out[name].append(sq)
    return out


def board_for(seed: int) -> Features:
    """The features of a seed's board (the new-game dialog's "Board seed")."""
    return random_features(random.Random(seed))


def default_setup() -> Setup:
    """The usual setup: Hero c, Wizard d, Overlord e, Dragon f on each back row."""
    return {side: {0: base + 4, 2: base + 5, 1: base + 3, 3: base + 2}
            for side, base in ((WHITE, 0), (BLACK, 56))}


def random_setup(rng: random.Random) -> Setup:
    """Each side's four figures on four random squares of its back row."""
    out: Setup = {}
    for side in (WHITE, BLACK):
        squares = rng.sample(list(back_row(side)), 4)
        out[side] = dict(zip(SETUP_TYPES, squares, strict=True))
    return out


def make_state(features: Features, setup: Setup, first: int = WHITE) -> State:
    """The starting State for features and setups (ValueError naming the first problem)."""
    plane = np.full(64, NO_FEATURE, np.int8)
    for kind, name in enumerate(FEATURE_NAMES):
        squares = features.get(name)
        if squares is None or len(squares) != 3 or len(set(squares)) != 3:
            raise ValueError(_("features: {name} needs three different squares").format(
                name=name))
        for sq in squares:
            if not 8 <= sq < 56:
                raise ValueError(_("features: {name} on {square}: the back rows stay free").format(
                    name=name, square=GRID.name(sq)))
            if plane[sq] != NO_FEATURE:
                other = FEATURE_NAMES[plane[sq]]
                # Translators: {other} and {name} are the record's feature keys ("castle")
                raise ValueError(_("features: {square} holds both a {other} and a {name}").format(
                    square=GRID.name(sq), other=other, name=name))
            plane[sq] = kind
    board = np.zeros(64, np.int8)
    for side in (WHITE, BLACK):
        placed = setup.get(side, {})
        row = back_row(side)
        for kind in SETUP_TYPES:
            if kind not in placed:
                # Translators: {side} is the record's key ("white"), {figure} a figure's name
                raise ValueError(_("setup: {side} has no {figure}").format(
                    side=SIDE_NAMES[side], figure=names.figure(kind)))
            sq = placed[kind]
            if sq not in row:
                rank = 1 if side == WHITE else 8
                raise ValueError(_("setup: the {figure} of {side} must stand on rank {rank}, "
                                   "not {square}").format(figure=names.figure(kind),
                                                           side=SIDE_NAMES[side], rank=rank,
                                                           square=GRID.name(sq)))
            if board[sq]:
                raise ValueError(_("setup: two figures on {square}").format(
                    square=GRID.name(sq)))
            board[sq] = piece_code(side, kind)
    reserve = tuple(n - 1 for n in FULL_SET)
    control = np.full(64, -1, np.int8)
    board.flags.writeable = control.flags.writeable = False
    return State(Board(plane), board, control, (ALL_RUNES, ALL_RUNES),
                 (FATE_STONES, FATE_STONES), (reserve, reserve), first)


def new_state(rng: random.Random, players: int = 2, first: int | None = None) -> State:
    """A fresh game: a random board and random back-row setups drawn from rng."""
    if players != 2:
        raise ValueError(_("Overlords is a game for 2 players, not {players}").format(
            players=players))
    if first is not None:
        raise ValueError(_("in Overlords White always moves first (--first is for "
                           "Prepollency)"))
    return make_state(random_features(rng), random_setup(rng))


def state_from_record(record: dict) -> State:
    """The starting State a record's "features" and "setup" describe (ValueError if bad)."""
    features = _mapping(record, "features")
    parsed: Features = {}
    for name in FEATURE_NAMES:
        squares = features.get(name)
        if not isinstance(squares, list):
            raise ValueError(_('features: "{name}" must be a list of three squares').format(
                name=name))
        parsed[name] = [_square(f"features.{name}", s) for s in squares]
    setup_data = _mapping(record, "setup")
    setup: Setup = {}
    for side, label in enumerate(SIDE_NAMES):
        placed = setup_data.get(label)
        if not isinstance(placed, dict):
            raise ValueError(_('setup: "{label}" must be an object like {{"O": "e1", ...}}')
                             .format(label=label))
        setup[side] = {}
        for letter, where in placed.items():
            if len(letter) != 1 or letter not in TYPE_LETTERS:
                raise ValueError(_("setup.{label}: {letter} is not a figure (O, D, W, H)").format(
                    label=label, letter=quoted(letter)))
            setup[side][TYPE_LETTERS.index(letter)] = _square(f"setup.{label}.{letter}", where)
    return make_state(parsed, setup)


def features_of(state: State) -> Features:
    """The squares of each feature of a state's board, by feature name."""
    kinds = state.static.features.tolist()
    return {name: [sq for sq in range(64) if kinds[sq] == k]
            for k, name in enumerate(FEATURE_NAMES)}


def setup_of(state: State) -> Setup:
    """Where each side's four set-up figure types stand in a starting state ({side: {type:
    square}}, the first square of each type; a type not on the board is left out)."""
    cells = state.board.tolist()
    out: Setup = {}
    for side in (WHITE, BLACK):
        out[side] = {}
        for kind in SETUP_TYPES:
            piece = piece_code(side, kind)
            if piece in cells:
                out[side][kind] = cells.index(piece)
    return out


def record_header(state: State) -> dict:
    """The "features" and "setup" keys of a record for a starting state."""
    features = {name: [GRID.name(sq) for sq in squares]
                for name, squares in features_of(state).items()}
    setup = {SIDE_NAMES[side]: {TYPE_LETTERS[kind]: GRID.name(sq) for kind, sq in placed.items()}
             for side, placed in setup_of(state).items()}
    return {"features": features, "setup": setup}


def _mapping(record: dict, key: str) -> dict:
    value = record.get(key)
    if value is None:
        raise ValueError(_('missing "{key}"').format(key=key))
    if not isinstance(value, dict):
        raise ValueError(_('"{key}" must be an object').format(key=key))
    return value


def _square(where: str, text: Any) -> int:
    if not isinstance(text, str):
        raise ValueError(_("{where}: {text} is not a square name").format(where=where,
                                                                          text=quoted(text)))
    try:
        return GRID.index(text)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None
