"""Starting an Overlords game: the new-game dialog (seats and board seed) and the setup phase,
where each human places the four figures on the back row (click or drag; default or shuffle).
A side is a human, a CPU level or a bot program (its command line typed in the dialog). Sides
set up White first, then Black, who sees White's figures; a CPU side's setup is its level's
choice (overlords.ai_setup), a bot's is the `normal` level's, a `random` side's is random.
"""

from __future__ import annotations

import random

import pygame

from common.record import Replay
from common.ui import draw
from common.ui.board import BoardView
from common.ui.bot_field import BotField
from common.ui.bots import is_bot
from common.ui.cpu import cpu_levels
from common.ui.input import Action, Command, PointerDown, PointerMove, PointerUp
from common.ui.menu import backdrop
from common.ui.scene import Scene
from common.ui.theme import Metrics, Palette
from common.ui.widgets import Button, Choice, NumberField, Widget, handle_all, row
from overlords import rules
from overlords.ui_art import FEATURE_TINT, feature, figure
from overlords.ui_session import Session

SEED_DIGITS = 6
SETUP_TYPES = (rules.OVERLORD, rules.DRAGON, rules.WIZARD, rules.HERO)  # the four to place


def back_row(side: int) -> range:
    """The squares of a side's back row (rank 1 for White, rank 8 for Black)."""
    return range(0, 8) if side == rules.WHITE else range(56, 64)


def random_seed() -> int:
    """A fresh board seed, short enough to read out and type back."""
    return random.SystemRandom().randrange(10 ** (SEED_DIGITS - 1), 10**SEED_DIGITS)


def board_for(seed: int) -> dict[str, list[int]]:
    """The features of a seed's board."""
    return rules.random_features(random.Random(seed))


def cpu_setup(features: dict[str, list[int]], seed: int, side: int, spec: str,
              placed: dict[int, dict[int, int]]) -> dict[int, int]:
    """Where a CPU or bot side (spec) stands its figures on the seed's board; Black sees
    White's setup in `placed`. The same seed and setups give the same choice."""
    from common.ai.levels import LEVELS
    from overlords.ai_setup import choose_setup

    rng = random.Random(seed * 2 + side)
    if spec == "random":
        return rules.random_setup(rng)[side]
    care = (LEVELS.get(spec.partition(":")[0]) or LEVELS["normal"]).care
    enemy = placed.get(rules.WHITE) if side == rules.BLACK else None
    return choose_setup(features, side, enemy, rng, care)


def feature_plane(features: dict[str, list[int]]) -> list[int]:
    """Feature id per square (-1 for none)."""
    plane = [-1] * 64
    for kind, name in enumerate(rules.FEATURE_NAMES):
        for sq in features[name]:
            plane[sq] = kind
    return plane


def draw_features(surface: pygame.Surface, view: BoardView, plane: list[int]) -> None:
    """Feature tints and icons on a board view (for the preview and the setup phase)."""
    for sq, kind in enumerate(plane):
        if kind >= 0:
            rect = view.square_rect(sq)
            draw.alpha_rect(surface, rect.inflate(-2, -2), FEATURE_TINT[kind], 3)
            icon = feature(kind, int(view.tile * 0.86))
            surface.blit(icon, icon.get_rect(center=rect.center))


def resume_scene(app, replay: Replay) -> Scene:
    """A saved game (a replayed record): play on, or look back if it is finished. A side a
    bot played goes to a person: a file never starts a program."""
    known = ["human", *cpu_levels()]
    players = replay.record.get("players")
    players = players if isinstance(players, dict) else {}
    specs = tuple(players.get(label) if players.get(label) in known else "human"
                  for label in rules.SIDE_NAMES)
    bots = [label.title() for label in rules.SIDE_NAMES
            if isinstance(players.get(label), str) and is_bot(players[label])]
    if bots and replay.final.result is None:
        app.toast(f"{' and '.join(bots)} played by a bot program: now by you", 4.0)
    seed = replay.record.get("seed")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    session = Session(replay.initial, specs, seed, moves=list(replay.moves),
                      states=list(replay.states))
    from overlords.ui import GameScene

    scene = GameScene(app, specs, seed, session)
    if session.over:
        scene.game_over_shown = True
        scene.start_review(len(session.moves))
    return scene


