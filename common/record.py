"""Game records (shared/RULES.md, "Game records"): load, validate by replaying, build and save.

A record is UTF-8 JSON: ``game``, ``version``, the game's starting keys, the list of moves
(``moves`` or ``turns``) and ``result``. Unknown keys are kept but ignored. Every problem gets
a `RecordError` whose message names the first thing wrong; nothing here raises anything else
for bad input. Saves are atomic: a temporary file in the same folder, then a rename.

Withdrawals (this edition's ruling; RULES.md only says the game goes on): in a game of more
than two players, a seat that resigns or forfeits while the game goes on is listed in the
optional key ``withdrawn``, in the order it happened::

    "withdrawn": [{"seat": 2, "after": 17, "reason": "forfeit"}]

``after`` is how many entries of the moves list were played before the seat left (0 to their
number), so a replay eliminates the seat, as ``game.resign(state, seat, reason)`` does, right
after that many entries and before the next one. A separate key, not a marker inside the moves
list, so the list stays one entry per turn played (its numbering, counts and every tool that
reads it unchanged) and a record without withdrawals is written exactly as before. A
resignation or forfeit that ends the game (always so with two players) is only the
``result``, as before. A seat leaves only between two whole entries (RULES.md): the engines
refuse a resignation in the middle of a turn, so the caller takes a half-made turn back
first. Callers
apply a resignation through `withdraw`, which notes it; `build` writes the notes and
`replay` reads them back (`Replay.withdrawn`).
"""

from __future__ import annotations

import errno
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from common import files
from common.protocol import Game, IllegalMoveError, Outcome, reasons

VERSION = 1
MAX_BYTES = 8 * 1024 * 1024  # a larger record file is refused unread (5000 turns: ~0.1 MB)
SHOWN = 60  # characters of a bad value an error message quotes
WITHDRAWN_KEY = "withdrawn"
LEAVE_REASONS = ("resign", "forfeit")


MAX_MESSAGE = 300  # characters of an error message (an engine's reason may quote a file)


class RecordError(ValueError):
    """A record that cannot be read or does not follow the rules; the message says why (cut
    to MAX_MESSAGE characters: it may quote the file, and is shown and printed)."""

    def __init__(self, message: str) -> None:
        super().__init__(cut(message))


def cut(text: str, limit: int = MAX_MESSAGE) -> str:
    """Text cut to `limit` characters, ending in "…" if it was longer."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Withdrawal(NamedTuple):
    """A player that resigned or forfeited while the game went on, after that many moves."""

    player: int
    after: int  # entries of the moves list played before it left
    reason: str  # "resign" or "forfeit"


@dataclass(frozen=True)
class Replay:
    """A record replayed: the starting state, the moves, every state after each, the result."""

    game: Game
    initial: Any
    moves: list[Any]
    # states[i]: after moves[:i] and the withdrawals noted after them (states[0] is initial
    # unless a seat withdrew before the first move)
    states: list[Any]
    record: dict
    withdrawn: tuple[Withdrawal, ...] = ()

    @property
    def final(self) -> Any:
        """The state after the last move (with the result applied)."""
        return self.states[-1]


def load(path: str | os.PathLike, limit: int = MAX_BYTES) -> dict:
    """Read a record file as a dict (RecordError if it is missing, not a regular file, too
    large, not UTF-8 or not JSON). Only a regular file is read, and at most `limit` bytes of
    it: a FIFO, a device (/dev/zero) or a socket is refused without waiting on it."""
    return loads(read_text(path, limit))


def read_text(path: str | os.PathLike, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a record file, read as `load` says (RecordError otherwise)."""
    try:
        data = files.read_bounded(path, limit)
        return data.decode("utf-8")
    except files.TooLarge:
        raise RecordError(f"too large for a record (over {files.size_words(limit)})") from None
    except FileNotFoundError:
        raise RecordError("file not found") from None
    except IsADirectoryError:
        raise RecordError("is a folder, not a record file") from None
    except PermissionError:
        raise RecordError("cannot be read (permission denied)") from None
    except UnicodeDecodeError as err:
        raise RecordError(f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        if err.errno == errno.EINVAL and err.strerror and err.strerror.startswith("not a reg"):
            raise RecordError(f"{err.strerror}: only record files are read") from None
        raise RecordError(f"cannot be read ({err.strerror or 'a bad path'})") from None
    except ValueError:  # a NUL in the path
        raise RecordError("cannot be read (a bad path)") from None


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
    except ValueError:  # a number of more than sys.get_int_max_str_digits() digits
        raise RecordError("not JSON this program reads: a number too long (over 4300 "
                          "digits)") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_kind(data)}")
    return encodable(data, text)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON text spells a UTF-16 surrogate


