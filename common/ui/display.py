"""The screen the window opens on: is there one at all, how sharp is it, how large is it.

- `no_screen(environ, system)`: why no window can open (Linux and the BSDs without $DISPLAY or
  $WAYLAND_DISPLAY: a terminal, an SSH session), or None. Left alone, SDL falls back to its
  offscreen driver there and the app runs with nothing on screen until killed; the app says
  why in one line instead and exits with status 2 (`start.run_app`). A video driver the
  person chose (SDL_VIDEODRIVER) is theirs: never second-guessed. `offscreen_driver` tells
  the same after SDL started, on any system.
- `declare_dpi_awareness(system, libraries)`: Windows stretches the bitmap of a program
  that does not say it is DPI-aware (blurry at 125-200 % scaling). The app declares itself
  per-monitor aware before SDL opens the display (SetProcessDpiAwareness, or
  SetProcessDPIAware before Windows 8.1) and is then given real pixels; its scale (the
  system DPI / 96) is what the window's size is multiplied by, so the window has its usual
  size on screen and everything in it (fonts, art: `common.ui.theme.metrics` scales with the
  window, up to 2x) is drawn at the real pixel size. Elsewhere the scale is 1.
- `fitted(wanted, scale, desktop)`: the window's opening size: the size wanted at that scale,
  never larger than the screen (less room for the title bar and a panel), never below the
  minimum size unless the screen itself is smaller. `opening_size` asks SDL for the screen.

The Windows libraries are arguments (the tests give fakes); only `declare_dpi_awareness`'s
defaults load the real ones.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping
from typing import Any

from common import processes
from common.i18n import _

DPI_AWARENESS_HINT = "SDL_WINDOWS_DPI_AWARENESS"  # SDL 2.24+: SDL declares it too
PROCESS_PER_MONITOR_DPI_AWARE = 2
E_ACCESSDENIED = -2147024891  # 0x80070005: awareness already set (by a manifest or SDL)
BASE_DPI = 96
ROOM = 80  # pixels kept free below the window's height: its title bar and a panel
OFFSCREEN_DRIVERS = ("offscreen", "dummy")


def no_screen(environ: Mapping[str, str] | None = None, on: str | None = None) -> str | None:
    """Why no window can open here (see the module docstring), or None."""
    environ = os.environ if environ is None else environ
    if (on or processes.system()) != processes.LINUX or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return _("there is no screen to open the window on (neither {display} nor {wayland} is "
             "set: a terminal or an SSH session); start it from the desktop, or use a command "
             "that needs no window (--help lists them)").format(display="$DISPLAY",
                                                                 wayland="$WAYLAND_DISPLAY")


def offscreen_driver(driver: str, environ: Mapping[str, str] | None = None) -> str | None:
    """Why the window SDL opened shows nothing (it fell back to a driver without a screen,
    which the person did not ask for), or None."""
    environ = os.environ if environ is None else environ
    if driver not in OFFSCREEN_DRIVERS or environ.get("SDL_VIDEODRIVER"):
        return None
    return _("there is no screen to open the window on (SDL found no display and fell back to "
             "its {driver} driver); start it from the desktop, or use a command that needs no "
             "window (--help lists them)").format(driver=driver)


def declare_dpi_awareness(on: str | None = None,
                          libraries: tuple[Any, Any] | None = None) -> float:
    """Windows: declare the process DPI-aware and return its scale (see the module
    docstring); 1.0 elsewhere or if Windows refuses. Call before the display opens.
    `libraries` is (shcore, user32), shcore None before Windows 8.1 (default: loaded)."""
    if (on or processes.system()) != processes.WINDOWS:
        return 1.0
    os.environ.setdefault(DPI_AWARENESS_HINT, "permonitorv2")
    try:
        shcore, user32 = libraries if libraries is not None else _libraries()
        aware = False
        if shcore is not None:
            result = shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE)
            aware = result in (0, E_ACCESSDENIED)
        if not aware:
            aware = bool(user32.SetProcessDPIAware())
        if not aware:
            return 1.0
        dpi = user32.GetDpiForSystem() if hasattr(user32, "GetDpiForSystem") else BASE_DPI
    except (OSError, AttributeError):
        return 1.0
    return max(1.0, min(4.0, dpi / BASE_DPI)) if dpi else 1.0


def _libraries() -> tuple[Any, Any]:
    user32 = ctypes.WinDLL("user32")  # type: ignore[attr-defined]
    try:
        return ctypes.WinDLL("shcore"), user32  # type: ignore[attr-defined]
    except OSError:  # before Windows 8.1
        return None, user32


def fitted(wanted: tuple[int, int], scale: float, desktop: tuple[int, int] | None,
           minimum: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The window's opening size and its minimum size (see the module docstring)."""
    w, h = round(wanted[0] * scale), round(wanted[1] * scale)
    low_w, low_h = round(minimum[0] * scale), round(minimum[1] * scale)
    if desktop is not None and desktop[0] > 0 and desktop[1] > 0:
        room_w, room_h = desktop[0], max(1, desktop[1] - round(ROOM * scale))
        w, h = min(w, room_w), min(h, room_h)
        low_w, low_h = min(low_w, room_w), min(low_h, room_h)
    return (max(w, low_w), max(h, low_h)), (low_w, low_h)


def prepare(wanted: tuple[int, int],
            minimum: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]] | str:
    """Before the window opens: why it cannot (a sentence), or its opening and minimum sizes
    on this screen (DPI declared on Windows, the display started, the window named)."""
    import pygame

    from common.ui.window import name_the_window

    problem = no_screen()
    if problem is not None:
        return problem
    scale = declare_dpi_awareness()
    name_the_window()
    pygame.display.init()
    driver = pygame.display.get_driver()
    problem = offscreen_driver(driver)
    if problem is not None:
        pygame.display.quit()
        return problem
    if driver in OFFSCREEN_DRIVERS:  # chosen (tests, a headless run): no screen to fit
        return (wanted, minimum)
    return fitted(wanted, scale, desktop_size(), minimum)


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on (SDL's first display), or None."""
    import pygame

    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (sizes[0][0], sizes[0][1]) if sizes else None


__all__ = ["declare_dpi_awareness", "desktop_size", "fitted", "no_screen", "offscreen_driver",
           "prepare"]
