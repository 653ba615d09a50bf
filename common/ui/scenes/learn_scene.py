"""Learn: the hub of the lessons, the puzzles and the rules, and the first-launch offer.

`LearnScene(app)` first asks which game; `LearnScene(app, game)` lists that game's lessons
(each with its stars, drawn as shapes, from `common.progress` through
`common.progress.of_app`, and a line saying what earns them), a Puzzles entry when the puzzle
screen exists (`common.ui.scenes.puzzle_picker_scene.pick_puzzles(app, game)`, imported
lazily), the guided first game (`common.ui.coach.guided_game`) and its Rules. A lesson
opens on the game's own screen: `screens.lesson_scene(app, lessons, index)` of the game's
screens module, a `common.ui.lesson_scene.LessonScene`.

The one-time offer of the lessons on the main menu is `common.ui.scenes.first_launch`.
"""

from __future__ import annotations

import importlib.util
import math

import pygame

from common import progress
from common.games import GAMES
from common.i18n import N_, Message, _
from common.lessons import Lesson, LessonError, lesson_game, load_lessons
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.theme import mix
from common.ui.widgets import Button, Widget, handle_all, stack

PUZZLES_MODULE = "common.ui.scenes.puzzle_picker_scene"
STARS_NOTE = N_("Stars: 3 for a lesson with no wrong try, 2 with one or two wrong tries or a "
                "Hint, 1 with more.")


def puzzles_available() -> bool:
    """True when this build has the puzzle screen."""
    try:
        return importlib.util.find_spec(PUZZLES_MODULE) is not None
    except (ImportError, ValueError):
        return False


def draw_stars(surface: pygame.Surface, rect: pygame.Rect, stars: int, pal) -> None:
    """Three five-pointed stars in `rect`'s right part: filled for earned, outlined else."""
    size = min(rect.h * 0.6, rect.w / 3.6)
    r_out, r_in = size / 2, size / 5
    for i in range(3):
        cx = rect.right - (2.6 - i) * size * 1.15
        cy = rect.centery
        points = [(cx + (r_out if k % 2 == 0 else r_in) * math.sin(k * math.pi / 5),
                   cy - (r_out if k % 2 == 0 else r_in) * math.cos(k * math.pi / 5))
                  for k in range(10)]
        if i < stars:
            pygame.draw.polygon(surface, pal.primary, points)
        pygame.draw.polygon(surface, pal.text if i < stars else pal.text_dim, points, 2)


