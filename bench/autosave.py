#!/usr/bin/env python3
"""What the autosave costs a turn: a long Overlords game and a 4-player Prepollency game.

    python3 bootstrap.py bench autosave          (or: .venv/bin/python bench/autosave.py)

Each game is played on the real game screen (`GameScene`, dummy video driver) into a fresh
saves folder, random legal turns to the end (or a turn limit), and after every turn it prints

- **turn**: what the autosave adds to the turn on the UI thread: `GameScene.autosave()`, the
  record built from the match and handed to the writer thread (target: <= 5 ms, p99 and max);
- **write**: one whole write as the writer thread does it, timed on its own: JSON, a temporary
  file, fsync, rename, folder fsync (off the UI thread: it never delays a frame; shown so a
  slow disk is seen);
- the size of the last record and the number of files written (one per game: every turn
  rewrites the game's own file).

Python's cyclic garbage collector runs now and then wherever objects are allocated, building a
record too: a pass that falls inside a measured autosave is timed (`gc.callbacks`) and the turn
figures are printed with and without it (a pass would have fallen in the turn anyway).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402
from common.match import Match  # noqa: E402
from common.saves import folder as save_folder  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules as orules  # noqa: E402
from prepollency import rules as prules  # noqa: E402


def ms(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (f"median {statistics.median(values) * 1000:6.3f} ms  p99 {p99 * 1000:6.3f} ms  "
            f"max {values[-1] * 1000:6.3f} ms")


class GcClock:
    """Seconds spent in the cyclic garbage collector since `reset`."""

    def __init__(self) -> None:
        self.spent = 0.0
        self._start = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spent += time.perf_counter() - self._start

    def reset(self) -> None:
        self.spent = 0.0


GC = GcClock()


def run(name: str, make_scene, engine, turns: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = App(main.games(), saves_folder=Path(folder))
        app.settings.animation = "off"
        app.push(MainMenu(app))
        scene = make_scene(app)
        app.push(scene)
        rng = random.Random(seed)
        added, bare, writes = [], [], []
        for _ in range(turns):
            m = scene.match
            if m.over:
                break
            m.play(engine.random_move(m.turn_start, rng))  # the turn itself, not timed
            GC.reset()
            start = time.perf_counter()
            scene.autosave()
            added.append(time.perf_counter() - start)
            bare.append(added[-1] - GC.spent)
            scene.saver.flush()
            record = m.record()
            start = time.perf_counter()
            scene.saver.write(record)
            writes.append(time.perf_counter() - start)
        size = scene.saver.path.stat().st_size
        files = len(save_folder.scan(Path(folder)))
        app.close()
    print(f"{name}: {len(added)} turns, last record {size / 1024:.1f} KiB, {files} file")
    worst = max(range(len(added)), key=added.__getitem__)
    print(f"  turn  (UI thread) {ms(added)}  (the max at turn {worst + 1}; "
          f"the first starts the writer thread)")
    print(f"  turn without GC   {ms(bare)}")
    print(f"  write (off it)    {ms(writes)}")


def overlords_scene(app):
    from overlords.ui.screens import scene_for

    match = Match(orules, orules.new_state(random.Random(1)), ["human", "human"],
                  info={"seed": 1})
    return scene_for(app, match, None)


def prepollency_scene(app):
    from prepollency.ui.screens import play_scene

    return play_scene(app, ["human"] * 4, seed=3, first=1)


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=600, help="turn limit per game (600)")
    args = parser.parse_args()
    run("Overlords (long game)", overlords_scene, orules, args.turns, 11)
    run("Prepollency, 4 players", prepollency_scene, prules, args.turns, 5)
    print("target: the turn's cost <= 5 ms")


if __name__ == "__main__":
    main_()
