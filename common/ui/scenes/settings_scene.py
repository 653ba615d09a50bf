"""The Settings scene: the language, animation speed, sound, colour-blind-safe palette and
fullscreen, and the game screens' on/off settings (`TABLE_SETTINGS`), applied at once; over the
dimmed scene below. Every label is a message marked with N_(), translated when drawn, so a
new language shows at once."""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from common import i18n
from common.i18n import N_, _
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.settings import ANIMATION_SPEEDS, GAME_SETTINGS
from common.ui.widgets import Button, Choice, Widget, handle_all

TABLE_SETTINGS = (("handover", N_("Hand-over screen between players")),  # passing the turn,
                  ("recap", N_("Recap of the others' turns")),
                  *((s.key, s.label) for s in GAME_SETTINGS.values() if s.label),  # each game's
                  ("fast_cpu", N_("Faster CPU-only turns")),  # then how the CPUs play
                  ("confirm_risky", N_("Ask before a move that loses the game")),
                  ("cpu_resigns", N_("CPU resigns when it can no longer win")))
PSEUDO_ENV = "OVERLORDS_PSEUDO"  # set (to 1): the Language row offers the pseudo-language


def language_choices(current: str) -> tuple[list[str], list[str]]:
    """The Language row's options and labels: the system's, then each language in its own
    name (the pseudo-language too for a developer, or while it is in use)."""
    options = [i18n.SYSTEM, *i18n.LANGUAGES]
    # Translators: the Language row's first choice: the language the system asks for
    labels = [N_("System"), *i18n.LANGUAGES.values()]
    if os.environ.get(PSEUDO_ENV) or current == i18n.PSEUDO:
        options.append(i18n.PSEUDO)
        labels.append("Pseudo")
    return options, labels


