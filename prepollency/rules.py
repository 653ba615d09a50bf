"""Prepollency rules engine (shared/RULES.md, "Prepollency"): the `Game` protocol as a module.

A turn is zero, one or two `Move`s by different pieces (`Turn`); the app and step-by-step
search play it one step at a time: `legal_steps` / `apply_step`, where a step is a `Move` or
`END`. The turn closes after the second move by itself, or with END. Closing a turn runs, in
this order: the Khan award, the hold counts, eliminations, the win checks, the draw check, and
passes the turn clockwise to the next seat still in the game. ``apply(state, turn)`` equals
``apply_step`` over the turn's steps (END implied when the turn did not close itself): both
go through one function, `_advance`, which copies the board once per call.

Rulings this engine had to pick where RULES.md is silent (the rules screen shows them, see
prepollency/rules_text.py):

1. Draw counter: a turn is *quiet* when it captures nothing, eliminates no one and ends with
   every hold count at 0. An elimination or a resignation resets the counter like a capture
   (pieces leave the board). The game is drawn when the counter reaches 50 x the number of
   players still in the game.
2. Eliminations are judged all at once on the board as the turn left it; the pieces of every
   eliminated seat then leave together (removing one seat's pieces does not save another).
3. When one turn both completes a hold (count 4) and leaves one player standing, the reason
   is "obelisk" (both can only happen to the player who just moved).
4. A seat with no pieces left but a base square not taken by others stays in the game: it
   can only hold the line.
5. The hold count of a player standing on all five Obelisk squares at the end of someone
   else's turn stays as it is (it grows only at the end of its own turns).
6. Only the player who ends its turn can receive a Khan (RULES.md: "at the end of its turn");
   one whose Khan was captured gets a new one at the end of its next turn on all five squares.
7. Resigning or forfeiting: with two players left, the other wins at once and the board stays
   as it is; with more, the seat is eliminated (its pieces leave, its turns are skipped, its
   hold count is 0, and the count of quiet turns restarts at 0, as after an elimination). A
   seat leaves only between turns (RULES.md, records): in the middle of a turn `resign`
   raises ValueError, and the caller (the Match) takes the half-made move back first. If the
   leaving seat was to move, the turn passes to the next seat without the end-of-turn steps.
8. ``legal_moves`` and ``apply`` also work in the middle of a turn: the "turns" there are the
   ways to finish it ([] ends it now, [m] makes the second move).
9. ``players(state)`` lists every seat of the game, eliminated ones included (the turn order
   skips them); a record needs "first", and lists "seats" in any order (written sorted).
10. A refusal names the first problem in this order: no piece, not yours, already moved,
    not how that piece moves, blocked on the way, own piece on the target.
11. Records: a seat that resigns or forfeits while the game goes on (ruling 7: three or more
    seats were still in) is listed in the record's "withdrawn" key, e.g. {"seat": 2, "after": 17,
    "reason": "forfeit"}: "after" is how many turns were played before it left, and a replay
    eliminates it right there, before the next turn. One that ends the game is only the
    "result". It leaves between whole turns (ruling 7), so a record never holds a half turn.
12. Three players (a variant of RULES.md): seats 1, 2 and 3 play; the o1 corner starts empty
    and its four squares are ordinary ground (no one is eliminated there). Everything else is
    the 4-player game: a round is three turns, so the draw comes after 150 quiet turns.

Orders: `legal_moves` sorts turns as tuples of (from, to) square indices ([] first, a
one-move turn before its two-move extensions); `legal_steps` puts END first, then the moves
sorted by (from, to). The random player draws from the generator's order (pieces by square,
then fixed directions, nearest first), which depends only on the state.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from common.protocol import IllegalMoveError, InvalidMoveError, Outcome, quoted
from prepollency.moves import (
    CELLS,
    END,
    GRID,
    KHAN,
    MOVES,
    Move,
    Step,
    Turn,
    gen_moves,
    refusal,
)
from prepollency.state import (
    ALL_SEATS,
    BASES,
    KIND,
    OBELISK,
    OWNER,
    State,
    has_khan,
    make_state,
    seats_for,
    seats_from_record,
    start_board,
)

NAME = "prepollency"
MOVES_KEY = "turns"
HOLD_TO_WIN = 4  # a hold count of 4: the Obelisk kept through three full rounds
DRAW_ROUNDS = 50
END_REASONS = ("resign", "forfeit")

__all__ = [
    "DRAW_ROUNDS", "END", "HOLD_TO_WIN", "MOVES_KEY", "NAME", "Move", "State", "Step", "Turn",
    "apply", "apply_step", "find_step", "initial_state", "legal_moves", "legal_steps",
    "move_data", "new_state", "outcome", "parse_move", "perft", "piece_moves",
    "player_from_label", "player_label", "players", "random_move", "random_turn",
    "record_header", "resign", "steps_to_move", "to_move",
]


# --- the protocol: who, what, result -------------------------------------------------------

def players(state: State) -> tuple[int, ...]:
    """The seats of the game, clockwise (eliminated seats included)."""
    return state.seats


def to_move(state: State) -> int:
    """The seat whose turn it is (`State.turn`)."""
    return state.turn


def outcome(state: State) -> Outcome | None:
    """The result, or None while the game goes on (`State.result`)."""
    return state.result


def player_label(player: int) -> int:
    """A seat is written as its number in records."""
    return player


def player_from_label(label: Any) -> int:
    """The seat a record label names (ValueError if it is not 1 to 4: a whole number, never
    3.0 or true, which equal 3 and 1 in Python but are not seats in a record)."""
    if type(label) is not int or label not in ALL_SEATS:
        raise ValueError(f"{quoted(label)} is not a seat (1 to 4)")
    return int(label)


# --- starting states and records -------------------------------------------------------------

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


# --- single steps -----------------------------------------------------------------------------

def _planes(state: State) -> tuple[list[int], list[int]]:
    """The owners and kinds as lists: the generator always reads lists (also when it then
    changes them for second moves), so its indexing stays specialised for one type; reading
    tuples at some calls and lists at others made the playouts 20% slower."""
    return list(state.owners), list(state.kinds)


def _single_moves(state: State, owners: list[int], kinds: list[int]) -> list[Move]:
    out: list[Move] = []
    me = state.turn
    gen_moves(owners, kinds, me, state.pieces[me], state.moved, out)
    return out


def legal_steps(state: State) -> list[Step]:
    """END, then every single move the player to move may make now (sorted)."""
    if state.result is not None:
        return []
    moves = _single_moves(state, *_planes(state))
    moves.sort()
    return [END, *moves]


def piece_moves(state: State, square: int | str) -> list[Move]:
    """The legal single moves of the piece on that square now (sorted; [] if it may not move)."""
    s = _square(square)
    me = state.turn
    if state.result is not None or state.owners[s] != me or s == state.moved:
        return []
    out: list[Move] = []
    gen_moves(*_planes(state), me, (s,), -1, out)
    out.sort()
    return out


def find_step(state: State, frm: int | str, to: int | str) -> Move:
    """The move frm-to (squares as indices or names): IllegalMoveError with the exact reason
    if the position refuses it, InvalidMoveError if a square is no square."""
    if state.result is not None:
        raise IllegalMoveError("The game is over")
    f, t = _square(frm), _square(to)
    why = refusal(*_planes(state), state.turn, state.moved, f, t)
    if why is not None:
        raise IllegalMoveError(why)
    return MOVES[f][t]  # type: ignore[return-value]


def _square(square: int | str) -> int:
    if isinstance(square, str):
        try:
            return GRID.index(square)
        except ValueError as err:
            raise InvalidMoveError(str(err)) from None
    try:
        index = operator.index(square)
    except TypeError:
        index = -1
    if isinstance(square, bool) or not 0 <= index < CELLS:
        raise InvalidMoveError(f"{quoted(square)} is not a square")
    return index


def apply_step(state: State, step: Step | str) -> State:
    """The state after one legal step: a move (the turn closes after the second) or END."""
    if step is END:
        return _advance(state, (), True)
    return _advance(state, (step,), False)


def _as_move(step: Any) -> Move:
    if isinstance(step, Move):
        if 0 <= step.frm < CELLS and 0 <= step.to < CELLS:
            return step
        raise InvalidMoveError(f"{tuple(step)} is not a move between two squares")
    if isinstance(step, str):
        return Move.parse(step)
    raise InvalidMoveError(f"{quoted(step)} is not a move (a Move, or a string like c3-e5)")


def _advance(state: State, moves: Any, end: bool) -> State:
    """The one path that changes a position: make `moves` (each checked) on one copy of the
    board, then close the turn if `end` is set or the turn's second move was made."""
    if state.result is not None:
        raise IllegalMoveError("The game is over")
    me, moved, captured = state.turn, state.moved, state.captured
    owners, kinds, pieces = state.owners, state.kinds, state.pieces
    board = None
    made = 0 if moved == -1 else 1
    for step in moves:
        if made == 2:
            raise IllegalMoveError("A turn has at most two moves")
        f, t = _as_move(step)
        if board is None:  # copies before the check: refusal, like gen_moves, reads lists
            board = state.board.copy()
            owners, kinds, pieces = list(owners), list(kinds), list(pieces)
        why = refusal(owners, kinds, me, moved, f, t)
        if why is not None:
            raise IllegalMoveError(why)
        victim, kind = owners[t], kinds[f]
        board[OWNER, t] = owners[t] = me
        board[KIND, t] = kinds[t] = kind
        board[OWNER, f] = board[KIND, f] = owners[f] = kinds[f] = 0
        mine = list(pieces[me])
        mine[mine.index(f)] = t
        mine.sort()
        pieces[me] = tuple(mine)
        if victim:
            captured = True
            theirs = list(pieces[victim])
            theirs.remove(t)
            pieces[victim] = tuple(theirs)
        made += 1
        moved = t
    if board is None:  # END before any move: share the board until something changes
        return _close_turn(state, state.board, owners, kinds, list(pieces), captured, False)
    if end or made == 2:
        return _close_turn(state, board, owners, kinds, pieces, captured, True)
    board.flags.writeable = False
    return State(board, tuple(owners), tuple(kinds), tuple(pieces), state.seats, state.alive,
                 me, state.holds, state.quiet, moved, captured)


