"""The analysis' values: a verdict, an evaluation, an analysed turn, a whole analysis, what a
game's adapter provides, and the marks by loss (the module docstring of `common.analysis`
says how they are computed). No pygame, no search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from common.protocol import Game
from common.why import Reason

KEY = "analysis"  # the record key the analysis is kept under
FORMAT = 2  # of what is kept there (2: a marked turn's words are the reasons' sentence)
BANDS = ((0.30, "??"), (0.20, "?"), (0.10, "?!"))  # loss (two players' terms) -> mark
MARKS = (None, "?!", "?", "??")
MAX_TEXT = 400  # characters of a verdict or a better move's words read back from a file
NAMES = {"??": "blunder", "?": "mistake", "?!": "inaccuracy"}




@dataclass(frozen=True, slots=True)
class Verdict:
    """An exact verdict on a played move (from the game's tactics): its kind, the words, and
    the better move it proves (an engine move, or None)."""

    kind: str  # "missed_win", "forced_loss", "hands_win", "base_falls", "khan_lost"
    text: str  # "missed a forced win"
    better: Any = None
    why: str = ""  # the better move's words when the game has none of its own ("holds")
    mark: str = "??"  # what it earns at least (a lost Khan is a mistake, not a lost game)


class GameAdapter(Protocol):
    """What the analysis needs of one game beyond `common.protocol.Game` (the game package's
    ``analysis`` module, ``ADAPTER``)."""

    DEFAULT_NODES: int  # nodes searched per position by default
    SHARPNESS: float  # k of the value -> chance softmax

    def alive(self, state: Any) -> tuple[int, ...]:
        """The seats still in the game."""

    def proven(self, state: Any) -> Any | None:
        """A move with which the mover wins by force (exactly, by the game's tactics), or None."""

    def doomed(self, state: Any) -> int | None:
        """The player who wins by force against the mover whatever it plays (exactly), or
        None."""

    def verdict(self, state: Any, move: Any, best: Any) -> Verdict | None:
        """The exact verdict on the played `move` (`best`: the search's choice, tried first
        as the better move where any safe one will do), or None."""

    def explain(self, state: Any, move: Any) -> Reason:
        """Why the move is good or bad: the game's `GAME/why.py` `explain_move`."""

    def start_words(self, state: Any, seat: int, chance: float) -> str:
        """Why `seat` starts far behind in the game's first position, when that was its own
        choice (its setup), from the engine; "" when the start is no one's choice."""

    def squares(self, move: Any) -> list[tuple[int, int]]:
        """The move's (from, to) squares on the board (from -1: a figure from the reserve)."""

    def text(self, move: Any) -> str:
        """The move as the log writes it."""


def adapter_for(game: Game) -> GameAdapter:
    """The game's adapter (its ``analysis`` module, through the registry)."""
    from common.games import GAMES

    entry = GAMES.get(game.NAME)
    if entry is None or not entry.analysis_module:
        raise ValueError(f"no analysis for the game {game.NAME!r}")
    return entry.analysis


@dataclass(frozen=True, slots=True)
class Eval:
    """A position's evaluation: each player's chance to win, the best move found (None in a
    finished game), and whether the figures are proved (a result or a forced win)."""

    chances: dict[int, float]
    best: Any = None
    exact: bool = False


@dataclass(frozen=True)
class Turn:
    """One analysed turn (ply: the index into the record's moves)."""

    ply: int
    mover: int
    move: Any  # the engine's move
    before: dict[int, float]  # each player's chance before the turn
    chances: dict[int, float]  # ... after it (and after any seat that withdrew then)
    loss: float  # the mover's loss, in two players' terms (0: the best move found)
    mark: str | None
    verdict: Verdict | None
    better: Any  # the better move (engine move), or None
    better_words: str  # the played move against the better one, in words (`turn_words`), or ""
    arrows: tuple[tuple[int, int], ...]  # the better move's squares, for the board
    left: tuple[int, ...] = ()  # players that withdrew right after this turn

    def json(self, game: Game, adapter: GameAdapter) -> dict:
        """The turn as the command line's --json and the save write it."""
        label = game.player_label
        return {
            "ply": self.ply,
            "mover": label(self.mover),
            "move": game.move_data(self.move),
            "text": adapter.text(self.move),
            "before": {str(label(p)): round(c, 4) for p, c in self.before.items()},
            "chances": {str(label(p)): round(c, 4) for p, c in self.chances.items()},
            "loss": round(self.loss, 4),
            "mark": self.mark,
            "verdict": None if self.verdict is None else self.verdict.text,
            "verdict_kind": None if self.verdict is None else self.verdict.kind,
            "better": None if self.better is None else game.move_data(self.better),
            "better_words": self.better_words,
            "left": [label(p) for p in self.left],
        }


def mark_for(loss: float) -> str | None:
    """The mark a loss (two players' terms) earns, or None."""
    return next((mark for bound, mark in BANDS if loss >= bound), None)


def to_chances(values: Sequence[float], players: Sequence[int], alive: Sequence[int],
               k: float) -> dict[int, float]:
    """Values (one per player, -1..1) as chances to win: a softmax over the seats still in."""
    weights = {p: math.exp(k * max(-1.0, min(1.0, v)))
               for p, v in zip(players, values, strict=False) if p in alive}
    total = sum(weights.values()) or 1.0
    return {p: weights.get(p, 0.0) / total for p in players}


@dataclass(frozen=True)
class Analysis:
    """A whole game analysed: the chances at the start and each turn."""

    game: Game
    start: dict[int, float]
    turns: list[Turn]
    nodes: int
    seed: int
