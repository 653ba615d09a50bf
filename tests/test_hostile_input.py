"""Bytes from a file or a bot are hostile: what is read is bounded, what an error message
quotes is cut, and nothing crashes."""

from __future__ import annotations

import json
import random
import sys

import pytest

from common import record as rec
from common.ai.bot import MAX_LINE, Bot
from common.games import engines
from common.protocol import Forfeit

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
    assert "not JSON" in str(err.value) and len(str(err.value)) < 300


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
