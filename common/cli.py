"""The command line: one entry point for the app and the headless tools (selfplay, validate,
perft). Every engine is reached through the `Game` protocol, so both games share all of it.

Bad input (a missing file, a broken record, a wrong argument) prints one clear line and exits
with status 1 (2 for a wrong command line; `move` answers every bad input with 2, since a
script asking it cannot tell them apart anyway), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import record as rec
from common.protocol import Forfeit, Game
from common.seats import SeatSpec

Player = Callable[[Any], Any]  # state -> move


class UsageError(ValueError):
    """A command line whose values do not fit the game (exit 2 with the usage)."""


def make_player(game: Game, spec: SeatSpec, rng: random.Random,
                args: argparse.Namespace) -> Player:
    """The player of a seat: the random player, a CPU level (searching by time, or by
    `--nodes` / `LEVEL:N` nodes) or an outside bot; ValueError for a person's seat."""
    if spec.kind == "random":
        return lambda state: game.random_move(state, rng)
    if spec.searches:
        from common.ai.levels import make_cpu  # the search, only for CPU seats

        return make_cpu(game, str(spec), rng, getattr(args, "nodes", None))
    if spec.is_bot:
        from common.ai.bot import DEFAULT_TIMEOUT, BotPlayer

        return BotPlayer(game, spec.command or "", getattr(args, "bot_timeout", DEFAULT_TIMEOUT))
    raise ValueError("a human seat plays only in the app (use the play command)")


