"""The widget interface every control of the app keeps (buttons, choices, fields, the games'
own), written down once.

A widget is a small object a scene owns and lays out:

- `rect`: where it is, in window pixels; set by its scene's `layout` (a widget never places
  itself). A zero-width rect hides it from the focus and the pointer.
- `visible`, `enabled`, `hover`: shown at all; takes input (a disabled one is drawn dimmed);
  the pointer is over it (kept by `Widget.handle` from every `PointerMove`).
- `handle(action) -> bool`: react to an action (`common.ui.input`); True when it used it, so
  the scene offers it to nothing else (`handle_all` offers one action to a list in turn; a
  `PointerMove` reaches them all, for their hover).
- `draw(surface, palette, metrics)`: paint itself; it changes nothing. Widgets change only on
  input (which redraws the window), never with time: the app's loop rests while nothing
  changes, so carets do not blink.
- Callbacks (`on_click`, `on_change`, `refused`) are what the widget calls when used. They
  are `CallbackSlot`s: a bound method is held weakly (`Callback`), so a widget never keeps
  its owner (a scene, a controller) alive and a closed screen is freed as soon as the app
  lets it go, without waiting for the cyclic collector; calling one whose owner is gone does
  nothing. Any other callable (a function, a lambda) is held as given: a lambda over its
  owner keeps it (prefer a bound method).

Keyboard focus over a scene's widgets is `common.ui.focus.Focus`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from types import MethodType
from typing import Any

import pygame

from common.ui.input import Action, PointerMove
from common.ui.theme import Metrics, Palette


class Callback:
    """A callable as a widget holds it: a bound method weakly (see the module docstring),
    anything else as given. Calling it calls the callable; nothing once a method's owner is
    gone."""

    __slots__ = ("_method", "_fn")
    _method: weakref.WeakMethod[Callable[..., Any]] | None
    _fn: Callable[..., Any] | None

    def __init__(self, fn: Callable[..., Any]) -> None:
        if isinstance(fn, Callback):
            self._method, self._fn = fn._method, fn._fn
        elif isinstance(fn, MethodType):
            self._method, self._fn = weakref.WeakMethod(fn), None
        else:
            self._method, self._fn = None, fn

    def target(self) -> Callable[..., Any] | None:
        """The callable, or None once a method's owner is gone."""
        return self._fn if self._method is None else self._method()

    def __call__(self, *args: Any) -> Any:
        fn = self.target()
        return None if fn is None else fn(*args)


def held(fn: Callable[..., Any] | None) -> Callback | None:
    """A callable as a widget holds it (None stays None)."""
    return None if fn is None else Callback(fn)


class CallbackSlot:
    """A widget's callback attribute: whatever is assigned is held as a `Callback`."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = f"_{name}_callback"

    def __get__(self, widget: Any, owner: type | None = None) -> Any:
        if widget is None:
            return self
        return widget.__dict__.get(self.key)

    def __set__(self, widget: Any, fn: Callable[..., Any] | None) -> None:
        widget.__dict__[self.key] = held(fn)


def _nothing(*_args: Any) -> None:
    """What a released widget's callbacks do."""


class Widget:
    """Base: a rect, hover tracking and the visible / enabled flags (the module docstring
    says what every widget keeps)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.enabled = True
        self.visible = True

    def handle(self, action: Action) -> bool:
        """React to an action; True if it was used."""
        if isinstance(action, PointerMove):
            self.hover = self.visible and self.rect.collidepoint(action.pos)
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """Draw the widget."""

    def unhook(self) -> None:
        """Forget every callback (the callables it holds, in its slots or not): each does
        nothing from now on (its scene closed: see `common.ui.scene.Scene.release`)."""
        for name, value in list(vars(self).items()):
            if callable(value) and not isinstance(value, type):
                vars(self)[name] = _nothing
