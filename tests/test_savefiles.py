"""The saves folder without a window (`common.saves.folder`, `common.saves.autosave`): unique names
under concurrent writers, atomic rewrites that survive a kill, the tidying of a dead writer's
temporary files, the listing of bad files, moving aside, deleting and undoing, renaming; and
save/load round trips of both games at many points of random games."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import main
from common import record as rec
from common.match import Match
from common.record import files as record_files
from common.saves import folder as save_folder
from common.saves import trash as save_trash
from common.saves.autosave import Autosaver
from overlords import rules as orules
from prepollency import rules as prules

ROOT = Path(__file__).resolve().parents[1]


def temps(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if save_folder.is_temp(n)]


def a_record(n: int = 0) -> dict:
    """A small valid record (an unfinished Prepollency game), marked with n."""
    return {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [],
            "result": None, "mark": n}


# unique names --------------------------------------------------------------------------------

def test_saves_in_the_same_second_all_keep_their_own_file(tmp_path, monkeypatch):
    monkeypatch.setattr(save_folder, "stem", lambda game, when=None: f"{game}-20260101-120000")
    paths = [save_folder.write_new(tmp_path, "prepollency", a_record(n)) for n in range(30)]
    assert len(set(paths)) == 30
    assert sorted(rec.load(p)["mark"] for p in paths) == list(range(30))
    assert paths[0].name == "prepollency-20260101-120000.json"
    assert paths[1].name == "prepollency-20260101-120000-2.json"
    assert temps(tmp_path) == []


def test_without_hard_links_names_are_reserved_exclusively(tmp_path, monkeypatch):
    """Some file systems (FAT, some network shares) refuse links: a name is then taken with
    O_EXCL and the record moved over it; still one file per save."""
    import errno

    def no_links(src, dst, **_kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    monkeypatch.setattr(save_folder, "stem", lambda game, when=None: f"{game}-20260101-120000")
    paths = [save_folder.write_new(tmp_path, "prepollency", a_record(n)) for n in range(10)]
    assert sorted(rec.load(p)["mark"] for p in paths) == list(range(10))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert save_folder.move_aside(bad).read_text() == "{" and not bad.exists()
    assert temps(tmp_path) == []


WRITER = """
import sys
from pathlib import Path
from common.saves import folder as save_folder
from common.saves import trash as save_trash
folder, who, count = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
save_folder.stem = lambda game, when=None: f"{game}-20260101-120000"  # all in one second
for n in range(count):
    save_folder.write_new(folder, "prepollency", {"game": "prepollency", "version": 1,
        "seats": [1, 3], "first": 1, "turns": [], "result": None, "mark": [who, n]})
"""


def test_three_processes_saving_at_once_keep_every_save(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(who), "150"],
                              cwd=ROOT, env=env) for who in range(3)]
    assert [p.wait(120) for p in procs] == [0, 0, 0]
    files = save_folder.scan(tmp_path)
    assert len(files) == 450 and all(f.problem is None for f in files)
    marks = {tuple(f.record["mark"]) for f in files}
    assert marks == {(w, n) for w in range(3) for n in range(150)}
    assert temps(tmp_path) == []


# a kill mid-write ----------------------------------------------------------------------------

REWRITER = """
import sys
from pathlib import Path
from common.saves import folder as save_folder
from common.saves import trash as save_trash
path = Path(sys.argv[1])
n = 0
print("ready", flush=True)
while True:
    n += 1
    save_folder.rewrite(path, {"game": "prepollency", "version": 1, "seats": [1, 3],
        "first": 1, "turns": [], "result": None, "mark": n, "pad": "x" * 200000})
