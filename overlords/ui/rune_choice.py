""""Which Rune?": the choice offered next to a target square that several Rune stones reach.

A small panel beside the square (never over it: the square, its figure and its marks stay in
sight), one button per Rune with its name ("Rune 4 · Knight jump"), a loss mark on a Rune that
loses the Overlord, and Cancel. A click outside, Esc or right click cancels; the digit keys
pick a Rune; Tab or the arrows move a focus ring over the buttons and Enter presses one (the
first Rune that does not lose is focused at once). The board below is not dimmed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command, Key, PointerDown
from common.ui.scene import Scene
from common.ui.widgets import Button, Widget, handle_all
from overlords import rules
from overlords.ui.marks import draw_loss_mark
from overlords.ui.threats import FORCED, LOSES
from overlords.ui.tips import RUNE_TITLES


class RuneChoice(Scene):
    """The Runes that reach `square` (a board rectangle), each with its verdict (threats'
    SAFE, LOSES, FORCED or None); `play` is called with the move chosen."""

    opaque = False

    def __init__(self, app, square: pygame.Rect,
                 choices: list[tuple[rules.Move, str | None]],
                 play: Callable[[rules.Move], None]) -> None:
        super().__init__(app)
        self.title = _("Which Rune?")
        self.square = pygame.Rect(square)
        self.choices = choices
        self._play = play
        self.buttons: list[Button] = [
            Button(self._label(move, verdict), self._choose(move), small=True)
            for move, verdict in choices]
        self.buttons.append(Button(N_("Cancel"), self.cancel, small=True))
        safe = [i for i, (_move, verdict) in enumerate(choices) if verdict not in (LOSES, FORCED)]
        self.focus = Focus(self._focusable, safe[0] if safe else len(choices))
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _focusable(self) -> Sequence[Widget]:
        """The widgets Tab reaches: the choices, then Cancel."""
        return self.buttons

    @staticmethod
    def _label(move: rules.Move, verdict: str | None) -> str:
        if verdict == LOSES:
            text = _("Rune {rune} · {rune_titles} (loses at once)")
        elif verdict == FORCED:
            text = _("Rune {rune} · {rune_titles} (loses by force)")
        else:
            text = _("Rune {rune} · {rune_titles}")
        return text.format(rune=move.rune, rune_titles=_(RUNE_TITLES[move.rune]))

    def _choose(self, move: rules.Move) -> Callable[[], None]:
        def _run() -> None:
            if self.app.top is self:
                self.app.pop()
            self._play(move)

        return _run

    def cancel(self) -> None:
        """Close without playing."""
        if self.app.top is self:
            self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        """Beside the square: to its right if there is room, else to its left; kept inside
        the window vertically."""
        m = self.app.m
        widths = [draw.text(b.label, m.small, (0, 0, 0), True).get_width()
                  for b in self.buttons]
        h_button = max(28, int(m.button_h * 0.8))
        # a loss mark stands at a button's right end: the centred label keeps clear of it
        marked = any(verdict in (LOSES, FORCED) for _move, verdict in self.choices)
        w = max(widths) + 3 * m.pad + (2 * (h_button - 4) if marked else 0)
        w = min(w, size[0] - 2 * m.pad)
        title_h = int(m.small * 1.6)
        h = title_h + len(self.buttons) * (h_button + m.pad // 2) + m.pad
        gap = m.pad // 2
        x = self.square.right + gap
        if x + w > size[0] - m.pad:
            x = self.square.x - gap - w
        y = min(max(m.pad, self.square.centery - h // 2), size[1] - h - m.pad)
        self.panel = pygame.Rect(x, y, w, h)
        by = y + title_h
        for button in self.buttons:
            button.rect = pygame.Rect(x + m.pad // 2, by, w - m.pad, h_button)
            by += h_button + m.pad // 2

    def handle(self, action: Action) -> bool:
        """Buttons (by mouse, or Tab / arrows and Enter); digit keys pick; Esc, right click
        or a click elsewhere cancels."""
        if self.focus.handle(action) or handle_all(self.buttons, action):
            return True
        if action is Command.BACK:
            self.cancel()
            return True
        if isinstance(action, Key) and pygame.K_1 <= action.key <= pygame.K_7:
            rune = action.key - pygame.K_0
            for move, _ in self.choices:
                if move.rune == rune:
                    self._choose(move)()
            return True
        if isinstance(action, PointerDown) and not self.panel.collidepoint(action.pos):
            self.cancel()
            return True
        return action not in (Command.FULLSCREEN, Command.MUTE, Command.QUIT, Command.RULES)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, a frame round the square it is about, the buttons with loss marks."""
        pal, m = self.app.pal, self.app.m
        pygame.draw.rect(surface, pal.select, self.square.inflate(-2, -2), 3, border_radius=4)
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius, 8)
        draw.blit_text(surface, self.title, m.small, pal.text,
                       (self.panel.x + m.pad // 2, self.panel.y + m.pad // 3), bold=True)
        for button, (_move, verdict) in zip(self.buttons, [*self.choices, (None, None)],
                                        strict=True):
            button.draw(surface, pal, m)
            if verdict in (LOSES, FORCED):
                size = button.rect.h - 8
                draw_loss_mark(surface, pygame.Rect(button.rect.right - size - 4,
                                                    button.rect.y + 4, size, size),
                               verdict, pal)
        self.focus.draw(surface, pal, m)
