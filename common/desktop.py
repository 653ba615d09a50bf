"""The freedesktop.org desktop entry, AppStream metainfo and icons, installed for the current
user, so the app starts from the desktop's menu or launcher with its own icon and software
centres describe it (`--install-desktop-entry`).

Writes, under `$XDG_DATA_HOME` (default ~/.local/share), each named by the app id
(`common.paths.APP_ID`, reverse-DNS, as stores want):
- `applications/APP_ID.desktop`, whose `Exec` starts this same program: the installed launcher
  when run through it (or the stand-alone build's executable), else `python3
  /path/to/bootstrap.py` in a checkout; `StartupWMClass` is the window class the app sets (the
  app id too), so the running window groups under the entry;
- `metainfo/APP_ID.metainfo.xml`, the AppStream description (assets/desktop/; validated by
  `appstreamcli validate` in the tests);
- the icons, `icons/hicolor/NxN/apps/APP_ID.png` for each bundled size and
  `icons/hicolor/scalable/apps/APP_ID.svg`: assets/icons/hicolor/ is laid out as the theme is
  (made by assets/tools/make_art.py) and copied as it is.
Earlier versions named their entry and icons `overlords-prepollency`: installing removes those
(else the menu would show the game twice), and so does `uninstall()`, which removes exactly
these files. The wheel carries the same files as data (share/applications, share/metainfo,
share/icons), its entry starting the launcher from the PATH (packaging/linux/; the tests
check it is `entry_text` of that command). Pygame-free: no display is needed.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path

from common import desktop_words, files, paths

ENTRY = f"{paths.APP_ID}.desktop"
METAINFO = f"{paths.APP_ID}.metainfo.xml"
LEGACY = paths.APP_NAME  # the name earlier versions gave their entry and icons
LEGACY_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
# characters that make an Exec argument need quotes (Desktop Entry spec, "The Exec key")
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share."""
    return paths.xdg_home("XDG_DATA_HOME", ".local/share")


def entry_file() -> Path:
    """Where the desktop entry goes."""
    return data_home() / "applications" / ENTRY


def metainfo_source() -> Path:
    """The bundled AppStream metainfo file."""
    return paths.assets_root() / "desktop" / METAINFO


def metainfo_file() -> Path:
    """Where the metainfo file goes."""
    return data_home() / "metainfo" / METAINFO


def icon_targets() -> dict[Path, Path]:
    """Each bundled icon file -> where it goes in the user's hicolor theme."""
    source, theme = paths.assets_root() / "icons" / "hicolor", data_home() / "icons" / "hicolor"
    return {file: theme / file.relative_to(source) for file in sorted(source.rglob("*"))
            if file.is_file() and file.stem == paths.APP_ID}


