"""The small dialog a network table shows when another seat asks to take turns back: Accept
or Refuse (Esc refuses). The answer is published for each of this window's people the request
waits on (`NetSession.answer_undo`); the log then takes the turns back, or not, everywhere
alike. A request that the game left behind (a turn played, a seat gone) closes by itself."""

from __future__ import annotations

from typing import Any

from common.i18n import N_, _, ngettext
from common.ui.scenes.dialog_scene import Dialog


class UndoRequest(Dialog):
    """"Black asks to take back 2 turns": Accept / Refuse."""

    def __init__(self, app: Any, table: Any, seq: int, people: list[int], asker: str,
                 turns: int) -> None:
        self.table = table
        self.seq = seq
        self.people = people
        title = ngettext("{asker} asks to take back {count} turn",
                         "{asker} asks to take back {count} turns", turns).format(
            asker=asker, count=turns)
        super().__init__(app, title, [_(
            "If everyone accepts, the game goes back as asked; one refusal keeps it as it is.")],
            [(N_("Accept"), lambda: self._answer(True)),
             (N_("Refuse"), lambda: self._answer(False))],
            cancel=lambda: self._answer(False), default=1)

    def _answer(self, yes: bool) -> None:
        pending = self.table.game.undo
        if pending is None or pending.seq != self.seq:
            return
        for player in self.people:
            if player in pending.waiting:
                self.table.session.answer_undo(player, yes)

    def update(self, dt: float) -> None:
        """The request is gone (answered elsewhere, or the game moved on): close."""
        pending = self.table.game.undo
        if (pending is None or pending.seq != self.seq) and self.app.top is self:
            self.app.pop()
