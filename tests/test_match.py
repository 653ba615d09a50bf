"""common.match: one game in progress for any engine, without pygame: turns and steps, undo
and redo ("against a CPU, back to the person's previous turn"), review, resignations and
withdrawals, and the record it saves (replayed by common.record)."""

from __future__ import annotations

import random

import pytest

import overlords.rules as orules
import prepollency.rules as prules
from common import record as rec
from common.match import Match
from common.protocol import IllegalMoveError
from common.seats import SeatSpec
from tests.helpers.toygames import END, STEPNIM, TICTACTOE

GAMES = {"overlords": orules, "prepollency": prules}


def test_play_undo_redo_among_people_one_turn_at_a_time() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "human"])
    for cell in (4, 0, 8):
        m.play(cell)
    assert m.moves == [4, 0, 8] and m.to_move == 2
    assert m.undo() == 1 and m.moves == [4, 0] and m.to_move == 1
    assert m.can_redo() and m.redo() == 1 and m.moves == [4, 0, 8]
    m.undo()
    m.play(2)  # a new turn drops the redo list
    assert not m.can_redo() and m.moves == [4, 0, 2]


def test_against_the_cpu_undo_goes_back_to_the_persons_turn() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "easy"])
    for cell in (4, 0, 8, 2):
        m.play(cell)
    assert m.undo() == 2 and m.moves == [4, 0] and m.humans_turn
    assert m.redo() == 2 and m.moves == [4, 0, 8, 2]


def test_nothing_to_undo_before_a_persons_first_turn() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["easy", "human"])
    assert not m.can_undo() and m.undo() == 0
    m.play(4)  # the CPU's first move
    assert not m.can_undo()  # taking it back would leave the CPU to move: nothing gained
    m.play(0)
    m.play(8)
    assert m.undo() == 2 and m.moves == [4]


def test_an_illegal_move_changes_nothing() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "human"])
    m.play(4)
    with pytest.raises(IllegalMoveError):
        m.play(4)
    assert m.moves == [4] and len(m.states) == 2


def test_a_turn_in_steps_joins_the_moves_list_whole() -> None:
    m = Match(STEPNIM, STEPNIM.new_state(random.Random(), 3), ["human"] * 3)
    assert m.step(1) is None and m.steps == [1] and m.moves == []
    assert STEPNIM.to_move(m.state) == 1 and m.state[0] == 20
    assert m.take_back_step() and m.steps == [] and m.state[0] == 21
    assert m.step(2) is None
    assert m.step(1) == (2, 1) and m.moves == [(2, 1)] and m.to_move == 2
    assert m.step(1) is None
    assert m.step(END) == (1,) and m.moves == [(2, 1), (1,)] and m.to_move == 3
    # undo among people takes back the turn being made first, then whole turns
    m.step(2)
    assert m.undo() == 0 and m.steps == [] and len(m.moves) == 2
    assert m.undo() == 1 and m.moves == [(2, 1)]


def test_review_shows_past_positions_and_keeps_the_live_one() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "human"])
    for cell in (4, 0, 8):
        m.play(cell)
    m.start_review(1)
    assert m.shown == m.states[1] and m.state == m.states[3]
    m.review_step(-5)
    assert m.review == 0
    m.review_step(99)
    assert m.review == 3
    m.end_review()
    assert m.shown is m.state


def test_turns_since_a_player_last_moved() -> None:
    m = Match(STEPNIM, STEPNIM.new_state(random.Random(), 3), ["human"] * 3)
    assert m.turns_since(1) == []
    for turn in ((1,), (2,), (1, 1)):
        m.play(turn)
    assert m.turns_since(1) == [1, 2] and m.turns_since(3) == []
    assert [m.mover(i) for i in range(3)] == [1, 2, 3]


def test_two_player_resignation_ends_the_game_and_cannot_be_undone() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "easy"])
    m.play(4)
    m.play(0)
    m.resign(1)
    assert m.over and m.result.winner == 2 and m.resigned
    assert not m.can_undo() and m.undo() == 0 and not m.can_redo()
    assert m.withdrawn == []