"""


def test_a_writer_killed_mid_write_leaves_the_file_whole_and_its_temp_is_cleaned(tmp_path):
    path = tmp_path / "game.json"
    save_folder.rewrite(path, a_record(0))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(1)
    for _ in range(5):
        proc = subprocess.Popen([sys.executable, "-c", REWRITER, str(path)], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.02, 0.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        record = rec.load(path)  # always a whole record: the old one or a new one
        assert record["game"] == "prepollency"
    # A killed writer may leave its temporary file: the next start removes it once it is
    # old, and a young one (another instance's write in flight) stays.
    young = tmp_path / ".game.json.young.tmp"
    young.write_text("{")
    old = tmp_path / ".game.json.old.tmp"
    old.write_text("{")
    past = time.time() - save_folder.TEMP_AGE - 5
    os.utime(old, (past, past))
    for name in temps(tmp_path):
        if name != young.name:
            os.utime(tmp_path / name, (past, past))
    save_folder.clean_temps(tmp_path)
    assert temps(tmp_path) == [young.name]
    assert [f.path for f in save_folder.scan(tmp_path)] == [path]


def test_a_write_that_fails_midway_keeps_the_previous_file_and_leaves_no_temp(tmp_path,
                                                                              monkeypatch):
    path = tmp_path / "game.json"
    save_folder.rewrite(path, a_record(1))
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_folder.rewrite(path, a_record(2))
    with pytest.raises(OSError):
        save_folder.write_new(tmp_path, "prepollency", a_record(3))
    assert path.read_bytes() == before and temps(tmp_path) == []
    assert len(os.listdir(tmp_path)) == 1


def test_the_autosaver_says_why_it_failed_and_keeps_the_last_good_file(tmp_path, monkeypatch):
    saver = Autosaver(tmp_path, "prepollency")
    saver.save(a_record(1))
    assert saver.flush() and saver.problem is None and saver.path is not None
    real = record_files.write_temp

    def full(path, record):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_files, "write_temp", full)
    saver.save(a_record(2))
    assert saver.flush() and saver.problem == "no space left on device"
    assert rec.load(saver.path)["mark"] == 1
    monkeypatch.setattr(record_files, "write_temp", real)
    saver.save(a_record(3))
    saver.close()
    assert saver.problem is None and rec.load(saver.path)["mark"] == 3
    assert len(save_folder.scan(tmp_path)) == 1 and temps(tmp_path) == []


def test_the_autosaver_forks_when_another_window_wrote_its_file(tmp_path):
    mine = Autosaver(tmp_path, "prepollency")
    mine.save(a_record(1))
    mine.flush()
    other = Autosaver(tmp_path, "prepollency", mine.path)  # the same save continued elsewhere
    other.save(a_record(2))
    other.flush()
    mine.save(a_record(3))  # this window's next turn must not overwrite the other's
    mine.close()
    other.close()
    assert mine.path != other.path
    assert sorted(f.record["mark"] for f in save_folder.scan(tmp_path)) == [2, 3]


# the listing ---------------------------------------------------------------------------------

@pytest.mark.parametrize("content, words", [
    (b"{ not json", "not valid JSON"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"[1, 2]", "a record is a JSON object, not a list"),
    (b"", "not valid JSON"),
])
def test_a_bad_file_is_listed_with_its_reason_and_hides_nothing(tmp_path, content, words):
    good = save_folder.write_new(tmp_path, "prepollency", a_record(1))
    (tmp_path / "bad.json").write_bytes(content)
    files = {f.path.name: f for f in save_folder.scan(tmp_path)}
    assert files[good.name].problem is None
    assert words in files["bad.json"].problem


def test_odd_entries_of_the_folder_are_skipped_or_listed_never_raised(tmp_path):
    save_folder.write_new(tmp_path, "prepollency", a_record(1))
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "dangling.json").symlink_to(tmp_path / "nowhere")
    (tmp_path / ".hidden.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("x")
    os.mkfifo(tmp_path / "fifo.json")
    assert len(save_folder.scan(tmp_path)) == 1


def test_a_folder_that_cannot_be_read_says_so(tmp_path, monkeypatch):
    afile = tmp_path / "saves"
    afile.write_text("")
    with pytest.raises(save_folder.FolderError, match="is a file, not a folder"):
        save_folder.scan(afile)
    assert save_folder.scan(tmp_path / "missing") == []

    def denied(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "listdir", denied)
    with pytest.raises(save_folder.FolderError, match="permission denied"):
        save_folder.scan(tmp_path)


# changing ------------------------------------------------------------------------------------

def test_move_aside_trash_take_back_and_rename(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    (tmp_path / save_folder.ASIDE).mkdir()
    (tmp_path / save_folder.ASIDE / "bad.json").write_text("older")
    moved = save_folder.move_aside(bad)
    assert moved == tmp_path / save_folder.ASIDE / "bad-2.json" and moved.read_text() == "{"
    assert not bad.exists() and save_folder.scan(tmp_path) == []

    path = save_folder.write_new(tmp_path, "prepollency", a_record(1))
    past = time.time() - 3600
    os.utime(path, (past, past))
    save_folder.rename(path, "  Sunday game  ")
    assert rec.load(path)[save_folder.NAME_KEY] == "Sunday game"
    assert abs(path.stat().st_mtime - past) < 1, "renaming keeps the date"
    assert save_folder.scan(tmp_path)[0].name == "Sunday game"
    data = path.read_bytes()
    trash = save_trash.Trash(tmp_path)
    gone = trash.put(path)
    assert not path.exists() and save_folder.scan(tmp_path) == []
    assert trash.take_back(gone, path) == path and path.read_bytes() == data
    assert abs(path.stat().st_mtime - past) < 1
    assert trash.empty() == 0 and path.exists()
    save_folder.rename(path, "")
    assert save_folder.NAME_KEY not in rec.load(path)
    assert temps(tmp_path) == []


# round trips -----------------------------------------------------------------------------------

def _round_trip(match: Match, tmp_path: Path, games: dict) -> None:
    """Save the match as the autosave does, read it back, and find the same game: moves,
    the position at the turn's start (a half-made turn is not saved), whose turn, seats."""
    path = save_folder.write_new(tmp_path, match.game.NAME, match.record())
    replay = rec.replay(rec.load(path), games)
    back = Match.from_replay(replay, list(match.seats.values()), names=match.names,
                             info=match.info)
    assert back.moves == match.moves and back.withdrawn == match.withdrawn
    assert back.state == match.turn_start
    assert back.to_move == match.game.to_move(match.turn_start)
    assert back.record() == match.record()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_prepollency_round_trips_at_many_points(tmp_path, seats):
    games = main.games()
    rng = random.Random(seats)
    specs = ["human", "hard:50", "easy", "cmd:python3 bot.py"][:seats]
    match = Match(prules, prules.new_state(rng, seats, None), specs, names={1: "Ann"},
                  info={"seed": 3})
    checked = 0
    for turn in range(150):
        if match.over:
            break
        if turn % 3 == 1:  # a half-made turn: one step taken, then saved
            step = next(s for s in prules.legal_steps(match.state) if s != prules.END)
            match.step(step)
            _round_trip(match, tmp_path, games)
            checked += 1
        elif turn % 4 == 0:
            _round_trip(match, tmp_path, games)
            checked += 1
        if turn == 30 and seats > 2:
            match.resign(match.to_move, "forfeit")  # a withdrawal rides along
            continue
        match.play(prules.random_move(match.turn_start, rng))
    _round_trip(match, tmp_path, games)
    assert checked > 20


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_overlords_round_trips_at_many_points(tmp_path, seed):
    games = main.games()
    rng = random.Random(seed)
    match = Match(orules, orules.new_state(rng), ["human", "normal"], info={"seed": seed})
    checked = 0
    while not match.over and len(match.moves) < 200:
        match.play(orules.random_move(match.turn_start, rng))
        if len(match.moves) % 5 == 0:
            _round_trip(match, tmp_path, games)
            checked += 1
    if not match.over:
        match.resign(match.to_move)
    _round_trip(match, tmp_path, games)
    assert checked >= 3
