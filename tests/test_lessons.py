"""The lessons: every step replayed through the engine (each goal reachable by its solution, each
wrong try refused with a reason or missing the goal), the data read as hostile, and the runner's
judging (a goal met by any turn that does it, never by a matched click)."""

from __future__ import annotations

import json
import re

import pytest

from common import lessons as runner
from common.lessons import LessonError, LessonRun, check_lessons, load_lessons, parse_turn
from common.lessons import check as lesson_check
from common.protocol import IllegalMoveError, InvalidMoveError
from overlords import lessons as olessons
from overlords import rules as orules
from prepollency import lessons as plessons

GAMES = [olessons, plessons]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_every_lesson_replays_through_the_engine(game):
    lessons = load_lessons(game)
    assert check_lessons(game, lessons) == []
    assert len(lessons) >= (10 if game is olessons else 7)
    assert len({lesson.id for lesson in lessons}) == len(lessons)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_every_wrong_try_is_refused_with_a_reason_or_says_why_it_misses(game):
    tries = 0
    for lesson in load_lessons(game):
        state = None
        for step in lesson.steps:
            state = game.position(step.position) if step.position is not None else state
            for wrong in step.wrong:
                tries += 1
                try:
                    move = parse_turn(game, state, wrong.move)
                except IllegalMoveError as err:
                    assert str(err), (lesson.id, wrong.move)
                    continue
                after = game.engine.apply(state, move)
                met, why = runner.judge_all(game, step.goals, state, move, after)
                assert not met and why, (lesson.id, wrong.move)
            state = game.engine.apply(state, parse_turn(game, state, step.solution))
            if step.reply != "engine":
                for data in step.reply:
                    state = game.engine.apply(state, parse_turn(game, state, data))
    assert tries >= 10


def test_the_overlords_lessons_cover_the_rules_the_issue_names():
    lessons = {lesson.id: lesson for lesson in load_lessons(olessons)}
    for ident in ("pair", "slides", "knight", "teleport", "pawn", "dragons", "captures",
                  "sources", "reckoning", "discard", "defend", "win"):
        assert ident in lessons
    kinds = {goal["kind"] for lesson in lessons.values() for step in lesson.steps
             for goal in step.goals}
    assert {"capture", "control", "recruit", "discard", "safe", "attack", "reckoning",
            "win"} <= kinds
    # every forbidden pair is shown refused by the engine somewhere
    refused = set()
    for lesson in lessons.values():
        state = None
        for step in lesson.steps:
            state = olessons.position(step.position) if step.position is not None else state
            for wrong in step.wrong:
                try:
                    parse_turn(olessons, state, wrong.move)
                except IllegalMoveError as err:
                    refused.add(str(err))
            state = orules.apply(state, parse_turn(olessons, state, step.solution))
            for data in step.reply if step.reply != "engine" else ():
                state = orules.apply(state, parse_turn(olessons, state, data))
    for text in ("Rune 1 cannot move a Dragon", "Rune 3 cannot move a Wizard",
                 "Rune 4 cannot move a Hero", "Nothing recruits an Overlord",
                 "Rune 7 cannot move an Overlord", "Dragons cannot capture Heroes",
                 "Wizards cannot capture Dragons",
                 "The Overlord Fate stone was played; it returns at your Reckoning"):
        assert text in refused


def test_the_trapped_overlord_is_the_reckoning_lessons_climax():
    lesson = next(x for x in load_lessons(olessons) if x.id == "reckoning")
    run = LessonRun(olessons, lesson)
    run.next(None)  # step 2: the Black Overlord's Fate is spent
    start = run.start
    black_o = next(sq for sq in range(64) if start.figure(sq) == (orules.BLACK, orules.OVERLORD))
    assert start.fates[orules.BLACK][orules.OVERLORD] == 0
    move = parse_turn(olessons, start, lesson.steps[1].solution)
    after = orules.apply(start, move)
    assert run.played(start, move, after).met
    # whatever Black plays now, its Overlord cannot leave its square
    assert all(m.frm != black_o for m in orules.legal_moves(after))


def test_a_goal_is_met_by_any_turn_that_does_it_not_only_the_solution():
    lesson = next(x for x in load_lessons(olessons) if x.id == "defend")
    run = LessonRun(olessons, lesson)
    start = run.start
    safe = [m for m in orules.legal_moves(start)
            if not orules.attackers(orules.apply(start, m), orules.WHITE)]
    assert len(safe) > 1  # block, flee or capture: each counts
    for move in safe:
        assert run.played(start, move, orules.apply(start, move)).met


