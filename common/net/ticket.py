"""Short join codes: a code read out or typed stands for a seat's (or the spectators') full
join URL, for a short while, on the host's own server.

A seat's secret is 32 random bytes: nobody guesses it, nobody reads it out either. So the host
also draws, per remote seat and for the spectators, a short **code**: `CODE_LENGTH` symbols of
`ALPHABET` (no 0/O, 1/I/L, U: nothing to mistake when read out), shown as ``K7QM-3XTP``. The
code is a **ticket**, not the secret:

- the host's server has one extra user per code, ``ovpt_<key>`` with the code as its password
  (`key` a hash of the code, so the user names say nothing of the codes), which may do one
  thing only: read the last message of its own subject ``ovpt.<key>`` in the stream ``OVPT``
  (JetStream's direct get: ``$JS.API.DIRECT.GET.OVPT.ovpt.<key>``), and receive the answer
  on its own inbox ``_INBOX.ovpt.<key>``;
- that message, published by the host when the game opens, holds the game id, the role and
  the role's full secret (`TICKET` JSON); the joiner builds the join URL from the address it
  reached the server at;
- the stream keeps a message `TICKET_SECONDS` (its ``max_age``): after that the code opens
  nothing (the host's screen says so; the full URL still works). A code is 30^8 (about 2^39)
  to guess, one connection a try, within that half hour: about one chance in 18,000 for a
  machine that tries 20,000 codes a second against the server the whole time.

`redeem(address, code)` is the joiner's side (blocking: run it in a worker thread).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from common.i18n import _
from common.net import wire

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  # 30 symbols, none that looks like another
CODE_LENGTH = 8
TICKET_SECONDS = 30 * 60  # a code opens the game this long after it was published
STREAM = "OVPT"
SUBJECTS = "ovpt.>"
TICKET = "ticket"  # the message's "t"
MAX_TICKETS = 64  # tickets a host's server keeps at most (one a code)
ADDRESS_CHARS = 255  # an address typed is at most this long


def new_code() -> str:
    """A fresh random code (`CODE_LENGTH` symbols of `ALPHABET`, no dash)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """A code as it is shown and read out: two groups of four (``K7QM-3XTP``)."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normal(text: str) -> str:
    """The code typed (spaces and dashes dropped, any case), or ValueError saying why not."""
    code = "".join(ch for ch in str(text)[:40] if ch not in " -").upper()
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        raise ValueError(_("a join code is 8 letters and digits, like K7QM-3XTP"))
    return code


def looks_like_code(text: str) -> bool:
    """True if the text could be a code (rather than a URL or a seat code)."""
    try:
        normal(text)
    except ValueError:
        return False
    return True


def key(code: str) -> str:
    """The code's public name: a hash, so that nothing in the server's users gives a code."""
    return hashlib.sha256(f"ovp-ticket:{code}".encode()).hexdigest()[:20]


@dataclass(frozen=True)
class Names:
    """A code's names on the server: the user it logs in as, the subject its ticket is kept
    on, and the inbox prefix where its user receives the answer (and nowhere else)."""

    user: str
    subject: str
    inbox: str


def names(code: str) -> Names:
    """The names of a code (all from its hash `key`)."""
    k = key(code)
    return Names(f"ovpt_{k}", f"ovpt.{k}", f"{wire.INBOX_ROOT}.ovpt.{k}")


def permissions(code: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(publish, subscribe) of a code's user: read its own ticket, nothing else."""
    n = names(code)
    return (f"$JS.API.DIRECT.GET.{STREAM}.{n.subject}",), (f"{n.inbox}.>",)


def host_permissions() -> list[str]:
    """What a host publishes to keep the tickets: make the stream, publish on it."""
    return [f"$JS.API.STREAM.CREATE.{STREAM}", f"$JS.API.STREAM.INFO.{STREAM}", SUBJECTS]


def stream_config() -> Any:
    """The tickets' stream: a message a subject, dropped after TICKET_SECONDS, read directly."""
    from nats.js import api

    return api.StreamConfig(name=STREAM, subjects=[SUBJECTS], storage=api.StorageType.FILE,
                            max_age=TICKET_SECONDS, allow_direct=True,
                            max_msg_size=wire.MAX_MESSAGE, num_replicas=1,
                            max_msgs=MAX_TICKETS, max_bytes=MAX_TICKETS * wire.MAX_MESSAGE,
                            max_msgs_per_subject=1)


def message(game_id: str, role: str, secret: str) -> bytes:
    """A ticket: what a code opens."""
    return json.dumps({"t": TICKET, "game": game_id, "role": role, "secret": secret}).encode()


