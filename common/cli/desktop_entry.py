"""The options ``--install-desktop-entry`` and ``--uninstall-desktop-entry``: the app (and its
icons) added to, or removed from, this user's desktop menu (`common.desktop`). No pygame.
"""

from __future__ import annotations

import argparse
import sys


def arguments(parser: argparse.ArgumentParser) -> None:
    """The two options, on the main parser."""
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add the app (and its icon) to this user's desktop menu "
                             "(Linux and other freedesktop desktops)")
    parser.add_argument("--uninstall-desktop-entry", action="store_true",
                        help="remove what --install-desktop-entry added")


def wanted(args: argparse.Namespace) -> bool:
    """True if the command line asks for either option."""
    return args.install_desktop_entry or args.uninstall_desktop_entry


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Install or remove the entry; a usage error if the options are mixed with anything."""
    if args.command is not None or (args.install_desktop_entry
                                    and args.uninstall_desktop_entry):
        parser.error("--install-desktop-entry / --uninstall-desktop-entry go alone")
    return desktop_entry(install=args.install_desktop_entry)


def desktop_entry(install: bool) -> int:
    """Install or remove the desktop entry and icons (common/desktop.py); say what changed."""
    from common import desktop

    if sys.platform in ("win32", "darwin"):
        print("desktop entries are for Linux and other freedesktop.org desktops; on Windows "
              "and macOS see the README's \"Install and double-click\"", file=sys.stderr)
        return 1
    try:
        changed = desktop.install() if install else desktop.uninstall()
    except OSError as err:
        where = f" {err.filename}" if err.filename else ""
        print(f"desktop entry: cannot write{where}: {err.strerror or err}", file=sys.stderr)
        return 1
    if install:
        print(f"installed {desktop.entry_file()} (and its AppStream metainfo and "
              f"{len(changed) - 2} icon files)")
        print(f"it starts: {desktop.exec_line()}")
    elif changed:
        print(f"removed {desktop.entry_file()} (and its metainfo and icon files)" if
              desktop.entry_file() in changed else f"removed {len(changed)} files")
    else:
        print(f"nothing to remove: {desktop.entry_file()} is not there")
    return 0
