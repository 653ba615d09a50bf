"""The user folders (common/paths.py), the version, the log file (common/logs.py), the
desktop entry's text (common/desktop.py) and the window's name."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import platformdirs
import pytest

from common import desktop, logs, paths
from common.ui import saves, settings
from common.version import version

ROOT = Path(__file__).resolve().parents[1]
VARS = ("OVERLORDS_SAVES", "OVERLORDS_CONFIG", "OVERLORDS_LOGS", "XDG_DATA_HOME",
        "XDG_CONFIG_HOME", "XDG_STATE_HOME")


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh home folder and none of the variables that move the folders."""
    for var in VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("USERPROFILE", str(tmp_path / "home"))
    return tmp_path / "home"


linux_only = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG folders")


@linux_only
def test_on_linux_the_folders_are_where_earlier_versions_put_them(home):
    # the paths earlier versions wrote by hand, and platformdirs' own answer: all equal
    assert saves.folder() == home / ".local/share/overlords-prepollency/saves"
    assert settings.path() == home / ".config/overlords-prepollency/settings.json"
    assert paths.log_file() == home / ".local/state/overlords-prepollency/log" / paths.LOG_FILE
    assert saves.folder().parent == Path(platformdirs.user_data_dir(paths.APP_NAME, False))
    assert settings.path().parent == Path(platformdirs.user_config_dir(paths.APP_NAME, False))
    assert paths.log_folder() == Path(platformdirs.user_log_dir(paths.APP_NAME, False))


@linux_only
def test_on_linux_the_xdg_variables_move_the_folders_and_relative_ones_are_ignored(
        home, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert saves.folder() == tmp_path / "data/overlords-prepollency/saves"
    assert settings.path() == tmp_path / "config/overlords-prepollency/settings.json"
    assert paths.log_folder() == tmp_path / "state/overlords-prepollency/log"
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, "relative/path")  # the XDG spec: to be ignored
    assert saves.folder() == home / ".local/share/overlords-prepollency/saves"
    assert settings.path() == home / ".config/overlords-prepollency/settings.json"
    assert paths.log_folder() == home / ".local/state/overlords-prepollency/log"


def test_the_overrides_win_everywhere(home, tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path / "s"))
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path / "c"))
    monkeypatch.setenv("OVERLORDS_LOGS", str(tmp_path / "l"))
    monkeypatch.setattr(paths, "_linux_like", lambda: False)
    assert saves.folder() == tmp_path / "s"
    assert settings.path() == tmp_path / "c" / "settings.json"
    assert paths.log_file() == tmp_path / "l" / paths.LOG_FILE


@pytest.fixture
def elsewhere(home, tmp_path, monkeypatch):
    """As on macOS or Windows: platformdirs' folders are not the XDG ones."""
    monkeypatch.setattr(paths, "_linux_like", lambda: False)
    mac = tmp_path / "home/Library/Application Support"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda name, appauthor: str(mac / name))
    monkeypatch.setattr(platformdirs, "user_config_dir",
                        lambda name, appauthor: str(mac / name))
    monkeypatch.setattr(platformdirs, "user_log_dir",
                        lambda name, appauthor: str(tmp_path / "home/Library/Logs" / name))
    return mac / paths.APP_NAME


def test_elsewhere_new_players_get_the_platform_folders(elsewhere, home):
    assert saves.folder() == elsewhere / "saves"
    assert settings.path() == elsewhere / "settings.json"
    assert paths.log_folder() == home / "Library/Logs" / paths.APP_NAME


def test_elsewhere_saves_and_settings_of_earlier_versions_are_still_found(elsewhere, home):
    old_saves = home / ".local/share/overlords-prepollency/saves"
    old_saves.mkdir(parents=True)
    (old_saves / "overlords-2025-01-01-100000.json").write_text("{}")
    old_settings = home / ".config/overlords-prepollency/settings.json"
    old_settings.parent.mkdir(parents=True)
    old_settings.write_text("{}")
    assert saves.folder() == old_saves
    assert settings.path() == old_settings
    # once the platform's folders exist (a newer version wrote there), they are used
    (elsewhere / "saves").mkdir(parents=True)
    (elsewhere / "settings.json").write_text("{}")
    assert saves.folder() == elsewhere / "saves"
    assert settings.path() == elsewhere / "settings.json"


