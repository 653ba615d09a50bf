"""Records of 4-player games a seat left while the game went on (common.record, "withdrawn"):
selfplay with bots that forfeit mid-game, then validate; a clear error for every entry that
makes no sense; and random games with random withdrawals that round-trip exactly."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import main
from common import record as rec
from common.protocol import Outcome
from overlords import rules as overlords
from prepollency import rules

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"prepollency": rules, "overlords": overlords}
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'random_bot.py'} 4"

# A bot that replays the record it gets and plays a random turn, but answers garbage on its
# third turn (the seat forfeits).
BROKEN_BOT = f"""
import json, random, sys
sys.path.insert(0, {str(ROOT)!r})
from common import record
from prepollency import rules
rng = random.Random(1)
for number, line in enumerate(sys.stdin, 1):
    if number == 3:
        print("garbage", flush=True)
        continue
    state = record.replay(json.loads(line)["record"], {{"prepollency": rules}}).final
    print(json.dumps({{"turn": rules.move_data(rules.random_move(state, rng))}}), flush=True)
"""


def _broken_bot(tmp_path: Path) -> str:
    path = tmp_path / "broken_bot.py"
    path.write_text(BROKEN_BOT)
    return f"cmd:{sys.executable} {path}"


def _selfplay(tmp_path, capsys, specs: list[str], *extra: str):
    out = tmp_path / "games"
    code = main.main(["selfplay", "prepollency", "--players", ",".join(specs), "--seed", "3",
                      "--bot-timeout", "30", "--out", str(out), *extra])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    return out / "prepollency-0001.json", printed


def test_a_bot_that_forfeits_mid_game_is_recorded_and_the_game_goes_on(tmp_path, capsys):
    broken = _broken_bot(tmp_path)
    path, printed = _selfplay(tmp_path, capsys, ["random", broken, f"cmd:{EXAMPLE}", "random"],
                              "--max-moves", "24")
    # Only seat 2 forfeits: seat 3's bot read the records sent after it correctly.
    assert printed.err.count(") forfeits: ") == 1 and "2 (cmd:" in printed.err
    assert "game 1: unfinished after 24 turns" in printed.out
    record = rec.load(path)
    # Seat 2 played turns 2 and 6 and forfeited on its third: after 9 turns.
    assert record["withdrawn"] == [{"seat": 2, "after": 9, "reason": "forfeit"}]
    assert list(record)[:7] == ["game", "version", "seats", "first", "turns", "withdrawn",
                                "result"]
    assert main.main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"
    replay = rec.replay(record, GAMES)
    assert replay.withdrawn == (rec.Withdrawal(2, 9, "forfeit"),)
    movers = [state.turn for state in replay.states[:-1]]
    assert movers[:9] == [1, 2, 3, 4, 1, 2, 3, 4, 1] and movers[9:15] == [3, 4, 1, 3, 4, 1]
    assert replay.final.alive == (1, 3, 4) and replay.final.pieces[2] == ()
    assert rec.build(rules, replay.initial, replay.moves, replay.final, replay.withdrawn,
                     players=record["players"], seed=3) == record
    # Without the key, the turns after the forfeit go to the wrong seats.
    del record["withdrawn"]
    with pytest.raises(rec.RecordError, match=r"move 10 .*That is not your piece"):
        rec.replay(record, GAMES)


def test_forfeits_to_the_last_seat_standing_replay_to_the_same_result(tmp_path, capsys):
    broken = _broken_bot(tmp_path)
    path, printed = _selfplay(tmp_path, capsys, [broken, broken, broken, "random"])
    assert printed.err.count(") forfeits: ") == 3
    assert "game 1: 4 wins by forfeit after 8 turns" in printed.out
    record = rec.load(path)
    # Seats 1 and 2 left one after the other after 8 turns; seat 3's forfeit ended the game.
    assert record["withdrawn"] == [{"seat": 1, "after": 8, "reason": "forfeit"},
                                   {"seat": 2, "after": 8, "reason": "forfeit"}]
    assert record["result"] == {"winner": 4, "reason": "forfeit"}
    assert main.main(["validate", str(path)]) == 0
    assert rec.replay(record, GAMES).final.result == Outcome(4, "forfeit")


def test_two_player_forfeits_stay_a_result_only(tmp_path, capsys):
    path, _ = _selfplay(tmp_path, capsys, [_broken_bot(tmp_path), "random"])
    record = rec.load(path)
    assert "withdrawn" not in record and record["result"] == {"winner": 3, "reason": "forfeit"}
    assert main.main(["validate", str(path)]) == 0


def test_withdraw_notes_only_a_seat_that_leaves_a_game_that_goes_on():
    state = rules.new_state(random.Random(1), 2)
    withdrawn: list[rec.Withdrawal] = []
    assert rec.withdraw(rules, state, 1, "resign", [], withdrawn).result == Outcome(3, "resign")
    assert withdrawn == []
    state = rules.new_state(random.Random(1), 4)
    moves = [rules.random_move(state, random.Random(2))]
    state = rules.apply(state, moves[0])
    state = rec.withdraw(rules, state, 3, "resign", moves, withdrawn)
    assert withdrawn == [rec.Withdrawal(3, 1, "resign")] and state.alive == (1, 2, 4)
    with pytest.raises(ValueError, match="seat 3 is not in the game"):
        rec.withdraw(rules, state, 3, "resign", moves, withdrawn)


# --- entries that make no sense ----------------------------------------------------------------

def _four_player_record(turns: int = 12, leaves: tuple = ((5, 2, "forfeit"),)) -> dict:
    rng = random.Random(7)
    state = initial = rules.new_state(rng, 4)
    moves: list = []
    withdrawn: list[rec.Withdrawal] = []
    for n in range(turns + 1):
        for after, seat, reason in leaves:
            if after == n:
                state = rec.withdraw(rules, state, seat, reason, moves, withdrawn)
        if n < turns:
            moves.append(rules.random_move(state, rng))
            state = rules.apply(state, moves[-1])
    return rec.build(rules, initial, moves, state, withdrawn)


def test_the_base_record_is_valid():
    record = _four_player_record()
    assert record["withdrawn"] == [{"seat": 2, "after": 5, "reason": "forfeit"}]
    assert rec.replay(record, GAMES).final.alive == (1, 3, 4)


@pytest.mark.parametrize(("withdrawn", "message"), [
    ({"seat": 2}, '"withdrawn" must be a list, not an object'),
    ("", '"withdrawn" must be a list, not a string'),
    (["2"], 'withdrawn entry 1 ("2"): must be an object like {"seat": 2, "after": 17, '
            '"reason": "forfeit"}, not a string'),
    ([{"after": 5, "reason": "forfeit"}], 'missing "seat"'),
    ([{"seat": 2, "reason": "forfeit"}], 'missing "after"'),
    ([{"seat": 2, "after": 5}], 'missing "reason"'),
    ([{"seat": 5, "after": 5, "reason": "forfeit"}], "seat 5 is not a player of this game"),
    ([{"seat": "2", "after": 5, "reason": "forfeit"}], 'seat "2" is not a player of this game'),
    ([{"seat": [2], "after": 5, "reason": "forfeit"}], "seat [2] is not a player of this game"),
    ([{"seat": 2, "after": "5", "reason": "forfeit"}],
     '"after" must be a whole number of turns, not a string'),
    ([{"seat": 2, "after": True, "reason": "forfeit"}],
     '"after" must be a whole number of turns, not true/false'),
    ([{"seat": 2, "after": 5.0, "reason": "forfeit"}],
     '"after" must be a whole number of turns, not a number'),
    ([{"seat": 2, "after": -1, "reason": "forfeit"}],
     '"after" is -1, but the record has 12 turns (0 to 12)'),
    ([{"seat": 2, "after": 13, "reason": "forfeit"}],
     '"after" is 13, but the record has 12 turns (0 to 12)'),
    ([{"seat": 2, "after": 5, "reason": "draw"}], '"reason" "draw" is not resign or forfeit'),
    ([{"seat": 2, "after": 5, "reason": "forfeit"}, {"seat": 2, "after": 5, "reason": "resign"}],
     'withdrawn entry 2 ({"seat": 2, "after": 5, "reason": "resign"}): '
     "seat 2 is not in the game"),
    ([{"seat": 2, "after": 5, "reason": "forfeit"}, {"seat": 3, "after": 4, "reason": "resign"}],
     'withdrawn entry 2 ({"seat": 3, "after": 4, "reason": "resign"}): listed after entry 1 '
     '("after" 5): list withdrawals in the order they happened'),
    ([{"seat": 2, "after": 5, "reason": "forfeit"}, {"seat": 3, "after": 5, "reason": "resign"},
      {"seat": 4, "after": 5, "reason": "resign"}],
     'withdrawn entry 3 ({"seat": 4, "after": 5, "reason": "resign"}): this ends the game '
     '(1 wins by resign); a withdrawal that ends the game is written as the "result" only'),
])
def test_bad_withdrawn_entries_get_one_clear_error(withdrawn, message):
    record = dict(_four_player_record(), withdrawn=withdrawn)
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert message in str(err.value)


def test_a_withdrawal_in_the_wrong_place_shows_in_the_turns_it_breaks():
    record = _four_player_record()
    record["withdrawn"][0]["after"] = 6  # seat 2 had to move at turn 6 (it forfeited there)
    with pytest.raises(rec.RecordError, match=r"move 6 .*That is not your piece"):
        rec.replay(record, GAMES)


def test_no_withdrawal_after_the_game_is_over():
    # Four seats holding the line: drawn after 50 rounds of 4 quiet turns.
    record = {"game": "prepollency", "version": 1, "seats": [1, 2, 3, 4], "first": 1,
              "turns": [[]] * 200, "result": {"winner": None, "reason": "draw"}}
    assert rec.replay(record, GAMES).final.result == Outcome(None, "draw")
    record["withdrawn"] = [{"seat": 2, "after": 200, "reason": "resign"}]
    with pytest.raises(rec.RecordError,
                       match=r"withdrawn entry 1 \(.*\): the game is already over"):
        rec.replay(record, GAMES)
    # With seat 2 gone after 0 turns, three seats draw after 150: turn 151 is one too many.
    record["withdrawn"][0]["after"] = 0
    with pytest.raises(rec.RecordError, match="move 151 .*The game is over"):
        rec.replay(record, GAMES)
    record["turns"] = [[]] * 150
    assert rec.replay(record, GAMES).final.alive == (1, 3, 4)


@pytest.mark.parametrize("game", [rules, overlords])
def test_two_player_games_have_no_withdrawals(game):
    state = game.new_state(random.Random(1), 2)
    seat = game.player_label(game.players(state)[0])
    record = rec.build(game, state, [], state)
    record["withdrawn"] = [{"seat": seat, "after": 0, "reason": "resign"}]
    with pytest.raises(rec.RecordError) as err:
        rec.replay(record, GAMES)
    assert str(err.value) == (
        f'withdrawn entry 1 ({json.dumps(record["withdrawn"][0])}): in a 2-player game a '
        'resignation or forfeit ends the game; it is written as the "result" only')


def test_validate_prints_a_bad_entry_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    record = _four_player_record()
    record["withdrawn"][0]["reason"] = "bored"
    rec.save(bad, record)
    assert main.main(["validate", str(bad)]) == 1
    assert capsys.readouterr().out == (
        f'{bad}: withdrawn entry 1 ({{"seat": 2, "after": 5, "reason": "bored"}}): '
        '"reason" "bored" is not resign or forfeit\n')


def test_entries_may_carry_more_keys():
    record = _four_player_record()
    record["withdrawn"][0]["note"] = "the bot crashed"  # entries may carry more keys
    assert rec.replay(record, GAMES).withdrawn == (rec.Withdrawal(2, 5, "forfeit"),)


# --- random games, random withdrawals ----------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), turns=st.integers(0, 30), players=st.sampled_from((3, 4)),
       leaves=st.lists(st.tuples(st.floats(0, 1), st.sampled_from(rules.LEAVE_REASONS),
                                 st.integers(0, 3)), max_size=4))
def test_random_withdrawals_round_trip(seed, turns, players, leaves):
    """Seats leave at random points (the last one may end the game), in 4-player games and
    the 3-player variant: the record replays to the same states, the same withdrawals and the
    same result, and rebuilds to itself."""
    rng = random.Random(seed)
    state = initial = rules.new_state(rng, players, rng.choice((1, 2, 3, 4)[:players]))
    plan = sorted((round(at * turns), reason, pick) for at, reason, pick in leaves)
    moves: list = []
    withdrawn: list[rec.Withdrawal] = []
    states = []
    for n in range(turns + 1):
        for at, reason, pick in plan:
            if at == n and state.result is None:
                seat = state.alive[pick % len(state.alive)]
                state = rec.withdraw(rules, state, seat, reason, moves, withdrawn)
        if n == turns or state.result is not None:
            break
        states.append(state)
        moves.append(rules.random_move(state, rng))
        state = rules.apply(state, moves[-1])
    record = rec.build(rules, initial, moves, state, withdrawn)
    assert ("withdrawn" in record) == bool(withdrawn)
    replay = rec.replay(rec.loads(rec.dumps(record)), GAMES)
    assert replay.initial == initial and replay.moves == moves
    assert replay.states[:-1] == states and replay.final == state
    assert replay.withdrawn == tuple(withdrawn)
    assert rec.build(rules, replay.initial, replay.moves, replay.final,
                     replay.withdrawn) == record
