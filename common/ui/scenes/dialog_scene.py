"""`Dialog`, the base of every overlay: a dimmed backdrop over the scene below and a centred
panel (title, message lines, a row of buttons; Esc closes; Tab or the arrows move a focus ring
over the buttons, Enter or Space presses one). The game-over panel is
`common.ui.scenes.game_over_scene.GameOver`, the name dialog
`common.ui.scenes.name_dialog_scene.NameDialog`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.widgets import Button, Widget, handle_all, row, stack


class Dialog(Scene):
    """A modal panel over the dimmed scene below; Esc (or the cancel button) closes it."""

    opaque = False
    dim = 170  # how dark the backdrop over the scene below is (0-255)
    quitting = False  # closing the window asked it: closing again quits (common.ui.unsaved)

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
        self.buttons: list[Button] = [
            Button(label, self._closing(action), primary=(i == default))
            for i, (label, action) in enumerate(buttons)
        ]
        self.default = default
        self.focus = Focus(self._focusable, default)  # Tab, arrows, Enter, Space
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    def _focusable(self) -> Sequence[Widget]:
        """The widgets Tab reaches, in order."""
        return self.buttons

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
        # the title, lines and labels are messages marked with N_() (or a `Message`), or words
        # that are not ours (a file name, a problem): translated when laid out and drawn
        self._wrapped = [ln for line in self.lines
                         for ln in draw.wrap(_(line), m.normal, text_w, max_lines=draw.MAX_LINES)]
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
        command = COMMANDS.get(action) if isinstance(action, Command) else None
        if command is not None:
            command(self)
            return True
        return action not in PASS_ON  # a click anywhere else, any other key: swallowed

    def _confirm(self) -> None:
        """Enter: the default button, else as Esc."""
        if self.buttons:
            self.buttons[self.default].on_click()
        else:
            self._cancel()

    def _cancel(self) -> None:
        """Esc: close, and say so (a dialog without `cancel` stays)."""
        if self.cancel is not None:
            self.app.pop()
            self.cancel()

    def draw(self, surface: pygame.Surface) -> None:
        """Dimmed backdrop, panel, title, message, buttons."""
        pal, m = self.app.pal, self.app.m
        if self._dim is not None:
            surface.blit(self._dim, (0, 0))
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        y = self.panel.y + 2 * m.pad
        title = _(self.title)
        px = draw.fit_text(title, m.large, self.panel.w - 2 * m.pad, True)
        draw.blit_text(surface, title, px, pal.text, (self.panel.centerx, y), "midtop",
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


# The commands a dialog takes itself; the app's keys it passes on (the rest stop here).
COMMANDS: dict[Command, Callable[[Dialog], None]] = {
    Command.BACK: Dialog._cancel,
    Command.CONFIRM: Dialog._confirm,
}
PASS_ON = (Command.FULLSCREEN, Command.MUTE, Command.QUIT, Command.RULES)
