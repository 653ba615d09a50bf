"""The wire format of a network game: subjects, the message JSON, limits, the join URL.

Everything another program needs to join a game is here (the README's "Network play: the
wire format" says the same in words).

- Game id: 8 to 32 characters of ``[a-z0-9]``. Stream ``OVP_<id>`` holds subjects
  ``ovp.<id>.>``: ``ovp.<id>.host`` (the header, then host notes) and
  ``ovp.<id>.seat.<label>`` (what that seat says; ``<label>`` is the record's seat label:
  ``white``/``black``, or ``1``..``4``).
- Users: ``<id>_host``, ``<id>_<label>`` (one per seat: it may publish on its own seat subject
  only), ``<id>_watch`` (publishes nothing of the game). Each reads the stream through an
  ephemeral consumer and receives on its own inbox prefix ``_INBOX.<id>.<role>``.
- A message is one JSON object, UTF-8, at most `MAX_MESSAGE` bytes, nested at most
  `MAX_DEPTH` deep, with ``"t"`` its kind (`KINDS`); seat messages carry ``"seat"`` (the
  label, which must match the subject) and ``"ply"`` (how many turns were played before it).
- Publishing uses JetStream's compare-and-set header ``Nats-Expected-Last-Sequence``: the
  stream sequence the writer last read, so two writers never both land the same ply.
- Join URL: ``nats://USER:SECRET@HOST:PORT/GAME_ID`` (``tls://`` for a TLS hub); the secret
  is URL-safe base64 (no quoting needed).
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from common.i18n import _

PROTOCOL = 1  # the header's "protocol": a client refuses a log of another
SUBJECT_ROOT = "ovp"
STREAM_PREFIX = "OVP_"
MAX_MESSAGE = 2048  # bytes of one message (the stream refuses larger ones; a header ~700)
MAX_PAYLOAD = 8192  # the server's max_payload: larger is refused before it is stored
MAX_DEPTH = 6  # nesting of a message (a header: record > setup > white > "O")
CAS_HEADER = "Nats-Expected-Last-Sequence"
HEADER, MOVE, SETUP, RESIGN, FORFEIT = "header", "move", "setup", "resign", "forfeit"
UNDO, UNDO_YES, UNDO_NO = "undo", "undo-yes", "undo-no"
BYE = "bye"  # a seat's client has read the result (the host may stop its server)
HELLO = "hello"  # a seat's client is at the table (a host's waiting list fills with these)
KINDS = (HEADER, MOVE, SETUP, RESIGN, FORFEIT, UNDO, UNDO_YES, UNDO_NO, BYE, HELLO)
HOST_ROLE, WATCH_ROLE = "host", "watch"
GAME_ID = re.compile(r"[a-z0-9]{8,32}")
LABEL = re.compile(r"[a-z0-9]{1,8}")
USER = re.compile(r"([a-z0-9]{8,32})_([a-z0-9]{1,8})")
SECRET = re.compile(r"[A-Za-z0-9_-]{16,128}")
DEFAULT_PORT = 4222
INBOX_ROOT = "_INBOX"
HUB_DOMAIN = "hub"  # a hub's JetStream domain: a host's leaf server reaches it by it


class WireError(ValueError):
    """Bytes that are not a message of this protocol; the text says why (short, safe)."""


def new_game_id() -> str:
    """A fresh random game id (16 characters of [a-z0-9])."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(16))


def new_secret() -> str:
    """A fresh random secret (a seat's password): 32 bytes, URL-safe base64."""
    return secrets.token_urlsafe(32)


def stream_name(game_id: str) -> str:
    """The JetStream stream of a game."""
    return f"{STREAM_PREFIX}{game_id}"


def game_subjects(game_id: str) -> str:
    """The subjects of a game (the stream's filter)."""
    return f"{SUBJECT_ROOT}.{game_id}.>"


def host_subject(game_id: str) -> str:
    """Where the header (and host notes) are published."""
    return f"{SUBJECT_ROOT}.{game_id}.host"


def seat_subject(game_id: str, label: Any) -> str:
    """Where a seat's messages are published."""
    return f"{SUBJECT_ROOT}.{game_id}.seat.{label}"


