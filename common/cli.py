"""The command line: one entry point for the app and the headless tools (selfplay, validate,
perft). Every engine is reached through the `Game` protocol, so both games share all of it.

Bad input (a missing file, a broken record, a wrong argument) prints one clear line and exits
with status 1 (2 for a wrong command line; `move` answers every bad input with 2, since a
script asking it cannot tell them apart anyway), never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import record as rec
from common.protocol import Forfeit, Game
from common.seats import MAX_NODES, SeatSpec

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

        return BotPlayer(game, spec.command or "", getattr(args, "bot_timeout", DEFAULT_TIMEOUT),
                         rng)
    raise ValueError("a human seat plays only in the app (use the play command)")


def build_parser(games: dict[str, Game]) -> argparse.ArgumentParser:
    """The argument parser for every command."""
    names = sorted(games)
    from common.launch import program_name

    parser = argparse.ArgumentParser(
        prog=program_name(),  # as the user started it: bootstrap.py, the launcher, main.py
        description="Overlords and Prepollency. With no command, opens the game window.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="""examples:
  %(prog)s                                       open the app on the main menu
  %(prog)s play overlords --players human,normal --seed 7
  %(prog)s play prepollency --players human,normal,human,hard --first 2
  %(prog)s selfplay overlords --players hard,easy --games 10 --seed 1 --out out/
  %(prog)s selfplay prepollency --players hard,random,random,random --first 2 --nodes 2000
  %(prog)s selfplay overlords --players "cmd:python3 my_bot.py,normal"
  %(prog)s validate out/*.json                   "FILE: ok", or the move and the reason
  %(prog)s perft out/overlords-0001.json --depth 2
  %(prog)s move out/overlords-0001.json --player hard:6000 --seed 3
  %(prog)s move saved.json --hint              the move the Hint would show
  %(prog)s learn --check                         replay every lesson and puzzle

Seat specs: human (play only), random, novice, easy, normal, hard, LEVEL:N (exactly N search
nodes; novice does not search), cmd:PROGRAM ARGS (an outside bot speaking JSON lines; see the
README). COMMAND --help lists each command's options. Records are the JSON save files described
in the rules (RULES.md).""",
    )
    from common.version import version

    parser.add_argument("--version", action="version", version=f"overlords-prepollency "
                        f"{version()}")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add the app (and its icon) to this user's desktop menu "
                             "(Linux and other freedesktop desktops)")
    parser.add_argument("--uninstall-desktop-entry", action="store_true",
                        help="remove what --install-desktop-entry added")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the app straight into a game")
    play.add_argument("game", choices=names)
    play.add_argument("--players", default=None,
                      help="one spec per seat, comma-separated (2 seats; 2, 3 or 4 for "
                           "prepollency): human, random, novice, easy, normal, hard, "
                           "cmd:PROGRAM ARGS (an outside bot); e.g. human,novice")
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
             "prepollency): random, novice, easy, normal, hard (hard:N: exactly N nodes), "
             "cmd:PROGRAM ARGS (an outside bot)",
    )
    selfplay.add_argument("--games", type=_positive, default=1, help="how many games (1)")
    selfplay.add_argument("--seed", type=int, default=0, help="seed for boards and players (0)")
    selfplay.add_argument("--out", type=Path, default=None, help="folder for the records")
    selfplay.add_argument("--first", type=int, default=None, help="prepollency: first seat")
    selfplay.add_argument("--max-moves", type=_positive, default=5000,
                          help="stop a game unfinished after this many moves (5000)")
    selfplay.add_argument("--nodes", type=_node_count, default=None,
                          help="CPU seats search exactly N nodes a turn (reproducible) "
                               "instead of their level's time")
    selfplay.add_argument("--bot-timeout", type=_seconds, default=10.0,
                          help="a cmd: bot silent this many seconds forfeits (10)")
    selfplay.add_argument("--play-out", action="store_true",
                          help="no CPU seat resigns, even when it can no longer win (as the "
                               "app's setting does, they resign by default)")

    validate = sub.add_parser("validate", help="check records against the rules")
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE")

    perft = sub.add_parser("perft", help="count legal move sequences after a record's moves")
    perft.add_argument("file", type=Path, metavar="FILE")
    perft.add_argument("--depth", type=_depth, default=1,
                       help=f"sequence length (1; at most {MAX_DEPTH})")

    move = sub.add_parser(
        "move", help="print the move a player would make in a record's final position",
        description="Print the move a player would make in the final position of a record, "
                    "in the record's notation (an Overlords move as \"2D f1-c4\", a "
                    "Prepollency turn as its JSON list). Bad input: one line, exit status 2.")
    move.add_argument("file", type=Path, metavar="RECORD")
    who = move.add_mutually_exclusive_group()
    who.add_argument("--player", default="normal",
                     help="the seat spec that chooses: random, novice, easy, normal, hard, "
                          "LEVEL:N "
                          "(exactly N nodes: the same move on any machine), cmd:PROGRAM ARGS "
                          "(normal)")
    who.add_argument("--hint", action="store_true",
                     help="the Hint's choice: the normal level at its calibrated node count")
    move.add_argument("--seed", type=int, default=0, help="seed of the player (0)")
    move.add_argument("--bot-timeout", type=_seconds, default=10.0,
                      help="a cmd: bot silent this many seconds forfeits (10)")
    analyse = sub.add_parser(
        "analyse", help="analyse a record: each seat's chance, marks and better moves",
        description="Analyse every turn of a record: the mover, the move, each seat's chance "
                    "to win after it, the mark (?! ? ??), the exact verdict, the better move. "
                    "Bad input: one line, exit status 2.")
    analyse.add_argument("file", type=Path, metavar="RECORD")
    analyse.add_argument("--nodes", type=_node_count, default=None,
                         help="search nodes per position (the game's default)")
    analyse.add_argument("--seed", type=int, default=0, help="seed of the search (0)")
    analyse.add_argument("--json", action="store_true", help="a JSON list, one object a turn")
    bot = sub.add_parser(
        "bot", help="be a built-in outside bot (the Bot… field's example) on stdin/stdout",
        description="Answer the game's JSON-line messages on stdin as an outside bot does "
                    "(see the README's \"Outside bots\"): random plays a random legal move.")
    bot.add_argument("name", choices=["random"])
    bot.add_argument("seed", type=int, nargs="?", default=None, help="seed of its choices")
    learn = sub.add_parser("learn", help="list the lessons, or check them (and the puzzles)")
    learn.add_argument("--check", action="store_true",
                       help="replay every lesson and puzzle with the engine; exit 0 only if "
                            "all hold")
    parser.subcommands = {"play": play, "selfplay": selfplay, "validate": validate,
                          "perft": perft, "move": move, "analyse": analyse, "bot": bot,
                          "learn": learn}
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:  # also a number of more than 4300 digits
        raise argparse.ArgumentTypeError(f"{terminal(text, 40)!r} is not a whole number "
                                         "(or not one this program reads)") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


MAX_DEPTH = 5  # perft depth: each more multiplies the time by ~100 (depth 4 takes minutes)


def _depth(text: str) -> int:
    value = _positive(text)
    if value > MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"depth {value} would run for ever (at most "
                                         f"{MAX_DEPTH})")
    return value


def _node_count(text: str) -> int:
    value = _positive(text)
    if value > MAX_NODES:
        raise argparse.ArgumentTypeError(
            f"{value} nodes is too many (at most {MAX_NODES:,}: hard searches ~4,000 a turn)")
    return value


def _seconds(text: str) -> float:
    """A bot timeout: more than 0 and at most `common.ai.bot.MAX_TIMEOUT` seconds (`inf`,
    `nan` and `1e308` are refused here: they would hang or crash a game)."""
    from common.ai.bot import check_timeout

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{terminal(text, 40)!r} is not a number of "
                                         "seconds") from None
    problem = check_timeout(value) if math.isfinite(value) else \
        "the bot timeout must be a finite number of seconds"
    if problem:
        raise argparse.ArgumentTypeError(f"{terminal(text, 40)}: {problem}")
    return value


def terminal(text: object, limit: int | None = 300) -> str:
    """Text from a file, a file name or a bot as a terminal shows it safely: control and
    format characters and lone surrogates (undecodable file-name bytes) escaped, so nothing
    read can send an escape sequence or fail to print; cut to `limit` characters."""
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs"
                   else repr(ch)[1:-1] for ch in text)


def run(argv: list[str], games: dict[str, Game], app: Callable[[argparse.Namespace], int]) -> int:
    """Run a command line; `app` opens the window (no command, or `play`)."""
    parser = build_parser(games)
    args = parser.parse_args(argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        if args.command is not None or (args.install_desktop_entry
                                        and args.uninstall_desktop_entry):
            parser.error("--install-desktop-entry / --uninstall-desktop-entry go alone")
        return desktop_entry(install=args.install_desktop_entry)
    if args.command in (None, "play"):
        return app(args)
    try:
        if args.command == "selfplay":
            try:
                return selfplay(args, games[args.game])
            except UsageError as err:
                parser.subcommands["selfplay"].error(str(err))
        if args.command == "validate":
            return validate(args.files, games)
        if args.command == "move":
            return move_command(args, games)
        if args.command == "analyse":
            from common.analysis_cli import analyse_command  # the search, only when asked

            return analyse_command(args, games)
        if args.command == "bot":
            from common.ai.example_bot import serve

            return serve(args.seed)
        if args.command == "learn":
            from common.lessons import check_command

            return check_command(args.check)
        return perft(args.file, args.depth, games)
    except KeyboardInterrupt:  # Ctrl+C: one line, no traceback (what was printed stays)
        print(f"{args.command}: interrupted", file=sys.stderr)
        return 130
    except RecursionError:  # a hostile input nested too deeply for some engine code
        print(f"{args.command}: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `... | head`: the reader left; stop quietly, no traceback
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def desktop_entry(install: bool) -> int:
    """Install or remove the desktop entry and icons (common/desktop.py); say what changed."""
    from common import desktop

    if sys.platform in ("win32", "darwin"):
        print("desktop entries are for Linux and other freedesktop.org desktops; on Windows "
              "and macOS see the README's \"Install and double-click\"", file=sys.stderr)
        return 1
    try:
        changed = desktop.install() if install else desktop.uninstall()
    except OSError as err:
        where = f" {err.filename}" if err.filename else ""
        print(f"desktop entry: cannot write{where}: {err.strerror or err}", file=sys.stderr)
        return 1
    if install:
        print(f"installed {desktop.entry_file()} (and its AppStream metainfo and "
              f"{len(changed) - 2} icon files)")
        print(f"it starts: {desktop.exec_line()}")
    elif changed:
        print(f"removed {desktop.entry_file()} (and its metainfo and icon files)" if
              desktop.entry_file() in changed else f"removed {len(changed)} files")
    else:
        print(f"nothing to remove: {desktop.entry_file()} is not there")
    return 0


def validate(files: list[Path], games: dict[str, Game]) -> int:
    """Print `FILE: ok` for each valid record, or the first problem; 1 if any failed."""
    failed = 0
    for path in files:
        name = terminal(path, None)
        try:
            rec.replay(rec.load(path), games)
        except rec.RecordError as err:
            print(f"{name}: {terminal(err)}")
            failed += 1
        except Exception as err:  # noqa: BLE001 - one file's surprise must not stop the rest
            print(f"{name}: cannot be checked ({type(err).__name__}: {terminal(err, 120)})")
            failed += 1
        else:
            print(f"{name}: ok")
    return 1 if failed else 0


def perft(path: Path, depth: int, games: dict[str, Game]) -> int:
    """Print the number of legal move sequences of length depth after the record's moves."""
    try:
        replay = rec.replay(rec.load(path), games)
    except rec.RecordError as err:
        print(f"{terminal(path, None)}: {terminal(err)}", file=sys.stderr)
        return 1
    from common.perft_budget import refusal

    start = time.perf_counter()
    too_much = refusal(replay.game, replay.final, depth)
    if too_much is not None:
        print(f"perft: {too_much}", file=sys.stderr)
        return 2
    count = replay.game.perft(replay.final, depth)
    elapsed = time.perf_counter() - start
    print(f"{count}")
    print(f"depth {depth}: {count} in {elapsed:.3f} s", file=sys.stderr)
    return 0


class _Clock:
    """Running statistics of one seat's turn times (flat memory for any number of games)."""

    __slots__ = ("turns", "total", "slowest")

    def __init__(self) -> None:
        self.turns, self.total, self.slowest = 0, 0.0, 0.0

    def add(self, seconds: float) -> None:
        self.turns += 1
        self.total += seconds
        self.slowest = max(self.slowest, seconds)


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
                raise ValueError("a human seat does not choose here: give random, novice, "
                                 "easy, normal, hard, LEVEL:N or cmd:PROGRAM")
        game, chosen = choose_move(record, spec, args.seed, games, args.bot_timeout)
    except rec.RecordError as err:
        print(f"{terminal(args.file)}: {terminal(err)}", file=sys.stderr)
        return 2
    except (ValueError, Forfeit) as err:
        print(f"move: {terminal(err)}", file=sys.stderr)
        return 2
    data = game.move_data(chosen)
    print(data if isinstance(data, str) else json.dumps(data))
    return 0


def selfplay(args: argparse.Namespace, game: Game) -> int:
    """Play args.games games between the seat specs; print a line per game and the totals.
    A CPU seat that can no longer win resigns at the start of its turn, unless --play-out.

    Memory stays flat however many games are played (running totals, nothing kept per game
    or per turn). If a record cannot be written (a read-only folder, a full disk, a file-size
    limit), one line says so, the records written so far are kept, and it stops (status 1)."""
    try:
        specs = [SeatSpec.parse(s.strip()) for s in args.players.split(",")]
    except ValueError as err:
        raise UsageError(str(err)) from None
    master = random.Random(args.seed)
    if args.out is not None:
        try:
            args.out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(f"cannot create {terminal(args.out, None)}: {err.strerror}", file=sys.stderr)
            return 1
    wins: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    moves_played = 0
    clocks: dict[str, _Clock] = {}  # seat label and spec -> its turn times
    slowest: tuple[float, str] | None = None
    played = 0
    for number in range(1, args.games + 1):
        rng = random.Random(master.getrandbits(64))
        try:
            state = game.new_state(rng, len(specs), args.first)
            seats = game.players(state)
            players = {p: make_player(game, spec, rng, args)
                       for p, spec in zip(seats, specs, strict=True)}
        except ValueError as err:
            raise UsageError(str(err)) from None
        names = {p: terminal(f"{game.player_label(p)} ({s})", None)
                 for p, s in zip(seats, specs, strict=True)}
        resigning = {p: s.searches and not args.play_out for p, s in zip(seats, specs,
                                                                         strict=True)}
        state, setup_forfeits = _openings(game, state, seats, players, names, number, rng)
        initial, moves, withdrawn = state, [], []  # the game so far, as its record holds it
        for seat in setup_forfeits:
            state = rec.withdraw(game, state, seat, "forfeit", moves, withdrawn)
        while game.outcome(state) is None and len(moves) < args.max_moves:
            seat = game.to_move(state)
            if resigning[seat] and _gives_up(game, state):
                state = rec.withdraw(game, state, seat, "resign", moves, withdrawn)
                continue
            started = time.perf_counter()
            try:
                move = _ask(players[seat], state, (initial, moves, withdrawn))
            except Forfeit as err:
                print(f"game {number}: {names[seat]} forfeits: {terminal(err)}",
                      file=sys.stderr)
                state = rec.withdraw(game, state, seat, "forfeit", moves, withdrawn)
                continue
            finally:
                took = time.perf_counter() - started
                clocks.setdefault(names[seat], _Clock()).add(took)
                if slowest is None or took > slowest[0]:
                    slowest = (took, names[seat])
            state = game.apply(state, move)
            moves.append(move)
        for player in players.values():
            close = getattr(player, "close", None)
            if close is not None:
                close()
        outcome = game.outcome(state)
        moves_played += len(moves)
        played += 1
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
            try:
                rec.save(path, rec.build(game, initial, moves, state, withdrawn,
                                         players=players_key, seed=args.seed))
            except OSError as err:
                print(line, flush=True)
                kept = f"the {number - 1} records written before it are kept" if number > 1 \
                    else "no record was written"
                print(f"selfplay: cannot write {terminal(path, None)} "
                      f"({err.strerror or err}); stopped after game {number}: {kept}",
                      file=sys.stderr)
                _totals(args, game, played, wins, reasons, moves_played, clocks, slowest)
                return 1
            line += f" -> {terminal(path, None)}"
        print(line, flush=True)
    _totals(args, game, played, wins, reasons, moves_played, clocks, slowest)
    return 0


def _gives_up(game: Game, state: Any) -> str:
    """Why the CPU seat to move resigns now, or "" (`common.ai.levels.gives_up`)."""
    from common.ai.levels import gives_up  # the search package, only for CPU seats

    return gives_up(game, state)


def _openings(game: Game, state: Any, seats: tuple[int, ...], players: dict[int, Any],
              names: dict[int, str], number: int, rng: random.Random) -> tuple[Any, list[int]]:
    """The start state once every seat made its choices before the first turn (Overlords:
    its setup), in seat order (White first, then Black, seeing White's), and the seats that
    forfeited there (a bot that failed: the program chose for it, and it forfeits)."""
    forfeits: list[int] = []
    for seat in seats:
        opening = getattr(players[seat], "opening", None)
        if opening is None:
            continue
        try:
            state = opening(state, seat)
        except Forfeit as err:
            print(f"game {number}: {names[seat]} forfeits at its setup: {terminal(err)}",
                  file=sys.stderr)
            from common.ai.bot import program_setup

            state = program_setup(game, state, seat, rng)
            forfeits.append(seat)
    return state, forfeits


def _totals(args: argparse.Namespace, game: Game, played: int, wins: Counter[str],
            reasons: Counter[str], moves_played: int, clocks: dict[str, _Clock],
            slowest: tuple[float, str] | None) -> None:
    total = ", ".join(f"{k} {v}" for k, v in sorted(wins.items()))
    why = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) or "none"
    average = moves_played / played if played else 0.0
    print(f"total {played} games: {total or 'none'}; by reason: {why}; "
          f"average length {average:.1f} {game.MOVES_KEY}")
    for name, clock in sorted(clocks.items()):
        print(f"{name}: {clock.turns} turns, average {clock.total / clock.turns:.3f} s, "
              f"slowest {clock.slowest:.3f} s")
    if slowest is not None:
        print(f"slowest turn: {slowest[0]:.3f} s by {slowest[1]}")


def _ask(player: Player, state: Any, history: tuple[Any, list[Any], list[Any]]) -> Any:
    """A player's move; players that read the game so far (bots) get history too: (initial
    state, moves, withdrawals), what `record.build` takes."""
    if getattr(player, "needs_history", False):
        return player(state, history=history)  # type: ignore[call-arg]
    return player(state)
