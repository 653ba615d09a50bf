"""The input side of a game's controller (docs/DESIGN.md, convention 14: input by tables): what
the pointer and the keys mean on a person's live turn, dispatched by a table from an action's
kind to its handler (the subclass's `KINDS`). Each game writes one (`GAME/ui/input.py`); its
controller hands it every action the shared screen did not use.

The controller owns its input and the input asks the controller, so the input holds it weakly:
a strong reference back would make a cycle that keeps the controller, its view and the view's
surfaces (megabytes) alive after the game screen closed, until the cyclic collector happens to
run (issue 38: memory growing with each game, then dropping at once).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from common.ui.input import Action

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class ControllerInput:
    """A controller's pointer and keys; `KINDS`: an action's kind -> the handler of it."""

    KINDS: ClassVar[Mapping[type, Callable[[Any, Any], bool]]] = {}

    def __init__(self, controller: Any) -> None:
        self._controller = weakref.ref(controller)

    @property
    def c(self) -> Any:
        """The controller this input serves (held weakly: see the module docstring)."""
        controller = self._controller()
        if controller is None:
            raise ReferenceError("the controller of this input is gone")
        return controller

    @property
    def scene(self) -> GameScene:
        """The game screen the controller serves."""
        return self.c.scene

    def handle(self, action: Action) -> bool:
        """The action to the handler of its kind; True if used."""
        handler = self.KINDS.get(type(action))
        return handler(self, action) if handler is not None else False
