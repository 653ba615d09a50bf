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
        raise ValueError("a human seat plays only in the app: give random, easy, normal, hard, "
                         "LEVEL:N or cmd:PROGRAM")
    return spec


def host_command(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """`host`: see the README's "Network play"."""
    from common.games import get
    from common.net.host import Host, HostedGame, header_message

    game = games[args.game]
    if args.resume is not None:
        try:
            hosted = HostedGame.load(args.resume)
        except ValueError as err:
            return _bad("host", err)
        if hosted.game != args.game:
            return _bad("host", f"game {args.resume} is a game of {hosted.game}")
    elif args.players is None:
        return _bad("host", "--players is required (or --resume GAME_ID)")
    else:
        texts = [p.strip() for p in args.players.split(",")]
        try:
            if len(texts) not in get(args.game).seat_counts:
                raise ValueError(f"--players needs "
                                 f"{' or '.join(map(str, get(args.game).seat_counts))} "
                                 f"specs, not {len(texts)}")
            specs = [None if t == REMOTE else _seat_spec(t) for t in texts]
            seed = args.seed if args.seed is not None else random.randrange(2**31)
            initial = game.new_state(random.Random(seed), len(texts), args.first)
        except ValueError as err:
            return _bad("host", err)
        if not 0 < args.port < 65536 and args.port != 0:
            return _bad("host", f"port {args.port} is not a port")
        labels = [str(game.player_label(p)) for p in game.players(initial)]
        local = [lab for lab, s in zip(labels, specs, strict=True) if s is not None]
        remote = [lab for lab, s in zip(labels, specs, strict=True) if s is None]
        hub = ""
        if args.hub:
            from common.net.hub import parse_hub_url

            try:
                parse_hub_url(args.hub)
            except ValueError as err:
                return _bad("host", err)
            hub = args.hub
        hosted = HostedGame.new(args.game, labels, local, args.listen, args.port, hub)
        hosted.advertise = args.advertise or ""
        hosted.specs = {lab: str(s) for lab, s in zip(labels, specs, strict=True)
                        if s is not None}
        # a bot's command line stays on this machine (no peer runs it, and it may be long):
        # the header names the bot instead
        players = {lab: ("human" if s is None or s.is_bot else str(s))
                   for lab, s in zip(labels, specs, strict=True)}
        names = {lab: s.describe()[:40] for lab, s in zip(labels, specs, strict=True)
                 if s is not None and s.is_bot}
        header = header_message(game, initial, players, remote, names, info={"seed": seed})
        hosted.header = header
    host = Host(hosted)
    if hosted.hub and args.resume is None:
        from common.net.hub import register

        register(hosted)
    host.start()
    try:
        host.open(hosted.header)
        remote = list(hosted.header.get("remote", []))
        for label in remote:
            print(f"join {label} {hosted.url(label)}", flush=True)
        print(f"watch {hosted.url(wire.WATCH_ROLE)}", flush=True)
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
            raise ValueError("that URL is not a seat's (use watch for a watch URL)")
    except ValueError as err:
        return _bad("join", err)
    from common.net import keys

    try:
        keys.save(url.game_id, url.role, url.secret)
    except (OSError, ValueError) as err:
        from common.cli.terminal import terminal

        print(f"join: the seat's secret is not kept ({terminal(err)})", file=sys.stderr)
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
            print(f"{command}: cannot create {terminal(out, None)}: {err.strerror}",
                  file=sys.stderr)
            return 1
    session = NetSession(url, games, domain=domain)
    seats: LocalSeats | None = None
    waited = time.monotonic()
    try:
        while True:
            for event in session.poll():
                _show(event, command, verbose)
            if session.failed:
                print(f"{command}: {terminal(session.failed)}", file=sys.stderr)
                return 1
            patience = RECONNECT_SECONDS if session.game.ready else CONNECT_SECONDS
            if not session.client.connected and time.monotonic() - waited > patience:
                print(f"{command}: cannot reach the server ({terminal(session.status)})",
                      file=sys.stderr)
                return 1
            if session.client.connected:
                waited = time.monotonic()
            if session.game.ready and seats is None:
                mine = {session.game.player_of(lab): s for lab, s in specs.items()}
                if None in mine:
                    print(f"{command}: this game has no such seat", file=sys.stderr)
                    return 2
                seats = LocalSeats(session, mine, seed, play_out)  # type: ignore[arg-type]
            if session.game.over:
                break
            if seats is not None:
                seats.step()
            time.sleep(TICK)
        _farewell(session, command)
    except KeyboardInterrupt:
        print(f"{command}: interrupted (run it again with the same URL to go on)",
              file=sys.stderr)
        return 130
    finally:
        if seats is not None:
            seats.close()
        session.close()
    return _finish(session, out, command)


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
        print(f"{command}: ignored message {event.seq}: {terminal(event.text)}",
              file=sys.stderr)
    elif event.kind == "status":
        print(f"{command}: {terminal(event.text)}", file=sys.stderr)


def _finish(session: Any, out: Path | None, command: str) -> int:
    from common.cli.terminal import terminal

    net = session.game
    match = net.match
    result = match.result
    who = "a draw" if result.winner is None else f"{net.label(result.winner)} wins"
    line = f"game {session.url.game_id}: {who} by {result.reason} after {len(match.moves)} " \
           f"{net.game.MOVES_KEY}"
    if out is not None:
        path = out / f"{net.game.NAME}-{session.url.game_id}-{session.url.role}.json"
        try:
            rec.save(path, session.record())
        except OSError as err:
            print(line, flush=True)
            print(f"{command}: cannot write {terminal(path, None)} ({err.strerror or err})",
                  file=sys.stderr)
            return 1
        line += f" -> {terminal(path, None)}"
    print(line, flush=True)
    return 0
