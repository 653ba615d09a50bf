#!/usr/bin/env python3
"""Resident memory of the app as a player uses it, in a real window (issue 38).

    python3 bootstrap.py bench memory                  (or: .venv/bin/python bench/memory.py)
    python3 bootstrap.py bench memory --soak-minutes 5 --games 4
    python3 bootstrap.py bench memory --no-soak --driver dummy
    python3 bootstrap.py bench memory --no-session --no-soak --session-minutes 60

First, in a fresh process, what the first frame's memory is spent on: RSS after the
interpreter, numpy, pygame, the app's modules, the window and the first frame, and the largest
mappings then.

It opens the real app in a real window: the x11 video driver on $DISPLAY, or on an Xvfb of
its own (started with -displayfd, never on a fixed display number) when $DISPLAY is unset or
`--xvfb` is given; `--driver dummy` measures headless instead. One session, in order, prints
the resident memory (RSS, from /proc) after each phase:

- first frame: the main menu on screen;
- rules: F1 then Esc, `--rules` times (40), as a player presses them;
- puzzles: a game's puzzle screen, then Next `--puzzles` times (40; half each game);
- games: `--games` games (10) of a person against `normal`, the two games in turn, the
  person's seat played by the bench (a random legal move through the scene, on its turn),
  Main menu after each; the CPU worker's RSS after each game is printed too;
- analysis: the last game analysed (Analyse the game, until it ends), the analysis worker's
  highest RSS meanwhile;
- resizes: `--resizes` window sizes (20) between 960x600 and 1920x1080 on a game screen.

Then a soak in a fresh process: CPU-only games (`--soak-level`; Overlords, and Prepollency
with four seats, three games each in turn) with Rematch at each end, RSS sampled every minute
for `--soak-minutes` (30; 0 or --no-soak: none), with the CPU worker's RSS and the games
played, and both after each game (with the game views and controllers alive: one each, or a
closed game's drawings are kept); it prints the curve and its growth from the first minute.
Goals: every figure at most 220 MB, the soak flat within 10%.

`--session-minutes N` then runs a long session in a fresh process (the hour a player spends):
rounds of the rules, a lesson and the next two, four puzzles, a game of `easy` against
`normal`, Load and Analyse of the newest save, and a new window size, the two games in turn,
with RSS sampled every minute and a line after each round; it prints the curve's lowest and
highest.

`--worker-games N` then plays N games with the CPU worker alone (no window; `--worker-level`,
`normal` by default), Prepollency with four seats and Overlords in turn, and prints its RSS
after each game: it must not grow from game to game.

Every line also says how many scenes are alive and how many of them are closed (not on the
stack): a closed scene kept alive is memory that only the cyclic collector would give back.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CHILD = "--child"
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


def _mb(value: float | None) -> str:
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
    print(f"{what:<34} RSS {_mb(rss_mb())} MB   scenes alive {alive:3d} (closed {closed:3d})"
          f"{'   ' + extra if extra else ''}", flush=True)


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


def startup(_args: argparse.Namespace) -> None:
    """What the first frame's resident memory is spent on: RSS after each step of start-up
    in a fresh process, then the largest mappings (/proc/self/smaps) at the first frame."""
    steps = [("the interpreter", lambda: None),
             ("+ numpy (the engines' boards)", lambda: __import__("numpy")),
             ("+ pygame (SDL, fonts, images)", lambda: __import__("pygame")),
             ("+ the app's modules", lambda: (__import__("main"),
                                               __import__("common.ui.app")))]
    for what, do in steps:
        do()
        print(f"start-up: {what:<34} RSS {_mb(rss_mb())} MB", flush=True)
    s = Session()
    print(f"start-up: {'+ the window (' + s.pygame.display.get_driver() + ')':<34} RSS "
          f"{_mb(rss_mb())} MB", flush=True)
    s.frames(2)
    print(f"start-up: {'+ the first frame (the main menu)':<34} RSS {_mb(rss_mb())} MB   "
          f"{caches_line()}", flush=True)
    for name, kb in largest_mappings()[:8]:
        print(f"    {name:<44} {kb / 1024:6.1f} MB", flush=True)
    s.app.close()


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


def session(args: argparse.Namespace) -> None:
    s = Session()
    app = s.app
    s.frames(1)
    print(f"video driver {s.pygame.display.get_driver()}, window {app.size[0]}x{app.size[1]}, "
          f"SDL_FRAMEBUFFER_ACCELERATION={os.environ.get('SDL_FRAMEBUFFER_ACCELERATION', '-')}",
          flush=True)
    say(app, "first frame")
    s.rules(args.rules)
    say(app, f"after {args.rules} rules visits")
    s.puzzles(args.puzzles)
    say(app, f"after {args.puzzles} puzzles (Next)")
    names = list(app.games)
    last = None
    for n in range(args.games):
        name = names[n % len(names)]
        last = s.game(name, ["human", "normal"])
        pid = worker_pid(app)
        say(app, f"game {n + 1} ({name}, {len(last.match.moves)} moves)",
            f"CPU worker RSS {_mb(rss_mb(pid) if pid else None)} MB")
        if n + 1 < args.games:
            s.to_menu()
    say(app, f"after {args.games} games against normal")
    if last is not None:
        if app.top is not last:
            app.pop()  # the game-over panel: analyse from the game screen
        last.analysis.start()
        peak = s.analysed(last)
        say(app, "after an analysis", f"analysis worker peak {peak:.1f} MB")
        s.to_menu()
        last = None  # the bench's own reference: the closed game screen may go
    s.app.push(app.screens(names[0]).play_scene(app, ["human", "human"], 7, None))
    s._past_setup()
    for n in range(args.resizes):
        app.set_window_size(SIZES[n % len(SIZES)])
        s.frames(2)
    app.set_window_size((1280, 800))
    s.frames(2)
    say(app, f"after {args.resizes} resizes")
    print(caches_line(), flush=True)
    app.close()


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
        print(f"  minute {minute:3d}  RSS {_mb(rss)} MB   ({self.doing})", flush=True)


def long_session(args: argparse.Namespace) -> None:
    """`--session-minutes` of what a player does, in rounds until the time is up: the rules
    (F1, Esc), a lesson and the next two, four puzzles, a game against `normal` (the person's
    seat played by `easy`: random moves end an Overlords game in a few plies), Load and
    Analyse of the newest save until the analysis ends, and a new window size; the two games
    in turn. RSS sampled every minute."""
    s = Sampled(args.session_minutes)
    app = s.app
    names = list(app.games)
    print(f"long session: {args.session_minutes:g} minutes in a {s.pygame.display.get_driver()} "
          "window", flush=True)
    rounds = 0
    ends: dict[tuple[int, int], list[float]] = {}  # RSS after each round, by the window size
    while not s.over:
        name = names[rounds % len(names)]
        s.doing = "rules"
        s.rules(2)
        s.doing = f"{name} lessons"
        s.lesson(name, 2)
        s.doing = f"{name} puzzles"
        s.puzzles(4)
        s.doing = f"a {name} game against normal"
        moves = len(s.game(name, ["easy", "normal"]).match.moves)
        s.to_menu()
        s.doing = "Load, Analyse"
        peak = s.load_and_analyse()
        s.doing = "a resize"
        size = SIZES[rounds % len(SIZES)]
        app.set_window_size(size)
        s.frames(2)
        rounds += 1
        ends.setdefault(size, []).append(rss_mb() or 0.0)
        say(app, f"round {rounds} ({name}, {moves} moves)",
            f"analysis worker peak {peak:.1f} MB, now {size[0]}x{size[1]}")
    app.close()
    values = [rss for _minute, rss in s.samples if rss is not None]
    if len(values) >= 2:
        print(f"long session: {values[0]:.1f} -> {values[-1]:.1f} MB "
              f"({100 * (values[-1] - values[0]) / values[0]:+.1f}%), lowest {min(values):.1f}, "
              f"highest {max(values):.1f} MB, {rounds} rounds", flush=True)
    print("after each round, by window size (the same size comes back every ten rounds):",
          flush=True)
    for (w, h), seen in ends.items():
        later = seen[1:] or seen
        print(f"  {w}x{h}: {', '.join(f'{v:.1f}' for v in seen)} MB   (from the second "
              f"time on {min(later):.1f}-{max(later):.1f})", flush=True)


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


def soak(args: argparse.Namespace) -> None:
    from common import games as registry

    s = Session()
    app = s.app
    names = list(app.games)
    games, start, samples = 0, time.monotonic(), []
    level = args.soak_level
    next_sample = start + 60
    scene = None
    print(f"soak: {args.soak_minutes} minutes of CPU-only games ({level}), Rematch at each end",
          flush=True)
    while time.monotonic() - start < args.soak_minutes * 60:
        if scene is None or not s.top_is("GameScene") and not s.top_is("GameOver"):
            name = names[(games // 3) % len(names)]
            app.main_menu()
            seats = [level] * max(registry.get(name).seat_counts)  # four in Prepollency
            app.push(app.screens(name).play_scene(app, seats, None, None))
            s._past_setup()
            scene = app.top
        s.frame()
        top = app.top
        if s.top_is("GameOver"):
            games += 1
            pid = worker_pid(app)
            views, controllers = game_parts_alive()
            print(f"    game {games:3d} ({name}, {len(top_game(app).match.moves)} moves): RSS "
                  f"{_mb(rss_mb())} MB, CPU worker {_mb(rss_mb(pid) if pid else None)} MB, "
                  f"game views alive {views}, controllers {controllers}; {caches_line()}",
                  flush=True)
            if games % 3 == 0:
                scene = None  # the other game, from the main menu
                continue
            next(b for b in top.buttons if b.label == "Rematch").on_click()
            s._past_setup()
            scene = app.top
        now = time.monotonic()
        if now >= next_sample:
            next_sample += 60
            pid = worker_pid(app)
            sample = (round((now - start) / 60), rss_mb(), rss_mb(pid) if pid else None, games)
            samples.append(sample)
            print(f"  minute {sample[0]:3d}  RSS {_mb(sample[1])} MB   CPU worker "
                  f"{_mb(sample[2])} MB   games {games}", flush=True)
    app.close()
    if len(samples) >= 2 and samples[0][1] and samples[-1][1]:
        first, last = samples[0][1], samples[-1][1]
        top = max(s[1] or 0 for s in samples)
        print(f"soak: {first:.1f} -> {last:.1f} MB ({100 * (last - first) / first:+.1f}%), "
              f"highest {top:.1f} MB, {games} games", flush=True)


def worker_games(args: argparse.Namespace) -> None:
    """The CPU worker alone: `--worker-games` games at `--worker-level` (Prepollency with
    four seats and Overlords in turn), asked move by move as the app asks it; its RSS after
    each game."""
    from common.ai.worker import AIWorker
    from common.games import GAMES

    rng = random.Random(38)
    names = list(GAMES)
    print(f"CPU worker: {args.worker_games} games at {args.worker_level}", flush=True)
    with AIWorker() as worker:
        for n in range(args.worker_games):
            name = names[n % len(names)]
            engine = GAMES[name].engine
            state = engine.new_state(rng, max(GAMES[name].seat_counts))
            moves = 0
            while engine.outcome(state) is None and moves < 400:
                worker.start(name, state, args.worker_level, rng.getrandbits(32))
                move = None
                while move is None:
                    time.sleep(0.005)
                    move = worker.poll()
                state = engine.apply(state, move)
                moves += 1
            pid = getattr(getattr(worker, "_proc", None), "pid", None)
            print(f"  game {n + 1:2d} ({name}, {moves} moves): CPU worker "
                  f"{_mb(rss_mb(pid) if pid else None)} MB", flush=True)


# the window and the processes ----------------------------------------------------------------


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb of our own on the first free display (-displayfd: never a fixed number)."""
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24",
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        raise SystemExit("Xvfb did not start (apt-get install xvfb)")
    return proc, f":{number}"