def seat_of_subject(game_id: str, subject: str) -> str | None:
    """The seat label a subject names, or None (the host subject, or a foreign one)."""
    prefix = f"{SUBJECT_ROOT}.{game_id}.seat."
    if subject.startswith(prefix):
        label = subject[len(prefix):]
        return label if LABEL.fullmatch(label) else None
    return None


def user_name(game_id: str, role: Any) -> str:
    """The server user of a role: "host", "watch" or a seat label."""
    return f"{game_id}_{role}"


def inbox_prefix(game_id: str, role: Any) -> str:
    """The inbox prefix of a role's user (it may subscribe there only)."""
    return f"{INBOX_ROOT}.{game_id}.{role}"


def depth(text: str) -> int:
    """How deeply a JSON text nests (brackets outside strings), without parsing it."""
    level = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def decode(data: bytes) -> dict:
    """A message from bytes read off the network (WireError for anything else: too large,
    not UTF-8, nested too deeply, not JSON, not an object, no known kind)."""
    if len(data) > MAX_MESSAGE:
        raise WireError(_("too large ({size} bytes; at most {limit})").format(
            size=len(data), limit=MAX_MESSAGE))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise WireError(_("not UTF-8")) from None
    if depth(text) > MAX_DEPTH:
        raise WireError(_("nested more than {depth} deep").format(depth=MAX_DEPTH))
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise WireError(_("not JSON")) from None
    if not isinstance(message, dict):
        raise WireError(_("not a JSON object"))
    if message.get("t") not in KINDS:
        raise WireError(_("no known message kind"))
    return message


def encode(message: dict) -> bytes:
    """A message as bytes (ValueError if it would be larger than MAX_MESSAGE)."""
    data = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
    if len(data) > MAX_MESSAGE:
        raise ValueError(_("message too large ({size} bytes)").format(size=len(data)))
    return data


@dataclass(frozen=True)
class JoinUrl:
    """A parsed join or watch URL."""

    scheme: str
    host: str
    port: int
    user: str
    secret: str
    game_id: str

    @property
    def role(self) -> str:
        """The user's role: "host", "watch" or a seat label."""
        match = USER.fullmatch(self.user)
        return match[2] if match else ""

    @property
    def server(self) -> str:
        """The server URL without credentials (`nats://HOST:PORT`): safe to print and save."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{self.user}:{self.secret}@{host}:{self.port}/{self.game_id}"

    def connect_url(self) -> str:
        """The URL the client connects with (credentials, no game id)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{self.user}:{self.secret}@{host}:{self.port}"


def parse_url(text: str) -> JoinUrl:
    """A join or watch URL (ValueError saying what is wrong; the secret is never quoted)."""
    parts, port = _split_url(text)
    if parts.scheme not in ("nats", "tls"):
        raise ValueError(_("a join URL starts with nats:// (or tls://)"))
    user, secret, host = parts.username or "", parts.password or "", parts.hostname or ""
    game_id = parts.path.strip("/")
    if not host:
        raise ValueError(_("the join URL names no host"))
    match = USER.fullmatch(user)
    if not match:
        raise ValueError(_("the join URL's user is not GAMEID_ROLE"))
    if not SECRET.fullmatch(secret):
        raise ValueError(_("the join URL has no secret (or not one this program makes)"))
    if not GAME_ID.fullmatch(game_id) or match[1] != game_id:
        raise ValueError(_("the join URL's game id is missing or does not match its user"))
    if parts.query or parts.fragment:
        raise ValueError(_("the join URL has extra parts (? or #)"))
    return JoinUrl(parts.scheme, host, port, user, secret, game_id)


def _split_url(text: str) -> tuple[Any, int]:
    """A join URL's parts and port (ValueError when the text is no URL at all: too long, not
    printable ASCII, a host or port that cannot be read)."""
    if not isinstance(text, str) or len(text) > 400 or not text.isascii() \
            or not text.isprintable():
        raise ValueError(_("not a join URL (expected {form})").format(
            form="nats://USER:SECRET@HOST:PORT/GAME_ID"))
    try:
        parts = urlsplit(text)
        return parts, parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError(_("not a join URL: the host or port cannot be read")) from None


def make_url(host: str, port: int, game_id: str, role: Any, secret: str,
             scheme: str = "nats") -> JoinUrl:
    """The URL of a role of a game."""
    return JoinUrl(scheme, host, port, user_name(game_id, role), secret, game_id)
