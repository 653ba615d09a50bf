"""The one place where pygame events become actions the scenes understand.

Mouse events become pointer actions in window pixels; the common keys become `Command`s (Esc
back, F1 rules, F11 fullscreen, Ctrl+Z / Ctrl+Y undo / redo, M mute, Enter confirm); other key
presses become `Key` actions for text fields and scrolling, and typed text (the system's
text input, which knows the keyboard layout) becomes `Text`. Both are tables: `EVENTS` (event
type -> its mapper) and `KEYMAP` ((key, modifiers) -> command); adding a key is one row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

import pygame


class Command(Enum):
    """A named command, from a key or a button."""

    BACK = "back"
    RULES = "rules"
    FULLSCREEN = "fullscreen"
    UNDO = "undo"
    REDO = "redo"
    MUTE = "mute"
    CONFIRM = "confirm"
    QUIT = "quit"


@dataclass(frozen=True)
class PointerDown:
    """A mouse button went down at pos (button 1 left, 3 right)."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class PointerUp:
    """A mouse button went up at pos."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class PointerMove:
    """The mouse moved to pos; dragging while the left button is held."""

    pos: tuple[int, int]
    dragging: bool = False


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned: positive dy scrolls up."""

    dy: int


@dataclass(frozen=True)
class Key:
    """A key press that is not a command (arrows, digits, Backspace, Tab, ...); ctrl: with
    Ctrl (or Cmd) held; shift: with Shift held."""

    key: int
    text: str = ""
    ctrl: bool = False
    shift: bool = False
    repeat: bool = False  # the key is held: a repeat, not a new press (never deletes, say)


@dataclass(frozen=True)
class Text:
    """Text typed into the window (one key's character, or more from an input method)."""

    text: str


@dataclass(frozen=True)
class Resized:
    """The window changed size."""

    size: tuple[int, int]


Action = Command | PointerDown | PointerUp | PointerMove | Wheel | Key | Text | Resized


def map_event(event: pygame.event.Event) -> Action | None:
    """The action for a pygame event, or None for events the app ignores (looked up by the
    event's type in `EVENTS`)."""
    mapper = EVENTS.get(event.type)
    return None if mapper is None else mapper(event)


@dataclass
class _Screen:
    """What window events are read against: the surface the app draws on (pygame's display
    surface, or a high-DPI window's: `common.ui.window`) and its pixels per point (the
    pointer's positions come in points, the app lays out in the surface's pixels)."""

    surface: Callable[[], pygame.Surface | None]
    scale: float = 1.0


_SCREEN = _Screen(pygame.display.get_surface)


def use_window(surface: Callable[[], pygame.Surface | None], scale: float) -> None:
    """Read the window's events against this surface and pixels per point (see `_Screen`)."""
    _SCREEN.surface, _SCREEN.scale = surface, scale


def to_pixels(pos: tuple[float, float], scale: float) -> tuple[int, int]:
    """A pointer position in points as the surface's pixel under it."""
    return (int(pos[0] * scale), int(pos[1] * scale))


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    pos = getattr(event, "pos", (0, 0))
    return to_pixels(pos, _SCREEN.scale)


_HELD: set[int] = set()  # keys down now: another KEYDOWN of one is the key repeat's


def _quit(_event: pygame.event.Event) -> Action:
    return Command.QUIT


def _key_up(event: pygame.event.Event) -> None:
    _HELD.discard(getattr(event, "key", None))


def _focus_lost(_event: pygame.event.Event) -> None:
    _HELD.clear()  # a key let go elsewhere sends no KEYUP here


def _button_down(event: pygame.event.Event) -> Action | None:
    return PointerDown(_pos(event), event.button) if event.button in (1, 3) else None


def _button_up(event: pygame.event.Event) -> Action | None:
    return PointerUp(_pos(event), event.button) if event.button in (1, 3) else None


def _motion(event: pygame.event.Event) -> Action:
    buttons = getattr(event, "buttons", (0, 0, 0))
    return PointerMove(_pos(event), bool(buttons and buttons[0]))


def _wheel(event: pygame.event.Event) -> Action:
    return Wheel(int(getattr(event, "y", 0)))


def _resized(event: pygame.event.Event) -> Action | None:
    surface = _SCREEN.surface()
    if surface is None:
        return None
    try:
        return Resized(surface.get_size())
    except pygame.error:  # too large to have a surface: the app brings it back
        return Resized((getattr(event, "x", 0) or 0, getattr(event, "y", 0) or 0))


def _text(event: pygame.event.Event) -> Action:
    return Text(str(getattr(event, "text", "")))


def _key(event: pygame.event.Event) -> Action:
    key = event.key
    repeat = key in _HELD
    _HELD.add(key)
    mod = getattr(event, "mod", 0)
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mod & pygame.KMOD_SHIFT)
    command = command_for(key, ctrl, shift)
    if command is not None:
        return command
    return Key(key, getattr(event, "unicode", "") or "", ctrl, shift, repeat)


# The modifiers a key's row asks for: any, none (or Shift only), Ctrl (or Cmd), Ctrl+Shift.
ANY, PLAIN, CTRL, CTRL_SHIFT = "any", "plain", "ctrl", "ctrl+shift"

# The keys that are commands, whatever scene is on top: (key, modifiers) -> command. A key
# with no row here reaches the scenes as a `Key`.
KEYMAP: dict[tuple[int, str], Command] = {
    (pygame.K_ESCAPE, ANY): Command.BACK,
    (pygame.K_F1, ANY): Command.RULES,
    (pygame.K_F11, ANY): Command.FULLSCREEN,
    (pygame.K_RETURN, ANY): Command.CONFIRM,
    (pygame.K_KP_ENTER, ANY): Command.CONFIRM,
    (pygame.K_z, CTRL): Command.UNDO,
    (pygame.K_z, CTRL_SHIFT): Command.REDO,
    (pygame.K_y, CTRL): Command.REDO,
    (pygame.K_y, CTRL_SHIFT): Command.REDO,
    (pygame.K_q, CTRL): Command.QUIT,
    (pygame.K_q, CTRL_SHIFT): Command.QUIT,
    (pygame.K_m, PLAIN): Command.MUTE,
}


def command_for(key: int, ctrl: bool, shift: bool) -> Command | None:
    """The command a key press is (`KEYMAP`), or None: the row for exactly the modifiers
    held, else the key's row for any modifiers. Shift alone counts as no modifier."""
    held = (CTRL_SHIFT if shift else CTRL) if ctrl else PLAIN
    return KEYMAP.get((key, held)) or KEYMAP.get((key, ANY))


# How each kind of pygame event becomes an action (None: ignored, or only noted).
EVENTS: dict[int, Callable[[pygame.event.Event], Action | None]] = {
    pygame.QUIT: _quit,
    pygame.KEYDOWN: _key,
    pygame.KEYUP: _key_up,
    pygame.TEXTINPUT: _text,
    pygame.WINDOWFOCUSLOST: _focus_lost,
    pygame.MOUSEBUTTONDOWN: _button_down,
    pygame.MOUSEBUTTONUP: _button_up,
    pygame.MOUSEMOTION: _motion,
    pygame.MOUSEWHEEL: _wheel,
    pygame.VIDEORESIZE: _resized,
    pygame.WINDOWSIZECHANGED: _resized,
}