def _close_turn(state: State, board: np.ndarray, owners: Any, kinds: Any,
                pieces: list[tuple[int, ...]], captured: bool, fresh: bool) -> State:
    """End of the turn: Khan, holds, eliminations, win, draw, next seat. If `fresh`, the
    board and the owners and kinds lists are this turn's own copies, changed in place;
    otherwise they are the state's (tuples), copied before a change."""
    me = state.turn
    o1, o2, o3, o4, o5 = OBELISK
    holder = owners[o1]
    if not (holder and owners[o2] == holder and owners[o3] == holder and owners[o4] == holder
            and owners[o5] == holder):
        holder = 0
    # 1. Khan award: all five Obelisk squares, no Khan on the board, a free base square.
    if holder == me and not has_khan(state, me):  # moving never makes or takes own Khans
        for s in BASES[me]:
            if not owners[s]:
                if not fresh:
                    board, owners, kinds, fresh = board.copy(), list(owners), list(kinds), True
                board[OWNER, s] = owners[s] = me
                board[KIND, s] = kinds[s] = KHAN
                pieces[me] = tuple(sorted((*pieces[me], s)))
                break
    # 2. Hold counts: the mover's grows, a standing holder's stays, everyone else's is 0.
    holds = _NO_HOLDS
    if holder:
        holds = [0, 0, 0, 0, 0]
        holds[holder] = state.holds[holder] + 1 if holder == me else state.holds[holder]
    # 3. Eliminations, all judged on the board as the turn left it.
    alive = state.alive
    out = []
    for seat in alive:
        b1, b2, b3, b4 = BASES[seat]
        p1, p2, p3, p4 = owners[b1], owners[b2], owners[b3], owners[b4]
        if p1 and p2 and p3 and p4 and seat != p1 and seat != p2 and seat != p3 and seat != p4:
            out.append(seat)
    if out and not fresh:
        board, owners, kinds, fresh = board.copy(), list(owners), list(kinds), True
    for seat in out:
        for s in pieces[seat]:
            owners[s] = kinds[s] = 0
        board[:, list(pieces[seat])] = 0
        pieces[seat] = ()
        if holds[seat]:
            holds[seat] = 0
    if out:
        alive = tuple(seat for seat in alive if seat not in out)
    # 4. Wins, 5. the draw.
    result = None
    if holds[me] >= HOLD_TO_WIN:
        result = Outcome(me, "obelisk")
    elif len(alive) == 1:
        result = Outcome(alive[0], "elimination")
    quiet = 0 if captured or out or any(holds) else state.quiet + 1
    if result is None and quiet >= DRAW_ROUNDS * len(alive):
        result = Outcome(None, "draw")
    board.flags.writeable = False
    if fresh:
        owners, kinds = tuple(owners), tuple(kinds)
    return State(board, owners, kinds, tuple(pieces), state.seats, alive,
                 _next_seat(alive, me), tuple(holds), quiet, -1, False, result)


