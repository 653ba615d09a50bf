"""Network play over a real nats-server on 127.0.0.1: whole games between clients, a
spectator's replay, a client killed and rejoined, a host restarted, a leaf linked to a hub."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from common import record as rec
from common.net import wire
from tests.helpers.netplay import GAMES, Player, drive, host_game, session

ROOT = Path(__file__).resolve().parent.parent


def _same_game(*records: dict) -> None:
    strip = [{k: v for k, v in r.items() if k not in ("net", "players")} for r in records]
    assert all(s == strip[0] for s in strip)
    for r in records:
        rec.replay(r, GAMES)  # every record is a valid one


def test_two_clients_play_overlords_to_the_end():
    host = host_game("overlords", ["easy:30", None], seed=5)
    h = host.hosted
    a = Player(session(h.url("host", local=True)), {"white": "easy:30"}, seed=1)
    b = Player(session(h.url("black")), {"black": "random"}, seed=2)
    try:
        drive([a, b], lambda: a.net.game.over and b.net.game.over)
        _same_game(a.net.record(), b.net.record())
        record = b.net.record()
        assert record["net"]["seat"] == "black" and record["net"]["last_seq"] > 3
        assert h.secrets["black"] not in rec.dumps(record)  # the secret never goes in a save
        assert not [e for e in a.events + b.events if e.kind == "refused"]
    finally:
        a.close(), b.close(), host.stop()


def test_four_player_prepollency_with_two_remote_seats():
    host = host_game("prepollency", ["random", None, "easy:20", None], seed=2, first=3)
    h = host.hosted
    players = [Player(session(h.url("host", local=True)), {"1": "random", "3": "easy:20"}),
               Player(session(h.url("2")), {"2": "random"}, seed=2),
               Player(session(h.url("4")), {"4": "random"}, seed=4)]
    watcher = Player(session(h.url("watch")), {})
    try:
        drive(players + [watcher], lambda: all(p.net.game.over for p in players + [watcher]))
        _same_game(*(p.net.record() for p in players + [watcher]))
        assert players[0].net.record()["first"] == 3
        # a spectator that comes after the end replays the finished game from the log
        late = Player(session(h.url("watch")), {})
        drive([late], lambda: late.net.game.over)
        _same_game(late.net.record(), watcher.net.record())
        late.close()
    finally:
        for p in players + [watcher]:
            p.close()
        host.stop()


def _join(url: str, out: Path, spec: str = "random") -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "join", url, "--as", spec,
                             "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True)


def test_a_client_killed_mid_game_rejoins_and_finishes(tmp_path):
    host = host_game("prepollency", ["random", None], seed=4, first=1)
    h = host.hosted
    a = Player(session(h.url("host", local=True)), {"1": "random"})
    url = str(h.url("3"))
    proc = _join(url, tmp_path)
    try:
        drive([a], lambda: a.net.game.plies >= 6)
        proc.kill()
        proc.wait(30)
        stalled = a.net.game.plies
        assert not a.net.game.over and a.net.game.to_move() is not None
        again = _join(url, tmp_path)  # the same URL: the same seat, resumed from the log
        drive([a], lambda: a.net.game.over)
        out, err = again.communicate(timeout=120)
        assert again.returncode == 0, err
        assert "wins by" in out or "draw" in out
        saved = rec.load(next(tmp_path.glob("prepollency-*-3.json")))
        _same_game(saved, a.net.record())
        assert len(saved["turns"]) > stalled
    finally:
        proc.kill(), a.close(), host.stop()


def test_a_host_restart_keeps_the_game():
    host = host_game("overlords", ["random", None], seed=8)
    h = host.hosted
    b = Player(session(h.url("black")), {"black": "random"})
    a = Player(session(h.url("host", local=True)), {"white": "random"})
    try:
        drive([a, b], lambda: b.net.game.plies >= 4)
        port = h.port
        a.close()
        host.stop(kill=True)  # the host quits (killed)
        drive([b], lambda: not b.net.client.connected)
        host.start()  # comes back: the same store, the same port
        assert h.port == port
        a = Player(session(h.url("host", local=True)), {"white": "random"})
        drive([a, b], lambda: a.net.game.over and b.net.game.over)
        _same_game(a.net.record(), b.net.record())
        assert any("resumed from message" in e.text for e in b.events if e.kind == "status")
    finally:
        a.close(), b.close(), host.stop()


def test_a_leaf_server_linked_to_a_hub_carries_a_game(tmp_path):
    from common.net.hub import Hub
    from common.net.server import free_port

    hub = Hub(tmp_path / "hub", "127.0.0.1", free_port(), free_port())
    hub.start()
    host = None
    try:
        host = host_game("overlords", ["random", None], seed=3, hub=hub.host_url)
        h = host.hosted
        assert h.url("black").port == hub.port  # the remote seat joins the hub
        a = Player(session(h.url("host", local=True), domain=h.domain), {"white": "random"})
        b = Player(session(h.url("black")), {"black": "random"})
        drive([a, b], lambda: a.net.game.over and b.net.game.over)
        _same_game(a.net.record(), b.net.record())
        a.close(), b.close()
        # on the hub a seat may not speak for another one
        from tests.helpers.netplay import publish_raw

        refused = publish_raw(h.url("black"), wire.seat_subject(h.game_id, "white"), b"{}")
        assert "ermission" in refused
    finally:
        if host is not None:
            host.stop()
        hub.stop()


def test_the_host_and_join_commands_play_a_game_and_write_the_same_record(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "host", "overlords",
                             "--players", "easy:30,remote", "--seed", "11", "--out",
                             str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, text=True)
    try:
        assert host.stdout is not None
        first = host.stdout.readline().split()
        second = host.stdout.readline().split()
        assert first[:2] == ["join", "black"] and second[0] == "watch"
        codes = [host.stdout.readline().split() for _ in range(2)]  # then the short codes
        assert [c[:2] for c in codes] == [["code", "black"], ["code", "watch"]]
        from common.net import ticket

        assert str(ticket.redeem(codes[0][3], codes[0][2])) == first[2]
        assert str(ticket.redeem(codes[1][3], codes[1][2])) == second[1]
        joined = _join(first[2], tmp_path, "random")
        out, err = joined.communicate(timeout=120)
        assert joined.returncode == 0, err
        rest, err = host.communicate(timeout=120)
        assert host.returncode == 0, err
        assert "wins by" in rest and "wins by" in out
        records = [rec.load(p) for p in sorted(tmp_path.glob("overlords-*.json"))]
        assert len(records) == 2
        _same_game(*records)
        secret = wire.parse_url(first[2]).secret
        assert all(secret not in p.read_text() for p in tmp_path.glob("*.json"))
    finally:
        host.kill()


def test_a_remote_seat_is_a_seat_runner_polled_like_a_cpu():
    import random

    import pytest

    from common.net.session import RemoteSeat
    from common.protocol import Forfeit
    from common.seats import Ask

    host = host_game("prepollency", ["random", None, None], seed=3, first=1)
    h = host.hosted
    a = Player(session(h.url("host", local=True)), {"1": "random"})
    b = Player(session(h.url("2")), {})  # seats 2 and 3 are played by hand below
    c = Player(session(h.url("3")), {})
    everyone = [a, b, c]
    runner = RemoteSeat(a.net, 2)
    try:
        drive(everyone, lambda: a.net.game.to_move() == 2 and b.net.game.to_move() == 2)
        runner.start(Ask("prepollency", a.net.game.match.state, 0))
        assert runner.busy() and runner.poll() is None
        state = b.net.game.match.state
        b.net.play(2, GAMES["prepollency"].random_move(state, random.Random(1)))
        got = []
        drive(everyone, lambda: got.append(runner.poll()) or got[-1] is not None)
        assert got[-1] == a.net.game.match.moves[1] and not runner.busy()
        drive(everyone, lambda: c.net.game.to_move() == 3)
        c.net.resign(3)
        drive(everyone, lambda: b.net.game.to_move() == 2 and a.net.game.to_move() == 2)
        runner.start(Ask("prepollency", a.net.game.match.state, 0))
        b.net.resign(2)  # seat 2 leaves: its runner says so
        with pytest.raises(Forfeit):
            drive(everyone, lambda: runner.poll() is not None)
        drive(everyone, lambda: a.net.game.over)
        assert a.net.record()["result"] == {"winner": 1, "reason": "resign"}
    finally:
        a.close(), b.close(), c.close(), host.stop()


def test_a_move_made_while_the_server_is_down_lands_once_it_is_back():
    import random

    host = host_game("prepollency", [None, None], seed=6, first=1)
    h = host.hosted
    a, b = Player(session(h.url("1")), {}), Player(session(h.url("3")), {})
    rng = random.Random(2)
    game = GAMES["prepollency"]
    try:
        drive([a, b], lambda: a.net.game.ready and b.net.game.ready)
        a.net.play(1, game.random_move(a.net.game.match.state, rng))
        drive([a, b], lambda: b.net.game.to_move() == 3)
        host.stop(kill=True)
        drive([a, b], lambda: not b.net.client.connected)
        b.net.play(3, game.random_move(b.net.game.match.state, rng))  # sent into the outage
        for _ in range(50):
            b.step()  # its publish fails: it waits for the connection, it is not dropped
        assert b.net.pending(3)
        host.start()
        drive([a, b], lambda: a.net.game.plies == 2 and b.net.game.plies == 2
              and not b.net.pending())
        assert a.net.game.match.moves == b.net.game.match.moves
    finally:
        a.close(), b.close(), host.stop()