def encodable(data: Any, text: str | None = None) -> Any:
    """Parsed JSON with every string (keys too) encodable as UTF-8: a lone surrogate
    (``"\\ud800"`` is valid JSON) becomes U+FFFD, so no later use (drawing, printing,
    writing the file back) can raise. With the JSON `text` given, a text that spells no
    surrogate is returned as it is at once (the common case costs one scan of the text).
    Iterative: a deeply nested value (as deep as the parser takes) never recurses."""
    if text is not None and not _SURROGATE.search(text):
        return data
    root = [data]
    todo: list[tuple[Any, Any]] = [(root, 0)]
    while todo:
        holder, key = todo.pop()
        value = holder[key]
        if isinstance(value, str):
            holder[key] = _fixed(value)
        elif isinstance(value, list):
            todo.extend((value, i) for i in range(len(value)))
        elif isinstance(value, dict):
            items = [(_fixed(k), v) for k, v in value.items()]
            value.clear()
            value.update(items)
            todo.extend((value, k) for k, _ in items)
    return root[0]


def _fixed(text: Any) -> Any:
    """A string with its lone surrogates replaced by U+FFFD (anything else unchanged)."""
    if not isinstance(text, str):
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def game_of(record: dict, games: dict[str, Game]) -> Game:
    """The engine a record is for (RecordError for an unknown game or version)."""
    name = record.get("game")
    if name is None:
        raise RecordError('missing "game"')
    if not isinstance(name, str) or name not in games:
        known = " or ".join(f'"{g}"' for g in games)
        raise RecordError(f'unknown game {_shown(name)} (expected {known})')
    version = record.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(f'unsupported version {_shown(version)} (expected {VERSION})')
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
    initial = state
    # no "withdrawn" key, or null: nobody left (RULES.md: what is absent is the default)
    left = record.get(WITHDRAWN_KEY)
    leaving = _withdrawals(game, state, [] if left is None else left, len(entries))
    pending = list(reversed(leaving))  # (number, entry, withdrawal), the next one last
    state = _leave(game, state, pending, 0)
    moves, states = [], [state]
    for number, entry in enumerate(entries, 1):
        try:
            move = game.parse_move(state, entry)
            state = game.apply(state, move)
        except (IllegalMoveError, ValueError, TypeError) as err:
            raise RecordError(f"move {number} ({_shown(entry)}): {err}") from None
        moves.append(move)
        state = _leave(game, state, pending, number)
        states.append(state)
    final = _check_result(game, state, record.get("result", _MISSING), bool(leaving))
    if final is not state:
        states[-1] = final
    return Replay(game, initial, moves, states, record, tuple(w for _, _, w in leaving))


def _withdrawals(game: Game, initial: Any, data: Any, count: int
                 ) -> list[tuple[int, Any, Withdrawal]]:
    """The "withdrawn" entries, each checked on its own: (number, entry, Withdrawal)."""
    if not isinstance(data, list):
        raise RecordError(f'"{WITHDRAWN_KEY}" must be a list, not {_kind(data)}')
    out: list[tuple[int, Any, Withdrawal]] = []
    players = game.players(initial)
    for number, entry in enumerate(data, 1):
        where = f"{WITHDRAWN_KEY} entry {number} ({_shown(entry)})"
        if len(players) <= 2:
            raise RecordError(
                f"{where}: in a {len(players)}-player game a resignation or forfeit ends the "
                'game; it is written as the "result" only')
        if not isinstance(entry, dict):
            raise RecordError(f'{where}: must be an object like {{"seat": 2, "after": 17, '
                              f'"reason": "forfeit"}}, not {_kind(entry)}')
        for key in ("seat", "after", "reason"):
            if key not in entry:
                raise RecordError(f'{where}: missing "{key}"')
        label, after, reason = entry["seat"], entry["after"], entry["reason"]
        try:
            player = game.player_from_label(label)
        except (ValueError, TypeError):
            player = None
        if player is None or player not in players:
            raise RecordError(f"{where}: seat {_shown(label)} is not a player of this game")
        if isinstance(after, bool) or not isinstance(after, int):
            raise RecordError(f'{where}: "after" must be a whole number of '
                              f"{game.MOVES_KEY}, not {_kind(after)}")
        if not 0 <= after <= count:
            raise RecordError(f'{where}: "after" is {after}, but the record has {count} '
                              f"{game.MOVES_KEY} (0 to {count})")
        if reason not in LEAVE_REASONS:
            raise RecordError(f'{where}: "reason" {_shown(reason)} is not resign or forfeit')
        if out and after < out[-1][2].after:
            raise RecordError(f'{where}: listed after entry {number - 1} ("after" '
                              f"{out[-1][2].after}): list withdrawals in the order they happened")
        out.append((number, entry, Withdrawal(player, after, reason)))
    return out