class NewGameScene(Scene):
    """Who plays each side, which board (seed, with a preview), then on to the setup."""

    def __init__(self, app) -> None:
        super().__init__(app)
        levels = cpu_levels()
        options = ["human", *levels, "bot"]
        labels = ["Human", *(lvl.title() for lvl in levels), "Bot…"]
        self.seats = [Choice(options, "human", lambda v: self._seat_changed(0), labels),
                      Choice(options, levels[-1] if len(levels) > 1 else "random",
                             lambda v: self._seat_changed(1), labels)]
        if "normal" in levels:
            self.seats[1].value = "normal"
        self.bot_fields = [BotField(app, f"Command line of the bot program · plays {order}")
                           for order in ("first", "second")]
        self.seed_field = NumberField(str(random_seed()), self._seed_changed, SEED_DIGITS + 3)
        self.new_seed = Button("New board", self._reroll, small=True)
        self.back = Button("Back", self.app.pop, hint="Esc")
        self.start = Button("Set up figures", self._start, primary=True, hint="Enter")
        self.widgets: list[Widget] = [*self.seats, *self.bot_fields[0].widgets,
                                      *self.bot_fields[1].widgets, self.seed_field,
                                      self.new_seed, self.back, self.start]
        self.fields = [self.seed_field, self.bot_fields[0].field, self.bot_fields[1].field]
        self.preview = BoardView(rules.GRID)
        self._plane: list[int] = []
        self._bg: pygame.Surface | None = None
        self._seed_changed(self.seed_field.value)

    def _seat_changed(self, side: int) -> None:
        bot = self.seats[side].value == "bot"
        self.bot_fields[side].show(bot)
        for field in self.fields:
            field.focused = field is self.bot_fields[side].field and bot
        people = any(choice.value == "human" for choice in self.seats)
        self.start.label = "Set up figures" if people else "Start game"
        self.layout(self.app.size)

    def _seed_changed(self, text: str) -> None:
        self.start.enabled = bool(text)
        if text:
            self._plane = feature_plane(board_for(int(text)))

    def _reroll(self) -> None:
        self.seed_field.value = str(random_seed())
        self._seed_changed(self.seed_field.value)

    def _start(self) -> None:
        if not self.seed_field.value:
            return
        from overlords.ui import GameScene

        specs = [choice.value for choice in self.seats]
        for side, bot in enumerate(self.bot_fields):
            if specs[side] == "bot":
                if not bot.check():  # the dialog says why; the game does not start
                    for field in self.fields:
                        field.focused = field is bot.field
                    self.app.sound.play("illegal", 0.5)
                    return
                specs[side] = bot.spec
                self.app.bot_command = bot.field.value.strip()
        self.app.replace(GameScene(self.app, (specs[0], specs[1]),
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

    def settings_changed(self) -> None:
        """Redraw the background."""
        self._bg = None

    def handle(self, action: Action) -> bool:
        """The form; Enter starts, Esc goes back."""
        if isinstance(action, PointerDown):  # a click focuses one field and blurs the others
            if any([field.handle(action) for field in self.fields]):
                return True
            if handle_all([w for w in self.widgets if w not in self.fields], action):
                return True
        elif handle_all(self.widgets, action):
            return True
        if action is Command.CONFIRM:
            self._start()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Background, panel, labels, widgets, board preview."""
        pal, m = self.app.pal, self.app.m
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = backdrop(surface.get_size(), pal)
            draw.panel(self._bg, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        surface.blit(self._bg, (0, 0))
        draw.blit_text(surface, "New game: Overlords", m.large, pal.text,
                       (self.panel.x + 2 * m.pad, self.panel.y + 2 * m.pad), bold=True)
        lx = self.panel.x + 2 * m.pad
        for label, y in zip(("White", "Black", "Board"), self.rows_y, strict=True):
            draw.blit_text(surface, label, m.normal, pal.text, (lx, y), "midleft", bold=True)
        for choice, bot in zip(self.seats, self.bot_fields, strict=True):
            hint = "plays first" if choice is self.seats[0] else "plays second"
            if not bot.shown:
                draw.blit_text(surface, f"Human, CPU level or bot program · {hint}", m.small,
                               pal.text_dim, (choice.rect.x + 4, choice.rect.bottom + 3))
        draw.blit_text(surface, "The seed picks the board: the same seed gives the same board.",
                       m.small, pal.text_dim, (self.seed_field.rect.x + 4, self.note_y))
        for widget in self.widgets:
            widget.draw(surface, pal, m)
        for bot in self.bot_fields:
            bot.draw(surface, pal, m)
        surface.blit(self.preview.ground(pal), self.preview.frame)
        draw_features(surface, self.preview, self._plane)


class SetupPhase:
    """One human side placing its four figures on its back row."""

    def __init__(self, side: int, placed: dict[int, dict[int, int]]) -> None:
        self.side = side
        self.placed = placed  # both sides' placements so far: side -> {type: square}
        self.placed.setdefault(side, {})
        self.held: int | None = None  # the figure type picked up
        self.tray: dict[int, pygame.Rect] = {}
        self.refusal = ""

    @property
    def mine(self) -> dict[int, int]:
        """This side's placements."""
        return self.placed[self.side]

    @property
    def complete(self) -> bool:
        """True when all four figures stand on the back row."""
        return len(self.mine) == 4

    def use_default(self) -> None:
        """The usual setup: Hero c, Wizard d, Overlord e, Dragon f."""
        self.mine.clear()
        self.mine.update(rules.default_setup()[self.side])
        self.held = None

    def shuffle(self, rng: random.Random) -> None:
        """The four figures on four random back-row squares."""
        self.mine.clear()
        self.mine.update(dict(zip(SETUP_TYPES, rng.sample(list(back_row(self.side)), 4),
                                  strict=True)))
        self.held = None

    def figure_on(self, sq: int) -> int | None:
        """The type of this side's figure placed on sq."""
        return next((k for k, s in self.mine.items() if s == sq), None)

    def click_tray(self, kind: int) -> None:
        """Pick up a figure from the tray (or put it back down)."""
        self.held = None if self.held == kind else kind
        self.refusal = ""

    def click_square(self, sq: int) -> bool:
        """Place the held figure, or pick up the one on sq; True if something changed."""
        self.refusal = ""
        row_squares = back_row(self.side)
        here = self.figure_on(sq)
        if self.held is None:
            if here is not None:
                self.held = here
                return True
            if sq not in row_squares:
                rank = 1 if self.side == rules.WHITE else 8
                self.refusal = f"Your figures start on your back row, rank {rank}"
            return False
        if sq not in row_squares:
            rank = 1 if self.side == rules.WHITE else 8
            self.refusal = f"Place it on your back row (rank {rank})"
            return False
        old = self.mine.get(self.held)
        if here is not None and here != self.held:
            if old is None:
                del self.mine[here]
            else:
                self.mine[here] = old
        self.mine[self.held] = sq
        self.held = None
        return True

    def threat(self, features: dict[str, list[int]]) -> str:
        """A warning if the other side could capture this side's Overlord on its very first
        move from this setup (only Black can be caught so: White moves first); else ""."""
        other = 1 - self.side
        if self.side != rules.BLACK or not self.complete or len(self.placed.get(other, {})) < 4:
            return ""
        try:
            state = rules.make_state(features, self.placed)
        except ValueError:
            return ""
        target = self.mine[rules.OVERLORD]
        for move in rules.legal_moves(state):
            if move.to == target and move.frm is not None:
                name = rules.TYPE_NAMES[state.figure(move.frm)[1]]
                return (f"Careful: White's {name} on {rules.GRID.name(move.frm)} could capture "
                        f"your Overlord on {rules.GRID.name(target)} with its first move.")
        return ""

    def layout_tray(self, rect: pygame.Rect, m: Metrics) -> None:
        """Four slots for the figures, side by side."""
        size = min(rect.h, (rect.w - 3 * m.pad) // 4)
        self.tray = {}
        for i, kind in enumerate(SETUP_TYPES):
            self.tray[kind] = pygame.Rect(rect.x + i * (size + m.pad), rect.y, size, size)

    def tray_at(self, pos: tuple[int, int]) -> int | None:
        """The figure type of the tray slot under pos."""
        return next((k for k, r in self.tray.items() if r.collidepoint(pos)), None)

    def draw_tray(self, surface: pygame.Surface, pal: Palette, m: Metrics,
                  dragging: int | None) -> None:
        """The four figures: placed ones dim, the held one outlined."""
        for kind, rect in self.tray.items():
            pygame.draw.rect(surface, pal.backdrop, rect, border_radius=m.radius)
            token = figure(kind, self.side, int(rect.w * 0.86), pal)
            if kind in self.mine or kind == dragging:
                token = token.copy()
                token.set_alpha(70)
            surface.blit(token, token.get_rect(center=rect.center))
            if kind == self.held:
                pygame.draw.rect(surface, pal.select, rect, 3, border_radius=m.radius)
            draw.blit_text(surface, rules.TYPE_NAMES[kind], m.small, pal.text_dim,
                           (rect.centerx, rect.bottom + 2), "midtop")

    def draw_board(self, surface: pygame.Surface, view: BoardView, pal: Palette,
                   hidden: int | None) -> None:
        """Back-row squares marked; every placed figure of both sides."""
        for sq in back_row(self.side):
            rect = view.square_rect(sq)
            draw.alpha_rect(surface, rect.inflate(-4, -4), (*pal.move, 45), 4)
            if self.figure_on(sq) is None:
                draw.dot(surface, rect.center, max(4, view.tile * 0.1), pal.move, 170)
        for side, placed in self.placed.items():
            for kind, sq in placed.items():
                if side == self.side and kind == hidden:
                    continue
                token = figure(kind, side, int(view.tile * 0.94), pal)
                surface.blit(token, token.get_rect(center=view.center(sq)))
                if side == self.side and kind == self.held:
                    pygame.draw.rect(surface, pal.select, view.square_rect(sq).inflate(-2, -2),
                                     max(3, view.tile // 18), border_radius=4)


def drag_pointer(action: Action) -> tuple[str, tuple[int, int]] | None:
    """("down" / "move" / "up", pos) for the pointer actions a drag cares about."""
    if isinstance(action, PointerDown) and action.button == 1:
        return "down", action.pos
    if isinstance(action, PointerMove) and action.dragging:
        return "move", action.pos
    if isinstance(action, PointerUp) and action.button == 1:
        return "up", action.pos
    return None