def test_a_missed_goal_says_the_engines_why_then_the_lessons_hint():
    lesson = next(x for x in load_lessons(olessons) if x.id == "pair")
    run = LessonRun(olessons, lesson)
    move = parse_turn(olessons, run.start, "3D c3-c5")
    attempt = run.played(run.start, move, orules.apply(run.start, move))
    assert not attempt.met
    assert attempt.text.startswith("Not quite: no Dragon of yours stands on e5")
    assert "Rune 3 slides along a file or a rank" in attempt.text
    # a refused click: the engine's words first, then the matching try's hint
    said = run.refused("Rune 1 cannot move a Dragon")
    assert said.startswith("Rune 1 cannot move a Dragon. ")
    assert "forbidden pair" in said
    assert run.mistakes == 2 and run.stars == 2


def test_stars_count_the_wrong_tries():
    assert [runner.stars(n) for n in (0, 1, 2, 3, 9)] == [3, 2, 2, 1, 1]


@pytest.mark.parametrize("data, words", [
    ({}, "not a lesson file"),
    ({"game": "overlords", "lessons": []}, "1 to"),
])
def test_damaged_lesson_files_are_refused_with_where(data, words):
    with pytest.raises(LessonError, match=words):
        runner.parse_lessons(data, olessons)


@pytest.mark.parametrize("data, words", [
    ({"game": "overlords", "lessons": [{"id": "x", "title": "T", "steps": [{}]}]}, "goal"),
    ({"game": "overlords", "lessons": [{"id": "x", "title": "T", "steps": [
        {"goal": {"kind": "fly"}, "position": {}, "text": "t", "solution": "1O e1-e2"}]}]},
     "not one of"),
    ({"game": "overlords", "lessons": [{"id": "x", "title": "T", "steps": [
        {"goal": {"kind": "discard"}, "continue": True, "text": "t", "solution": "x"}]}]},
     "needs a 'position'"),
    ({"game": "overlords", "lessons": [{"id": "x", "title": "T", "steps": [
        {"goal": {"kind": "discard"}, "position": {}, "text": 5, "solution": "x"}]}]},
     "must be text"),
])
def test_a_damaged_lesson_is_unavailable_with_where(data, words):
    """A lesson wrong on its own is listed unavailable, with the reason `learn --check`
    gives; the file's other lessons still play."""
    good = {"id": "ok", "title": "Fine", "steps": [
        {"goal": {"kind": "discard"}, "position": {"figures": {"e1": "O", "e8": "o"}},
         "text": "t", "solution": "1O e1-e2"}]}
    data = {**data, "lessons": [*data["lessons"], good]}
    lessons = runner.parse_lessons(data, olessons)
    assert lessons[0].problem is not None and re.search(words, lessons[0].problem)
    assert lessons[0].steps == () and lessons[1].problem is None and lessons[1].id == "ok"
    assert runner.check_lesson(olessons, lessons[0]) == [f"overlords {lessons[0].problem}"]


def test_a_damaged_lesson_file_is_an_error_not_a_crash(tmp_path):
    bad = tmp_path / "overlords.json"
    bad.write_bytes(b"\xff\xfe{")
    with pytest.raises(LessonError, match="not JSON"):
        runner.load_lessons(olessons, bad)
    big = tmp_path / "big.json"
    big.write_text(" " * (runner.MAX_FILE + 10))
    with pytest.raises(LessonError, match="larger"):
        runner.load_lessons(olessons, big)
    with pytest.raises(LessonError):
        runner.load_lessons(olessons, tmp_path / "missing.json")


@pytest.mark.parametrize("position, words", [
    ({"figures": {"e1": "O"}}, "black needs one Overlord"),
    ({"figures": {"e1": "O", "e8": "o", "z9": "H"}}, "not a square"),
    ({"figures": {"e1": "O", "e8": "o", "d4": "X"}}, "figure letter"),
    ({"figures": {"e1": "O", "e8": "o", "d4": "H"}, "features": {"pit": ["d4"]}}, "Barrier"),
    ({"figures": {"e1": "O", "e8": "o"}, "runes": {"white": []}}, "at least one Rune"),
    ({"figures": {"e1": "O", "e8": "o"}, "fates": {"white": "OOO"}}, "more than"),
])
def test_overlords_positions_are_checked(position, words):
    with pytest.raises(LessonError, match=words):
        olessons.position(position)


@pytest.mark.parametrize("position, words", [
    ({"cells": {"h8": "5I"}}, "seat\\+kind"),
    ({"seats": [1, 2]}, "seats"),
    ({"cells": {}, "holds": {"3": 9}}, "count"),
    ({"record": {"seats": [1, 3], "first": 1, "turns": [["a1-a2"]]}}, "turn 1"),
])
def test_prepollency_positions_are_checked(position, words):
    with pytest.raises(LessonError, match=words):
        plessons.position(position)


