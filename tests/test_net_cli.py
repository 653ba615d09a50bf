"""The network commands' bad input (one line, exit 2), and a LAN listing read as hostile."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from common.cli import run
from common.games import engines
from common.net import lan, wire

URL = str(wire.make_url("127.0.0.1", 4222, "abcdefgh12", "black", wire.new_secret()))


@pytest.mark.parametrize("argv, words", [
    (["join", "http://nowhere", "--as", "random"], "join URL"),
    (["join", URL, "--as", "human"], "human seat"),
    (["join", URL, "--as", "wizard"], "unknown player"),
    (["join", URL.replace("_black", "_watch"), "--as", "easy"], "not a seat"),
    (["watch", "nats://\x1b[2J@x/y"], "join URL"),
    (["host", "overlords", "--players", "human,remote"], "human seat"),
    (["host", "overlords", "--players", "easy,remote,remote"], "needs 2"),
    (["host", "prepollency", "--players", "easy,remote", "--first", "2"], ""),
    (["host", "overlords", "--players", "easy,remote", "--hub", "nats://x:y@h:1"], "hub"),
    (["host", "overlords", "--players", "easy,remote", "--resume", "nothing99"], "no hosted"),
])
def test_bad_input_is_one_line_and_status_2(argv, words, capsys):
    assert run(argv, engines(), app=lambda args: 0) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err
    assert "\x1b" not in err and "Traceback" not in err


def _info(**kw):
    base = {"addresses": [bytes([127, 0, 0, 1])], "port": 4222,
            "properties": {b"game": b"overlords", b"open": b"black,\x1b[31m"}}
    return SimpleNamespace(**{**base, **kw})


def test_a_lan_listing_is_read_as_hostile_input():
    found = lan._read("abcdefgh12", _info())
    assert found == lan.LanGame("abcdefgh12", "overlords", "127.0.0.1", 4222, ("black",))
    assert lan._read("../../etc", _info()) is None
    assert lan._read("abcdefgh12", _info(port=0)) is None
    assert lan._read("abcdefgh12", _info(properties={b"game": b"rm -rf /"})) is None
    assert lan._read("abcdefgh12", None) is None
