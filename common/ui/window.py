"""The app's window: named the program's way before SDL opens the display, shown through the
plain X11 window surface where there is one (`software_framebuffer`), opened resizable with a
minimum size and the icon, switched to fullscreen and back, resized from code, and brought
back to a size that has a surface when it grows too large to draw.

`Window` holds the surface the app draws on (`screen`) and the size to go back to from
fullscreen (`windowed_size`); the app (`common.ui.app.App`) owns one and keeps the settings
(fullscreen on or off) and the scenes' layout in step with it.

Sharp on a Retina screen (`high_dpi`): on macOS the window's size is in points, and SDL's
plain display window (`pygame.display.set_mode`, which never asks for high DPI) gets a surface
of one pixel per point, which macOS then stretches 2x: blurry. There the window is opened as
a high-DPI `pygame.Window` (allow_high_dpi; the app bundle says NSHighResolutionCapable) and
the app draws on its surface, which is in real pixels: everything sizes itself from the
surface's size (`common.ui.theme.metrics`), so fonts and art are drawn at the real pixel
size. The window's size and the pointer's positions stay in points: `pixel_ratio` (pixels per
point, measured, never assumed: 1 where the system gives no more) converts them
(`common.ui.input.use_window`). Linux and Windows keep the display window as before (Windows
gets its real pixels by declaring DPI awareness: `common.ui.display`).
"""

from __future__ import annotations

import os
import sys
import warnings

import pygame

from common import paths, processes
from common.ui import assets, input

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
TITLE = paths.TITLE
WINDOW_CLASS = paths.APP_ID  # the X11 WM_CLASS / Wayland app id; desktop entries match it
MAX_SIDE = 8192  # pixels: a larger window (20000x20000 has no surface) is brought back to it


def name_the_window() -> None:
    """Name the window the program's way before SDL opens the display: its class on X11
    (WM_CLASS, both parts) and its app id on Wayland are the app id (`paths.APP_ID`, not the
    interpreter's or main.py's name), so desktops match it to the desktop entry
    (StartupWMClass) and group it under the app's icon; audio servers and the screensaver
    see the title. A value set by the person launching is kept; the one `import pygame`
    sets when it finds none (the script's file name, e.g. main.py) is replaced."""
    pygame_default = os.path.basename(sys.argv[0]) if sys.argv else ""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", pygame_default) == pygame_default:
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_APP_NAME", TITLE)


def high_dpi(on: str | None = None) -> bool:
    """True where the window is opened as a high-DPI window (macOS: see the module
    docstring); `on` a `common.processes` system name (default: this one)."""
    return (on or processes.system()) == processes.MACOS


def pixel_ratio(pixels: tuple[int, int], points: tuple[int, int]) -> float:
    """Pixels per point of a window whose surface has `pixels` and whose size is `points`
    (1 for a window of no size; at most 4, as a display scale is)."""
    if points[0] <= 0 or pixels[0] <= 0:
        return 1.0
    return max(1.0, min(4.0, pixels[0] / points[0]))


def to_points(size: tuple[int, int], ratio: float) -> tuple[int, int]:
    """A size in the surface's pixels as the window's size in points."""
    return (max(1, round(size[0] / ratio)), max(1, round(size[1] / ratio)))


FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def software_framebuffer() -> bool:
    """Ask SDL for the plain X11 window surface (SDL_FRAMEBUFFER_ACCELERATION=0) where the
    window will be an X11 one: Linux, $DISPLAY set, no other video driver asked for. Left to
    itself, SDL there loads the system's OpenGL (Mesa) to decide whether to show frames
    through a GPU texture: measured under Xvfb, that costs ~96 MB of resident memory at the
    first frame (164 MB against 68 MB) and makes each frame slower (the app draws every pixel
    itself; a texture upload only adds work). A value set by the person launching is kept;
    True if this set it. Elsewhere SDL's own choice stands (Windows already uses GDI, and
    macOS and Wayland have no plain window surface to fall back to)."""
    if FRAMEBUFFER_HINT in os.environ or not sys.platform.startswith("linux"):
        return False
    if not os.environ.get("DISPLAY") or os.environ.get("SDL_VIDEODRIVER", "x11") != "x11":
        return False
    os.environ[FRAMEBUFFER_HINT] = "0"
    return True