_NO_HOLDS = (0, 0, 0, 0, 0)


def _next_seat(alive: tuple[int, ...], seat: int) -> int:
    """The next seat clockwise after `seat` that is still in the game."""
    for i in range(1, 5):
        nxt = (seat + i - 1) % 4 + 1
        if nxt in alive:
            return nxt
    return seat


# --- whole turns ------------------------------------------------------------------------------

def _second_moves(owners: list[int], kinds: list[int], me: int, squares: tuple[int, ...],
                  first: Move) -> list[Move]:
    """The moves after `first` by another piece, on lists (copies of the state's tuples)
    changed in place and restored."""
    f, t = first
    old_owner, old_kind = owners[t], kinds[t]
    owners[t], kinds[t], owners[f], kinds[f] = me, kinds[f], 0, 0
    out: list[Move] = []
    gen_moves(owners, kinds, me, squares, t, out)
    owners[f], kinds[f], owners[t], kinds[t] = me, kinds[t], old_owner, old_kind
    return out


def legal_moves(state: State) -> list[Turn]:
    """Every distinct legal turn, sorted ([] first); mid-turn, the ways to finish the turn."""
    if state.result is not None:
        return []
    owners, kinds = _planes(state)
    first = _single_moves(state, owners, kinds)
    first.sort()
    turns = [Turn()]
    if state.moved != -1:
        return turns + [Turn((m,)) for m in first]
    me, squares = state.turn, state.pieces[state.turn]
    for m1 in first:
        turns.append(Turn((m1,)))
        second = _second_moves(owners, kinds, me, squares, m1)
        second.sort()
        turns += [Turn((m1, m2)) for m2 in second]
    return turns


