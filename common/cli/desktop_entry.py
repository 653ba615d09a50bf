"""The options ``--install-desktop-entry`` and ``--uninstall-desktop-entry``: the app (and its
icons) added to, or removed from, this user's desktop menu on each system (`desktop_entry`),
and `remove_stale`, which the app runs at start. No pygame.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from common.i18n import _


def arguments(parser: argparse.ArgumentParser) -> None:
    """The two options, on the main parser."""
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help=_("add the app (and its icon) to this user's desktop menu: a "
                               "desktop entry (Linux), a Start-menu shortcut (Windows), an app "
                               "bundle in ~/Applications (macOS)"))
    parser.add_argument("--uninstall-desktop-entry", action="store_true",
                        help=_("remove what --install-desktop-entry added"))


def wanted(args: argparse.Namespace) -> bool:
    """True if the command line asks for either option."""
    return args.install_desktop_entry or args.uninstall_desktop_entry


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Install or remove the entry; a usage error if the options are mixed with anything."""
    if args.command is not None or (args.install_desktop_entry
                                    and args.uninstall_desktop_entry):
        parser.error("--install-desktop-entry / --uninstall-desktop-entry go alone")
    return desktop_entry(install=args.install_desktop_entry)


def desktop_entry(install: bool, on: str | None = None) -> int:
    """Install or remove the app's place on this system's desktop (the freedesktop.org entry
    and icons on Linux, `common.desktop`; the Start-menu shortcut on Windows,
    `common.desktop_windows`; the app bundle on macOS, `common.desktop_macos`); say what
    changed."""
    from common import processes

    system = on or processes.system()
    try:
        changed = _install(system) if install else _uninstall(system)
    except OSError as err:
        said = _("desktop entry: cannot write {file}: {problem}") if err.filename \
            else _("desktop entry: cannot write: {problem}")
        print(said.format(file=err.filename, problem=err.strerror or err), file=sys.stderr)
        return 1
    place = _place(system)
    if install:
        if system == processes.LINUX:
            print(_("installed {place} (and its AppStream metainfo and {count} icon files)")
                  .format(place=place, count=len(changed) - 2))
        else:
            print(_("installed {place}").format(place=place))
        print(_("it starts: {exec_line}").format(exec_line=_starts()))
    elif changed:
        if system == processes.LINUX:
            print(_("removed {place} (and its metainfo and icon files)").format(place=place))
        else:
            print(_("removed {place}").format(place=place))
    else:
        print(_("nothing to remove: {place} is not there").format(place=place))
    return 0


def _install(system: str) -> list[Path]:
    from common import desktop, desktop_macos, desktop_windows, processes, version

    if system == processes.WINDOWS:
        return desktop_windows.install(*desktop.launch_command())
    if system == processes.MACOS:
        return desktop_macos.install(*desktop.launch_command(), version.version())
    return desktop.install()


def _uninstall(system: str) -> list[Path]:
    from common import desktop, desktop_macos, desktop_windows, processes

    if system == processes.WINDOWS:
        return desktop_windows.uninstall()
    if system == processes.MACOS:
        return desktop_macos.uninstall()
    return desktop.uninstall()


def _place(system: str) -> Path:
    from common import desktop, desktop_macos, desktop_windows, processes

    if system == processes.WINDOWS:
        return desktop_windows.shortcut_path()
    return desktop_macos.bundle_path() if system == processes.MACOS else desktop.entry_file()


def _starts() -> str:
    from common import command_line, desktop

    return command_line.join(desktop.launch_command()[0])


def remove_stale(on: str | None = None) -> bool:
    """Remove this app's desktop entry (Linux) or bundle (macOS) when the program it starts
    is gone (uninstalled with `pipx uninstall` before `--uninstall-desktop-entry`); True if
    one was removed. Never raises: the app starts all the same."""
    from common import desktop, desktop_macos, processes

    system = on or processes.system()
    try:
        if system == processes.LINUX and desktop.stale():
            return bool(desktop.uninstall())
        if system == processes.MACOS and desktop_macos.stale():
            return bool(desktop_macos.uninstall())
    except OSError:
        pass
    return False
