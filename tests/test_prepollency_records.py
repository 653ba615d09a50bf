"""Prepollency records and tools: the shared vectors, record round trips and errors through
common.record, selfplay/validate/perft through main.main, and rules that never load pygame."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import main
from common import record as rec
from common.protocol import Outcome
from prepollency import rules
from prepollency.state import BASES, has_khan
from tests.helpers import vectors

ROOT = Path(__file__).resolve().parents[1]
VECTORS = vectors.load("prepollency_turns.json")
VECTORS_3P = vectors.load("prepollency_3p_turns.json")
GAMES = {"prepollency": rules}


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v.get("note", ""))
def test_turn_count_vectors(vector):
    final = rec.replay(vector["record"], GAMES).final
    assert rules.perft(final, 1) == vector["turns"]
    assert len(rules.legal_moves(final)) == vector["turns"]


@pytest.mark.parametrize("vector", VECTORS_3P, ids=lambda v: str(len(v["record"]["turns"])))
def test_three_player_variant_turn_count_vectors(vector):
    replay = rec.replay(vector["record"], GAMES)
    assert rules.players(replay.initial) == (1, 2, 3) and 4 not in replay.final.owners
    assert rules.perft(replay.final, 1) == vector["turns"]
    assert len(rules.legal_moves(replay.final)) == vector["turns"]


def test_the_vectors_reach_a_khan_a_hold_and_an_elimination():
    finals = {v.get("note"): rec.replay(v["record"], GAMES).final for v in VECTORS}
    khan = finals["khan"]
    assert has_khan(khan, 1) and khan.holds[1] == 1
    assert finals["hold3"].holds[1] == 3
    assert finals["seat 2 just eliminated"].alive == (1, 3, 4)


def _game(players: int, turns: int, seed: int):
    rng = random.Random(seed)
    state = initial = rules.new_state(rng, players)
    moves = []
    while state.result is None and len(moves) < turns:
        moves.append(rules.random_move(state, rng))
        state = rules.apply(state, moves[-1])
    return initial, moves, state


@pytest.mark.parametrize(("players", "turns"), [(2, 40), (4, 60), (2, 100000)])
def test_records_round_trip(players, turns):
    initial, moves, final = _game(players, turns, seed=players * 7 + turns)
    record = rec.build(rules, initial, moves, final, players={"1": "random"})
    assert record["seats"] == list(rules.players(initial)) and record["first"] == 1
    again = rec.replay(rec.loads(rec.dumps(record)), GAMES)
    assert again.moves == moves and again.final == final
    assert [rules.move_data(m) for m in again.moves] == record["turns"]
    if turns == 100000:
        assert record["result"] == {"winner": None, "reason": "draw"}


BASE = {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1,
        "turns": [["e5-e6", "d5-d6"], []], "result": None}


@pytest.mark.parametrize(("change", "message"), [
    ({"seats": None}, 'missing "seats"'),
    ({"seats": "1,3"}, '"seats" must be a list of seat numbers, not the string "1,3"'),
    ({"seats": [1, "3"]}, '"seats" holds the string "3", which is not a seat number'),
    ({"seats": [1, True]}, '"seats" holds true/false, which is not a seat number'),
    ({"seats": [1, 5]}, '"seats" holds 5: seats are numbered 1 to 4'),
    ({"seats": [3, 3]}, '"seats" lists seat 3 twice'),
    ({"seats": [1, 2, 3, 4, 4]}, '"seats" lists seat 4 twice'),
    ({"seats": [1]}, '"seats" lists 1 player: Prepollency is for 2 players (seats [1, 3]), 3 '
                     '(the variant, seats [1, 2, 3]) or 4 (seats [1, 2, 3, 4])'),
    ({"seats": [1, 2, 4]}, '"seats" is [1, 2, 4]: 3 players (the variant) sit on seats '
                           '[1, 2, 3], the o1 corner stays empty'),
    ({"seats": [1, 2]}, '"seats" is [1, 2]: 2 players sit on opposite corners, seats [1, 3]'),
    ({"first": None}, 'missing "first"'),
    ({"first": "1"}, '"first" must be a seat number, not the string "1"'),
    ({"first": 2}, '"first" is seat 2, which is not in the game (seats [1, 3])'),
    ({"turns": {"a": 1}}, '"turns" must be a list, not an object'),
    ({"turns": ["e5-e6"]}, "move 1 (\"e5-e6\"): 'e5-e6' is not a turn"),
    ({"turns": [["e5-e7"]]}, 'move 1 (["e5-e7"]): e5-e7: Infantry moves one square in any'),
    ({"turns": [[], ["e5-e6"]]}, 'move 2 (["e5-e6"]): e5-e6: That is not your piece'),
    ({"turns": [["e5-e6", "e6-e7"]]}, "e6-e7: That piece already moved this turn"),
    ({"turns": [["a3-a1", "c3-c1"]]}, "c3-c1: Blocked by the Archer on c2"),
    ({"turns": [["e5-e6", "d5-d6", "c5-c6"]]}, "a turn has at most two moves, not 3"),
    ({"result": {"winner": 3, "reason": "obelisk"}},
     "wrong result: the record says 3 wins by obelisk, but the game is not over"),
    ({"result": {"winner": 7, "reason": "resign"}}, "result winner 7 is not a player"),
    ({"result": {"winner": None, "reason": "resign"}},
     "a resign result needs a winner (the player who stays), not null"),
])
def test_malformed_records_get_one_clear_error(change, message):
    record = copy.deepcopy(BASE)
    for key, value in change.items():
        if value is None and key in ("seats", "first"):
            del record[key]
        else:
            record[key] = value
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert message in str(err.value)


def test_resign_results_replay_and_four_player_resigns_need_one_loser_left():
    record = dict(BASE, result={"winner": 3, "reason": "resign"})
    assert rec.replay(record, GAMES).final.result == Outcome(3, "resign")
    four = dict(BASE, seats=[1, 2, 3, 4], turns=[], result={"winner": 2, "reason": "forfeit"})
    with pytest.raises(rec.RecordError, match="a forfeit ends the game only when two players are "
                       r"left, but 4 are still in \(1, 2, 3, 4\)"):
        rec.replay(four, GAMES)


def _attack_bases(seed: int):
    """A 4-player game where seats 1 and 3 march on the bases of seats 2 and 4, which only
    hold the line, until both are eliminated."""
    def dist(a: int, b: int) -> int:
        g = rules.GRID
        return max(abs(g.col(a) - g.col(b)), abs(g.row(a) - g.row(b)))

    rng = random.Random(seed)
    state = initial = rules.new_state(rng, 4)
    turns = []
    while len(state.alive) > 2:
        me, turn, now = state.turn, [], state
        while me in (1, 3) and len(turn) < 2:
            free = [b for b in BASES[me + 1] if now.owners[b] != me]
            moves = rules.legal_steps(now)[1:]
            if not free or not moves:
                break
            gain = {m: min(dist(m.to, b) for b in free) - min(dist(m.frm, b) for b in free)
                    for m in moves}
            best = min(gain.values())
            turn.append(rng.choice([m for m in moves if gain[m] == best]))
            now = rules.apply_step(now, turn[-1])
        turns.append(rules.Turn(turn))
        state = rules.apply(state, turns[-1])
    return initial, turns, state


def test_a_four_player_game_ends_when_one_of_the_last_two_resigns():
    initial, turns, final = _attack_bases(seed=1)
    assert final.alive == (1, 3) and final.pieces[2] == final.pieces[4] == ()
    record = rec.build(rules, initial, turns, rules.resign(final, 1, "resign"))
    assert record["result"] == {"winner": 3, "reason": "resign"}
    assert rec.replay(rec.loads(rec.dumps(record)), GAMES).final.result == Outcome(3, "resign")
    record["result"] = {"winner": 2, "reason": "resign"}
    with pytest.raises(rec.RecordError, match="result winner 2 already left the game"):
        rec.replay(record, GAMES)


def test_a_finished_game_takes_no_more_turns():
    initial, moves, final = _game(2, 100000, seed=11)
    record = rec.build(rules, initial, moves, final)
    record["turns"].append([])
    with pytest.raises(rec.RecordError, match=f"move {len(moves) + 1} .*The game is over"):
        rec.replay(record, GAMES)
    record["turns"].pop()
    record["result"] = None
    with pytest.raises(rec.RecordError, match="result is null, but the game is over: a draw"):
        rec.replay(record, GAMES)


# --- the command line -------------------------------------------------------------------------

def test_selfplay_validate_and_perft(tmp_path, capsys):
    out = tmp_path / "games"
    code = main.main(["selfplay", "prepollency", "--players", "random,random,random,random",
                      "--first", "2", "--games", "2", "--seed", "5", "--out", str(out),
                      "--max-moves", "80"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "game 1: unfinished after 80 turns" in printed and "total 2 games" in printed
    files = sorted(out.glob("prepollency-*.json"))
    assert len(files) == 2
    record = rec.load(files[0])
    assert record["seats"] == [1, 2, 3, 4] and record["first"] == 2
    assert record["players"] == {"1": "random", "2": "random", "3": "random", "4": "random"}
    assert main.main(["validate", *map(str, files)]) == 0
    assert capsys.readouterr().out.count(": ok") == 2
    assert main.main(["perft", str(files[0]), "--depth", "1"]) == 0
    count = int(capsys.readouterr().out.strip())
    assert count == rules.perft(rec.replay(record, GAMES).final, 1)


def test_selfplay_two_players_plays_to_the_end(tmp_path, capsys):
    assert main.main(["selfplay", "prepollency", "--players", "random,random", "--seed", "2",
                      "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "game 1: draw (draw)" in printed
    assert main.main(["validate", str(tmp_path / "prepollency-0001.json")]) == 0


@pytest.mark.parametrize(("argv", "message"), [
    (["selfplay", "prepollency", "--players", "random,random,random,random,random"],
     "selfplay: Prepollency is for 2, 3 (variant) or 4 players, not 5"),
    (["selfplay", "prepollency", "--players", "random,random", "--first", "2"],
     "selfplay: the first player must be one of the seats 1 and 3, not 2"),
    (["selfplay", "prepollency", "--players", "random,nobody"], "selfplay: unknown player"),
])
def test_selfplay_bad_input_is_a_usage_error(argv, message, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/somewhere/main.py"])  # as `python3 main.py` is
    monkeypatch.delenv("OVERLORDS_PROG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: main.py selfplay") and "Traceback" not in err
    assert err.splitlines()[-1].startswith(f"main.py selfplay: error: {message.split(': ', 1)[1]}")


def test_validate_and_perft_report_broken_records_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(BASE, turns=[["e5-e7"]])))
    assert main.main(["validate", str(bad)]) == 1
    assert capsys.readouterr().out == (
        f"{bad}: move 1 ([\"e5-e7\"]): e5-e7: Infantry moves one square in any direction\n")
    assert main.main(["perft", str(bad)]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_the_rules_never_import_pygame():
    code = "import sys, prepollency.rules, common.record; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_seats_may_be_listed_in_any_order_and_are_written_sorted():
    record = dict(BASE, seats=[3, 1], first=3, turns=[])
    state = rec.replay(record, GAMES).final
    assert rules.record_header(state) == {"seats": [1, 3], "first": 3}


def test_the_playout_benchmark_reports_its_figures():
    sys.path.insert(0, str(ROOT / "bench"))
    from prepollency_playout import playouts

    figures = playouts(2, 0.05, seed=1)
    assert figures["plies_per_s"] > 0 and figures["turns_per_s"] > 0
    assert figures["steps_generated_per_s"] > figures["plies_per_s"]