def run_child(kind: str, argv: list[str], env: dict[str, str]) -> int:
    return subprocess.call([sys.executable, __file__, CHILD, kind, *argv], env=env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--driver", choices=("x11", "dummy"), default="x11")
    parser.add_argument("--xvfb", action="store_true", help="start an Xvfb of its own")
    parser.add_argument("--rules", type=int, default=40)
    parser.add_argument("--puzzles", type=int, default=40)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--resizes", type=int, default=20)
    parser.add_argument("--soak-minutes", type=float, default=30.0)
    parser.add_argument("--soak-level", default="easy")
    parser.add_argument("--no-soak", action="store_true")
    parser.add_argument("--no-session", action="store_true")
    parser.add_argument("--session-minutes", type=float, default=0.0,
                        help="then a long session of that many minutes (rounds of everything)")
    parser.add_argument("--worker-games", type=int, default=0,
                        help="then that many games of the CPU worker alone")
    parser.add_argument("--worker-level", default="normal")
    if len(sys.argv) > 2 and sys.argv[1] == CHILD:
        kind, args = sys.argv[2], parser.parse_args(sys.argv[3:])
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        {"startup": startup, "session": session, "soak": soak, "worker": worker_games,
         "long": long_session}[kind](args)
        return 0
    args = parser.parse_args()
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER=args.driver)
    xvfb = None
    if args.driver == "x11" and (args.xvfb or not os.environ.get("DISPLAY")):
        xvfb, env["DISPLAY"] = start_xvfb()
    rest = sys.argv[1:]
    status = 0
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as home:
        for var in ("OVERLORDS_SAVES", "OVERLORDS_CONFIG", "OVERLORDS_LOGS"):
            env[var] = str(Path(home) / var.lower())
        try:
            if not args.no_session:
                status |= run_child("startup", rest, env)
                status |= run_child("session", rest, env)
            if not args.no_soak and args.soak_minutes > 0:
                status |= run_child("soak", rest, env)
            if args.worker_games > 0:
                status |= run_child("worker", rest, env)
            if args.session_minutes > 0:
                status |= run_child("long", rest, env)
        finally:
            if xvfb is not None:
                xvfb.kill()
                xvfb.wait()
    return status


if __name__ == "__main__":
    sys.exit(main())
