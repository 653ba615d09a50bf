"""Bytes from a file or a bot are hostile: what is read is bounded, what an error message
quotes is cut, and nothing crashes."""

from __future__ import annotations

import json
import os
import random
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import record as rec
from common.ai.bot import MAX_LINE, Bot
from common.games import engines
from common.protocol import Forfeit
from tests.helpers.fake_workers import BrokenWorker

GAMES = engines()
HUGE = "x" * 100_000


@pytest.mark.parametrize("record", [
    {"game": "overlords", "version": 1, "features": {}, "setup": {}, "moves": [HUGE],
     "result": None},
    {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [[HUGE]],
     "result": None},
    {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [HUGE],
     "result": None},
    {"game": "prepollency", "version": 1, "seats": HUGE, "first": 1, "turns": [],
     "result": None},
    {"game": HUGE, "version": 1},
    {"game": "prepollency", "version": 1, "seats": [1, 2, 3], "first": 1, "turns": [],
     "withdrawn": [{"seat": HUGE, "after": 0, "reason": "resign"}], "result": None},
])
def test_record_errors_quote_a_bounded_piece(record: dict) -> None:
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert len(str(err.value)) < 300


def test_a_record_file_too_large_is_refused_unread(tmp_path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (rec.MAX_BYTES + 1))
    with pytest.raises(rec.RecordError, match="too large"):
        rec.load(path)


def test_a_bot_line_too_long_forfeits_with_a_short_message(tmp_path) -> None:
    script = tmp_path / "flood.py"
    script.write_text(f"import sys\nsys.stdin.readline()\nprint('x' * {MAX_LINE * 4})\n"
                      "sys.stdout.flush()\n")
    bot = Bot(f"{sys.executable} {script}", timeout=20)
    state = GAMES["prepollency"].new_state(random.Random(1), 2)
    record = rec.build(GAMES["prepollency"], state, [], state)
    try:
        with pytest.raises(Forfeit) as err:
            bot.ask(GAMES["prepollency"], state, record)
    finally:
        bot.close()
    assert "answered a line of over 1 MB" in str(err.value) and len(str(err.value)) < 300


def test_a_bot_playing_a_huge_turn_is_quoted_short(tmp_path) -> None:
    answer = json.dumps({"turn": ["a1-a2"] * 5000})
    script = tmp_path / "long.py"
    script.write_text(f"import sys\nsys.stdin.readline()\nprint({answer!r})\n"
                      "sys.stdout.flush()\n")
    bot = Bot(f"{sys.executable} {script}", timeout=20)
    state = GAMES["prepollency"].new_state(random.Random(1), 2)
    try:
        with pytest.raises(Forfeit) as err:
            bot.ask(GAMES["prepollency"], state, rec.build(GAMES["prepollency"], state, [],
                                                          state))
    finally:
        bot.close()
    assert "played" in str(err.value) and len(str(err.value)) < 400


# --- records ------------------------------------------------------------------------------

def _prepollency(players: int = 2) -> tuple[dict, object]:
    engine = GAMES["prepollency"]
    state = engine.new_state(random.Random(1), players)
    return rec.build(engine, state, [], state), engine


@pytest.mark.parametrize("text", [
    '{"game": "overlords", "version": 1, "moves": [' + "9" * 5000 + "]}",
    '{"a": -' + "1" * 4301 + "}",
])
def test_an_integer_of_more_than_4300_digits_is_a_record_error(text: str) -> None:
    with pytest.raises(rec.RecordError, match="a number too long"):
        rec.loads(text)


