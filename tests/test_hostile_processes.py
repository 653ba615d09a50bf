"""Issue 20 item 11: nothing a bot starts outlives its game or the app, not even a grandchild
that left the bot's process group (``setsid``), and a CPU worker stopped with SIGSTOP ends
with the app even when the app is SIGKILLed. The bots and the app are crafted here."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from common.ai.bot import Bot
from tests.helpers.procs import alive

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

ESCAPER = textwrap.dedent("""
    import subprocess, sys, time
    # a grandchild in a session of its own: the bot's process group does not hold it
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             start_new_session=True)
    open(sys.argv[1], "w").write(str(child.pid))
    for line in sys.stdin:
        pass
    time.sleep(600)  # it never quits by itself either
""")


def _wait(check, limit: float = 60.0) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def _escaper(tmp_path: Path) -> tuple[str, Path]:
    script = tmp_path / "escaper.py"
    script.write_text(ESCAPER)
    return f"{sys.executable} {script} {tmp_path / 'pid'}", tmp_path / "pid"


def test_closing_a_bot_ends_the_grandchild_that_left_its_group(tmp_path):
    command, pid_file = _escaper(tmp_path)
    bot = Bot(command)
    try:
        proc, _ = bot._start()
        assert _wait(lambda: pid_file.exists() and pid_file.read_text().isdigit())
        grandchild = int(pid_file.read_text())
        assert alive(grandchild) and os.getpgid(grandchild) != proc.pid, "it left the group"
    finally:
        bot.close(0.1)
    assert _wait(lambda: not alive(grandchild)), "the setsid grandchild outlived the bot"


def test_a_missing_program_is_still_told_before_it_starts():
    from common.protocol import Forfeit

    with pytest.raises(Forfeit, match="could not start .*No such file"):
        Bot("no-such-program-h20-here")._start()


APP = textwrap.dedent("""
    import os, signal, sys, time
    sys.path.insert(0, os.getcwd())
    from common.ai.bot import Bot
    from common.ai.worker import AIWorker
    bot = Bot(sys.argv[1])
    bot._start()
    worker = AIWorker()
    while worker._proc.pid is None:
        time.sleep(0.01)
    os.kill(worker._proc.pid, signal.SIGSTOP)
    print(worker._proc.pid, flush=True)
    time.sleep(600)
""")


def test_a_sigkilled_app_leaves_no_bot_grandchild_and_no_stopped_worker(tmp_path):
    command, pid_file = _escaper(tmp_path)
    app = subprocess.Popen([sys.executable, "-c", APP, command], stdout=subprocess.PIPE,
                           cwd=Path(__file__).resolve().parent.parent, text=True)
    try:
        worker = int(app.stdout.readline())
        assert _wait(lambda: pid_file.exists() and pid_file.read_text().isdigit())
        grandchild = int(pid_file.read_text())
        assert alive(worker) and alive(grandchild)
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait()
    assert _wait(lambda: not alive(grandchild)), "the bot's setsid grandchild stayed"
    assert _wait(lambda: not alive(worker)), "the stopped CPU worker stayed"
