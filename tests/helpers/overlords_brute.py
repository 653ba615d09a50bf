"""Plain minimax over `rules.legal_moves` for the tactics tests: what `overlords.tactics`
must agree with, written the slow and obvious way (no shortcut but early exits)."""

from __future__ import annotations

import random

from overlords import rules
from overlords.tactics import Danger


def _enders(state: rules.State) -> list[rules.Move]:
    """The legal moves that could end the game with a win: onto a figure or a Source."""
    sources = {sq for sq in range(64) if 0 <= state.features[sq] < rules.PIT}
    return [m for m in rules.legal_moves(state)
            if m.to is not None and (state.figure(m.to) is not None or m.to in sources)]


def winning(state: rules.State) -> list[rules.Move]:
    """The side to move's moves that end the game in its favour (only a move onto a figure
    or a Source can: the others are not even tried)."""
    me = state.turn
    out = []
    for move in _enders(state):
        after = rules.apply(state, move)
        if after.result is not None and after.result.winner == me:
            out.append(move)
    return out


def holds(state: rules.State, move: rules.Move) -> bool:
    """After `move` the enemy cannot win at once (or the move ended the game)."""
    after = rules.apply(state, move)
    return after.result is not None or not winning(after)


def danger(state: rules.State, move: rules.Move) -> Danger | None:
    """The definition of `tactics.danger`, by brute force."""
    after = rules.apply(state, move)
    if after.result is not None:
        return None
    wins = winning(after)
    if wins:
        return Danger(False, min(wins))
    for reply in rules.legal_moves(after):
        second = rules.apply(after, reply)
        if second.result is not None:
            continue
        if not any(holds(second, m) for m in rules.legal_moves(second)):
            return Danger(True, reply)
    return None


def forced_wins(state: rules.State) -> list[rules.Move]:
    """Every move that wins at once or after which no reply holds."""
    out = []
    for move in rules.legal_moves(state):
        after = rules.apply(state, move)
        if after.result is not None:
            if after.result.winner == state.turn:
                out.append(move)
            continue
        ends = set(_enders(after))  # replies that may end the game go first: it is quicker
        replies = sorted(rules.legal_moves(after), key=lambda r: r not in ends)
        if all(not holds(after, r) for r in replies):
            out.append(move)
    return out


def random_positions(seed: int, count: int, plies: tuple[int, int] = (4, 40),
                     attacked: bool = False) -> list[rules.State]:
    """Positions from random games (random boards and setups, random moves), unfinished;
    `attacked`: only positions whose side to move has its Overlord attacked."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = rules.new_state(rng)
        for _ in range(rng.randint(*plies)):
            if state.result is not None:
                break
            state = rules.apply(state, rules.random_move(state, rng))
        if state.result is None and (not attacked or rules.attackers(state, state.turn)):
            out.append(state)
    return out
