"""Game records (shared/RULES.md, "Game records"): load, validate by replaying, build and save.

A record is UTF-8 JSON: ``game``, ``version``, the game's starting keys, the list of moves
(``moves`` or ``turns``) and ``result``. Unknown keys are kept but ignored. Every problem gets
a `RecordError` whose message names the first thing wrong; nothing here raises anything else
for bad input. Saves are atomic: a temporary file in the same folder, then a rename.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common.protocol import REASONS, Game, IllegalMoveError, Outcome

VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not follow the rules; the message says why."""


@dataclass(frozen=True)
class Replay:
    """A record replayed: the starting state, the moves, every state after each, the result."""

    game: Game
    initial: Any
    moves: list[Any]
    states: list[Any]  # states[0] is initial, states[i] follows moves[i-1]
    record: dict

    @property
    def final(self) -> Any:
        """The state after the last move (with the result applied)."""
        return self.states[-1]


def load(path: str | os.PathLike) -> dict:
    """Read a record file as a dict (RecordError if it is missing, not UTF-8 or not JSON)."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise RecordError("file not found") from None
    except IsADirectoryError:
        raise RecordError("is a folder, not a record file") from None
    except PermissionError:
        raise RecordError("cannot be read (permission denied)") from None
    except UnicodeDecodeError as err:
        raise RecordError(f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise RecordError(f"cannot be read ({err.strerror})") from None
    return loads(text)


def loads(text: str) -> dict:
    """Parse a record from JSON text (RecordError if it is not a JSON object)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}"
        ) from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_kind(data)}")
    return data


def game_of(record: dict, games: dict[str, Game]) -> Game:
    """The engine a record is for (RecordError for an unknown game or version)."""
    name = record.get("game")
    if name is None:
        raise RecordError('missing "game"')
    if not isinstance(name, str) or name not in games:
        known = " or ".join(f'"{g}"' for g in games)
        raise RecordError(f'unknown game {json.dumps(name)} (expected {known})')
    version = record.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(f'unsupported version {json.dumps(version)} (expected {VERSION})')
    return games[name]


def replay(record: dict, games: dict[str, Game]) -> Replay:
    """Check a record against the rules by replaying it; RecordError names the first problem."""
    game = game_of(record, games)
    try:
        state = game.initial_state(record)
    except (ValueError, TypeError) as err:
        raise RecordError(str(err)) from None
    entries = record.get(game.MOVES_KEY)
    if entries is None:
        raise RecordError(f'missing "{game.MOVES_KEY}"')
    if not isinstance(entries, list):
        raise RecordError(f'"{game.MOVES_KEY}" must be a list, not {_kind(entries)}')
    moves, states = [], [state]
    for number, entry in enumerate(entries, 1):
        try:
            move = game.parse_move(state, entry)
            state = game.apply(state, move)
        except (IllegalMoveError, ValueError, TypeError) as err:
            raise RecordError(f"move {number} ({json.dumps(entry)}): {err}") from None
        moves.append(move)
        states.append(state)
    final = _check_result(game, state, record.get("result", _MISSING))
    if final is not state:
        states[-1] = final
    return Replay(game, states[0], moves, states, record)


_MISSING = object()


def _check_result(game: Game, state: Any, result: Any) -> Any:
    if result is _MISSING:
        raise RecordError('missing "result" (null for an unfinished game)')
    actual = game.outcome(state)
    if result is None:
        if actual is not None:
            raise RecordError(f"result is null, but the game is over: {_describe(game, actual)}")
        return state
    if not isinstance(result, dict):
        raise RecordError(f'"result" must be an object or null, not {_kind(result)}')
    reason = result.get("reason")
    if reason not in REASONS:
        raise RecordError(f'result reason {json.dumps(reason)} is not one of {", ".join(REASONS)}')
    if "winner" not in result:
        raise RecordError('result has no "winner" (null for a draw)')
    label = result["winner"]
    try:
        winner = None if label is None else game.player_from_label(label)
    except (ValueError, TypeError):
        raise RecordError(f"result winner {json.dumps(label)} is not a player") from None
    claimed = Outcome(winner, reason)
    if actual is None and reason in ("resign", "forfeit"):
        # The loser is the one other player whose leaving ends the game with this winner
        # (a 4-player game lists its eliminated seats too; the engine refuses those).
        ends = []
        for loser in game.players(state):
            if winner is not None and loser != winner:
                try:
                    after = game.resign(state, loser, reason)
                except ValueError:
                    continue
                if game.outcome(after) == claimed:
                    ends.append(after)
        if len(ends) != 1:
            raise RecordError(f"a {reason} needs exactly one winner and one loser")
        state = ends[0]
        actual = game.outcome(state)
    if actual != claimed:
        said = _describe(game, claimed)
        real = _describe(game, actual) if actual else "the game is not over"
        raise RecordError(f"wrong result: the record says {said}, but {real}")
    return state


def _describe(game: Game, outcome: Outcome) -> str:
    if outcome.winner is None:
        return f"a {outcome.reason}"
    return f"{game.player_label(outcome.winner)} wins by {outcome.reason}"


def build(game: Game, initial: Any, moves: list[Any], final: Any, **extra: Any) -> dict:
    """A record of a game: its start, its moves, and the result of its final state."""
    outcome = game.outcome(final)
    result = None
    if outcome is not None:
        winner = None if outcome.winner is None else game.player_label(outcome.winner)
        result = {"winner": winner, "reason": outcome.reason}
    return {
        "game": game.NAME,
        "version": VERSION,
        **game.record_header(initial),
        game.MOVES_KEY: [game.move_data(m) for m in moves],
        "result": result,
        **extra,
    }


def dumps(record: dict) -> str:
    """A record as JSON text: one key a line, each move list on one line."""
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in record.items())
    return "{\n" + lines + "\n}\n"


def save(path: str | os.PathLike, record: dict) -> None:
    """Write a record atomically: a crash mid-write never leaves a half-written file."""
    path = Path(path)
    try:
        mode = path.stat().st_mode & 0o777  # saving over a file keeps its mode
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dumps(record))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)
