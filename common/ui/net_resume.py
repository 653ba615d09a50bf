"""Continuing a network game from its save: the window goes back to the table.

A save of a network game keeps, under ``"net"``, the server (no secret), the game id, this
window's seat ("host" for the one who hosted it, "watch" for a spectator, else a seat label)
and the last sequence applied. Continue reads them as hostile input (`details`): a host
restarts its server on the same store (`common.net.host.HostedGame.load`, `Host.start`, in
the thread kept for servers); a seat's secret comes back from the config folder
(`common.net.keys`); then the Join game screen connects, reads the log from its first message
and opens the game screen, which goes on saving into the same file. What cannot be resumed
(no secret kept, no hosted game here, a save that names no server) says why, and the save
still opens for review.
"""

from __future__ import annotations

from typing import Any

from common.i18n import _
from common.net import wire
from common.seats import SeatSpec

SEAT_ROLES = (wire.HOST_ROLE, wire.WATCH_ROLE)


def details(record: Any) -> dict | None:
    """The network details of a record, checked (None: not a network game's save)."""
    net = record.get("net") if isinstance(record, dict) else None
    if not isinstance(net, dict):
        return None
    game_id, role, server = net.get("game"), net.get("seat"), net.get("server")
    if not isinstance(game_id, str) or not wire.GAME_ID.fullmatch(game_id):
        return None
    if not isinstance(role, str) or not wire.LABEL.fullmatch(role):
        return None
    if not isinstance(server, str) or len(server) > 300:
        return None
    return {"game": game_id, "seat": role, "server": server}


def seat_url(net: dict) -> wire.JoinUrl:
    """The URL of a joined seat (or a spectator) from its save and its kept secret
    (ValueError saying why not)."""
    from common.net import keys

    secret = keys.load(net["game"], net["seat"])
    if secret is None:
        raise ValueError(_("this computer keeps no secret for that seat: ask the host for "
                           "the join URL again"))
    scheme, _sep, rest = net["server"].partition("://")
    text = f"{scheme}://{wire.user_name(net['game'], net['seat'])}:{secret}@{rest}/" \
           f"{net['game']}"
    return wire.parse_url(text)


def restart_host(game_id: str) -> tuple[wire.JoinUrl, dict[str, SeatSpec], Any]:
    """In the servers' thread: the hosted game's server again, on its store; the host's URL,
    its seats, and what stops it (ValueError if there is no such hosted game here)."""
    from common.net.host import Host, HostedGame

    hosted = HostedGame.load(game_id)
    host = Host(hosted)
    host.start()
    mine = {}
    for label, spec in hosted.specs.items():
        try:
            mine[label] = SeatSpec.parse(spec)
        except ValueError:
            mine[label] = SeatSpec("human")
    return hosted.url(wire.HOST_ROLE, local=True), mine, host.stop


def reconnect(app: Any, entry: Any, net: dict, replace: bool) -> None:
    """Go back to the table of a saved network game (see the module docstring)."""
    from common.ui.scenes.host_scene import STARTER
    from common.ui.scenes.join_scene import JoinScene

    scene = JoinScene(app, lan=False, keep=(entry.path, entry.file.name))
    if net["seat"] == wire.HOST_ROLE:
        scene.restart_host(STARTER.submit(restart_host, net["game"]))
    else:
        try:
            url = seat_url(net)
        except ValueError as err:
            scene.error = _("This game cannot be continued: {problem}").format(problem=err)
        else:
            mine = {} if url.role == wire.WATCH_ROLE else {url.role: SeatSpec("human")}
            scene.connect(url, mine)
    (app.replace if replace else app.push)(scene)