async def publish(js: Any, codes: dict[str, str], game_id: str, secrets_: dict[str, str]
                  ) -> None:
    """Make the tickets' stream and publish a ticket per code (role -> code)."""
    import nats.js.errors

    try:
        await js.add_stream(stream_config())
    except nats.js.errors.BadRequestError as err:
        if "already in use" not in str(err):
            raise
    for role, code in codes.items():
        await js.publish(names(code).subject, message(game_id, role, secrets_[role]))


def read_ticket(data: bytes | None) -> tuple[str, str, str]:
    """(game id, role, secret) from a ticket read off the network (ValueError if it is not
    one: bounded, checked field by field)."""
    if not data or len(data) > wire.MAX_MESSAGE:
        raise ValueError(_("the host's server sent no ticket for this code"))
    try:
        found = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ValueError(_("the host's server sent something that is not a ticket")) from None
    if not isinstance(found, dict) or found.get("t") != TICKET:
        raise ValueError(_("the host's server sent something that is not a ticket"))
    game_id, role, secret = (str(found.get(k, "")) for k in ("game", "role", "secret"))
    if not wire.GAME_ID.fullmatch(game_id) or not wire.LABEL.fullmatch(role) \
            or role in (wire.HOST_ROLE, "leaf") or not wire.SECRET.fullmatch(secret):
        raise ValueError(_("the host's server sent a ticket this program cannot use"))
    return game_id, role, secret


def address(text: str) -> tuple[str, int]:
    """(host, port) of an address typed: ``HOST:PORT``, ``HOST`` (the default port) or
    ``[IPv6]:PORT`` (ValueError saying why not)."""
    text = str(text).strip()
    if text.startswith(("nats://", "tls://")):
        text = text.split("://", 1)[1].rsplit("@", 1)[-1].split("/", 1)[0]
    if not text or len(text) > ADDRESS_CHARS or not text.isascii() or not text.isprintable() \
            or any(ch in text for ch in " /@?#"):
        raise ValueError(_("an address is the host's name or IP and its port, like "
                           "192.168.1.20:40123"))
    host, port = text, wire.DEFAULT_PORT
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        if rest:
            port = _port(rest.removeprefix(":"))
    elif text.count(":") == 1:
        host, _sep, rest = text.partition(":")
        port = _port(rest)
    if not host:
        raise ValueError(_("the address names no host"))
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(_("the address's port is not a number from 1 to 65535"))
    return int(text)


def redeem(where: str, code: str, seconds: float = 15.0) -> wire.JoinUrl:
    """The join URL a code opens on the server at `where` (blocking; ValueError saying why
    not: a bad address or code, nothing answering, a code the server does not know or that
    expired)."""
    host, port = address(where)
    code = normal(code)
    return asyncio.run(_redeem(host, port, code, seconds))


async def _redeem(host: str, port: int, code: str, seconds: float) -> wire.JoinUrl:
    import nats
    import nats.errors
    import nats.js.errors

    shown_host = f"[{host}]" if ":" in host else host
    n = names(code)
    problems: list[str] = []

    async def error(err: Exception) -> None:
        problems.append(str(err))

    try:
        nc = await asyncio.wait_for(nats.connect(
            f"nats://{n.user}:{code}@{shown_host}:{port}", connect_timeout=min(5.0, seconds),
            allow_reconnect=False, max_reconnect_attempts=0, error_cb=error,
            inbox_prefix=n.inbox), seconds)
    except Exception as err:  # noqa: BLE001 - every failure to connect is said alike
        if any("authorization" in p.lower() for p in [*problems, str(err)]):
            raise ValueError(_("the game at this address does not know this code (a code "
                               "works for 30 minutes: ask the host for the full URL)")) from None
        raise ValueError(_("nothing answers at {address}").format(
            address=f"{shown_host}:{port}")) from None
    try:
        js = nc.jetstream(timeout=seconds)
        try:
            found = await js.get_msg(STREAM, subject=n.subject, direct=True)
        except (nats.js.errors.NotFoundError, nats.errors.NoRespondersError):
            raise ValueError(_("this code has expired (a code works for 30 minutes): ask the "
                               "host for the full URL")) from None
        except (TimeoutError, nats.errors.TimeoutError):
            raise ValueError(_("the host's server did not answer in time")) from None
        except nats.errors.Error as err:
            raise ValueError(_("the host's server refused: {why}").format(
                why=str(err)[:80])) from None
        game_id, role, secret = read_ticket(found.data)
    finally:
        await nc.close()
    return wire.make_url(host, port, game_id, role, secret)
