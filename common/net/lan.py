"""LAN discovery with zeroconf: a host advertises its game, a "Join game" screen lists them.

The service type is ``_overlords._tcp.local.``; a game's service name is its game id, and its
TXT properties say the game (``game``), the seats still open (``open``: labels, comma
separated) and the protocol (``protocol``). No secret is advertised: a join URL comes from the
host by other means (the screen shows it; the command line prints it). What a listing brings
is a peer's text: `find_games` bounds and checks it, and `common.cli.terminal` quotes it
before it is printed.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from common.net import wire

SERVICE = "_overlords._tcp.local."


@dataclass(frozen=True)
class LanGame:
    """A game found on the LAN."""

    game_id: str
    game: str
    host: str
    port: int
    open_seats: tuple[str, ...]


class Advertiser:
    """Advertises a hosted game until closed."""

    def __init__(self, hosted: Any, interfaces: list[str] | None = None) -> None:
        from zeroconf import InterfaceChoice, ServiceInfo, Zeroconf

        address = hosted.advertise or _address()
        self._zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
        self._info = ServiceInfo(
            SERVICE, f"{hosted.game_id}.{SERVICE}", port=hosted.port,
            addresses=[socket.inet_aton(address)],
            properties={"game": hosted.game, "open": ",".join(
                label for label in hosted.labels if label not in hosted.local),
                "protocol": str(wire.PROTOCOL)})
        self._zc.register_service(self._info)

    def close(self) -> None:
        """Stop advertising."""
        try:
            self._zc.unregister_service(self._info)
        finally:
            self._zc.close()


def _address() -> str:
    from common.net.host import lan_address

    return lan_address()


def find_games(seconds: float = 2.0, interfaces: list[str] | None = None) -> list[LanGame]:
    """The games advertised on the LAN within `seconds` (blocking: call it off the UI
    thread, or use `Browser`); `interfaces`: only those addresses (tests: loopback)."""
    browser = Browser(interfaces)
    try:
        time.sleep(seconds)
        return browser.games()
    finally:
        browser.close()


class Browser:
    """Lists LAN games as they are found (`games()`, never blocking)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        from zeroconf import InterfaceChoice, ServiceBrowser, Zeroconf

        self._zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All)
        self._lock = threading.Lock()
        self._found: dict[str, LanGame] = {}
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        game_id = name.removesuffix("." + SERVICE)
        if "Removed" in str(state_change):
            with self._lock:
                self._found.pop(game_id, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        found = _read(game_id, info)
        if found is not None:
            with self._lock:
                self._found[game_id] = found

    def games(self) -> list[LanGame]:
        """The games found so far."""
        with self._lock:
            return sorted(self._found.values(), key=lambda g: g.game_id)

    def close(self) -> None:
        """Stop browsing."""
        self._browser.cancel()
        self._zc.close()


def _read(game_id: str, info: Any) -> LanGame | None:
    """A listing checked as hostile input, or None."""
    if info is None or not wire.GAME_ID.fullmatch(game_id) or not info.addresses:
        return None
    props = {k: v for k, v in (info.properties or {}).items()
             if isinstance(k, bytes) and isinstance(v, bytes) and len(v) <= 64}
    game = props.get(b"game", b"").decode("ascii", "replace")
    seats = tuple(s for s in props.get(b"open", b"").decode("ascii", "replace").split(",")
                  if wire.LABEL.fullmatch(s))
    if not game.isalpha() or not 0 < int(info.port or 0) < 65536:
        return None
    return LanGame(game_id, game[:20], socket.inet_ntoa(info.addresses[0]), int(info.port),
                   seats[:4])
