"""Hostile peers on a real nats-server: a forged seat, a spectator's publish, a duplicated
ply, a flood and an illegal move are refused (or forfeit only that seat) and the game goes
on; and the wire's bounds, the join URL and the kept secret."""

from __future__ import annotations

import json
import os
import stat

import pytest

from common.net import keys, wire
from common.net.judge import FLOOD_LIMIT
from tests.helpers.netplay import Player, drive, host_game, publish_raw, session


def _msg(**fields) -> bytes:
    return json.dumps(fields).encode()


def test_hostile_peers_are_refused_and_the_game_goes_on():
    host = host_game("prepollency", ["random", None, None, None], seed=6, first=1)
    h = host.hosted
    gid = h.game_id
    a = Player(session(h.url("host", local=True)), {"1": "random"})
    honest = Player(session(h.url("2")), {"2": "random"}, seed=2)
    players = [a, honest]
    try:
        drive(players, lambda: a.net.game.plies >= 1 and a.net.game.to_move() == 2)
        # the server refuses a seat speaking on another's subject, and any spectator publish
        assert "ermission" in publish_raw(h.url("3"), wire.seat_subject(gid, "1"), b"{}")
        assert "ermission" in publish_raw(h.url("watch"), wire.seat_subject(gid, "2"), b"{}")
        # every client refuses a forged seat field and a stale (duplicated) ply
        ply = a.net.game.plies
        assert publish_raw(h.url("3"), wire.seat_subject(gid, "3"),
                           _msg(t="move", seat="2", ply=ply, move=[])) == "ok"
        assert publish_raw(h.url("3"), wire.seat_subject(gid, "3"),
                           _msg(t="move", seat="3", ply=0, move=[])) == "ok"
        assert publish_raw(h.url("3"), wire.seat_subject(gid, "3"),
                           b"[" * 50 + b"]" * 50) == "ok"
        drive([a], lambda: sum(e.kind == "refused" for e in a.events) >= 3)  # 2 waits
        match = a.net.game.match  # none of it applied (seat 2's own move may have come)
        assert a.net.game.in_game(3) and 3 not in {match.mover(i) for i in
                                                   range(len(match.moves))}
        # seat 4 floods: it forfeits, alone
        publish_raw(h.url("4"), wire.seat_subject(gid, "4"),
                    _msg(t="undo-no", seat="4", ply=ply, ref=1), count=FLOOD_LIMIT + 1)
        drive(players, lambda: not a.net.game.match.in_game(4))
        # seat 3 plays an illegal move on its turn: it forfeits, the others play on
        drive(players, lambda: a.net.game.to_move() == 3)
        publish_raw(h.url("3"), wire.seat_subject(gid, "3"),
                    _msg(t="move", seat="3", ply=a.net.game.plies, move=["a1-a2"]))
        drive(players, lambda: not a.net.game.match.in_game(3))
        drive(players, lambda: a.net.game.over and honest.net.game.over)
        record = a.net.record()
        assert [w["seat"] for w in record["withdrawn"]] == [4, 3]
        assert {w["reason"] for w in record["withdrawn"]} == {"forfeit"}
        assert record == {**honest.net.record(), "net": record["net"]}
        texts = " ".join(e.text for e in a.events if e.kind in ("refused", "left"))
        assert "forged" in texts and "stale" in texts and "nested" in texts
        assert "flooded" in texts and "illegal move" in texts
    finally:
        for p in players:
            p.close()
        host.stop()


def test_an_undo_request_needs_every_other_seat():
    host = host_game("prepollency", ["random", None, None], seed=2, first=1)
    h = host.hosted
    a = Player(session(h.url("host", local=True)), {"1": "random"})
    b = Player(session(h.url("2")), {"2": "random"})
    c = session(h.url("3"))  # a person's seat: it answers by hand
    players = [a, b, Player(c, {})]
    try:
        drive(players, lambda: c.game.to_move() == 3 and c.game.plies >= 2)
        plies = c.game.plies
        c.ask_undo(3, plies - 1)  # the CPU seats accept at once
        drive(players, lambda: c.game.plies == plies - 1)
        assert any(e.kind == "undo-done" for e in players[2].events)
        drive(players, lambda: c.game.to_move() == 3)
        c.resign(3)  # leaving: in three players the others play on
        drive(players, lambda: a.net.game.over)
        assert a.net.record()["withdrawn"][0]["reason"] == "resign"
    finally:
        for p in players:
            p.close()
        host.stop()


@pytest.mark.parametrize("data, why", [
    (b"x" * (wire.MAX_MESSAGE + 1), "too large"), (b"\xff\xfe", "UTF-8"),
    (b"[" * 7 + b"]" * 7, "nested"), (b"{", "JSON"), (b"[]", "object"),
    (b'{"t": "rm -rf"}', "kind")])
