#!/usr/bin/env python3
"""The stand-alone build: build it with PyInstaller (packaging/build.py), start it headless
and time it from start to its first frame.

    python3 bootstrap.py bench build        (or: .venv/bin/python bench/build.py)
    .venv/bin/python bench/build.py --exe dist/overlords-prepollency/overlords-prepollency
                                            (time an existing build, do not build)

Too slow for the test suite (the build takes 15-60 s). Each run starts the executable with
SDL_VIDEODRIVER=dummy and $OVERLORDS_BENCH_FRAMES=30 (common/ui/app.py: draw 30 frames, print
`first-frame` once the first is on screen, quit), in a fresh settings and log folder; the time
is from the process's start to that line reaching us, so it covers the bootloader unpacking
Python and the libraries. Also checked: `--version` answers, the run exits with status 0 and
logs its start, and the bundle carries the assets. Prints the median and the slowest of RUNS
starts (the first, from a cold disk cache, is reported apart).
Target: first frame <= 2 s.

Then (Linux) nothing outlives a killed game: the build plays the example bot (`bot random`,
the Bot… field's, started as the build itself) against the `easy` CPU (the worker process);
once the bot, its watchdog and the worker run, the game is killed with SIGKILL, and every
process it had started must be gone within `REAP_S` seconds (else the survivors are listed
and the exit status is 1).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _packaging_build():
    """packaging/build.py as a module (by its path: `packaging` is also a PyPI package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("op_packaging_build",
                                                  ROOT / "packaging" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUNS = 7
FRAMES = 30
TARGET = 2.0


def first_frame(exe: Path, home: Path) -> float:
    """Seconds from starting exe to its `first-frame` line (it then draws on and quits)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "OVERLORDS_BENCH_FRAMES": str(FRAMES), "OVERLORDS_CONFIG": str(home / "config"),
           "OVERLORDS_LOGS": str(home / "logs"), "OVERLORDS_SAVES": str(home / "saves")}
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env, cwd=home, text=True)
    assert proc.stdout is not None
    seen = None
    for line in proc.stdout:
        if line.strip() == "first-frame" and seen is None:
            seen = time.perf_counter() - start
    code = proc.wait(timeout=60)
    if seen is None or code != 0:
        raise SystemExit(f"{exe} did not draw a frame (exit status {code})")
    return seen


def check(exe: Path) -> None:
    """The build answers --version, bundles its assets, and logs its start."""
    done = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    if done.returncode != 0 or not done.stdout.startswith("overlords-prepollency "):
        raise SystemExit(f"--version failed: {done.stdout!r} {done.stderr!r}")
    print(f"version: {done.stdout.strip()}")
    bundle = exe.parent / "_internal" if (exe.parent / "_internal").is_dir() else exe.parent
    for rel in ("assets/fonts/OpenSans-Regular.ttf", "assets/art/icon.svg",
                "assets/sounds/move.wav", "pyproject.toml"):
        if not (bundle / rel).is_file():
            raise SystemExit(f"the bundle lacks {rel}")


REAP_S = 15.0  # seconds the children of a killed game may take to end


def _children() -> dict[int, list[int]]:
    """Each process id -> its children's (from /proc)."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _descendants(pid: int) -> dict[int, str]:
    """The living descendants of pid -> their command lines."""
    tree, found, todo = _children(), {}, [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            try:
                words = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
                state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                found[child] = " ".join(w.decode(errors="replace") for w in words if w)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def marks() -> dict[str, str]:
    """What shows in the command line of each kind of process a game against the example bot
    starts in the build (the helper scripts' are `common.launch.script_command`'s)."""
    sys.path.insert(0, str(ROOT))
    from common import launch

    return {"bot": " bot random", "keeper": f"{launch.SCRIPT_ARG} keeper",
            "watchdog": f"{launch.SCRIPT_ARG} watchdog", "worker": "--multiprocessing-fork"}


def no_survivors(exe: Path, home: Path) -> bool:
    """A game against the example bot, SIGKILLed: True if none of its processes is left."""
    import shlex
    import signal

    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "OVERLORDS_CONFIG": str(home / "config"), "OVERLORDS_LOGS": str(home / "logs"),
           "OVERLORDS_SAVES": str(home / "saves")}
    bot = shlex.join([str(exe), "bot", "random"])
    proc = subprocess.Popen([str(exe), "play", "overlords", "--players", f"cmd:{bot},easy",
                             "--seed", "3"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env, cwd=home)
    seen: dict[int, str] = {}
    end = time.monotonic() + 120
    kinds = marks()
    try:
        while time.monotonic() < end and proc.poll() is None:
            seen.update(_descendants(proc.pid))
            if all(any(mark in cmd for cmd in seen.values()) for mark in kinds.values()):
                break
            time.sleep(0.1)
        missing = [k for k, mark in kinds.items() if not any(mark in c for c in seen.values())]
        if missing:
            print(f"the game never started its {', '.join(missing)} (exit {proc.poll()})")
            return False
        seen.update(_descendants(proc.pid))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    start = time.monotonic()
    while time.monotonic() - start < REAP_S and any(_alive(p) for p in seen):
        time.sleep(0.05)
    left = {p: c for p, c in seen.items() if _alive(p)}
    print(f"SIGKILL of a game against the example bot: {len(seen)} processes it started "
          f"({', '.join(kinds)} and the resource tracker); "
          + (f"{len(left)} survived: {left}" if left else
             f"all gone after {time.monotonic() - start:.1f} s"))
    for pid in left:  # never leave them running
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return not left


def main() -> int:
    parser = argparse.ArgumentParser(description="build the stand-alone program and time it")
    parser.add_argument("--exe", type=Path, default=None,
                        help="time this built executable instead of building")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="op-build-") as tmp:
        tmp_path = Path(tmp)
        if args.exe is None:
            start = time.perf_counter()
            exe = _packaging_build().build(tmp_path / "dist", tmp_path / "work", quiet=True)
            print(f"build: {time.perf_counter() - start:.1f} s")
        else:
            exe = args.exe.resolve()
        size = sum(f.stat().st_size for f in exe.parent.rglob("*") if f.is_file())
        print(f"bundle: {exe.parent} ({size / 2**20:.0f} MB)")
        check(exe)
        times = []
        for n in range(args.runs + 1):
            home = tmp_path / f"home{n}"
            home.mkdir()
            times.append(first_frame(exe, home))
            if n == 0 and not (home / "logs" / "overlords-prepollency.log").is_file():
                raise SystemExit("the build wrote no log file")
        cold, warm = times[0], times[1:]
        print(f"first run (cold cache): {cold:.2f} s")
        print(f"start to first frame: median {statistics.median(warm):.2f} s, slowest "
              f"{max(warm):.2f} s over {len(warm)} runs (target <= {TARGET:.1f} s)")
        survivors_ok = True
        if sys.platform.startswith("linux"):
            home = tmp_path / "home-kill"
            home.mkdir()
            survivors_ok = no_survivors(exe, home)
        return 0 if statistics.median(warm) <= TARGET and survivors_ok else 1


if __name__ == "__main__":
    sys.exit(main())
