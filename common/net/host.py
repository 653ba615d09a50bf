"""A hosted game: its id, per-seat secrets, its server (embedded, or a hub's), its stream and
the header that opens its log.

`HostedGame` is what a host keeps in its private folder (``<config>/net/host/<game id>/``,
0700: ``game.json`` 0600 with the secrets, ``store/`` for JetStream, ``nats.conf``,
``nats.log``), so that a host that quits and comes back (`HostedGame.load`, `Host.start`)
restarts its server on the same store, on the same port if it is free, and every client
reconnects and reads on.

On a LAN the host runs the bundled nats-server with JetStream (`common.net.server`); with a
hub (`--hub URL`) the game is registered there (`common.net.hub.register`) and the embedded
server, without JetStream, links out to the hub as a leaf node: the host's own clients connect
locally, the remote seats to the hub.

`header_message` is the log's first message: the game's record header (the board, the setup
placeholders, the seats and who starts: the chance drawn at the start), the rules version, the
seats' labels, specs and names, and which seats are remote.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from common import record as rec
from common.i18n import _
from common.net import wire
from common.net.server import (
    NatsServer,
    ServerConfig,
    User,
    free_port,
    permissions,
    port_free,
    private_folder,
    write_private,
)
from common.protocol import Game

# a game's log: honest messages are ~100 bytes, a long game a few thousand of them. Each
# subject is bounded on its own (a flooding seat fills at most 2,000 x 2 KB = 4 MB, half the
# stream), so one peer's flood never stops the others' messages
MAX_MSGS, MAX_BYTES, MAX_CONSUMERS, MAX_MSGS_PER_SUBJECT = 10_000, 8 * 1024 * 1024, 256, 2_000


def host_folder(game_id: str) -> Path:
    """The private folder of a hosted game."""
    from common.paths import settings_file

    return settings_file().parent / "net" / "host" / game_id


def header_message(game: Game, initial: Any, specs: dict[str, str], remote: list[str],
                   names: dict[str, str] | None = None, info: dict | None = None) -> dict:
    """The log's first message (see the module docstring). `specs` and `names` by label."""
    from common.ai.bot.setup import has_setup

    return {"t": wire.HEADER, "protocol": wire.PROTOCOL, "game": game.NAME,
            "version": rec.VERSION, "record": game.record_header(initial),
            "players": specs, "names": names or {}, "remote": remote,
            "info": info or {}, "setup": has_setup(game, initial)}


def seats_header(game: Game, initial: Any, seats: list[tuple[str, Any]], seed: int) -> dict:
    """The header of a game whose seats are (label, SeatSpec or None: remote). A bot's
    command line stays on this machine (no peer runs it, and it may be long): the header
    names the bot instead."""
    remote = [lab for lab, s in seats if s is None]
    players = {lab: ("human" if s is None or s.is_bot else str(s)) for lab, s in seats}
    names = {lab: s.describe()[:40] for lab, s in seats if s is not None and s.is_bot}
    return header_message(game, initial, players, remote, names, info={"seed": seed})


@dataclass
class HostedGame:
    """A hosted game's facts, kept in `host_folder` (secrets included: mode 0600)."""

    game_id: str
    game: str
    labels: list[str]
    local: list[str]
    secrets: dict[str, str]  # role ("host", "watch", "leaf", a label) -> secret
    listen: str = "127.0.0.1"
    port: int = 0
    advertise: str = ""  # the host name the join URLs carry
    hub: str = ""  # the hub's join URL for hosts, when the game lives on a hub
    hub_server: str = ""  # the hub's address for the remote seats (nats://HOST:PORT)
    hub_leaf: str = ""  # the hub's leaf-node address (nats-leaf://HOST:PORT)
    header: dict = field(default_factory=dict)
    specs: dict[str, str] = field(default_factory=dict)  # who plays the local seats
    codes: dict[str, str] = field(default_factory=dict)  # role -> short join code (ticket)
    codes_at: float = 0.0  # when the codes' tickets were published (time.time())

    @classmethod
    def new(cls, game: str, labels: list[str], local: list[str], listen: str = "127.0.0.1",
            port: int = 0, hub: str = "") -> HostedGame:
        """A fresh game id and secrets (nothing written yet)."""
        from common.net import ticket

        roles = [wire.HOST_ROLE, wire.WATCH_ROLE, "leaf", *labels]
        # short codes open a game on the host's own server only (a hub has no tickets)
        coded = [] if hub else [*(lab for lab in labels if lab not in local), wire.WATCH_ROLE]
        return cls(wire.new_game_id(), game, list(labels), list(local),
                   {role: wire.new_secret() for role in roles}, listen, port, hub=hub,
                   codes={role: ticket.new_code() for role in coded})

    @property
    def folder(self) -> Path:
        """Its private folder."""
        return host_folder(self.game_id)

    def save(self) -> None:
        """Write `game.json` (0600)."""
        private_folder(self.folder)
        write_private(self.folder / "game.json", json.dumps(asdict(self), indent=1))

    @classmethod
    def load(cls, game_id: str) -> HostedGame:
        """The kept facts of a hosted game (ValueError if there are none or they are bad)."""
        from common.paths import read_user_file

        if not wire.GAME_ID.fullmatch(game_id):
            raise ValueError(_("not a game id"))
        try:
            data = json.loads(read_user_file(host_folder(game_id) / "game.json", 64 * 1024))
            return cls(**data)
        except (OSError, ValueError, TypeError) as err:
            raise ValueError(_("no hosted game {game_id} to resume ({problem})").format(
                game_id=game_id, problem=err)) from None

    @property
    def domain(self) -> str | None:
        """The JetStream domain the host's own clients reach the stream by (a hub's)."""
        return wire.HUB_DOMAIN if self.hub else None

    def url(self, role: str, local: bool = False) -> wire.JoinUrl:
        """The URL of a role: on the hub for remote seats and spectators of a hub game; on
        the embedded server otherwise (`local`: by loopback, for the host's own clients)."""
        if self.hub_server and not local:
            scheme, _, rest = self.hub_server.partition("://")
            host, _, port = rest.rpartition(":")
            return wire.make_url(host.strip("[]"), int(port), self.game_id, role,
                                 self.secrets[role], scheme)
        host = "127.0.0.1" if local or self.listen in ("127.0.0.1", "localhost") else \
            (self.advertise or lan_address())
        return wire.make_url(host, self.port, self.game_id, role, self.secrets[role])

    def users(self) -> list[User]:
        """The embedded server's users: the host (managing its stream), every seat, the
        spectator."""
        manage = not self.hub
        out = []
        for role in [wire.HOST_ROLE, wire.WATCH_ROLE, *self.labels]:
            pub, sub = permissions(self.game_id, role, tuple(self.local), manage=manage,
                                   domain=self.domain)
            if role == wire.HOST_ROLE and self.codes:
                from common.net import ticket

                pub = (*pub, *ticket.host_permissions())
            out.append(User(wire.user_name(self.game_id, role), self.secrets[role], pub, sub))
        return out + self.ticket_users()

    def ticket_users(self) -> list[User]:
        """One user per short code: it may read its own ticket, nothing else
        (`common.net.ticket`)."""
        from common.net import ticket

        return [User(ticket.names(code).user, code, *ticket.permissions(code))
                for code in self.codes.values()]


