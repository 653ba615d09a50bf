"""The apology screen: what the app shows instead of closing when a scene fails.

When a scene's `update` or `draw` raises (a bug), the app logs
the full traceback to the log file, asks every game on the stack to keep itself (a scene's
`autosave()`, if it has one, best effort), closes the scenes and shows this screen: an apology,
what failed in one line, where the log file is, and a way back to the main menu (or out).
Nothing is deleted on the way: saves stay as they are.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from common.i18n import N_, _
from common.ui import assets, draw
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.theme import mix
from common.ui.widgets import Button, handle_all, row

MAX_ERROR_CHARS = 160  # the error's one line, cut: the log has all of it


class ApologyScene(Scene):
    """"Sorry, something went wrong": the error in a line, the log file, Main menu / Quit."""

    def __init__(self, app, error: BaseException, log_file: Path | None,
                 game_kept: bool | None) -> None:
        super().__init__(app)
        self.error = error
        self.log_file = log_file
        self.game_kept = game_kept  # None: no game was open; False: its autosave failed
        self.menu_b = Button(N_("Main menu"), app.main_menu, primary=True, hint="Enter")
        self.quit_b = Button(N_("Quit"), self._quit)
        self.buttons = [self.menu_b, self.quit_b]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[tuple[str, int, bool]] = []

    def _quit(self) -> None:
        self.app.running = False

    def summary(self) -> str:
        """The error in one line (type and message), cut to MAX_ERROR_CHARS."""
        message = " ".join(str(self.error).split())
        line = f"{type(self.error).__name__}: {message}" if message else type(self.error).__name__
        return line if len(line) <= MAX_ERROR_CHARS else line[:MAX_ERROR_CHARS - 1] + "…"

    def paragraphs(self) -> list[tuple[str, bool]]:
        """The text under the title: (paragraph, dim)."""
        out = [(_("The app met an error it did not expect and closed that screen. "
                  "Nothing was deleted."), False)]
        if self.game_kept is True:
            out.append((_("Your game was saved just now: Continue on the main menu resumes it."),
                        False))
        elif self.game_kept is False:
            out.append((_("Your game is kept as it was after the last turn that was saved."),
                        False))
        if self.log_file is not None:
            out.append((_("The details are in the log file (please send it along with a bug "
                          "report):"), False))
            out.append((str(self.log_file), True))
        else:
            out.append((_("No log file could be written; the details went to the terminal."),
                        False))
        out.append((self.summary(), True))
        return out

    def _lines(self, width: int) -> list[tuple[str, int, bool]]:
        """The text as drawn lines (line, pixel size, dim); a word wider than the panel (a
        long path) is cut where it must be."""
        m = self.app.m
        out = []
        for text, dim in self.paragraphs():
            px = m.small if dim else m.normal
            font = assets.font(px)
            for line in draw.wrap(text, px, width):
                while font.size(line)[0] > width and len(line) > 1:
                    cut = len(line) - 1
                    while cut > 1 and font.size(line[:cut])[0] > width:
                        cut -= 1
                    out.append((line[:cut], px, dim))
                    line = line[cut:]
                out.append((line, px, dim))
            out.append(("", m.pad // 2, False))  # the gap after a paragraph
        return out[:-1]

    def layout(self, size: tuple[int, int]) -> None:
        """A panel as tall as its text (the window's height at most), the buttons at its foot."""
        m = self.app.m
        w = min(size[0] - 4 * m.pad, max(560, int(size[0] * 0.5)))
        self.lines = self._lines(w - 4 * m.pad)
        text_h = int(m.large * 1.5) + m.pad + sum(
            px if not line else int(px * 1.4) for line, px, _ in self.lines)
        h = min(size[1] - 4 * m.pad, 2 * m.pad + text_h + 2 * m.pad + m.button_h + 2 * m.pad)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        bar = pygame.Rect(self.panel.x + 2 * m.pad, self.panel.bottom - 2 * m.pad - m.button_h,
                          self.panel.w - 4 * m.pad, m.button_h)
        row(bar, self.buttons, m.pad)

    def handle(self, action: Action) -> bool:
        """The buttons; Enter or Esc goes to the main menu."""
        if handle_all(self.buttons, action):
            return True
        if action in (Command.CONFIRM, Command.BACK):
            self.app.main_menu()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)  # made once per size, not every frame
        draw.panel(surface, self.panel, mix(pal.panel, pal.background, 0.3), pal.panel_edge,
                   m.radius * 2, 10)
        x, width = self.panel.x + 2 * m.pad, self.panel.w - 4 * m.pad
        y = self.panel.y + 2 * m.pad
        title = _("Sorry, something went wrong")
        px = draw.fit_text(title, m.large, width, bold=True)
        draw.blit_text(surface, title, px, pal.text, (x, y), bold=True)
        y += int(m.large * 1.5) + m.pad
        limit = self.menu_b.rect.top - m.pad
        for line, px, dim in self.lines:
            if not line:
                y += px
                continue
            if y + px > limit:
                break
            draw.blit_text(surface, line, px, pal.text_dim if dim else pal.text, (x, y))
            y += int(px * 1.4)
        for button in self.buttons:
            button.draw(surface, pal, m)