class Window:
    """The display and its surface (see the module docstring)."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, on: str | None = None) -> None:
        """Open it at `size` (in points where the system counts them: macOS); `on` the
        system to open it as (`common.processes` name; default this one: tests point it at
        another)."""
        name_the_window()
        hinted = software_framebuffer()
        self.native: pygame.Window | None = None  # the high-DPI window (macOS), else None
        self._high_dpi = high_dpi(on)
        self.windowed_size = size
        try:
            self._open(size)
        except pygame.error:
            if not hinted:
                raise
            del os.environ[FRAMEBUFFER_HINT]  # SDL's own choice after all
            pygame.display.quit()
            self._open(size)
        # never above the size it opened at (a screen smaller than MIN_SIZE: display.fitted)
        self._set_minimum_size((min(MIN_SIZE[0], size[0]), min(MIN_SIZE[1], size[1])))

    def _open(self, size: tuple[int, int]) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        icon = assets.image("icon.png")
        if icon is not None:
            pygame.display.set_icon(icon)
        if self._high_dpi:
            self.native = pygame.Window(TITLE, size, resizable=True, allow_high_dpi=True)
            if icon is not None:
                self.native.set_icon(icon)
            self._take_surface()
            return
        pygame.display.set_caption(TITLE)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def _take_surface(self) -> None:
        """The high-DPI window's surface as it is now; the pointer read at its scale."""
        assert self.native is not None
        self.screen = self.native.get_surface()
        input.use_window(self.native.get_surface, self.pixel_ratio)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels (of the surface the app draws on)."""
        return self.screen.get_size()

    @property
    def pixel_ratio(self) -> float:
        """Pixels of the surface per point of the window (1 but on a high-DPI window)."""
        if self.native is None:
            return 1.0
        return pixel_ratio(self.screen.get_size(), self.native.size)

    def _set_minimum_size(self, size: tuple[int, int] = MIN_SIZE) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = self.native or pygame.Window.from_display_module()
                window.minimum_size = size
        except (AttributeError, pygame.error):
            pass

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        """The smallest size the window may be made (a screen smaller than MIN_SIZE, or
        MIN_SIZE at a high-DPI scale: `common.ui.display.fitted`)."""
        self._set_minimum_size(size)

    def go_fullscreen(self) -> None:
        """Fill the screen (pygame.error if it cannot be had); `windowed` comes back."""
        self.windowed_size = self.size
        if self.native is not None:
            self.native.set_fullscreen(desktop=True)
            self._take_surface()
            return
        self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)

    def go_windowed(self) -> None:
        """Back to a resizable window of the size it had."""
        if self.native is not None:
            ratio = self.pixel_ratio
            self.native.set_windowed()
            self.native.size = to_points(self.windowed_size, ratio)
            self._take_surface()
            return
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window from code (as the window manager would) to `size` pixels."""
        if self.native is not None:
            self.native.size = to_points(size, self.pixel_ratio)
            self._take_surface()
            self.windowed_size = self.size
            return
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.windowed_size = size

    def refresh(self, windowed: bool) -> None:
        """Take the window's surface as it is now (after a resize; one too large to draw is
        brought back, `drawable_surface`); a `windowed` one's size is what fullscreen comes
        back to."""
        if self.native is not None:
            self._take_surface()
        else:
            self.screen = drawable_surface(pygame.display.get_surface() or self.screen,
                                           self.windowed_size)
        if windowed:
            self.windowed_size = self.size

    def flip(self) -> None:
        """Show what was drawn."""
        if self.native is not None:
            self.native.flip()
        else:
            pygame.display.flip()

    def close(self) -> None:
        """Close the window."""
        if self.native is not None:
            self.native.destroy()
            self.native = None
            input.use_window(pygame.display.get_surface, 1.0)
        pygame.display.quit()


def drawable_surface(surface: pygame.Surface, before: tuple[int, int]) -> pygame.Surface:
    """The window's surface; or, if the window grew too large to have one (SDL gives a dead
    surface) or larger than MAX_SIDE, the surface of the window brought back to the largest
    size that has one (MAX_SIDE, half that, or its size `before`)."""
    try:
        w, h = surface.get_size()
    except pygame.error:  # dead: its size is not known any more
        w = h = MAX_SIDE + 1
    if w <= MAX_SIDE and h <= MAX_SIDE:
        return surface
    for side in (MAX_SIDE, MAX_SIDE // 2, MAX_SIDE // 4):
        for size in ((min(w, side), min(h, side)), before):
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            try:
                screen.get_size()
            except pygame.error:  # still too large for this system
                continue
            return screen
    return surface
