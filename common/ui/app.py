"""The app: the scene stack, the loop, and the commands every scene shares.

The loop rests: it draws only when something changed. `App.invalidate()` marks the window for
a redraw (every input event, a resize, a push / pop / replace, a settings change, a toast and
its expiry do it here; scenes call it for their own changes), and a scene's `wants_frames()`
asks for the 60 FPS loop while it animates, a CPU or bot thinks, or a timed thing shows. When
neither holds, `step` naps until an event comes (at most `REST_MS`) instead of ticking, so
an idle window costs almost nothing. Tests call `step(dt)` with an explicit dt: that never
rests and always draws.

What is not the loop lives beside it: the window (`common.ui.window`), the toasts
(`common.ui.toasts`), a failing scene's apology (`common.ui.crash`) and the start-up from a
command line (`common.ui.start`: `build_app`, `run_app`). An `App` built without
`settings_file`, as tests do, reads and writes no settings file; games autosave only into its
`saves_folder` (None: nowhere).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame

from common import games as registry
from common import heap, i18n, logs, paths
from common.ai.bot import DEFAULT_TIMEOUT as BOT_TIMEOUT
from common.i18n import _
from common.ui import cache, crash, saves
from common.ui import settings as settings_io
from common.ui.cpu import CpuRunner, warm_up
from common.ui.input import Action, Command, Resized, map_event
from common.ui.scene import Scene
from common.ui.settings import Settings
from common.ui.sound import Sound
from common.ui.theme import PALETTES, Metrics, Palette, metrics
from common.ui.toasts import Toasts, toast_rect
from common.ui.window import DEFAULT_SIZE, MAX_SIDE, MIN_SIZE, TITLE, WINDOW_CLASS, Window

FPS = 60
REST_MS = 200  # longest rest of an idle loop: timed changes (a toast's end) are seen in time
POLL_S = 0.01  # while resting, the event queue is looked at this often (input is not late)
BENCH_FRAMES = "OVERLORDS_BENCH_FRAMES"  # bench/build.py: draw N frames, say when, then quit

__all__ = ["BENCH_FRAMES", "DEFAULT_SIZE", "FPS", "MAX_SIDE", "MIN_SIZE", "POLL_S", "REST_MS",
           "TITLE", "WINDOW_CLASS", "App"]

log = logging.getLogger(f"{paths.APP_NAME}.app")


class App:
    """The window, the settings, the sound and the scene stack."""

    def __init__(
        self, games: dict[str, Any], size: tuple[int, int] = DEFAULT_SIZE,
        settings: Settings | None = None, settings_file: Path | None = None,
        saves_folder: Path | None = None,
    ) -> None:
        heap.tune()  # large surfaces go back to the system as soon as they are freed
        self.games = games
        self.saves_folder = saves_folder  # where games autosave (None: nowhere, as in tests)
        self.tidy_saves = False  # tidy that folder once the first frame is up (build_app)
        self.settings = settings or Settings()
        self.settings_file: Path | None = None  # set at the end: opening changes nothing
        self.language_problem = i18n.use(self.settings.language)  # before a word is drawn
        self._unsaved_told = False
        self.window = Window(size)
        self.sound = Sound(self.settings.sound)
        self.cpu = CpuRunner(games)  # one CPU worker for the whole session, started on demand
        self.bot_timeout = BOT_TIMEOUT  # seconds a bot seat may think before it forfeits
        self.stack: list[Scene] = []
        self._closed: list[Scene] = []  # closed, released at the start of the next turn
        self._trim = False  # drawings were let go: give the memory back at the next turn
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0  # frames drawn
        self.steps = 0  # turns of the loop (drawn or not)
        self._invalid = True  # something changed that the window does not show yet
        self.toasts = Toasts(self._now, self.invalidate)
        self.pal: Palette = PALETTES[self.settings.palette_name]
        self.m: Metrics = metrics(self.size, self.window.pixel_ratio)
        self._laid_for = (self.size, self.m)  # the window the drawings kept were made for
        if self.settings.fullscreen:  # if it cannot be had, carry on in a window
            self.settings.fullscreen = False
            self.toggle_fullscreen()
        self.settings_file = settings_file

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface."""
        return self.window.screen

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.window.size

    @staticmethod
    def _now() -> float:
        return time.monotonic()  # (read here: a test gives this module its own clock)

    # scene stack -------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top: the one below is paused, the new one laid out and resumed."""
        if self.stack:
            self.stack[-1].pause()
        self._show(scene)

    def _show(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.layout(self.size)
        scene.resume()
        self.invalidate()

    def pop(self) -> None:
        """Close the top scene; the one below resumes (the app quits when the last one
        goes)."""
        if self.stack:
            self._leave(self.stack.pop())
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        self.invalidate()

    def replace(self, scene: Scene) -> None:
        """Close the top scene and put another in its place (the one below stays paused)."""
        if self.stack:
            self._leave(self.stack.pop())
        self._show(scene)

    def reset(self, scene: Scene) -> None:
        """Close every scene and start over with one (e.g. back to the main menu)."""
        self.close_scenes()
        self._show(scene)

    def main_menu(self) -> None:
        """Go back to the main menu (the scenes left close first: a game's last autosave is
        on disk before the menu looks for a game to Continue)."""
        from common.ui.scenes.menu_scene import MainMenu

        self.close_scenes()
        self.reset(MainMenu(self))

    def close_scenes(self, careful: bool = False) -> None:
        """Close every scene, the top first; `careful` (after a failure): one whose close
        raises is logged and the others still close."""
        while self.stack:
            closing = self.stack.pop()
            try:
                self._leave(closing)
            except Exception:
                if not careful:
                    raise
                log.exception("closing %s after the failure", type(closing).__name__)

    def _leave(self, scene: Scene) -> None:
        """A scene leaves the stack for good: it closes now, and is let go (released) at the
        start of the next turn of the loop (`release_closed`): the code that closed it, and
        whatever looks at it right after (a test, a tool), still find it whole."""
        self._closed.append(scene)
        scene.close()

    def release_closed(self) -> None:
        """Let the closed scenes go (`Scene.release`): whatever they held is freed at once,
        and the freed memory goes back to the system (`heap.give_back`). The loop does it at
        the start of each turn."""
        if not self._closed and not self._trim:
            return
        self._trim = False
        while self._closed:
            scene = self._closed.pop(0)
            if all(held is not scene for held in self.stack):  # not pushed again meanwhile
                scene.release()
            del scene
        heap.give_back()

    def screens(self, name: str) -> ModuleType:
        """A game's screens module (`new_game_scene`, `play_scene`, `resume_scene`), from the
        registry (scenes ask the app, so they need not import a game)."""
        return registry.get(name).screens

    def show_rules(self, game: str | None = None) -> None:
        """Open the rules screen (unless it is already on top)."""
        from common.ui.scenes.rules_scene import RulesScene

        if not isinstance(self.top, RulesScene):
            self.push(RulesScene(self, game))

    # window and settings -----------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a resizable window."""
        try:
            if self.settings.fullscreen:
                self.window.go_windowed()
                self.settings.fullscreen = False
            else:
                self.window.go_fullscreen()
                self.settings.fullscreen = True
        except pygame.error:
            self.toast(_("Fullscreen is not available"))
        self.relayout()
        self.remember_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window from code (as the window manager would)."""
        self.window.resize(size)
        self.relayout()

    def relayout(self) -> None:
        """Recompute sizes and every scene's layout for the current window (one too large to
        draw, whose surface the system could not make, is brought back to MAX_SIDE). A new size
        lets go of every drawing kept for the old one; the heap is trimmed at the next turn."""
        self.window.refresh(windowed=not self.settings.fullscreen)
        self.m = metrics(self.size, self.window.pixel_ratio)
        if (self.size, self.m) != self._laid_for:  # the old size's drawings: not drawn again
            self._laid_for = (self.size, self.m)
            cache.clear_all()
            self._trim = True
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

    def set_language(self, setting: str) -> None:
        """Switch every screen to a language at once (no restart), remember it; a missing or
        broken catalogue is said in a toast (English is shown)."""
        self.settings.language = setting
        problem = i18n.use(setting)
        self.relayout()
        if problem:
            self.toast(i18n._("The language could not be loaded: {reason}").format(
                reason=problem), 6.0, important=True)
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
            print(_("settings: {problem}").format(problem=problem), file=sys.stderr)
            self.toast(_("Settings cannot be saved (details in the terminal)"), 3.0, True)

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
        self.toast(_("Sound on") if self.settings.sound else _("Sound off"))

    def toast(self, text: str, seconds: float = 1.6, important: bool = False) -> None:
        """A short message at the bottom of the window. An `important` one (a problem the
        player must see) is not replaced by an ordinary one: that one shows after it."""
        self.toasts.show(text, seconds, important)

    def invalidate(self) -> None:
        """Something changed that must be drawn: the next turn of the loop draws a frame."""
        self._invalid = True

    def wants_frames(self) -> bool:
        """True while a scene on the stack animates or waits on something (60 FPS loop)."""
        return any(scene.wants_frames() for scene in self.stack)

    # loop ----------------------------------------------------------------------------------

    def dispatch(self, action: Action) -> None:
        """Apply what the app does before any scene (`BEFORE_SCENES`: a resize, Quit), else
        offer the action to the top scene, then apply the app-wide meaning of a command it
        left (`APP_COMMANDS`)."""
        key = action if isinstance(action, Command) else type(action)
        before = BEFORE_SCENES.get(key)
        if before is not None:
            before(self, action)
            return
        top = self.top
        if top is not None and top.handle(action):
            return
        after = APP_COMMANDS.get(key)
        if after is not None:
            after(self, action)

    def _resized(self, _action: Resized) -> None:
        self.relayout()

    def _quit(self, _action: Command) -> None:
        from common.ui import unsaved  # a game that cannot be saved asks first (once)

        self.running = unsaved.ask_before_quit(self)

    def _back(self, _action: Command) -> None:
        if len(self.stack) > 1:
            self.pop()

    def step(self, dt: float | None = None) -> bool:
        """One turn of the loop: events, update, draw and flip when needed. False once the app
        should close. With dt given (tests), it never rests and always draws. The scenes
        closed since the last turn are released first."""
        self.release_closed()
        self.steps += 1
        if self.steps == 2:  # the first frame is on screen: warm up what comes next, tidy
            self._after_first_frame()
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
        if not self._handle_events(events):
            return False
        self._update(min(dt, 0.1))
        self.toasts.left()
        if explicit or busy or self._invalid or self.wants_frames():
            self._invalid = False
            self.draw(self.screen)
            self.window.flip()
            self.frames += 1
        return self.running

    def _after_first_frame(self) -> None:
        self.sound.warm_up()
        if self.tidy_saves and self.saves_folder is not None:
            saves.tidy_in_background(self.saves_folder)
        threading.Thread(target=warm_up, name="warm-imports", daemon=True).start()

    def _handle_events(self, events: list[pygame.event.Event]) -> bool:
        """Dispatch each event's action (a bug behind one click is said, not fatal); False
        once the app should close."""
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
                    where = _("the log file") if logs.current() else _("the terminal")
                    self.toast(_("Sorry, that did not work (details in {where})").format(
                                   where=where), 3.0)
            if not self.running:
                return False
        return True

    def _rest(self) -> list[pygame.event.Event]:
        """Nap until an event comes or REST_MS pass (less if a toast ends sooner), looking
        every POLL_S; then give the scenes the real time rested (timers); the events.

        Not `pygame.event.wait`: pygame-ce implements it as a 1 ms polling loop, which costs
        about 2.5% of a core for nothing; a 10 ms nap costs a quarter of that."""
        left = self.toasts.left()
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
        """A scene's update or draw raised: the apology screen instead (`common.ui.crash`)."""
        crash.recover(self, scene, err, during)

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
                err._scene = scene  # type: ignore[attr-defined]  # which one, for draw()
                raise
        self.toasts.draw(surface, self.pal, self.m, self.toast_rect)

    def toast_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a toast of a label this size shows: centred near the window's bottom, or
        above what the top scene keeps clear (`Scene.toast_bottom`)."""
        top = self.top
        above = top.toast_bottom() if top is not None else None
        return toast_rect(size, self.size, self.m, above)

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
        """Close every scene, the audio and the window (the process ends: nothing to
        release)."""
        self.close_scenes()
        self.cpu.close()
        self.sound.close()
        self.window.close()


# What the app does with an action (by command, or by kind of action): before any scene sees
# it, and after the top scene left it.
BEFORE_SCENES: dict[Any, Callable[[App, Any], None]] = {
    Resized: App._resized,
    Command.QUIT: App._quit,
}
APP_COMMANDS: dict[Any, Callable[[App, Any], None]] = {
    Command.FULLSCREEN: lambda app, _action: app.toggle_fullscreen(),
    Command.MUTE: lambda app, _action: app.toggle_mute(),
    Command.RULES: lambda app, _action: app.show_rules(),
    Command.BACK: App._back,
}


def _bench_frames() -> int | None:
    """The frame count of $OVERLORDS_BENCH_FRAMES, or None (unset or not a positive number)."""
    try:
        count = int(os.environ.get(BENCH_FRAMES, ""))
    except ValueError:
        return None
    return count if count > 0 else None
