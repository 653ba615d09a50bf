"""Issue 34, items 3 and 7: `--install-desktop-entry` on each system (a Start-menu shortcut on
Windows, an app bundle by the app id with its icon on macOS, the freedesktop entry on Linux),
and a stale entry or bundle (its program uninstalled) removed by the app. The Windows
shortcut is written by PowerShell, faked here (what it is given is checked); the macOS bundle
is plain files, written and its launcher run for real."""

from __future__ import annotations

import os
import plistlib
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from common import command_line, desktop, desktop_macos, desktop_windows, paths, processes
from common.cli import desktop_entry

ROOT = Path(__file__).resolve().parents[1]
COMMAND = [sys.executable, str(ROOT / "main.py")]


def _icns_entries(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns" and int.from_bytes(data[4:8], "big") == len(data)
    out, at = {}, 8
    while at < len(data):
        kind, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "big")
        out[kind] = data[at + 8:at + size]
        at += size
    assert at == len(data)
    return out


def test_macos_bundle_by_the_app_id_with_its_icon_starts_the_program(tmp_path):
    written = desktop_macos.install(COMMAND, None, "9.9", home=tmp_path)
    bundle = tmp_path / "Applications" / f"{paths.TITLE}.app"
    assert bundle / "Contents" / "Info.plist" in written
    info = plistlib.loads((bundle / "Contents" / "Info.plist").read_bytes())
    assert info["CFBundleIdentifier"] == paths.APP_ID  # not org.overlords-prepollency.app
    assert info["CFBundleIconFile"] == "AppIcon" and info["NSHighResolutionCapable"] is True
    assert info["CFBundleShortVersionString"] == "9.9"
    entries = _icns_entries((bundle / "Contents" / "Resources" / "AppIcon.icns").read_bytes())
    assert set(entries) == {b"icp4", b"icp5", b"icp6", b"ic07", b"ic08", b"ic09"}
    for kind, size in ((b"icp4", 16), (b"ic07", 128), (b"ic09", 512)):
        png = entries[kind]
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == size
    script = bundle / "Contents" / "MacOS" / info["CFBundleExecutable"]
    assert os.access(script, os.X_OK)
    done = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(paths.APP_NAME), done.stderr
    assert not desktop_macos.stale(tmp_path)
    assert desktop_macos.uninstall(tmp_path) == [bundle] and not bundle.exists()
    assert desktop_macos.uninstall(tmp_path) == []


def test_macos_never_replaces_or_removes_a_bundle_that_is_not_ours(tmp_path):
    bundle = desktop_macos.bundle_path(tmp_path)
    (bundle / "Contents").mkdir(parents=True)
    theirs = bundle / "Contents" / "Info.plist"
    theirs.write_bytes(plistlib.dumps({"CFBundleIdentifier": "com.example.other"}))
    with pytest.raises(FileExistsError):
        desktop_macos.install(COMMAND, None, "1", home=tmp_path)
    assert desktop_macos.uninstall(tmp_path) == [] and theirs.is_file()
    elsewhere = tmp_path / "elsewhere.app"
    bundle.rename(elsewhere)
    bundle.symlink_to(elsewhere)  # a link by that name: never followed, never removed
    assert desktop_macos.uninstall(tmp_path) == [] and theirs.with_name("x").parent.exists()


