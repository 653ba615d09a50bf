"""The app driven as a player uses it, and what bench/memory.py measures of it (issue 38).

`Session` opens the real app in its window and drives it frame by frame as the real loop
does (the rules, puzzles, lessons, games, Load and Analyse); `Sampled` also takes the resident
memory every minute. The measures: RSS from /proc, scenes and game parts alive without the
collector, the CPU worker's process, what the drawing caches hold, the largest mappings.
"""

from __future__ import annotations

import gc
import os
import random
import tempfile
import time
from pathlib import Path

SIZES = [(960, 600), (1024, 640), (1100, 700), (1280, 800), (1366, 768), (1440, 900),
         (1600, 900), (1680, 1050), (1920, 1080), (1200, 750)]


# what is measured ------------------------------------------------------------------------------


def rss_mb(pid: int | str = "self") -> float | None:
    """Resident memory of a process in MB (Linux /proc), or None where it is not known."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return None


def mb(value: float | None) -> str:
    return "   n/a" if value is None else f"{value:6.1f}"


def scenes_alive(app) -> tuple[int, int]:
    """(scenes alive, of which closed) without running the collector: the gc's list of the
    objects it tracks holds every live scene, collected or not."""
    from common.ui.scene import Scene

    alive = [o for o in gc.get_objects() if isinstance(o, Scene)]
    return len(alive), sum(1 for o in alive if not any(o is s for s in app.stack))


def game_parts_alive() -> tuple[int, int]:
    """(game views, game controllers) alive, without running the collector: one of each per
    game screen open; more is a closed game's drawings kept in a cycle."""
    from common.ui.game_seams import GameController, GameView

    alive = gc.get_objects()
    return (sum(1 for o in alive if isinstance(o, GameView)),
            sum(1 for o in alive if isinstance(o, GameController)))


def worker_pid(app) -> int | None:
    """The CPU worker's process id, if it runs."""
    cpu = app.cpu
    pid = getattr(cpu, "worker_pid", None)
    if callable(pid):
        return pid()
    worker = getattr(cpu, "_worker", None)  # (before CpuRunner.worker_pid)
    proc = getattr(worker, "_proc", None)
    return getattr(proc, "pid", None)


def say(app, what: str, extra: str = "") -> None:
    alive, closed = scenes_alive(app)
    print(f"{what:<34} RSS {mb(rss_mb())} MB   scenes alive {alive:3d} (closed {closed:3d})"
          f"{'   ' + extra if extra else ''}", flush=True)


def largest_mappings() -> list[tuple[str, int]]:
    """Resident kB of this process by mapping (a file's name, [heap], [anon]: malloc's large
    blocks and Python's arenas, SYSV: the X server's shared window pixels), largest first."""
    sizes: dict[str, int] = {}
    name = "[anon]"
    try:
        with open("/proc/self/smaps", encoding="utf-8", errors="replace") as smaps:
            for line in smaps:
                first = line.split(maxsplit=5)
                if first and "-" in first[0] and not first[0].endswith(":"):
                    name = Path(first[5].strip()).name if len(first) > 5 else "[anon]"
                elif first and first[0] == "Rss:":
                    sizes[name] = sizes.get(name, 0) + int(first[1])
    except OSError:
        return []
    return sorted(sizes.items(), key=lambda item: -item[1])


def top_game(app):
    """The game screen on the stack (under its game-over panel)."""
    from common.ui.game_scene import GameScene

    return next(scene for scene in reversed(app.stack) if isinstance(scene, GameScene))


def caches_line() -> str:
    """What the drawing caches hold (common/ui/cache.py), if this version has them."""
    try:
        from common.ui import cache
    except ImportError:
        return "caches: (not bounded by bytes in this version)"
    rows = cache.report()
    held = sum(row[2] for row in rows) / (1 << 20)
    top = ", ".join(f"{name} {bytes_ / (1 << 20):.1f}" for name, _n, bytes_, _b in rows[:4])
    bound = sum(row[3] for row in rows) / (1 << 20)
    return f"caches: {held:.1f} MB in all, bounded by {bound:.0f} MB ({top} MB)"


# driving the app ---------------------------------------------------------------------------


