"""A hub: one NATS server (JetStream) for many network games, and its admin protocol.

Permissions are plain server users, one per seat, as on a host's own server: the simplest
thing that really enforces "a seat publishes on its own subject only" (the server checks
every publish), with no operator/JWT tooling. The hub learns a game's users through a small
admin protocol:

- The hub prints a *host URL*, ``nats://hubhost:KEY@HOST:PORT``; the ``hubhost`` user may
  publish on ``ovp.hub.create`` only and receive on ``_INBOX.hub.>``.
- A host sends a request on ``ovp.hub.create``: ``{"game_id", "game", "labels", "local",
  "secrets": {role: secret}}`` (roles ``host``, ``watch``, ``leaf`` and each label). Only the
  hub's admin user can read that subject, so no other host sees the secrets.
- The hub's admin service checks it (sizes, forms, a known game, a new id, at most
  `MAX_GAMES`), adds the users (each with `common.net.server.permissions`), re-reads its
  configuration (SIGHUP), makes the game's stream and answers ``{"ok": true, "client":
  "nats://HOST:PORT", "leaf": "nats-leaf://HOST:LEAFPORT"}`` (no secret), or ``{"error":
  "..."}``.

The host's embedded server then links to ``leaf`` as a leaf node with the ``<id>_leaf`` user,
whose publish permission is the host's (the header and the host's local seats): even a
hostile host cannot speak for a remote seat on the hub. Remote seats and spectators connect to
``client`` with their own users. The hub keeps its users and games in ``hub.json`` (0600) in
its store folder, so a restarted hub serves the same games.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common.i18n import N_, _
from common.net import wire
from common.net.server import (
    NatsServer,
    ServerConfig,
    User,
    permissions,
    private_folder,
    write_private,
)

CREATE = "ovp.hub.create"
HOST_USER = "hubhost"
ADMIN_USER = "hubadmin"
MAX_GAMES = 2000
HUB_INBOX = "_INBOX.hub"
HUB_URL_FORM = "nats://hubhost:KEY@HOST:PORT"


def parse_hub_url(text: str) -> tuple[str, str, str]:
    """(server URL without credentials, user, secret) of a hub's host URL (ValueError)."""
    from urllib.parse import urlsplit

    if not isinstance(text, str) or len(text) > 400 or not text.isascii():
        raise ValueError(_("not a hub URL (expected {form})").format(form=HUB_URL_FORM))
    try:
        parts = urlsplit(text)
        port = parts.port or wire.DEFAULT_PORT
    except ValueError:
        raise ValueError(_("not a hub URL: the host or port cannot be read")) from None
    if parts.scheme not in ("nats", "tls") or not parts.hostname:
        raise ValueError(_("a hub URL is {form}").format(form=HUB_URL_FORM))
    if parts.username != HOST_USER or not wire.SECRET.fullmatch(parts.password or ""):
        raise ValueError(_("the hub URL has no {user} key").format(user=HOST_USER))
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}", HOST_USER, parts.password or ""


def leaf_url(leaf: str, game_id: str, secret: str) -> str:
    """The leaf-node remote URL of a game's host (its leaf user's credentials)."""
    scheme, _, rest = leaf.partition("://")
    return f"{scheme}://{wire.user_name(game_id, 'leaf')}:{secret}@{rest}"


def register(hosted: Any, seconds: float = 30.0) -> None:
    """Register a hosted game on its hub (`hosted.hub`); fills `hub_server` and `hub_leaf`
    (ValueError with the hub's reason, OSError if the hub cannot be reached)."""
    reply = asyncio.run(_request(hosted.hub, {
        "game_id": hosted.game_id, "game": hosted.game, "labels": hosted.labels,
        "local": hosted.local, "secrets": hosted.secrets}, seconds))
    if "error" in reply or not reply.get("ok"):
        # the hub's reason is one of its marked messages: said in this program's language
        raise ValueError(_("the hub refused the game: {reason}").format(
            reason=_(str(reply.get("error"))[:200])))
    hosted.hub_server = str(reply["client"])
    hosted.hub_leaf = str(reply["leaf"])


