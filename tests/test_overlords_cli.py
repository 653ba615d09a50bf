"""The command line for Overlords (selfplay, validate, perft) through main.main, and once
through a real subprocess: outputs, exit codes, and one clear line (never a traceback) for
bad input.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import main
from common import record
from common.protocol import IllegalMoveError
from overlords import rules
from overlords.rules import Move
from tests.helpers import vectors

ROOT = Path(__file__).resolve().parents[1]
VECTORS = vectors.load("overlords_perft.json")
SELFPLAY = ["selfplay", "overlords", "--players", "random,random", "--games", "3", "--seed", "5"]
GAME_LINE = re.compile(r"game (\d+): (white wins by (overlord|sources)|black wins by "
                       r"(overlord|sources)|draw \(draw\)|unfinished) after (\d+) moves -> (.+)")


@pytest.fixture(autouse=True)
def started_as_main_py(monkeypatch):
    """The program as `python3 main.py` starts it (messages name it "main.py")."""
    monkeypatch.setattr(sys, "argv", ["/somewhere/main.py"])
    monkeypatch.delenv("OVERLORDS_PROG", raising=False)


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of main.main(argv) (argparse exits through SystemExit)."""
    try:
        code = main.main(argv)
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text and not re.search(r"\b[A-Z]\w*Error\b", text), text


def selfplay(out: Path, capsys, *extra: str) -> tuple[int, str, str]:
    return run([*SELFPLAY, "--out", str(out), *extra], capsys)


# --- selfplay ------------------------------------------------------------------------------

def test_selfplay_writes_records_that_validate_and_prints_a_line_per_game(tmp_path, capsys):
    code, out, err = selfplay(tmp_path, capsys)
    assert code == 0, err
    files = sorted(tmp_path.iterdir())
    assert [p.name for p in files] == [f"overlords-000{i}.json" for i in (1, 2, 3)]
    lines = [line for line in out.splitlines() if line.startswith("game ")]
    totals = [line for line in out.splitlines() if line.startswith("total ")]
    assert len(lines) == 3 and len(totals) == 1, out
    lengths = []
    for number, (line, path) in enumerate(zip(lines, files, strict=True), 1):
        match = GAME_LINE.fullmatch(line)
        assert match, line
        assert int(match[1]) == number and Path(match[6]) == path
        data = record.load(path)
        rp = record.replay(data, main.games())
        assert len(data["moves"]) == int(match[5])
        lengths.append(len(data["moves"]))
        result = data["result"]
        if result is None:
            assert match[2] == "unfinished"
        elif result["winner"] is None:
            assert match[2] == "draw (draw)"
        else:
            assert match[2] == f"{result['winner']} wins by {result['reason']}"
            assert rp.final.result.reason == result["reason"]
        assert data["players"] == {"white": "random", "black": "random"}
    total = totals[0]
    assert total.startswith("total 3 games: "), total
    assert sum(int(n) for n in re.findall(r"(?:white|black|draw|unfinished) (\d+)",
                                          total.split(";")[0])) == 3
    assert f"average length {sum(lengths) / 3:.1f} moves" in total

    code, out, err = run(["validate", *map(str, files)], capsys)
    assert code == 0, out + err
    assert out.splitlines() == [f"{p}: ok" for p in files]


def test_the_same_seed_reproduces_the_same_records(tmp_path, capsys):
    first, second, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    assert selfplay(first, capsys)[0] == 0
    assert selfplay(second, capsys)[0] == 0
    assert run([*SELFPLAY[:-1], "6", "--out", str(other)], capsys)[0] == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    assert any((first / n).read_bytes() != (other / n).read_bytes() for n in names)


# --- validate ------------------------------------------------------------------------------

def _bad_copy(good: Path, bad: Path) -> tuple[int, str, str]:
    """Copy a record with one move replaced by an illegal one; (number, token, reason)."""
    data = record.load(good)
    rp = record.replay(data, main.games())
    number = 3
    state = rp.states[number - 1]
    side = state.turn
    enemy = next(sq for sq in range(64) if (f := state.figure(sq)) and f[0] != side)
    empty = next(sq for sq in range(64) if state.figure(sq) is None)
    kind = rules.TYPE_LETTERS[state.figure(enemy)[1]]
    token = f"5{kind} {rules.GRID.name(enemy)}-{rules.GRID.name(empty)}"
    move = Move.parse(token)
    with pytest.raises(IllegalMoveError) as err:
        rules.find_move(state, move.rune, move.fate, move.frm, move.to)
    data["moves"][number - 1] = token
    record.save(bad, data)
    return number, token, str(err.value)


def test_validate_names_the_file_the_move_number_and_the_reason(tmp_path, capsys):
    assert selfplay(tmp_path / "games", capsys)[0] == 0
    good = tmp_path / "games" / "overlords-0001.json"
    bad = tmp_path / "bad.json"
    number, token, reason = _bad_copy(good, bad)
    code, out, err = run(["validate", str(good), str(bad)], capsys)
    assert code == 1
    assert out.splitlines() == [f"{good}: ok",
                                f"{bad}: move {number} ({json.dumps(token)}): {reason}"]
    no_traceback(out, err)