def test_a_fifo_and_a_device_are_refused_without_waiting(tmp_path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(rec.RecordError, match="not a regular file \\(a FIFO\\)"):
        rec.load(fifo)
    with pytest.raises(rec.RecordError, match="not a regular file \\(a character device\\)"):
        rec.load("/dev/zero")


def test_a_path_too_long_or_with_a_nul_is_a_record_error(tmp_path) -> None:
    with pytest.raises(rec.RecordError, match="cannot be read"):
        rec.load(tmp_path / ("x" * 5000))
    with pytest.raises(rec.RecordError, match="cannot be read"):
        rec.load(str(tmp_path / "a\0b.json"))


def test_no_result_key_and_a_null_withdrawn_read_as_unfinished_and_none() -> None:
    record, _ = _prepollency(3)
    del record["result"]
    record["withdrawn"] = None
    replay = rec.replay(record, GAMES)
    assert replay.withdrawn == () and GAMES["prepollency"].outcome(replay.final) is None


@pytest.mark.parametrize(("players", "winner", "message"), [
    (2, None, "a forfeit result needs a winner (the player who stays), not null"),
    (4, 1, "a forfeit ends the game only when two players are left, but 4 are still in "
           "(1, 2, 3, 4)"),
    (3, 1, "result winner 1 already left the game (see \"withdrawn\")"),
])
def test_a_bad_forfeit_result_names_the_actual_problem(players, winner, message) -> None:
    record, _ = _prepollency(players)
    if players == 3:
        record["withdrawn"] = [{"seat": 1, "after": 0, "reason": "forfeit"}]
    record["result"] = {"winner": winner, "reason": "forfeit"}
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert message in str(err.value)


@pytest.mark.parametrize("winner", ["\0", "\ud800", 1e308, float("inf"), [[1]], {"a": 1},
                                    10 ** 5000], ids=range(7))
def test_a_strange_winner_is_a_record_error(winner) -> None:
    record, _ = _prepollency()
    record["result"] = {"winner": winner, "reason": "resign"}
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert "is not a player" in str(err.value) and len(str(err.value)) < 200


# --- bots ---------------------------------------------------------------------------------

def _bot(code: str, timeout: float = 20.0) -> Bot:
    return Bot(shlex.join([sys.executable, "-c", code]), timeout=timeout)


def _ask(bot: Bot, game: str = "prepollency"):
    engine = GAMES[game]
    state = engine.new_state(random.Random(1), 2)
    return bot.ask(engine, state, rec.build(engine, state, [], state))


def _forfeit(bot: Bot, game: str = "prepollency") -> str:
    try:
        with pytest.raises(Forfeit) as err:
            _ask(bot, game)
    finally:
        bot.close()
    return str(err.value)


FIRST_MOVE = 'import sys; sys.stdin.readline(); print(\'{"turn": []}\', flush=True)'


@pytest.mark.parametrize("code", [
    "import sys; sys.stdin.readline(); sys.stdout.write('x' * (3 << 20)); sys.stdout.flush(); "
    "import time; time.sleep(60)",  # no newline, ever
    "import sys, time; sys.stdin.readline(); [sys.stdout.write('y' * 65536) for _ in "
    "range(10 ** 6)]",  # an endless flood
])
def test_a_flooding_bot_forfeits_at_once_not_at_the_timeout(code: str) -> None:
    message = _forfeit(_bot(code, timeout=60.0))
    assert "answered a line of over 1 MB" in message and len(message) < 300
    assert "within" not in message  # not the 60 s timeout


def test_many_short_lines_unasked_are_a_flood_too() -> None:
    code = "import sys; sys.stdin.readline(); [print('{}') for _ in range(10 ** 7)]"
    bot = _bot(code)
    try:
        with pytest.raises(Forfeit):  # the first line is the answer: {} has no "turn"
            _ask(bot)
    finally:
        bot.close()


def test_a_second_line_for_one_message_is_refused_and_named() -> None:
    code = ("import sys, json\nfor line in sys.stdin:\n"
            "    print(json.dumps({'turn': []}))\n    print('\\x1b[2Jgarbage', flush=True)\n")
    bot = _bot(code)
    engine = GAMES["prepollency"]
    state = engine.new_state(random.Random(1), 2)
    try:
        move = bot.ask(engine, state, rec.build(engine, state, [], state))
        state2 = engine.apply(state, move)
        time.sleep(0.5)  # the second line has come by the next question
        with pytest.raises(Forfeit) as err:
            bot.ask(engine, state2, rec.build(engine, state, [move], state2))
    finally:
        bot.close()
    assert "printed a second line for one message: '\\x1b[2Jgarbage'" in str(err.value)


def test_an_answer_with_a_5000_digit_number_forfeits() -> None:
    code = "import sys; sys.stdin.readline(); print('{\"turn\": ' + '9' * 5000 + '}', flush=True)"
    message = _forfeit(_bot(code))
    assert "which is not JSON" in message and len(message) < 300


def test_a_bot_that_reads_nothing_forfeits_on_time_with_a_huge_record() -> None:
    engine = GAMES["prepollency"]
    state = engine.new_state(random.Random(1), 2)
    record = rec.build(engine, state, [], state, padding="p" * (4 << 20))  # fills the pipe
    bot = _bot("import time; time.sleep(60)", timeout=1.0)
    try:
        with pytest.raises(Forfeit, match="gave no answer within 1 s"):
            bot.ask(engine, state, record)
    finally:
        bot.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped by its new parent) is gone for our purpose
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _gone(pid: int, limit: float = 10.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_a_bot_that_quits_leaving_a_child_on_its_output_is_reported_as_quit(tmp_path) -> None:
    pidfile = tmp_path / "child"
    code = (f"import subprocess, sys; sys.stdin.readline(); "
            f"p = subprocess.Popen(['sleep', '600']); open({str(pidfile)!r}, 'w').write("
            f"str(p.pid)); sys.exit(4)")
    message = _forfeit(_bot(code, timeout=30.0))
    assert "stopped (exit status 4) without answering" in message
    assert _gone(int(pidfile.read_text())), "the bot's child ends with it"


def test_closing_a_bot_ends_the_programs_it_started(tmp_path) -> None:
    pidfile = tmp_path / "child"
    code = (f"import subprocess, sys; p = subprocess.Popen(['sleep', '600']); "
            f"open({str(pidfile)!r}, 'w').write(str(p.pid)); sys.stdin.readline(); "
            "print('{\"turn\": []}', flush=True); sys.stdin.read()")
    bot = _bot(code)
    try:
        _ask(bot)
    finally:
        bot.close()
    assert _gone(int(pidfile.read_text()))


KILLED_PARENT = """
import json, multiprocessing.resource_tracker as rt, random, sys, time
sys.path.insert(0, {root!r})
from common.ai.bot import Bot
from common.ai.worker import AIWorker
from common.games import engines
games = engines()
worker = AIWorker()
worker.start("prepollency", games["prepollency"].new_state(random.Random(1), 2), "random")
while worker.poll() is None:
    time.sleep(0.01)
bot = Bot(sys.executable + " -c 'import subprocess, sys; p = subprocess.Popen([\\"sleep\\", "
          "\\"600\\"]); print(p.pid, flush=True); sys.stdin.read()'")
proc, out = bot._start()
child = int(out.get(10))
print(json.dumps({{"worker": worker._proc.pid, "tracker": rt._resource_tracker._pid,
                  "bot": proc.pid, "child": child}}), flush=True)
time.sleep(600)
"""


def test_when_the_app_is_killed_its_worker_tracker_and_bots_exit() -> None:
    root = str(Path(__file__).resolve().parents[1])
    app = subprocess.Popen([sys.executable, "-c", KILLED_PARENT.format(root=root)],
                           stdout=subprocess.PIPE, text=True)
    try:
        pids = json.loads(app.stdout.readline())
    finally:
        app.kill()
        app.wait()
    for name, pid in pids.items():
        assert _gone(pid), f"the {name} outlived the killed app"


# --- the CPU worker -----------------------------------------------------------------------

def _wait_move(poll, limit: float = 60.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        move = poll()
        if move is not None:
            return move
        time.sleep(0.01)
    raise AssertionError("no move in time")


def _beating(worker) -> None:
    end = time.monotonic() + 60
    while worker._beat.value == 0.0:
        assert time.monotonic() < end, "the worker never started"
        time.sleep(0.02)


def test_a_stopped_worker_is_restarted_and_says_so_then_a_second_stop_gives_up(monkeypatch):
    import signal

    from common.ai import worker as worker_module

    monkeypatch.setattr(worker_module, "STALL", 1.0)
    state = GAMES["prepollency"].new_state(random.Random(2), 2)
    worker = worker_module.AIWorker()
    try:
        _beating(worker)
        first = worker._proc.pid
        worker.start("prepollency", state, "easy:50", seed=1)
        os.kill(first, signal.SIGSTOP)
        move = _wait_move(worker.poll)
        assert move in GAMES["prepollency"].legal_moves(state)
        assert not _alive(first) or _gone(first), "the stopped worker is killed"
        assert worker.take_event() == "The CPU search was restarted: it stopped responding"
        assert worker.take_event() is None
        _beating(worker)
        worker.start("prepollency", state, "hard:1000000", seed=1)
        os.kill(worker._proc.pid, signal.SIGSTOP)
        worker._restarted = True  # as if this position had already cost a restart
        with pytest.raises(RuntimeError, match="failed twice on this position"):
            _wait_move(worker.poll, 30)
    finally:
        worker.close()


def test_an_overdue_search_counts_as_hung(monkeypatch):
    from common.ai import worker as worker_module

    monkeypatch.setattr(worker_module, "MIN_LIMIT", 0.3)
    monkeypatch.setattr(worker_module, "LIMIT_FACTOR", 0.0)
    worker = worker_module.AIWorker()
    state = GAMES["prepollency"].new_state(random.Random(2), 2)
    try:
        _beating(worker)
        worker.start("prepollency", state, "hard", seed=1)  # 3 s of search, 0.3 s allowed
        with pytest.raises(RuntimeError, match="a move took over 0.3 s"):
            _wait_move(worker.poll, 30)
    finally:
        worker.close()


class _DyingWorker(BrokenWorker):
    """A worker whose every request fails, counted on its own."""

    made = 0


def test_the_random_fallback_is_shown_while_it_lasts_and_the_next_game_tries_anew(monkeypatch):
    from common.seats import Ask
    from common.ui import cpu as cpu_module

    monkeypatch.setattr(cpu_module, "_worker_class", lambda: _DyingWorker)
    _DyingWorker.made = 0
    runner = cpu_module.CpuRunner(GAMES)
    state = GAMES["overlords"].new_state(random.Random(3), 2)
    try:
        runner.new_game()
        runner.prepare()
        assert runner.notice is None
        runner.start(Ask("overlords", state, 1), "hard")
        assert _wait_move(runner.poll) in GAMES["overlords"].legal_moves(state)
        assert runner.take_warning() == cpu_module.FALLBACK_WARNING
        for _ in range(3):  # for as long as it lasts, not once
            assert runner.notice == cpu_module.FALLBACK_NOTICE
            runner.start(Ask("overlords", state, 2), "hard")
            assert _wait_move(runner.poll) in GAMES["overlords"].legal_moves(state)
        runner.new_game()  # the next game: a fresh worker
        end = time.monotonic() + 10
        while not runner.ready():
            assert time.monotonic() < end
            time.sleep(0.01)
        assert runner.notice is None and _DyingWorker.made == 2
    finally:
        runner.close()


# --- command lines ------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def _main(*argv: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True,
                          text=True, timeout=120, **kwargs)


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "0", "-1", "3601"])
def test_an_out_of_range_bot_timeout_is_refused(value: str, capsys) -> None:
    import main

    for command in (["selfplay", "prepollency", "--players", "random,random"],
                    ["play", "overlords"]):
        with pytest.raises(SystemExit) as exit_:
            main.main([*command, "--bot-timeout", value])
        assert exit_.value.code == 2
        assert "bot timeout" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["--nodes", "99999999999999999999"],
    ["--nodes", "1000001"],
    ["--players", "easy:99999999999999999999,random"],
])
def test_absurd_node_counts_are_refused_with_a_clear_message(argv, capsys) -> None:
    import main

    args = ["selfplay", "overlords", "--players", "random,random", *argv]
    with pytest.raises(SystemExit) as exit_:
        main.main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "too many" in err and "1,000,000" in err


