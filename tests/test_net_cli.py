"""The network commands' bad input (one line, exit 2), and a LAN listing read as hostile."""

from __future__ import annotations

from pathlib import Path
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


def test_the_hub_command_prints_its_host_url_and_stops_on_sigterm(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    from common.net.hub import parse_hub_url
    from common.net.server import free_port

    root = Path(__file__).resolve().parent.parent
    hub = subprocess.Popen([sys.executable, str(root / "main.py"), "hub", "--listen",
                            "127.0.0.1", "--port", str(free_port()), "--leaf-port",
                            str(free_port()), "--store", str(tmp_path / "hub")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert hub.stdout is not None
        assert hub.stdout.readline().startswith("hub ready")
        url = hub.stdout.readline().split()[-1]
        assert parse_hub_url(url)[1] == "hubhost"
        assert (tmp_path / "hub" / "hub.json").stat().st_mode & 0o077 == 0
        hub.send_signal(signal.SIGTERM)
        assert hub.wait(60) == 0
    finally:
        hub.kill()


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc")
def test_the_hosts_server_dies_with_the_host_even_killed():
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parent.parent
    host = subprocess.Popen([sys.executable, str(root / "main.py"), "host", "overlords",
                             "--players", "random,remote"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert host.stdout is not None
        game_id = host.stdout.readline().strip().rsplit("/", 1)[-1]
        conf = Path(os.environ["OVERLORDS_CONFIG"]) / "net" / "host" / game_id / "nats.conf"
        server = [int(p) for p in os.listdir("/proc") if p.isdigit()
                  and str(conf).encode() in _cmdline(p)]
        assert len(server) == 1
        host.send_signal(signal.SIGKILL)
        host.wait(30)
        deadline = time.monotonic() + 60
        while _alive(server[0]):
            assert time.monotonic() < deadline, "the server outlived its host"
            time.sleep(0.05)
    finally:
        host.kill()


def _cmdline(pid: str) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read()
    except OSError:
        return b""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_game_advertised_on_loopback_is_listed():
    import time

    hosted = SimpleNamespace(game_id="abcdefgh12", port=4222, advertise="127.0.0.1",
                             game="overlords", labels=["white", "black"], local=["white"])
    try:  # loopback only: nothing leaves this machine
        advertiser = lan.Advertiser(hosted, ["127.0.0.1"])
    except OSError as err:
        pytest.skip(f"no multicast on loopback here: {err}")
    browser = lan.Browser(["127.0.0.1"])
    try:
        deadline = time.monotonic() + 60

        def ours() -> list[lan.LanGame]:  # another program on this machine may advertise too
            return [g for g in browser.games() if g.game_id == "abcdefgh12"]

        while not ours():
            assert time.monotonic() < deadline, "the advertised game was never listed"
            time.sleep(0.05)
        assert ours() == [lan.LanGame("abcdefgh12", "overlords", "127.0.0.1", 4222,
                                      ("black",))]
    finally:
        browser.close()
        advertiser.close()
