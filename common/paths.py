"""Where the app keeps things: the player's saves, settings and log, and the bundled assets.

Pygame-free, so the command line, the desktop-entry installer and the app share it.

User folders come from `platformdirs` (the platform's user data, config and log folders):

- saves: `$OVERLORDS_SAVES`, else the user data folder's `saves/` (Linux:
  `$XDG_DATA_HOME/overlords-prepollency/saves`, macOS: `~/Library/Application Support/
  overlords-prepollency/saves`, Windows: `%LOCALAPPDATA%\\overlords-prepollency\\saves`);
- settings: `$OVERLORDS_CONFIG/settings.json`, else `settings.json` in the user config folder
  (Linux: `$XDG_CONFIG_HOME/overlords-prepollency`; macOS and Windows as the data folder);
- log: `$OVERLORDS_LOGS`, else the user log folder (Linux: `$XDG_STATE_HOME/
  overlords-prepollency/log`, macOS: `~/Library/Logs/overlords-prepollency`, Windows:
  `%LOCALAPPDATA%\\overlords-prepollency\\Logs`).

On Linux these are exactly the folders earlier versions wrote by hand (`~/.local/share/...`,
`~/.config/...` when the XDG variables are unset), so nothing moves. An XDG variable that holds
a relative path is ignored, as the XDG Base Directory spec says (earlier versions did so for
the config folder; they used a relative `$XDG_DATA_HOME` as it was: such a setup now finds its
saves under `~/.local/share`, the spec's reading). Earlier versions used those Linux paths on
every platform: where the platform folder does not exist yet and that old folder does (a
macOS or Windows player who ran an earlier version), the old folder is used, so no save and no
setting is lost and none is moved behind the player's back.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

APP_NAME = "overlords-prepollency"  # the folders' name, the launcher's name
# the reverse-DNS application id of the freedesktop.org world: the desktop entry's and the
# AppStream metainfo's file name, the icon's name, the window class (X11) and app id (Wayland)
APP_ID = "io.github.overlordsprepollency.OverlordsPrepollency"
TITLE = "Overlords & Prepollency"
SETTINGS_FILE = "settings.json"
LEARN_FILE = "learn.json"  # lessons' stars, solved puzzles, the streak (common/progress.py)
LOG_FILE = f"{APP_NAME}.log"

SOURCE_ROOT = Path(__file__).resolve().parents[1]  # the checkout (or site-packages) root


def xdg_home(var: str, default: str) -> Path:
    """An XDG base folder: the variable if it is an absolute path, else ~/default (the spec
    ignores relative values)."""
    value = os.environ.get(var, "")
    return Path(value) if os.path.isabs(value) else Path.home() / default


def _linux_like() -> bool:
    """True where platformdirs follows the XDG spec (Linux, the BSDs; not macOS, Windows)."""
    return not (sys.platform.startswith("win") or sys.platform == "darwin")


XDG_VARS = {"data": ("XDG_DATA_HOME", ".local/share"),
            "config": ("XDG_CONFIG_HOME", ".config"),
            "log": ("XDG_STATE_HOME", ".local/state")}


def _platform(kind: str) -> Path:
    """platformdirs' user folder of a kind ("data", "config", "log") for the app. On XDG
    platforms a relative variable is ignored (platformdirs would take it as it is)."""
    var, default = XDG_VARS[kind]
    if _linux_like() and os.environ.get(var, "").strip() and not os.path.isabs(os.environ[var]):
        base = Path.home() / default / APP_NAME
        return base / "log" if kind == "log" else base
    import platformdirs

    where: dict[str, Callable[..., str]] = {"data": platformdirs.user_data_dir,
                                            "config": platformdirs.user_config_dir,
                                            "log": platformdirs.user_log_dir}
    return Path(where[kind](APP_NAME, appauthor=False))


def _legacy(kind: str) -> Path:
    """The folder earlier versions used on every platform (the Linux one, written by hand)."""
    if kind == "data":
        return xdg_home("XDG_DATA_HOME", ".local/share") / APP_NAME
    return xdg_home("XDG_CONFIG_HOME", ".config") / APP_NAME


def _with_fallback(kind: str, inner: str = "") -> Path:
    """The platform folder (joined with inner); off XDG platforms the old Linux-style one
    instead while only that one exists."""
    new = _platform(kind) / inner if inner else _platform(kind)
    if _linux_like():
        return new
    old = _legacy(kind) / inner if inner else _legacy(kind)
    if not new.exists() and old.is_dir():
        return old
    return new


def saves_folder() -> Path:
    """Where saved games live ($OVERLORDS_SAVES, else the user data folder's saves/)."""
    override = os.environ.get("OVERLORDS_SAVES")
    if override:
        return Path(override)
    return _with_fallback("data", "saves")


def settings_file() -> Path:
    """The settings file ($OVERLORDS_CONFIG/settings.json, else in the user config folder)."""
    override = os.environ.get("OVERLORDS_CONFIG")
    if override:
        return Path(override) / SETTINGS_FILE
    folder = _platform("config")
    if not _linux_like() and not (folder / SETTINGS_FILE).exists():
        old = _legacy("config") / SETTINGS_FILE
        if old.is_file():
            return old
    return folder / SETTINGS_FILE


def learn_file() -> Path:
    """The learning progress file: `learn.json` beside the settings file."""
    return settings_file().parent / LEARN_FILE


def read_user_file(file: Path, limit: int) -> str:
    """A small file the player's folders hold (settings, progress), read as hostile: a regular
    file of at most `limit` bytes, as UTF-8 text. A FIFO, a device or a larger file is refused
    unread (OSError); FileNotFoundError when there is none; UnicodeDecodeError if not UTF-8."""
    from common.files import read_bounded

    return read_bounded(file, limit).decode("utf-8")


def file_error(err: BaseException) -> str:
    """Why a user file could not be read or written, in plain words."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    if isinstance(err, UnicodeDecodeError):
        from common.i18n import _

        return _("not UTF-8 text")
    return str(err)


def log_folder() -> Path:
    """Where the log file lives ($OVERLORDS_LOGS, else the user log folder)."""
    override = os.environ.get("OVERLORDS_LOGS")
    if override:
        return Path(override)
    return _platform("log")


def log_file() -> Path:
    """The log file (rotated: see common/logs.py)."""
    return log_folder() / LOG_FILE


def bundle_root() -> Path:
    """The folder holding `assets/` and `pyproject.toml`: the PyInstaller bundle when frozen
    (`sys._MEIPASS`), else the source tree's root."""
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else SOURCE_ROOT


def assets_root() -> Path:
    """The bundled art, fonts and sounds."""
    return bundle_root() / "assets"


def frozen() -> bool:
    """True in the stand-alone build (PyInstaller)."""
    return bool(getattr(sys, "frozen", False))