def test_a_macos_bundle_whose_program_is_gone_is_removed_by_the_app(tmp_path, monkeypatch):
    gone = tmp_path / "venv" / "bin" / "overlords-prepollency"
    desktop_macos.install([str(gone)], None, "1", home=tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert desktop_macos.stale()
    assert desktop_entry.remove_stale(processes.MACOS)
    assert not desktop_macos.bundle_path(tmp_path).exists()
    assert not desktop_entry.remove_stale(processes.MACOS)


class FakePowerShell:
    """subprocess.run as the Windows PowerShell would answer: the shortcut written (or not)."""

    def __init__(self, works: bool = True) -> None:
        self.works, self.calls = works, []

    def __call__(self, argv, **kwargs):
        self.calls.append((argv, kwargs))
        if self.works:
            Path(kwargs["env"]["OP_SHORTCUT"]).write_bytes(b"L\0\0\0")
            return SimpleNamespace(returncode=0, stdout="", stderr="")
        return SimpleNamespace(returncode=1, stdout="", stderr="New-Object : COM class\n"
                               "Access is denied.\n")


def test_windows_start_menu_shortcut_hands_every_path_over_in_the_environment(tmp_path):
    scripts = tmp_path / "Python 3.12" / "Scripts"
    scripts.mkdir(parents=True)
    (scripts / "python.exe").write_bytes(b"")
    (scripts / "pythonw.exe").write_bytes(b"")
    command = [str(scripts / "python.exe"), str(tmp_path / "my games" / "bootstrap.py")]
    environ = {"APPDATA": str(tmp_path / "Roaming")}
    run = FakePowerShell()
    written = desktop_windows.install(command, tmp_path / "my games", run=run, environ=environ)
    shortcut = tmp_path / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs" / \
        f"{paths.TITLE}.lnk"
    assert written == [shortcut] and shortcut.is_file()
    [(argv, kwargs)] = run.calls
    assert argv[0] == "powershell.exe" and argv[-1] == desktop_windows.SCRIPT
    assert str(tmp_path) not in desktop_windows.SCRIPT  # no path pasted into the script
    env = kwargs["env"]
    assert env["OP_TARGET"] == str(scripts / "pythonw.exe")  # no console window
    assert command_line.split(env["OP_ARGUMENTS"], processes.WINDOWS) == command[1:]
    assert env["OP_FOLDER"] == str(tmp_path / "my games")
    assert Path(env["OP_ICON"]).is_file() and env["OP_ICON"].endswith(".ico")
    assert desktop_windows.uninstall(environ) == [shortcut] and not shortcut.exists()
    assert desktop_windows.uninstall(environ) == []


def test_a_shortcut_powershell_refuses_says_why(tmp_path):
    environ = {"APPDATA": str(tmp_path)}
    with pytest.raises(OSError, match="Access is denied"):
        desktop_windows.install(["C:\\x\\overlords-prepollency.exe"], None,
                                run=FakePowerShell(works=False), environ=environ)


def test_the_launcher_exe_is_started_as_it_is():
    exe = "C:\\Users\\me\\.local\\bin\\overlords-prepollency.exe"
    assert desktop_windows.target([exe]) == [exe]


@pytest.mark.parametrize("system", [processes.WINDOWS, processes.MACOS, processes.LINUX])
def test_install_desktop_entry_says_where_on_each_system(system, tmp_path, monkeypatch,
                                                         capsys):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    monkeypatch.setattr(desktop_windows, "subprocess", SimpleNamespace(run=FakePowerShell()))
    place = {processes.WINDOWS: desktop_windows.shortcut_path, processes.MACOS:
             desktop_macos.bundle_path, processes.LINUX: desktop.entry_file}[system]()
    assert desktop_entry.desktop_entry(True, system) == 0
    out = capsys.readouterr().out
    assert f"installed {place}" in out and "it starts: " in out and place.exists()
    assert desktop_entry.desktop_entry(False, system) == 0
    assert f"removed {place}" in capsys.readouterr().out and not place.exists()
    assert desktop_entry.desktop_entry(False, system) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_a_linux_entry_whose_program_is_gone_is_removed_by_the_app(tmp_path):
    gone = tmp_path / "pipx" / "venvs" / "x" / "bin" / "overlords-prepollency"
    entry = desktop.entry_file()
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop.entry_text([str(gone)], None))
    assert desktop.stale()
    assert desktop_entry.remove_stale(processes.LINUX) and not entry.exists()
    entry.write_text(desktop.entry_text(COMMAND, None))  # a program that is there: kept
    assert not desktop.stale() and not desktop_entry.remove_stale(processes.LINUX)
    assert entry.exists()
