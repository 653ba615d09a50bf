"""The ``selfplay`` command: CPU players (and outside bots) play games, each saved as a record;
a line per game, then the totals. No pygame.

    main.py selfplay GAME --players SPECS [--games N] [--seed N] [--out DIR] [--first SEAT]
                          [--max-moves N] [--nodes N] [--bot-timeout S] [--play-out]

A CPU seat that can no longer win resigns at the start of its turn, unless --play-out. Memory
stays flat however many games are played (running totals, nothing kept per game or per turn).
If a record cannot be written (a read-only folder, a full disk, a file-size limit), one line
says so, the records written so far are kept, and it stops (status 1).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import record as rec
from common.cli.arguments import Subparsers, UsageError, node_count, positive, seconds
from common.cli.players import Player, ask, close, make_player
from common.cli.terminal import terminal
from common.i18n import _, ngettext
from common.protocol import Forfeit, Game
from common.seats import SeatSpec


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    selfplay = sub.add_parser("selfplay", help=_("let CPU players play games and save the records"))
    selfplay.add_argument("game", choices=names)
    selfplay.add_argument(
        "--players", required=True,
        help=_("one spec per seat, comma-separated (2 seats; 2, 3 (variant) or 4 for "
               "prepollency): random, novice, easy, normal, hard (hard:N: exactly N nodes), "
               "cmd:PROGRAM ARGS (an outside bot)"),
    )
    selfplay.add_argument("--games", type=positive, default=1, help=_("how many games (1)"))
    selfplay.add_argument("--seed", type=int, default=0, help=_("seed for boards and players (0)"))
    selfplay.add_argument("--out", type=Path, default=None, help=_("folder for the records"))
    selfplay.add_argument("--first", type=int, default=None, help=_("prepollency: first seat"))
    selfplay.add_argument("--max-moves", type=positive, default=5000,
                          help=_("stop a game unfinished after this many moves (5000)"))
    selfplay.add_argument("--nodes", type=node_count, default=None,
                          help=_("CPU seats search exactly N nodes a turn (reproducible) "
                                 "instead of their level's time"))
    selfplay.add_argument("--bot-timeout", type=seconds, default=10.0,
                          help=_("a cmd: bot silent this many seconds forfeits (10)"))
    selfplay.add_argument("--play-out", action="store_true",
                          help=_("no CPU seat resigns, even when it can no longer win (as the "
                                 "app's setting does, they resign by default)"))
    return selfplay


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run the command."""
    return selfplay(args, games[args.game])


class _Clock:
    """Running statistics of one seat's turn times (flat memory for any number of games)."""

    __slots__ = ("turns", "total", "slowest")

    def __init__(self) -> None:
        self.turns, self.total, self.slowest = 0, 0.0, 0.0

    def add(self, seconds: float) -> None:
        self.turns += 1
        self.total += seconds
        self.slowest = max(self.slowest, seconds)


@dataclass
class _Tally:
    """The running totals over the games played (flat memory)."""

    played: int = 0
    moves: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    clocks: dict[str, _Clock] = field(default_factory=dict)  # seat label and spec -> times
    slowest: tuple[float, str] | None = None

    def timed(self, name: str, took: float) -> None:
        """One turn of the seat `name` took `took` seconds."""
        self.clocks.setdefault(name, _Clock()).add(took)
        if self.slowest is None or took > self.slowest[0]:
            self.slowest = (took, name)

    def ended(self, game: Game, state: Any, moves: int) -> str:
        """Count a game that ended (or stopped) in `state` after `moves` moves; its result in
        words ("White wins by overlord", "draw (draw)", "unfinished")."""
        outcome = game.outcome(state)
        self.moves += moves
        self.played += 1
        if outcome is None:
            self.wins["unfinished"] += 1
            return "unfinished"
        if outcome.winner is None:
            self.wins["draw"] += 1
            self.reasons[outcome.reason] += 1
            return _("draw ({reason})").format(reason=outcome.reason)
        who = str(game.player_label(outcome.winner))
        self.wins[who] += 1
        self.reasons[f"{who} by {outcome.reason}"] += 1
        return _("{who} wins by {reason}").format(who=who, reason=outcome.reason)

    def report(self, game: Game) -> None:
        """Print the totals, each seat's turn times and the slowest turn."""
        total = ", ".join(f"{k} {v}" for k, v in sorted(self.wins.items()))
        why = ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items())) or "none"
        average = self.moves / self.played if self.played else 0.0
        print(_("total {played} games: {wins}; by reason: {why}; average length {average:.1f} "
                "{moves_key}").format(
                  played=self.played, wins=total or 'none', why=why, average=average,
                  moves_key=game.MOVES_KEY))
        for name, clock in sorted(self.clocks.items()):
            print(_("{name}: {turns} turns, average {value:.3f} s, slowest {slowest:.3f} s").format(
                      name=name, turns=clock.turns, value=clock.total / clock.turns,
                      slowest=clock.slowest))
        if self.slowest is not None:
            print(_("slowest turn: {slowest:.3f} s by {slowest2}").format(
                      slowest=self.slowest[0], slowest2=self.slowest[1]))


@dataclass
class _Table:
    """One game under way: its seats' players and the game so far, as its record holds it."""

    game: Game
    number: int
    seats: tuple[int, ...]
    players: dict[int, Player]
    names: dict[int, str]  # seat -> "White (hard)", for lines and clocks
    resigning: dict[int, bool]  # seat -> resigns once it can no longer win
    initial: Any = None
    moves: list[Any] = field(default_factory=list)
    withdrawn: list[rec.Withdrawal] = field(default_factory=list)

    @property
    def history(self) -> tuple[Any, list[Any], list[Any]]:
        """(initial state, moves, withdrawals): what a bot reads, and `record.build` takes."""
        return self.initial, self.moves, self.withdrawn