def apply(state: State, turn: Turn | list) -> State:
    """The state after a whole legal turn: its moves, then END unless the turn closed itself."""
    if isinstance(turn, str) or not isinstance(turn, list | tuple):
        raise InvalidMoveError('a turn is a list of moves like ["c3-e5", "h7-h8"], not '
                               f"{quoted(turn)}")
    return _advance(state, turn, True)


def parse_move(state: State, data: Any) -> Turn:
    """The turn a record entry names: InvalidMoveError if it is not a list of `from-to` moves,
    IllegalMoveError (naming the move and the reason) if the position refuses it."""
    turn = Turn.parse(data)
    if state.result is not None:
        raise IllegalMoveError("The game is over")
    me, moved = state.turn, state.moved
    if moved != -1 and len(turn) > 1:
        raise IllegalMoveError("This turn has one move left")
    owners, kinds = list(state.owners), list(state.kinds)
    for f, t in turn:
        why = refusal(owners, kinds, me, moved, f, t)
        if why is not None:
            raise IllegalMoveError(f"{GRID.names[f]}-{GRID.names[t]}: {why}")
        owners[t], kinds[t], owners[f], kinds[f] = me, kinds[f], 0, 0
        moved = t
    return turn


def steps_to_move(steps: Sequence[Step]) -> Turn:
    """The turn made of the steps that completed it: its moves in order, END dropped."""
    return Turn(step for step in steps if step is not END)


