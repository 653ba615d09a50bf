"""A CPU seat that can no longer win resigns (Prepollency: fewer than the four pieces a base
needs, while a rival still has them): the judgement (`Heuristics.concedes`), the undo that
brings such a seat back (`common.match`), `selfplay` and the ladder (and their --play-out),
and the game screen driven on the real app (dummy video driver): the toast, the record, the
game-over words, the setting, and lessons and puzzles, where the CPU plays on.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pygame  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.ai.levels import gives_up  # noqa: E402
from common.match import Match  # noqa: E402
from common.ui import seat_driver  # noqa: E402
from common.ui.lesson_scene import LessonScene  # noqa: E402
from common.ui.puzzle_scene import PuzzleScene  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from overlords import rules as orules  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency import setup as psetup  # noqa: E402
from prepollency.moves import END  # noqa: E402
from prepollency.state import from_diagram  # noqa: E402
from prepollency.ui.words import result_words  # noqa: E402
from tests.helpers.prepollency_diagram import cells  # noqa: E402
from tests.test_ui_prepollency import open_game, put  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import ladder  # noqa: E402

# four seats: Blue (2) has three pieces, the others four or more; Red (1) to move
FOUR = cells(e5="1I", e6="1I", f5="1I", f6="1I", c12="2I", d12="2I", c11="2A",
             l12="3I", m12="3I", l11="3I", m11="3I", l4="4I", m4="4I", l3="4I", m3="4C")
# every rival of Red that weak
ALL_WEAK = cells(e5="1I", e6="1I", f5="1I", f6="1I", c12="2I", d12="2I", c11="2A",
                 l12="3I", m12="3I", l4="4I", m4="4I", l3="4I")
# two seats: Green (3) has three pieces, Red five
TWO = cells(e5="1I", e6="1I", f5="1I", f6="1I", g5="1C", l12="3I", m12="3I", l11="3A")


def four(turn: int = 1, diagram: str = FOUR):
    return from_diagram(diagram, seats=(1, 2, 3, 4), turn=turn)


# the judgement ----------------------------------------------------------------------------

def test_a_seat_with_too_few_pieces_concedes_while_a_rival_still_has_enough():
    assert gives_up(rules, four(turn=2)) == "with 3 pieces it can no longer win"
    assert gives_up(rules, four(turn=1)) == ""  # four pieces: it could still fill a base
    assert gives_up(rules, four(turn=3)) == ""
    two = from_diagram(TWO, turn=3)
    assert gives_up(rules, two) == "with 3 pieces it can no longer win"
    assert gives_up(rules, from_diagram(TWO, turn=1)) == ""


def test_no_one_concedes_when_every_seat_is_that_weak_or_in_the_middle_of_a_turn():
    weak = from_diagram(cells(e5="1I", f5="1I", l12="3I", m12="3I", l11="3A"), turn=3)
    assert gives_up(rules, weak) == ""  # Red has two: the game heads for a draw
    one = from_diagram(cells(e5="1I", e6="1I", f5="1I", f6="1I", l12="3I"), turn=3)
    assert gives_up(rules, one) == "with 1 piece it can no longer win"
    state = four(turn=2)
    half = rules.apply_step(state, next(s for s in rules.legal_steps(state) if s != END))
    assert half.turn == 2 and half.moved != -1 and gives_up(rules, half) == ""
    over = rules.resign(from_diagram(TWO, turn=3), 3)
    assert gives_up(rules, over) == ""


def test_overlords_never_concedes():
    state = orules.new_state(__import__("random").Random(3), 2)
    assert gives_up(orules, state) == ""


# undo brings a CPU seat's resignation back ----------------------------------------------------

def test_undo_takes_back_a_cpu_resignation_but_not_a_persons():
    m = Match(rules, four(), ["human", "hard", "human", "human"])
    m.play(())  # Red holds the line; Blue (CPU) resigns at the start of its turn
    m.resign(2)
    assert 2 not in m.state.alive and m.to_move == 3
    assert m.withdrawn == [rec.Withdrawal(2, 1, "resign")]
    assert m.can_undo() and m.undo() == 1
    assert m.moves == [] and m.withdrawn == [] and 2 in m.state.alive
    assert m.to_move == 1 and not m.can_redo(), "the turns after it were played without Blue"
    assert m.record().get("withdrawn") is None
    people = Match(rules, four(), ["human"] * 4)
    people.play(())
    people.resign(2)
    assert not people.can_undo(), "a person's resignation stands"


def test_undo_takes_back_a_cpu_resignation_that_ended_a_two_seat_game():
    m = Match(rules, from_diagram(TWO, turn=1), ["human", "normal"])
    m.play(())  # Red holds the line; Green (CPU), hopeless, resigns: the game is over
    m.resign(3)
    assert m.result == rules.Outcome(1, "resign") and not m.resigned and m.can_undo()
    assert m.undo() == 1 and m.moves == [] and m.result is None and m.to_move == 1
    assert m.can_redo(), "Red's hold comes back on Redo; Green then judges again"
    person = Match(rules, from_diagram(TWO, turn=1), ["human", "human"])
    person.play(())
    person.resign(3)
    assert person.resigned and not person.can_undo(), "a person's resignation stands"


def test_undo_that_stops_after_a_cpu_resignation_keeps_it():
    m = Match(rules, four(), ["human", "hard", "human", "human"])
    m.play(())
    m.resign(2)
    m.play(())  # Green, a person
    assert m.undo() == 1 and m.to_move == 3
    assert m.withdrawn == [rec.Withdrawal(2, 1, "resign")] and m.can_redo()


# selfplay and the ladder ----------------------------------------------------------------------

def _start_at(monkeypatch, new_state) -> None:
    """New games start where `new_state` says, and so do the replays of their records (the
    engine's `rules.new_state`, and the one `setup.initial_state` calls)."""
    for module in (rules, psetup):
        monkeypatch.setattr(module, "new_state", new_state)


def test_selfplay_resigns_for_a_hopeless_cpu_seat_unless_played_out(tmp_path, monkeypatch,
                                                                    capsys):
    _start_at(monkeypatch, lambda rng, players, first=None: four())
    argv = ["selfplay", "prepollency", "--players", "easy:8,easy:8,easy:8,easy:8",
            "--out", str(tmp_path), "--max-moves", "6"]
    assert main.main(argv) == 0
    record = rec.load(tmp_path / "prepollency-0001.json")
    assert {"seat": 2, "after": 1, "reason": "resign"} in record["withdrawn"]
    assert main.main(["validate", str(tmp_path / "prepollency-0001.json")]) == 0
    assert main.main([*argv, "--play-out"]) == 0
    assert "withdrawn" not in rec.load(tmp_path / "prepollency-0001.json")
    out = capsys.readouterr().out
    assert out.count("unfinished after 6 turns") >= 1
    two = ["selfplay", "prepollency", "--players", "random,easy:8", "--out", str(tmp_path)]
    _start_at(monkeypatch, lambda rng, players, first=None: from_diagram(TWO, turn=3))
    assert main.main(two) == 0
    assert "game 1: 1 wins by resign after 0 turns" in capsys.readouterr().out


def test_the_ladder_resigns_as_the_app_does_unless_played_out(tmp_path, monkeypatch):
    _start_at(monkeypatch, lambda rng, players, first=None: four(diagram=ALL_WEAK))
    tally = ladder.run_pair("prepollency4", "easy", "easy", 1, 1, 0.01, tmp_path, None)
    assert tally["turns"] == [1] and tally["reasons"] == ["resign"] and not tally["invalid"]
    record = rec.load(next(tmp_path.glob("*.json")))
    assert record["withdrawn"] == [{"seat": 2, "after": 1, "reason": "resign"},
                                   {"seat": 3, "after": 1, "reason": "resign"}]
    assert record["result"] == {"winner": 1, "reason": "resign"}
    monkeypatch.setattr(ladder, "MAX_TURNS", 3)
    tally = ladder.run_pair("prepollency4", "easy", "easy", 1, 1, 0.01, tmp_path, None,
                            play_out=True)
    assert tally["turns"] == [3] and tally["reasons"] == ["unfinished"]


# the game screen ------------------------------------------------------------------------------

def test_a_cpu_seat_resigns_on_screen_and_the_others_play_on(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    app, d, game = open_game(("human", "normal", "human", "human"))
    try:
        put(game, four())
        d.click(game.controller.hold_b.rect.center)  # Red holds; Blue's turn comes
        d.settle()
        d.frames(3)
        m = game.match
        assert 2 not in m.state.alive and m.to_move == 3 and not m.over
        assert m.withdrawn == [rec.Withdrawal(2, 1, "resign")]
        rows = game.view.log_rows(m.moves)
        assert [r.note for r in rows] == ["", "Blue resigned"], "the log says who left, when"
        assert app.toasts.current[0] == "Blue resigns: with 3 pieces it can no longer win."
        assert game.last_text == "Blue resigns" and game.forfeit_text == ""
        assert not game.seats.runners, "Blue was never asked for a move"
        band = game.view.keep_clear()  # Green, a person, gets the recap of Red's turn
        assert band is not None and app.toast_rect((300, 20)).bottom < band.top, \
            "the toast does not cover the recap's lines"
        assert m.can_undo()
        game.undo()  # back to Red's turn, another person's: asked first
        d.frames(1)
        d.click(next(b for b in app.top.buttons if b.label == "Undo").rect.center)
        d.frames(2)
        assert 2 in m.state.alive and m.to_move == 1 and m.withdrawn == []
    finally:
        app.close()


def test_with_two_seats_the_cpus_resignation_ends_the_game_and_says_why():
    app, d, game = open_game(("human", "normal"))
    try:
        put(game, from_diagram(TWO, turn=3))
        d.frames(4)
        m = game.match
        assert m.result == rules.Outcome(1, "resign")
        over = app.top
        assert isinstance(over, GameOver) and over.title == "You win!"
        assert over.lines == ["Green resigns: with 3 pieces it can no longer win.",
                              "You beat Normal! Try Hard next.",  # a win like any other
                              "Record against Normal: 1 win, 0 losses"]
        # told again from the record (a finished game opened later), by the engine's state
        assert game.controller.result_words(m.result, 1) == "Green resigned: it could no " \
                                                            "longer win."
    finally:
        app.close()


def test_undo_on_the_game_over_takes_the_cpus_resignation_back_as_the_rules_say():
    app, d, game = open_game(("human", "normal"))
    try:
        put(game, from_diagram(TWO, turn=1))
        d.click(game.controller.hold_b.rect.center)  # Red holds; Green resigns
        d.settle()
        d.frames(4)
        m = game.match
        assert m.result == rules.Outcome(1, "resign") and isinstance(app.top, GameOver)
        assert game.view.log_rows(m.moves)[-1].note == "Green resigned", "in the move log"
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        d.frames(2)
        assert app.top is game and m.result is None and m.to_move == 1 and not m.moves
    finally:
        app.close()


def test_the_setting_off_lessons_and_puzzles_keep_the_cpu_playing():
    app, d, game = open_game(("human", "normal", "human", "human"))
    try:
        put(game, four(turn=2))
        assert seat_driver.resigns(game, 2) == "with 3 pieces it can no longer win"
        app.settings.cpu_resigns = False
        assert seat_driver.resigns(game, 2) == ""
        app.settings.cpu_resigns = True
        game.match.seats[2] = game.match.seats[2].parse("random")
        assert seat_driver.resigns(game, 2) == "", "only a CPU level resigns"
        assert not LessonScene.may_resign and not PuzzleScene.may_resign
    finally:
        app.close()


def test_result_words_name_who_resigned():
    def name(seat):
        return ("", "Red", "Blue", "Green", "Yellow")[seat]

    won = rules.Outcome(1, "resign")
    assert result_words(won, name, 1, 3, by_cpu=True)[1] == "Green resigned: it could no " \
                                                             "longer win."
    assert result_words(won, name, None, 3)[1] == "Green resigned."
    assert result_words(rules.Outcome(3, "resign"), name, 1, 1)[1] == "You resigned."


def test_the_turn_before_a_withdrawal_is_told_without_an_elimination():
    from prepollency.ui.words import turn_facts, turn_line

    m = Match(rules, four(), ["human", "hard", "human", "human"])
    m.play(())
    m.resign(2)
    facts = turn_facts(m.states[0], (), m.states[1])
    assert facts.eliminated == () and facts.left == (2,) and facts.gone == (2,)
    names = ("", "Red", "Blue", "Green", "Yellow")
    assert turn_line(facts, names.__getitem__) == "Red held the line. Blue left the game."


def test_a_person_who_can_no_longer_win_is_told_so_in_a_game_not_in_a_lesson():
    app, d, game = open_game(("human", "human", "human", "human"))
    try:
        put(game, four(turn=2))
        d.frames(2)
        text = game.status().text
        assert text.startswith("With 3 pieces you can no longer win"), text
        put(game, four(turn=1))
        d.frames(2)
        assert "no longer win" not in game.status().text
        game.may_resign = False  # as in a lesson or a puzzle
        put(game, four(turn=2))
        d.frames(2)
        assert "no longer win" not in game.status().text
    finally:
        app.close()
