"""The Prepollency new-game dialog: 2, 3 (the variant) or 4 players; per seat who plays it (a
person, a CPU level or a bot program), a name and a colour; who goes first (a seat, or drawn at
random as the rule sheet suggests); a preview of the board with the chosen corners.

Engine seats by player count: 2 → seats 1 and 3 (opposite corners a1 and o15), 3 → 1, 2, 3
(o1 stays empty), 4 → 1 to 4. The dialog's outcome is a `NewGame` value; Start hands it to
`on_start` (by default `launch`: `prepollency.ui.screens.play_scene`), which tests may
replace. The last choices are remembered in the settings (`Settings.prepollency_new_game`).
The dialog's shape and keys are every game's (`common.ui.new_game_form.NewGameForm`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from common.i18n import N_, _
from common.seats import CPU, HUMAN_SEAT, SeatSpec
from common.ui import draw
from common.ui.bot_field import BotField
from common.ui.cpu import DEFAULT_LEVEL
from common.ui.focus import Focus
from common.ui.input import Action, PointerDown
from common.ui.names import MAX_NAME, clean_chars, clean_name
from common.ui.new_game_form import NewGameForm
from common.ui.theme import Metrics, Palette, mix
from common.ui.widgets import Button, Choice, TextField, Widget, row
from prepollency.facts import SEATS_FOR
from prepollency.ui import colours as C
from prepollency.ui.setup_preview import draw_preview

KINDS = ("human", "novice", "easy", "normal", "hard", "bot")
KIND_LABELS = (N_("Human"), N_("Novice"), N_("Easy"), N_("Normal"), N_("Hard"), N_("Bot…"))
NOTES = {2: N_("Two players on opposite corners: a1 against o15."),
         3: N_("Variant: seats on three corners (a1, a15, o15); the o1 corner stays empty."),
         4: N_("Four players, one on each corner.")}
RANDOM = "random"


@dataclass(frozen=True)
class NewGame:
    """What the dialog decided: a spec, a name and a colour key per engine seat, and the first
    seat (None: drawn at random)."""

    seats: dict[int, SeatSpec]
    names: dict[int, str]
    colours: dict[int, str]
    first: int | None

    @property
    def specs(self) -> list[str]:
        """The seat specs as text, in seat order (the form `play_scene` takes)."""
        return [str(self.seats[s]) for s in sorted(self.seats)]


def launch(app, game: NewGame) -> None:
    """Start the game screen in the dialog's place."""
    from prepollency.ui.screens import play_scene

    app.replace(play_scene(app, game.specs, None, game.first, game.names, game.colours))


def colour_name(key: str) -> str:
    """A colour's name in the player's language: the default name of a seat wearing it."""
    return _(C.colour(key).name)


def is_colour_name(name: str) -> bool:
    """Whether a name is a colour's in any language there is a catalogue of (a default name
    the dialog remembered: it follows the language and the colour)."""
    return C.named(name) is not None


class NameField(TextField):
    """A player's name: what it takes in is made drawable and bounded."""

    def _insert(self, text: str) -> None:
        text = clean_chars(text)
        if text.startswith(" ") and self.value[self.caret - 1: self.caret] in ("", " "):
            text = text.lstrip()
        super()._insert(text)