def test_the_wire_refuses_what_is_not_a_message(data, why):
    with pytest.raises(wire.WireError, match=why):
        wire.decode(data)


def test_join_urls_round_trip_and_bad_ones_are_refused():
    url = wire.make_url("127.0.0.1", 4222, "abcdefgh12", "white", wire.new_secret())
    assert wire.parse_url(str(url)) == url and url.role == "white"
    assert url.secret not in url.server
    for bad in ("http://x", "nats://u:p@h:1/abcdefgh12", str(url) + "?x=1",
                str(url).rsplit("/", 1)[0] + "/zzzzzzzz99", "nats://\x1b[31m"):
        with pytest.raises(ValueError):
            wire.parse_url(bad)


def test_a_seat_secret_is_kept_private_and_never_through_a_link(tmp_path):
    secret = wire.new_secret()
    path = keys.save("abcdefgh12", "black", secret)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert keys.load("abcdefgh12", "black") == secret
    path.unlink()
    target = tmp_path / "elsewhere"
    target.write_text("x")
    os.symlink(target, path)
    with pytest.raises(OSError):
        keys.save("abcdefgh12", "black", secret)
    assert target.read_text() == "x" and keys.load("abcdefgh12", "black") is None


def test_two_writers_for_one_seat_never_both_land_a_ply():
    host = host_game("prepollency", ["random", None], seed=4, first=1)
    h = host.hosted
    a = Player(session(h.url("host", local=True)), {"1": "random"})
    b1, b2 = session(h.url("3")), session(h.url("3"))  # the seat joined twice
    watchers = [a, Player(b1, {}), Player(b2, {})]
    try:
        drive(watchers, lambda: b1.game.to_move() == 3 and b2.game.to_move() == 3
              and b1.game.plies == b2.game.plies)
        game, ply = b1.game.game, b1.game.plies
        moves = game.legal_moves(b1.game.match.state)
        b1.play(3, moves[0])
        b2.play(3, moves[-1])  # both at the same ply, both conditioned on the same sequence
        drive(watchers, lambda: not b1.pending() and not b2.pending()
              and b1.game.plies > ply and b2.game.plies > ply)
        assert b1.game.match.moves[ply] == b2.game.match.moves[ply]
        assert not [e for p in watchers for e in p.events if "stale" in e.text]
    finally:
        for p in watchers:
            p.close()
        host.stop()


def test_a_hub_refuses_bad_registrations(tmp_path):
    from common.net.host import HostedGame
    from common.net.hub import Hub, register
    from common.net.server import free_port

    hub = Hub(tmp_path / "hub", "127.0.0.1", free_port(), free_port())
    hub.start()
    try:
        good = HostedGame.new("overlords", ["white", "black"], ["white"], hub=hub.host_url)
        register(good)
        again = HostedGame.new("overlords", ["white", "black"], ["white"], hub=hub.host_url)
        again.game_id = good.game_id
        with pytest.raises(ValueError, match="taken"):
            register(again)
        odd = HostedGame.new("overlords", ["white", "black"], ["red"], hub=hub.host_url)
        with pytest.raises(ValueError, match="local"):
            register(odd)
        assert len(hub.state["games"]) == 1
        # a seat of the registered game cannot register games or read the admin subject
        seat = good.url("black")
        assert "ermission" in publish_raw(seat, "ovp.hub.create", b"{}")
    finally:
        hub.stop()


def test_a_wrong_secret_is_refused_once_and_for_good():
    host = host_game("overlords", ["random", None])
    url = host.hosted.url("black")
    wrong = wire.JoinUrl(url.scheme, url.host, url.port, url.user, wire.new_secret(),
                         url.game_id)
    guest = Player(session(wrong), {"black": "random"})
    try:
        drive([guest], lambda: bool(guest.net.failed))
        assert "refused" in guest.net.failed and not guest.net.game.ready
    finally:
        guest.close(), host.stop()


def test_a_seat_cannot_make_the_stream_deliver_onto_another_seats_subject():
    import asyncio

    import nats
    from nats.js import api

    host = host_game("prepollency", ["random", None, None])
    url = host.hosted.url("2")

    async def attempt() -> str:
        nc = await nats.connect(url.connect_url(),
                                inbox_prefix=wire.inbox_prefix(url.game_id, "2"))
        try:
            config = api.ConsumerConfig(deliver_subject=wire.seat_subject(url.game_id, "3"),
                                        ack_policy=api.AckPolicy.NONE)
            await nc.jetstream()._jsm.add_consumer(wire.stream_name(url.game_id), config)
            return "created"
        except Exception as err:  # noqa: BLE001 - the refusal is the answer
            return str(err)
        finally:
            await nc.close()

    try:  # messages copied onto seat 3's subject would count against seat 3 (a flood)
        assert "cycle" in asyncio.run(attempt())
    finally:
        host.stop()
