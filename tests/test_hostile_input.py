"""Bytes from a file or a bot are hostile: what is read is bounded, what an error message
quotes is cut, and nothing crashes."""

from __future__ import annotations

import json
import os
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