class Swatch(Widget):
    """A seat's colour: click for the next one (right-click: the previous)."""

    def __init__(self, on_cycle: Callable[[int], None]) -> None:
        super().__init__()
        self.key = C.KEYS[0]
        self.on_cycle = on_cycle

    def handle(self, action: Action) -> bool:
        """Cycle on a click inside."""
        super().handle(action)
        if isinstance(action, PointerDown) and self.visible and self.rect.collidepoint(action.pos):
            self.on_cycle(-1 if action.button == 3 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, pal: Palette, m: Metrics) -> None:
        """The colour, its name on it."""
        if not self.visible:
            return
        colour = C.colour(self.key)
        fill = colour.rgb(pal.name)
        pygame.draw.rect(surface, fill, self.rect, border_radius=m.radius)
        edge = pal.text if self.hover else mix(fill, (0, 0, 0), 0.35)
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=m.radius)
        ink = C.text_on(fill)
        a = max(3, self.rect.h // 9)  # small arrows at the ends: click to change
        for x, d in ((self.rect.x + a + 5, -1), (self.rect.right - a - 5, 1)):
            y = self.rect.centery
            tip = [(x + d * a, y), (x - d * a, y - a * 1.3), (x - d * a, y + a * 1.3)]
            pygame.draw.polygon(surface, mix(ink, fill, 0.3), tip)
        px = draw.fit_text(colour.name, m.small, self.rect.w - 4 * a - 14, True)
        draw.blit_text(surface, colour.name, px, ink, self.rect.center, "center", bold=True)


class SeatRow:
    """One seat's line: who plays it, the name, the colour, and the bot command if a bot."""

    def __init__(self, app, seat: int, on_kind: Callable[[int], None],
                 on_colour: Callable[[int, int], None], on_name: Callable[[], None]) -> None:
        self.seat = seat
        self.kind = Choice(list(KINDS), DEFAULT_LEVEL, lambda _v: on_kind(seat),
                           list(KIND_LABELS))
        self.swatch = Swatch(lambda step: on_colour(seat, step))
        self.swatch.key = C.default_colour(seat)
        self.name = NameField(colour_name(self.swatch.key), lambda _t: on_name(),
                              _("Name"), MAX_NAME)
        self.bot = BotField(app, _("Command line of the bot program for {corners}").format(
                                     corners=C.CORNERS[seat]))
        self.y = 0

    @property
    def widgets(self) -> list[Widget]:
        """Every widget of the row."""
        return [self.kind, self.name, self.swatch, *self.bot.widgets]

    def show(self, on: bool) -> None:
        """Show the row (hidden rows keep their choices for later)."""
        for widget in (self.kind, self.name, self.swatch):
            widget.visible = on
        self.bot.show(on and self.kind.value == "bot")
        if not on:
            self.name.focused = False

    def display_name(self) -> str:
        """The name typed, else the colour's name."""
        return clean_name(self.name.value) or colour_name(self.swatch.key)

    def remembered_name(self) -> str:
        """The name the dialog remembers: a default one as its colour's English name (found
        again in any language), a typed one as it is."""
        name = self.display_name()
        colour = C.colour(self.swatch.key)
        return str(colour.name) if name == _(colour.name) else name

    def spec(self) -> SeatSpec:
        """The seat spec (a bot's from its command field)."""
        kind = self.kind.value
        if kind == "bot":
            return SeatSpec.parse(self.bot.spec)
        return HUMAN_SEAT if kind == "human" else SeatSpec(CPU, level=kind)


class NewGameScene(NewGameForm):
    """Players, seats, first player; Start and Back (Esc)."""

    def __init__(self, app, on_start: Callable[[Any, NewGame], None] | None = None) -> None:
        super().__init__(app)
        self.on_start = on_start or launch
        self.players = Choice(["2", "3", "4"], "2", self._players_changed,
                              [N_("2 players"), N_("3 (variant)"), N_("4 players")])
        self.rows = {s: SeatRow(app, s, self._kind_changed, self._cycle, self.changed)
                     for s in C.SEATS}
        self.rows[1].kind.value = "human"
        self.first = Choice([RANDOM, *map(str, C.SEATS)], RANDOM, lambda _v: None)
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.start = Button(N_("Start game"), self.start_game, primary=True, hint="Enter")
        self.focus = Focus(self._focusable)
        self.board = pygame.Rect(0, 0, 0, 0)
        self._restore(app.settings.prepollency_new_game)
        self._players_changed(self.players.value)

    # state ---------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The engine seats in play for the chosen number of players."""
        return SEATS_FOR[int(self.players.value)]

    @property
    def widgets(self) -> list[Widget]:
        """Every widget, in drawing order."""
        rows = [w for s in self.seats for w in self.rows[s].widgets]
        return [self.players, *rows, self.first, self.back, self.start]

    @property
    def fields(self) -> list[TextField]:
        """The text fields of the seats in play (a click focuses one and blurs the others)."""
        return [f for s in self.seats for f in (self.rows[s].name, self.rows[s].bot.field)
                if f.visible]

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order (the seats in play change with the players)."""
        return self.widgets

    def colours(self) -> dict[int, str]:
        """The colour key of every seat (hidden ones too: no two alike)."""
        return {s: r.swatch.key for s, r in self.rows.items()}

    def _restore(self, data: Any) -> None:
        """The choices remembered from the last game, whatever of them is valid."""
        if not isinstance(data, dict):
            return
        if type(data.get("players")) is int and data["players"] in (2, 3, 4):  # not 3.0
            self.players.value = str(data["players"])
        seats = data.get("seats")
        if not isinstance(seats, dict):
            seats = {}
        keys = C.seat_colours({s: (seats.get(str(s)) or {}).get("colour")
                               for s in C.SEATS if isinstance(seats.get(str(s)), dict)})
        for s, r in self.rows.items():
            r.swatch.key = keys[s]
            saved = seats.get(str(s))
            _restore_seat(r, saved if isinstance(saved, dict) else {})
        first = data.get("first")
        if type(first) is int and first in C.SEATS:
            self.first.value = str(first)

    def _remember(self) -> None:
        settings = self.app.settings
        value = {"players": int(self.players.value),
                 "first": RANDOM if self.first.value == RANDOM else int(self.first.value),
                 "seats": {str(s): {"kind": r.kind.value, "name": r.remembered_name(),
                                    "colour": r.swatch.key} for s, r in self.rows.items()}}
        settings.prepollency_new_game = value
        self.app.remember_settings()

    def _players_changed(self, _value: str) -> None:
        for s, r in self.rows.items():
            r.show(s in self.seats)
        self.first.options = [RANDOM, *map(str, self.seats)]
        if self.first.value not in self.first.options:  # that seat is not in this game
            self.first.value = RANDOM
        self.changed()
        self.layout(self.app.size)

    def _kind_changed(self, seat: int) -> None:
        r = self.rows[seat]
        r.bot.show(r.kind.value == "bot")
        for field in self.fields:
            field.focused = field is r.bot.field and r.bot.shown
        self.layout(self.app.size)

    def _cycle(self, seat: int, step: int) -> None:
        """The seat's next colour; a colour another seat wears is swapped with it."""
        r = self.rows[seat]
        old = r.swatch.key
        new = C.KEYS[(C.KEYS.index(old) + step) % len(C.KEYS)]
        for other in self.rows.values():
            if other is not r and other.swatch.key == new:
                self._recolour(other, old)
        self._recolour(r, new)
        self.changed()

    @staticmethod
    def _recolour(r: SeatRow, key: str) -> None:
        old = C.colour(r.swatch.key).name
        r.swatch.key = key
        if r.name.value.strip() in ("", str(old), _(old)):  # a default name follows its colour
            r.name.set(colour_name(key))

    def changed(self) -> None:
        """The names shown for "First" follow the seats' names and colours."""
        self.first.labels = [_("Draw at random"), *(self.rows[s].display_name()
                                                 for s in self.seats)]

    def outcome(self) -> NewGame | None:
        """The game the dialog describes, or None if a bot's command cannot run (its field
        then says why and takes the focus)."""
        specs: dict[int, SeatSpec] = {}
        for s in self.seats:
            r = self.rows[s]
            try:
                if r.kind.value == "bot" and not r.bot.check():
                    raise ValueError(r.bot.problem)
                specs[s] = r.spec()
            except ValueError as err:
                r.bot.problem = r.bot.problem or str(err)
                r.bot.field.error = True
                for field in self.fields:
                    field.focused = field is r.bot.field
                return None
        names: dict[int, str] = {}
        for s in self.seats:
            name = self.rows[s].display_name()
            if name.casefold() in (n.casefold() for n in names.values()):
                name = f"{name} ({C.CORNERS[s]})"
            names[s] = name
        first = None if self.first.value == RANDOM else int(self.first.value)
        return NewGame(specs, names, {s: self.rows[s].swatch.key for s in self.seats}, first)

    def start_game(self) -> None:
        """Start the game the dialog describes, unless a bot's command cannot run."""
        game = self.outcome()
        if game is None:
            self.app.sound.play("illegal", 0.5)
            self.layout(self.app.size)
            return
        bots = [self.rows[s].bot.field.value.strip() for s in self.seats
                if game.seats[s].is_bot]
        if bots:
            self.app.bot_command = bots[-1]
        self._remember()
        self.on_start(self.app, game)

    # layout and input ----------------------------------------------------------------------

    def _place(self, size: tuple[int, int], bh: int, gap: int) -> int:
        """Place the form with rows bh high, gap apart; the panel height it needs."""
        m = self.app.m
        pad = m.pad
        w = min(size[0] - 4 * pad, int(1180 * m.scale))
        self.panel = pygame.Rect((size[0] - w) // 2, 0, w, 0)
        board = min(int(w * 0.3), size[1] - 10 * pad)
        form_w = w - board - 6 * pad
        x0 = self.panel.x + 2 * pad
        self.label_w = int(m.normal * 4.6)
        x1 = x0 + self.label_w
        rest = form_w - self.label_w
        y = 2 * pad + int(m.large * 1.5) + gap
        self.players.rect = pygame.Rect(x1, y, rest, bh)
        self.note_y = y + bh + 3
        y += bh + int(m.small * 1.4) + 2 * gap
        self.head_y = y
        y += int(m.small * 1.4)
        kind_w, name_w = int(rest * 0.58), int(rest * 0.24)  # six choices of who plays it
        self.cols = (x1, x1 + kind_w + gap, x1 + kind_w + name_w + 2 * gap)
        for s in self.seats:
            r = self.rows[s]
            r.y = y
            r.kind.rect = pygame.Rect(x1, y, kind_w, bh)
            r.name.rect = pygame.Rect(self.cols[1], y, name_w, bh)
            r.name.px = m.small
            r.swatch.rect = pygame.Rect(self.cols[2], y, x1 + rest - self.cols[2], bh)
            y += bh
            if r.bot.shown:
                r.bot.layout(x1, y + gap // 2, rest, m)
                r.bot.field.rect.h = r.bot.example.rect.h = bh
                r.bot.caption_y = y + gap // 2 + bh + 2
                y += gap // 2 + bh + 2 + int(m.small * 1.3)
            y += gap
        y += gap
        self.first.rect = pygame.Rect(x1, y, rest, bh)
        y += bh + 2 * gap
        self.buttons_y = y
        row(pygame.Rect(x0, y, form_w, m.button_h), [self.back, self.start], pad)
        h = y + m.button_h + 2 * pad
        self.board = pygame.Rect(x0 + form_w + 2 * pad, 2 * pad + int(m.large * 1.5) + gap,
                                 board, board)
        return max(h, self.board.bottom + int(m.small * 3) + 2 * pad)

    def layout(self, size: tuple[int, int]) -> None:
        """A centred panel: the form on the left, the board preview on the right; rows and
        gaps shrink when many bot fields would not fit."""
        m = self.app.m
        room = size[1] - 4 * m.pad
        h = self._place(size, m.button_h, m.pad)
        if h > room:
            h = self._place(size, max(28, int(m.button_h * 0.82)), max(4, m.pad // 2))
        top = max(2 * m.pad, (size[1] - h) // 2)
        self.panel.y, self.panel.h = top, h
        rows = [w for r in self.rows.values() for w in r.widgets]  # hidden rows too
        for widget in [self.players, *rows, self.first, self.back, self.start]:
            widget.rect.y += top
        for r in self.rows.values():
            r.y += top
            r.bot.caption_y += top
        for name in ("note_y", "head_y", "buttons_y"):
            setattr(self, name, getattr(self, name) + top)
        self.board.y += top
        self._bg = None

    def draw(self, surface: pygame.Surface) -> None:
        """Background, panel, labels, widgets, the board preview."""
        pal, m = self.app.pal, self.app.m
        self.draw_panel(surface, _("New game: Prepollency"))
        x0 = self.panel.x + 2 * m.pad
        draw.blit_text(surface, _("Players"), m.normal, pal.text, (x0, self.players.rect.centery),
                       "midleft", bold=True)
        note = NOTES[int(self.players.value)]
        colour = pal.primary if self.players.value == "3" else pal.text_dim
        px = draw.fit_text(note, m.small, self.players.rect.w)
        draw.blit_text(surface, note, px, colour, (self.players.rect.x + 4, self.note_y))
        heads = (_("Played by: a person, a CPU level or a bot"), _("Name"), _("Colour"))
        ends = (*self.cols[1:], self.players.rect.right)
        for text, x, end in zip(heads, self.cols, ends, strict=True):
            px = draw.fit_text(text, m.small, end - x - m.pad)
            draw.blit_text(surface, text, px, pal.text_dim, (x + 4, self.head_y))
        draw.blit_text(surface, _("Seat"), m.small, pal.text_dim, (x0, self.head_y))
        for s in self.seats:
            self._draw_seat(surface, s)
        draw.blit_text(surface, _("First"), m.normal, pal.text, (x0, self.first.rect.centery),
                       "midleft", bold=True)
        for widget in self.widgets:
            widget.draw(surface, pal, m)
        for s in self.seats:
            self.rows[s].bot.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)
        first = None if self.first.value == RANDOM else int(self.first.value)
        starts = "" if first is None else self.rows[first].display_name()
        draw_preview(surface, self.board, self.seats, self.colours(), pal, m, first, starts)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        pal, m = self.app.pal, self.app.m
        r = self.rows[seat]
        fill = C.rgb(r.swatch.key, pal.name)
        cy = r.kind.rect.centery
        radius = max(6, int(m.normal * 0.5))
        x = self.panel.x + 2 * m.pad + radius + 2
        C.draw_marker(surface, C.marker(seat), (x, cy), radius, fill, C.text_on(fill), 2)
        draw.blit_text(surface, C.CORNERS[seat], m.normal, pal.text, (x + radius + m.pad // 2, cy),
                       "midleft", bold=True)


def _restore_seat(row: Any, saved: dict) -> None:
    """A seat row's remembered kind and name, whatever of them is valid (a default name,
    remembered maybe in another language, comes back as its colour's name in this one)."""
    if saved.get("kind") in KINDS:
        row.kind.value = saved["kind"]
    name = clean_name(saved["name"]) if isinstance(saved.get("name"), str) else ""
    row.name.set(name if name and not is_colour_name(name) else colour_name(row.swatch.key))