class SettingsScene(Scene):
    """Animation speed, sound, colour-blind-safe palette and fullscreen, and how turns pass at
    one table (hand-over screen, recap, faster CPU turns), applied at once."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        languages, language_labels = language_choices(s.language)
        self.rows: list[tuple[str, Choice]] = [
            (N_("Animations"), Choice(list(ANIMATION_SPEEDS), s.animation, self._animation,
                                      [N_("Off"), N_("Normal"), N_("Slow")])),
            (N_("Sound"), Choice(["off", "on"], "on" if s.sound else "off", self._sound,
                                 [N_("Off"), N_("On")])),
            (N_("Colours"), Choice(["standard", "safe"],
                                   "safe" if s.colour_blind else "standard", self._colours,
                                   [N_("Standard"), N_("Colour-blind safe")])),
            (N_("Display"), Choice(["window", "fullscreen"],
                                   "fullscreen" if s.fullscreen else "window", self._display,
                                   [N_("Window"), N_("Fullscreen")])),
            (N_("Language"), Choice(languages, s.language, self.app.set_language,
                                    language_labels)),
        ]
        self.table_rows: list[tuple[str, Choice]] = [  # on/off settings of the game screens
            (label, Choice(["off", "on"], "on" if getattr(s, key) else "off",
                           self._toggle(key), [N_("Off"), N_("On")]))
            for key, label in TABLE_SETTINGS
        ]
        self.done = Button(N_("Done"), self.app.pop, primary=True)
        self.widgets: list[Widget] = [c for _label, c in self.rows + self.table_rows] + [self.done]
        self.focus = Focus(self._focusable)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.widgets

    def _animation(self, value: str) -> None:
        self.app.settings.animation = value
        self.app.apply_settings()

    def _sound(self, value: str) -> None:
        self.app.settings.sound = value == "on"
        self.app.apply_settings()
        self.app.sound.play("select")

    def _colours(self, value: str) -> None:
        self.app.settings.colour_blind = value == "safe"
        self.app.apply_settings()
        self._dim = None

    def _toggle(self, key: str):
        def _set(value: str) -> None:
            setattr(self.app.settings, key, value == "on")
            self.app.apply_settings()

        return _set

    def _display(self, value: str) -> None:
        if (value == "fullscreen") != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()
        self.rows[3][1].value = "fullscreen" if self.app.settings.fullscreen else "window"

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel: a label and a segmented choice per row, a preview, Done."""
        m = self.app.m
        w = max(560, int(size[0] * 0.46))
        label_w = int(w * 0.3)
        count = len(self.rows) + len(self.table_rows)
        fixed = 2 * m.large + int(m.small * 1.4) + m.button_h + 7 * m.pad
        # the preview gives up height first where the window is short (960x600)
        spare = size[1] - m.pad - fixed - count * (m.button_h + 2)
        preview_h = max(int(m.button_h * 1.3), min(int(m.button_h * 2.2), spare))
        fixed += preview_h
        # the rows close up a little where the window is short (960x600), never touching
        row_h = max(m.button_h + 2, min(m.button_h + m.pad, (size[1] - m.pad - fixed) // count))
        h = fixed + count * row_h
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + 2 * m.large + 2 * m.pad
        self.label_x = self.panel.x + 2 * m.pad
        for _label, choice in self.rows:
            choice.rect = pygame.Rect(self.panel.x + 2 * m.pad + label_w, y,
                                      w - 4 * m.pad - label_w, m.button_h)
            y += row_h
        self.preview = pygame.Rect(self.panel.x + 2 * m.pad, y + m.pad // 2,
                                   w - 4 * m.pad, preview_h)
        y = self.preview.bottom + m.pad
        self.table_y = y
        y += int(m.small * 1.4)
        toggle_w = int(w * 0.3)
        for _label, choice in self.table_rows:
            choice.rect = pygame.Rect(self.panel.right - 2 * m.pad - toggle_w, y, toggle_w,
                                      m.button_h)
            y += row_h
        self.done.rect = pygame.Rect(0, 0, int(w * 0.3), m.button_h)
        self.done.rect.midbottom = (self.panel.centerx, self.panel.bottom - 2 * m.pad)
        self._dim = None

    def handle(self, action: Action) -> bool:
        """Choices apply at once (also by Tab / arrows: Left and Right change the focused
        one); Esc, Enter or Done closes."""
        if self.focus.handle(action) or handle_all(self.widgets, action):
            return True
        command = COMMANDS.get(action) if isinstance(action, Command) else None
        if command is not None:
            command(self)
            return True
        return action is not Command.QUIT  # nothing reaches the scene below

    def _done(self) -> None:
        self.app.pop()

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.rows[3][1].value = "fullscreen" if self.app.settings.fullscreen else "window"

    def _mute(self) -> None:
        self.app.toggle_mute()
        self.rows[1][1].value = "on" if self.app.settings.sound else "off"

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the dimmed scene below."""
        pal, m = self.app.pal, self.app.m
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((*pal.backdrop, 170))
        surface.blit(self._dim, (0, 0))
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        draw.blit_text(surface, _("Settings"), m.large, pal.text,
                       (self.panel.centerx, self.panel.y + 2 * m.pad), "midtop", bold=True)
        for label, choice in self.rows:
            room = choice.rect.x - self.label_x - m.pad
            shown = _(label)
            px = draw.fit_text(shown, m.normal, room, True)
            draw.blit_text(surface, shown, px, pal.text,
                           (self.label_x, choice.rect.centery), "midleft", bold=True)
            choice.draw(surface, pal, m)
        self._draw_preview(surface)
        draw.blit_text(surface, _("Game screens"), m.small, pal.text_dim,
                       (self.label_x, self.table_y))
        for label, choice in self.table_rows:
            room = choice.rect.x - self.label_x - m.pad
            shown = _(label)
            px = draw.fit_text(shown, m.normal, room, True)
            draw.blit_text(surface, shown, px, pal.text, (self.label_x, choice.rect.centery),
                           "midleft", bold=True)
            choice.draw(surface, pal, m)
        self.done.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Four sample tiles: a move dot, a capture ring, the last move and a refusal."""
        pal, m = self.app.pal, self.app.m
        r = self.preview
        tile = min(r.h - m.small - 8, r.w // 6)
        # Translators: the captions of the sample squares under the Colours row
        labels = ((_("move"), pal.move), (_("capture"), pal.move), (_("last move"), pal.last),
                  (_("refused"), pal.refusal))
        step = r.w / len(labels)
        for i, (label, color) in enumerate(labels):
            cx = int(r.x + step * (i + 0.5))
            t = pygame.Rect(0, 0, tile, tile)
            t.midtop = (cx, r.y)
            pygame.draw.rect(surface, (226, 208, 170), t, border_radius=4)
            if i == 0:
                draw.dot(surface, t.center, tile * 0.16, color)
            elif i == 1:
                draw.ring(surface, t.center, tile * 0.40, color, max(3, tile // 12))
            elif i == 2:
                draw.alpha_rect(surface, t, (*color, 90), 4)  # as on the board: its frame
                draw.corners(surface, t.inflate(-4, -4), pal.last_edge, max(2, tile // 14))
            else:
                draw.cross(surface, t.center, tile * 0.5, color, max(3, tile // 10))
            draw.blit_text(surface, label, m.small, pal.text_dim, (cx, t.bottom + 4), "midtop")


# The commands the Settings scene takes itself (the rest are the app's, or nobody's).
COMMANDS: dict[Command, Callable[[SettingsScene], None]] = {
    Command.BACK: SettingsScene._done,
    Command.CONFIRM: SettingsScene._done,
    Command.FULLSCREEN: SettingsScene._fullscreen,
    Command.MUTE: SettingsScene._mute,
}