def legacy_files() -> list[Path]:
    """What earlier versions installed under the old name."""
    theme = data_home() / "icons" / "hicolor"
    return [data_home() / "applications" / f"{LEGACY}.desktop",
            *(theme / f"{n}x{n}" / "apps" / f"{LEGACY}.png" for n in LEGACY_SIZES),
            theme / "scalable" / "apps" / f"{LEGACY}.svg"]


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts this program from the desktop, and its working folder (None:
    any). The launcher this process was started by, else the frozen executable, else
    bootstrap.py in a checkout, else the launcher pip put beside this interpreter."""
    name = paths.APP_NAME
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.stem == name and started.exists():
        return [str(started.resolve())], None
    if paths.frozen():
        return [str(Path(sys.executable).resolve())], None
    bootstrap = paths.SOURCE_ROOT / "bootstrap.py"
    if bootstrap.is_file():
        python = shutil.which("python3") or sys.executable
        return [str(Path(python).absolute()), str(bootstrap)], paths.SOURCE_ROOT
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        for candidate in (Path(folder) / name, Path(folder) / f"{name}.exe"):
            if candidate.is_file():
                return [str(candidate)], None
    found = shutil.which(name)
    if found:
        return [str(Path(found).resolve())], None
    return [str(Path(sys.executable).absolute()), str(paths.SOURCE_ROOT / "main.py")], None


def quote_arg(arg: str) -> str:
    """One Exec argument as the spec wants it: in double quotes if it holds a reserved
    character, with `"`, backquote, `$` and backslash escaped inside them; `%` doubled. The
    result is then escaped as any string value is (backslash doubled) by `entry_text`."""
    arg = arg.replace("%", "%%")
    if not any(c in RESERVED for c in arg):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{inner}"'


def _string_value(text: str) -> str:
    """A desktop-entry string value: backslash, newline, tab and CR escaped."""
    return (text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def exec_line(command: list[str] | None = None) -> str:
    """The Exec value (unescaped) for a launch command (default: this program's)."""
    return " ".join(quote_arg(a) for a in (command or launch_command()[0]))


def entry_text(command: list[str], workdir: Path | None) -> str:
    """The desktop entry for a launch command."""
    exec_value = _string_value(exec_line(command))
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # the spec version the validators of current distributions know
        *desktop_words.entry_lines(),  # Name, GenericName, Comment, Keywords: translated too
        f"Exec={exec_value}",
        f"TryExec={_string_value(command[0])}",
        f"Icon={paths.APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "StartupNotify=true",
        f"StartupWMClass={paths.APP_ID}",
    ]
    if workdir is not None:
        lines.insert(lines.index(f"TryExec={_string_value(command[0])}") + 1,
                     f"Path={_string_value(str(workdir))}")
    return "\n".join(lines) + "\n"


ASSET_BYTES = 8 << 20  # an icon or the metainfo is far smaller: a larger file is not ours


def _write(file: Path, data: bytes) -> None:
    """Write a file whole (a temporary file renamed over it, never through a link)."""
    file.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(file, data)


def install() -> list[Path]:
    """Write the desktop entry, the metainfo and the icons (removing an earlier version's
    entry and icons); the files written (OSError if one cannot be)."""
    written = []
    for source, target in icon_targets().items():
        _write(target, files.read_bounded(source, ASSET_BYTES))
        written.append(target)
    metainfo = files.read_bounded(metainfo_source(), ASSET_BYTES).decode("utf-8")
    _write(metainfo_file(), desktop_words.metainfo_text(metainfo).encode("utf-8"))
    written.append(metainfo_file())
    command, workdir = launch_command()
    entry = entry_file()
    _write(entry, entry_text(command, workdir).encode("utf-8"))
    entry.chmod(0o755)  # some desktops trust only executable entries
    written.append(entry)
    _remove(legacy_files())
    _touch(data_home() / "icons" / "hicolor")  # icon caches look at the theme's mtime
    return written


def uninstall() -> list[Path]:
    """Remove the desktop entry, the metainfo and the icons (an earlier version's too); the
    files removed (none: it was not there)."""
    removed = _remove([entry_file(), metainfo_file(), *icon_targets().values(),
                       *legacy_files()])
    if removed:
        _touch(data_home() / "icons" / "hicolor")
    return removed


MAX_ENTRY = 1 << 16  # bytes of an entry `stale` reads (ours is under 1 KB)
UNESCAPE = {"s": " ", "n": "\n", "t": "\t", "r": "\r"}  # a string value's escapes


def stale() -> bool:
    """True if our desktop entry is there and the program it starts is gone (the copy that
    installed it was uninstalled: `pipx uninstall` leaves the entry behind)."""
    try:
        text = files.read_bounded(entry_file(), MAX_ENTRY).decode("utf-8", "replace")
    except OSError:
        return False
    for line in text.splitlines():
        if line.startswith("TryExec="):
            program = re.sub(r"\\(.)", lambda m: UNESCAPE.get(m[1], m[1]), line[8:])
            return os.path.isabs(program) and not os.path.exists(program)
    return False


def _remove(files: list[Path]) -> list[Path]:
    removed = []
    for target in files:
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        removed.append(target)
    return removed


def _touch(folder: Path) -> None:
    try:
        if folder.is_dir():
            os.utime(folder)
    except OSError:
        pass
