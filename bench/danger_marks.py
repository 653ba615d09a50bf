#!/usr/bin/env python3
"""How fast the Overlords danger marks appear, and what judging them costs the window.

    .venv/bin/python bench/danger_marks.py [--positions N] [--seed S]

Positions: N positions (White to move) from random games on random boards, 0 to 40 plies in.
In each, the game screen opens and a figure is clicked AT ONCE (the worst case: the
background thread has just started on the position); the real loop then runs at 60 FPS
(dummy video driver) until every target of that figure has its verdict.

Prints, with the tactics module in use (`overlords.tactics`, whose docstring says which):
- click-to-marks: median, p90 and max seconds from the click until the figure's marks are
  complete (target: <= 0.25 s);
- frames while judging: median and p99 frame time (draw, flip and wait) and the FPS reached
  (target: 60 FPS, p99 <= 25 ms);
- frames once judged: the same loop with the pointer moving, nothing judged (the baseline);
- whole position: median and max seconds until every legal move is judged.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402
from common.match import Match  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules, tactics  # noqa: E402
from overlords.ui.screens import scene_for  # noqa: E402

FRAME = 1 / 60


def positions(count: int, seed: int) -> list[rules.State]:
    """White-to-move positions of random games, each with a figure that can move."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = rules.new_state(rng)
        for _ in range(rng.randrange(0, 41)):
            if state.result is not None:
                break
            state = rules.apply(state, rules.random_move(state, rng))
        if state.result is None and state.turn == rules.WHITE and any(
                m.frm is not None for m in rules.legal_moves(state)):
            out.append(state)
    return out


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(state: rules.State, rng: random.Random, app: App, d: Driver):
    """(click-to-marks seconds, frame times, whole-position seconds) for one position."""
    match = Match(rules, state, ["human", "human"])
    game = scene_for(app, match, None)
    app.replace(game)
    opened = time.perf_counter()
    figures = sorted({m.frm for m in rules.legal_moves(state) if m.frm is not None})
    d.click(game.view.board.center(rng.choice(figures)))
    clicked = time.perf_counter()
    frames: list[float] = []
    marks_at = None
    while True:
        start = time.perf_counter()
        app.step(FRAME)
        if marks_at is None and game.controller.target_marks().complete:
            marks_at = time.perf_counter() - clicked
        spent = time.perf_counter() - start
        if spent < FRAME:
            time.sleep(FRAME - spent)
        frames.append(time.perf_counter() - start)
        threats = game.controller.threats
        if marks_at is not None and (threats is None or threats.done):
            break
        if time.perf_counter() - opened > 120:
            raise TimeoutError("a position took over two minutes")
    whole = time.perf_counter() - opened
    calm = []
    for i in range(30):  # the same screen once everything is judged, the pointer moving
        start = time.perf_counter()
        d.move(game.view.board.center(i % 64))
        app.step(FRAME)
        spent = time.perf_counter() - start
        if spent < FRAME:
            time.sleep(FRAME - spent)
        calm.append(time.perf_counter() - start)
    return marks_at, frames, whole, calm


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.push(MainMenu(app))
    app.push(MainMenu(app))
    d = Driver(app)
    rng = random.Random(args.seed)
    marks, frames, whole, calm = [], [], [], []
    try:
        for state in positions(args.positions, args.seed):
            m, f, w, c = measure(state, rng, app, d)
            marks.append(m)
            frames += f
            whole.append(w)
            calm += c
    finally:
        app.close()
    first = (tactics.__doc__ or "").strip().splitlines()[0]
    print(f"tactics module: {first}")
    print(f"positions: {len(marks)} (seed {args.seed})")
    print(f"click-to-marks: median {statistics.median(marks):.3f} s, p90 {_pct(marks, 0.9):.3f}"
          f" s, max {max(marks):.3f} s (target <= 0.25 s)")
    print(f"frames while judging: median {1000 * statistics.median(frames):.1f} ms, p99 "
          f"{1000 * _pct(frames, 0.99):.1f} ms, {len(frames) / sum(frames):.1f} FPS "
          "(target 60 FPS, p99 <= 25 ms)")
    print(f"frames once judged (the same loop, for comparison): median "
          f"{1000 * statistics.median(calm):.1f} ms, p99 {1000 * _pct(calm, 0.99):.1f} ms")
    print(f"whole position judged: median {statistics.median(whole):.2f} s, max "
          f"{max(whole):.2f} s")


if __name__ == "__main__":
    main_()
