"""Prepollency starting positions: the opening board of each seat layout, the seats of a game
of 2, 3 (the variant) or 4 players, and the record keys ("seats", "first") that describe a
start, with a clear error for every malformed record.
"""

from __future__ import annotations

import random

import numpy as np

from common.i18n import _, ngettext
from prepollency import names
from prepollency.moves import ARCHER, CAVALRY, CELLS, GRID, INFANTRY, json_words
from prepollency.state import ALL_SEATS, CORNER_CELL, KIND, OWNER, SEATS_FOR, State, make_state

START_RINGS = {2: ARCHER, 3: CAVALRY, 4: INFANTRY}  # distance from the corner -> kind


def start_board(seats: tuple[int, ...]) -> np.ndarray:
    """The starting position: Archers, Cavalry and Infantry ringed around each empty base."""
    board = np.zeros((2, CELLS), dtype=np.int8)
    for seat in seats:
        col, row = CORNER_CELL[seat]
        for s in range(CELLS):
            kind = START_RINGS.get(max(abs(GRID.col(s) - col), abs(GRID.row(s) - row)))
            if kind:
                board[OWNER, s], board[KIND, s] = seat, kind
    return board


def seats_for(players: int, first: int | None) -> tuple[tuple[int, ...], int]:
    """The seats of a game of that many players and its first seat (1 if None), or ValueError."""
    if type(players) is not int or players not in SEATS_FOR:  # never 3.0, never true
        raise ValueError(_("Prepollency is for 2, 3 (variant) or 4 players, not {players!r}"
                           ).format(players=players))
    seats = SEATS_FOR[players]
    if first is None:
        return seats, seats[0]
    if type(first) is not int or first not in seats:
        # Translators: {seats} is "1, 2 and 3" or "1 and 3"; {first} what was given instead
        text = (_("the first player must be one of the seats 1 to 4, not {first!r}")
                if players == 4 else
                _("the first player must be one of the seats {seats}, not {first!r}"))
        raise ValueError(text.format(seats=names.listed([str(s) for s in seats]), first=first))
    return seats, first


def seats_from_record(record: dict) -> tuple[int, int]:
    """Players and first seat from a record's "seats" and "first"; ValueError names the problem."""
    if "seats" not in record:
        raise ValueError(_('missing "seats"'))
    seats = record["seats"]
    _check_seats(seats)
    if "first" not in record:
        raise ValueError(_('missing "first"'))
    first = record["first"]
    if isinstance(first, bool) or not isinstance(first, int):
        raise ValueError(_('"first" must be a seat number, not {given}').format(
            given=json_words(first)))
    if first not in seats:
        raise ValueError(_('"first" is seat {first}, which is not in the game (seats {seats})'
                           ).format(first=first, seats=seats))
    return len(seats), first


def _check_seats(seats: object) -> None:
    """ValueError naming what is wrong with a record's "seats": the seat numbers, then the
    layouts of 2, 3 (the variant) and 4 players."""
    if not isinstance(seats, list):
        raise ValueError(_('"seats" must be a list of seat numbers, not {given}').format(
            given=json_words(seats)))
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(_('"seats" holds {given}, which is not a seat number').format(
                given=json_words(seat)))
    for seat in seats:
        if seat not in ALL_SEATS:
            raise ValueError(_('"seats" holds {seat}: seats are numbered 1 to 4').format(
                seat=seat))
        if seats.count(seat) > 1:
            raise ValueError(_('"seats" lists seat {seat} twice').format(seat=seat))
    if len(seats) not in SEATS_FOR:
        raise ValueError(ngettext(
            '"seats" lists {count} player: Prepollency is for 2 players (seats [1, 3]), 3 (the '
            'variant, seats [1, 2, 3]) or 4 (seats [1, 2, 3, 4])',
            '"seats" lists {count} players: Prepollency is for 2 players (seats [1, 3]), 3 (the '
            'variant, seats [1, 2, 3]) or 4 (seats [1, 2, 3, 4])', len(seats)).format(
                count=len(seats)))
    if tuple(sorted(seats)) != SEATS_FOR[len(seats)]:
        if len(seats) == 2:
            raise ValueError(_('"seats" is {seats}: 2 players sit on opposite corners, '
                               'seats [1, 3]').format(seats=seats))
        raise ValueError(_('"seats" is {seats}: 3 players (the variant) sit on seats '
                           '[1, 2, 3], the o1 corner stays empty').format(seats=seats))


def new_state(rng: random.Random, players: int, first: int | None = None) -> State:
    """A fresh game of 2 (seats 1 and 3), 3 (the variant: seats 1 to 3) or 4 players, `first`
    to move (the opening is fixed)."""
    seats, first = seats_for(players, first)
    return make_state(start_board(seats), seats, seats, first)


def initial_state(record: dict) -> State:
    """The starting state of a record's "seats" and "first"; ValueError naming the problem."""
    return new_state(random.Random(0), *seats_from_record(record))


def record_header(state: State) -> dict:
    """The record keys of a starting state: {"seats": [...], "first": seat}."""
    return {"seats": list(state.seats), "first": state.turn}