def test_a_record_prefix_is_a_position_too():
    state = plessons.position({"record": {"seats": [1, 3], "first": 1,
                                          "turns": [["e5-f6"], []]}})
    assert state.turn == 1 and state.owners[plessons.GRID.index("f6")] == 1


def test_the_check_catches_a_lesson_that_lies():
    data = json.loads((runner.LESSONS_DIR / "overlords.json").read_text())
    step = data["lessons"][0]["steps"][0]
    step["solution"] = "3D c3-c5"  # legal, but the Dragon is not on e5 after it
    lessons = runner.parse_lessons(data, olessons)
    failures = check_lessons(olessons, lessons[:1])
    assert failures and "misses the goal" in failures[0]
    step["solution"], step["wrong"] = "2D c3-e5", [{"move": "2D c3-e5", "hint": ""}]
    failures = check_lessons(olessons, runner.parse_lessons(data, olessons)[:1])
    assert any("meets the goal" in line for line in failures)
    step["wrong"], step["goal"] = [], {"kind": "reach", "type": "D", "square": "c3"}
    step["solution"] = "1O e1-e2"
    failures = check_lessons(olessons, runner.parse_lessons(data, olessons)[:1])
    assert any("met before" in line for line in failures)


def test_learn_check_command(capsys):
    import main
    from common import cli

    assert cli.run(["learn", "--check"], main.games(), lambda args: 0) == 0
    out = capsys.readouterr().out
    assert "lessons" in out and "all hold" in out
    assert cli.run(["learn"], main.games(), lambda args: 0) == 0
    assert "Rune and Fate" in capsys.readouterr().out


def test_learn_check_fails_with_one_line_per_failure(monkeypatch, capsys):
    import main
    from common import cli

    monkeypatch.setattr(lesson_check, "check_lessons", lambda game, lessons: [f"{game.NAME}: bad"])
    assert cli.run(["learn", "--check"], main.games(), lambda args: 0) == 1
    out = capsys.readouterr().out.splitlines()
    assert "overlords: bad" in out and "prepollency: bad" in out
    assert "2 failures" in out[-1]


def test_lesson_modules_never_import_pygame():
    import subprocess
    import sys

    code = ("import sys, common.lessons, overlords.lessons, prepollency.lessons\n"
            "common.lessons.load_lessons(overlords.lessons)\n"
            "common.lessons.load_lessons(prepollency.lessons)\n"
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unparseable_wrong_tries_are_reported(monkeypatch):
    data = json.loads((runner.LESSONS_DIR / "overlords.json").read_text())
    data["lessons"][0]["steps"][0]["wrong"] = [{"move": "nonsense", "hint": "h"}]
    failures = check_lessons(olessons, runner.parse_lessons(data, olessons)[:1])
    assert any("not notation" in line for line in failures)
    with pytest.raises(InvalidMoveError):
        parse_turn(olessons, olessons.position(data["lessons"][0]["steps"][0]["position"]),
                   "nonsense")


def test_no_overlords_step_starts_or_ends_with_a_stray_threat_to_the_learner():
    """The warning box of an attacked Overlord shows only where the step is about it: where
    the step claims the attack (a claim the check verifies)."""
    about_it = set()
    for lesson in load_lessons(olessons):
        state = None
        for n, step in enumerate(lesson.steps, 1):
            state = olessons.position(step.position) if step.position is not None else state
            me = state.turn
            home = orules.GRID.names[next(sq for sq in range(64)
                                          if state.figure(sq) == (me, orules.OVERLORD))]
            if any(c["kind"] == "attacked" and c["square"] == home and not c.get("not")
                   and c.get("at", "start") == "start" for c in step.claims):
                about_it.add((lesson.id, n))
            else:
                assert not orules.attackers(state, me), (lesson.id, n)
            state = orules.apply(state, parse_turn(olessons, state, step.solution))
            if state.result is None:
                assert not orules.attackers(state, me), (lesson.id, n)
            for data in step.reply if step.reply != "engine" else ():
                state = orules.apply(state, parse_turn(olessons, state, data))
    assert {("defend", 1), ("captures", 2), ("overlord_fate", 1)} <= about_it


def test_looking_around_costs_no_star_but_a_foreseen_mistake_does():
    run = LessonRun(olessons, next(x for x in load_lessons(olessons) if x.id == "pair"))
    said = run.refused("There is no figure on e4: pick one of your figures first")
    assert said.endswith("Rune 2 slides diagonally: c3, d4, e5.")  # the step's hint
    assert run.mistakes == 0
    run.refused("Rune 1 cannot move a Dragon")
    assert run.mistakes == 1
