#!/usr/bin/env python3
"""The lessons in numbers (issue 36): how many lessons, steps and engine-checked claims each
game has, and how long `learn --check` takes.

    python3 bootstrap.py bench lessons      (or: .venv/bin/python bench/lessons.py)

Per game: lessons, steps, claims, and the time to replay and check that game's lessons
(`common.lessons.check_lessons`: every solution, wrong try, reply and claim), best of 3 runs
in this process. Then the whole `main.py learn --check` as a user runs it (a fresh process:
start-up, every lesson of both games and every puzzle), best of 3 wall-clock runs, and the
puzzles' share of it (`common.puzzles.check_all` once, in this process). Figures
taken on a shared machine are noisy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common.games import GAMES  # noqa: E402
from common.lessons import check_lessons, lesson_game, load_lessons  # noqa: E402

RUNS = 3


def game_figures(name: str) -> dict[str, float]:
    """Lessons, steps, claims and the best time (s) to check one game's lessons."""
    game = lesson_game(name)
    lessons = load_lessons(game)
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        failures = check_lessons(game, lessons)
        best = min(best, time.perf_counter() - start)
    if failures:
        raise SystemExit(f"{name}: the lessons do not hold: {failures[0]}")
    return {"lessons": len(lessons), "steps": sum(len(x.steps) for x in lessons),
            "claims": sum(len(s.claims) for x in lessons for s in x.steps), "seconds": best}


def whole_check() -> float:
    """The best wall-clock time (s) of `main.py learn --check` in a fresh process."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "learn", "--check"],
                              env=env, capture_output=True, text=True, check=False)
        best = min(best, time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"learn --check failed:\n{done.stdout[-2000:]}")
    return best


def main() -> None:
    total = 0
    for name in GAMES:
        f = game_figures(name)
        total += f["lessons"]
        print(f"lessons {name:11}: {f['lessons']} lessons, {f['steps']} steps, "
              f"{f['claims']} claims; checked in {f['seconds'] * 1000:.0f} ms")
    from common import puzzles

    start = time.perf_counter()
    puzzles.check_all()
    said = time.perf_counter() - start
    print(f"learn --check (all {total} lessons and every puzzle, fresh process): "
          f"{whole_check():.2f} s (the puzzles alone, in this process: {said:.2f} s)")


if __name__ == "__main__":
    main()
