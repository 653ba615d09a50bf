"""bench/ladder.py: the pairings' seats, the 3-player variant, and its arguments."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import ladder  # noqa: E402

from common import record as rec  # noqa: E402


def test_the_first_level_takes_each_seat_in_turn():
    assert [ladder.seat_specs("prepollency3", "hard", "normal", i) for i in range(4)] == [
        ["hard", "normal", "normal"], ["normal", "hard", "normal"],
        ["normal", "normal", "hard"], ["hard", "normal", "normal"]]
    assert ladder.seat_specs("prepollency4", "hard", "normal", 3) == ["normal"] * 3 + ["hard"]
    assert ladder.seat_specs("overlords", "hard", "easy", 1) == ["easy", "hard"]


def test_a_three_player_pairing_plays_three_seats_and_writes_valid_records(tmp_path):
    tally = ladder.run_pair("prepollency3", "random", "random", 3, 1, 1.0, tmp_path, None)
    assert tally["games"] == 3 and not tally["errors"] and not tally["invalid"]
    records = sorted(tmp_path.glob("prepollency3-random-random-*.json"))
    assert len(records) == 3
    assert all(len(rec.load(path)["players"]) == 3 for path in records)


@pytest.mark.parametrize("argv", [
    ["--pair", "prepollency5:hard-normal"], ["--pair", "prepollency3:hard-nrmal"],
    ["--pair", "overlords:hard:50-normal"], ["--only", "chess"], ["--games", "0"],
    ["--jobs", "0"], ["--scale", "0"], ["--scale", "inf"], ["--scale", "nan"],
])
def test_a_wrong_argument_is_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        ladder.main(argv)
    assert exit_.value.code == 2
    assert "error:" in capsys.readouterr().err