def move_data(move: Turn) -> list[str]:
    """A turn as a record writes it: a list of "from-to" strings."""
    return [str(m) for m in move]


def random_turn(state: State, rng: random.Random) -> tuple[Turn, int]:
    """The random player's turn and how many single moves it generated to choose it."""
    me = state.turn
    owners, kinds = _planes(state)
    first = _single_moves(state, owners, kinds)
    if not first:
        return Turn(), 0
    m1 = rng.choice(first)
    if state.moved != -1:
        return Turn((m1,)), len(first)
    second = _second_moves(owners, kinds, me, state.pieces[me], m1)
    if not second:
        return Turn((m1,)), len(first)
    return Turn((m1, rng.choice(second))), len(first) + len(second)


def random_move(state: State, rng: random.Random) -> Turn:
    """The `random` player: a random move, then one by another piece (fewer only when forced)."""
    return random_turn(state, rng)[0]


def perft(state: State, depth: int) -> int:
    """The number of legal turn sequences of that length (depth 1: distinct turns, [] too)."""
    if depth <= 0:
        return 1
    if state.result is not None:
        return 0
    if depth > 1:
        return sum(perft(apply(state, turn), depth - 1) for turn in legal_moves(state))
    owners, kinds = _planes(state)
    first = _single_moves(state, owners, kinds)
    if state.moved != -1:
        return 1 + len(first)
    me, squares = state.turn, state.pieces[state.turn]
    return 1 + len(first) + sum(len(_second_moves(owners, kinds, me, squares, m)) for m in first)


# --- leaving the game -------------------------------------------------------------------------

def resign(state: State, player: int, reason: str = "resign") -> State:
    """The state after a seat resigns or forfeits (ruling 7: the last two, or an elimination);
    only between turns: ValueError in the middle of one (take the half-made move back first)."""
    if reason not in END_REASONS:
        raise ValueError(f"reason must be resign or forfeit, not {reason!r}")
    if state.result is not None:
        raise ValueError("the game is already over")
    if player not in state.alive:
        raise ValueError(f"seat {player!r} is not in the game")
    if state.moved != -1:
        raise ValueError(f"seat {player} cannot leave in the middle of seat {state.turn}'s "
                         "turn: take back the half-made move first")
    alive = tuple(seat for seat in state.alive if seat != player)
    if len(alive) == 1:
        return state._replace(result=Outcome(alive[0], reason))
    owners, kinds, gone = list(state.owners), list(state.kinds), state.pieces[player]
    for s in gone:
        owners[s] = kinds[s] = 0
    board = state.board.copy()
    board[:, list(gone)] = 0
    board.flags.writeable = False
    pieces = tuple(() if seat == player else sq for seat, sq in enumerate(state.pieces))
    holds = tuple(0 if seat == player else h for seat, h in enumerate(state.holds))
    turn = _next_seat(alive, player) if state.turn == player else state.turn
    return State(board, tuple(owners), tuple(kinds), pieces, state.seats, alive, turn, holds, 0)