class LessonButton(Button):
    """A lesson's row: its number and title, and its stars at the right; a lesson that cannot
    be played (`unavailable`: why) is dimmed, says "unavailable" instead of stars, and a click
    says why."""

    def __init__(self, label: str, stars: int, on_click, unavailable: str | None = None,
                 refused=None) -> None:
        super().__init__(label, on_click, enabled=unavailable is None, refused=refused)
        self.stars = stars
        self.unavailable = unavailable

    def draw(self, surface: pygame.Surface, pal, m) -> None:
        """The button with its title at the left and the stars at the right."""
        if not self.visible or self.rect.w <= 0:
            return
        label, self.label = self.label, ""
        super().draw(surface, pal, m)
        self.label = label
        stars_w = int(self.rect.h * 2.2)
        width = self.rect.w - stars_w - 2 * m.pad
        px = draw.fit_text(label, m.normal, width, True)
        colour = pal.text if self.enabled else pal.text_dim
        draw.blit_text(surface, label, px, colour, (self.rect.x + m.pad, self.rect.centery),
                       "midleft", bold=True)
        if self.unavailable is None:
            draw_stars(surface, self.rect.inflate(-m.pad, -m.pad // 2), self.stars, pal)
        else:
            draw.blit_text(surface, "unavailable", m.small, pal.refusal,
                           (self.rect.right - m.pad, self.rect.centery), "midright")


class LearnScene(Scene):
    """Pick a game, then its lessons, puzzles or rules (see the module docstring)."""

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.game = game if game in GAMES else None
        self.lessons: list[Lesson] = []
        self.problem = ""
        self.buttons: list[Widget] = []
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.focus = Focus(self._focusable, 0)
        self.column = pygame.Rect(0, 0, 0, 0)
        self._shown = False  # resumed once already: on top again means a lesson closed
        self._make_buttons()

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.buttons + [self.back]

    def _make_buttons(self) -> None:
        app = self.app
        if self.game is None:
            self.buttons = [Button(Message(N_("Learn {game}"), game=entry.title),
                                   self._pick(entry.name), primary=True)
                            for entry in GAMES.values()]
            return
        try:
            self.lessons = load_lessons(lesson_game(self.game))
        except LessonError as err:
            self.lessons, self.problem = [], _("The lessons cannot be read: {err}").format(
                                                 err=err)
        held = progress.of_app(app)
        # a lesson's title comes from its file (tools/extract_messages.py reads them)
        self.buttons = [LessonButton(Message(N_("{number}. {title}"), number=n,
                                             title=Message(lesson.title)),
                                     held.lesson_stars(self.game, lesson.id),
                                     self._open(n - 1), lesson.problem,
                                     self._why(lesson.problem))
                        for n, lesson in enumerate(self.lessons, 1)]
        if any(lesson.problem for lesson in self.lessons) and not self.problem:
            self.problem = _("Some lessons cannot be played (their file is damaged): click one "
                             "to see why.")
        extra: list[Widget] = [Button(N_("Guided first game"), self._guided, primary=True)]
        if puzzles_available():
            extra.append(Button(N_("Puzzles"), self._puzzles, primary=True))
        extra.append(Button(N_("Rules"), lambda: app.show_rules(self.game)))
        self.buttons += extra

    def _why(self, problem: str | None):
        def say() -> None:
            self.app.toast(_("This lesson cannot be played: {problem}").format(problem=problem),
                           6.0)
        return say if problem else None

    def _pick(self, game: str):
        def pick() -> None:
            self.app.push(LearnScene(self.app, game))
        return pick

    def _open(self, index: int):
        def open_lesson() -> None:
            screens = self.app.screens(self.game or "")  # the game's own screen runs it
            self.app.push(screens.lesson_scene(self.app, self.lessons, index))
        return open_lesson

    def _guided(self) -> None:
        from common.ui.coach import guided_game

        guided_game(self.app, self.game or "")

    def _puzzles(self) -> None:
        module = importlib.import_module(PUZZLES_MODULE)
        module.pick_puzzles(self.app, self.game)

    def resume(self) -> None:
        """Back on top (a lesson closed): the stars follow."""
        super().resume()
        if self._shown:
            self._refresh_stars()
        self._shown = True

    def _refresh_stars(self) -> None:
        if self.game is not None:
            stars = {i: progress.of_app(self.app).lesson_stars(self.game, lesson.id)
                     for i, lesson in enumerate(self.lessons)}
            for i, button in enumerate(self.buttons):
                if isinstance(button, LessonButton):
                    button.stars = stars.get(i, 0)
        self.app.invalidate()

    def layout(self, size: tuple[int, int]) -> None:
        """A title, then the buttons: one column, or two when many lessons do not fit."""
        m = self.app.m
        top = 2 * m.pad + m.button_h + int(m.large * 2.2)
        if self.game:  # the line that says what the stars mean
            top += int(m.small * 1.5)
        if self.game is None:  # two choices: in the middle of the window, not at its top
            top = max(top, int(size[1] * 0.32))
        self.back.rect = pygame.Rect(2 * m.pad, 2 * m.pad, max(120, m.button_h * 3), m.button_h)
        room = size[1] - top - 2 * m.pad
        gap = m.pad // 2 if self.game else int(m.small * 1.6) + m.pad  # room for the blurbs
        per_column = max(1, (room + gap) // (m.button_h + gap))
        columns = 1 if len(self.buttons) <= per_column else 2
        col_w = min(int(size[0] * (0.42 if columns == 2 else 0.4)), 560)
        rows = math.ceil(len(self.buttons) / columns)
        height = min(room, rows * (m.button_h + gap) - gap)
        button_h = min(m.button_h, (height + gap) // max(rows, 1) - gap)
        total_w = columns * col_w + (columns - 1) * 2 * m.pad
        self.column = pygame.Rect((size[0] - total_w) // 2, top, total_w, height)
        for c in range(columns):
            part = self.buttons[c * rows:(c + 1) * rows]
            rect = pygame.Rect(self.column.x + c * (col_w + 2 * m.pad), top, col_w, height)
            stack(rect, part, button_h, gap)

    def handle(self, action: Action) -> bool:
        """Buttons (mouse, Tab / arrows and Enter); Esc goes back."""
        if self.focus.handle(action) or handle_all(self.buttons + [self.back], action):
            return True
        if action is Command.BACK:
            self.app.pop()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Background, title, what is learned here, the buttons."""
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)
        title = _("Learn") if self.game is None else _("Learn {title}").format(
                                                      title=GAMES[self.game].title)
        cx = surface.get_width() // 2
        y = 2 * m.pad + m.button_h // 2
        draw.blit_text(surface, title, m.large, pal.text, (cx, y), "center", bold=True)
        sub = self.problem or (_("Which game?") if self.game is None else
                               _("Short lessons on the real board. Each can be skipped."))
        px = draw.fit_text(sub, m.normal, surface.get_width() - 4 * m.pad)
        colour = pal.refusal if self.problem else pal.text_dim
        draw.blit_text(surface, sub, px, colour, (cx, y + int(m.large * 1.3)), "center")
        if self.game and not self.problem:
            note = _(STARS_NOTE)
            px = draw.fit_text(note, m.small, surface.get_width() - 4 * m.pad)
            draw.blit_text(surface, note, px, pal.text_dim,
                           (cx, y + int(m.large * 1.3) + int(m.normal * 1.4)), "center")
        if self.game is None:
            for button, entry in zip(self.buttons, GAMES.values(), strict=False):
                blurb = draw.fit_text(entry.blurb, m.small, surface.get_width() - 4 * m.pad)
                draw.blit_text(surface, entry.blurb, blurb, mix(pal.text_dim, pal.text, 0.3),
                               (cx, button.rect.bottom + m.pad // 2), "midtop")
        for widget in self.buttons + [self.back]:
            widget.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)
