"""Checking a record by replaying it with its engine: every move, every withdrawal, the
result; a `RecordError` names the first problem (docs/RULES.md, "Game records"). No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.protocol import LEAVE_REASONS, Game, IllegalMoveError, Outcome, reasons
from common.record.format import (
    VERSION,
    WITHDRAWN_KEY,
    RecordError,
    Withdrawal,
    kind,
    shown,
)


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



def game_of(record: dict, games: dict[str, Game]) -> Game:
    """The engine a record is for (RecordError for an unknown game or version)."""
    name = record.get("game")
    if name is None:
        raise RecordError('missing "game"')
    if not isinstance(name, str) or name not in games:
        known = " or ".join(f'"{g}"' for g in games)
        raise RecordError(f'unknown game {shown(name)} (expected {known})')
    version = record.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(f'unsupported version {shown(version)} (expected {VERSION})')
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
        raise RecordError(f'"{game.MOVES_KEY}" must be a list, not {kind(entries)}')
    initial = state
    # no "withdrawn" key, or null: nobody left (docs/RULES.md: absent is default)
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
            raise RecordError(f"move {number} ({shown(entry)}): {err}") from None
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
        raise RecordError(f'"{WITHDRAWN_KEY}" must be a list, not {kind(data)}')
    out: list[tuple[int, Any, Withdrawal]] = []
    players = game.players(initial)
    for number, entry in enumerate(data, 1):
        where = f"{WITHDRAWN_KEY} entry {number} ({shown(entry)})"
        withdrawal = _withdrawal(game, players, where, entry, count)
        if out and withdrawal.after < out[-1][2].after:
            raise RecordError(f'{where}: listed after entry {number - 1} ("after" '
                              f"{out[-1][2].after}): list withdrawals in the order they happened")
        out.append((number, entry, withdrawal))
    return out


def _withdrawal(game: Game, players: tuple[int, ...], where: str, entry: Any,
                count: int) -> Withdrawal:
    """One "withdrawn" entry checked on its own (`where` names it in an error)."""
    if len(players) <= 2:
        raise RecordError(
            f"{where}: in a {len(players)}-player game a resignation or forfeit ends the "
            'game; it is written as the "result" only')
    if not isinstance(entry, dict):
        raise RecordError(f'{where}: must be an object like {{"seat": 2, "after": 17, '
                          f'"reason": "forfeit"}}, not {kind(entry)}')
    for key in ("seat", "after", "reason"):
        if key not in entry:
            raise RecordError(f'{where}: missing "{key}"')
    label, after, reason = entry["seat"], entry["after"], entry["reason"]
    player = _player(game, label)
    if player is None or player not in players:
        raise RecordError(f"{where}: seat {shown(label)} is not a player of this game")
    if isinstance(after, bool) or not isinstance(after, int):
        raise RecordError(f'{where}: "after" must be a whole number of '
                          f"{game.MOVES_KEY}, not {kind(after)}")
    if not 0 <= after <= count:
        raise RecordError(f'{where}: "after" is {after}, but the record has {count} '
                          f"{game.MOVES_KEY} (0 to {count})")
    if reason not in LEAVE_REASONS:
        raise RecordError(f'{where}: "reason" {shown(reason)} is not resign or forfeit')
    return Withdrawal(player, after, reason)


def _player(game: Game, label: Any) -> int | None:
    """The player a record's seat label names, or None if it names none."""
    try:
        return game.player_from_label(label)
    except (ValueError, TypeError):
        return None


def _leave(game: Game, state: Any, pending: list[tuple[int, Any, Withdrawal]],
           after: int) -> Any:
    """The state once the withdrawals noted after that many moves are applied (in order)."""
    while pending and pending[-1][2].after == after:
        number, entry, (player, _, reason) = pending.pop()
        where = f"{WITHDRAWN_KEY} entry {number} ({shown(entry)})"
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

    A record without "result" is read as unfinished, like "result": null (docs/RULES.md:
    unknown keys are ignored, so a missing key is its default); if the game is in fact over,
    that is an error either way."""
    actual = game.outcome(state)
    if result is None or result is _MISSING:
        if actual is not None:
            said = 'no "result" (read as unfinished)' if result is _MISSING else \
                "result is null"
            raise RecordError(f"{said}, but the game is over: {_describe(game, actual)}")
        return state
    claimed, label = _claimed(game, state, result)
    reason, winner = claimed.reason, claimed.winner
    if actual is None and reason in ("resign", "forfeit"):
        state = _ended_by_leaving(game, state, winner, label, reason, withdrawals)
        actual = game.outcome(state)
    if actual != claimed:
        said = _describe(game, claimed)
        real = _describe(game, actual) if actual else "the game is not over"
        raise RecordError(f"wrong result: the record says {said}, but {real}")
    return state


def _claimed(game: Game, state: Any, result: Any) -> tuple[Outcome, Any]:
    """The outcome a record's "result" object claims, and its winner's label as written;
    RecordError if it is not one."""
    if not isinstance(result, dict):
        raise RecordError(f'"result" must be an object or null, not {kind(result)}')
    reason = result.get("reason")
    if reason not in reasons(game):
        raise RecordError(f'result reason {shown(reason)} is not one of '
                          f'{", ".join(reasons(game))}')
    if "winner" not in result:
        raise RecordError('result has no "winner" (null for a draw)')
    label = result["winner"]
    try:
        winner = None if label is None else game.player_from_label(label)
    except (ValueError, TypeError):
        winner = -1
    if winner is not None and winner not in game.players(state):
        raise RecordError(f"result winner {shown(label)} is not a player of this game")
    return Outcome(winner, reason), label


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
        raise RecordError(f"result winner {shown(label)} already left the game{left}: the "
                          f"winner of a {reason} is a player still in")
    others = [p for p in still_in if p != winner]
    if len(others) != 1:
        names = ", ".join(shown(game.player_label(p)) for p in still_in)
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

