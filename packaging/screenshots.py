#!/usr/bin/env python3
"""Make the store screenshots named in the AppStream metainfo (assets/desktop/) from the real
app: one of each game, at 1280x800, into packaging/screenshots/.

    Xvfb :19 -screen 0 1920x1080x24 &
    DISPLAY=:19 .venv/bin/python packaging/screenshots.py [--out DIR] [--size WxH]

It runs the app itself (common.ui.app.App, the scenes a player sees) on a real X display, so
the pictures are what a desktop shows (fonts, art, layout); an X server is needed (Xvfb is
enough: run it under `xvfb-run` or give DISPLAY). Each game is a short random game (seeded:
the same picture every time) opened as a saved game is (`resume_scene`), with a piece of the
player to move picked, so the board shows where it can go. Only people play (no CPU is
thinking in the picture); animations, the hand-over screen and the recap are off.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# game: (players, seed, whole turns played, the names shown)
SHOTS = {
    "overlords": (2, 5, 6, {}),
    "prepollency": (4, 7, 9, {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}),
}


def position(name: str) -> dict:
    """The record of the seeded short game of `name` (people in every seat)."""
    from common.games import GAMES
    from common.match import Match

    players, seed, turns, names = SHOTS[name]
    engine = GAMES[name].engine
    rng = random.Random(seed)
    match = Match(engine, engine.new_state(rng, players), ["human"] * players, names=names)
    for _ in range(turns):
        match.play(engine.random_move(match.turn_start, rng))
    if match.over:
        raise SystemExit(f"{name}: the seeded game ended; choose another seed")
    return match.record()


def shoot(name: str, size: tuple[int, int], out: Path) -> Path:
    """Open the game in the app, pick a piece with the most moves, save the window."""
    import pygame

    import main
    from common import record as rec
    from common.ui.app import App
    from common.ui.driver import Driver
    from common.ui.scenes.menu_scene import MainMenu

    games = main.games()
    app = App(games, size)
    try:
        app.settings.animation = "off"
        app.settings.handover = False
        app.settings.recap = False  # the board as it stands, not a replay of the last turns
        ui = __import__(f"{name}.ui", fromlist=["resume_scene"])
        app.push(MainMenu(app))
        app.push(ui.resume_scene(app, rec.replay(position(name), games)))
        d = Driver(app)
        d.frames(3)
        game = app.top
        engine = games[name]
        state = game.match.state
        froms = [m.frm for m in _steps(engine, state) if getattr(m, "frm", None) is not None]
        d.move((0, 0))  # no hover highlight left where the pointer starts
        d.click(game.view.board.center(max(set(froms), key=froms.count)))
        d.move((size[0] - 2, size[1] - 2))
        d.frames(3)
        file = out / f"{name}.png"
        pygame.image.save(app.screen, str(file))
        return file
    finally:
        app.close()


def _steps(engine, state) -> list:
    """The single moves the player to move can make (a Prepollency turn is made of steps)."""
    if engine.MOVES_KEY == "turns":
        return list(engine.legal_steps(state))
    return list(engine.legal_moves(state))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "packaging" / "screenshots")
    parser.add_argument("--size", default="1280x800", help="window size (1280x800)")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        sys.exit("no display: run it under Xvfb (DISPLAY=:N, or xvfb-run)")
    width, height = (int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    for name in SHOTS:
        print(shoot(name, (width, height), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
