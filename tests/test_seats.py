"""common.seats: a seat spec is parsed once from text and written back the same way."""

from __future__ import annotations

import pytest

from common.seats import SeatSpec, bot_name, parse_seats


@pytest.mark.parametrize("text", ["human", "random", "easy", "normal", "hard", "hard:4000",
                                  "cmd:python3 examples/random_bot.py"])
def test_round_trip(text: str) -> None:
    assert str(SeatSpec.parse(text)) == text
    assert SeatSpec.parse(str(SeatSpec.parse(text))) == SeatSpec.parse(text)


def test_kinds() -> None:
    assert SeatSpec.parse("human").is_human
    assert SeatSpec.parse(" hard ") == SeatSpec("cpu", level="hard")
    assert SeatSpec.parse("easy").searches and not SeatSpec.parse("random").searches
    bot = SeatSpec.parse("cmd:python3 my_bot.py --fast")
    assert bot.is_bot and bot.command == "python3 my_bot.py --fast"
    assert bot.describe() == "bot my_bot.py"
    assert SeatSpec.parse("normal").describe() == "CPU, normal"


def test_leading_zeros_never_reach_the_4300_digit_limit() -> None:
    assert SeatSpec.parse("easy:" + "0" * 5000 + "7").nodes == 7
    with pytest.raises(ValueError, match="too many nodes"):
        SeatSpec.parse("easy:" + "0" * 5000 + "9" * 5000)


@pytest.mark.parametrize("text, words", [
    ("wizard", "unknown player 'wizard'"),
    ("hard:0", "the node count must be positive"),
    ("hard:x", "the node count 'x' is not a whole number"),
    ("hard:" + "9" * 300, "too many nodes \\(at most 1,000,000"),
    ("easy:99999999999999999999", "too many nodes"),
    ("normal:1000001", "too many nodes"),
    ("cmd:", "needs the command"),
    ("cmd:a\nb", "not a command"),
    ("x" * 5000, "unknown player"),
    (None, "not NoneType"),
])
def test_bad_specs_say_why(text: object, words: str) -> None:
    with pytest.raises(ValueError, match=words) as err:
        SeatSpec.parse(text)
    assert len(str(err.value)) < 200  # a hostile spec is cut, not quoted whole


def test_parse_seats_counts() -> None:
    assert [str(s) for s in parse_seats("human, hard", (2,))] == ["human", "hard"]
    assert len(parse_seats("human,easy,hard", (2, 3, 4))) == 3
    with pytest.raises(ValueError, match="needs 2/3/4 specs"):
        parse_seats("human", (2, 3, 4))


def test_bot_names() -> None:
    assert bot_name("/opt/bots/overmind --depth 3") == "overmind"
    assert bot_name("python3 -u bots/a.py") == "python3"
    assert bot_name("python3 bots/a.py") == "a.py"
    assert bot_name("'unclosed") == "'unclosed"
