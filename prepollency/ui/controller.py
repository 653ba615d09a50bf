"""What the mouse means on the Prepollency board: a turn of zero, one or two moves.

Click (or press and drag) one of your pieces: its legal steps show (`rules.piece_moves`, the
engine's one source of legality); click or drop on one of them: the step is played
(`Match.step`). Then a second piece, or **End turn**; **Hold the line** ends a turn with no
move; **Take back** undoes the first move of an unfinished turn (`Match.take_back_step`). Any
other click is asked of the engine (`rules.find_step`), and its refusal is shown word for word
(IllegalMoveError): "That piece already moved this turn", "That is not your piece", ...

The controller decides nothing about the rules; it only reads them. It talks to its host (the
shared game screen) through a few calls: `host.match`, `host.can_act`, `host.play_step(step)`
and `host.refuse(text, square)`.
"""

from __future__ import annotations

from typing import Any

from common.protocol import IllegalMoveError
from common.ui.board import BoardView
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, PointerUp
from common.ui.widgets import Button, Widget
from prepollency import rules
from prepollency.moves import END, GRID, PIECE_NAMES, Move

DRAG_START = 6  # pixels the pointer must travel with the button held before a drag begins


class TurnController:
    """Picking pieces and squares, and the turn's buttons (see the module docstring)."""

    def __init__(self, host: Any, board: BoardView) -> None:
        self.host = host
        self.board = board
        self.picked: int | None = None
        self.drag: dict | None = None  # {"frm", "start", "pos", "active"}
        self.hold_b = Button("Hold the line", self.hold, hint="Space")
        self.end_b = Button("End turn", self.end_turn, primary=True, hint="Enter")
        self.back_b = Button("Take back", self.take_back, hint="Bksp")

    # what the screen shows --------------------------------------------------------------

    @property
    def state(self) -> rules.State:
        """The live position (mid-turn too)."""
        return self.host.match.state

    @property
    def moved(self) -> bool:
        """True once the turn's first move is made."""
        return self.state.moved != -1

    def targets(self) -> dict[int, Move]:
        """The picked piece's legal steps by target square."""
        if self.picked is None or not self.host.can_act:
            return {}
        return {m.to: m for m in rules.piece_moves(self.state, self.picked)}

    def movable(self) -> set[int]:
        """The squares of the pieces that may move now (for the hover outline)."""
        if not self.host.can_act:
            return set()
        return {m.frm for m in rules.legal_steps(self.state) if m is not END}

    def buttons(self) -> list[Widget]:
        """The turn's buttons now: Hold the line at the start, End turn and Take back after
        the first move; none when no person may act."""
        if not self.host.can_act:
            return []
        if self.moved:
            return [self.back_b, self.end_b]
        return [self.hold_b]

    def prompt(self) -> str:
        """What to do now, in a sentence."""
        if self.picked is not None:
            kind = PIECE_NAMES[self.state.kinds[self.picked]]
            if not self.targets():
                return f"That {kind} has no move now. Pick another piece."
            where = "a dot to move, a ring to capture"
            return f"{kind} on {GRID.names[self.picked]}: click {where} (or another piece)."
        if self.moved:
            return "Move a second piece, or End turn."
        return "Click a piece to see where it can go; up to two moves, each by another piece."

    # actions ------------------------------------------------------------------------------

    def reset(self) -> None:
        """Forget the pick and any drag (a new turn, undo, review)."""
        self.picked = None
        self.drag = None

    def hold(self) -> None:
        """End the turn without a move (or with the one made)."""
        if self.host.can_act:
            self.reset()
            self.host.play_step(END)

    def end_turn(self) -> None:
        """End the turn after its first move."""
        self.hold()

    def take_back(self) -> None:
        """Take back the first move of this turn."""
        if self.host.can_act and self.host.match.take_back_step():
            self.reset()
            self.host.took_back()

    def handle(self, action: Action) -> bool:
        """Keys and the board: True if used."""
        if isinstance(action, Key) and self.host.can_act:
            import pygame

            if action.key == pygame.K_SPACE:
                self.hold()
                return True
            if action.key == pygame.K_BACKSPACE and self.moved:
                self.take_back()
                return True
            return False
        if action is Command.CONFIRM and self.host.can_act and self.moved:
            self.end_turn()
            return True
        if action is Command.BACK and self.picked is not None:
            self.reset()
            self.host.changed()
            return True
        if isinstance(action, PointerDown) and action.button == 1:
            return self._down(action.pos)
        if isinstance(action, PointerMove) and self.drag is not None:
            self._drag_to(action.pos)
            return True
        if isinstance(action, PointerUp) and self.drag is not None:
            return self._up(action.pos)
        if isinstance(action, PointerDown) and action.button == 3 and self.picked is not None:
            self.reset()
            self.host.changed()
            return True
        return False

    def _down(self, pos: tuple[int, int]) -> bool:
        sq = self.board.square_at(pos)
        if sq is None or not self.host.can_act:
            return False
        state = self.state
        if self.picked is not None and sq in self.targets():
            self._play(self.picked, sq)
            return True
        mine = state.owners[sq] == rules.to_move(state)
        if mine and sq == state.moved:
            self._ask(sq, sq)  # the engine says why: that piece already moved this turn
            return True
        if mine:
            self.picked = None if self.picked == sq else sq
            if self.picked is not None:
                self.drag = {"frm": sq, "start": pos, "pos": pos, "active": False}
                self.host.app.sound.play("select", 0.4)
            self.host.changed()
            return True
        frm = self.picked if self.picked is not None else sq
        self._ask(frm, sq)
        return True

    def _drag_to(self, pos: tuple[int, int]) -> None:
        d = self.drag
        d["pos"] = pos
        if not d["active"] and max(abs(pos[0] - d["start"][0]),
                                   abs(pos[1] - d["start"][1])) >= DRAG_START:
            d["active"] = True
            self.host.changed()
        if d["active"]:
            self.host.app.invalidate()

    def _up(self, pos: tuple[int, int]) -> bool:
        d, self.drag = self.drag, None
        if not d["active"]:
            return True
        sq = self.board.square_at(pos)
        if sq is None or sq == d["frm"]:
            self.host.changed()
            return True
        if sq in self.targets():
            self._play(d["frm"], sq)
        else:
            self._ask(d["frm"], sq)
        return True

    def _ask(self, frm: int, to: int) -> None:
        """Ask the engine about frm-to: play it if legal, else show its reason."""
        try:
            rules.find_step(self.state, frm, to)
        except IllegalMoveError as err:
            self.host.refuse(str(err), to if frm != to else frm)
            return
        self._play(frm, to)

    def _play(self, frm: int, to: int) -> None:
        move = rules.find_step(self.state, frm, to)
        self.reset()
        self.host.play_step(move)
