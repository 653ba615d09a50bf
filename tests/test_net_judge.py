"""The log judged without a server: `NetGame` fed message by message (every client does the
same, so these are the rules every client agrees on)."""

from __future__ import annotations

import json
import random

from common import record as rec
from common.games import engines
from common.net import wire
from common.net.host import header_message
from common.net.judge import NetGame

GAMES = engines()
GID = "abcdefgh12"


class Log:
    """A game's log, fed to a fresh judge as it is written."""

    def __init__(self, name: str, count: int = 2, first: int | None = None, seed: int = 1):
        game = GAMES[name]
        self.game = game
        initial = game.new_state(random.Random(seed), count, first)
        labels = [str(game.player_label(p)) for p in game.players(initial)]
        self.header = header_message(game, initial, dict.fromkeys(labels, "human"), labels,
                                     names={labels[0]: "Ann\x1b[31m"})
        self.net = NetGame(GAMES)
        self.seq = 0
        self.stream: list[tuple[int, str, bytes]] = []
        self.events = self.put(wire.host_subject(GID), self.header)

    def put(self, subject: str, message) -> list:
        self.seq += 1
        data = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.stream.append((self.seq, subject, data))
        return self.net.feed(self.seq, subject, data)

    def say(self, label: str, kind: str, **fields) -> list:
        body = {"t": kind, "seat": label, "ply": self.net.plies, **fields}
        return self.put(wire.seat_subject(GID, label), body)

    def play(self, rng: random.Random) -> list:
        player = self.net.to_move()
        move = self.game.random_move(self.net.match.state, rng)
        return self.say(self.net.label(player), "move", move=self.game.move_data(move))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_overlords_setups_come_first_in_seat_order_and_an_illegal_one_forfeits():
    log = Log("overlords")
    assert kinds(log.events) == ["header"] and log.net.setting_up() == 0
    assert kinds(log.say("white", "move", move="1O e1-e2")) == ["refused"]
    assert kinds(log.say("black", "setup", setup=None)) == ["refused"]  # White's turn
    white = {"O": "d1", "D": "e1", "W": "c1", "H": "f1"}
    assert kinds(log.say("white", "setup", setup=white)) == ["setup"]
    events = log.say("black", "setup", setup={"O": "a1", "D": "b1", "W": "c1", "H": "d1"})
    assert kinds(events) == ["left", "over"] and "illegally" in events[0].text
    record = log.net.record()
    assert record["result"] == {"winner": "white", "reason": "forfeit"}
    assert record["setup"]["white"] == white
    rec.replay(record, GAMES)


def test_moves_out_of_turn_stale_or_forged_are_refused_and_the_same_ply_lands_once():
    log = Log("prepollency", 3, first=1)
    rng = random.Random(2)
    log.play(rng)
    assert kinds(log.say("1", "move", move=[])) == ["refused"]  # seat 2 is to move
    assert kinds(log.put(wire.seat_subject(GID, "2"), {"t": "move", "seat": "3", "ply": 1,
                                                        "move": []})) == ["refused"]
    assert kinds(log.say("2", "move", move=[])) == ["move"]
    stale = {"t": "move", "seat": "2", "ply": 1, "move": []}  # the same ply again
    assert kinds(log.put(wire.seat_subject(GID, "2"), stale)) == ["refused"]
    assert log.net.plies == 2
    assert kinds(log.put(wire.host_subject(GID), log.header)) == ["refused"]
    assert kinds(log.put(wire.seat_subject(GID, "9"), stale)) == ["refused"]


def test_transport_repeats_are_dropped_and_a_gap_is_reported():
    log = Log("prepollency")
    assert log.net.feed(1, wire.host_subject(GID), b"{}") == []  # seen already
    log.seq += 5
    events = log.say("1", "move", move=[])
    assert kinds(events) == ["refused", "move"] and "missing" in events[0].text


