"""Two tiny games that meet the `Game` protocol, used only by the AI tests.

`TICTACTOE`: 3x3 noughts and crosses, two players, a step is a whole move.
`STEPNIM`: one pile; 2 to 4 players; a turn is one or two steps, each taking 1 or 2 stones,
closed by END after the first (implied after the second). Whoever takes the last stone wins.
With two players a turn takes 1 to 4, so the player to move loses exactly on multiples of 5.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from common.protocol import IllegalMoveError, InvalidMoveError, Outcome

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe:
    """Noughts and crosses; state = (cells tuple of 0/1/2, player to move 1/2, resigned or 0)."""

    NAME = "tictactoe"
    WIN_REASONS = ("overlord",)  # three in a row (written with a reason records know)
    MOVES_KEY = "moves"

    def new_state(self, rng: random.Random, players: int = 2, first: int | None = None) -> tuple:
        """The empty board, X (player 1) to move."""
        return ((0,) * 9, 1, 0)

    def players(self, state: tuple) -> tuple[int, ...]:
        """X and O."""
        return (1, 2)

    def to_move(self, state: tuple) -> int:
        """The player to move."""
        return state[1]

    def outcome(self, state: tuple) -> Outcome | None:
        """Three in a row wins; a full board draws."""
        cells, _, resigned = state
        if resigned:
            return Outcome(3 - resigned, "resign")
        for a, b, c in LINES:
            if cells[a] and cells[a] == cells[b] == cells[c]:
                return Outcome(cells[a], "overlord")
        return Outcome(None, "draw") if all(cells) else None

    def legal_moves(self, state: tuple) -> list[int]:
        """Empty cells."""
        if self.outcome(state) is not None:
            return []
        return [i for i, v in enumerate(state[0]) if not v]

    def apply(self, state: tuple, move: Any) -> tuple:
        """Mark a cell."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"cell {move!r} is not free")
        cells = list(state[0])
        cells[move] = state[1]
        return (tuple(cells), 3 - state[1], 0)

    legal_steps = legal_moves
    apply_step = apply

    def steps_to_move(self, steps: Sequence[int]) -> int:
        """A step is a whole move."""
        return steps[0]

    def parse_move(self, state: tuple, data: Any) -> int:
        """A cell number."""
        if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data < 9:
            raise InvalidMoveError(f"{data!r} is not a cell number")
        if data not in self.legal_moves(state):
            raise IllegalMoveError(f"{data!r} is not a free cell")
        return data

    def move_data(self, move: int) -> int:
        """The cell number."""
        return move

    def random_move(self, state: tuple, rng: random.Random) -> int:
        """Any free cell."""
        return rng.choice(self.legal_moves(state))

    def player_label(self, player: int) -> str:
        """x or o."""
        return "xo"[player - 1]

    def player_from_label(self, label: Any) -> int:
        """1 for x, 2 for o."""
        if label not in ("x", "o"):
            raise ValueError(f"no player {label!r}")
        return "xo".index(label) + 1

    def initial_state(self, record: dict) -> tuple:
        """Always the empty board."""
        return self.new_state(random.Random(0))

    def record_header(self, state: tuple) -> dict:
        """Nothing to describe."""
        return {}

    def resign(self, state: tuple, player: int, reason: str) -> tuple:
        """The other player wins."""
        return (state[0], state[1], player)

    def perft(self, state: tuple, depth: int) -> int:
        """Move sequences of that length."""
        if depth == 0:
            return 1
        return sum(self.perft(self.apply(state, m), depth - 1) for m in self.legal_moves(state))


END = "END"


