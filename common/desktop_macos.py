"""The app on macOS's desktop: an application bundle in ~/Applications, by the app id and with
the app's icon, so it starts from Launchpad, Spotlight and the Dock like any other app
(`--install-desktop-entry` there; `common.desktop` is the freedesktop.org counterpart).

    ~/Applications/Overlords & Prepollency.app/Contents/
        Info.plist               CFBundleIdentifier = the app id (`common.paths.APP_ID`),
                                 NSHighResolutionCapable (drawn at the Retina pixel size)
        MacOS/overlords-prepollency   a shell script that runs this program's launch command
        Resources/AppIcon.icns   the icon, made here from the bundled PNGs (`icns`)

The bundle is ours when its Info.plist names the app id: only such a bundle is replaced or
removed (a folder of that name someone else made is left alone, as is a link). Its plist
also keeps the command it starts (`LAUNCH_KEY`), so a bundle whose program was uninstalled
(`pipx uninstall`) is found stale (`stale`) and removed by the app.

Plain Python (plistlib); it writes files only, so it runs and is tested on any system.
"""

from __future__ import annotations

import os
import plistlib
import shlex
import shutil
import stat
from pathlib import Path

from common import files, paths
from common.i18n import _

BUNDLE = f"{paths.TITLE}.app"
EXECUTABLE = paths.APP_NAME
ICON = "AppIcon"
LAUNCH_KEY = "OverlordsPrepollencyLaunchCommand"  # what the bundle starts (for `stale`)
MAX_PLIST = 1 << 16  # bytes: ours is under 2 KB
# PNG-carrying icns entry types by pixel size (Apple's "icns" format)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def bundle_path(home: Path | None = None) -> Path:
    """Where the bundle goes: ~/Applications (the user's own, no administrator needed)."""
    return (home or Path.home()) / "Applications" / BUNDLE


def icns(pngs: dict[int, bytes]) -> bytes:
    """An .icns file of PNG images by size (sizes macOS has no type for are left out)."""
    body = b"".join(ICNS_TYPES[size] + (8 + len(data)).to_bytes(4, "big") + data
                    for size, data in sorted(pngs.items()) if size in ICNS_TYPES)
    return b"icns" + (8 + len(body)).to_bytes(4, "big") + body


def _pngs() -> dict[int, bytes]:
    theme = paths.assets_root() / "icons" / "hicolor"
    out = {}
    for size in ICNS_TYPES:
        png = theme / f"{size}x{size}" / "apps" / f"{paths.APP_ID}.png"
        if png.is_file():
            out[size] = files.read_bounded(png, 8 << 20)
    return out


def info_plist(command: list[str], version: str) -> dict:
    """The bundle's Info.plist."""
    return {
        "CFBundleIdentifier": paths.APP_ID,
        "CFBundleName": paths.TITLE,
        "CFBundleDisplayName": paths.TITLE,
        "CFBundleExecutable": EXECUTABLE,
        "CFBundleIconFile": ICON,
        "CFBundlePackageType": "APPL",
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundleInfoDictionaryVersion": "6.0",
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHighResolutionCapable": True,
        LAUNCH_KEY: command,
    }


def launcher_script(command: list[str], workdir: Path | None) -> str:
    """The bundle's executable: runs the launch command with the arguments it was given."""
    lines = ["#!/bin/sh"]
    if workdir is not None:
        lines.append(f"cd {shlex.quote(str(workdir))} || exit 1")
    lines.append(f"exec {shlex.join(command)} \"$@\"")
    return "\n".join(lines) + "\n"


def _ours(bundle: Path) -> dict | None:
    """The bundle's Info.plist if the bundle is ours (a real folder naming the app id)."""
    if bundle.is_symlink() or not bundle.is_dir():
        return None
    try:
        info = plistlib.loads(files.read_bounded(bundle / "Contents" / "Info.plist", MAX_PLIST))
    except (OSError, ValueError, plistlib.InvalidFileException):
        return None
    return info if isinstance(info, dict) and info.get("CFBundleIdentifier") == paths.APP_ID \
        else None


def install(command: list[str], workdir: Path | None, version: str,
            home: Path | None = None) -> list[Path]:
    """Write the bundle (replacing ours, never another's); the files written."""
    bundle = bundle_path(home)
    if os.path.lexists(bundle) and _ours(bundle) is None:
        raise FileExistsError(17, _("a folder of that name that is not this app's"),
                              str(bundle))
    contents = bundle / "Contents"
    script = contents / "MacOS" / EXECUTABLE
    written = []
    for file, data in ((contents / "Info.plist",
                        plistlib.dumps(info_plist(command, version))),
                       (contents / "Resources" / f"{ICON}.icns", icns(_pngs())),
                       (script, launcher_script(command, workdir).encode("utf-8"))):
        file.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(file, data)
        written.append(file)
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove our bundle; [the bundle] if removed, [] if there was none of ours."""
    bundle = bundle_path(home)
    if _ours(bundle) is None:
        return []
    shutil.rmtree(bundle)  # a real folder (checked): rmtree never follows a link inside
    return [bundle]


def stale(home: Path | None = None) -> bool:
    """True if our bundle is there and the program it starts is not (uninstalled)."""
    info = _ours(bundle_path(home))
    if info is None:
        return False
    command = info.get(LAUNCH_KEY)
    return isinstance(command, list) and missing(command)


def missing(command: list) -> bool:
    """True if a file the command names by absolute path (its program, its script) is gone."""
    return any(isinstance(arg, str) and os.path.isabs(arg) and not os.path.exists(arg)
               for arg in command[:2])


__all__ = ["BUNDLE", "bundle_path", "icns", "info_plist", "install", "launcher_script",
           "missing", "stale", "uninstall"]
