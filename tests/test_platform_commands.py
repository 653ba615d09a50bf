"""Issue 34, items 2 and 7: a bot's command line read as the system it runs on reads it (a
Windows path keeps its backslashes), and a long command line (an installed copy's example
bot) is shown shortened but kept, so its game can be resumed."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import main
from common import command_line, processes
from common import record as rec
from common.ai.bot import Bot
from common.ui import bots, resume
from prepollency import rules as prules

WINDOWS, LINUX = processes.WINDOWS, processes.LINUX


@pytest.mark.parametrize(("typed", "words"), [
    (r"C:\Users\me\bot.exe", [r"C:\Users\me\bot.exe"]),
    (r'"C:\Program Files\Bots\bot.exe" --level 2',
     [r"C:\Program Files\Bots\bot.exe", "--level", "2"]),
    (r"py C:\bots\O'Brien\bot.py", ["py", r"C:\bots\O'Brien\bot.py"]),  # ' is no quote there
    (r'bot.exe --name="Big Blue"', ["bot.exe", "--name=Big Blue"]),
    (r'bot.exe say\"hi', ["bot.exe", 'say"hi']),
    (r'bot.exe "a\\" b', ["bot.exe", "a\\", "b"]),
    ('bot.exe ""  "x""y"', ["bot.exe", "", 'x"y']),
])
def test_a_windows_command_line_is_read_as_windows_programs_read_theirs(typed, words):
    assert command_line.split(typed, WINDOWS) == words


def test_posix_reads_a_command_line_as_its_shells_do():
    assert command_line.split(r"python3 my\ bot.py 'a b'", LINUX) == ["python3", "my bot.py",
                                                                      "a b"]
    with pytest.raises(ValueError):
        command_line.split("python3 'bot.py", LINUX)


@given(st.lists(st.text(alphabet='ab \\"\t\u00e9', max_size=8), min_size=1, max_size=5))
def test_join_and_split_agree_on_each_system(argv):
    for system in (WINDOWS, LINUX, processes.MACOS):
        assert command_line.split(command_line.join(argv, system), system) == argv


def test_on_windows_a_typed_path_names_the_program_and_the_example_bot_is_written_for_it(
        monkeypatch):
    monkeypatch.setattr(processes, "system", lambda platform=None: WINDOWS)
    assert Bot(r"C:\Users\me\bot.exe --fast").argv == [r"C:\Users\me\bot.exe",
                                                                "--fast"]
    example = bots.example_command()
    assert example == subprocess.list2cmdline([sys.executable, *example_argv()])
    assert command_line.split(example) == [sys.executable, *example_argv()]


def example_argv() -> list[str]:
    from common import launch

    return launch.self_command("bot", "random")[1:]


def _record(**extra) -> dict:
    start = prules.new_state(random.Random(1), 2)
    return {**rec.build(prules, start, [], start), **extra}


def test_a_long_bot_command_is_shown_shortened_and_kept(tmp_path):
    """An installed copy's example bot runs to 200 characters: its saved game can be resumed
    with it (it was never offered again when over 120)."""
    deep = tmp_path / ("d" * 60) / ("e" * 60) / ("f" * 40)
    deep.mkdir(parents=True)
    script = deep / "bot.py"
    script.write_text("print('hello')\n")
    command = command_line.join([sys.executable, str(script), "--level", "2"])
    assert len(command) > resume.SHOWN_COMMAND
    record = _record(players={"1": f"cmd:{command}", "3": "human"})
    [(who, kept, problem)] = resume.bot_seats(rec.replay(record, main.games()))
    assert (who, kept, problem) == ("Red", command, None)


def test_a_command_that_cannot_be_shown_as_it_is_is_still_refused():
    command = f"{sys.executable} -c pass\u0007"
    record = _record(players={"1": f"cmd:{command}", "3": "human"})
    [(_, _, problem)] = resume.bot_seats(rec.replay(record, main.games()))
    assert problem == "its command line cannot be shown as it is"


def test_the_example_bot_plays_a_turn_from_its_own_command_line():
    """The Bot… field's own default, as the field shows it, plays (a legal move)."""
    start = prules.new_state(random.Random(1), 2)
    program = Bot(bots.example_command(), timeout=120)
    try:
        move = program.ask(prules, start, rec.build(prules, start, [], start))
        assert move in prules.legal_moves(start)
    finally:
        program.close()
