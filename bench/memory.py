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

The app is driven and measured by `bench/memory_drive.py` (`Session`, `Sampled`, RSS from
/proc); this file holds the phases and the processes they run in.

Every line also says how many scenes are alive and how many of them are closed (not on the
stack): a closed scene kept alive is memory that only the cyclic collector would give back.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.memory_drive import (  # noqa: E402
    SIZES,
    Sampled,
    Session,
    caches_line,
    game_parts_alive,
    largest_mappings,
    mb,
    rss_mb,
    say,
    top_game,
    worker_pid,
)

CHILD = "--child"


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
        print(f"start-up: {what:<34} RSS {mb(rss_mb())} MB", flush=True)
    s = Session()
    print(f"start-up: {'+ the window (' + s.pygame.display.get_driver() + ')':<34} RSS "
          f"{mb(rss_mb())} MB", flush=True)
    s.frames(2)
    print(f"start-up: {'+ the first frame (the main menu)':<34} RSS {mb(rss_mb())} MB   "
          f"{caches_line()}", flush=True)
    for name, kb in largest_mappings()[:8]:
        print(f"    {name:<44} {kb / 1024:6.1f} MB", flush=True)
    s.app.close()


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
            f"CPU worker RSS {mb(rss_mb(pid) if pid else None)} MB")
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
                  f"{mb(rss_mb())} MB, CPU worker {mb(rss_mb(pid) if pid else None)} MB, "
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
            print(f"  minute {sample[0]:3d}  RSS {mb(sample[1])} MB   CPU worker "
                  f"{mb(sample[2])} MB   games {games}", flush=True)
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
                  f"{mb(rss_mb(pid) if pid else None)} MB", flush=True)


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
