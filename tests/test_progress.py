"""Learning progress (common/progress.py): stars, solved puzzles, the streak and the offer,
remembered in learn.json beside the settings; a damaged or hostile file is reported once, its
good part kept, and replaced by the next save; never a crash."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from common import paths, progress
from common.progress import Progress


@dataclass
class P:
    id: str
    rating: str


def test_a_fresh_start_when_there_is_no_file(tmp_path, capsys):
    got = progress.load(tmp_path / "learn.json")
    assert (got.streak, got.best_streak, got.offer_seen, got.problem) == (0, 0, False, None)
    assert got.lesson_stars("g", "l1") == 0 and not got.puzzle_solved("g", "p1")
    assert capsys.readouterr().err == ""


def test_the_file_lives_beside_the_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path / "cfg"))
    assert paths.learn_file() == tmp_path / "cfg" / "learn.json"
    assert paths.learn_file().parent == paths.settings_file().parent
    got = progress.load()
    got.set_offer_seen()
    assert got.save() is None
    assert progress.load().offer_seen


def test_everything_survives_a_save_and_a_load(tmp_path):
    file = tmp_path / "sub" / "learn.json"
    mine = progress.load(file)
    mine.set_lesson("g", "runes", 2)
    mine.set_lesson("g", "runes", 1)  # the best stars are kept
    mine.set_lesson("h", "khan", 9)  # clamped
    mine.record_puzzle("g", "p1", solved=True)
    mine.record_puzzle("g", "p2", solved=False)
    mine.record_puzzle("g", "p2", solved=True, used_hint=True)
    mine.set_offer_seen()
    assert mine.save() is None
    back = progress.load(file)
    assert back.lesson_stars("g", "runes") == 2 and back.lesson_stars("h", "khan") == 3
    assert back.puzzle_solved("g", "p1") and back.puzzle_solved("g", "p2")
    assert back.puzzle_mark("g", "p2") == progress.PuzzleMark(True, 2, 1)
    assert back.offer_seen and back.problem is None
    assert back.to_dict() == mine.to_dict()
    # no temporary left (the hidden lock file two windows share stays, empty)
    assert sorted(p.name for p in file.parent.iterdir()) == [".learn.json.lock", "learn.json"]


def test_the_streak_grows_on_clean_solves_and_ends_on_a_miss():
    mine = Progress()
    for pid in ("a", "b", "c"):
        mine.record_puzzle("g", pid, solved=True)
    assert (mine.streak, mine.best_streak) == (3, 3)
    mine.record_puzzle("g", "d", solved=True, used_hint=True)  # a hint: neither adds nor ends
    assert mine.streak == 3
    mine.record_puzzle("g", "e", solved=False)
    assert (mine.streak, mine.best_streak) == (0, 3)
    mine.record_puzzle("g", "e", solved=True)  # a retry solves it, not a clean solve
    assert mine.streak == 0 and mine.puzzle_solved("g", "e")
    mine.record_puzzle("g", "f", solved=True)
    assert (mine.streak, mine.best_streak) == (1, 3)


def test_solved_counts_per_rating():
    mine = Progress()
    puzzles = [P("a", "easy"), P("b", "easy"), P("c", "hard"), P("d", "medium")]
    mine.record_puzzle("g", "a", solved=True)
    mine.record_puzzle("g", "c", solved=False)
    mine.record_puzzle("other", "b", solved=True)  # another game's puzzle of the same id
    assert mine.solved_counts("g", puzzles) == {"easy": (1, 2), "medium": (0, 1),
                                                "hard": (0, 1)}
    assert list(mine.solved_counts("g", [])) == ["easy", "medium", "hard"]


def test_bad_ids_are_refused_before_they_reach_the_file():
    with pytest.raises(ValueError):
        Progress().record_puzzle("g", "x" * 500, solved=True)
    with pytest.raises(ValueError):
        Progress().set_lesson("", "l", 1)


@pytest.mark.parametrize("content, says", [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00", "not UTF-8"),
    (b"[1, 2]", "should hold a JSON object"),
    (b"[" * 100000 + b"]" * 100000, "JSON"),
    (b"1" * 5000, "JSON"),
    (b" " * (progress.MAX_FILE + 1), "larger than"),
])
def test_a_damaged_file_is_reported_once_and_replaced(tmp_path, capsys, content, says):
    file = tmp_path / "learn.json"
    file.write_bytes(content)
    got = progress.load(file)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and err.startswith("progress: ")
    assert got.problem and says in got.problem and got.streak == 0
    got.record_puzzle("g", "p", solved=True)
    assert got.save() is None
    assert progress.load(file).puzzle_solved("g", "p")
    assert capsys.readouterr().err == ""
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("learn.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content, "the original is kept beside"


def test_the_good_entries_of_a_partly_wrong_file_are_kept(tmp_path, capsys):
    file = tmp_path / "learn.json"
    file.write_text(json.dumps({
        "version": 1, "streak": 4, "best_streak": "lots", "offer_seen": "yes", "zzz": 1,
        "lessons": {"g": {"ok": 2, "bad": 7, "neg": -1, "x" * 100: 1, "tf": True},
                    "h": [1, 2], "\u0000": {"a": 1}},
        "puzzles": {"g": {"p1": {"solved": True, "tries": 1, "hints": 0},
                          "p2": {"solved": "maybe"}, "p3": {"solved": True, "evil": 1},
                          "p4": {"tries": 10**12}},
                    "h": {"q": {"solved": False, "tries": 3}}},
    }), encoding="utf-8")
    got = progress.load(file)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "The rest is kept" in err and "more" in err
    assert got.lesson_stars("g", "ok") == 2 and got.lessons == {"g": {"ok": 2}}
    assert set(got.puzzles["g"]) == {"p1"} and got.puzzle_mark("h", "q").tries == 3
    assert got.streak == 4 and got.best_streak == 4 and not got.offer_seen
    assert len(got.problem) < 1000


def test_huge_entry_lists_are_bounded(tmp_path, capsys):
    file = tmp_path / "learn.json"
    many = {f"p{i}": {"solved": True} for i in range(progress.MAX_ENTRIES + 50)}
    file.write_text(json.dumps({"puzzles": {"g": many}}), encoding="utf-8")
    got = progress.load(file)
    assert len(got.puzzles["g"]) == progress.MAX_ENTRIES
    assert "past the first" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_in_place_of_the_file_is_refused_unread(tmp_path, capsys):
    file = tmp_path / "learn.json"
    os.mkfifo(file)
    got = progress.load(file)
    assert "not a regular file" in capsys.readouterr().err and got.problem


def test_a_file_that_cannot_be_saved_says_why_and_never_raises(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    mine = Progress(blocker / "learn.json")
    mine.set_offer_seen()
    said = mine.save()
    assert said and "cannot save" in said and "this session" in said
    assert Progress().save() is None  # no path: nothing is written


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="permissions")
def test_an_unreadable_file_is_reported(tmp_path, capsys):
    file = tmp_path / "learn.json"
    file.write_text("{}")
    file.chmod(0)
    try:
        got = progress.load(file)
    finally:
        file.chmod(0o600)
    assert "cannot read" in capsys.readouterr().err and got.problem
    assert isinstance(Path(got.path), Path)
