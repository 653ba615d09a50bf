#!/usr/bin/env python3
"""Frame times of the lesson screen (`common.ui.lesson_scene.LessonScene`), as bench/frame.py
measures the game screens.

    python3 bootstrap.py bench lesson_frame      (or: .venv/bin/python bench/lesson_frame.py)

For each game's lesson with the most highlighted squares, at 1280x800 and 960x600 (dummy video
driver): the median and p99 ms to draw and flip one frame with the mouse moving over the board
(the cached layer, with the lesson card and corner marks, is reused), and the median ms of a
layer rebuild (once per try or step, not per frame); also the time to open a lesson (the scene
built and its first frame drawn). Targets as for the game screens: frame <= 3 ms at 1280x800.
Figures taken on a shared machine are noisy: compare them with bench/frame.py run alongside.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from frame import frame_times  # noqa: E402  (bench/frame.py's measure, the same frames)

import main  # noqa: E402
from common.lessons import load_lessons  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.lesson_scene import LessonScene, lesson_module  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402


def lesson_times(game: str, size: tuple[int, int], frames: int = 400) -> dict[str, float]:
    """Open time, median / p99 frame ms and median rebuild ms of one game's lesson screen."""
    lessons = load_lessons(lesson_module(game))
    index = max(range(len(lessons)), key=lambda i: len(lessons[i].steps[0].highlight))
    app = App(main.games(), size)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    t = time.perf_counter()
    scene = LessonScene(app, game, lessons, index)
    app.push(scene)
    app.draw(app.screen)
    pygame.display.flip()
    opened = time.perf_counter() - t
    board = scene.view.board
    result = frame_times(app, scene, board.grid.cells if hasattr(board, "grid") else 64, frames)
    app.close()
    return {"open": opened * 1000, **result}


def main_bench() -> None:
    """Print the figures, one line per game and window size."""
    for game in ("overlords", "prepollency"):
        for size in ((1280, 800), (960, 600)):
            r = lesson_times(game, size)
            print(f"lesson screen {game:11} {size[0]}x{size[1]}: frame median "
                  f"{r['median']:.2f} ms, p99 {r['p99']:.2f} ms; layer rebuild "
                  f"{r['rebuild']:.1f} ms; open {r['open']:.0f} ms")


if __name__ == "__main__":
    main_bench()
