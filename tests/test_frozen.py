"""What the program starts for itself works in the stand-alone build too (PyInstaller, where
`sys.executable` is the game's own executable and no Python takes a script): the bot watchdog
and the example bot are started as that executable with arguments, and main.py (the build's
entry script) answers them. Here main.py run by this Python stands in for the executable; the
build itself is checked whole by `python3 bootstrap.py bench build` (a game against the
example bot, then SIGKILL: no process left)."""

from __future__ import annotations

import json
import os
import random
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import launch, paths
from common.ai import keeper, reaper
from common.processes import Parent
from common.seats import bot_name
from common.ui.bots import check_command, example_command

ROOT = Path(__file__).resolve().parents[1]
EXE = [sys.executable, str(ROOT / "main.py")]  # the frozen executable's stand-in


def _wait_until_it_ignores_ctrl_c(pid: int, deadline: float = 120.0) -> None:
    """Until the process has started far enough to ignore SIGINT (Linux: its signal mask in
    /proc; on a busy machine the imports before that take seconds); elsewhere a moment."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        time.sleep(0.5)
        return
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        for line in status.read_text().splitlines():
            if line.startswith("SigIgn:") and int(line.split()[1], 16) >> (signal.SIGINT - 1) & 1:
                return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} never came to ignore Ctrl+C")


@pytest.fixture
def frozen(monkeypatch):
    """This process as the stand-alone build sees itself."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.frozen()


def test_frozen_commands_start_the_executable_itself(frozen):
    assert reaper.command() == [sys.executable, launch.SCRIPT_ARG, "watchdog"]
    assert keeper.command(["bot"], Parent(7, 12.5)) == [sys.executable, launch.SCRIPT_ARG,
                                                         "keeper", "7", "12.5", "bot"]
    assert keeper.command(["bot"], Parent(7, None))[3:] == ["7", "-", "bot"]
    assert launch.script_command("save-index", "/r") == [sys.executable, launch.SCRIPT_ARG,
                                                         "save-index", "/r"]
    assert launch.self_command("bot", "random") == [sys.executable, "bot", "random"]
    assert shlex.split(example_command()) == [sys.executable, "bot", "random"]


def test_unfrozen_commands_run_this_python():
    assert reaper.command()[:2] == [sys.executable, "-c"]
    for name in launch.SCRIPTS:  # every helper script compiles, so the build can run it too
        command = launch.script_command(name)
        assert command[:2] == [sys.executable, "-c"]
        compile(command[2], name, "exec")
    assert shlex.split(example_command()) == [sys.executable, str(paths.SOURCE_ROOT / "main.py"),
                                              "bot", "random"]
    assert check_command(example_command()) is None
    assert bot_name(example_command()) == "random-bot"
    assert bot_name("/opt/game/overlords-prepollency bot random") == "random-bot"
    assert bot_name("/opt/bots/main.py") == "main.py"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped by its parent) counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return True


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
def test_the_frozen_watchdog_path_kills_the_registered_groups_when_the_game_is_gone():
    """The exact command the stand-alone build runs (its executable told to be the watchdog, here
    main.py): it kills a registered bot's whole group once its stdin closes, as it does when
    the game is killed, and it ignores Ctrl+C."""
    bot = subprocess.Popen(["sleep", "300"], start_new_session=True)
    child = subprocess.Popen(["sh", "-c", "sleep 300 & wait"], start_new_session=True)
    watchdog = subprocess.Popen([*EXE, launch.SCRIPT_ARG, "watchdog"], stdin=subprocess.PIPE,
                                start_new_session=True)
    try:
        assert watchdog.stdin is not None
        watchdog.stdin.write(f"+{bot.pid}\n+{child.pid}\n-{child.pid}\n".encode())
        watchdog.stdin.flush()
        _wait_until_it_ignores_ctrl_c(watchdog.pid)
        os.kill(watchdog.pid, signal.SIGINT)  # a Ctrl+C is the game's, not the watchdog's
        watchdog.stdin.close()  # the game is gone
        assert watchdog.wait(timeout=60) == 0
        # the keepers are asked first (SIGTERM to the group's leader), then the group killed
        assert bot.wait(timeout=10) in (-signal.SIGTERM, -signal.SIGKILL)
        assert child.poll() is None, "an unregistered group is left alone"
    finally:
        for proc in (bot, child, watchdog):
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_the_built_in_bot_answers_over_json_lines():
    """`bot random` (what the Bot… field offers) plays the protocol of examples/random_bot.py:
    one answer line a message, a bad line answered with an error, not a traceback."""
    from common.games import GAMES
    from common.match import Match

    engine = GAMES["prepollency"].engine
    match = Match(engine, engine.new_state(random.Random(1), 2), ["human", "human"])
    record = match.record()
    seat = engine.player_label(engine.to_move(match.state))
    messages = [{"type": "turn", "record": record, "seat": seat}, {"type": "hello"}]
    lines = "".join(json.dumps(m) + "\n" for m in messages) + "not json\n"
    done = subprocess.run([*EXE, "bot", "random", "5"], input=lines, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    turn, unknown, bad = (json.loads(line) for line in done.stdout.splitlines())
    assert engine.parse_move(match.state, turn["turn"]) in engine.legal_moves(match.state)
    assert unknown == {"error": "unknown message"}
    assert bad["error"].startswith("JSONDecodeError")


def test_the_watchdog_never_kills_init_every_group_or_its_own():
    """Fed nonsense, it would kill only real other groups. (Run with os.killpg replaced by a
    print and os.kill by nothing, so a failure of this test cannot kill anything.)"""
    code = ("import os, sys; os.killpg = lambda g, s: print(g, flush=True); "
            "os.kill = lambda p, s: None; "
            "from common.ai import reaper; "
            "exec(compile(reaper.WATCHDOG_SOURCE, 'w', 'exec'), {'__name__': 'w'})")
    lines = "+1\n+0\n+-3\n+x\n+%d\n+4242\n+4343\n-4343\n"
    done = subprocess.run([sys.executable, "-c", code], input=lines.replace(
        "%d", str(os.getpgid(0))), capture_output=True, text=True, timeout=60,
        start_new_session=False, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["4242"]


def test_the_build_bench_looks_for_the_processes_the_build_starts(frozen):
    """`bench build` looks for each helper by its command line: the marks it looks for are
    those of the commands the build runs (it looked for an old watchdog option and failed)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("op_bench_build", ROOT / "bench" / "build.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    marks = bench.marks()
    assert marks["watchdog"] in " ".join(reaper.command())
    assert marks["keeper"] in " ".join(keeper.command(["exe", "bot", "random"], Parent(7, None)))
    assert marks["bot"] in " " + " ".join(launch.self_command("bot", "random"))
