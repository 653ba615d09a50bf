"""Issue 34, items 4 and 5: a clear failure where there is no screen, DPI awareness on
Windows (the Windows calls faked), and a window that never opens larger than its screen."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from common import processes
from common.ui import display
from common.ui.window import DEFAULT_SIZE, MIN_SIZE

ROOT = Path(__file__).resolve().parents[1]
WINDOWS, MACOS, LINUX = processes.WINDOWS, processes.MACOS, processes.LINUX


def test_no_display_on_linux_is_said_and_a_chosen_driver_is_respected():
    assert "no screen" in display.no_screen({}, LINUX)
    assert display.no_screen({"DISPLAY": ":0"}, LINUX) is None
    assert display.no_screen({"WAYLAND_DISPLAY": "wayland-0"}, LINUX) is None
    assert display.no_screen({"SDL_VIDEODRIVER": "kmsdrm"}, LINUX) is None
    assert display.no_screen({}, WINDOWS) is None and display.no_screen({}, MACOS) is None
    assert "offscreen driver" in display.offscreen_driver("offscreen", {})
    assert display.offscreen_driver("offscreen", {"SDL_VIDEODRIVER": "offscreen"}) is None
    assert display.offscreen_driver("x11", {}) is None


def test_started_with_no_display_it_says_why_in_one_line_and_exits_2(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], capture_output=True,
                          text=True, env=env, timeout=120, cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cannot open a window: there is no screen")
    assert "--help" in lines[0] and done.stdout == ""


class FakeDll:
    def __init__(self, **results):
        self.calls = []
        for name, result in results.items():
            setattr(self, name, self._call(name, result))

    def _call(self, name, result):
        def call(*args):
            self.calls.append((name, args))
            return result
        return call


@pytest.fixture
def no_hint(monkeypatch):
    monkeypatch.delenv(display.DPI_AWARENESS_HINT, raising=False)


def test_windows_declares_per_monitor_dpi_awareness_and_reads_its_scale(no_hint):
    shcore = FakeDll(SetProcessDpiAwareness=0)
    user32 = FakeDll(SetProcessDPIAware=1, GetDpiForSystem=144)
    assert display.declare_dpi_awareness(WINDOWS, (shcore, user32)) == 1.5
    assert shcore.calls == [("SetProcessDpiAwareness", (2,))]
    assert ("SetProcessDPIAware", ()) not in user32.calls
    assert os.environ[display.DPI_AWARENESS_HINT] == "permonitorv2"


def test_awareness_set_already_counts_and_old_windows_falls_back(no_hint):
    shcore = FakeDll(SetProcessDpiAwareness=display.E_ACCESSDENIED)  # by a manifest, by SDL
    assert display.declare_dpi_awareness(WINDOWS, (shcore, FakeDll(GetDpiForSystem=192))) == 2.0
    old = FakeDll(SetProcessDPIAware=1)  # Windows 7: no shcore, no GetDpiForSystem
    assert display.declare_dpi_awareness(WINDOWS, (None, old)) == 1.0
    assert old.calls == [("SetProcessDPIAware", ())]
    refused = FakeDll(SetProcessDPIAware=0, GetDpiForSystem=192)
    assert display.declare_dpi_awareness(WINDOWS, (None, refused)) == 1.0  # not aware: 1x


def test_no_dpi_declaration_off_windows(no_hint):
    for system in (LINUX, MACOS):
        assert display.declare_dpi_awareness(system, (FakeDll(), FakeDll())) == 1.0
    assert display.DPI_AWARENESS_HINT not in os.environ


@pytest.mark.parametrize(("scale", "desktop", "size", "minimum"), [
    (1.0, (1920, 1080), (1280, 800), (960, 600)),
    (1.0, (960, 600), (960, 520), (960, 520)),  # it opened at 1280x800, Quit off-screen
    (1.0, (1280, 800), (1280, 720), (960, 600)),
    (1.0, None, (1280, 800), (960, 600)),  # the screen's size unknown: as asked
    (2.0, (3840, 2160), (2560, 1600), (1920, 1200)),  # 200 %: the same size on screen
    (1.5, (1920, 1080), (1920, 960), (1440, 900)),
])
def test_the_window_fits_its_screen_at_its_scale(scale, desktop, size, minimum):
    assert display.fitted(DEFAULT_SIZE, scale, desktop, MIN_SIZE) == (size, minimum)
