"""The app's window: named the program's way before SDL opens the display, shown through the
plain X11 window surface where there is one (`software_framebuffer`), opened resizable with a
minimum size and the icon, switched to fullscreen and back, resized from code, and brought
back to a size that has a surface when it grows too large to draw.

`Window` holds the pygame display surface (`screen`) and the size to go back to from
fullscreen (`windowed_size`); the app (`common.ui.app.App`) owns one and keeps the settings
(fullscreen on or off) and the scenes' layout in step with it.
"""

from __future__ import annotations

import os
import sys
import warnings

import pygame

from common import paths
from common.ui import assets

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

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE) -> None:
        name_the_window()
        hinted = software_framebuffer()
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
        pygame.display.set_caption(TITLE)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    def _set_minimum_size(self, size: tuple[int, int] = MIN_SIZE) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = size
        except (AttributeError, pygame.error):
            pass

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        """The smallest size the window may be made (a screen smaller than MIN_SIZE, or
        MIN_SIZE at a high-DPI scale: `common.ui.display.fitted`)."""
        self._set_minimum_size(size)

    def go_fullscreen(self) -> None:
        """Fill the screen (pygame.error if it cannot be had); `windowed` comes back."""
        self.windowed_size = self.size
        self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)

    def go_windowed(self) -> None:
        """Back to a resizable window of the size it had."""
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window from code (as the window manager would)."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.windowed_size = size

    def refresh(self, windowed: bool) -> None:
        """Take the window's surface as it is now (after a resize; one too large to draw is
        brought back, `drawable_surface`); a `windowed` one's size is what fullscreen comes
        back to."""
        self.screen = drawable_surface(pygame.display.get_surface() or self.screen,
                                       self.windowed_size)
        if windowed:
            self.windowed_size = self.size

    def close(self) -> None:
        """Close the window."""
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
