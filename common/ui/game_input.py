"""The game screen's input (`common.ui.game_scene.GameScene.handle`), dispatched by tables
(docs/DESIGN.md, "input by tables"): what the focus ring, the toolbar and status buttons, the
analysis panel and the game's own keys did not use goes to one handler, looked up by command
(`COMMANDS`), by key (`KEYS`) or by kind of action (`KINDS`); what is left on a person's live
turn goes to the game's controller. Adding a key or a command to the game screen is one row.

A replay the controller runs over the board (the Prepollency recap) takes input first
(`Controller.intercept`). A click or key in the middle of a person's own turn (its first move
still sliding) ends the slide at once and counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Wheel
from common.ui.scene_part import ScenePart
from common.ui.widgets import handle_all

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class GameInput(ScenePart):
    """The input of one game screen; `hover` is where the pointer is (the views read it
    through `scene.hover`)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.hover: tuple[int, int] = (-1, -1)

    def handle(self, action: Action) -> bool:
        """The focus, the buttons, the analysis panel and the game's keys first; then the
        tables; then the controller (on a person's live turn). True if used."""
        s = self.scene
        self._before(action)
        if s.controller.intercept(action) or self._buttons(action) or self._board_key(action):
            return True
        handler = handler_for(action)
        if handler is not None:
            return handler(self, action)
        if s.my_turn and not isinstance(action, Key):  # keys were offered above
            return s.controller.handle(action)
        return False

    def _buttons(self, action: Action) -> bool:
        """The focus ring, the toolbar and status buttons, the analysis panel; True if used.
        Tab hands the keys to the buttons; Esc leaves them first."""
        s = self.scene
        if isinstance(action, Key) and action.key == pygame.K_TAB:
            s.cursor.hide()  # the keys go to the buttons
        elif action is Command.BACK and s.focus.shown:
            s.focus.reset()  # Esc leaves the buttons first
            return True
        return (s.focus.handle(action) or handle_all(s.toolbar + s.status_buttons, action)
                or s.analysis.handle(action))

    def _board_key(self, action: Action) -> bool:
        """A key on a person's live turn: the game's keys first (stones by number), then the
        board's cursor; True if used (the focus leaves the buttons: Enter picks there)."""
        s = self.scene
        if isinstance(action, Key) and s.my_turn and (
                s.controller.handle(action)
                or s.cursor.handle(action, s.view.board, s.controller.picked_square())):
            s.focus.reset()
            return True
        return False

    def _before(self, action: Action) -> None:
        s = self.scene
        if isinstance(action, PointerMove):
            self.hover = action.pos
        elif isinstance(action, PointerDown | Key | Command):
            s.finish_slide()
        if isinstance(action, PointerDown):
            s.cursor.hide()  # the mouse took over

    # the handlers of the tables ---------------------------------------------------------------

    def _on_undo(self, _action: Action) -> bool:
        self.scene.undo()
        return True

    def _on_redo(self, _action: Action) -> bool:
        self.scene.redo()
        return True

    def _on_rules(self, _action: Action) -> bool:
        self.scene.show_rules()
        return True

    def _on_back(self, _action: Action) -> bool:
        s = self.scene
        if s.match.review is not None:
            s.end_review()
        elif not (s.my_turn and (s.controller.back() or s.cursor.hide())):
            s.open_menu()
        return True

    def _on_confirm(self, _action: Action) -> bool:
        s = self.scene
        if s.my_turn and s.cursor.shown:
            s.pick_square(s.cursor.square(s.view.board))
        elif s.my_turn:
            s.controller.confirm()
        return True

    def _on_hint_key(self, _action: Action) -> bool:
        self.scene.request_hint()
        return True

    def _on_analyse_key(self, _action: Key) -> bool:
        s = self.scene
        if s.match.review is None and not s.match.over:
            return False
        s.analysis.start()
        return True

    def _on_review_key(self, action: Key) -> bool:
        if self.scene.match.review is None:
            return False
        self.scene.review_step(-1 if action.key == pygame.K_LEFT else 1)
        return True

    def _on_wheel(self, action: Wheel) -> bool:
        s = self.scene
        if s.areas and s.areas.log.collidepoint(self.hover):
            s.log.wheel(action.dy)
        return True

    def _pointer(self, action: PointerDown | PointerMove | PointerUp) -> bool:
        s = self.scene
        if isinstance(action, PointerDown) and action.button == 1:
            index = s.log.cell_at(action.pos)
            if index is not None:
                s.start_review(index + 1)
                return True
        if s.my_turn:
            return s.controller.handle(action)
        if isinstance(action, PointerDown) and action.button == 1 and s.view.hit(action.pos):
            reason = s.wait_reason()
            if reason:  # while a move animates, clicks are simply ignored
                s.refuse(reason)
        return True


Handler = Callable[[GameInput, Any], bool]

# What `GameInput.handle` does with an action once the focus, the buttons and the game's keys
# have passed it: by command, by key, then by kind of action.
COMMANDS: dict[Command, Handler] = {
    Command.UNDO: GameInput._on_undo,
    Command.REDO: GameInput._on_redo,
    Command.RULES: GameInput._on_rules,
    Command.BACK: GameInput._on_back,
    Command.CONFIRM: GameInput._on_confirm,
}
KEYS: dict[int, Handler] = {
    pygame.K_h: GameInput._on_hint_key,
    pygame.K_a: GameInput._on_analyse_key,
    pygame.K_LEFT: GameInput._on_review_key,
    pygame.K_RIGHT: GameInput._on_review_key,
}
KINDS: dict[type, Handler] = {
    Wheel: GameInput._on_wheel,
    PointerDown: GameInput._pointer,
    PointerMove: GameInput._pointer,
    PointerUp: GameInput._pointer,
}


def handler_for(action: Action) -> Handler | None:
    """The handler of `action` in the tables above, or None (then the controller, on a
    person's turn, gets it)."""
    if isinstance(action, Command):
        return COMMANDS.get(action)
    if isinstance(action, Key):
        return KEYS.get(action.key)
    return KINDS.get(type(action))
