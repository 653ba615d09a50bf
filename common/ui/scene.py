"""The scene base class: each screen handles actions, updates with time and draws itself, and
lives the lifecycle the app gives it (written down in `Scene`)."""

from __future__ import annotations

from types import FunctionType, MethodType, ModuleType
from typing import TYPE_CHECKING, Any

import pygame

from common.ui.input import Action

if TYPE_CHECKING:
    from common.ui.app import App


class Scene:
    """One screen or overlay on the app's scene stack.

    `handle` returns True when it used an action (the app then stops offering it); `update`
    advances time; `draw` paints the scene and changes nothing. A scene that is not `opaque`
    is drawn over the scene below it (overlays, dialogs).

    The lifecycle: the app calls, and a scene never asks the app where it stands.
    - `layout(size)` when pushed and on every resize;
    - `resume()` when it becomes the top scene: pushed, or the scene over it closed;
    - `pause()` when another scene is pushed over it (`covered` is True from then until
      `resume`; before its first `resume`, too). A game stops its CPU seats and its hint;
    - `close()` when it leaves the stack for good (popped, replaced, or the stack reset):
      stop its work (searches, threads, timers) and keep what must be kept (a game's save);
    - then the app lets it go: `release()` (at the start of the loop's next turn: the code
      that closed it may run on till then) drops its surfaces and breaks the cycles it is in
      (its widgets' callbacks, its focus ring's, its parts' references back to it), so that,
      once the app drops it, the scene and all it held (surfaces, caches, its parts, the
      game) are freed at once, without waiting for the cyclic collector.

    The app's loop rests: it draws a frame only after an input event (which covers hover),
    a push / pop / resize / settings change / toast, an `app.invalidate()`, or while some
    scene's `wants_frames()` is True. So a scene
    - returns True from `wants_frames` while anything it draws moves or changes with time:
      a tween runs, a CPU or bot seat is to move (its answer is polled in `update` and the
      thinking indicator turns), a timed mark shows (a refusal flash, a countdown);
    - calls `self.app.invalidate()` whenever something it draws changes outside `handle`
      (input already redraws) and outside those frames: e.g. a result found in `update`
      while it wanted no frames. When in doubt, invalidate: one extra frame is cheap.
    The default `wants_frames` is False: a static scene. While the app rests, `update` is
    still called at least every `REST_MS` with the real time elapsed (about 0.2 s).
    """

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.covered = True  # another scene is over this one (or it was never shown yet)

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of this size (called on push and on every resize)."""

    def handle(self, action: Action) -> bool:
        """React to an action; True if used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by dt seconds (called every turn of the loop, also while covered by an
        overlay; after a rest, dt is the real time rested)."""

    def wants_frames(self) -> bool:
        """True while the scene needs the 60 FPS loop (it animates or waits on something)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def toast_bottom(self) -> int | None:
        """The lowest y the app's toast may reach over this scene (above something it must
        not cover), or None: the window's bottom edge."""
        return None

    def settings_changed(self) -> None:
        """The palette, sound or animation setting changed: refresh cached drawings."""

    def saves_changed(self) -> None:
        """Saved games were deleted, renamed or moved (the Load screen tells the scenes
        under it as it leaves)."""

    def pause(self) -> None:
        """Another scene came over this one (subclasses call this first)."""
        self.covered = True

    def resume(self) -> None:
        """This scene is the top one again, or for the first time (subclasses call this
        first)."""
        self.covered = False

    def close(self) -> None:
        """The scene leaves the stack for good: stop its work (CPU searches, ...)."""

    def unsaved(self) -> str | None:
        """Why the game this screen holds is not saved (its last write failed), or None
        (`common.ui.unsaved`)."""
        return None

    def keep_game(self) -> bool | None:
        """After a failure (`common.ui.crash`): save the game this screen holds now. True if
        kept, False if not (or this screen's games are not saved); None: it holds no game."""
        return None

    def release(self) -> None:
        """Let go of what would keep this closed scene, or its drawings, alive in a cycle
        (the app calls this once, after `close`: see the class docstring): every widget it
        holds forgets its callbacks and every `Focus` its widgets (a lambda over the scene
        would otherwise keep it), every surface it holds is dropped. Subclasses also break
        their parts' references back to them. Its other fields stay as they were."""
        never = {id(self), id(self.app)}  # never walked: itself, the app
        for name, value in list(vars(self).items()):
            if isinstance(value, pygame.Surface):
                setattr(self, name, None)
            else:
                unhook(value, seen=never)


def unhook(value: Any, depth: int = 0, seen: set[int] | None = None) -> None:
    """Make every widget and focus ring reachable from `value` forget its callbacks: itself,
    the items of a short list, tuple, set or dict, the fields of a helper object of a `ui`
    module (a row of widgets, a game's controller), down to a few levels; never through
    another scene, nor through what `seen` holds already (the caller's scene and app)."""
    from common.ui.focus import Focus
    from common.ui.widgets import Widget

    seen = set() if seen is None else seen
    if depth > 4 or id(value) in seen or isinstance(value, _NEVER):
        return
    seen.add(id(value))
    if isinstance(value, Widget | Focus):
        value.unhook()
        items: Any = vars(value).values()
    elif isinstance(value, list | tuple | set | frozenset) and len(value) <= MAX_ITEMS:
        items = value
    elif isinstance(value, dict) and len(value) <= MAX_ITEMS:
        items = value.values()
    elif hasattr(value, "__dict__") and ".ui" in type(value).__module__:
        items = vars(value).values()  # a screen's part: a row of widgets, a controller ...
    else:
        return  # the game, its states, files, threads: no widget lives there
    for item in list(items):
        unhook(item, depth + 1, seen)


MAX_ITEMS = 256  # a longer list or dict holds data (moves, states), not a screen's widgets


# What unhook never walks into: other scenes, code, classes, and values that hold no widget.
_NEVER = (Scene, type, ModuleType, FunctionType, MethodType, str, bytes, int, float,
          pygame.Surface, pygame.Rect)