def test_a_bad_header_stops_the_log_and_nothing_applies():
    net = NetGame(GAMES)
    header = {"t": "header", "protocol": 1, "game": "chess", "version": 1, "record": {}}
    assert "cannot be followed" in net.feed(1, wire.host_subject(GID),
                                            json.dumps(header).encode())[0].text
    assert net.broken and not net.ready
    assert net.feed(2, wire.seat_subject(GID, "1"), b'{"t": "move"}') == []


def test_undo_needs_every_other_seat_and_a_refusal_or_a_turn_drops_it():
    log = Log("prepollency", 3, first=1)
    rng = random.Random(3)
    for _ in range(4):
        log.play(rng)
    assert kinds(log.say("2", "undo", to=9)) == ["refused"]
    assert kinds(log.say("2", "undo", to=2)) == ["undo-asked"]
    ref = log.net.undo.seq
    assert kinds(log.say("1", "undo-no", ref=ref)) == ["undo-refused"]
    log.say("2", "undo", to=2)
    ref = log.net.undo.seq
    assert log.say("1", "undo-yes", ref=ref) == []
    assert kinds(log.say("2", "undo-yes", ref=ref)) == ["refused"]  # the asker does not vote
    log.play(rng)  # a turn played meanwhile drops the request
    assert log.net.undo is None and log.net.plies == 5
    log.say("3", "undo", to=3)
    ref = log.net.undo.seq
    log.say("1", "undo-yes", ref=ref)
    assert kinds(log.say("2", "undo-yes", ref=ref)) == ["undo-done"]
    assert log.net.plies == 3 and log.net.epoch == 1


def test_a_resignation_in_three_players_is_a_withdrawal_and_undo_stops_there():
    log = Log("prepollency", 3, first=1)
    rng = random.Random(4)
    log.play(rng), log.play(rng)
    assert kinds(log.say("2", "resign")) == ["left"]
    assert kinds(log.say("2", "move", move=[])) == ["refused"]  # out of the game
    log.play(rng)
    assert kinds(log.say("1", "undo", to=1)) == ["refused"]  # not below the withdrawal
    record = log.net.record()
    assert record["withdrawn"] == [{"seat": 2, "after": 2, "reason": "resign"}]
    assert record["names"] == {"1": "Ann\x1b[31m"}  # kept as given; quoted when printed
    rec.replay(record, GAMES)


def test_two_judges_of_the_same_log_agree_on_every_refusal_and_forfeit():
    log = Log("prepollency", 4, first=2, seed=9)
    rng = random.Random(5)
    texts = []
    while not log.net.over and log.net.plies < 80:
        texts += [e.text for e in log.play(rng)]
        if rng.random() < 0.2:  # junk among the moves: illegal moves forfeit their seats
            texts += [e.text for e in log.say(str(rng.randint(1, 4)), "move",
                                              move=["a1-a2"])]
    other = NetGame(GAMES)
    other.feed(*log.stream[0])  # the header
    again = [e.text for message in log.stream[1:] for e in other.feed(*message)]
    assert again == texts and other.record() == log.net.record()
    assert any("illegal move" in text for text in texts)


def test_a_seat_leaves_where_the_log_puts_it_whatever_ply_it_saw():
    log = Log("prepollency", 4, first=1)
    rng = random.Random(6)
    for _ in range(3):
        log.play(rng)
    stale = {"t": "resign", "seat": "2", "ply": 1}  # sent before two turns it had not read
    assert kinds(log.put(wire.seat_subject(GID, "2"), stale)) == ["left"]
    assert log.net.record()["withdrawn"] == [{"seat": 2, "after": 3, "reason": "resign"}]


def test_bye_is_refused_before_the_end_and_changes_nothing_after_it():
    log = Log("prepollency", 2, first=1)
    assert kinds(log.say("3", "bye")) == ["refused"]
    assert kinds(log.say("1", "resign")) == ["left", "over"]
    record = log.net.record()
    assert kinds(log.say("3", "bye")) == ["bye"]
    assert log.net.record() == record
