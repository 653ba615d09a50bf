"""What the network commands do: `host`, `join` and `watch` (`common.net.hub` runs `hub`); each
command's module of `common/cli/` declares its options and calls `guarded(...)` here.

Bad input (a seat spec, a URL, a game) prints one line and exits with status 2; a game that
cannot be followed or reached exits with 1. Everything a peer sent is printed through
`common.cli.terminal` (control characters escaped, cut).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import record as rec
from common.i18n import _
from common.net import wire
from common.protocol import Game
from common.seats import SeatSpec

REMOTE = "remote"
TICK = 0.005  # seconds between two polls of the headless loop
CONNECT_SECONDS = 60.0  # a server never reached in this long: give up (exit 1)
RECONNECT_SECONDS = 900.0  # a server lost this long (a host that does not come back): give up
BYE_SECONDS = 10.0  # a joiner's "bye" (it read the result) may take this long to land
LINGER_SECONDS = 30.0  # a host serves the ended game until every remote seat said bye
def guarded(command: Callable[[argparse.Namespace, dict[str, Game]], int],
            args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Run one network command: a server that fails or a system error is one line, exit 1."""
    from common.cli.terminal import terminal
    from common.net.server import ServerError

    try:
        return command(args, games)
    except ServerError as err:
        print(f"{args.command}: {terminal(err)}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"{args.command}: {terminal(err.strerror or err)}", file=sys.stderr)
        return 1


def _bad(command: str, why: object) -> int:
    from common.cli.terminal import terminal

    print(f"{command}: {terminal(why)}", file=sys.stderr)
    return 2


def _seat_spec(text: str) -> SeatSpec:
    spec = SeatSpec.parse(text)
    if spec.is_human:
        raise ValueError(_("a human seat plays only in the app: give random, easy, normal, "
                           "hard, LEVEL:N or cmd:PROGRAM"))
    return spec


def host_command(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """`host`: see the README's "Network play"."""
    from common.net.host import HostedGame

    game = games[args.game]
    try:
        if args.resume is not None:
            hosted = HostedGame.load(args.resume)
            if hosted.game != args.game:
                raise ValueError(_("game {game_id} is a game of {game}").format(
                    game_id=args.resume, game=hosted.game))
        elif args.players is None:
            raise ValueError(_("--players is required (or --resume GAME_ID)"))
        else:
            hosted = _new_hosted(args, game)
    except ValueError as err:
        return _bad("host", err)
    return _run_host(hosted, args, games)


def _new_hosted(args: argparse.Namespace, game: Game) -> Any:
    """A new hosted game from the command line's `--players` (ValueError with the reason)."""
    from common.net.host import HostedGame, seats_header

    specs, seed, initial = _checked_players(args, game)
    labels = [str(game.player_label(p)) for p in game.players(initial)]
    seats = list(zip(labels, specs, strict=True))
    local = [lab for lab, s in seats if s is not None]
    hosted = HostedGame.new(args.game, labels, local, args.listen, args.port, args.hub or "")
    hosted.advertise = args.advertise or ""
    hosted.specs = {lab: str(s) for lab, s in seats if s is not None}
    hosted.header = seats_header(game, initial, seats, seed)
    return hosted


def _checked_players(args: argparse.Namespace, game: Game) -> tuple[list, int, Any]:
    """The seats' specs (None: a remote seat), the seed and the first position, from the
    command line (ValueError with the reason)."""
    from common.games import get

    texts = [p.strip() for p in args.players.split(",")]
    counts = get(args.game).seat_counts
    if len(texts) not in counts:
        raise ValueError(_("--players needs {counts} specs, not {count}").format(
            counts="/".join(map(str, counts)), count=len(texts)))
    specs = [None if t == REMOTE else _seat_spec(t) for t in texts]
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    initial = game.new_state(random.Random(seed), len(texts), args.first)
    if not 0 < args.port < 65536 and args.port != 0:
        raise ValueError(_("port {port} is not a port").format(port=args.port))
    if args.hub:
        from common.net.hub import parse_hub_url

        parse_hub_url(args.hub)
    return specs, seed, initial


def _run_host(hosted: Any, args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Serve the hosted game, print the join and watch URLs, and play its local seats."""
    from common.net.host import Host

    host = Host(hosted)
    if hosted.hub and args.resume is None:
        from common.net.hub import register

        register(hosted)
    host.start()
    try:
        host.open(hosted.header)
        for label in list(hosted.header.get("remote", [])):
            print(f"join {label} {hosted.url(label)}", flush=True)
        print(f"watch {hosted.url(wire.WATCH_ROLE)}", flush=True)
        _print_codes(hosted)
        lan = _advertise(hosted)
        specs = {lab: SeatSpec.parse(s) for lab, s in hosted.specs.items()}
        try:
            return _play(hosted.url(wire.HOST_ROLE, local=True), games, specs, args.out,
                         seed=int(hosted.header.get("info", {}).get("seed", 0)),
                         play_out=args.play_out, command="host", domain=hosted.domain)
        finally:
            if lan is not None:
                lan.close()
    finally:
        host.stop()


def _print_codes(hosted: Any) -> None:
    """One line `code ROLE CODE ADDRESS` per short join code (a window's Join game takes the
    code and the address; `common.net.ticket`), and how long the codes work."""
    from common.net import ticket

    if not hosted.codes:
        return
    where = hosted.url(wire.WATCH_ROLE).server.split("://", 1)[1]
    for role, code in hosted.codes.items():
        print(f"code {role} {ticket.shown(code)} {where}", flush=True)


def _advertise(hosted: Any) -> Any:
    """Advertise a LAN game with zeroconf (not for a loopback-only or hub game)."""
    if hosted.listen in ("127.0.0.1", "localhost") or hosted.hub:
        return None
    try:
        from common.net.lan import Advertiser

        return Advertiser(hosted)
    except Exception:  # noqa: BLE001 - no multicast here: the URLs still work
        return None


def join_command(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """`join`: see the README's "Network play"."""
    try:
        url = wire.parse_url(args.url)
        spec = _seat_spec(args.spec)
        if url.role in (wire.HOST_ROLE, wire.WATCH_ROLE, "leaf"):
            raise ValueError(_("that URL is not a seat's (use watch for a watch URL)"))
    except ValueError as err:
        return _bad("join", err)
    from common.net import keys

    try:
        keys.save(url.game_id, url.role, url.secret)
    except (OSError, ValueError) as err:
        from common.cli.terminal import terminal

        print(_("join: the seat's secret is not kept ({problem})").format(
            problem=terminal(err)), file=sys.stderr)
    return _play(url, games, {url.role: spec}, args.out, seed=args.seed,
                 play_out=args.play_out, command="join")


def watch_command(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """`watch`: see the README's "Network play"."""
    try:
        url = wire.parse_url(args.url)
    except ValueError as err:
        return _bad("watch", err)
    return _play(url, games, {}, None, command="watch", verbose=True)


def _play(url: wire.JoinUrl, games: dict[str, Game], specs: dict[str, SeatSpec],
          out: Path | None, seed: int = 0, play_out: bool = False, command: str = "join",
          verbose: bool = False, domain: str | None = None) -> int:
    """The headless loop: poll the session, play the local seats, print, save at the end."""
    from common.cli.terminal import terminal
    from common.net.local import LocalSeats
    from common.net.session import NetSession

    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(_("{command}: cannot create {folder}: {problem}").format(
                command=command, folder=terminal(out, None), problem=err.strerror),
                  file=sys.stderr)
            return 1
    session = NetSession(url, games, domain=domain)
    seats: list[LocalSeats] = []  # the local seats, once the game is ready
    waited = time.monotonic()
    try:
        while True:
            for event in session.poll():
                _show(event, command, verbose)
            waited, failed = _check_session(session, command, waited)
            if failed is None and session.game.ready and not seats:
                failed = _seat_locally(session, specs, seed, play_out, command, seats)
            if failed is not None:
                return failed
            if session.game.over:
                break
            for local in seats:
                local.step()
            time.sleep(TICK)
        _farewell(session, command)
    except KeyboardInterrupt:
        print(_("{command}: interrupted (run it again with the same URL to go on)").format(
            command=command),
              file=sys.stderr)
        return 130
    finally:
        for local in seats:
            local.close()
        session.close()
    return _finish(session, out, command)


def _check_session(session: Any, command: str, waited: float) -> tuple[float, int | None]:
    """The session's health: (when it was last connected, None) while it may go on, or the
    exit status once it failed or could not reach the server in time (said on stderr)."""
    from common.cli.terminal import terminal

    if session.failed:
        print(f"{command}: {terminal(session.failed)}", file=sys.stderr)
        return waited, 1
    patience = RECONNECT_SECONDS if session.game.ready else CONNECT_SECONDS
    if not session.client.connected and time.monotonic() - waited > patience:
        print(_("{command}: cannot reach the server ({problem})").format(
            command=command, problem=terminal(session.status)),
              file=sys.stderr)
        return waited, 1
    return (time.monotonic() if session.client.connected else waited), None


def _seat_locally(session: Any, specs: dict[str, SeatSpec], seed: int, play_out: bool,
                  command: str, seats: list) -> int | None:
    """The game is ready: its local seats start playing (added to `seats`); 2 if a seat is
    not this game's (said on stderr)."""
    from common.net.local import LocalSeats

    mine = {session.game.player_of(lab): s for lab, s in specs.items()}
    if None in mine:
        print(_("{command}: this game has no such seat").format(command=command),
              file=sys.stderr)
        return 2
    seats.append(LocalSeats(session, mine, seed, play_out))  # type: ignore[arg-type]
    return None


def _farewell(session: Any, command: str) -> None:
    """After the end: a seat's client says it read the result; the host keeps its server up
    until every remote seat did (or LINGER_SECONDS), so that nobody misses the last move."""
    net = session.game
    if command == "join" and session.seat is not None:
        session.bye(session.seat)
        deadline = time.monotonic() + BYE_SECONDS
        while session.pending() and time.monotonic() < deadline:
            session.poll()
            time.sleep(TICK)
    elif command == "host":
        deadline = time.monotonic() + LINGER_SECONDS
        while not set(net.remote) <= session.byes() and time.monotonic() < deadline:
            session.poll()
            time.sleep(TICK)


def _show(event: Any, command: str, verbose: bool) -> None:
    from common.cli.terminal import terminal

    if event.kind in ("move", "setup", "left", "undo-asked", "undo-done", "undo-refused"):
        if verbose:
            print(f"{event.seq}: {terminal(event.text)}", flush=True)
    elif event.kind == "refused":
        print(_("{command}: ignored message {number}: {problem}").format(
            command=command, number=event.seq, problem=terminal(event.text)),
              file=sys.stderr)
    elif event.kind == "status":
        print(f"{command}: {terminal(event.text)}", file=sys.stderr)


def _finish(session: Any, out: Path | None, command: str) -> int:
    from common.cli.terminal import terminal

    net = session.game
    match = net.match
    result = match.result
    said = _("game {game_id}: a draw after {count} {moves_key}") if result.winner is None \
        else _("game {game_id}: {who} wins by {reason} after {count} {moves_key}")
    line = said.format(game_id=session.url.game_id, reason=result.reason, count=len(match.moves),
                       moves_key=net.game.MOVES_KEY,
                       who=net.label(result.winner) if result.winner is not None else "")
    if out is not None:
        path = out / f"{net.game.NAME}-{session.url.game_id}-{session.url.role}.json"
        try:
            rec.save(path, session.record())
        except OSError as err:
            print(line, flush=True)
            print(_("{command}: cannot write {file} ({problem})").format(
                command=command, file=terminal(path, None), problem=err.strerror or err),
                  file=sys.stderr)
            return 1
        line += f" -> {terminal(path, None)}"
    print(line, flush=True)
    return 0
