"""Issue 36: the player's record against each CPU level in `learn.json` (`common.progress`):
kept through a save and a load, merged between two windows without losing either's games,
bounded and checked like the other entries, and read from a version-1 file."""

from __future__ import annotations

import json

import pytest

from common import progress
from common.progress import LevelRecord, Progress


def test_a_record_survives_a_save_and_a_load(tmp_path):
    file = tmp_path / "learn.json"
    held = progress.load(file)
    for outcome in ("win", "win", "loss", "draw"):
        held.record_game("overlords", "novice", outcome)
    held.record_game("prepollency", "easy", "loss")
    assert held.save() is None
    got = progress.load(file)
    assert got.problem is None
    assert got.record_against("overlords", "novice") == LevelRecord(2, 1, 1)
    assert got.record_against("prepollency", "easy") == LevelRecord(0, 1, 0)
    assert got.record_against("overlords", "hard") == LevelRecord()
    data = json.loads(file.read_text())
    assert data["version"] == progress.VERSION == 2
    assert data["records"]["overlords"]["novice"] == {"wins": 2, "losses": 1, "draws": 1}


def test_the_words_of_a_record():
    assert LevelRecord(2, 1, 0).words() == "2 wins, 1 loss"
    assert LevelRecord(1, 0, 2).words() == "1 win, 0 losses, 2 draws"
    assert LevelRecord().words() == "no games yet"


def test_two_windows_keep_both_windows_games(tmp_path):
    file = tmp_path / "learn.json"
    first = progress.load(file)
    first.record_game("overlords", "novice", "win")
    assert first.save() is None
    a, b = progress.load(file), progress.load(file)  # two windows open on the same file
    a.record_game("overlords", "novice", "win")
    a.set_lesson("overlords", "capture", 3)
    assert a.save() is None
    b.record_game("overlords", "novice", "loss")
    b.record_game("overlords", "easy", "draw")
    assert b.save() is None
    a.record_game("overlords", "novice", "loss")  # the first window plays on
    assert a.save() is None
    got = progress.load(file)
    assert got.record_against("overlords", "novice") == LevelRecord(2, 2, 0)
    assert got.record_against("overlords", "easy") == LevelRecord(0, 0, 1)
    assert got.lesson_stars("overlords", "capture") == 3
    assert a.record_against("overlords", "novice") == LevelRecord(2, 2, 0)
    assert a.save() is None  # nothing new: saving again adds nothing
    assert progress.load(file).record_against("overlords", "novice") == LevelRecord(2, 2, 0)


def test_records_are_checked_and_bounded(tmp_path, capsys):
    file = tmp_path / "learn.json"
    levels = {f"level{i}": {"wins": 1} for i in range(progress.MAX_LEVELS + 5)}
    levels["bad"] = {"wins": -1}
    levels["worse"] = {"wins": 1, "extra": 2}
    levels["huge"] = {"losses": 10**12}
    file.write_text(json.dumps({"version": 2, "records": {
        "overlords": levels, "prepollency": [1, 2], "x" * 100: {"novice": {"wins": 1}}}}))
    got = progress.load(file)
    assert "The rest is kept" in capsys.readouterr().err and got.damaged
    table = got.records["overlords"]
    assert len(table) == progress.MAX_LEVELS and table["level0"] == LevelRecord(1, 0, 0)
    assert set(got.records) == {"overlords"}
    for i in range(3):  # a new level past the bound is not counted; counts are capped
        got.record_game("overlords", f"new{i}", "win")
    assert len(got.records["overlords"]) == progress.MAX_LEVELS
    mark = got.records["overlords"]["level0"]
    mark.wins = progress.MAX_COUNT
    got.record_game("overlords", "level0", "win")
    assert mark.wins == progress.MAX_COUNT
    with pytest.raises(ValueError):
        got.record_game("overlords", "novice", "won")
    with pytest.raises(ValueError):
        got.record_game("overlords", "", "win")


def test_a_full_file_stays_under_its_limit():
    held = Progress(None)
    for g in range(400):
        for lv in range(progress.MAX_LEVELS):
            held.record_game(f"game{g:03d}", f"level-{lv:02d}-" + "x" * 40, "win")
    data = held.encoded()
    assert len(data) <= progress.MAX_FILE
    assert progress.from_dict(json.loads(data))[1] == []


def test_a_version_one_file_is_read_and_written_as_version_two(tmp_path, capsys):
    file = tmp_path / "learn.json"
    file.write_text(json.dumps({"version": 1, "streak": 2, "lessons": {"overlords": {"a": 3}}}))
    got = progress.load(file)
    assert got.problem is None and not got.damaged and got.records == {}
    assert capsys.readouterr().err == ""
    got.record_game("overlords", "novice", "win")
    assert got.save() is None
    data = json.loads(file.read_text())
    assert data["version"] == 2 and data["lessons"] == {"overlords": {"a": 3}}
