"""The small protocol every game engine meets, so records, the command line, the AI and the UI
serve both games through one interface.

A game is a module (each game's ``rules``, named by its facts: `common.facts`) with the
functions of `Game`,
generic in its state type ``S`` and its move type ``M`` (a whole turn). A *step* is one part
of a turn (in Overlords a whole move; in Prepollency a piece move or END): steps stay typed
``Any`` here, since Python 3.11 has no TypeVar defaults and ``Game[S, M]`` is what the other
layers write. States are immutable values;
``apply(state, move)`` returns a new state and a game is ``(initial state, list of moves)``.
Players are small ints (``players(state)``); outcomes carry one value per player so the same
search serves two, three and four players.

Errors, the python-chess way (both are `ValueError`s, so ``except ValueError`` catches both):
`InvalidMoveError` for text or data that is not a move at all (malformed notation) and
`IllegalMoveError` for a well-formed move the position refuses, whose ``str(err)`` is the
reason a player reads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

DRAW = "draw"  # how every drawn game ends
LEAVE_REASONS = ("resign", "forfeit")  # how a player leaves a game, in every game

S = TypeVar("S")  # a game's State
M = TypeVar("M")  # a game's move: one whole turn


class InvalidMoveError(ValueError):
    """Text or data that is not a move at all (malformed notation); the message says why."""


QUOTE_LIMIT = 40  # characters of a bad value an error message quotes


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """repr(value) for an error message, cut to about `limit` characters: text from a file or
    a bot is quoted, never copied whole."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class IllegalMoveError(ValueError):
    """A well-formed move the position refuses; ``str(err)`` is a reason a player can read."""


class GameOverError(IllegalMoveError):
    """A move, a step or a resignation asked of a finished game (the same error in every game);
    ``str(err)`` says so."""


def reasons(game: Game) -> tuple[str, ...]:
    """Every reason a game of this engine may end with: its own wins, a draw, a player
    leaving (`LEAVE_REASONS`)."""
    return (*game.WIN_REASONS, DRAW, *LEAVE_REASONS)


class Forfeit(Exception):
    """A player gives up its seat (an outside bot that failed); ``str(err)`` says why."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning player (None for a draw) and why (one of the game's
    `reasons`)."""

    winner: int | None
    reason: str

    def returns(self, players: tuple[int, ...]) -> tuple[float, ...]:
        """One value per player: 1 for the winner, -1 for the others, 0 for all in a draw."""
        if self.winner is None:
            return tuple(0.0 for _ in players)
        return tuple(1.0 if p == self.winner else -1.0 for p in players)


class Game(Protocol[S, M]):
    """What the shared layers need of an engine module (state S, move M)."""

    NAME: str  # the record's "game"
    MOVES_KEY: str  # "moves" or "turns": where a record lists them

    @property
    def WIN_REASONS(self) -> tuple[str, ...]:  # read-only: a module's fixed-size tuple fits
        """The reasons its games end with a win (its facts say them)."""

    def players(self, state: S) -> tuple[int, ...]:
        """Players still seated, in turn order (eliminated players included until the end)."""

    def to_move(self, state: S) -> int:
        """The player whose turn it is (the state's ``turn`` field in both engines)."""

    def outcome(self, state: S) -> Outcome | None:
        """The result, or None while the game goes on (the state's ``result`` field)."""

    def legal_moves(self, state: S) -> list[M]:
        """Every legal move (turn) in a stable order; empty once the game is over."""

    def apply(self, state: S, move: M) -> S:
        """The state after a legal move (raises IllegalMoveError for an illegal one)."""

    def legal_steps(self, state: S) -> list[Any]:
        """The single steps the player to move may take now, for step-by-step search and play.

        In Overlords a step is a whole move. In Prepollency a step is one piece move or the
        END step that closes the turn; a turn is its steps ending with END (implied after
        the second move), and ``apply(state, turn)`` equals applying its steps in order.
        """

    def apply_step(self, state: S, step: Any) -> S:
        """The state after one legal step (the same player may still be to move)."""

    def steps_to_move(self, steps: Sequence[Any]) -> M:
        """The move (whole turn) made of the steps that completed a turn, as `apply` takes it
        (Overlords: the one step; Prepollency: the Turn of the Move steps, END dropped)."""

    def parse_move(self, state: S, data: Any) -> M:
        """The move a record entry names (text or list): InvalidMoveError if it is malformed,
        IllegalMoveError if the position refuses it."""

    def move_data(self, move: M) -> Any:
        """A move as it is written in a record (a notation string, or a list of them)."""

    def random_move(self, state: S, rng: random.Random) -> M:
        """A move of the game's `random` player."""

    def player_label(self, player: int) -> Any:
        """How a player is written in a record: "white"/"black", or a seat number."""

    def player_from_label(self, label: Any) -> int:
        """Inverse of player_label (ValueError if it names no player)."""

    def new_state(self, rng: random.Random, players: int, first: int | None = None) -> S:
        """A fresh game for that many players (random board or setup drawn from rng)."""

    def perft(self, state: S, depth: int) -> int:
        """The number of legal move sequences of that length (RULES.md counting)."""

    def initial_state(self, record: dict) -> S:
        """The starting state a record describes; ValueError naming the first problem."""

    def record_header(self, state: S) -> dict:
        """The record keys that describe a starting state (features and setup, or seats)."""

    def resign(self, state: S, player: int, reason: str) -> S:
        """The state after a player resigns or forfeits (reason "resign" or "forfeit"); a
        seat leaves only between turns (ValueError in the middle of a turn)."""