async def _request(url: str, body: dict, seconds: float) -> dict:
    import nats

    server, user, secret = parse_hub_url(url)
    scheme, _, rest = server.partition("://")
    nc = await nats.connect(f"{scheme}://{user}:{secret}@{rest}", connect_timeout=5,
                            inbox_prefix=f"{HUB_INBOX}.{wire.new_game_id()}")
    try:
        msg = await nc.request(CREATE, json.dumps(body).encode(), timeout=seconds)
        data = json.loads(msg.data[: wire.MAX_MESSAGE])
        return data if isinstance(data, dict) else {"error": N_("a bad answer")}
    finally:
        await nc.close()


class Hub:
    """A running hub (see the module docstring): its server and admin service."""

    def __init__(self, store: Path, listen: str = "0.0.0.0", port: int = wire.DEFAULT_PORT,
                 leaf_port: int = 7422, advertise: str | None = None) -> None:
        self.store = private_folder(store)
        self.listen, self.port, self.leaf_port = listen, port, leaf_port
        self.advertise = advertise or ("127.0.0.1" if listen in ("127.0.0.1", "localhost")
                                       else _lan())
        self.state = self._load()
        self.server = NatsServer(self._config(), self.store)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._reloads = 0
        self.ready = threading.Event()

    def _load(self) -> dict:
        from common.paths import read_user_file

        try:
            state = json.loads(read_user_file(self.store / "hub.json", 16 * 1024 * 1024))
            if isinstance(state, dict) and isinstance(state.get("games"), dict):
                return state
        except (OSError, ValueError):
            pass
        return {"admin": wire.new_secret(), "host_key": wire.new_secret(), "games": {}}

    def _save(self) -> None:
        write_private(self.store / "hub.json", json.dumps(self.state))

    @property
    def host_url(self) -> str:
        """The URL hosts register games with (it holds the hub's host key)."""
        return f"nats://{HOST_USER}:{self.state['host_key']}@{self.advertise}:{self.port}"

    def _config(self) -> ServerConfig:
        users = [User(ADMIN_USER, self.state["admin"], (">",), (">",)),
                 User(HOST_USER, self.state["host_key"], (CREATE,), (f"{HUB_INBOX}.>",))]
        for game_id, game in self.state["games"].items():
            for role, secret in game["secrets"].items():
                domain = wire.HUB_DOMAIN if role == "leaf" else None
                pub, sub = permissions(game_id, role, tuple(game["local"]), domain=domain)
                users.append(User(wire.user_name(game_id, role), secret, pub, sub))
        return ServerConfig(host=self.listen, port=self.port, store=self.store / "store",
                            users=users, leaf_port=self.leaf_port, name="ovp-hub",
                            domain=wire.HUB_DOMAIN, file_store=f"{MAX_GAMES * 8}MB")

    def start(self) -> None:
        """Start the server and the admin service (in a daemon thread)."""
        self._save()
        self.server.start()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="hub-admin")
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(30)
        self.ready.set()

    async def _serve(self) -> None:
        import nats

        self._nc = await nats.connect(
            f"nats://{ADMIN_USER}:{self.state['admin']}@127.0.0.1:{self.port}"
            if self.listen in ("0.0.0.0", "127.0.0.1") else
            f"nats://{ADMIN_USER}:{self.state['admin']}@{self.listen}:{self.port}",
            max_reconnect_attempts=-1)
        await self._nc.subscribe(CREATE, cb=self._create)

    async def _create(self, msg: Any) -> None:
        try:
            answer = await self._register(msg.data)
        except Exception as err:  # noqa: BLE001 - one bad request never stops the hub
            answer = {"error": f"{type(err).__name__}: {str(err)[:120]}"}
        if msg.reply:
            with contextlib.suppress(Exception):
                await self._nc.publish(msg.reply, json.dumps(answer).encode())

    async def _register(self, data: bytes) -> dict:
        from common.net.host import stream_config

        body = _registration(data)
        if body is None:
            return {"error": N_("not a request")}
        for refused, why in _REFUSALS:  # the first check the request fails says why
            if refused(self.state["games"], body):
                return {"error": why}
        game_id = body["game_id"]
        self.state["games"][game_id] = {"game": body["game"], "labels": body["labels"],
                                        "local": body["local"], "secrets": body["secrets"],
                                        "created": int(time.time())}
        self._save()
        await self._reload()
        js = self._nc.jetstream(timeout=10)
        await js.add_stream(stream_config(game_id))
        return {"ok": True, "client": f"nats://{self.advertise}:{self.port}",
                "leaf": f"nats-leaf://{self.advertise}:{self.leaf_port}"}

    async def _reload(self) -> None:
        """Re-read the configuration and wait until the server says it did."""
        self._reloads += 1
        self.server.reload(self._config())
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                if self.server.log_file.read_text(errors="replace").count(
                        "Reloaded server configuration") >= self._reloads:
                    return
            await asyncio.sleep(0.01)

    def stop(self) -> None:
        """Stop the admin service and the server."""
        if self._loop is not None:
            async def close() -> None:
                with contextlib.suppress(Exception):
                    await self._nc.close()

            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
            self._loop.call_soon_threadsafe(self._loop.stop)
        self.server.stop()


