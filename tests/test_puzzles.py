"""The shipped puzzles (common/puzzles.py, assets/puzzles/): every one replays as a record,
its solution wins or saves and is unique (every other first move fails, by the solver), and
the checks catch a puzzle that does not hold."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest

from common import puzzles
from common import record as rec
from common.games import GAMES
from common.progress import RATINGS
from overlords import rules as ov_rules
from tests.helpers.packaging import packaged

ROOT = Path(__file__).resolve().parents[1]
MINIMUM = {"overlords": 60, "prepollency": 40}


def shipped(game: str) -> list[puzzles.Puzzle]:
    return puzzles.load_puzzles(game)


def test_every_shipped_puzzle_holds():
    assert puzzles.check_all() == []


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_enough_puzzles_of_every_goal_and_rating(game):
    found = shipped(game)
    assert len(found) >= MINIMUM[game]
    assert {p.goal for p in found} <= set(GAMES[game].puzzles.GOALS)
    assert {p.rating for p in found} <= set(RATINGS)
    assert len({p.id for p in found}) == len(found)


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_at_least_four_kinds_and_none_over_two_fifths(game):
    found = shipped(game)
    counts = puzzles.shares(found)
    assert len(counts) >= 4, counts
    assert max(counts.values()) <= 0.4 * len(found), counts
    assert puzzles.mix_problem(game, found) is None


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_each_rating_counts_the_cpu_levels_that_miss_it(game):
    for puzzle in shipped(game):
        assert puzzle.missed is not None, puzzle.id
        assert puzzle.rating == puzzles.rating_of(puzzle.missed)
    assert [puzzles.rating_of(n) for n in range(5)] == ["easy", "easy", "medium", "hard", "hard"]


def test_a_puzzle_whose_first_move_is_the_only_legal_one_is_refused():
    puzzle = _first("win-1")
    state = puzzle.state
    real = GAMES["overlords"].engine.legal_moves
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GAMES["overlords"].engine, "legal_moves",
                      lambda s: real(s)[:1] if s is state else real(s))
        assert puzzles.check(puzzle) == "the first move is the only legal move"


def test_a_set_of_one_kind_is_named():
    found = [p for p in shipped("prepollency") if p.goal == "stop"]
    assert "fewer than four" in puzzles.mix_problem("prepollency", found)


@pytest.mark.parametrize("game", sorted(MINIMUM))
def test_the_puzzles_are_records_any_record_tool_reads(game):
    for puzzle in shipped(game):
        replay = rec.replay(puzzle.record, {game: GAMES[game].engine})
        assert replay.final is not None and GAMES[game].engine.outcome(replay.final) is None
        assert puzzle.goal_text.endswith(".")


def test_the_puzzle_files_are_packaged():
    files = list((ROOT / "assets" / "puzzles").rglob("*.json"))
    assert files and all(packaged(path) for path in files)


def _first(goal: str) -> puzzles.Puzzle:
    return next(p for p in shipped("overlords") if p.goal == goal)


def test_a_wrong_solution_is_caught():
    puzzle = _first("win-1")
    state = puzzle.state
    wrong = next(m for m in ov_rules.legal_moves(state)
                 if ov_rules.apply(state, m).result is None)
    assert "fails" in puzzles.check(replace(puzzle, solution=(str(wrong),)))


def test_a_solution_that_is_not_unique_is_caught():
    # a defence whose record stops one move earlier asks another question; the same
    # position with the side that has two winning captures is not unique
    for puzzle in shipped("overlords"):
        if puzzle.goal != "win-2":
            continue
        moves = puzzle.moves()
        after = ov_rules.apply(ov_rules.apply(puzzle.state, moves[0]), moves[1])
        wins = {m & 0x3FFF for m in ov_rules.legal_moves(after)
                if ov_rules.apply(after, m).result is not None}
        if len(wins) < 2:
            continue
        record = copy.deepcopy(puzzle.record)
        record["moves"] += puzzle.solution[:2]
        record["puzzle"] = {"goal": "win-1", "solution": [puzzle.solution[2]],
                            "rating": "easy"}
        problem = puzzles.check(puzzles.from_record("overlords", "x", record))
        assert problem and "not unique" in problem
        return
    pytest.skip("no win-2 puzzle with two finishing moves")


def test_a_wrong_solver_reply_is_caught():
    puzzle = _first("win-2")
    moves = puzzle.moves()
    after = ov_rules.apply(puzzle.state, moves[0])
    other = next(m for m in ov_rules.legal_moves(after) if m != moves[1])
    assert puzzles.check(replace(puzzle, solution=(puzzle.solution[0], str(other),
                                                   puzzle.solution[2])))


@pytest.mark.parametrize("change, says", [
    ({"goal": "mate"}, "unknown goal"),
    ({"rating": "brutal"}, "unknown rating"),
    ({"solution": "2D f1-c4"}, "solution"),
    ({"solution": []}, "solution"),
])
def test_a_bad_question_is_refused(change, says):
    record = copy.deepcopy(_first("win-1").record)
    record["puzzle"].update(change)
    with pytest.raises(rec.RecordError, match=says):
        puzzles.from_record("overlords", "x", record)


def test_damaged_files_are_named_by_check_all(tmp_path, monkeypatch):
    folder = tmp_path / "puzzles" / "overlords"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text("{oops")
    good = _first("defend")
    rec.save(folder / "good.json", good.record)
    monkeypatch.setattr(puzzles, "folder", lambda game: tmp_path / "puzzles" / game)
    assert [p.id for p in puzzles.load_puzzles("overlords")] == ["good"]
    failures = puzzles.check_all(["overlords"])
    assert len(failures) == 1 and failures[0].startswith("overlords/bad.json")


def test_a_puzzle_whose_record_does_not_replay_is_named(tmp_path, monkeypatch):
    folder = tmp_path / "puzzles" / "overlords"
    folder.mkdir(parents=True)
    record = copy.deepcopy(_first("win-1").record)
    record["moves"][0] = "7H a1-h8"  # not legal there
    rec.save(folder / "broken.json", record)
    monkeypatch.setattr(puzzles, "folder", lambda game: tmp_path / "puzzles" / game)
    [broken] = puzzles.load_puzzles("overlords")
    with pytest.raises(rec.RecordError):
        broken.moves()
    assert puzzles.check_all(["overlords"])[0].startswith("overlords/broken: move 1")
