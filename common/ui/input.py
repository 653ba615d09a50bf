"""The one place where pygame events become actions the scenes understand.

Mouse events become pointer actions in window pixels; the common keys become `Command`s (Esc
back, F1 rules, F11 fullscreen, Ctrl+Z / Ctrl+Y undo / redo, M mute, Enter confirm); other key
presses become `Key` actions for text fields and scrolling, and typed text (the system's
text input, which knows the keyboard layout) becomes `Text`.
"""

from __future__ import annotations

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
    """The action for a pygame event, or None for events the app ignores."""
    kind = event.type
    if kind == pygame.QUIT:
        return Command.QUIT
    if kind == pygame.KEYUP:
        _HELD.discard(getattr(event, "key", None))
        return None
    if kind == pygame.WINDOWFOCUSLOST:  # a key let go elsewhere sends no KEYUP here
        _HELD.clear()
        return None
    if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return PointerDown(_pos(event), event.button)
    if kind == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return PointerUp(_pos(event), event.button)
    if kind == pygame.MOUSEMOTION:
        buttons = getattr(event, "buttons", (0, 0, 0))
        return PointerMove(_pos(event), bool(buttons and buttons[0]))
    if kind == pygame.MOUSEWHEEL:
        return Wheel(int(getattr(event, "y", 0)))
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        surface = pygame.display.get_surface()
        if surface is None:
            return None
        try:
            return Resized(surface.get_size())
        except pygame.error:  # too large to have a surface: the app brings it back
            return Resized((getattr(event, "x", 0) or 0, getattr(event, "y", 0) or 0))
    if kind == pygame.KEYDOWN:
        return _key(event)
    if kind == pygame.TEXTINPUT:
        return Text(str(getattr(event, "text", "")))
    return None


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    pos = getattr(event, "pos", (0, 0))
    return (int(pos[0]), int(pos[1]))


_HELD: set[int] = set()  # keys down now: another KEYDOWN of one is the key repeat's


def _key(event: pygame.event.Event) -> Action:
    key = event.key
    repeat = key in _HELD
    _HELD.add(key)
    mod = getattr(event, "mod", 0)
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    if key == pygame.K_ESCAPE:
        return Command.BACK
    if key == pygame.K_F1:
        return Command.RULES
    if key == pygame.K_F11:
        return Command.FULLSCREEN
    if ctrl and key == pygame.K_z:
        return Command.REDO if mod & pygame.KMOD_SHIFT else Command.UNDO
    if ctrl and key == pygame.K_y:
        return Command.REDO
    if ctrl and key == pygame.K_q:
        return Command.QUIT
    if key == pygame.K_m and not ctrl:
        return Command.MUTE
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return Command.CONFIRM
    return Key(key, getattr(event, "unicode", "") or "", ctrl, bool(mod & pygame.KMOD_SHIFT),
               repeat)
