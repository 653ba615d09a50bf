"""The saves folder at its worst (issue 20), each case in a fresh process under the dummy video
driver, its files made in a temporary folder under /tmp and deleted after:

- the Load screen with 5,000 saves, and with 40 large (6.5 MB) valid saves: the time to the
  first frame (the screen usable: it draws and takes keys), to the first row, to the whole
  list, and the peak memory (RSS) of the process;
- start-up with 1,000 large (6.5 MB) files of an unknown game in the saves folder: the time
  to the main menu's first frame, and until Continue is known (hard links of one file: the
  same bytes to read for each, without 6.5 GB of disk);
- perft's refusal of a depth that would run for days: how long the refusal takes.

    python3 bootstrap.py bench hostile --saves-only
    PYTHONPATH=/other/tree python3 bench/hostile_saves.py   the same on another tree (before)

Works on the code of before this issue too (no background listing there: the first frame
comes after the whole folder is read), so the figures can be quoted before and after.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASE = r"""
import json, os, sys, threading, time
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
peak = [rss()]
def watch():
    while True:
        peak[0] = max(peak[0], rss()); time.sleep(0.005)
threading.Thread(target=watch, daemon=True).start()
import main
from common.ui.app import App
from common.ui.driver import Driver
what, folder = sys.argv[1], sys.argv[2]
app = App(main.games(), (1280, 800), saves_folder=__import__("pathlib").Path(folder))
d = Driver(app)
start = time.perf_counter()
out = {}
if what == "load":
    from common.ui.scenes.load_scene import LoadScene
    app.push(LoadScene(app)); d.frames(1)
    out["first frame"] = time.perf_counter() - start
    load = app.top
    slowest = 0.0
    def frame():  # paced as the app's loop is (60 per second), the slowest one noted
        global slowest
        began = time.perf_counter(); d.frames(1)
        slowest = max(slowest, time.perf_counter() - began); time.sleep(1 / 60)
    while not load.rows:
        frame()
        if time.perf_counter() - start > 600: break
    out["first row"] = time.perf_counter() - start
    if hasattr(load, "wait_listed"):
        while load.reading:
            frame()
        load.reload()
    out["whole list"] = time.perf_counter() - start
    out["slowest frame"] = slowest
    out["rows"] = len(load.entries)
    d.key(__import__("pygame").K_DOWN); out["keys taken"] = load.selected == 1
else:
    from common.ui.scenes.menu_scene import MainMenu
    app.reset(MainMenu(app)); d.frames(1)
    out["first frame"] = time.perf_counter() - start
    if hasattr(app.top, "wait_continue"):
        app.top.wait_continue()
    out["Continue known"] = time.perf_counter() - start
out["peak MB"] = max(peak[0], rss())
print(json.dumps(out))
app.close()
"""


def run_case(what: str, folder: Path) -> dict:
    env = {**os.environ, "OVERLORDS_SAVES": str(folder),
           "PYTHONPATH": os.environ.get("PYTHONPATH", str(ROOT))}
    tree = env["PYTHONPATH"].split(os.pathsep)[0]
    done = subprocess.run(["nice", "-n", "10", sys.executable, "-c", CASE, what, str(folder)],
                          capture_output=True, text=True, env=env, cwd=tree, timeout=1200)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"error": done.stderr.strip()[-300:]}
    return json.loads(lines[-1])


def record(turns: int, pad: int = 0, game: str = "prepollency") -> str:
    data = {"game": game, "version": 1, "seats": [1, 3], "first": 1,
            "turns": [[]] * turns, "result": None, "players": {"1": "human", "3": "easy"}}
    if pad:
        data["pad"] = "p" * pad
    return json.dumps(data)


def show(title: str, figures: dict) -> None:
    parts = []
    for key, value in figures.items():
        parts.append(f"{key} {value:.2f} s" if isinstance(value, float) and "MB" not in key
                     else f"{key} {value:.0f}" if isinstance(value, float) else f"{key} {value}")
    print(f"  {title}: " + "; ".join(parts), flush=True)


def main() -> None:
    base = Path(tempfile.mkdtemp(prefix="h20-saves-bench-", dir="/tmp"))
    try:
        print("The saves folder (each case a fresh process, niced; a shared machine: noisy):")
        many = base / "many"
        many.mkdir()
        for n in range(5000):
            (many / f"prepollency-{n:05}.json").write_text(record(n % 40))
            os.utime(many / f"prepollency-{n:05}.json", (1.7e9 + n, 1.7e9 + n))
        show("Load screen, 5,000 saves", run_case("load", many))
        shutil.rmtree(many)
        large = base / "large"
        large.mkdir()
        text = record(1_600_000)  # 1.6 million (empty) turns: ~6.5 MB, the heaviest to parse
        for n in range(40):
            (large / f"prepollency-{n:02}.json").write_text(text)
        print(f"    (each large save {len(text) / 1e6:.1f} MB)")
        show("Load screen, 40 large saves", run_case("load", large))
        shutil.rmtree(large)
        start = base / "start"
        start.mkdir()
        one = base / "unknown.json"
        one.write_text(record(1_600_000, game="chess"))
        for n in range(1000):
            os.link(one, start / f"chess-{n:04}.json")
        show("start-up, 1,000 large files of an unknown game", run_case("menu", start))
        shutil.rmtree(start)
        perft_refusal(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def perft_refusal(base: Path) -> None:
    path = base / "four.json"
    path.write_text(json.dumps({"game": "prepollency", "version": 1, "seats": [1, 2, 3, 4],
                                "first": 1, "turns": [], "result": None}))
    tree = os.environ.get("PYTHONPATH", str(ROOT)).split(os.pathsep)[0]
    for depth in (3, 5):
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, str(Path(tree) / "main.py"), "perft",
                                   str(path), "--depth", str(depth)], capture_output=True,
                                  text=True, timeout=30)
            took = time.perf_counter() - started
            said = (done.stderr.strip().splitlines() or [""])[-1][:110]
            print(f"  perft --depth {depth} on the 4-player start: exit {done.returncode} "
                  f"after {took:.2f} s (process included): {said}")
        except subprocess.TimeoutExpired:
            print(f"  perft --depth {depth} on the 4-player start: still running after 30 s "
                  "(stopped)")


if __name__ == "__main__":
    main()
