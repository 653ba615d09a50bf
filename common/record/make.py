"""Making a record of a game: its start, its moves, the seats that left it while it went
on (`withdraw` notes them), its result; and the record as the text and bytes of its file.
No pygame.
"""

from __future__ import annotations

import json
from typing import Any

from common.protocol import Game
from common.record.format import VERSION, WITHDRAWN_KEY, Withdrawal


def withdraw(game: Game, state: Any, player: int, reason: str, moves: list[Any],
             withdrawn: list[Withdrawal]) -> Any:
    """``game.resign(state, player, reason)`` after `moves`; when the game goes on (more than
    two players), also appends the `Withdrawal` to `withdrawn` for `build`. ValueError as
    ``game.resign``."""
    after = game.resign(state, player, reason)
    if game.outcome(after) is None:
        withdrawn.append(Withdrawal(player, len(moves), reason))
    return after


def build(game: Game, initial: Any, moves: list[Any], final: Any,
          withdrawn: tuple[Withdrawal, ...] | list[Withdrawal] = (), **extra: Any) -> dict:
    """A record of a game: its start, its moves, the seats that left it while it went on (see
    `withdraw`), and the result of its final state."""
    outcome = game.outcome(final)
    result = None
    if outcome is not None:
        winner = None if outcome.winner is None else game.player_label(outcome.winner)
        result = {"winner": winner, "reason": outcome.reason}
    left = {}
    if withdrawn:
        left[WITHDRAWN_KEY] = [{"seat": game.player_label(w.player), "after": w.after,
                                "reason": w.reason} for w in withdrawn]
    return {
        "game": game.NAME,
        "version": VERSION,
        **game.record_header(initial),
        game.MOVES_KEY: [game.move_data(m) for m in moves],
        **left,
        "result": result,
        **extra,
    }


def dumps(record: dict) -> str:
    """A record as JSON text: one key a line, each move list on one line."""
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in record.items())
    return "{\n" + lines + "\n}\n"


def encode(record: dict) -> bytes:
    """A record as the bytes of its file (`dumps`, UTF-8)."""
    return dumps(record).encode("utf-8")