def test_validate_refuses_fifos_and_devices_escapes_what_it_prints_and_goes_on(tmp_path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps({"game": "\x1b]0;pwned\x07\x1b[2J", "version": 1}))
    weird = Path(os.fsdecode(bytes(tmp_path) + b"/bad\xff\x1b.json"))
    weird.write_text("{}")
    big = tmp_path / "big.json"
    big.write_text('{"game": "overlords", "version": 1, "moves": [' + "1" * 5000 + "]}")
    long_move = tmp_path / "long.json"
    long_move.write_text(json.dumps({"game": "prepollency", "version": 1, "seats": [1, 3],
                                     "first": 1, "turns": [["\x1b" * 200_000]],
                                     "result": None}))
    done = _main("validate", str(fifo), "/dev/zero", str(evil), str(big), str(long_move),
                 os.fsdecode(bytes(tmp_path) + b"/bad\xff\x1b.json"),
                 env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    lines = done.stdout.splitlines()
    assert done.returncode == 1 and done.stderr == "", done.stderr
    assert len(lines) == 6
    assert "not a regular file (a FIFO)" in lines[0]
    assert "/dev/zero: not a regular file (a character device)" in lines[1]
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert 'unknown game "\\u001b]0;pwned' in lines[2]
    assert "a number too long" in lines[3]
    assert all(len(line) < 400 for line in lines)
    assert "\\udcff\\x1b.json: missing \"game\"" in lines[5]


def test_selfplay_that_cannot_write_says_so_in_one_line_and_keeps_the_games(tmp_path,
                                                                           monkeypatch,
                                                                           capsys) -> None:
    import errno

    import main

    real_save, calls = rec.save, []

    def full_disk(path, record) -> None:
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_save(path, record)

    monkeypatch.setattr(rec, "save", full_disk)
    code = main.main(["selfplay", "prepollency", "--players", "random,random", "--games", "5",
                      "--max-moves", "10", "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert err.strip().splitlines() == [
        f"selfplay: cannot write {tmp_path}/prepollency-0003.json (No space left on device); "
        "stopped after game 3: the 2 records written before it are kept"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["prepollency-0001.json",
                                                        "prepollency-0002.json"]
    assert "total 3 games" in out


def test_selfplay_past_a_file_size_limit_ends_without_a_traceback(tmp_path) -> None:
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "selfplay", "prepollency", "--players",
         "random,random", "--games", "3", "--max-moves", "10", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120, preexec_fn=limit)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "cannot write" in done.stderr and "File too large" in done.stderr
    assert not list(tmp_path.iterdir()), "no half-written record is left"


# --- the bot setup protocol -----------------------------------------------------------------

SETUP_BOT = """import json, sys
answer = json.load(open(sys.argv[1]))
for line in sys.stdin:
    message = json.loads(line)
    print(json.dumps(answer if message["type"] == "setup" else {"move": "x"}), flush=True)
"""


def _setup_bot(folder: Path, answer: object) -> str:
    """A cmd: seat (no commas: they separate seats) answering its setup with `answer`."""
    (folder / "bot.py").write_text(SETUP_BOT)
    (folder / "answer.json").write_text(json.dumps(answer))
    argv = [sys.executable, str(folder / "bot.py"), str(folder / "answer.json")]
    return f"cmd:{shlex.join(argv)}"


@pytest.mark.parametrize(("answer", "words"), [
    ({"setup": {"O": "e8", "D": "f8", "W": "d8", "H": "c8"}}, "must stand on rank 1, not e8"),
    ({"setup": {"O": "e1", "D": "e1", "W": "d1", "H": "c1"}}, "two figures on e1"),
    ({"setup": {"O": "e1", "D": "f1", "W": "d1"}}, "a setup places exactly D, H, O, W"),
    ({"setup": {"O": "e1", "D": "f1", "W": "d1", "H": "c1", "K": "a1"}}, "places exactly"),
    ({"setup": ["e1"]}, "a setup is an object like"),
    ({"move": "2D f1-c4"}, 'expected {"setup": ...}'),
])
def test_an_illegal_setup_forfeits_before_the_first_move(tmp_path, answer, words) -> None:
    bots = tmp_path / "bot"
    bots.mkdir()
    done = _main("selfplay", "overlords", "--players", f"{_setup_bot(bots, answer)},random",
                 "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "forfeits at its setup" in done.stderr and words in done.stderr
    assert "black wins by forfeit after 0 moves" in done.stdout
    record = rec.load(tmp_path / "out" / "overlords-0001.json")
    assert record["result"] == {"winner": "black", "reason": "forfeit"}
    rec.replay(record, GAMES)


def test_a_bot_setup_is_played_and_null_leaves_it_to_the_normal_level(tmp_path) -> None:
    from common.ai.bot import BotPlayer, setup_record

    engine = GAMES["overlords"]
    mine = {"O": "a8", "D": "b8", "W": "g8", "H": "h8"}
    seen = tmp_path / "seen.json"
    code = ("import json, sys\nline = sys.stdin.readline()\nopen(sys.argv[2], 'w').write(line)\n"
            "print(json.dumps({'setup': json.loads(sys.argv[1])}), flush=True)\n")
    state = engine.new_state(random.Random(5), 2)
    bot = BotPlayer(engine, shlex.join([sys.executable, "-c", code, json.dumps(mine),
                                        str(seen)]), 20, random.Random(1))
    try:
        after = bot.opening(state, 1)
    finally:
        bot.close()
    header = engine.record_header(after)
    assert header["setup"]["black"] == mine
    assert header["setup"]["white"] == engine.record_header(state)["setup"]["white"]
    message = json.loads(seen.read_text())
    assert message["type"] == "setup" and message["seat"] == "black"
    assert message["record"] == setup_record(engine, state, 1)
    assert list(message["record"]["setup"]) == ["white"], "Black sees White's setup only"
    assert setup_record(engine, state, 0)["setup"] == {}, "White sees none"
    bot = BotPlayer(engine, shlex.join([sys.executable, "-c", code, "null", str(seen)]), 20,
                    random.Random(1))
    try:
        left = bot.opening(state, 1)
    finally:
        bot.close()
    from common.ai.bot import program_setup

    assert left == program_setup(engine, state, 1, random.Random(1))


def test_perft_depth_and_huge_numbers_are_refused_at_the_command_line(capsys) -> None:
    import main

    for argv in (["perft", "x.json", "--depth", "50"],
                 ["selfplay", "overlords", "--players", "random,random", "--games",
                  "9" * 5000]):
        with pytest.raises(SystemExit) as exit_:
            main.main(argv)
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err) < 2000


@pytest.mark.parametrize("kind", ["fifo", "huge", "device"])
def test_a_settings_file_that_is_not_one_is_refused_unread(tmp_path, kind, capsys) -> None:
    from common.ui import settings as settings_io

    file = tmp_path / "settings.json"
    if kind == "fifo":
        os.mkfifo(file)
    elif kind == "huge":
        file.write_text('{"sound": false, "x": "' + "y" * (1 << 20) + '"}')
    else:
        file = Path("/dev/zero")
    assert settings_io.load(file) == settings_io.Settings()
    assert "using the defaults" in capsys.readouterr().err


def _paths(value, path=()):
    """Every path to a value inside a JSON value."""
    yield path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, (*path, key))


@pytest.mark.parametrize("name", ["overlords", "prepollency"])
def test_every_value_of_a_record_made_huge_or_strange_is_a_short_record_error(name) -> None:
    import copy

    engine = GAMES[name]
    state = engine.new_state(random.Random(1), 2)
    move = engine.random_move(state, random.Random(2))
    base = rec.build(engine, state, [move], engine.apply(state, move))
    for path in list(_paths(base))[1:]:
        for value in (HUGE, "2D " + HUGE, [HUGE], {HUGE: HUGE}, 10 ** 4000, "\0\ud800"):
            record = copy.deepcopy(base)
            inner = record
            for key in path[:-1]:
                inner = inner[key]
            inner[path[-1]] = value
            try:
                rec.replay(record, GAMES)
            except rec.RecordError as err:
                assert len(str(err)) <= rec.MAX_MESSAGE, (path, str(err)[:100])


def test_a_bot_move_quoting_a_huge_square_is_quoted_short() -> None:
    code = ("import sys, json; sys.stdin.readline(); "
            "print(json.dumps({'turn': ['c3-' + 'z' * 100000]}), flush=True)")
    message = _forfeit(_bot(code))
    assert "played" in message and len(message) < 600


def test_selfplay_into_a_closed_pipe_stops_quietly() -> None:
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "selfplay", "prepollency",
                             "--players", "random,random", "--games", "100000",
                             "--max-moves", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_the_example_bot_sets_up_legally_and_never_loses_on_move_one() -> None:
    from common.ai.bot import BotPlayer

    engine = GAMES["overlords"]
    example = shlex.join([sys.executable, str(ROOT / "examples" / "random_bot.py"), "3"])
    bot = BotPlayer(engine, example, 20)
    try:
        for seed in range(6):
            state = engine.new_state(random.Random(seed), 2)
            white = bot.opening(state, 0)
            black = bot.opening(white, 1)
            assert engine.record_header(black)["setup"]["white"] == \
                engine.record_header(white)["setup"]["white"]
            assert not any(engine.outcome(engine.apply(black, move)) is not None
                           for move in engine.legal_moves(black)), seed
    finally:
        bot.close()


class _RestartingWorker(_DyingWorker):
    """A worker that answers, but has been restarted this many times."""

    restarts = 0

    def start(self, game_name, state, spec, seed=None) -> None:
        self._move = GAMES[game_name].random_move(state, random.Random(seed))

    def poll(self):
        return self._move


def test_a_worker_restarted_again_and_again_in_one_game_gives_way_to_random(monkeypatch):
    from common.seats import Ask
    from common.ui import cpu as cpu_module

    monkeypatch.setattr(cpu_module, "_worker_class", lambda: _RestartingWorker)
    runner = cpu_module.CpuRunner(GAMES)
    state = GAMES["overlords"].new_state(random.Random(3), 2)
    try:
        runner.prepare()
        while not runner.ready():
            time.sleep(0.01)
        runner.new_game()
        runner.start(Ask("overlords", state, 1), "hard")
        assert runner.poll() is not None and runner.notice is None
        runner._worker.restarts = cpu_module.MAX_RESTARTS  # three restarts in this game
        runner.start(Ask("overlords", state, 2), "hard")
        assert runner.poll() is not None  # this answer still counts
        assert runner.notice == cpu_module.FALLBACK_NOTICE
    finally:
        runner.close()
