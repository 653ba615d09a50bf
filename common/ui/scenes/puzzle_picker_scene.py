"""The puzzle picker (`pick_puzzles(app, game)`): a game's shipped puzzles (`common.puzzles`)
by kind and rating, before one is played on the puzzle screen (`common.ui.puzzle_scene`).

At the top, how many are solved and the streak (and the best one) from the player's progress
(`common.progress`); then two rows of filters, each a button with its counts ("Win in two
3/25"): the kinds of the game (its puzzle rules' `LABELS`) and the ratings (easy, medium,
hard: how many CPU levels miss the first move); then a tile per puzzle that passes both
filters: its number, its rating as one to three pips (a count, not a colour), a tick when
solved, a cross when tried and not solved yet. Pointing at a tile says what it is on the line
under the tiles ("Puzzle 12: Win in two, hard (3 of 4 CPU levels miss it), solved"); a click
plays it, and the puzzle screen's Next goes on through the same filtered list. "Next
unsolved" plays the first unsolved puzzle of the list. When there are more tiles than room,
‹ and › turn the pages. Back with the progress as the puzzle screen left it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from common import progress as progress_io
from common import puzzles as puzzle_io
from common.games import GAMES
from common.i18n import N_, _
from common.progress import RATINGS
from common.ui import draw
from common.ui.focus import Focus
from common.ui.input import Action, Command, PointerMove
from common.ui.puzzle_scene import RATING_WORDS, ordered, show
from common.ui.scene import Scene
from common.ui.theme import mix
from common.ui.widgets import Button, Widget, handle_all

ALL = ""  # the filter that lets every kind (or rating) through


def pick_puzzles(app: Any, game: str) -> None:
    """Push the picker of a game's puzzles (a toast if the game has none)."""
    puzzles = ordered(puzzle_io.load_puzzles(game))
    if not puzzles:
        app.toast(_("No puzzles found for this game"))
        return
    app.push(PuzzlePicker(app, game, puzzles))



