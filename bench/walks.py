#!/usr/bin/env python3
"""The walks of issue 33, measured: what one user action passes through on the UI thread.

    .venv/bin/python bench/walks.py [--root DIR]

- click-to-drawn: an Overlords hot-seat game at 1280x800 (animations on), a figure picked
  (stones, then the figure, by clicks); then, traced: a click on its target square, and the
  frames until the move's animation ended and the figure is drawn on its new square.
- Analyse: the same game after a few moves, looking back at its end; traced: a click on
  the status area's Analyse button and the frame that follows (the analysis itself runs in
  its own process, not traced).

Traced with `sys.setprofile` on the UI thread: every call into a module of `common/`,
`overlords/` or `prepollency/`. Printed per walk: the modules visited, and the direction
changes: each module is given a layer (0 the app loop and input mapping; 1 the shared
screens, widgets and drawing helpers of `common/ui`; 2 a game's `ui`; 3 the game-free model
in `common/`; 4 a game's engine); along the modules in the order first visited, consecutive
ones in one layer count once, and a direction change is a step down the layers after a step
up, or the other way round. Also printed: the calls from one module into another (every
frame of the animation included). `--root` measures another
checkout (the code before a change: `--root /path/to/old/checkout`) with this same script.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PACKAGES = ("common", "overlords", "prepollency")
APP_LOOP = {"common/ui/app.py", "common/ui/input.py", "common/ui/driver.py",
            "common/ui/scene.py"}


def layer(module: str) -> int:
    """The layer of a module, by its path from the root (see the module docstring)."""
    if module in APP_LOOP:
        return 0
    if module.startswith("common/ui/"):
        return 1
    if module.startswith("common/"):
        return 3
    return 2 if "/ui/" in module else 4


class Walk:
    """The modules called into, in order, while tracing."""

    def __init__(self, root: Path) -> None:
        self.root = str(root) + os.sep
        self.calls: list[str] = []

    def _profile(self, frame, event, _arg) -> None:
        if event != "call":
            return
        name = frame.f_code.co_filename
        if not name.startswith(self.root):
            return
        module = name[len(self.root):].replace(os.sep, "/")
        if module.split("/", 1)[0] in PACKAGES and (not self.calls or self.calls[-1] != module):
            self.calls.append(module)

    def __enter__(self) -> Walk:
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *_exc) -> None:
        sys.setprofile(None)

    def files(self) -> list[str]:
        """The modules visited, in the order first seen."""
        return list(dict.fromkeys(self.calls))

    def direction_changes(self) -> int:
        """How often the walk turns between going down the layers and coming back up, along
        the modules in the order first visited (a module met again adds no turn)."""
        layers = [layer(m) for m in self.files()]
        steps = [b - a for a, b in zip(layers, layers[1:], strict=False) if b != a]
        return sum(1 for a, b in zip(steps, steps[1:], strict=False) if (a > 0) != (b > 0))


def _open_game(root: Path):
    import main
    from tests.helpers import overlords_driver

    app, d, game = overlords_driver.open_game(main.games(), ["human", "human"], 4242,
                                              (1280, 800), "normal")
    app.settings.confirm_risky = False
    app.settings.handover = False
    return app, d, game


def _a_move(game):
    """A move that a click on its target plays without asking which Rune."""
    from overlords import rules

    legal = rules.legal_moves(game.match.state)
    quick = [m for m in legal if m.frm is not None and m.rune != 5 and not m.is_recruit]
    reach: dict[tuple[int, int], int] = {}
    for m in quick:
        reach[(m.frm, m.to)] = reach.get((m.frm, m.to), 0) + 1
    return next(m for m in quick if reach[(m.frm, m.to)] == 1)


def click_walk(root: Path) -> Walk:
    """The click-to-drawn walk (see the module docstring)."""
    from overlords.ui.art import fate_slots

    app, d, game = _open_game(root)
    move = _a_move(game)
    hand = game.view.panel.hands[game.match.state.turn]
    d.click(hand.runes[move.rune - 1].center)
    d.click(hand.fates[fate_slots().index(move.fate)].center)
    if game.controller.pick.figure != move.frm:
        d.click(game.view.board.center(move.frm))
    d.frames(2)
    target = game.view.board.center(move.to)
    with Walk(root) as walk:
        d.click(target)
        end = time.monotonic() + 30
        while game.animator.busy and time.monotonic() < end:
            d.frames(1)
            time.sleep(0.005)
        d.frames(1)
    assert game.match.moves == [move], "the click played the move"
    app.close()
    return walk


def analyse_walk(root: Path) -> Walk:
    """The Analyse walk (see the module docstring)."""
    app, d, game = _open_game(root)
    for _ in range(4):
        game.play(_a_move(game))
        d.frames(1)
    d.settle()
    game.review_end()
    d.frames(2)
    button = game.analysis.analyse_b
    with Walk(root) as walk:
        d.click(button.rect.center)
        d.frames(1)
    assert game.analysis.active, "the analysis shows"
    app.close()
    return walk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--list", action="store_true", help="also list the modules")
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    for name, run in (("click-to-drawn", click_walk), ("Analyse", analyse_walk)):
        walk = run(root)
        files = walk.files()
        print(f"{name}: {len(files)} modules visited, {walk.direction_changes()} direction "
              f"changes ({len(walk.calls)} calls between modules)  [{root}]")
        if args.list:
            for module in files:
                print(f"    {layer(module)}  {module}")


if __name__ == "__main__":
    main()
