"""The command line of a bot seat in a new-game dialog: a text field with an Example button
beside it, and under them a caption, or in the refusal colour why the command cannot run.

The field starts with the last command a game started with (`App.bot_command`, remembered
between runs with the settings), else the example bot run by this Python from its absolute
path, so it works on the first try.
"""

from __future__ import annotations

import pygame

from common.ai.bot import PREFIX
from common.i18n import N_
from common.ui import draw
from common.ui.bots import check_command, example_command
from common.ui.theme import Metrics, Palette
from common.ui.widgets import Button, TextField, Widget


class BotField:
    """One seat's bot command: `check` before the game starts, `spec` once it passed."""

    def __init__(self, app, caption: str) -> None:
        self.app = app
        self.caption = caption  # "Command line of the bot program · plays first"
        self.field = TextField(app.bot_command or example_command(), self._edited,
                               "python3 my_bot.py")
        self.example = Button(N_("Example"), self._example, small=True)
        self.problem = ""
        self.caption_y = 0
        self.show(False)

    @property
    def widgets(self) -> list[Widget]:
        """The field and its button (hidden unless the seat is a bot)."""
        return [self.field, self.example]

    @property
    def shown(self) -> bool:
        """True while the seat is a bot."""
        return self.field.visible

    @property
    def spec(self) -> str:
        """The seat spec: "cmd:" and the command line."""
        return PREFIX + self.field.value.strip()

    def show(self, on: bool) -> None:
        """Show the field (and focus it, ready to type) or hide it."""
        for widget in self.widgets:
            widget.visible = on
        self.field.focused = on
        self.field.caret = len(self.field.value)
        if not on:
            self._edited(self.field.value)

    def _edited(self, _text: str) -> None:
        self.problem = ""
        self.field.error = False

    def _example(self) -> None:
        self.field.set(example_command())
        self.field.focused = True

    def check(self) -> bool:
        """True if the command looks runnable; else the field says why and takes the focus."""
        self.problem = check_command(self.field.value) or ""
        self.field.error = bool(self.problem)
        if self.problem:
            self.field.focused = True
            self.field.caret = len(self.field.value)
        return not self.problem

    def layout(self, x: int, y: int, w: int, m: Metrics) -> int:
        """Place the field and the button from (x, y) across w; the height used."""
        button_w = int(m.small * 6.2)
        self.field.rect = pygame.Rect(x, y, w - button_w - m.pad // 2, m.button_h)
        self.field.px = m.small
        self.example.rect = pygame.Rect(self.field.rect.right + m.pad // 2, y, button_w,
                                        m.button_h)
        self.caption_y = y + m.button_h + 3
        return m.button_h + 3

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The caption under the field, or why its command cannot run (the scene draws the
        widgets with its others)."""
        if not self.shown:
            return
        x, w = self.field.rect.x + 4, self.example.rect.right - self.field.rect.x - 4
        if self.problem:
            size = m.small * 0.55
            draw.cross(surface, (x + size, self.caption_y + m.small * 0.7), size, pal.refusal, 3)
            x += int(m.small * 1.2)
            px = draw.fit_text(self.problem, m.small, w - int(m.small * 1.2), True)
            draw.blit_text(surface, self.problem, px, pal.refusal, (x, self.caption_y), bold=True)
        else:
            px = draw.fit_text(self.caption, m.small, w)
            draw.blit_text(surface, self.caption, px, pal.text_dim, (x, self.caption_y))