def test_the_version_is_pyprojects():
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert version() == expected
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == f"overlords-prepollency {expected}"


def test_the_log_file_rotates_and_stays_small(tmp_path):
    file = logs.setup(tmp_path / "log" / "app.log")
    try:
        assert file == tmp_path / "log" / "app.log" and logs.current() == file
        assert logs.setup(file) == file  # twice: one handler, not two
        ours = [h for h in logging.getLogger().handlers
                if getattr(h, "baseFilename", None) == str(file)]
        assert len(ours) == 1
        line = "x" * 1000
        for _ in range(3 * logs.MAX_BYTES // 1000):
            logging.getLogger("overlords-prepollency.test").info(line)
        kept = sorted(p.name for p in file.parent.iterdir())
        assert kept == ["app.log", "app.log.1", "app.log.2"]
        assert all(p.stat().st_size <= logs.MAX_BYTES + 2000 for p in file.parent.iterdir())
    finally:
        logs.shutdown()
    assert logs.current() is None


def test_a_log_folder_that_cannot_be_made_means_no_log_and_no_crash(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert logs.setup(blocker / "log" / "app.log") is None
    assert logs.current() is None
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("arg, quoted", [
    ("/usr/bin/game", "/usr/bin/game"),
    ("/home/a b/bootstrap.py", '"/home/a b/bootstrap.py"'),
    ("/opt/100%/x", "/opt/100%%/x"),
    ('/odd"$`\\name', '"/odd\\"\\$\\`\\\\name"'),
])
def test_exec_arguments_are_quoted_as_the_spec_says(arg, quoted):
    assert desktop.quote_arg(arg) == quoted


def test_an_entry_for_a_folder_with_spaces_and_odd_characters_validates(tmp_path):
    odd = tmp_path / "my games" / "O&P $1 (copy)"
    text = desktop.entry_text(["/usr/bin/python3", str(odd / "bootstrap.py")], odd)
    entry = tmp_path / desktop.ENTRY
    entry.write_text(text, encoding="utf-8")
    assert f"StartupWMClass={paths.APP_ID}\n" in text
    assert "Categories=Game;BoardGame;\n" in text
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate is not installed (desktop-file-utils)")
    done = subprocess.run([validator, str(entry)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_the_window_is_named_for_the_program(monkeypatch):
    from common.ui import window as app

    # `import pygame` sets the X11 class to the script's name when none is set: replaced
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    monkeypatch.delenv("SDL_VIDEO_WAYLAND_WMCLASS", raising=False)
    app.name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == paths.APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == paths.APP_ID
    assert app.TITLE == "Overlords & Prepollency"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "chosen-by-the-user")  # kept
    app.name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "chosen-by-the-user"


def test_the_bench_hook_draws_n_frames_says_when_the_first_is_up_and_quits(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "OVERLORDS_BENCH_FRAMES": "3", "OVERLORDS_LOGS": str(tmp_path / "logs"),
           "OVERLORDS_CONFIG": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines().count("first-frame") == 1
    assert "start overlords-prepollency" in (tmp_path / "logs" / paths.LOG_FILE).read_text()


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_windows_and_macos_get_their_own_kind_of_entry_never_a_freedesktop_one(
        platform, monkeypatch, tmp_path, capsys):
    from common import processes

    """(Issue 34: a Start-menu shortcut, an app bundle; tests/test_platform_desktop.py.)"""
    from types import SimpleNamespace

    from common import desktop_windows
    from common.cli.desktop_entry import desktop_entry

    xdg, home = tmp_path / "xdg", tmp_path / "home"
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("APPDATA", str(home / "Roaming"))
    # the system as the code chooses by it (never sys.platform itself: the library reads it)
    real = processes.system
    monkeypatch.setattr(processes, "system", lambda p=None: real(platform if p is None else p))
    written = []

    def powershell(argv, env, **kwargs):
        written.append(Path(env["OP_SHORTCUT"]))
        written[-1].write_bytes(b"L")
        return SimpleNamespace(returncode=0, stdout="", stderr="")

    monkeypatch.setattr(desktop_windows, "subprocess", SimpleNamespace(run=powershell))
    assert desktop_entry(install=True) == 0
    assert "installed" in capsys.readouterr().out
    assert not xdg.exists() and home.exists()
    assert (written != []) == (platform == "win32")