def selfplay(args: argparse.Namespace, game: Game) -> int:
    """Play args.games games between the seat specs; print a line per game and the totals
    (module docstring)."""
    try:
        specs = [SeatSpec.parse(s.strip()) for s in args.players.split(",")]
    except ValueError as err:
        raise UsageError(str(err)) from None
    master = random.Random(args.seed)
    if args.out is not None:
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(_("cannot create {terminal}: {strerror}").format(
                      terminal=terminal(args.out, None), strerror=err.strerror), file=sys.stderr)
            return 1
    tally = _Tally()
    for number in range(1, args.games + 1):
        table, state = _play(game, specs, args, random.Random(master.getrandbits(64)), number,
                             tally)
        line = (_("game {number}: {ended} after {count} {moves_key}").format(
                    number=number, ended=tally.ended(game, state, len(table.moves)),
                    count=len(table.moves), moves_key=game.MOVES_KEY))
        if args.out is not None:
            path = args.out / f"{game.NAME}-{number:04d}.json"
            if not _saved(path, table, state, specs, args, line):
                tally.report(game)
                return 1
            line += f" -> {terminal(path, None)}"
        print(line, flush=True)
    tally.report(game)
    return 0


def _play(game: Game, specs: list[SeatSpec], args: argparse.Namespace, rng: random.Random,
          number: int, tally: _Tally) -> tuple[_Table, Any]:
    """Play one game to its end (or --max-moves); the game and its final state."""
    try:
        state = game.new_state(rng, len(specs), args.first)
        seats = game.players(state)
        players = {p: make_player(game, spec, rng, args)
                   for p, spec in zip(seats, specs, strict=True)}
    except ValueError as err:
        raise UsageError(str(err)) from None
    pairs = list(zip(seats, specs, strict=True))
    table = _Table(game, number, seats, players,
                   {p: terminal(f"{game.player_label(p)} ({s})", None) for p, s in pairs},
                   {p: s.searches and not args.play_out for p, s in pairs})
    state, setup_forfeits = _openings(table, state, rng)
    table.initial = state
    for seat in setup_forfeits:
        state = rec.withdraw(game, state, seat, "forfeit", table.moves, table.withdrawn)
    while game.outcome(state) is None and len(table.moves) < args.max_moves:
        state = _turn(table, state, tally)
    for player in players.values():
        close(player)
    return table, state


def _turn(table: _Table, state: Any, tally: _Tally) -> Any:
    """The state after the turn of the seat to move: its move, its resignation (a CPU that can
    no longer win), or its forfeit (a bot that failed)."""
    game = table.game
    seat = game.to_move(state)
    if table.resigning[seat] and _gives_up(game, state):
        return rec.withdraw(game, state, seat, "resign", table.moves, table.withdrawn)
    started = time.perf_counter()
    try:
        move = ask(table.players[seat], state, table.history)
    except Forfeit as err:
        print(_("game {number}: {names} forfeits: {terminal}").format(
                  number=table.number, names=table.names[seat], terminal=terminal(err)),
              file=sys.stderr)
        return rec.withdraw(game, state, seat, "forfeit", table.moves, table.withdrawn)
    finally:
        tally.timed(table.names[seat], time.perf_counter() - started)
    after = game.apply(state, move)
    table.moves.append(move)
    return after


def _saved(path: Path, table: _Table, state: Any, specs: list[SeatSpec],
           args: argparse.Namespace, line: str) -> bool:
    """Write the game's record to `path`; False (with the game's line and why said) if it
    cannot be written."""
    game, number = table.game, table.number
    players_key = {str(game.player_label(p)): str(s)
                   for p, s in zip(table.seats, specs, strict=True)}
    try:
        rec.save(path, rec.build(game, table.initial, table.moves, state, table.withdrawn,
                                 players=players_key, seed=args.seed))
    except OSError as err:
        print(line, flush=True)
        kept = ngettext("the {count} record written before it is kept",
                        "the {count} records written before it are kept",
                        number - 1).format(count=number - 1) if number > 1 \
            else _("no record was written")
        print(_("selfplay: cannot write {file} ({problem}); stopped after game {number}: "
                "{kept}").format(
                  file=terminal(path, None), problem=err.strerror or err, number=number,
                  kept=kept),
              file=sys.stderr)
        return False
    return True


def _gives_up(game: Game, state: Any) -> str:
    """Why the CPU seat to move resigns now, or "" (`common.ai.levels.gives_up`)."""
    from common.ai.levels import gives_up  # the search package, only for CPU seats

    return gives_up(game, state)


def _openings(table: _Table, state: Any, rng: random.Random) -> tuple[Any, list[int]]:
    """The start state once every seat made its choices before the first turn (Overlords:
    its setup), in seat order (White first, then Black, seeing White's), and the seats that
    forfeited there (a bot that failed: the program chose for it, and it forfeits)."""
    forfeits: list[int] = []
    for seat in table.seats:
        opening = getattr(table.players[seat], "opening", None)
        if opening is None:
            continue
        try:
            state = opening(state, seat)
        except Forfeit as err:
            print(_("game {number}: {names} forfeits at its setup: {terminal}").format(
                      number=table.number, names=table.names[seat], terminal=terminal(err)),
                      file=sys.stderr)
            from common.ai.bot import program_setup

            state = program_setup(table.game, state, seat, rng)
            forfeits.append(seat)
    return state, forfeits
