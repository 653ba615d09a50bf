"""The main menu: Continue (once the game left last is found, in the background), New game for
each game of the registry, Learn, Load game, Rules, Settings, Quit; the games' pieces under the
title; the first-launch offer of the lessons beside it (`common.ui.scenes.learn_scene`)."""

from __future__ import annotations

import pygame

from common.games import GAMES
from common.i18n import N_, Message, _
from common.saves import index as save_index
from common.ui import draw, resume, saves
from common.ui.focus import Focus
from common.ui.input import Action, Command
from common.ui.scene import Scene
from common.ui.scenes.net_games_panel import NetGamesPanel
from common.ui.scenes.settings_scene import SettingsScene
from common.ui.theme import mix
from common.ui.widgets import Button, Widget, handle_all, stack


class MainMenu(Scene):
    """Continue, New game (one button per game), Learn, Load game, Rules, Settings, Quit."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Widget] = []
        self.last: saves.Entry | None = None
        # the background search for the game to continue, if on
        self.looking: save_index.Listing | None = None
        self._look_due = False  # the search is to start after the next frame
        self._look()
        self._bg: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._make_buttons()
        self.offer = _first_launch_offer(self)  # the lessons, offered once (learn_scene)
        # Host game, Join game, and your network games once found
        self.net_games = NetGamesPanel(app, self._host, self._join, self._cannot_continue)
        # Enter presses the first button: Continue when there is a game to continue
        self.focus = Focus(self._focusable, 0)

    def _focusable(self) -> list[Widget]:
        """The widgets Tab reaches, in order."""
        return self.buttons

    def _make_buttons(self) -> None:
        """Continue (if a game is unfinished), New game for each game, Load, Rules, ..."""
        self.buttons = []
        if self.last is not None:  # the game left last, as it was
            self.buttons.append(Button(N_("Continue"), self._continue, primary=True,
                                       hint=self._continue_hint()))
        for entry in GAMES.values():  # every game alike, in the registry's order
            # Translators: a main menu button; {game} is Overlords or Prepollency
            self.buttons.append(Button(Message(N_("New game: {game}"), game=entry.title),
                                       self._new_game(entry.name), primary=True))
        self.buttons += [
            # Translators: the hint on the Learn button (what it holds)
            Button(N_("Learn"), self._learn, hint=N_("lessons, puzzles")),
            Button(N_("Load game"), self._load),
            Button(N_("Rules"), lambda: self.app.show_rules(), hint="F1"),
            Button(N_("Settings"), self._settings),
            Button(N_("Quit"), self._quit),
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
        self.net_games.update(self.panel)
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
        from common.ui.scenes.dialog_scene import Dialog

        self.app.push(Dialog(self.app, N_("This game cannot be continued"),
                             [entry.file_name, problem,
                              N_("Load game lists it with the others.")],
                             [(N_("OK"), lambda: None)], cancel=lambda: None))

    def _learn(self) -> None:
        from common.ui.scenes.learn_scene import LearnScene

        self.app.push(LearnScene(self.app))

    def _host(self) -> None:
        from common.ui.scenes.host_scene import HostScene

        self.app.push(HostScene(self.app))

    def _join(self) -> None:
        from common.ui.scenes.join_scene import JoinScene

        self.app.push(JoinScene(self.app))

    def _load(self) -> None:
        from common.ui.scenes.load_scene import LoadScene

        self.app.push(LoadScene(self.app))

    def _settings(self) -> None:
        self.app.push(SettingsScene(self.app))

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
        self.net_games.layout(size, self.panel)
        self._bg = None

    def handle(self, action: Action) -> bool:
        """Buttons (by mouse, or Tab / arrows and Enter); Esc on the menu quits."""
        if self.offer is not None and self.offer.handle(action):
            return True
        if self.net_games.handle(action):
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
        # Translators: the keys of the main menu; key names (Esc, F1, F11, M) stay as they are
        foot = _("Esc back  ·  F1 rules  ·  F11 fullscreen  ·  M mute")
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
        self.net_games.draw(surface)
        self.focus.draw(surface, self.app.pal, self.app.m)


def _first_launch_offer(menu: MainMenu):
    """The first-launch offer of the lessons while it waits for its answer, else None."""
    from common.ui.scenes.first_launch import FirstLaunchOffer, offer_wanted

    if not offer_wanted(menu.app):
        return None

    def closed() -> None:
        menu.offer = None
        menu.app.invalidate()

    return FirstLaunchOffer(menu.app, closed)
