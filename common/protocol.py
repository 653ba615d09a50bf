"""The small protocol every game engine meets, so records, the command line, the AI and the UI
serve both games through one interface.

A game is a module (``overlords.rules``, ``prepollency.rules``) with the functions of `Game`.
States are immutable values; ``apply(state, move)`` returns a new state and a game is
``(initial state, list of moves)``. Players are small ints (``players(state)``); outcomes carry
one value per player so the same search serves two and four players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

REASONS = ("overlord", "sources", "obelisk", "elimination", "draw", "resign", "forfeit")


class IllegalMoveError(ValueError):
    """A move the rules refuse; ``str(err)`` is a reason a player can read."""


class Forfeit(Exception):
    """A player gives up its seat (an outside bot that failed); ``str(err)`` says why."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning player (None for a draw) and why (one of REASONS)."""

    winner: int | None
    reason: str

    def returns(self, players: tuple[int, ...]) -> tuple[float, ...]:
        """One value per player: 1 for the winner, -1 for the others, 0 for all in a draw."""
        if self.winner is None:
            return tuple(0.0 for _ in players)
        return tuple(1.0 if p == self.winner else -1.0 for p in players)


class Game(Protocol):
    """What the shared layers need of an engine module."""

    NAME: str  # "overlords" or "prepollency": the record's "game"
    MOVES_KEY: str  # "moves" or "turns": where a record lists them

    def players(self, state: Any) -> tuple[int, ...]:
        """Players still seated, in turn order (eliminated players included until the end)."""

    def to_move(self, state: Any) -> int:
        """The player whose turn it is."""

    def outcome(self, state: Any) -> Outcome | None:
        """The result, or None while the game goes on."""

    def legal_moves(self, state: Any) -> list[Any]:
        """Every legal move (turn) in a stable order; empty once the game is over."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after a legal move (raises IllegalMoveError for an illegal one)."""

    def legal_steps(self, state: Any) -> list[Any]:
        """The single steps the player to move may take now, for step-by-step search and play.

        In Overlords a step is a whole move. In Prepollency a step is one piece move or the
        END step that closes the turn; a turn is its steps ending with END (implied after
        the second move), and ``apply(state, turn)`` equals applying its steps in order.
        """

    def apply_step(self, state: Any, step: Any) -> Any:
        """The state after one legal step (the same player may still be to move)."""

    def parse_move(self, state: Any, data: Any) -> Any:
        """The move a record entry names (text or list); IllegalMoveError if it is not legal."""

    def move_data(self, move: Any) -> Any:
        """A move as it is written in a record (a notation string, or a list of them)."""

    def random_move(self, state: Any, rng: random.Random) -> Any:
        """A move of the game's `random` player."""

    def player_label(self, player: int) -> Any:
        """How a player is written in a record: "white"/"black", or a seat number."""

    def player_from_label(self, label: Any) -> int:
        """Inverse of player_label (ValueError if it names no player)."""

    def new_state(self, rng: random.Random, players: int, first: int | None = None) -> Any:
        """A fresh game for that many players (random board or setup drawn from rng)."""

    def perft(self, state: Any, depth: int) -> int:
        """The number of legal move sequences of that length (RULES.md counting)."""

    def initial_state(self, record: dict) -> Any:
        """The starting state a record describes; ValueError naming the first problem."""

    def record_header(self, state: Any) -> dict:
        """The record keys that describe a starting state (features and setup, or seats)."""

    def resign(self, state: Any, player: int, reason: str) -> Any:
        """The state after a player resigns or forfeits (reason "resign" or "forfeit")."""
