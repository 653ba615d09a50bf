"""The options ``--install-desktop-entry`` and ``--uninstall-desktop-entry``: the app (and its
icons) added to, or removed from, this user's desktop menu (`common.desktop`). No pygame.
"""

from __future__ import annotations

import argparse
import sys

from common.i18n import _


def arguments(parser: argparse.ArgumentParser) -> None:
    """The two options, on the main parser."""
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help=_("add the app (and its icon) to this user's desktop menu "
                               "(Linux and other freedesktop desktops)"))
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


def desktop_entry(install: bool) -> int:
    """Install or remove the desktop entry and icons (common/desktop.py); say what changed."""
    from common import desktop

    if sys.platform in ("win32", "darwin"):
        print(_("desktop entries are for Linux and other freedesktop.org desktops; on Windows "
                "and macOS see the README's \"Install and double-click\""), file=sys.stderr)
        return 1
    try:
        changed = desktop.install() if install else desktop.uninstall()
    except OSError as err:
        where = f" {err.filename}" if err.filename else ""
        print(_("desktop entry: cannot write{where}: {value}").format(
                  where=where, value=err.strerror or err), file=sys.stderr)
        return 1
    if install:
        print(_("installed {entry_file} (and its AppStream metainfo and {value} "
                "icon files)").format(
                  entry_file=desktop.entry_file(), value=len(changed) - 2))
        print(_("it starts: {exec_line}").format(exec_line=desktop.exec_line()))
    elif changed:
        print(_("removed {entry_file} (and its metainfo and icon files)").format(
                  entry_file=desktop.entry_file()) if
              desktop.entry_file() in changed else _("removed {count} files").format(
                                                       count=len(changed)))
    else:
        print(_("nothing to remove: {entry_file} is not there").format(
                  entry_file=desktop.entry_file()))
    return 0
