"""The new-game dialog of Overlords: who plays each side (a person, a CPU level or a bot
program, its command line typed here) and which board (the seed, with a preview); then on to
the setup of the figures. The dialog's shape and keys are every game's
(`common.ui.new_game_form.NewGameForm`).
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from common.i18n import N_, _
from common.seats import SeatSpec
from common.ui import draw
from common.ui.board import BoardView
from common.ui.bot_field import BotField
from common.ui.cpu import DEFAULT_LEVEL, cpu_levels, level_label
from common.ui.focus import Focus
from common.ui.new_game_form import NewGameForm
from common.ui.widgets import Button, Choice, NumberField, Widget, row
from overlords import rules
from overlords.facts import SEAT_KEYS
from overlords.setup import board_for
from overlords.ui.board import draw_features, feature_plane
from overlords.ui.setup_scene import SetupScene

SEED_DIGITS = 6


def random_seed() -> int:
    """A fresh board seed, short enough to read out and type back."""
    return random.SystemRandom().randrange(10 ** (SEED_DIGITS - 1), 10**SEED_DIGITS)


def remembered(app, options: list[str]) -> tuple[str, str]:
    """Who played each side in the last game this dialog started (a person or a level it
    still offers; a bot is chosen afresh, its command line is remembered apart), else a
    person against the default level."""
    last = getattr(app.settings, "overlords_new_game", None) or {}
    defaults = ("human", DEFAULT_LEVEL)
    white, black = (str(last.get(key)) if last.get(key) in options and last.get(key) != "bot"
                    else default for key, default in zip(SEAT_KEYS, defaults, strict=True))
    return white, black


class NewGameScene(NewGameForm):
    """Who plays each side, which board (seed, with a preview), then on to the setup."""

    def __init__(self, app) -> None:
        super().__init__(app)
        levels = cpu_levels()
        options = ["human", *levels, "bot"]
        labels = [_("Human"), *(level_label(lvl) for lvl in levels), _("Bot…")]
        last = remembered(app, options)
        self.seats = [Choice(options, last[0], lambda v: self._seat_changed(0), labels),
                      Choice(options, last[1], lambda v: self._seat_changed(1), labels)]
        self.bot_fields = [BotField(app, label) for label in (
            _("Command line of the bot program · plays first"),
            _("Command line of the bot program · plays second"))]
        self.seed_field = NumberField(str(random_seed()), self._seed_changed, SEED_DIGITS + 3)
        self.new_seed = Button(N_("New board"), self._reroll, small=True)
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.start = Button(N_("Set up figures"), self.start_game, primary=True, hint="Enter")
        self.widgets: list[Widget] = [*self.seats, *self.bot_fields[0].widgets,
                                      *self.bot_fields[1].widgets, self.seed_field,
                                      self.new_seed, self.back, self.start]
        self.fields = [self.seed_field, self.bot_fields[0].field, self.bot_fields[1].field]
        self.focus = Focus(self._focusable)
        self.preview = BoardView(rules.GRID)
        self._plane: list[int] = []
        self._seed_changed(self.seed_field.value)

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches: each side's seat and its bot's fields, then the seed."""
        return [self.seats[0], *self.bot_fields[0].widgets, self.seats[1],
                *self.bot_fields[1].widgets, self.seed_field, self.new_seed, self.back,
                self.start]

    def _seat_changed(self, side: int) -> None:
        bot = self.seats[side].value == "bot"
        self.bot_fields[side].show(bot)
        for field in self.fields:
            field.focused = field is self.bot_fields[side].field and bot
        people = any(choice.value == "human" for choice in self.seats)
        self.start.label = _("Set up figures") if people else _("Start game")
        self.layout(self.app.size)

    def _seed_changed(self, text: str) -> None:
        self.start.enabled = bool(text)
        if text:
            self._plane = feature_plane(board_for(int(text)))

    def _reroll(self) -> None:
        self.seed_field.value = str(random_seed())
        self._seed_changed(self.seed_field.value)

    def start_game(self) -> None:
        """On to the setup of the figures (or the game), unless a bot's command cannot run."""
        if not self.seed_field.value:
            return
        specs = [choice.value for choice in self.seats]
        settings: Any = self.app.settings  # (a game's setting: made at run time)
        settings.overlords_new_game = dict(zip(SEAT_KEYS, specs, strict=True))
        self.app.remember_settings()
        for side, bot in enumerate(self.bot_fields):
            if specs[side] == "bot":
                if not bot.check():  # the dialog says why; the game does not start
                    for field in self.fields:
                        field.focused = field is bot.field
                    self.app.sound.play("illegal", 0.5)
                    return
                specs[side] = bot.spec
                self.app.bot_command = bot.field.value.strip()
        self.app.replace(SetupScene(self.app, [SeatSpec.parse(x) for x in specs],
                                    int(self.seed_field.value)))

    def layout(self, size: tuple[int, int]) -> None:
        """Form on the left half of a centred panel, the board preview on the right."""
        m = self.app.m
        w, h = min(size[0] - 4 * m.pad, int(1100 * m.scale)), min(size[1] - 4 * m.pad,
                                                                  int(560 * m.scale))
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        form_w = int(w * 0.56)
        label_w = int(m.normal * 4.2)
        x = self.panel.x + 2 * m.pad + label_w
        y = self.panel.y + 2 * m.large + 3 * m.pad
        field_w = form_w - label_w - 3 * m.pad
        self.rows_y = []
        for choice, bot in zip(self.seats, self.bot_fields, strict=True):
            choice.rect = pygame.Rect(x, y, field_w, m.button_h)
            self.rows_y.append(y + m.button_h // 2)
            y += m.button_h
            if bot.shown:
                y += bot.layout(x, y + m.pad // 2, field_w, m) + m.pad // 2
            y += int(m.small * 1.5) + m.pad
        y += m.pad
        self.seed_field.rect = pygame.Rect(x, y, int(field_w * 0.5), m.button_h)
        self.new_seed.rect = pygame.Rect(self.seed_field.rect.right + m.pad, y,
                                         field_w - self.seed_field.rect.w - m.pad, m.button_h)
        self.rows_y.append(y + m.button_h // 2)
        self.note_y = y + m.button_h + m.pad // 2
        bottom = pygame.Rect(self.panel.x + 2 * m.pad, self.panel.bottom - m.button_h - 2 * m.pad,
                             form_w - 3 * m.pad, m.button_h)
        row(bottom, [self.back, self.start], m.pad)
        area = pygame.Rect(self.panel.x + form_w, self.panel.y + 2 * m.pad,
                           w - form_w - 2 * m.pad, h - 4 * m.pad)
        self.preview.layout(area)
        self._bg = None

    def draw(self, surface: pygame.Surface) -> None:
        """Background, panel, labels, widgets, board preview."""
        pal, m = self.app.pal, self.app.m
        self.draw_panel(surface, _("New game: Overlords"))
        lx = self.panel.x + 2 * m.pad
        for label, y in zip((_("White"), _("Black"), _("Board")), self.rows_y, strict=True):
            draw.blit_text(surface, label, m.normal, pal.text, (lx, y), "midleft", bold=True)
        room = self.seats[0].rect.w - 4  # captions stay in the form, off the preview
        for choice, bot in zip(self.seats, self.bot_fields, strict=True):
            hint = _("plays first") if choice is self.seats[0] else _("plays second")
            if not bot.shown:
                _caption(surface, [_("Human, CPU level or bot program · {hint}").format(hint=hint),
                                   _("Human, CPU or bot · {hint}").format(hint=hint), hint], room,
                         (choice.rect.x + 4, choice.rect.bottom + 3), pal, m)
        _caption(surface, [_("The seed picks the board: the same seed gives the same board."),
                           _("Same seed, same board.")], room,
                 (self.seed_field.rect.x + 4, self.note_y), pal, m)
        for widget in self.widgets:
            widget.draw(surface, pal, m)
        for bot in self.bot_fields:
            bot.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)
        surface.blit(self.preview.ground(pal), self.preview.frame)
        draw_features(surface, self.preview, self._plane)


def _caption(surface: pygame.Surface, wordings: list[str], room: int, at: tuple[int, int],
             pal, m) -> None:
    """The longest wording that fits `room` at the small size (the last one, shrunk, if
    none does)."""
    text = next((w for w in wordings if draw.text_width(w, m.small) <= room), wordings[-1])
    px = draw.fit_text(text, m.small, room)
    draw.blit_text(surface, text, px, pal.text_dim, at)