class StepNim:
    """One pile; state = (pile, seats, index to move, steps taken this turn, out seats)."""

    NAME = "stepnim"
    WIN_REASONS = ("elimination",)  # the last token taken
    MOVES_KEY = "turns"

    def __init__(self, pile: int = 21) -> None:
        self.pile = pile

    def new_state(self, rng: random.Random, players: int = 2, first: int | None = None) -> tuple:
        """A full pile, seat 1 (or `first`) to move."""
        seats = tuple(range(1, players + 1))
        return (self.pile, seats, seats.index(first or 1), 0, frozenset())

    def players(self, state: tuple) -> tuple[int, ...]:
        """Seats 1..n."""
        return state[1]

    def to_move(self, state: tuple) -> int:
        """The seat to move."""
        return state[1][state[2]]

    def outcome(self, state: tuple) -> Outcome | None:
        """The taker of the last stone (the previous mover) wins; or the last seat left."""
        pile, seats, index, taken, out = state
        left = [s for s in seats if s not in out]
        if len(left) == 1:
            return Outcome(left[0], "forfeit")
        if pile == 0:
            return Outcome(self._last_mover(state), "elimination")
        return None

    def _last_mover(self, state: tuple) -> int:
        pile, seats, index, taken, out = state
        if taken:
            return seats[index]
        i = index
        while True:
            i = (i - 1) % len(seats)
            if seats[i] not in out:
                return seats[i]

    def legal_steps(self, state: tuple) -> list[Any]:
        """Take 1 or 2 (what the pile allows), or END after a first step."""
        if self.outcome(state) is not None:
            return []
        steps: list[Any] = [n for n in (1, 2) if n <= state[0]]
        return steps + [END] if state[3] else steps

    def apply_step(self, state: tuple, step: Any) -> tuple:
        """Take stones or close the turn."""
        if step not in self.legal_steps(state):
            raise IllegalMoveError(f"step {step!r} is not legal")
        pile, seats, index, taken, out = state
        if step == END:
            return self._next(state)
        after = (pile - step, seats, index, taken + 1, out)
        if after[0] == 0:
            return after
        return self._next(after) if taken + 1 == 2 else after

    def _next(self, state: tuple) -> tuple:
        pile, seats, index, taken, out = state
        i = index
        while True:
            i = (i + 1) % len(seats)
            if seats[i] not in out:
                return (pile, seats, i, 0, out)

    def legal_moves(self, state: tuple) -> list[tuple[int, ...]]:
        """Every turn: (1,), (2,), and the pairs."""
        turns: list[tuple[int, ...]] = []
        for a in self.legal_steps(state):
            after = self.apply_step(state, a)
            if after[0] == 0:
                turns.append((a,))
                continue
            turns.append((a,))
            turns += [(a, b) for b in self.legal_steps(after) if b != END]
        return turns

    def apply(self, state: tuple, move: Any) -> tuple:
        """Apply a whole turn."""
        if tuple(move) not in self.legal_moves(state):
            raise IllegalMoveError(f"turn {move!r} is not legal")
        for step in move:
            state = self.apply_step(state, step)
        return state if state[3] == 0 or state[0] == 0 else self._next(state)

    def parse_move(self, state: tuple, data: Any) -> tuple[int, ...]:
        """A list of takes."""
        if not isinstance(data, list):
            raise InvalidMoveError(f"{data!r} is not a list of takes")
        if tuple(data) not in self.legal_moves(state):
            raise IllegalMoveError(f"{data!r} is not a legal turn")
        return tuple(data)

    def move_data(self, move: tuple[int, ...]) -> list[int]:
        """The takes as a list."""
        return list(move)

    def random_move(self, state: tuple, rng: random.Random) -> tuple[int, ...]:
        """Any turn."""
        return rng.choice(self.legal_moves(state))

    def player_label(self, player: int) -> int:
        """The seat number."""
        return player

    def player_from_label(self, label: Any) -> int:
        """The seat number back."""
        if label not in (1, 2, 3, 4):
            raise ValueError(f"no seat {label!r}")
        return label

    def initial_state(self, record: dict) -> tuple:
        """A full pile for the record's seats."""
        return self.new_state(random.Random(0), len(record.get("seats", (1, 2))))

    def record_header(self, state: tuple) -> dict:
        """The seats."""
        return {"seats": list(state[1])}

    def resign(self, state: tuple, player: int, reason: str) -> tuple:
        """The seat leaves the game."""
        pile, seats, index, taken, out = state
        state = (pile, seats, index, taken, out | {player})
        return self._next(state) if seats[index] == player else state

    def perft(self, state: tuple, depth: int) -> int:
        """Turn sequences of that length."""
        if depth == 0:
            return 1
        return sum(self.perft(self.apply(state, t), depth - 1) for t in self.legal_moves(state))

    @staticmethod
    def steps_to_move(steps: Sequence[Any]) -> tuple[int, ...]:
        """The turn made of the steps that completed it (END dropped)."""
        return tuple(s for s in steps if s != END)


TICTACTOE = TicTacToe()
STEPNIM = StepNim()
