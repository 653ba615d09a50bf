"""The main menu's list of your network games (correspondence games) and whose turn it is.

`find` (blocking: run off the UI thread, as `NetGames` does) reads the newest `LOOKED_AT`
saves of the saves folder (each bounded by `common.record.load`), keeps the unfinished ones
with network details (`common.ui.net_resume.details`), and says for each whose turn it was
when this window last saw the game: "your turn" when the seat to move is one this window
plays (a joined seat; for a hosted game, a seat its host plays as Me, from the hosted game's
own small file), else that seat's name. At most `SHOWN` games, newest first. The menu's
button continues the game (`common.ui.resume.open_entry`: back to the table).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import record as rec
from common.i18n import _
from common.net import wire

LOOKED_AT = 200  # newest saves read at most
SHOWN = 4  # network games listed at most
NAME_SHOWN = 24  # characters of a seat's name shown


@dataclass(frozen=True)
class NetGameRow:
    """One network game to continue."""

    path: Path
    mtime: float
    size: int
    game: str  # the game's title
    turn: str  # "your turn", "Black's turn"
    yours: bool


def find(folder: Path | None, games: dict[str, Any]) -> list[NetGameRow]:
    """The network games of the saves folder (see the module docstring); never raises."""
    from common.saves.folder import FolderError, listing, read

    if folder is None:
        return []
    try:
        files = listing(folder, LOOKED_AT)
    except FolderError:
        return []
    rows: list[NetGameRow] = []
    for _mtime, _size, path in files:
        if len(rows) >= SHOWN:
            break
        row = _row(read(path), games)
        if row is not None:
            rows.append(row)
    return rows


def _row(save: Any, games: dict[str, Any]) -> NetGameRow | None:
    from common.games import GAMES
    from common.ui.net_resume import details

    record = save.record
    net = details(record)
    if net is None or record.get("result") is not None:
        return None
    try:
        replay = rec.replay(record, games)
    except Exception:  # noqa: BLE001 - a save that cannot be replayed is listed by Load
        return None
    game = replay.game
    if game.outcome(replay.final) is not None:
        return None
    mover = game.to_move(replay.final)
    label = str(game.player_label(mover))
    yours = label in _mine(net)
    name = GAMES[game.NAME].seat_names(mover) if game.NAME in GAMES else label
    names = record.get("names")
    if isinstance(names, dict) and isinstance(names.get(label), str):
        name = rec.cut(rec.encodable(names[label]), NAME_SHOWN)
    turn = _("your turn") if yours else _("{name}'s turn").format(name=name)
    title = GAMES[game.NAME].title if game.NAME in GAMES else game.NAME
    return NetGameRow(save.path, save.mtime, save.size, title, turn, yours)


def _mine(net: dict) -> set[str]:
    """The seats this window plays in that game, by label."""
    if net["seat"] == wire.WATCH_ROLE:
        return set()
    if net["seat"] != wire.HOST_ROLE:
        return {net["seat"]}
    from common.net.host import HostedGame

    try:
        hosted = HostedGame.load(net["game"])
    except ValueError:
        return set()
    return {label for label, spec in hosted.specs.items() if spec == "human"}


class NetGames:
    """`find` on a thread of its own; `rows` once `done` is set."""

    def __init__(self, folder: Path | None, games: dict[str, Any]) -> None:
        self.rows: list[NetGameRow] = []
        self.done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(folder, games),
                                        name="net-games", daemon=True)
        self._thread.start()

    def _run(self, folder: Path | None, games: dict[str, Any]) -> None:
        try:
            self.rows = find(folder, games)
        finally:
            self.done.set()
