"""What the pointer and the keys mean on a person's live Prepollency turn: click (or press and
drag) one of your pieces, then one of its targets; Space holds the line or ends the turn,
Backspace takes back the turn's first move; while the recap plays, a click or a key only skips
it. The input side of `prepollency.ui.controller.TurnController`, dispatched by tables: an
action's kind to its handler (`TurnInput.KINDS`), a key to its command (`KEYS`).

Any click that is not a legal step is asked of the engine (`rules.find_step`) and its refusal
is shown word for word ("That piece already moved this turn", "That is not your piece", ...).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from common.protocol import IllegalMoveError
from common.ui.controller_input import ControllerInput
from common.ui.drag import drag_started
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp, Text
from prepollency import rules

# the commands that skip a running recap (and do nothing else); quit, fullscreen, mute pass
RECAP_SKIPS = (Command.CONFIRM, Command.BACK, Command.UNDO, Command.REDO, Command.RULES)


class TurnInput(ControllerInput):
    """The controller's pointer and keys (see the module docstring)."""

    def handle(self, action: Action) -> bool:
        """Keys and the board on a person's live turn: True if used."""
        if self.c.recap is not None:
            return self.intercept(action) or isinstance(action, PointerMove)
        return super().handle(action)

    def intercept(self, action: Action) -> bool:
        """While the recap plays, a click anywhere (the move log, a toolbar button), a key,
        Enter, Esc, Undo or Redo only skips it (issue 21: a click on the log opened look-back
        under the running recap): True if taken. The shared screen asks this first."""
        recap = self.c.recap
        if recap is None:
            return False
        if isinstance(action, PointerDown | Key) or action in RECAP_SKIPS:
            recap.finish()
            return True
        return isinstance(action, PointerUp | Text)

    # the keys ------------------------------------------------------------------------------

    def key(self, action: Key) -> bool:
        """A command key of the turn (`KEYS`), on a person's live turn."""
        command = KEYS.get(action.key)
        return command is not None and self.c.can_act and command(self)

    def hold(self) -> bool:
        """Space: hold the line, or end the turn after its first move."""
        self.c.hold()
        return True

    def take_back(self) -> bool:
        """Backspace: take back the turn's first move (once it is made)."""
        if not self.c.moved:
            return False
        self.c.take_back()
        return True

    # the pointer -------------------------------------------------------------------------

    def press(self, action: PointerDown) -> bool:
        """The left button picks a piece, plays to a target or asks the engine why not; the
        right one drops the pick."""
        if action.button == 1:
            return self._down(action.pos)
        if action.button == 3 and self.c.picked is not None:
            return self.c.back()
        return False

    def _down(self, pos: tuple[int, int]) -> bool:
        c = self.c
        sq = c.view.board.square_at(pos)
        if sq is None or not c.can_act:
            return False
        state = c.state
        if c.picked is not None and sq in c.targets():
            c.play_checked(c.picked, sq)
            return True
        mine = state.owners[sq] == rules.to_move(state)
        if mine and sq == state.moved:
            self.ask(sq, sq)  # the engine says why: that piece already moved this turn
        elif mine and c.hint and c.hint[0].frm == sq:
            # The hinted piece is picked for the player already: a click on it keeps the
            # pick and the hint (it used to drop both, so the click seemed ignored and the
            # second arrow vanished: issue 21), and may start a drag
            c.drag = {"frm": sq, "kind": state.kinds[sq], "start": pos, "pos": pos,
                      "active": False}
        elif mine:
            self._pick(sq, pos)
        else:
            self.ask(c.picked if c.picked is not None else sq, sq)
        return True

    def _pick(self, sq: int, pos: tuple[int, int]) -> None:
        """Pick the own piece on sq (a second click puts it back); it may be dragged."""
        c = self.c
        c.show_hint(None)  # another pick than the hinted one: the hint goes
        c.picked = None if c.picked == sq else sq
        if c.picked is not None:
            c.drag = {"frm": sq, "kind": c.state.kinds[sq], "start": pos, "pos": pos,
                      "active": False}
            self.scene.app.sound.play("select", 0.4)
        self.scene.clear_refusal()
        self.scene.refresh()

    def move(self, action: PointerMove) -> bool:
        """A drag follows the pointer once it has gone far enough (`common.ui.drag`)."""
        d = self.c.drag
        if d is None:
            return False
        d["pos"] = action.pos
        if not d["active"] and drag_started(d["start"], action.pos):
            d["active"] = True
        if d["active"]:
            self.scene.invalidate()
        return True

    def release(self, action: PointerUp) -> bool:
        """A drag drops its piece on the square: played there, or the engine says why not."""
        d, self.c.drag = self.c.drag, None
        if d is None:
            return False
        if not d["active"]:
            return True
        sq = self.c.view.board.square_at(action.pos)
        if sq is None or sq == d["frm"]:
            self.scene.invalidate()
            return True
        if sq in self.c.targets():
            self.c.play_checked(d["frm"], sq)
        else:
            self.ask(d["frm"], sq)
        return True

    def ask(self, frm: int, to: int) -> None:
        """Ask the engine about frm-to: play it if legal, else show its reason."""
        try:
            rules.find_step(self.c.state, frm, to)
        except IllegalMoveError as err:
            self.scene.refuse(str(err), to)
            return
        self.c.play_checked(frm, to)


TurnInput.KINDS = {  # an action's kind -> its handler
    PointerDown: TurnInput.press,
    PointerMove: TurnInput.move,
    PointerUp: TurnInput.release,
    Key: TurnInput.key,
}
KEYS: dict[int, Callable[[TurnInput], bool]] = {  # a key of the turn -> its command
    pygame.K_SPACE: TurnInput.hold,
    pygame.K_BACKSPACE: TurnInput.take_back,
}
