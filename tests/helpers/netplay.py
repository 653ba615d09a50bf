"""Network-play test helpers: a real nats-server hosted game on 127.0.0.1 (a free port), and
a loop that drives sessions and their local seats until a condition holds (a generous
deadline, never a judgement of speed)."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from common.games import engines
from common.net import wire
from common.net.host import Host, HostedGame, header_message
from common.net.local import LocalSeats
from common.net.session import NetSession
from common.seats import SeatSpec

DEADLINE = 120.0  # seconds: a loaded machine is slow, not broken
GAMES = engines()


def host_game(name: str, specs: list[str | None], seed: int = 1, first: int | None = None,
              hub: str = "") -> Host:
    """Host a game (a None spec is a remote seat); the server runs until `host.stop()`."""
    game = GAMES[name]
    initial = game.new_state(random.Random(seed), len(specs), first)
    labels = [str(game.player_label(p)) for p in game.players(initial)]
    local = [lab for lab, s in zip(labels, specs, strict=True) if s is not None]
    remote = [lab for lab, s in zip(labels, specs, strict=True) if s is None]
    hosted = HostedGame.new(name, labels, local, hub=hub)
    if hub:
        from common.net.hub import register

        register(hosted)
    players = {lab: s or "human" for lab, s in zip(labels, specs, strict=True)}
    host = Host(hosted)
    host.start()
    host.open(header_message(game, initial, players, remote, info={"seed": seed}))
    return host


def session(url: wire.JoinUrl, domain: str | None = None) -> NetSession:
    """A session of the URL."""
    return NetSession(url, GAMES, domain=domain)


class Player:
    """A session and the seats it plays (label -> spec)."""

    def __init__(self, net: NetSession, specs: dict[str, str], seed: int = 0) -> None:
        self.net = net
        self.specs = specs
        self.seed = seed
        self.seats: LocalSeats | None = None
        self.events: list = []

    def step(self) -> None:
        self.events += self.net.poll()
        if self.net.game.ready and self.seats is None:
            mine = {self.net.game.player_of(k): SeatSpec.parse(v) for k, v in self.specs.items()}
            self.seats = LocalSeats(self.net, mine, self.seed)
        if self.seats is not None:
            self.seats.step()

    def close(self) -> None:
        if self.seats is not None:
            self.seats.close()
        self.net.close()


def drive(players: list[Player], until: Callable[[], bool], seconds: float = DEADLINE) -> None:
    """Step every player until `until()` holds (AssertionError after `seconds`)."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the game did not get there in time"
        for player in players:
            player.step()
        time.sleep(0.002)


def publish_raw(url: wire.JoinUrl, subject: str, data: bytes, domain: str | None = None,
                count: int = 1) -> str:
    """Publish `count` times as that URL's user, bypassing every client check: "ok", or the
    refusal (the server's permission error arrives at once; the publish then times out)."""
    async def go() -> str:
        import nats

        errors: list[str] = []

        async def error(err: Exception) -> None:
            errors.append(str(err))

        nc = await nats.connect(url.connect_url(), error_cb=error,
                                inbox_prefix=wire.inbox_prefix(url.game_id, url.role))
        try:
            for _ in range(count):
                await nc.jetstream(domain=domain).publish(subject, data, timeout=1)
            return "ok"
        except Exception as err:  # noqa: BLE001 - the refusal is the answer
            await asyncio.sleep(0.1)
            return "; ".join(errors) or type(err).__name__
        finally:
            await nc.close()

    return asyncio.run(go())