def test_a_withdrawal_goes_on_the_record_and_undo_stops_there() -> None:
    game = prules
    m = Match(game, game.new_state(random.Random(1), 4), ["human"] * 4)
    rng = random.Random(5)
    for _ in range(3):
        m.play(game.random_move(m.state, rng))
    first = game.legal_steps(m.state)[1]
    m.step(first)  # seat 4 is making its turn when it resigns: the move is taken back
    m.resign(4)
    assert m.steps == [] and not m.over and 4 not in m.state.alive
    assert m.withdrawn == [rec.Withdrawal(4, 3, "resign")]
    assert m.to_move == 1
    assert not m.can_undo()  # among people, undo would cross the withdrawal
    m.play(game.random_move(m.state, rng))
    assert m.undo() == 1 and len(m.moves) == 3 and m.undo() == 0
    record = m.record()
    assert record["withdrawn"] == [{"seat": 4, "after": 3, "reason": "resign"}]
    replay = rec.replay(rec.loads(rec.dumps(record)), GAMES)
    again = Match.from_replay(replay, ["human"] * 4)
    assert again.state == m.state and again.withdrawn == m.withdrawn


@pytest.mark.parametrize("name, players", [("overlords", 2), ("prepollency", 2),
                                           ("prepollency", 3), ("prepollency", 4)])
def test_record_round_trip_on_both_games(name: str, players: int) -> None:
    game = GAMES[name]
    rng = random.Random(7)
    m = Match(game, game.new_state(rng, players), ["human"] + ["easy"] * (players - 1),
              info={"seed": 7})
    for _ in range(12):
        if m.over:
            break
        m.play(game.random_move(m.state, rng))
    record = rec.loads(rec.dumps(m.record()))
    assert record["seed"] == 7
    assert record["players"][str(game.player_label(game.players(m.initial)[0]))] == "human"
    replay = rec.replay(record, GAMES)
    again = Match.from_replay(replay, {p: SeatSpec.parse(s) for p, s in m.seats.items()})
    assert again.moves == m.moves and again.state == m.state


def test_seats_are_parsed_once() -> None:
    m = Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human", "hard:40"])
    assert m.seats[2] == SeatSpec("cpu", level="hard", nodes=40)
    assert m.humans == 1 and m.is_human(1) and not m.is_human(2)
    with pytest.raises(ValueError):
        Match(TICTACTOE, TICTACTOE.new_state(random.Random()), ["human"])


def test_resigning_is_foreseen_by_the_engine_and_out_seats_cannot() -> None:
    from prepollency.state import from_diagram
    from tests.helpers.prepollency_diagram import cells

    state = from_diagram(cells(a1="2I", a2="2I", b1="2I", b2="2I", m14="2I", n2="4I",
                               e13="3I", a15="1I"), seats=(1, 2, 3, 4), turn=2,
                         alive=(2, 3, 4))  # seat 1's base is taken: it is out
    m = Match(prules, state, ["human", "easy", "human", "easy"])
    assert not m.in_game(1) and m.in_game(3)
    with pytest.raises(ValueError):
        m.resign_result(1)
    assert m.resign_result(3) is None  # two seats are left: they play on
    m.resign(3)
    ends = m.resign_result(4)
    assert ends.winner == 2 and ends.reason == "resign"


@pytest.mark.parametrize("specs", [("human", "human", "easy", "human"),
                                   ("human", "easy", "human", "easy"),
                                   ("easy", "human", "easy", "easy")])
def test_undo_takes_names_exactly_the_turns_undo_takes_back(specs) -> None:
    """`Match.undo_takes` (what the undo question is about) foresees `undo` exactly."""
    rng = random.Random(len(specs) + specs.count("human"))
    m = Match(prules, prules.new_state(rng, 4, 1), list(specs))
    for _ in range(40):
        if rng.random() < 0.7 or not m.can_undo():
            m.play(prules.random_move(m.turn_start, rng))
            continue
        if rng.random() < 0.3:
            m.step(next(s for s in prules.legal_steps(m.state) if s is not prules.END))
        taken = m.undo_takes()
        before = len(m.moves)
        assert m.undo() == len(taken)
        assert taken == list(range(before - 1, before - 1 - len(taken), -1))
