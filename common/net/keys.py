"""A seat's secret, kept apart from the record: one file per seat in the user's config folder.

A record written by a network game carries the server, the game id, the seat and the last
sequence applied (under its ``"net"`` key), never the secret: a save may be shared. The
secret goes to ``<config folder>/net/keys/<game id>_<role>``, a file only this user may read
(mode 0600, written through `common.net.server.write_private`: never through a link, read
back), in a folder of mode 0700; `load` reads it back as hostile input (a small regular file
of the secret's form, or nothing).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from common.i18n import _
from common.net import wire
from common.net.server import private_folder, write_private

MAX_BYTES = 256


def folder() -> Path:
    """Where seat secrets are kept ($OVERLORDS_CONFIG/net/keys, else the config folder's)."""
    from common.paths import settings_file

    return settings_file().parent / "net" / "keys"


def _file(game_id: str, role: str) -> Path:
    if not wire.GAME_ID.fullmatch(game_id) or not wire.LABEL.fullmatch(role):
        raise ValueError(_("not a game id and seat"))
    return folder() / f"{game_id}_{role}"


def save(game_id: str, role: str, secret: str) -> Path:
    """Keep a seat's secret (OSError if it cannot be written and read back)."""
    if not wire.SECRET.fullmatch(secret):
        raise ValueError(_("not a secret of this program"))
    path = _file(game_id, role)
    private_folder(path.parent)
    write_private(path, secret)
    return path


def load(game_id: str, role: str) -> str | None:
    """The kept secret of a seat, or None (none kept, or a file that is not one)."""
    from common.paths import read_user_file

    try:
        path = _file(game_id, role)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        os.close(fd)  # a link is refused here, before reading
        text = read_user_file(path, MAX_BYTES).strip()
    except (OSError, ValueError):
        return None
    return text if wire.SECRET.fullmatch(text) else None


def forget(game_id: str, role: str) -> None:
    """Remove a kept secret (a link is removed as a link, never followed)."""
    with contextlib.suppress(OSError, ValueError):
        _file(game_id, role).unlink()