class Session:
    """The app in its window, driven frame by frame as the real loop runs it."""

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        import pygame

        import main
        from common.ui.app import App

        self.pygame = pygame
        from common.ui import saves

        # where Load looks ($OVERLORDS_SAVES: the parent's temporary folder), else a new one
        self.saves = (saves.folder() if os.environ.get("OVERLORDS_SAVES")
                      else Path(tempfile.mkdtemp(prefix="bench-memory-saves-")))
        self.app = App(main.games(), size, saves_folder=self.saves)
        self.app.main_menu()
        self.rng = random.Random(38)

    def frame(self) -> None:
        """One turn of the real loop (it rests when nothing changes, as the app does)."""
        self.app.step()

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step(1 / 60)

    def key(self, key: int) -> None:
        pg = self.pygame
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frames(2)

    def top_is(self, name: str) -> bool:
        return any(cls.__name__ == name for cls in type(self.app.top).__mro__)

    def until(self, done, limit: float, what: str) -> None:
        end = time.monotonic() + limit
        while not done():
            if time.monotonic() > end:
                raise TimeoutError(f"{what}: not done in {limit:g} s (top: "
                                   f"{type(self.app.top).__name__})")
            self.frame()

    # phases ----------------------------------------------------------------------------

    def rules(self, times: int) -> None:
        pg = self.pygame
        for _ in range(times):
            self.key(pg.K_F1)
            assert self.top_is("RulesScene"), type(self.app.top).__name__
            self.key(pg.K_ESCAPE)

    def puzzles(self, times: int) -> None:
        import importlib

        module = importlib.import_module("common.ui.puzzle_scene")
        games = list(self.app.games)
        for n, game in enumerate(games):
            module.open_puzzles(self.app, game)
            self.frames(2)
            share = times // len(games) + (1 if n < times % len(games) else 0)
            for _ in range(share):
                self.app.top.next_puzzle()
                self.frames(2)
            self.app.pop()
            self.frames(1)

    def game(self, name: str, seats: list[str]) -> object:
        """Play a game from its first screen to its end; the game screen (over, on top)."""
        screens = self.app.screens(name)
        self.app.push(screens.play_scene(self.app, seats, self.rng.randrange(1 << 30), None))
        self._past_setup()
        scene = self.app.top
        while not (scene.match.over and not scene.busy):
            if self.app.top is not scene:
                if self.top_is("GameScene"):  # a Rematch meanwhile: the new game
                    scene = self.app.top
                    continue
                self.frame()
                self._answer_dialog()
                continue
            if scene.my_turn and not scene.match.over:  # a person's turn: the bench plays
                match = scene.match
                scene.play(match.game.random_move(match.state, self.rng))
            self.frame()
        self.frames(2)
        return scene

    def _past_setup(self) -> None:
        """Through an Overlords setup: the default setup for a person's side, Ready; a
        question about it is answered with its first choice."""
        end = time.monotonic() + 300
        while not self.top_is("GameScene"):
            top = self.app.top
            if self._answer_dialog():
                continue
            if getattr(top, "phase", None) is not None:
                top.default_b.on_click()
                self.frames(1)
                top.ready_b.on_click()
            self.frame()
            if time.monotonic() > end:
                raise TimeoutError("the setup did not end")

    def _answer_dialog(self) -> bool:
        top = self.app.top
        if not self.top_is("Dialog") or self.top_is("GameOver"):
            return False
        labels = [b.label for b in top.buttons]
        pick = "Start anyway" if "Start anyway" in labels else labels[0]
        next(b for b in top.buttons if b.label == pick).on_click()
        self.frames(1)
        return True

    def to_menu(self) -> None:
        self.app.main_menu()
        self.frames(2)

    def analysed(self, scene) -> float:
        """Frames until the game screen's analysis has ended; the analysis worker's highest
        RSS meanwhile (MB)."""
        peak = 0.0
        end = time.monotonic() + 900
        while scene.analysis.wants_frames() and time.monotonic() < end:
            self.frame()
            run = getattr(scene.analysis, "run", None)
            proc = getattr(run, "_proc", None)
            if proc is not None and proc.pid:
                peak = max(peak, rss_mb(proc.pid) or 0.0)
        self.frames(2)
        return peak

    def lesson(self, game: str, steps: int) -> None:
        """A game's first lesson, `steps` lessons on with Skip, then Esc."""
        from common.lessons import lesson_game, load_lessons

        lessons = load_lessons(lesson_game(game))
        self.app.push(self.app.screens(game).lesson_scene(self.app, lessons, 0))
        self.frames(2)
        for _ in range(steps):
            self.app.top.skip()
            self.frames(2)
        self.key(self.pygame.K_ESCAPE)

    def load_and_analyse(self) -> float:
        """Load, the newest save's Analyse, until the analysis ends, then the main menu; the
        analysis worker's peak RSS (MB), 0 if there was no save."""
        from common.ui.scenes.load_scene import LoadScene

        scene = LoadScene(self.app)
        self.app.push(scene)
        scene.wait_listed()
        self.frames(2)
        if not scene.shown:  # no game in progress: the finished ones
            scene.tabs.value = "finished"  # as a click on its segment does
            scene.tabs.on_change("finished")
            self.frames(2)
        analyse = next((b for b in scene.row_buttons if b.label == "Analyse"), None)
        if analyse is None:
            self.to_menu()
            return 0.0
        analyse.on_click()
        self.frames(2)
        peak = self.analysed(self.app.top) if self.top_is("GameScene") else 0.0
        self.to_menu()
        return peak


class Sampled(Session):
    """A session whose every frame may take the minute's sample of the resident memory."""

    def __init__(self, minutes: float) -> None:
        super().__init__()
        self.start = time.monotonic()
        self.end = self.start + minutes * 60
        self.next_sample = self.start + 60
        self.samples: list[tuple[int, float | None]] = []
        self.doing = "the main menu"

    def frame(self) -> None:
        super().frame()
        self._sample()

    def frames(self, n: int) -> None:
        super().frames(n)
        self._sample()

    @property
    def over(self) -> bool:
        return time.monotonic() >= self.end

    def _sample(self) -> None:
        now = time.monotonic()
        if now < self.next_sample:
            return
        self.next_sample += 60
        self.samples.append((round((now - self.start) / 60), rss_mb()))
        minute, rss = self.samples[-1]
        print(f"  minute {minute:3d}  RSS {mb(rss)} MB   ({self.doing})", flush=True)