class Tile(Button):
    """One puzzle's tile: its number, rating pips, and a tick (solved) or a cross (tried)."""

    def __init__(self, number: int, puzzle: puzzle_io.Puzzle, mark: progress_io.PuzzleMark,
                 on_click: Callable[[], None]) -> None:
        super().__init__(str(number), on_click)
        self.puzzle, self.mark = puzzle, mark

    def draw(self, surface: pygame.Surface, pal, m) -> None:
        """The button, then the pips along its foot and the mark in its corner."""
        if self.visible and self.rect.w > 0:
            self._face(surface, pal, m)

    def _face(self, surface: pygame.Surface, pal, m) -> None:
        label = self.label
        try:
            self.label = ""  # the button's face without its centred label
            super().draw(surface, pal, m)
        finally:
            self.label = label
        r = self.rect
        draw.blit_text(surface, label, draw.fit_text(label, m.normal, r.w - 4, True), pal.text,
                       (r.centerx, r.centery - r.h // 10), "center", bold=True)
        pips = RATINGS.index(self.puzzle.rating) + 1 if self.puzzle.rating in RATINGS else 0
        size = max(2, r.h // 14)
        for i in range(pips):
            x = r.centerx + (i - (pips - 1) / 2) * size * 3
            pygame.draw.circle(surface, pal.text_dim, (round(x), r.bottom - 3 * size), size)
        corner = (r.right - r.h // 5, r.top + r.h // 5)
        s = max(3, r.h // 8)
        if self.mark.solved:
            points = [(corner[0] - s, corner[1]), (corner[0] - s // 3, corner[1] + s * 2 // 3),
                      (corner[0] + s, corner[1] - s)]
            pygame.draw.lines(surface, pal.primary, False, points, max(2, s // 2))
        elif self.mark.tries:
            draw.cross(surface, corner, 2 * s, pal.refusal, max(2, s // 2))

    def words(self, number: int) -> str:
        """What the tile is, in a line."""
        p, mark = self.puzzle, self.mark
        state = _("solved") if mark.solved else _("tried, not solved yet") if mark.tries else \
            _("not tried yet")
        kind, rating = _(p.kind_label), _(RATING_WORDS.get(p.rating, p.rating))
        if p.missed is None:
            return _("Puzzle {number}: {kind}, {rating}; {state}.").format(
                number=number, kind=kind, rating=rating, state=state)
        return _("Puzzle {number}: {kind}, {rating} ({missed} of {levels} CPU levels miss it); "
                 "{state}.").format(number=number, kind=kind, rating=rating, missed=p.missed,
                                    levels=len(puzzle_io.LEVELS_RATED), state=state)


class PuzzlePicker(Scene):
    """Pick a puzzle of one game (see the module docstring)."""

    def __init__(self, app: Any, game: str, puzzles: list[puzzle_io.Puzzle]) -> None:
        super().__init__(app)
        self.game = game
        self.puzzles = puzzles
        self.chosen = {"kind": ALL, "rating": ALL}  # the filters: by kind, by rating
        self.page = 0
        self.pointed = ""  # the words of the tile under the pointer
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.next_b = Button(N_("Next unsolved"), self.play_next, primary=True)
        self.prev_page = Button("‹", self._turn(-1))
        self.next_page = Button("›", self._turn(1))
        self.kind_buttons: list[Button] = []
        self.rating_buttons: list[Button] = []
        self.tiles: list[Tile] = []
        self.per_page = 1
        self.focus = Focus(self._focusable)
        self._size = (0, 0)
        self.grid_top = self.words_y = 0
        self._make()

    @property
    def progress(self) -> progress_io.Progress:
        return progress_io.of_app(self.app)

    def shown(self) -> list[puzzle_io.Puzzle]:
        """The puzzles both filters let through, in play order."""
        return [p for p in self.puzzles if self.chosen["kind"] in (ALL, p.goal)
                and self.chosen["rating"] in (ALL, p.rating)]

    def _counts(self, puzzles: list[puzzle_io.Puzzle]) -> str:
        solved = sum(self.progress.puzzle_solved(self.game, p.id) for p in puzzles)
        return f"{solved}/{len(puzzles)}"

    def _make(self) -> None:
        """The filter buttons (with their counts) and the tiles of the page."""
        goals = puzzle_io.shares(self.puzzles)
        labels = GAMES[self.game].puzzles.LABELS
        every = _("All kinds {counts}").format(counts=self._counts(self.puzzles))
        self.kind_buttons = [self._filter("kind", ALL, every)]
        for goal in goals:
            of_kind = [p for p in self.puzzles if p.goal == goal]
            label = _("{kind} {counts}").format(kind=_(labels[goal]),
                                                counts=self._counts(of_kind))
            self.kind_buttons.append(self._filter("kind", goal, label))
        self.rating_buttons = [self._filter("rating", ALL, _("Any rating"))]
        for rating in RATINGS:
            rated = [p for p in self.puzzles if p.rating == rating
                     and self.chosen["kind"] in (ALL, p.goal)]
            if rated:
                word = _(RATING_WORDS.get(rating, rating)).capitalize()
                label = _("{rating} {counts}").format(rating=word, counts=self._counts(rated))
                self.rating_buttons.append(self._filter("rating", rating, label))
        shown = self.shown()
        pages = max(1, math.ceil(len(shown) / self.per_page))
        self.page = min(self.page, pages - 1)
        first = self.page * self.per_page
        marks = [self.progress.puzzle_mark(self.game, p.id) for p in shown]
        self.tiles = [Tile(first + i + 1, p, marks[first + i], self._play(first + i))
                      for i, p in enumerate(shown[first:first + self.per_page])]
        self.prev_page.enabled = self.page > 0
        self.next_page.enabled = self.page < pages - 1
        self.prev_page.visible = self.next_page.visible = pages > 1
        self.next_b.enabled = any(not m.solved for m in marks)
        if self._size[0]:
            self._place(self._size)

    def _filter(self, which: str, value: str, label: str) -> Button:
        def pick() -> None:
            self.chosen[which] = value
            self.page = 0
            self._make()
            self.app.invalidate()
        return Button(label, pick, primary=self.chosen[which] == value, small=True)

    def _turn(self, delta: int) -> Callable[[], None]:
        def turn() -> None:
            self.page += delta
            self._make()
            self.app.invalidate()
        return turn

    def _play(self, index: int) -> Callable[[], None]:
        def play() -> None:
            show(self.app, self.shown(), index, push=True)
        return play

    def play_next(self) -> None:
        """The first unsolved puzzle of the filtered list."""
        shown = self.shown()
        index = next((i for i, p in enumerate(shown)
                      if not self.progress.puzzle_solved(self.game, p.id)), None)
        if index is not None:
            self._play(index)()

    def _focusable(self) -> list[Widget]:
        return [*self.kind_buttons, *self.rating_buttons, *self.tiles, self.prev_page,
                self.next_page, self.next_b, self.back]

    def resume(self) -> None:
        """Back from a puzzle: the marks and counts follow."""
        super().resume()
        self._make()
        self.app.invalidate()

    # layout and drawing -------------------------------------------------------------------

    def _top(self) -> int:
        m = self.app.m
        return 2 * m.pad + m.button_h + int(m.large * 2.4)

    def layout(self, size: tuple[int, int]) -> None:
        """Filters at the top, the tiles in a grid, the pages and Next at the foot; as many
        tiles a page as fit."""
        m = self.app.m
        self._size = size
        self.back.rect = pygame.Rect(2 * m.pad, 2 * m.pad, max(120, m.button_h * 3), m.button_h)
        self._place(size)
        tile, gap = int(m.button_h * 1.5), m.pad // 2
        foot = m.button_h + 2 * int(m.small * 1.3) + 3 * m.pad
        columns = max(1, (self._width(size) + gap) // (tile + gap))
        rows = max(1, (size[1] - self.grid_top - foot + gap) // (tile + gap))
        if columns * rows != self.per_page:
            self.per_page = columns * rows
            self._make()

    def _width(self, size: tuple[int, int]) -> int:
        return min(size[0] - 4 * self.app.m.pad, 1100)

    def _flow(self, buttons: list[Button], width: int, size: tuple[int, int], top: int) -> int:
        """Place buttons left to right in lines centred on the window; the height used."""
        m = self.app.m
        h, gap = int(m.button_h * 0.8), m.pad // 2
        lines: list[list[tuple[Button, int]]] = [[]]
        used = 0
        for button in buttons:
            w = draw.text_width(button.label, m.small, True) + 2 * m.pad
            w = min(w, width)
            if lines[-1] and used + gap + w > width:
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append((button, w))
        for n, line in enumerate(lines):
            total = sum(w for _, w in line) + gap * (len(line) - 1)
            x = (size[0] - total) // 2
            for button, w in line:
                button.rect = pygame.Rect(x, top + n * (h + gap), w, h)
                x += w + gap
        return len(lines) * (h + gap) - gap

    def _place(self, size: tuple[int, int]) -> None:
        m = self.app.m
        width, top = self._width(size), self._top()
        top += self._flow(self.kind_buttons, width, size, top) + m.pad // 2
        self.grid_top = top + self._flow(self.rating_buttons, width, size, top) + m.pad
        tile, gap = int(m.button_h * 1.5), m.pad // 2
        columns = max(1, (width + gap) // (tile + gap))
        rows_used = max(1, math.ceil(len(self.tiles) / columns))
        grid_w = min(len(self.tiles), columns) * (tile + gap) - gap
        x0 = (size[0] - grid_w) // 2
        for i, t in enumerate(self.tiles):
            t.rect = pygame.Rect(x0 + (i % columns) * (tile + gap),
                                 self.grid_top + (i // columns) * (tile + gap), tile, tile)
        self.words_y = self.grid_top + rows_used * (tile + gap) + m.pad // 2
        foot = size[1] - 2 * m.pad - m.button_h
        nav = m.button_h
        self.prev_page.rect = pygame.Rect(size[0] // 2 - 3 * nav - m.pad, foot, nav, nav)
        self.next_b.rect = pygame.Rect(size[0] // 2 - 2 * nav, foot, 4 * nav, nav)
        self.next_page.rect = pygame.Rect(size[0] // 2 + 2 * nav + m.pad, foot, nav, nav)

    def handle(self, action: Action) -> bool:
        """Buttons and tiles (mouse, Tab / arrows and Enter); Esc goes back; the pointer over
        a tile says what it is."""
        if isinstance(action, PointerMove):
            over = next((i for i, t in enumerate(self.tiles) if t.rect.collidepoint(action.pos)),
                        None)
            words = "" if over is None else \
                self.tiles[over].words(self.page * self.per_page + over + 1)
            if words != self.pointed:
                self.pointed = words
                self.app.invalidate()
        if action is Command.BACK:
            self.app.pop()
            return True
        return self.focus.handle(action) or handle_all(self._focusable(), action)

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the solved count and the streak, the filters, the tiles, the foot."""
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)
        cx, width = surface.get_width() // 2, surface.get_width() - 4 * m.pad
        title = _("{game} puzzles").format(game=GAMES[self.game].title)
        y = 2 * m.pad + m.button_h // 2
        draw.blit_text(surface, title, draw.fit_text(title, m.large, width - 2 * self.back.rect.w,
                                                      True),
                       pal.text, (cx, y), "center", bold=True)
        held = self.progress
        solved = sum(held.puzzle_solved(self.game, p.id) for p in self.puzzles)
        sub = _("Solved {solved} of {count}. Streak {streak} (best {best}): puzzles solved in a "
                "row at the first try, without the hint.").format(
            solved=solved, count=len(self.puzzles), streak=held.streak, best=held.best_streak)
        lines = draw.wrap(sub, m.small, width, max_lines=2)
        for n, line in enumerate(lines):
            draw.blit_text(surface, line, m.small, mix(pal.text_dim, pal.text, 0.3),
                           (cx, y + int(m.large * 1.1) + n * int(m.small * 1.3)), "midtop")
        for widget in [*self.kind_buttons, *self.rating_buttons, *self.tiles, self.prev_page,
                       self.next_page, self.next_b, self.back]:
            widget.draw(surface, pal, m)
        if not self.tiles:
            draw.blit_text(surface, _("No puzzle of this kind and rating."), m.normal,
                           pal.text_dim, (cx, self.words_y), "midtop")
        words = self.pointed or _("Point at a puzzle to see its kind; click to play it.")
        for n, line in enumerate(draw.wrap(words, m.small, width, max_lines=2)):
            draw.blit_text(surface, line, m.small, pal.text_dim,
                           (cx, self.words_y + n * int(m.small * 1.3)), "midtop")
        self.focus.draw(surface, pal, m)
