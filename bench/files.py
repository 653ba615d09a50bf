"""Never lose a file (issue 32): what hostile files in the player's and the program's folders
cost, each figure from a real run of the program in a child process.

    python3 bootstrap.py bench files

- `learn --check` with 20 links to one 6.5 MB puzzle record beside the shipped puzzles: its
  time and peak resident memory (each link is refused unread; before this issue it read all
  twenty: 1.9 GB).
- The Learn screen's Puzzles entry with the same folder (the puzzle screen lists them): peak
  resident memory of the app (dummy video driver).
- Start-up time to the first frame (`$OVERLORDS_BENCH_FRAMES`) with an empty saves folder,
  with a 20,000-file ``.deleted`` this program made (a crashed visit's: emptied in the
  background, never before the first frame) and with a 20,000-file ``.deleted`` that is not
  this program's (set aside, untouched); and how long until the background tidying is done.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PUZZLE_LINKS = 20
BIG_BYTES = 6_500_000
TRASH_FILES = 20_000

# run in a child: the assets root pointed at a folder of this bench's making
CHECK = textwrap.dedent("""
    import resource, sys, time
    sys.path.insert(0, sys.argv[1])
    from pathlib import Path
    from common import paths, lessons
    paths.assets_root = lambda: Path(sys.argv[2])
    lessons.LESSONS_DIR = Path(sys.argv[2]) / "lessons"
    start = time.perf_counter()
    code = lessons.check_command(True)
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"RESULT {code} {took:.2f} {peak:.0f}", file=sys.stderr)
""")

SCREEN = textwrap.dedent("""
    import os, resource, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    sys.path.insert(0, sys.argv[1])
    from pathlib import Path
    from common import paths
    paths.assets_root = lambda: Path(sys.argv[2])
    import main
    from common.ui.app import App
    from common.ui.driver import Driver
    from common.ui.scenes.learn_scene import LearnScene
    app = App(main.games(), (1280, 800))
    app.push(LearnScene(app, "overlords"))
    d = Driver(app)
    d.frames(2)
    app.top._puzzles()
    d.frames(5)
    listed = len(getattr(app.top, "puzzles", []))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    app.close()
    print(f"RESULT {listed} {peak:.0f}", file=sys.stderr)
""")


def hostile_assets(where: Path) -> Path:
    """A copy of the lessons and puzzles with 20 links to one 6.5 MB puzzle record."""
    assets = where / "assets"
    shutil.copytree(ROOT / "assets" / "lessons", assets / "lessons")
    shutil.copytree(ROOT / "assets" / "puzzles", assets / "puzzles")
    for name in ("fonts", "art", "sounds"):
        os.symlink(ROOT / "assets" / name, assets / name)
    folder = assets / "puzzles" / "overlords"
    record = json.loads(next(iter(sorted(folder.glob("*.json")))).read_text("utf-8"))
    big = where / "big.json"
    big.write_text(json.dumps(dict(record, pad="x" * BIG_BYTES)))
    for n in range(PUZZLE_LINKS):
        os.symlink(big, folder / f"zz-big-{n:02}.json")
    return assets


def result(args: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    line = next((x for x in done.stderr.splitlines() if x.startswith("RESULT ")), "")
    if not line:
        raise SystemExit(f"the child failed:\n{done.stderr[-2000:]}")
    return line.split()[1:]


def first_frame(home: Path) -> float:
    """Seconds from starting the app to its first frame, with this home's folders."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               OVERLORDS_BENCH_FRAMES="5", OVERLORDS_SAVES=str(home / "saves"),
               OVERLORDS_CONFIG=str(home / "config"), OVERLORDS_LOGS=str(home / "log"))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], stdout=subprocess.PIPE,
                            env=env, text=True, cwd=ROOT)
    seen = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "first-frame" and seen is None:
            seen = time.perf_counter() - start
    proc.wait(120)
    return seen if seen is not None else float("nan")


def trash(home: Path, ours: bool) -> Path:
    """A saves folder whose .deleted holds TRASH_FILES files (an old crashed visit's, or a
    folder this program did not make)."""
    from common.saves import trash as save_trash

    saves = home / "saves"
    bin_ = saves / save_trash.TRASH
    visit = bin_ / "20260101-000000-1-abcdef" if ours else bin_
    visit.mkdir(parents=True)
    if ours:
        (bin_ / save_trash.TRASH_MARK).touch()
    for n in range(TRASH_FILES):
        (visit / f"overlords-{n:05}.json").write_bytes(b"{}")
    old = time.time() - 3600
    os.utime(visit, (old, old))
    return bin_


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        assets = hostile_assets(where)
        code, took, peak = result([CHECK, str(ROOT), str(assets)])
        print(f"learn --check, 20 links to a {BIG_BYTES / 1e6:.1f} MB puzzle: exit {code}, "
              f"{float(took):.1f} s, peak {peak} MB resident")
        listed, peak = result([SCREEN, str(ROOT), str(assets)])
        print(f"Learn screen > Puzzles, the same folder: {listed} puzzles listed, peak {peak} MB "
              "resident")
        for n, (label, ours) in enumerate((("empty saves folder", None),
                                           ("20,000-file .deleted of ours", True),
                                           ("20,000-file foreign .deleted", False))):
            home = where / f"home-{n}"
            (home / "saves").mkdir(parents=True)
            bin_ = trash(home, ours) if ours is not None else None
            took = first_frame(home)
            left = sum(1 for _ in bin_.rglob("*.json")) if bin_ is not None and bin_.exists() \
                else 0
            aside = [p.name for p in (home / "saves").iterdir() if "set-aside" in p.name]
            extra = f"; files left in .deleted after quitting: {left}" if bin_ else ""
            extra += f"; set aside as {aside[0]}" if aside else ""
            print(f"start-up to the first frame, {label}: {took:.3f} s{extra}")
        home = where / "home-tidy"
        (home / "saves").mkdir(parents=True)
        bin_ = trash(home, True)
        from common.saves import trash as save_trash

        start = time.perf_counter()
        removed = save_trash.tidy_trash(home / "saves")
        print(f"background tidying of the 20,000-file visit: {removed} files in "
              f"{time.perf_counter() - start:.2f} s (off the UI thread)")


if __name__ == "__main__":
    main()