def build_parser(games: dict[str, Game]) -> argparse.ArgumentParser:
    """The argument parser for every command."""
    names = sorted(games)
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Overlords and Prepollency. With no command, opens the game window.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""examples:
  main.py                                       open the app on the main menu
  main.py play overlords --players human,normal --seed 7
  main.py play prepollency --players human,normal,human,hard --first 2
  main.py selfplay overlords --players hard,easy --games 10 --seed 1 --out out/
  main.py selfplay prepollency --players hard,random,random,random --first 2 --nodes 2000
  main.py selfplay overlords --players "cmd:python3 examples/random_bot.py,normal"
  main.py validate out/*.json                   "FILE: ok", or the move and the reason
  main.py perft out/overlords-0001.json --depth 2
  main.py move out/overlords-0001.json --player hard:6000 --seed 3
  main.py move saved.json --hint              the move the Hint would show

Seat specs: human (play only), random, easy, normal, hard, LEVEL:N (exactly N search nodes),
cmd:PROGRAM ARGS (an outside bot speaking JSON lines; see the README). COMMAND --help lists
each command's options. Records are the JSON save files described in the rules (RULES.md).""",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the app straight into a game")
    play.add_argument("game", choices=names)
    play.add_argument("--players", default=None,
                      help="one spec per seat, comma-separated (2 seats; 2, 3 or 4 for "
                           "prepollency): human, random, easy, normal, hard, cmd:PROGRAM ARGS "
                           "(an outside bot); e.g. human,hard")
    play.add_argument("--seed", type=int, default=None, help="seed for the board and the CPUs")
    play.add_argument("--first", type=int, default=None,
                      help="prepollency: the seat that moves first (default: drawn at random)")
    play.add_argument("--bot-timeout", type=_seconds, default=None,
                      help="a cmd: bot silent this many seconds forfeits (10)")

    selfplay = sub.add_parser("selfplay", help="let CPU players play games and save the records")
    selfplay.add_argument("game", choices=names)
    selfplay.add_argument(
        "--players", required=True,
        help="one spec per seat, comma-separated (2 seats; 2, 3 (variant) or 4 for "
             "prepollency): random, easy, normal, hard (hard:N: exactly N nodes), "
             "cmd:PROGRAM ARGS (an outside bot)",
    )
    selfplay.add_argument("--games", type=_positive, default=1, help="how many games (1)")
    selfplay.add_argument("--seed", type=int, default=0, help="seed for boards and players (0)")
    selfplay.add_argument("--out", type=Path, default=None, help="folder for the records")
    selfplay.add_argument("--first", type=int, default=None, help="prepollency: first seat")
    selfplay.add_argument("--max-moves", type=_positive, default=5000,
                          help="stop a game unfinished after this many moves (5000)")
    selfplay.add_argument("--nodes", type=_positive, default=None,
                          help="CPU seats search exactly N nodes a turn (reproducible) "
                               "instead of their level's time")
    selfplay.add_argument("--bot-timeout", type=_seconds, default=10.0,
                          help="a cmd: bot silent this many seconds forfeits (10)")

    validate = sub.add_parser("validate", help="check records against the rules")
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE")

    perft = sub.add_parser("perft", help="count legal move sequences after a record's moves")
    perft.add_argument("file", type=Path, metavar="FILE")
    perft.add_argument("--depth", type=_positive, default=1, help="sequence length (1)")

    move = sub.add_parser(
        "move", help="print the move a player would make in a record's final position",
        description="Print the move a player would make in the final position of a record, "
                    "in the record's notation (an Overlords move as \"2D f1-c4\", a "
                    "Prepollency turn as its JSON list). Bad input: one line, exit status 2.")
    move.add_argument("file", type=Path, metavar="RECORD")
    who = move.add_mutually_exclusive_group()
    who.add_argument("--player", default="normal",
                     help="the seat spec that chooses: random, easy, normal, hard, LEVEL:N "
                          "(exactly N nodes: the same move on any machine), cmd:PROGRAM ARGS "
                          "(normal)")
    who.add_argument("--hint", action="store_true",
                     help="the Hint's choice: the normal level at its calibrated node count")
    move.add_argument("--seed", type=int, default=0, help="seed of the player (0)")
    move.add_argument("--bot-timeout", type=_seconds, default=10.0,
                      help="a cmd: bot silent this many seconds forfeits (10)")
    parser.subcommands = {"play": play, "selfplay": selfplay, "validate": validate,
                          "perft": perft, "move": move}
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not positive")
    return value


def run(argv: list[str], games: dict[str, Game], app: Callable[[argparse.Namespace], int]) -> int:
    """Run a command line; `app` opens the window (no command, or `play`)."""
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if args.command in (None, "play"):
        return app(args)
    if args.command == "selfplay":
        try:
            return selfplay(args, games[args.game])
        except UsageError as err:
            parser.subcommands["selfplay"].error(str(err))
    if args.command == "validate":
        return validate(args.files, games)
    if args.command == "move":
        return move_command(args, games)
    return perft(args.file, args.depth, games)


def validate(files: list[Path], games: dict[str, Game]) -> int:
    """Print `FILE: ok` for each valid record, or the first problem; 1 if any failed."""
    failed = 0
    for path in files:
        try:
            rec.replay(rec.load(path), games)
        except rec.RecordError as err:
            print(f"{path}: {err}")
            failed += 1
        else:
            print(f"{path}: ok")
    return 1 if failed else 0


def perft(path: Path, depth: int, games: dict[str, Game]) -> int:
    """Print the number of legal move sequences of length depth after the record's moves."""
    try:
        replay = rec.replay(rec.load(path), games)
    except rec.RecordError as err:
        print(f"{path}: {err}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    count = replay.game.perft(replay.final, depth)
    elapsed = time.perf_counter() - start
    print(f"{count}")
    print(f"depth {depth}: {count} in {elapsed:.3f} s", file=sys.stderr)
    return 0


def choose_move(record: dict, spec: SeatSpec | str, seed: int, games: dict[str, Game],
                bot_timeout: float = 10.0) -> tuple[Game, Any]:
    """The move the seat `spec` makes in the final position of `record` (replayed and checked
    first): what `move` prints, and what the tactics benchmark asks. RecordError for a bad or
    finished record; ValueError for a spec that cannot choose (a person, a malformed spec);
    `Forfeit` when a bot fails."""
    replay = rec.replay(record, games)
    game, state = replay.game, replay.final
    if game.outcome(state) is not None:
        raise rec.RecordError("the game is over: there is no move to make")
    spec = SeatSpec.parse(spec)
    args = argparse.Namespace(nodes=None, bot_timeout=bot_timeout)
    player = make_player(game, spec, random.Random(seed), args)
    try:
        history = (replay.initial, list(replay.moves), list(replay.withdrawn))
        return game, _ask(player, state, history)
    finally:
        close = getattr(player, "close", None)
        if close is not None:
            close()


def move_command(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Print the move `--player` (or the Hint) makes in the record's final position; every
    bad input gets one line on stderr and exit status 2."""
    try:
        record = rec.load(args.file)
        if args.hint:
            from common.ai.levels import hint_seat  # the search, only when asked

            spec: SeatSpec | str = hint_seat(rec.game_of(record, games))
        else:
            spec = SeatSpec.parse(args.player)
            if spec.is_human:
                raise ValueError("a human seat does not choose here: give random, easy, "
                                 "normal, hard, LEVEL:N or cmd:PROGRAM")
        game, chosen = choose_move(record, spec, args.seed, games, args.bot_timeout)
    except rec.RecordError as err:
        print(f"{args.file}: {err}", file=sys.stderr)
        return 2
    except (ValueError, Forfeit) as err:
        print(f"move: {err}", file=sys.stderr)
        return 2
    data = game.move_data(chosen)
    print(data if isinstance(data, str) else json.dumps(data))
    return 0


def selfplay(args: argparse.Namespace, game: Game) -> int:
    """Play args.games games between the seat specs; print a line per game and the totals."""
    try:
        specs = [SeatSpec.parse(s.strip()) for s in args.players.split(",")]
    except ValueError as err:
        raise UsageError(str(err)) from None
    master = random.Random(args.seed)
    if args.out is not None:
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(f"cannot create {args.out}: {err.strerror}", file=sys.stderr)
            return 1
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    lengths = []
    clocks: dict[str, list[float]] = {}  # seat label and spec -> seconds of each of its turns
    for number in range(1, args.games + 1):
        rng = random.Random(master.getrandbits(64))
        try:
            state = game.new_state(rng, len(specs), args.first)
            seats = game.players(state)
            players = {p: make_player(game, spec, rng, args)
                       for p, spec in zip(seats, specs, strict=True)}
        except ValueError as err:
            raise UsageError(str(err)) from None
        for seat in seats:  # CPU seats make their choices before the first turn (Overlords:
            opening = getattr(players[seat], "opening", None)  # their setups), in seat order
            if opening is not None:
                state = opening(state, seat)
        names = {p: f"{game.player_label(p)} ({s})" for p, s in zip(seats, specs, strict=True)}
        initial, moves, withdrawn = state, [], []  # the game so far, as its record holds it
        while game.outcome(state) is None and len(moves) < args.max_moves:
            seat = game.to_move(state)
            started = time.perf_counter()
            try:
                move = _ask(players[seat], state, (initial, moves, withdrawn))
            except Forfeit as err:
                print(f"game {number}: {names[seat]} forfeits: {err}", file=sys.stderr)
                state = rec.withdraw(game, state, seat, "forfeit", moves, withdrawn)
                continue
            finally:
                clocks.setdefault(names[seat], []).append(time.perf_counter() - started)
            state = game.apply(state, move)
            moves.append(move)
        for player in players.values():
            close = getattr(player, "close", None)
            if close is not None:
                close()
        outcome = game.outcome(state)
        lengths.append(len(moves))
        if outcome is None:
            summary = "unfinished"
            wins["unfinished"] += 1
        elif outcome.winner is None:
            summary = f"draw ({outcome.reason})"
            wins["draw"] += 1
            reasons[outcome.reason] += 1
        else:
            who = str(game.player_label(outcome.winner))
            summary = f"{who} wins by {outcome.reason}"
            wins[who] += 1
            reasons[f"{who} by {outcome.reason}"] += 1
        line = f"game {number}: {summary} after {len(moves)} {game.MOVES_KEY}"
        if args.out is not None:
            path = args.out / f"{game.NAME}-{number:04d}.json"
            players_key = {str(game.player_label(p)): str(s)
                           for p, s in zip(seats, specs, strict=True)}
            rec.save(path, rec.build(game, initial, moves, state, withdrawn,
                                     players=players_key, seed=args.seed))
            line += f" -> {path}"
        print(line, flush=True)
    total = ", ".join(f"{k} {v}" for k, v in sorted(wins.items()))
    why = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "none"
    print(f"total {args.games} games: {total}; by reason: {why}; "
          f"average length {sum(lengths) / len(lengths):.1f} {game.MOVES_KEY}")
    slowest = max(((t, name) for name, ts in clocks.items() for t in ts), default=None)
    for name, ts in sorted(clocks.items()):
        print(f"{name}: {len(ts)} turns, average {sum(ts) / len(ts):.3f} s, "
              f"slowest {max(ts):.3f} s")
    if slowest is not None:
        print(f"slowest turn: {slowest[0]:.3f} s by {slowest[1]}")
    return 0


def _ask(player: Player, state: Any, history: tuple[Any, list[Any], list[Any]]) -> Any:
    """A player's move; players that read the game so far (bots) get history too: (initial
    state, moves, withdrawals), what `record.build` takes."""
    if getattr(player, "needs_history", False):
        return player(state, history=history)  # type: ignore[call-arg]
    return player(state)
