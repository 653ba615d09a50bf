"""The main menu and the Settings scene."""

from __future__ import annotations

import pygame

from common.games import GAMES
from common.ui import draw, resume, saves
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.settings import ANIMATION_SPEEDS, GAME_SETTINGS
from common.ui.theme import mix
from common.ui.widgets import Button, Choice, Widget, handle_all, stack

TABLE_SETTINGS = (("handover", "Hand-over screen between players"),  # passing the turn,
                  ("recap", "Recap of the others' turns"),
                  *((s.key, s.label) for s in GAME_SETTINGS.values() if s.label),  # each game's
                  ("fast_cpu", "Faster CPU-only turns"),  # then how the CPUs play
                  ("confirm_risky", "Ask before a move that loses the game"),
                  ("cpu_resigns", "CPU resigns when it can no longer win"))


class MainMenu(Scene):
    """Continue, New game (one button per game), Learn, Load game, Rules, Settings, Quit."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Widget] = []
        self.last: saves.Entry | None = None
        self.looking = None  # the background search for the game to continue, if on
        self._look_due = False  # the search is to start after the next frame
        self._look()
        self._bg: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._make_buttons()
        self.offer = _first_launch_offer(self)  # the lessons, offered once (learn_scene)
        # Enter presses the first button: Continue when there is a game to continue
        self.focus = Focus(lambda: self.buttons, 0)

    def _make_buttons(self) -> None:
        """Continue (if a game is unfinished), New game for each game, Load, Rules, ..."""
        self.buttons = []
        if self.last is not None:  # the game left last, as it was
            self.buttons.append(Button("Continue", self._continue, primary=True,
                                       hint=self._continue_hint()))
        for entry in GAMES.values():  # every game alike, in the registry's order
            self.buttons.append(Button(f"New game: {entry.title}", self._new_game(entry.name),
                                       primary=True))
        self.buttons += [
            Button("Learn", self._learn, hint="lessons, puzzles"),
            Button("Load game", self._load),
            Button("Rules", lambda: self.app.show_rules(), hint="F1"),
            Button("Settings", lambda: self.app.push(SettingsScene(self.app))),
            Button("Quit", self._quit),
        ]

    def saves_changed(self) -> None:
        """A save was deleted or renamed: Continue follows."""
        self._look()
        self._make_buttons()
        self.layout(self.app.size)

    def _look(self) -> None:
        """Look for the game to continue in the background, once the first frame is drawn:
        that frame never waits on the saves folder; Continue appears when it is known."""
        if self.looking is not None:
            self.looking.stop()
        self.last, self.looking = None, None
        self._look_due = self.app.saves_folder is not None

    def _start_looking(self) -> None:
        if self._look_due:
            self._look_due = False
            self.looking = saves.continue_listing(self.app.games)

    def update(self, dt: float) -> None:
        """The search starts after the first frame; Continue appears once it found the game
        left last."""
        if self.app.frames > 0:
            self._start_looking()
        if self.looking is not None and self.looking.done.is_set():
            self.last, self.looking = saves.latest(self.looking), None
            if self.last is not None:
                self._make_buttons()
                self.layout(self.app.size)
                self.app.invalidate()

    def wait_continue(self, timeout: float = 60.0) -> None:
        """Wait until Continue is known (tests and tools)."""
        self._start_looking()
        if self.looking is not None:
            self.looking.wait(timeout)
        self.update(0.0)

    def close(self) -> None:
        """Leaving: the search, if still on, stops."""
        if self.looking is not None:
            self.looking.stop()

    def _new_game(self, name: str):
        def _start() -> None:
            self.app.push(self.app.screens(name).new_game_scene(self.app))

        return _start

    def _continue_hint(self) -> str:
        last = self.last
        assert last is not None
        return f"{last.name or last.title}, {last.count}"

    def _continue(self) -> None:
        if self.last is not None:
            resume.open_entry(self.app, self.last, on_problem=self._cannot_continue)

    def _cannot_continue(self, entry: saves.Entry, problem: str) -> None:
        from common.ui.overlay import Dialog

        self.app.push(Dialog(self.app, "This game cannot be continued",
                             [entry.file_name, problem, "Load game lists it with the others."],
                             [("OK", lambda: None)], cancel=lambda: None))

    def _learn(self) -> None:
        from common.ui.learn_scene import LearnScene

        self.app.push(LearnScene(self.app))

    def _load(self) -> None:
        from common.ui.load_scene import LoadScene

        self.app.push(LoadScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def layout(self, size: tuple[int, int]) -> None:
        """Title at the top third, the buttons in a centred column."""
        m = self.app.m
        w = max(340, int(size[0] * 0.3))
        h = len(self.buttons) * (m.button_h + m.pad) - m.pad
        foot = 2 * m.pad + int(m.small * 1.6)  # the key help under the panel stays clear
        top = min(int(size[1] * 0.42), size[1] - foot - h - 4 * m.pad)
        self.panel = pygame.Rect(0, 0, w + 4 * m.pad, h + 4 * m.pad)
        self.panel.midtop = (size[0] // 2, top)
        stack(self.panel.inflate(-4 * m.pad, -4 * m.pad), self.buttons, m.button_h, m.pad)
        if self.offer is not None:
            self.offer.layout(size, self.panel)
        self._bg = None

    def handle(self, action: Action) -> bool:
        """Buttons (by mouse, or Tab / arrows and Enter); Esc on the menu quits."""
        if self.offer is not None and self.offer.handle(action):
            return True
        if self.focus.handle(action) or handle_all(self.buttons, action):
            return True
        if action is Command.BACK:
            self.app.running = False
            return True
        return False

    def settings_changed(self) -> None:
        """Redraw the background in the new palette."""
        self._bg = None

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        pal, m = self.app.pal, self.app.m
        surface = draw.backdrop(size, pal)
        cx = size[0] // 2
        title_y = int(size[1] * 0.12)
        first, *others = [entry.title for entry in GAMES.values()]  # "Overlords & Prepollency"
        draw.blit_text(surface, first, m.title, pal.text, (cx, title_y), "midtop", bold=True)
        sub_y = title_y + int(m.title * 1.35)
        draw.blit_text(surface, "&  " + "  &  ".join(others), m.large, pal.primary, (cx, sub_y),
                       "midtop", bold=True)
        token = int(min(size[1] * 0.085, 84))
        self._draw_tokens(surface, cx, sub_y + int(m.large * 1.6), token)
        draw.panel(surface, self.panel, mix(pal.panel, pal.background, 0.3), pal.panel_edge,
                   m.radius * 2, 10)
        foot = "Esc back  ·  F1 rules  ·  F11 fullscreen  ·  M mute"
        draw.blit_text(surface, foot, m.small, pal.text_dim, (cx, size[1] - 2 * m.pad),
                       "midbottom")
        return surface

    def tokens(self, size: int) -> list[list[pygame.Surface]]:
        """Each game's pieces for under the title (its screens' `menu_tokens(size, pal)`), in
        the registry's order: the menu offers every game alike."""
        return [list(self.app.screens(name).menu_tokens(size, self.app.pal)) for name in GAMES]

    def _draw_tokens(self, surface: pygame.Surface, cx: int, y: int, size: int) -> None:
        """The games' pieces in one row, a wider gap between one game's and the next's."""
        groups = self.tokens(size)
        step, gap = int(size * 1.15), int(size * 0.9)
        width = sum(len(g) for g in groups) * step + (len(groups) - 1) * gap
        x = cx - width // 2
        for group in groups:
            for art in group:
                surface.blit(art, (x + (step - art.get_width()) // 2, y))
                x += step
            x += gap

    def draw(self, surface: pygame.Surface) -> None:
        """Cached background, then the buttons."""
        if self._bg is None or self._bg.get_size() != surface.get_size():
            self._bg = self._background(surface.get_size())
        surface.blit(self._bg, (0, 0))
        for button in self.buttons:
            button.draw(surface, self.app.pal, self.app.m)
        if self.offer is not None:
            self.offer.draw(surface)
        self.focus.draw(surface, self.app.pal, self.app.m)


def _first_launch_offer(menu: MainMenu):
    """The first-launch offer of the lessons while it waits for its answer, else None."""
    from common.ui.learn_scene import FirstLaunchOffer, offer_wanted

    if not offer_wanted(menu.app):
        return None

    def closed() -> None:
        menu.offer = None
        menu.app.invalidate()

    return FirstLaunchOffer(menu.app, closed)


class SettingsScene(Scene):
    """Animation speed, sound, colour-blind-safe palette and fullscreen, and how turns pass at
    one table (hand-over screen, recap, faster CPU turns), applied at once."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.rows: list[tuple[str, Choice]] = [
            ("Animations", Choice(list(ANIMATION_SPEEDS), s.animation, self._animation,
                                  ["Off", "Normal", "Slow"])),
            ("Sound", Choice(["off", "on"], "on" if s.sound else "off", self._sound,
                             ["Off", "On"])),
            ("Colours", Choice(["standard", "safe"], "safe" if s.colour_blind else "standard",
                               self._colours, ["Standard", "Colour-blind safe"])),
            ("Display", Choice(["window", "fullscreen"],
                               "fullscreen" if s.fullscreen else "window", self._display,
                               ["Window", "Fullscreen"])),
        ]
        self.table_rows: list[tuple[str, Choice]] = [  # on/off settings of the game screens
            (label, Choice(["off", "on"], "on" if getattr(s, key) else "off",
                           self._toggle(key), ["Off", "On"]))
            for key, label in TABLE_SETTINGS
        ]
        self.done = Button("Done", self.app.pop, primary=True)
        self.widgets: list[Widget] = [c for _, c in self.rows + self.table_rows] + [self.done]
        self.focus = Focus(lambda: self.widgets)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None

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
        preview_h = int(m.button_h * 2.2)
        fixed = 2 * m.large + preview_h + int(m.small * 1.4) + m.button_h + 7 * m.pad
        count = len(self.rows) + len(self.table_rows)
        # the rows close up a little where the window is short (960x600), never touching
        row_h = max(m.button_h + 2, min(m.button_h + m.pad, (size[1] - m.pad - fixed) // count))
        h = fixed + count * row_h
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + 2 * m.large + 2 * m.pad
        self.label_x = self.panel.x + 2 * m.pad
        for _, choice in self.rows:
            choice.rect = pygame.Rect(self.panel.x + 2 * m.pad + label_w, y,
                                      w - 4 * m.pad - label_w, m.button_h)
            y += row_h
        self.preview = pygame.Rect(self.panel.x + 2 * m.pad, y + m.pad // 2,
                                   w - 4 * m.pad, preview_h)
        y = self.preview.bottom + m.pad
        self.table_y = y
        y += int(m.small * 1.4)
        toggle_w = int(w * 0.3)
        for _, choice in self.table_rows:
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
        if action in (Command.BACK, Command.CONFIRM):
            self.app.pop()
            return True
        if action is Command.FULLSCREEN:
            self.app.toggle_fullscreen()
            self.rows[3][1].value = "fullscreen" if self.app.settings.fullscreen else "window"
            return True
        if action is Command.MUTE:
            self.app.toggle_mute()
            self.rows[1][1].value = "on" if self.app.settings.sound else "off"
            return True
        return action is not Command.QUIT

    def draw(self, surface: pygame.Surface) -> None:
        """The panel over the dimmed scene below."""
        pal, m = self.app.pal, self.app.m
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((*pal.backdrop, 170))
        surface.blit(self._dim, (0, 0))
        draw.panel(surface, self.panel, pal.panel, pal.panel_edge, m.radius * 2, 10)
        draw.blit_text(surface, "Settings", m.large, pal.text,
                       (self.panel.centerx, self.panel.y + 2 * m.pad), "midtop", bold=True)
        for label, choice in self.rows:
            draw.blit_text(surface, label, m.normal, pal.text,
                           (self.label_x, choice.rect.centery), "midleft", bold=True)
            choice.draw(surface, pal, m)
        self._draw_preview(surface)
        draw.blit_text(surface, "Game screens", m.small, pal.text_dim,
                       (self.label_x, self.table_y))
        for label, choice in self.table_rows:
            room = choice.rect.x - self.label_x - m.pad
            px = draw.fit_text(label, m.normal, room, True)
            draw.blit_text(surface, label, px, pal.text, (self.label_x, choice.rect.centery),
                           "midleft", bold=True)
            choice.draw(surface, pal, m)
        self.done.draw(surface, pal, m)
        self.focus.draw(surface, pal, m)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """Four sample tiles: a move dot, a capture ring, the last move and a refusal."""
        pal, m = self.app.pal, self.app.m
        r = self.preview
        tile = min(r.h - m.small - 8, r.w // 6)
        labels = (("move", pal.move), ("capture", pal.move), ("last move", pal.last),
                  ("refused", pal.refusal))
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
