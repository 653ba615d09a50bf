"""Checking a record by replaying it with its engine: every move, every withdrawal, the
result; a `RecordError` names the first problem (docs/RULES.md, "Game records"). No pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from common.i18n import _
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
        raise RecordError(_('missing "{key}"').format(key="game"))
    if not isinstance(name, str) or name not in games:
        known = ", ".join(f'"{g}"' for g in games)
        raise RecordError(_("unknown game {game} (expected one of {known})").format(
            game=shown(name), known=known))
    version = record.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(_("unsupported version {version} (expected {expected})").format(
            version=shown(version), expected=VERSION))
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
        raise RecordError(_('missing "{key}"').format(key=game.MOVES_KEY))
    if not isinstance(entries, list):
        raise RecordError(_('"{key}" must be a list, not {kind}').format(
            key=game.MOVES_KEY, kind=kind(entries)))
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
            raise RecordError(_("move {number} ({move}): {problem}").format(
                number=number, move=shown(entry), problem=err)) from None
        moves.append(move)
        state = _leave(game, state, pending, number)
        states.append(state)
    final = _check_result(game, state, record.get("result", _MISSING), bool(leaving))
    if final is not state:
        states[-1] = final
    return Replay(game, initial, moves, states, record, tuple(w for *_rest, w in leaving))


def _withdrawals(game: Game, initial: Any, data: Any, count: int
                 ) -> list[tuple[int, Any, Withdrawal]]:
    """The "withdrawn" entries, each checked on its own: (number, entry, Withdrawal)."""
    if not isinstance(data, list):
        raise RecordError(_('"{key}" must be a list, not {kind}').format(
            key=WITHDRAWN_KEY, kind=kind(data)))
    out: list[tuple[int, Any, Withdrawal]] = []
    players = game.players(initial)
    for number, entry in enumerate(data, 1):
        where = _entry(number, entry)
        withdrawal = _withdrawal(game, players, where, entry, count)
        if out and withdrawal.after < out[-1][2].after:
            raise RecordError(_('{where}: listed after entry {number} ("after" {after}): list '
                                'withdrawals in the order they happened').format(
                where=where, number=number - 1, after=out[-1][2].after))
        out.append((number, entry, withdrawal))
    return out


def _withdrawal(game: Game, players: tuple[int, ...], where: str, entry: Any,
                count: int) -> Withdrawal:
    """One "withdrawn" entry checked on its own (`where` names it in an error)."""
    if len(players) <= 2:
        raise RecordError(_(
            '{where}: in a {count}-player game a resignation or forfeit ends the game; it is '
            'written as the "result" only').format(where=where, count=len(players)))
    if not isinstance(entry, dict):
        raise RecordError(_("{where}: must be an object like {example}, not {kind}").format(
            where=where, example='{"seat": 2, "after": 17, "reason": "forfeit"}',
            kind=kind(entry)))
    for key in ("seat", "after", "reason"):
        if key not in entry:
            raise RecordError(_('{where}: missing "{key}"').format(where=where, key=key))
    label, after, reason = entry["seat"], entry["after"], entry["reason"]
    player = _player(game, label)
    if player is None or player not in players:
        raise RecordError(_("{where}: seat {seat} is not a player of this game").format(
            where=where, seat=shown(label)))
    if isinstance(after, bool) or not isinstance(after, int):
        raise RecordError(_('{where}: "after" must be a whole number of {key}, not {kind}')
                          .format(where=where, key=game.MOVES_KEY, kind=kind(after)))
    if not 0 <= after <= count:
        raise RecordError(_('{where}: "after" is {after}, but the record has {count} {key} '
                            '(0 to {count})').format(where=where, after=after, count=count,
                                                     key=game.MOVES_KEY))
    if reason not in LEAVE_REASONS:
        raise RecordError(_('{where}: "reason" {reason} is not resign or forfeit').format(
            where=where, reason=shown(reason)))
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
        number, entry, (player, _after, reason) = pending.pop()
        where = _entry(number, entry)
        try:
            state = game.resign(state, player, reason)
        except ValueError as err:
            raise RecordError(_("{where}: {problem}").format(where=where, problem=err)) from None
        ended = game.outcome(state)
        if ended is not None:
            raise RecordError(_('{where}: this ends the game ({outcome}); a withdrawal that '
                                'ends the game is written as the "result" only').format(
                where=where, outcome=_describe(game, ended)))
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
            said = _('no "result" (read as unfinished), but the game is over: {outcome}') \
                if result is _MISSING else _("result is null, but the game is over: {outcome}")
            raise RecordError(said.format(outcome=_describe(game, actual)))
        return state
    claimed, label = _claimed(game, state, result)
    reason, winner = claimed.reason, claimed.winner
    if actual is None and reason in ("resign", "forfeit"):
        state = _ended_by_leaving(game, state, winner, label, reason, withdrawals)
        actual = game.outcome(state)
    if actual != claimed:
        said = _describe(game, claimed)
        raise RecordError((_("wrong result: the record says {said}, but {outcome}") if actual
                           else _("wrong result: the record says {said}, but the game is not "
                                  "over")).format(said=said, outcome=_describe(game, actual)
                                                  if actual else ""))
    return state


def _claimed(game: Game, state: Any, result: Any) -> tuple[Outcome, Any]:
    """The outcome a record's "result" object claims, and its winner's label as written;
    RecordError if it is not one."""
    if not isinstance(result, dict):
        raise RecordError(_('"result" must be an object or null, not {kind}').format(
            kind=kind(result)))
    reason = result.get("reason")
    if reason not in reasons(game):
        raise RecordError(_("result reason {reason} is not one of {reasons}").format(
            reason=shown(reason), reasons=", ".join(reasons(game))))
    if "winner" not in result:
        raise RecordError(_('result has no "winner" (null for a draw)'))
    label = result["winner"]
    try:
        winner = None if label is None else game.player_from_label(label)
    except (ValueError, TypeError):
        winner = -1
    if winner is not None and winner not in game.players(state):
        raise RecordError(_("result winner {winner} is not a player of this game").format(
            winner=shown(label)))
    return Outcome(winner, reason), label


def _ended_by_leaving(game: Game, state: Any, winner: int | None, label: Any, reason: str,
                      withdrawals: bool) -> Any:
    """The state after the one other player still in leaves, so that `winner` wins by
    `reason`; RecordError naming the actual problem (no winner, a winner who already left,
    more than two players still in)."""
    if winner is None:
        # Translators: {reason} is the record's keyword (resign, forfeit), kept as written
        raise RecordError(_("a {reason} result needs a winner (the player who stays), not "
                            "null").format(reason=reason))
    still_in = [p for p in game.players(state) if _can_leave(game, state, p, reason)]
    if winner not in still_in:
        said = _('result winner {winner} already left the game (see "{key}"): the winner of '
                 'a {reason} is a player still in') if withdrawals else \
            _("result winner {winner} already left the game: the winner of a {reason} is a "
              "player still in")
        raise RecordError(said.format(winner=shown(label), key=WITHDRAWN_KEY, reason=reason))
    others = [p for p in still_in if p != winner]
    if len(others) != 1:
        names = ", ".join(shown(game.player_label(p)) for p in still_in)
        raise RecordError(_(
            'a {reason} ends the game only when two players are left, but {count} are still '
            'in ({names}): a player who left while the game went on is listed under "{key}"')
            .format(reason=reason, count=len(still_in), names=names, key=WITHDRAWN_KEY))
    return game.resign(state, others[0], reason)


def _can_leave(game: Game, state: Any, player: int, reason: str) -> bool:
    try:
        game.resign(state, player, reason)
    except ValueError:
        return False
    return True


def _describe(game: Game, outcome: Outcome) -> str:
    if outcome.winner is None:
        return _("a draw")
    return _("{who} wins by {reason}").format(who=game.player_label(outcome.winner),
                                              reason=outcome.reason)


def _entry(number: int, entry: Any) -> str:
    """A "withdrawn" entry named in an error."""
    return _("{key} entry {number} ({entry})").format(key=WITHDRAWN_KEY, number=number,
                                                      entry=shown(entry))

