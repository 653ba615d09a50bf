"""Issue 34, item 4 on macOS: sharp on a Retina screen. There the window opens as a high-DPI
`pygame.Window` and the app draws on its surface, in real pixels; the window's size and the
pointer's positions, in points, are converted by the pixels per point measured. Linux and
Windows keep SDL's display window. The macOS branch is chosen by `on` (the tests point it at
macOS); the real window runs under SDL's dummy driver in a child process (it must not close
the display of the other tests of this process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from common import processes
from common.ui import input as ui_input
from common.ui import window
from common.ui.input import PointerDown, PointerMove, Resized

ROOT = Path(__file__).resolve().parents[1]


def test_only_macos_opens_a_high_dpi_window():
    assert window.high_dpi(processes.MACOS)
    assert not window.high_dpi(processes.LINUX)
    assert not window.high_dpi(processes.WINDOWS)


@pytest.mark.parametrize(("pixels", "points", "ratio"), [
    ((2560, 1600), (1280, 800), 2.0),  # a Retina screen
    ((1280, 800), (1280, 800), 1.0),  # a plain one, or no high DPI given
    ((1920, 1200), (1280, 800), 1.5),
    ((0, 0), (1280, 800), 1.0), ((1280, 800), (0, 0), 1.0),  # a window of no size yet
    ((99999, 800), (10, 800), 4.0),  # never above a display scale's 4
])
def test_pixels_per_point_are_measured(pixels, points, ratio):
    assert window.pixel_ratio(pixels, points) == ratio


def test_pixels_and_points_convert_both_ways():
    assert window.to_points((2560, 1600), 2.0) == (1280, 800)
    assert window.to_points((961, 601), 2.0) == (480, 300)  # rounds half to even
    assert window.to_points((1, 1), 4.0) == (1, 1)  # never a window of no size
    assert ui_input.to_pixels((100, 50), 2.0) == (200, 100)
    assert ui_input.to_pixels((100.75, 50.25), 2.0) == (201, 100)
    assert ui_input.to_pixels((7, 9), 1.0) == (7, 9)


@pytest.fixture
def restored_screen():
    yield
    ui_input.use_window(pygame.display.get_surface, 1.0)


def test_pointer_and_resize_events_are_read_at_the_window_scale(restored_screen):
    surface = pygame.Surface((2560, 1600))
    ui_input.use_window(lambda: surface, 2.0)
    press = ui_input.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400),
                                                  button=1))
    assert press == PointerDown((1280, 800), 1)  # the middle of the window, in pixels
    move = ui_input.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20),
                                                 buttons=(1, 0, 0)))
    assert move == PointerMove((20, 40), True)
    resized = ui_input.map_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    assert resized == Resized((2560, 1600))  # the surface's size: what the app lays out in


CHILD = textwrap.dedent("""
    import json, sys
    import pygame
    from common import processes
    from common.ui import input as ui_input
    from common.ui.window import Window

    seen = {}
    win = Window((900, 640), on=sys.argv[1])
    seen["native"] = win.native is not None
    seen["display_surface"] = pygame.display.get_surface() is not None
    seen["size"] = list(win.size)
    seen["ratio"] = win.pixel_ratio
    win.screen.fill((200, 10, 10))
    win.flip()
    win.resize((1000, 700))
    seen["resized"] = list(win.size)
    event = pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700)
    seen["event"] = list(ui_input.map_event(event).size)
    win.go_fullscreen()
    win.go_windowed()
    seen["windowed"] = list(win.size)
    win.close()
    print(json.dumps(seen))
""")


def _child(system: str) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", CHILD, system], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_on_macos_the_app_draws_on_a_high_dpi_window():
    seen = _child(processes.MACOS)
    assert seen["native"] and not seen["display_surface"]  # not SDL's point-sized display
    # the dummy driver has no Retina screen: one pixel per point, measured, not assumed
    assert seen["ratio"] == 1.0 and seen["size"] == [900, 640]
    assert seen["resized"] == [1000, 700] and seen["event"] == [1000, 700]
    assert seen["windowed"] == [1000, 700]  # back from fullscreen at the size it had


def test_elsewhere_the_display_window_is_kept():
    seen = _child(processes.LINUX)
    assert not seen["native"] and seen["display_surface"]
    assert seen["size"] == [900, 640] and seen["ratio"] == 1.0
    assert seen["resized"] == [1000, 700] and seen["event"] == [1000, 700]
    assert seen["windowed"] == [1000, 700]


@pytest.mark.parametrize("points", [(1280, 800), (960, 600), (1800, 1100)])
def test_a_retina_window_has_the_same_layout_drawn_at_twice_the_pixels(points):
    from common.ui.theme import metrics

    plain = metrics(points)
    sharp = metrics((points[0] * 2, points[1] * 2), 2.0)
    for name in ("small", "normal", "large", "title", "pad", "radius", "button_h"):
        assert getattr(sharp, name) == 2 * getattr(plain, name), name
    assert sharp.scale == 2 * plain.scale
    assert metrics(points, 1.0) == plain  # one pixel per point: as before
