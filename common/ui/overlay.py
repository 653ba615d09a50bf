"""Overlays drawn over the scene below: a dimmed backdrop and a centred panel of buttons.

`Dialog` is the base (title, message lines, a row of buttons, Esc closes; Tab or the arrows
move a focus ring over the buttons, Enter or Space presses one); `GameOver` is the
end-of-game overlay (who won and why, with Rematch, Review game and Main menu; against the CPU
the player's record and, after a win, a button for the next level), set over the game
screen's side panel so that the final position (the capture square) stays in view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command, PointerDown
from common.ui.scene import Scene
from common.ui.widgets import Button, Widget, handle_all, row, stack


class Dialog(Scene):
    """A modal panel over the dimmed scene below; Esc (or the cancel button) closes it."""

    opaque = False
    dim = 170  # how dark the backdrop over the scene below is (0-255)

    def __init__(
        self, app, title: str, lines: list[str], buttons: list[tuple[str, Callable[[], None]]],
        cancel: Callable[[], None] | None = None, width: float = 0.42, vertical: bool = False,
        default: int = 0,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.width = width
        self.cancel = cancel
        self.vertical = vertical
        # the default button (Enter presses it; drawn as the primary one): the first, or the
        # safe choice of a dialog that asks before something cannot be undone
        self.buttons: list[Widget] = [
            Button(label, self._closing(action), primary=(i == default))
            for i, (label, action) in enumerate(buttons)
        ]
        self.default = default
        self.focus = Focus(lambda: self.buttons, default)  # Tab, arrows, Enter, Space
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    def _closing(self, action: Callable[[], None]) -> Callable[[], None]:
        def _run() -> None:
            if self.app.top is self:
                self.app.pop()
            action()

        return _run

    def extra_height(self) -> int:
        """Room a subclass needs between the message and the buttons."""
        return 0

    def layout(self, size: tuple[int, int]) -> None:
        """Centre the panel; buttons share its bottom row."""
        m = self.app.m
        w = self.panel_width(size)
        text_w = w - 4 * m.pad
        line_h = int(m.normal * 1.45)
        rows = len(self.buttons) if self.vertical else 1
        buttons_h = rows * (m.button_h + m.pad) - m.pad
        # a message may quote a file or a bot: each line is cut, and all of them to what fits
        # in the window, so the panel (and its shadow) is never sized from untrusted text
        room = size[1] - (m.large * 2 + 3 * m.pad + self.extra_height() + buttons_h
                          + 4 * m.pad)
        self._wrapped = [ln for line in self.lines
                         for ln in draw.wrap(line, m.normal, text_w, max_lines=draw.MAX_LINES)]
        fits = max(1, room // line_h)
        if len(self._wrapped) > fits:
            self._wrapped = self._wrapped[: fits - 1] + [draw.ELLIPSIS]
        h = (m.large * 2 + 3 * m.pad + len(self._wrapped) * line_h + self.extra_height()
             + buttons_h + 2 * m.pad)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = self.panel_centre(size)
        bottom = pygame.Rect(self.panel.x + 2 * m.pad, self.panel.bottom - buttons_h - 2 * m.pad,
                             self.panel.w - 4 * m.pad, buttons_h)
        if self.vertical:
            stack(bottom.inflate(-int(bottom.w * 0.2), 0), self.buttons, m.button_h, m.pad)
        else:
            row(bottom, self.buttons, m.pad)
        self._dim = pygame.Surface(size, pygame.SRCALPHA)
        self._dim.fill((*self.app.pal.backdrop, self.dim))

    def panel_width(self, size: tuple[int, int]) -> int:
        """The panel's width for this window."""
        return min(size[0] - 2 * self.app.m.pad, max(420, int(size[0] * self.width)))

    def panel_centre(self, size: tuple[int, int]) -> tuple[int, int]:
        """Where the panel centres: the middle of the window."""
        return (size[0] // 2, size[1] // 2)

    def handle(self, action: Action) -> bool:
        """Buttons (by mouse, or Tab / arrows and Enter / Space), Esc to cancel; the scene
        below gets nothing while the dialog is open."""
        if self.focus.handle(action) or handle_all(self.buttons, action):
            return True
        if action is Command.BACK or action is Command.CONFIRM:
            if action is Command.CONFIRM and self.buttons:
                self.buttons[self.default].on_click()  # type: ignore[attr-defined]
                return True
            if self.cancel is not None:
                self.app.pop()
                self.cancel()
                return True
            return True
        if isinstance(action, PointerDown) and not self.panel.collidepoint(action.pos):
            return True
        return action not in (Command.FULLSCREEN, Command.MUTE, Command.QUIT, Command.RULES)

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed backdrop, panel, title, message, buttons."""
        pal, m = self.app.pal, self.app.m
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        y = self.panel.y + 2 * m.pad
        draw.blit_text(surface, self.title, m.large, pal.text, (self.panel.centerx, y), "midtop",
                       bold=True)
        y += int(m.large * 1.6) + m.pad
        for line in self._wrapped:
            draw.blit_text(surface, line, m.normal, pal.text, (self.panel.centerx, y), "midtop")
            y += int(m.normal * 1.45)
        self.draw_extra(surface, pygame.Rect(self.panel.x, y, self.panel.w, self.extra_height()))
        for button in self.buttons:
            button.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Subclasses draw their own content between the message and the buttons."""


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
        analyse = [] if on_analyse is None else [("Analyse the game", on_analyse)]
        first = [] if next_step is None else [next_step]  # "Try Easy": the suggested one
        super().__init__(
            app, title, [reason, *notes],
            [*first, ("Rematch", on_rematch), *analyse, ("Review game", on_review),
             ("Main menu", on_menu)],
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