def lan_address() -> str:
    """This machine's first non-loopback IPv4 address (for LAN join URLs), else 127.0.0.1."""
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                    return ip.ip
    except Exception:  # noqa: BLE001 - no interfaces readable: loopback will do
        pass
    return "127.0.0.1"


class Host:
    """Runs a hosted game's server (see the module docstring)."""

    def __init__(self, hosted: HostedGame) -> None:
        self.hosted = hosted
        self.server: NatsServer | None = None

    def start(self) -> None:
        """Start (or restart) the server on the game's store; the same port if free."""
        h = self.hosted
        if h.port == 0 or not port_free(h.listen, h.port):
            h.port = free_port(h.listen)
        config = ServerConfig(host=h.listen, port=h.port, users=h.users(),
                              name=f"ovp-{h.game_id}")
        if h.hub:
            from common.net.hub import leaf_url

            config.leaf_remote = leaf_url(h.hub_leaf, h.game_id, h.secrets["leaf"])
        else:
            config.store = h.folder / "store"
        h.save()
        self.server = NatsServer(config, h.folder)
        self.server.start()

    def open(self, header: dict, seconds: float = 20.0) -> None:
        """Make the stream (on a LAN server) and publish the header, once: a restarted host
        finds both there already."""
        h = self.hosted
        h.header = header
        h.save()
        fresh = asyncio.run(_open(h.url(wire.HOST_ROLE, local=True), header, h.domain,
                                  seconds, h.codes, h.secrets))
        if fresh and h.codes:
            h.codes_at = time.time()
            h.save()

    def stop(self, kill: bool = False) -> None:
        """Stop the server (the store stays: `start` again resumes)."""
        if self.server is not None:
            self.server.stop(kill=kill)


def stream_config(game_id: str) -> Any:
    """The game stream's configuration: file storage, new messages refused when full (the
    header is never discarded), each seat's subject bounded on its own, no deletion."""
    from nats.js import api

    return api.StreamConfig(
        name=wire.stream_name(game_id), subjects=[wire.game_subjects(game_id)],
        storage=api.StorageType.FILE, discard=api.DiscardPolicy.NEW,
        discard_new_per_subject=True, max_msg_size=wire.MAX_MESSAGE, deny_delete=True,
        deny_purge=True, num_replicas=1, max_msgs=MAX_MSGS, max_bytes=MAX_BYTES,
        max_consumers=MAX_CONSUMERS, max_msgs_per_subject=MAX_MSGS_PER_SUBJECT)


async def _open(url: wire.JoinUrl, header: dict, domain: str | None, seconds: float,
                codes: dict[str, str] | None = None, secrets: dict[str, str] | None = None
                ) -> bool:
    """Make the stream, publish the header and (a new game) the codes' tickets; True if the
    header was published now (False: a restarted host found it there)."""
    import nats
    import nats.js.errors

    nc = await nats.connect(url.connect_url(), connect_timeout=5,
                            inbox_prefix=wire.inbox_prefix(url.game_id, url.role))
    try:
        js = nc.jetstream(timeout=seconds, domain=domain)
        if domain is None:  # on its own server the host makes the stream (a hub made it)
            try:
                await js.add_stream(stream_config(url.game_id))
            except nats.js.errors.BadRequestError as err:
                if "already in use" not in str(err):
                    raise
        deadline = asyncio.get_running_loop().time() + seconds
        while True:
            try:
                await js.publish(wire.host_subject(url.game_id), wire.encode(header),
                                 headers={wire.CAS_HEADER: "0"})
                if codes and domain is None:
                    from common.net import ticket

                    await ticket.publish(js, codes, url.game_id, secrets or {})
                return True
            except nats.js.errors.APIError as err:
                if getattr(err, "err_code", None) == 10071:
                    return False  # the header is there already (a restarted host)
                raise
            except (nats.errors.NoRespondersError, nats.js.errors.NoStreamResponseError,
                    TimeoutError, nats.errors.TimeoutError):
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.1)  # a leaf link still coming up
    finally:
        await nc.close()
