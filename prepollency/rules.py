"""Prepollency rules engine (docs/RULES.md, "Prepollency"): the `Game` protocol as a module.

A turn is zero, one or two `Move`s by different pieces (`Turn`); the app and step-by-step
search play it one step at a time: `legal_steps` / `apply_step`, where a step is a `Move` or
`END`. The turn closes after the second move by itself, or with END. Closing a turn runs, in
this order: the Khan award, the hold counts, eliminations, the win checks, the draw check, and
passes the turn clockwise to the next seat still in the game. ``apply(state, turn)`` equals
``apply_step`` over the turn's steps (END implied when the turn did not close itself): both
go through one function (`prepollency.apply`), which copies the board once per call.

This module holds no code of its own: it re-exports the engine's public names from the modules
that hold them (the function objects themselves, so a call through `rules` costs what a direct
call costs):

- `prepollency.state`: the board geometry (seats, bases, Obelisk), `State`, who plays, diagrams;
- `prepollency.moves`: the pieces, `Move`, `END`, `Turn` and their notation, turns in records;
- `prepollency.movegen`: legal move generation (`gen_moves`, `legal_steps`, `legal_moves`);
- `prepollency.apply`: applying steps and turns, the end of a turn, resigning, outcome, perft;
- `prepollency.reasons`: why a move is refused (`refusal`, `find_step`, `parse_move`);
- `prepollency.setup`: starting positions and the record keys that describe them;
- `prepollency.facts`: the name, where a record lists the turns, the reasons a game is won.

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

Orders: see `prepollency.movegen`.
"""

from __future__ import annotations

from common.protocol import (  # noqa: F401
    LEAVE_REASONS,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    Outcome,
    quoted,
)
from prepollency.apply import (  # noqa: F401
    DRAW_ROUNDS,
    HOLD_TO_WIN,
    apply,
    apply_step,
    next_seat,
    outcome,
    perft,
    resign,
)
from prepollency.facts import MOVES_KEY, NAME, WIN_REASONS  # noqa: F401
from prepollency.movegen import (  # noqa: F401
    PATHS,
    RAYS,
    gen_moves,
    legal_moves,
    legal_steps,
    piece_moves,
    random_move,
    random_turn,
)
from prepollency.moves import (  # noqa: F401
    CELLS,
    END,
    GRID,
    KHAN,
    MOVES,
    Move,
    Step,
    Turn,
    move_data,
    steps_to_move,
)
from prepollency.reasons import find_step, parse_move, refusal  # noqa: F401
from prepollency.setup import (  # noqa: F401
    initial_state,
    new_state,
    record_header,
    seats_for,
    seats_from_record,
    start_board,
)
from prepollency.state import (  # noqa: F401
    ALL_SEATS,
    BASES,
    KIND,
    OBELISK,
    OWNER,
    State,
    has_khan,
    make_state,
    player_from_label,
    player_label,
    players,
    to_move,
)

__all__ = [
    "DRAW_ROUNDS", "END", "HOLD_TO_WIN", "MOVES_KEY", "NAME", "Move", "State", "Step", "Turn",
    "apply", "apply_step", "find_step", "initial_state", "legal_moves", "legal_steps",
    "move_data", "new_state", "outcome", "parse_move", "perft", "piece_moves",
    "player_from_label", "player_label", "players", "random_move", "random_turn",
    "record_header", "resign", "steps_to_move", "to_move", "WIN_REASONS",
]
