"""What threatens the Overlord of the side to move, worked out once per position.

Plain Python (no pygame). `Threats(state)` knows at once which enemy moves attack the Overlord
now (`rules.attackers`: the enemy's legal moves with its unplayed stones, as if it were its
turn). Which of the side's own moves leave the Overlord open to capture it then learns a slice
of time per frame (`step`), so the window never waits: one verdict per (from, to) pair, because
the enemy's answers depend only on where the figures stand after the move, not on the stones
that took them there. The screen marks from these verdicts: when the Overlord is safe now, a
red ! on the few targets that expose it; when it is attacked, a shield on the targets that
save it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from overlords import rules

Move = rules.Move
SHOWN_ATTACKERS = 2  # figures named in the status line; the rest are counted


def _key(move: Move) -> tuple[int | None, int | None]:
    return move.frm, move.to


def exposes(state: rules.State, move: Move) -> bool:
    """True if, after this legal move, the enemy has a move that captures the mover's Overlord
    (a move that ends the game exposes nothing)."""
    after = rules.apply_legal(state, move)
    return after.result is None and bool(rules.attackers(after, state.turn))


class Threats:
    """The attack on the side to move and the verdict on each of its moves (see module)."""

    def __init__(self, state: rules.State, legal: list[Move] | None = None) -> None:
        self.state = state
        self.side = state.turn
        self.attackers = rules.attackers(state, self.side)
        mine = (self.side, rules.OVERLORD)
        self.overlord = next((sq for sq in range(64) if state.figure(sq) == mine), None)
        self.exposed: dict[tuple[int | None, int | None], bool] = {}
        self._todo: dict[tuple[int | None, int | None], Move] = {}
        for move in rules.legal_moves(state) if legal is None else legal:
            if not move.is_discard:
                self._todo.setdefault(_key(move), move)
        self._soon: list[tuple[int | None, int | None]] = []

    @property
    def attacked(self) -> bool:
        """True if an enemy move could capture the Overlord now."""
        return bool(self.attackers)

    @property
    def done(self) -> bool:
        """True once every move has its verdict."""
        return not self._todo

    @property
    def attacker_squares(self) -> list[int]:
        """The squares of the attacking enemy figures, in the order of `attackers`."""
        return list(dict.fromkeys(m.frm for m in self.attackers))

    def first(self, moves: Iterable[Move]) -> None:
        """Judge these moves before the others (the targets on screen now)."""
        self._soon = [k for k in map(_key, moves) if k in self._todo][::-1]

    def step(self, budget: float = 0.006) -> None:
        """Judge moves for about `budget` seconds (at least one)."""
        start = time.perf_counter()
        while self._todo:
            key = None
            while self._soon and key is None:
                k = self._soon.pop()
                key = k if k in self._todo else None
            if key is None:
                key = next(iter(self._todo))
            self.exposed[key] = exposes(self.state, self._todo.pop(key))
            if time.perf_counter() - start >= budget:
                return

    def finish(self) -> None:
        """Judge every remaining move now (tests, and anything that cannot wait)."""
        self.step(float("inf"))

    def verdict(self, move: Move) -> bool | None:
        """True if the move leaves the Overlord open to capture; None while not yet known."""
        if move.is_discard:
            return self.attacked
        return self.exposed.get(_key(move))

    def saving(self) -> bool | None:
        """When attacked: True if some move makes the Overlord safe, False if none does,
        None while that is not known yet."""
        if any(not v for v in self.exposed.values()):
            return True
        return False if self.done else None

    def marks(self, targets: dict[int, list[Move]]) -> tuple[set[int], bool]:
        """The target squares to mark (the saving ones when attacked, else the exposing ones)
        and whether every target's verdict is known yet."""
        squares: set[int] = set()
        complete = True
        for sq, moves in targets.items():
            verdict = self.exposed.get(_key(moves[0]))
            if verdict is None:
                complete = False
            elif verdict != self.attacked:
                squares.add(sq)
        return squares, complete

    def attack_text(self) -> str:
        """"Your Overlord is attacked by the Dragon on b8 (Rune 3)." ("" when it is not)."""
        runes: dict[int, list[int]] = {}
        for move in self.attackers:
            runes.setdefault(move.frm, []).append(move.rune)
        parts = []
        for frm, numbers in list(runes.items())[:SHOWN_ATTACKERS]:
            kind = self.state.figure(frm)[1]
            digits = [str(r) for r in sorted(set(numbers))]
            which = digits[0] if len(digits) == 1 else f"{', '.join(digits[:-1])} or {digits[-1]}"
            parts.append(f"the {rules.TYPE_NAMES[kind]} on {rules.GRID.name(frm)} (Rune {which})")
        if not parts:
            return ""
        more = len(runes) - len(parts)
        who = f"{', '.join(parts)} and {more} more" if more else " and ".join(parts)
        return f"Your Overlord is attacked by {who}."
