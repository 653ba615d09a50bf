"""`GameOver`: the end-of-game overlay (who won and why, with Rematch, Review game and Main
menu; against the CPU the player's record and, after a win, a button for the next level), set
over the game screen's side panel so that the final position (the capture square) stays in
view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.i18n import _
from common.ui.input import Action, Command
from common.ui.scenes.dialog_scene import Dialog


class GameOver(Dialog):
    """The end of a game: who won and why, and what to do next. Set in `column` (the game
    screen's side panel, when given and wide enough) with its buttons stacked, and the board
    only lightly dimmed: the final position, the capture square, stays in view. Ctrl+Z
    closes it and takes the last turn back (`on_undo`), as on the game screen."""

    def __init__(
        self, app, title: str, reason: str, on_rematch: Callable[[], None],
        on_review: Callable[[], None], on_menu: Callable[[], None],
        on_undo: Callable[[], None] | None = None,
        column: Callable[[], pygame.Rect | None] | None = None,
        on_analyse: Callable[[], None] | None = None,
        notes: Sequence[str] = (),
        next_step: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        analyse = [] if on_analyse is None else [(_("Analyse the game"), on_analyse)]
        first = [] if next_step is None else [next_step]  # "Try Easy": the suggested one
        super().__init__(
            app, title, [reason, *notes],
            [*first, (_("Rematch"), on_rematch), *analyse, (_("Review game"), on_review),
             (_("Main menu"), on_menu)],
            cancel=on_review,
        )
        self.on_undo = on_undo
        self.column = column

    def _column(self) -> pygame.Rect | None:
        rect = self.column() if self.column is not None else None
        return rect if rect is not None and rect.w >= 260 else None

    def layout(self, size: tuple[int, int]) -> None:
        """In the side column if there is one (buttons stacked), else centred."""
        aside = self._column() is not None
        self.vertical = aside
        self.dim = 70 if aside else Dialog.dim
        super().layout(size)

    def panel_width(self, size: tuple[int, int]) -> int:
        column = self._column()
        return super().panel_width(size) if column is None else column.w

    def panel_centre(self, size: tuple[int, int]) -> tuple[int, int]:
        column = self._column()
        if column is None:
            return super().panel_centre(size)
        # over the top of the column: the status it repeats, not a half-hidden headline
        top = max(0, min(column.y, size[1] - self.panel.h))
        return (column.centerx, top + self.panel.h // 2)

    def handle(self, action: Action) -> bool:
        """Ctrl+Z takes the last turn back; the rest as a dialog."""
        if action is Command.UNDO and self.on_undo is not None:
            self.on_undo()
            return True
        return super().handle(action)
