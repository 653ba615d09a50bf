"""One Overlords game as the app holds it: initial state, moves, redo list, seats, record.

Plain Python (no pygame). A game is (initial state, list of moves): the undo stack, the move
log, the review positions and the saved record all come from that list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from common import record as rec
from common.seats import bot_name
from common.ui.bots import command_of, is_bot
from overlords import rules


@dataclass
class Session:
    """A game in progress: seats ("human", a CPU level or "cmd:PROGRAM ARGS" for an outside
    bot), board seed, moves and redo list."""

    initial: rules.State
    specs: tuple[str, str]
    seed: int
    moves: list[rules.Move] = field(default_factory=list)
    redo_moves: list[rules.Move] = field(default_factory=list)
    states: list[rules.State] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [self.initial]
            for move in self.moves:
                self.states.append(rules.apply(self.states[-1], move))

    @property
    def state(self) -> rules.State:
        """The current position."""
        return self.states[-1]

    @property
    def over(self) -> bool:
        """True once the game has a result."""
        return self.state.result is not None

    def human(self, side: int) -> bool:
        """True if a person plays this side."""
        return self.specs[side] == "human"

    @property
    def humans(self) -> int:
        """How many sides people play."""
        return sum(1 for s in self.specs if s == "human")

    def label(self, side: int) -> str:
        """"White" / "Black", and who plays it: "Black (CPU, easy)", "White (you)",
        "Black (bot random_bot.py)"."""
        name = rules.SIDE_NAMES[side].title()
        if self.human(side):
            return f"{name} (you)" if self.humans == 1 else name
        return f"{name} ({self.player(side)})"

    def player(self, side: int) -> str:
        """Who plays a side that is not a person's: "CPU, easy" or "bot random_bot.py"."""
        spec = self.specs[side]
        return f"bot {bot_name(command_of(spec))}" if is_bot(spec) else f"CPU, {spec}"

    def play(self, move: rules.Move) -> rules.State:
        """Play a legal move (IllegalMoveError otherwise); clears the redo list."""
        after = rules.apply(self.state, move)
        self.moves.append(rules.Move(move))
        self.states.append(after)
        self.redo_moves.clear()
        return after

    @property
    def resigned(self) -> bool:
        """True once a side resigned (or forfeited): that cannot be taken back."""
        result = self.state.result
        return result is not None and result.reason in ("resign", "forfeit")

    def resign(self, side: int, reason: str = "resign") -> rules.State:
        """End the game with `side` resigning, or forfeiting (reason "forfeit": its bot
        failed), through the engine's `resign`; the final position keeps its moves, so the
        record, review and log stay as they were."""
        after = rules.resign(self.state, side, reason)
        self.states[-1] = after
        self.redo_moves.clear()
        return after

    def can_undo(self) -> bool:
        """True if undo would bring back a position where a person is to move (never after
        a resignation, as on lichess)."""
        if self.resigned:
            return False
        return any(self.human(s.turn) for s in self.states[:-1])

    def undo(self) -> int:
        """Take back moves to the previous turn of a person; returns how many went back."""
        if not self.can_undo():
            return 0
        count = 0
        while self.moves:
            self.redo_moves.append(self.moves.pop())
            self.states.pop()
            count += 1
            if self.human(self.state.turn):
                break
        return count

    def can_redo(self) -> bool:
        """True if undone moves can be played again."""
        return bool(self.redo_moves) and not self.resigned

    def redo(self) -> int:
        """Replay undone moves up to the next turn of a person; returns how many."""
        count = 0
        while self.redo_moves:
            move = self.redo_moves.pop()
            self.moves.append(move)
            self.states.append(rules.apply(self.state, move))
            count += 1
            if self.human(self.state.turn) or self.over:
                break
        return count

    def record(self, **extra: Any) -> dict:
        """The game as a record (shared/RULES.md "Game records")."""
        players = {rules.player_label(s): self.specs[s] for s in (rules.WHITE, rules.BLACK)}
        return rec.build(rules, self.initial, self.moves, self.state, players=players,
                         seed=self.seed, **extra)


def turn_rows(moves: list[rules.Move]) -> list[tuple[int, str, str | None]]:
    """The move log as numbered rows: (number, White's move, Black's move or None)."""
    rows = []
    for i in range(0, len(moves), 2):
        black = str(moves[i + 1]) if i + 1 < len(moves) else None
        rows.append((i // 2 + 1, str(moves[i]), black))
    return rows


def describe(move: rules.Move, before: rules.State) -> str:
    """A move in plain words: "White's Dragon f1 to c4, captures a Hero"."""
    side = rules.SIDE_NAMES[before.turn].title()
    fate = rules.TYPE_NAMES[move.fate]
    if move.is_discard:
        return f"{side} discards Rune {move.rune} and a {fate} Fate"
    if move.is_recruit:
        return f"{side} recruits a {fate} on {rules.GRID.name(move.to)}"
    victim = before.figure(move.to)
    how = rules.RUNE_NAMES[move.rune]
    text = (f"{side}'s {fate} {rules.GRID.name(move.frm)} to {rules.GRID.name(move.to)} "
            f"({how})")
    if victim is not None:
        name = rules.TYPE_NAMES[victim[1]]
        text += f", takes {'an' if victim[1] == rules.OVERLORD else 'a'} {name}"
    return text


def result_text(outcome: Any, session: Session) -> tuple[str, str]:
    """The game-over title and reason in words."""
    reason = {
        "overlord": "{loser}'s Overlord was captured.",
        "sources": "{winner} holds all nine Sources.",
        "draw": "100 turns passed without a capture, a recruit or a new flag.",
        "resign": "{loser} resigned.",
        "forfeit": "{loser} forfeited.",
    }.get(outcome.reason, outcome.reason)
    if outcome.winner is None:
        return "Draw", reason
    winner = rules.SIDE_NAMES[outcome.winner].title()
    loser = rules.SIDE_NAMES[1 - outcome.winner].title()
    if session.humans == 1:
        title = "You win!" if session.human(outcome.winner) else f"{winner} wins"
    else:
        title = f"{winner} wins"
    return title, reason.format(winner=winner, loser=loser)