def _lan() -> str:
    from common.net.host import lan_address

    return lan_address()


def hub_command(args: Any) -> int:
    """`hub`: run until interrupted; print the host URL."""
    from common.paths import settings_file

    store = args.store or settings_file().parent / "net" / "hub"
    stop = threading.Event()
    if hasattr(signal, "SIGTERM"):  # before "ready" is printed: a signal right after it counts
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    hub = Hub(Path(store), args.listen, args.port, args.leaf_port, args.advertise)
    hub.start()
    print(_("hub ready: clients on port {port}, leaf nodes on port {leaf_port}").format(
        port=hub.port, leaf_port=hub.leaf_port), flush=True)
    print(_("host URL (keep it private): {url}").format(url=hub.host_url), flush=True)
    try:
        while not stop.wait(0.5):
            if not hub.server.running():
                print(_("hub: the server stopped: {log}").format(log=hub.server.log_tail()),
                      file=sys.stderr)
                return 1
    except KeyboardInterrupt:
        pass
    finally:
        hub.stop()
    return 0


def _registration(data: bytes) -> dict | None:
    """A registration request's JSON object (read bounded), or None."""
    if len(data) > wire.MAX_MESSAGE:
        return None
    try:
        body = json.loads(data)
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _bad_id(games: dict, body: dict) -> bool:
    game_id = body.get("game_id")
    return not isinstance(game_id, str) or not wire.GAME_ID.fullmatch(game_id)


def _unknown_game(games: dict, body: dict) -> bool:
    from common.games import GAMES

    return body.get("game") not in GAMES


def _bad_seats(games: dict, body: dict) -> bool:
    labels = body.get("labels")
    return not isinstance(labels, list) or not 2 <= len(labels) <= 4 or not all(
        isinstance(x, str) and wire.LABEL.fullmatch(x) for x in labels)


def _bad_local(games: dict, body: dict) -> bool:
    local = body.get("local")
    return not isinstance(local, list) or not set(local) <= set(body["labels"])


def _bad_secrets(games: dict, body: dict) -> bool:
    secrets = body.get("secrets")
    roles = {wire.HOST_ROLE, wire.WATCH_ROLE, "leaf", *body["labels"]}
    return not isinstance(secrets, dict) or set(secrets) != roles or not all(
        isinstance(s, str) and wire.SECRET.fullmatch(s) for s in secrets.values())


# What a registration request is checked for, in order (the hub's games, the request) ->
# refused?, and the answer's error when it is.
_REFUSALS: tuple[tuple[Callable[[dict, dict], bool], str], ...] = (
    (_bad_id, N_("bad game id")),
    (lambda games, body: body["game_id"] in games, N_("that game id is taken")),
    (lambda games, body: len(games) >= MAX_GAMES, N_("the hub is full")),
    (_unknown_game, N_("unknown game")),
    (_bad_seats, N_("bad seats")),
    (_bad_local, N_("bad local seats")),
    (_bad_secrets, N_("bad secrets")),
)