def _leave(game: Game, state: Any, pending: list[tuple[int, Any, Withdrawal]],
           after: int) -> Any:
    """The state once the withdrawals noted after that many moves are applied (in order)."""
    while pending and pending[-1][2].after == after:
        number, entry, (player, _, reason) = pending.pop()
        where = f"{WITHDRAWN_KEY} entry {number} ({_shown(entry)})"
        try:
            state = game.resign(state, player, reason)
        except ValueError as err:
            raise RecordError(f"{where}: {err}") from None
        ended = game.outcome(state)
        if ended is not None:
            raise RecordError(f"{where}: this ends the game ({_describe(game, ended)}); a "
                              'withdrawal that ends the game is written as the "result" only')
    return state


_MISSING = object()


def _check_result(game: Game, state: Any, result: Any, withdrawals: bool = False) -> Any:
    """The final state with the record's result applied (a resignation or forfeit that ends
    the game is not a move: it is applied here); RecordError naming what is wrong.

    A record without "result" is read as unfinished, like "result": null (RULES.md: unknown
    keys are ignored, so a missing key is its default); if the game is in fact over, that is
    an error either way."""
    actual = game.outcome(state)
    if result is None or result is _MISSING:
        if actual is not None:
            said = 'no "result" (read as unfinished)' if result is _MISSING else \
                "result is null"
            raise RecordError(f"{said}, but the game is over: {_describe(game, actual)}")
        return state
    if not isinstance(result, dict):
        raise RecordError(f'"result" must be an object or null, not {_kind(result)}')
    reason = result.get("reason")
    if reason not in reasons(game):
        raise RecordError(f'result reason {_shown(reason)} is not one of '
                          f'{", ".join(reasons(game))}')
    if "winner" not in result:
        raise RecordError('result has no "winner" (null for a draw)')
    label = result["winner"]
    try:
        winner = None if label is None else game.player_from_label(label)
    except (ValueError, TypeError):
        winner = -1
    if winner is not None and winner not in game.players(state):
        raise RecordError(f"result winner {_shown(label)} is not a player of this game")
    claimed = Outcome(winner, reason)
    if actual is None and reason in ("resign", "forfeit"):
        state = _ended_by_leaving(game, state, winner, label, reason, withdrawals)
        actual = game.outcome(state)
    if actual != claimed:
        said = _describe(game, claimed)
        real = _describe(game, actual) if actual else "the game is not over"
        raise RecordError(f"wrong result: the record says {said}, but {real}")
    return state


def _ended_by_leaving(game: Game, state: Any, winner: int | None, label: Any, reason: str,
                      withdrawals: bool) -> Any:
    """The state after the one other player still in leaves, so that `winner` wins by
    `reason`; RecordError naming the actual problem (no winner, a winner who already left,
    more than two players still in)."""
    if winner is None:
        raise RecordError(f"a {reason} result needs a winner (the player who stays), not null")
    still_in = [p for p in game.players(state) if _can_leave(game, state, p, reason)]
    if winner not in still_in:
        left = " (see \"withdrawn\")" if withdrawals else ""
        raise RecordError(f"result winner {_shown(label)} already left the game{left}: the "
                          f"winner of a {reason} is a player still in")
    others = [p for p in still_in if p != winner]
    if len(others) != 1:
        names = ", ".join(_shown(game.player_label(p)) for p in still_in)
        raise RecordError(
            f"a {reason} ends the game only when two players are left, but {len(still_in)} "
            f"are still in ({names}): a player who left while the game went on is listed "
            f'under "{WITHDRAWN_KEY}"')
    return game.resign(state, others[0], reason)


def _can_leave(game: Game, state: Any, player: int, reason: str) -> bool:
    try:
        game.resign(state, player, reason)
    except ValueError:
        return False
    return True


def _describe(game: Game, outcome: Outcome) -> str:
    if outcome.winner is None:
        return f"a {outcome.reason}"
    return f"{game.player_label(outcome.winner)} wins by {outcome.reason}"


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


def save(path: str | os.PathLike, record: dict) -> None:
    """Write a record atomically: a crash mid-write never leaves a half-written file (the
    old file stays whole until the new one replaces it, and no temporary file is left).
    Never through a link, and never a record larger than `load` reads back (MAX_BYTES):
    `common.files.TooLarge`, an OSError, with nothing written."""
    tmp = write_temp(path, record)
    try:
        files.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_temp(path: str | os.PathLike, record: dict) -> Path:
    """The record written, flushed and synced to a new temporary file beside `path`, named
    ``.NAME.*.tmp`` (`common.files.write_temp`: with `path`'s mode if it is a regular file,
    never through a link, TooLarge over MAX_BYTES): the caller moves it into place (`save`)
    or links it to a name that must not exist yet. Nothing is left behind if writing fails;
    a process killed here leaves only such a file, which folders clean up
    (`common.files.clean_temps`)."""
    return files.write_temp(path, encode(record), MAX_BYTES)


NAME_BYTES = files.NAME_BYTES
temp_prefix = files.temp_prefix


def _shown(value: Any) -> str:
    """A JSON value as an error message quotes it, cut to about SHOWN characters (never
    raises: a value JSON cannot write is quoted by its kind)."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        text = f"<{_kind(value)}>"
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


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