@pytest.mark.parametrize("kind, expected", [
    ("missing", "file not found"),
    ("folder", "is a folder"),
    ("not json", "not valid JSON"),
    ("not utf-8", "not UTF-8"),
    ("a list", "a record is a JSON object, not a list"),
    ("unknown game", 'unknown game "chess"'),
])
def test_validate_a_file_that_is_no_record_exits_1_with_one_line(kind, expected, tmp_path,
                                                                 capsys):
    path = tmp_path / "record.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "not json":
        path.write_text("this is not JSON\n", encoding="utf-8")
    elif kind == "not utf-8":
        path.write_bytes(b'{"game": "overlords", "name": "\xe9"}')
    elif kind == "a list":
        path.write_text("[]", encoding="utf-8")
    elif kind == "unknown game":
        path.write_text('{"game": "chess", "version": 1}', encoding="utf-8")
    code, out, err = run(["validate", str(path)], capsys)
    assert code == 1
    lines = (out + err).splitlines()
    assert len(lines) == 1, out + err
    assert lines[0].startswith(f"{path}: ") and expected in lines[0]
    no_traceback(out, err)


# --- perft ---------------------------------------------------------------------------------

@pytest.mark.parametrize("index", [2, 5, 8, 9])
def test_perft_prints_the_vector_numbers(index, tmp_path, capsys):
    vector = VECTORS[index]
    path = tmp_path / "vector.json"
    path.write_text(json.dumps(vector["record"]), encoding="utf-8")
    for depth, expected in enumerate(vector["perft"], 1):
        code, out, err = run(["perft", str(path), "--depth", str(depth)], capsys)
        assert code == 0, err
        assert out.splitlines() == [str(expected)]
        assert f"depth {depth}: {expected}" in err


def test_perft_of_a_bad_record_exits_1_with_one_line(tmp_path, capsys):
    path = tmp_path / "nothing.json"
    code, out, err = run(["perft", str(path), "--depth", "2"], capsys)
    assert code == 1 and out == ""
    assert err.splitlines() == [f"{path}: file not found"]


# --- bad command lines ---------------------------------------------------------------------

@pytest.mark.parametrize("argv, expected", [
    (["selfplay", "chess", "--players", "random,random"], "invalid choice: 'chess'"),
    (["selfplay", "overlords", "--players", "random,random", "--games", "0"],
     "0 is not positive"),
    (["selfplay", "overlords", "--players", "random,random", "--games", "many"],
     "'many' is not a whole number"),
    (["selfplay", "overlords"], "--players"),
    (["perft", "FILE", "--depth", "x"], "'x' is not a whole number"),
    (["perft", "FILE", "--depth", "0"], "0 is not positive"),
    (["validate"], "FILE"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
])
def test_a_bad_command_line_exits_2_with_the_usage(argv, expected, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert err.startswith("usage: main.py") and expected in err, err
    no_traceback(out, err)


@pytest.mark.parametrize("argv0, told, prog", [
    ("/home/ann/.local/bin/overlords-prepollency", "", "overlords-prepollency"),
    ("/work/game/main.py", "bootstrap.py", "bootstrap.py"),  # bootstrap.py says so
    ("/work/game/main.py", "\x1b[2Jbad", "main.py"),  # an unprintable name is not taken
])
def test_help_and_errors_name_the_program_as_it_was_started(argv0, told, prog, capsys,
                                                            monkeypatch):
    monkeypatch.setattr(sys, "argv", [argv0])
    monkeypatch.setenv("OVERLORDS_PROG", told)
    code, out, err = run(["--help"], capsys)
    assert code == 0 and out.startswith(f"usage: {prog} ")
    assert f"\n  {prog} play overlords" in out  # the examples too
    code, out, err = run(["frobnicate"], capsys)
    assert code == 2 and err.startswith(f"usage: {prog} ")


def test_one_seat_for_a_two_player_game_exits_2_with_the_usage(capsys):
    code, out, err = run(["selfplay", "overlords", "--players", "random", "--games", "3"],
                         capsys)
    assert code == 2
    no_traceback(out, err)
    assert "2 players" in err, err
    assert "usage: main.py selfplay" in err, f"no usage message: {err!r}"


def test_help_lists_the_commands(capsys):
    code, out, err = run(["--help"], capsys)
    assert code == 0
    for command in ("selfplay", "validate", "perft"):
        assert re.search(rf"^\s+{command}\s+\w", out, re.MULTILINE), out


# --- a real process ------------------------------------------------------------------------

def test_main_py_in_a_subprocess_matches_main_main(tmp_path, capsys):
    out_dir = tmp_path / "sub"
    done = subprocess.run([sys.executable, "main.py", *SELFPLAY, "--out", str(out_dir)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    code, out, _ = selfplay(tmp_path / "inproc", capsys)
    assert code == 0

    def summaries(text: str) -> list[str]:
        return [line.split(" -> ")[0] for line in text.splitlines()
                if line.startswith(("game ", "total "))]

    assert len(summaries(done.stdout)) == 4
    assert summaries(done.stdout) == summaries(out)
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == sorted(p.name for p in (tmp_path / "inproc").iterdir())
    for name in names:
        assert (out_dir / name).read_bytes() == (tmp_path / "inproc" / name).read_bytes()

    bad = tmp_path / "bad.json"
    number, token, reason = _bad_copy(out_dir / names[0], bad)
    done = subprocess.run([sys.executable, "main.py", "validate", str(out_dir / names[0]),
                           str(bad), str(tmp_path / "missing.json")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        f"{out_dir / names[0]}: ok",
        f"{bad}: move {number} ({json.dumps(token)}): {reason}",
        f"{tmp_path / 'missing.json'}: file not found",
    ]
    assert "Traceback" not in done.stderr and done.stderr == ""
