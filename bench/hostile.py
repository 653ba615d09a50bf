"""Hostile bots and long runs, the slow cases the test suite leaves out: what was tried, the
worst memory and the time each took.

    python3 bootstrap.py bench hostile                  everything (a few minutes)
    python3 bootstrap.py bench hostile --games 1000     a shorter selfplay run
    python3 bootstrap.py bench hostile --skip-selfplay
    python3 bootstrap.py bench hostile --saves-only     only the saves folder (hostile_saves.py)

- Flooding bots, asked one turn with a 3 s timeout: a line without a newline that never ends,
  one 100 MB line, endless short lines, a bot that reads nothing while a 4 MB record is sent.
  For each: the time to forfeit and the peak memory (RSS) of the asking process meanwhile.
- A silent bot: the time to forfeit against its 3 s timeout.
- A stopped (SIGSTOP) CPU worker: the time until the move comes from a restarted worker.
- `validate` on a FIFO and on /dev/zero: the time to refuse them.
- The saves folder at its worst (bench/hostile_saves.py): the Load screen with 5,000 saves and
  with 40 large ones, start-up with 1,000 large files, perft's refusal of a days-long depth.
- Selfplay, four `random` Prepollency seats, --games games (10,000): resident memory after
  100, 1,000 and every further 1,000 games, and the peak (it must stay flat).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import record as rec  # noqa: E402
from common.ai.bot import Bot  # noqa: E402
from common.games import engines  # noqa: E402
from common.protocol import Forfeit  # noqa: E402

GAMES = engines()
TIMEOUT = 3.0


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process in MB (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Peak:
    """The peak RSS of this process while the block runs (sampled every 10 ms)."""

    def __enter__(self) -> Peak:
        self.before = rss_mb()
        self.peak = self.before
        self._on = True
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        return self

    def _watch(self) -> None:
        while self._on:
            self.peak = max(self.peak, rss_mb())
            time.sleep(0.01)

    def __exit__(self, *exc: object) -> None:
        self._on = False
        self._thread.join()
        self.peak = max(self.peak, rss_mb())


FLOODS = {
    "a line that never ends (no newline)":
        "import sys; sys.stdin.readline()\nwhile True: sys.stdout.write('x' * 65536)",
    "one 100 MB line": "import sys; sys.stdin.readline(); sys.stdout.write('y' * (100 << 20) "
                       "+ '\\n'); sys.stdout.flush(); sys.stdin.read()",
    "endless short lines": "import sys; sys.stdin.readline()\nwhile True: print('{}')",
    "silent (reads, never answers)": "import sys, time; sys.stdin.readline(); time.sleep(600)",
    "reads nothing (a 4 MB record sent)": "import time; time.sleep(600)",
}


def bots() -> None:
    print(f"Bots asked one Prepollency turn, timeout {TIMEOUT:g} s:")
    engine = GAMES["prepollency"]
    state = engine.new_state(random.Random(1), 2)
    for name, code in FLOODS.items():
        extra = {"padding": "p" * (4 << 20)} if "4 MB" in name else {}
        record = rec.build(engine, state, [], state, **extra)
        bot = Bot(shlex.join([sys.executable, "-c", code]), timeout=TIMEOUT)
        with Peak() as peak:
            started = time.perf_counter()
            try:
                bot.ask(engine, state, record)
                outcome = "answered (unexpected)"
            except Forfeit as err:
                outcome = str(err).removeprefix(bot.name).strip()
            took = time.perf_counter() - started
            bot.close()
        print(f"  {name}: forfeit after {took:.2f} s; peak RSS {peak.peak:.0f} MB "
              f"(+{peak.peak - peak.before:.1f} MB); {outcome[:90]}")


def worker() -> None:
    from common.ai import worker as worker_module

    engine = GAMES["prepollency"]
    state = engine.new_state(random.Random(2), 2)
    w = worker_module.AIWorker()
    try:
        while w._beat.value == 0.0:
            time.sleep(0.02)
        w.start("prepollency", state, "easy:50", seed=1)
        started = time.perf_counter()
        os.kill(w._proc.pid, signal.SIGSTOP)
        while (move := w.poll()) is None:
            time.sleep(0.01)
        took = time.perf_counter() - started
        print(f"CPU worker stopped with SIGSTOP: a move from a restarted worker after "
              f"{took:.2f} s (stall limit {worker_module.STALL:g} s); legal: "
              f"{move in engine.legal_moves(state)}; said: {w.take_event()!r}")
    finally:
        w.close()


def validate() -> None:
    with tempfile.TemporaryDirectory() as folder:
        fifo = Path(folder) / "pipe.json"
        os.mkfifo(fifo)
        for path in (str(fifo), "/dev/zero"):
            started = time.perf_counter()
            done = subprocess.run([sys.executable, str(ROOT / "main.py"), "validate", path],
                                  capture_output=True, text=True, timeout=60)
            took = time.perf_counter() - started
            print(f"validate {path}: {took:.2f} s (process included), exit {done.returncode}: "
                  f"{done.stdout.strip()[-70:]}")


def selfplay(games: int) -> None:
    print(f"Selfplay, 4 random Prepollency seats, {games:,} games:")
    command = [sys.executable, str(ROOT / "main.py"), "selfplay", "prepollency", "--players",
               "random,random,random,random", "--games", str(games), "--seed", "1"]
    started = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, bufsize=1)
    peak, marks, summary = 0.0, [], []
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("game "):
            number = int(line.split()[1].rstrip(":"))
            rss = rss_mb(proc.pid)
            peak = max(peak, rss)
            if number in (1, 100) or number % 1000 == 0:
                marks.append((number, rss))
        else:
            summary.append(line.rstrip())
    proc.wait()
    took = time.perf_counter() - started
    for number, rss in marks:
        print(f"  after game {number:>6,}: RSS {rss:.1f} MB")
    print(f"  peak RSS {peak:.1f} MB; {took:.0f} s in all; {summary[0] if summary else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--skip-selfplay", action="store_true")
    parser.add_argument("--saves-only", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    import hostile_saves

    if args.saves_only:
        hostile_saves.main()
        return
    bots()
    worker()
    validate()
    hostile_saves.main()
    if not args.skip_selfplay:
        selfplay(args.games)


if __name__ == "__main__":
    main()
