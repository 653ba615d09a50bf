"""The app: one window, a scene stack, the loop and the commands every scene shares.

The loop rests: it draws only when something changed. `App.invalidate()` marks the window for
a redraw (every input event, a resize, a push / pop / replace, a settings change, a toast and
its expiry do it here; scenes call it for their own changes), and a scene's `wants_frames()`
asks for the 60 FPS loop while it animates, a CPU or bot thinks, or a timed thing shows. When
neither holds, `step` naps until an event comes (at most `REST_MS`) instead of ticking, so
an idle window costs almost nothing. Tests call `step(dt)` with an explicit dt: that never
rests and always draws.

`run_app(args, games)` is what `main.py` calls: no command opens the main menu; `play GAME
--players ... [--seed N] [--first SEAT]` opens straight into a game. Games come from the
registry (`common.games`): its screens module offers `new_game_scene(app)`, `play_scene(app,
seats, seed, first)` and, to open saved games, `resume_scene(app, replay)`.

`build_app` loads the player's settings from their file (`common.ui.settings`) and hands the
app that file, so every change (Settings scene, M, F11, a bot command) is written back at once;
an `App` built without `settings_file`, as tests do, reads and writes no file. Likewise games
autosave only into the app's `saves_folder` (`build_app` gives the player's, tidied of a
killed writer's leftovers and a crashed visit's deletions once the first frame is on screen:
`common.ui.saves.tidy_in_background`).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import time
import traceback
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame

from common import files, logs, paths
from common import games as registry
from common.ai.bot import DEFAULT_TIMEOUT as BOT_TIMEOUT
from common.ai.bot import check_timeout
from common.seats import SeatSpec, bot_name, parse_seats
from common.ui import assets, draw, saves
from common.ui import settings as settings_io
from common.ui.cpu import CpuRunner
from common.ui.input import Command, Resized, map_event
from common.ui.scene import Scene
from common.ui.settings import Settings
from common.ui.sound import Sound
from common.ui.theme import PALETTES, Metrics, Palette, metrics

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
FPS = 60
REST_MS = 200  # longest rest of an idle loop: timed changes (a toast's end) are seen in time
POLL_S = 0.01  # while resting, the event queue is looked at this often (input is not late)
TITLE = paths.TITLE
WINDOW_CLASS = paths.APP_ID  # the X11 WM_CLASS / Wayland app id; desktop entries match it
BENCH_FRAMES = "OVERLORDS_BENCH_FRAMES"  # bench/build.py: draw N frames, say when, then quit

log = logging.getLogger(f"{paths.APP_NAME}.app")


def name_the_window() -> None:
    """Name the window the program's way before SDL opens the display: its class on X11
    (WM_CLASS, both parts) and its app id on Wayland are the app id (`paths.APP_ID`, not the
    interpreter's or main.py's name), so desktops match it to the desktop entry
    (StartupWMClass) and group it under the app's icon; audio servers and the screensaver
    see the title. A value set by the person launching is kept; the one `import pygame`
    sets when it finds none (the script's file name, e.g. main.py) is replaced."""
    pygame_default = os.path.basename(sys.argv[0]) if sys.argv else ""
    if os.environ.get("SDL_VIDEO_X11_WMCLASS", pygame_default) == pygame_default:
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    os.environ.setdefault("SDL_APP_NAME", TITLE)


class App:
    """The window, the settings, the sound and the scene stack."""

    def __init__(
        self, games: dict[str, Any], size: tuple[int, int] = DEFAULT_SIZE,
        settings: Settings | None = None, settings_file: Path | None = None,
        saves_folder: Path | None = None,
    ) -> None:
        self.games = games
        self.saves_folder = saves_folder  # where games autosave (None: nowhere, as in tests)
        self.tidy_saves = False  # tidy that folder once the first frame is up (build_app)
        self.settings = settings or Settings()
        self.settings_file: Path | None = None  # set at the end: opening changes nothing
        self._unsaved_told = False
        name_the_window()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        icon = assets.image("icon.png")
        if icon is not None:
            pygame.display.set_icon(icon)
        pygame.display.set_caption(TITLE)
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.sound = Sound(self.settings.sound)
        self.cpu = CpuRunner(games)  # one CPU worker for the whole session, started on demand
        self.bot_timeout = BOT_TIMEOUT  # seconds a bot seat may think before it forfeits
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0  # frames drawn
        self.steps = 0  # turns of the loop (drawn or not)
        self._invalid = True  # something changed that the window does not show yet
        self._toast: tuple[str, float] | None = None
        self._toast_important = False  # the toast showing must not be replaced at once
        self._toasts_waiting: list[tuple[str, float]] = []  # ordinary toasts held back
        self.pal: Palette = PALETTES[self.settings.palette_name]
        self.m: Metrics = metrics(self.size)
        if self.settings.fullscreen:  # if it cannot be had, carry on in a window
            self.settings.fullscreen = False
            self.toggle_fullscreen()
        self.settings_file = settings_file

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    # scene stack -------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        self.stack.append(scene)
        scene.layout(self.size)
        self.invalidate()

    def pop(self) -> None:
        """Remove the top scene (the app quits when the last one goes)."""
        if self.stack:
            self.stack.pop().close()
        if not self.stack:
            self.running = False
        self.invalidate()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.stack:
            self.stack.pop().close()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Close every scene and start over with one (e.g. back to the main menu)."""
        while self.stack:
            self.stack.pop().close()
        self.push(scene)

    def main_menu(self) -> None:
        """Go back to the main menu (the scenes left close first: a game's last autosave is
        on disk before the menu looks for a game to Continue)."""
        from common.ui.menu import MainMenu

        while self.stack:
            self.stack.pop().close()
        self.reset(MainMenu(self))

    def screens(self, name: str) -> ModuleType:
        """A game's screens module (`new_game_scene`, `play_scene`, `resume_scene`), from the
        registry (scenes ask the app, so they need not import a game)."""
        return registry.get(name).screens

    def show_rules(self, game: str | None = None) -> None:
        """Open the rules screen (unless it is already on top)."""
        from common.ui.rules_scene import RulesScene

        if not isinstance(self.top, RulesScene):
            self.push(RulesScene(self, game))

    # window and settings -----------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a resizable window."""
        try:
            if self.settings.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self.settings.fullscreen = False
            else:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.settings.fullscreen = True
        except pygame.error:
            self.toast("Fullscreen is not available")
        self.relayout()
        self.remember_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window from code (as the window manager would)."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.windowed_size = size
        self.relayout()

    def relayout(self) -> None:
        """Recompute sizes and every scene's layout for the current window (one too large to
        draw, whose surface the system could not make, is brought back to MAX_SIDE)."""
        self.screen = drawable_surface(pygame.display.get_surface() or self.screen,
                                       self.windowed_size)
        if not self.settings.fullscreen:
            self.windowed_size = self.size
        self.m = metrics(self.size)
        for scene in self.stack:
            scene.layout(self.size)
        self.invalidate()

    def apply_settings(self) -> None:
        """Make the settings take effect (palette, sound, animation speed)."""
        self.pal = PALETTES[self.settings.palette_name]
        self.sound.enabled = self.settings.sound
        for scene in self.stack:
            scene.settings_changed()
        self.invalidate()
        self.remember_settings()

    def remember_settings(self) -> None:
        """Write the settings to their file, if the app has one; if that fails, say so once
        (a line on stderr and a toast) and go on."""
        if self.settings_file is None:
            return
        problem = settings_io.save(self.settings, self.settings_file)
        if problem is None:
            self._unsaved_told = False
        elif not self._unsaved_told:
            self._unsaved_told = True
            print(f"settings: {problem}", file=sys.stderr)
            self.toast("Settings cannot be saved (details in the terminal)", 3.0, True)

    @property
    def bot_command(self) -> str | None:
        """The last bot command line a game started with (remembered with the settings)."""
        return self.settings.bot_command

    @bot_command.setter
    def bot_command(self, command: str | None) -> None:
        if command != self.settings.bot_command:
            self.settings.bot_command = command
            self.remember_settings()

    def toggle_mute(self) -> None:
        """Sound on/off."""
        self.settings.sound = not self.settings.sound
        self.apply_settings()
        self.toast("Sound on" if self.settings.sound else "Sound off")

    def toast(self, text: str, seconds: float = 1.6, important: bool = False) -> None:
        """A short message at the bottom of the window. An `important` one (a problem the
        player must see) is not replaced by an ordinary one: that one shows after it."""
        if self._toast is not None and self._toast_important and not important \
                and time.monotonic() < self._toast[1]:
            self._toasts_waiting = [*self._toasts_waiting[-2:], (text, seconds)]
            return
        self._toast = (text, time.monotonic() + seconds)
        self._toast_important = important
        self.invalidate()

    def invalidate(self) -> None:
        """Something changed that must be drawn: the next turn of the loop draws a frame."""
        self._invalid = True

    def wants_frames(self) -> bool:
        """True while a scene on the stack animates or waits on something (60 FPS loop)."""
        return any(scene.wants_frames() for scene in self.stack)

    def _toast_left(self) -> float | None:
        """Seconds until the toast goes (ending it, and redrawing, once its time is up)."""
        if self._toast is None:
            return None
        left = self._toast[1] - time.monotonic()
        if left <= 0:
            self._toast = None
            self._toast_important = False
            self.invalidate()
            if self._toasts_waiting:
                self.toast(*self._toasts_waiting.pop(0))
                return self._toast_left()
            return None
        return left

    # loop ----------------------------------------------------------------------------------

    def dispatch(self, action: Any) -> None:
        """Offer an action to the top scene, then apply the app-wide meaning of commands."""
        if isinstance(action, Resized):
            self.relayout()
            return
        if action is Command.QUIT:
            from common.ui import unsaved  # a game that cannot be saved asks first (once)

            self.running = unsaved.ask_before_quit(self)
            return
        top = self.top
        if top is not None and top.handle(action):
            return
        if action is Command.FULLSCREEN:
            self.toggle_fullscreen()
        elif action is Command.MUTE:
            self.toggle_mute()
        elif action is Command.RULES:
            self.show_rules()
        elif action is Command.BACK and len(self.stack) > 1:
            self.pop()

    def step(self, dt: float | None = None) -> bool:
        """One turn of the loop: events, update, draw and flip when needed. False once the app
        should close. With dt given (tests), it never rests and always draws."""
        self.steps += 1
        if self.steps == 2:  # the first frame is on screen: warm up what comes next, tidy
            self.sound.warm_up()
            if self.tidy_saves and self.saves_folder is not None:
                saves.tidy_in_background(self.saves_folder)
            threading.Thread(target=_warm_imports, name="warm-imports", daemon=True).start()
        explicit = dt is not None
        busy = self.wants_frames()  # so the frame after the last animated one is drawn too
        if dt is not None:
            events = pygame.event.get()
        elif self._invalid or busy:
            dt = self.clock.tick(FPS) / 1000.0
            events = pygame.event.get()
        else:
            events = self._rest()
            dt = 0.0  # the time rested went to the scenes' update in _rest
        if events:
            self.invalidate()  # input, a resize, the window shown again: all are redrawn
        for event in events:
            action = map_event(event)
            if action is not None:
                try:
                    self.dispatch(action)
                except Exception:  # a bug behind one click must not close the window
                    log.exception("handling %r in %s", action, type(self.top).__name__)
                    if sys.stderr is not None:
                        traceback.print_exc(file=sys.stderr)
                    where = "the log file" if logs.current() else "the terminal"
                    self.toast(f"Sorry, that did not work (details in {where})", 3.0)
            if not self.running:
                return False
        self._update(min(dt, 0.1))
        self._toast_left()
        if explicit or busy or self._invalid or self.wants_frames():
            self._invalid = False
            self.draw(self.screen)
            pygame.display.flip()
            self.frames += 1
        return self.running

    def _rest(self) -> list[pygame.event.Event]:
        """Nap until an event comes or REST_MS pass (less if a toast ends sooner), looking
        every POLL_S; then give the scenes the real time rested (timers); the events.

        Not `pygame.event.wait`: pygame-ce implements it as a 1 ms polling loop, which costs
        about 2.5% of a core for nothing; a 10 ms nap costs a quarter of that."""
        left = self._toast_left()
        rest = REST_MS / 1000 if left is None else min(REST_MS / 1000, left + 0.001)
        until = time.perf_counter() + rest
        events = pygame.event.get()
        while not events and time.perf_counter() < until:
            time.sleep(POLL_S)
            events = pygame.event.get()
        self._update(self.clock.tick() / 1000.0)
        return events

    def _update(self, dt: float) -> None:
        for scene in list(self.stack):
            if scene not in self.stack:  # an earlier scene's update closed it
                continue
            try:
                scene.update(dt)
            except Exception as err:  # a bug must not take the game with it
                self.scene_failed(scene, err, "update")
                return

    def scene_failed(self, scene: Scene, err: Exception, during: str) -> None:
        """A scene's update or draw raised: log the traceback, let every game on the stack
        keep itself (`autosave()`, best effort; False from it: nothing was kept), close the
        scenes (nothing is deleted) and show the apology screen, which leads back to the main
        menu. A failure of the apology screen itself is not caught again: it goes up (and to
        the log)."""
        from common.ui.apology import ApologyScene

        if isinstance(scene, ApologyScene):
            raise err
        log.error("%s.%s failed", type(scene).__name__, during, exc_info=err)
        if sys.stderr is not None:
            traceback.print_exception(err, file=sys.stderr)
        kept: bool | None = None
        for held in reversed(self.stack):
            hook = getattr(held, "autosave", None)
            if not callable(hook):
                continue
            try:
                saved = hook() is not False  # False: this app keeps no saves
                kept = saved if kept is None else kept and saved
            except Exception:
                log.exception("autosave of %s after the failure", type(held).__name__)
                kept = False
        if kept is None and any(hasattr(held, "match") for held in self.stack):
            kept = False  # a game was open but offers no autosave: say what is kept
        while self.stack:
            closing = self.stack.pop()
            try:
                closing.close()
            except Exception:
                log.exception("closing %s after the failure", type(closing).__name__)
        self._toast = None
        self.push(ApologyScene(self, err, logs.current(), kept))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes, bottom to top, and the toast; a scene that fails to draw
        is replaced by the apology screen, drawn at once instead."""
        try:
            self._draw(surface)
        except Exception as err:
            failed = getattr(err, "_scene", None) or self.top
            if failed is None:
                raise
            self.scene_failed(failed, err, "draw")
            self._draw(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        if not self.stack:
            surface.fill(self.pal.background)
        for scene in self.stack[max(first, 0):]:
            try:
                scene.draw(surface)
            except Exception as err:
                err._scene = scene  # type: ignore[attr-defined]  (which one, for draw())
                raise
        if self._toast is not None and time.monotonic() <= self._toast[1]:
            self._draw_toast(surface, self._toast[0])

    def _draw_toast(self, surface: pygame.Surface, text: str) -> None:
        """The toast, wrapped to at most three lines of the window's width (never cut)."""
        m = self.m
        room = max(200, self.size[0] - 8 * m.pad)
        lines = draw.wrap(text, m.normal, room, bold=True, max_lines=3) or [""]
        labels = [draw.text(line, m.normal, self.pal.text, True) for line in lines]
        step = labels[0].get_height()
        rect = self.toast_rect((max(label.get_width() for label in labels), step * len(labels)))
        draw.panel(surface, rect, self.pal.panel, self.pal.panel_edge, m.radius, 4)
        top = rect.centery - step * len(labels) // 2
        for n, label in enumerate(labels):
            surface.blit(label, label.get_rect(midtop=(rect.centerx, top + n * step)))

    def toast_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a toast of a label this size shows: centred near the window's bottom, or
        above what the top scene keeps clear (`Scene.toast_bottom`)."""
        m = self.m
        rect = pygame.Rect((0, 0), size).inflate(3 * m.pad, 2 * m.pad)
        bottom = self.size[1] - 3 * m.pad
        above = self.top.toast_bottom() if self.stack else None
        if above is not None:
            bottom = max(rect.h, min(bottom, above - m.pad))
        rect.midbottom = (self.size[0] // 2, bottom)
        return rect

    def run(self) -> int:
        """Loop until the player quits; returns the exit status.

        With $OVERLORDS_BENCH_FRAMES=N (bench/build.py) it draws N frames, prints
        `first-frame` once the first is on screen (the bench times that line), and quits."""
        limit = _bench_frames()
        told = False
        while self.step():
            if limit is not None:
                if self.frames and not told:
                    told = True
                    print("first-frame", flush=True)
                if self.frames >= limit:
                    break
                self.invalidate()
        self.close()
        return 0

    def close(self) -> None:
        """Close every scene, the audio and the window."""
        while self.stack:
            self.stack.pop().close()
        self.cpu.close()
        self.sound.close()
        pygame.display.quit()


def _bench_frames() -> int | None:
    """The frame count of $OVERLORDS_BENCH_FRAMES, or None (unset or not a positive number)."""
    try:
        count = int(os.environ.get(BENCH_FRAMES, ""))
    except ValueError:
        return None
    return count if count > 0 else None


def _warm_imports() -> None:
    """Import the CPU levels and the game screens in the background once the menu shows, so
    opening the New game dialog does not stall."""
    from common.ui.cpu import cpu_levels

    cpu_levels()
    for entry in registry.GAMES.values():
        entry.screens  # noqa: B018  (the import is the point)


def parse_players(text: str | None, counts: tuple[int, ...]) -> list[SeatSpec]:
    """Seat specs from `--players` (default: a person against the random CPU), as many as
    the game seats; a `cmd:` seat's program must be found. ValueError says what is wrong."""
    from common.ui.bots import check_command

    seats = parse_seats("human,random" if text is None else text, counts)
    for spec in seats:
        if spec.is_bot:
            problem = check_command(spec.command or "")
            if problem:
                raise ValueError(f"bot {bot_name(spec.command or '')!r}: {problem}")
    return seats


def build_app(args: argparse.Namespace, games: dict[str, Any],
              size: tuple[int, int] = DEFAULT_SIZE) -> App | int:
    """The app with its first scenes for a command line, or an exit status for bad input."""
    from common.ui.menu import MainMenu

    play = None
    if getattr(args, "command", None) == "play":
        entry = registry.get(args.game)
        try:
            seats = parse_players(args.players, entry.seat_counts)
        except ValueError as err:
            print(f"play: {err}", file=sys.stderr)
            return 2
        first = getattr(args, "first", None)
        if first is not None and first not in entry.seats_for(len(seats)):
            allowed = ", ".join(map(str, entry.seats_for(len(seats))))
            print(f"play: --first {first} is not a seat of a {len(seats)}-player "
                  f"{entry.title} game (seats {allowed})", file=sys.stderr)
            return 2
        play = (entry, seats, args.seed, first)
    timeout = getattr(args, "bot_timeout", None)
    if timeout is not None and check_timeout(timeout):
        print(f"play: {check_timeout(timeout)}", file=sys.stderr)
        return 2
    where = settings_io.path()
    threading.Thread(target=files.clean_temps, args=(where.parent,), name="tidy-config",
                     daemon=True).start()  # a killed writer's ".settings.json.*.tmp" and such
    try:
        app = App(games, size, settings_io.load(where), where, saves.folder())
        app.tidy_saves = True  # the player's own folder: tidied once the first frame is up
    except pygame.error as err:
        print(f"cannot open a window: {err}", file=sys.stderr)
        return 1
    app.push(MainMenu(app))
    said = settings_io.notice(where)
    if said:  # a damaged settings file: said in the window too, where the player looks
        app.toast(said, 8.0, important=True)
    if timeout is not None:
        app.bot_timeout = timeout
    if play is not None:
        entry, seats, seed, first = play
        app.push(entry.screens.play_scene(app, seats, seed, first))
    return app


MAX_SIDE = 8192  # pixels: a larger window (20000x20000 has no surface) is brought back to it


def drawable_surface(surface: pygame.Surface, before: tuple[int, int]) -> pygame.Surface:
    """The window's surface; or, if the window grew too large to have one (SDL gives a dead
    surface) or larger than MAX_SIDE, the surface of the window brought back to the largest
    size that has one (MAX_SIDE, half that, or its size `before`)."""
    try:
        w, h = surface.get_size()
    except pygame.error:  # dead: its size is not known any more
        w = h = MAX_SIDE + 1
    if w <= MAX_SIDE and h <= MAX_SIDE:
        return surface
    for side in (MAX_SIDE, MAX_SIDE // 2, MAX_SIDE // 4):
        for size in ((min(w, side), min(h, side)), before):
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            try:
                screen.get_size()
            except pygame.error:  # still too large for this system
                continue
            return screen
    return surface


def run_app(args: argparse.Namespace, games: dict[str, Any]) -> int:
    """Open the window on the main menu, or straight into a game for `play`; everything
    unexpected goes to the log file (common/logs.py)."""
    from common.version import version

    logs.setup()
    sdl = ".".join(map(str, pygame.get_sdl_version()))
    log.info("start %s %s (Python %s, pygame-ce %s, SDL %s) on %s", paths.APP_NAME, version(),
             sys.version.split()[0], pygame.version.ver, sdl, sys.platform)
    app = build_app(args, games)
    if isinstance(app, int):
        return app
    stop_on_signals(app)
    log.info("window open: SIGTERM and SIGHUP save and quit")
    return app.run()


def stop_on_signals(app: App) -> None:
    """SIGTERM (a logout, `kill`) and SIGHUP (the terminal closed) end the app as Quit does,
    without a question: every game is saved (`App.close`) and the window closes."""
    import signal

    def stop(number: int, _frame: Any) -> None:
        log.info("signal %s: saving and quitting", number)
        app.running = False

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            try:
                signal.signal(number, stop)
            except (ValueError, OSError):  # not the main thread, or not allowed here
                continue
