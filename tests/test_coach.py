"""The coach's sentences (GAME/coach.py) against the engine: named positions for each moment,
and every claim checked against the rules on the positions of many Novice games; the guided
games' scripts as `learn --check` replays them."""

from __future__ import annotations

import random

import pytest

from common import coaching
from common.ai.levels import make_cpu
from common.games import get
from overlords import coach as o_coach
from overlords import rules as o_rules
from prepollency import coach as p_coach
from prepollency import rules as p_rules
from prepollency.moves import Move as PMove
from prepollency.moves import Turn
from prepollency.state import from_diagram
from tests.helpers.overlords_diagram import board, position, runes_of


def o_name(side: int) -> str:
    return o_rules.SIDE_NAMES[side].title()


def p_name(seat: int) -> str:
    return get("prepollency").seat_names(seat)


# Overlords ------------------------------------------------------------------------------------

def test_overlords_names_a_free_capture_and_the_engine_agrees():
    # White's Hero on d1 takes the Black Dragon on d5 (3H d1-d5): nothing of Black's reaches d5
    state = position(board(a1=".O", d1=".H", d5=".d", h7=".o"))
    remark = o_coach.advice(state, o_name)
    assert remark is not None and remark.text.startswith("A free capture: 3H d1-d5")
    move = o_rules.Move.parse("3H d1-d5")
    after = o_rules.apply(state, move)
    assert not [m for m in o_rules.legal_moves(after) if m.to == move.to], "nothing takes back"


def test_overlords_no_free_capture_where_the_enemy_takes_back():
    # the Dragon on d5 is guarded by the Black Overlord on d8 (3O d8-d5 takes back)
    state = position(board(a1=".O", d1=".H", d5=".d", d8=".o"))
    assert all(m.to != o_rules.GRID.index("d5") for m in o_coach.free_captures(state))


def test_overlords_says_a_win_at_once_first():
    state = position(board(a1=".O", d1=".D", d5=".o", h8=".w"))
    remark = o_coach.advice(state, o_name)
    assert remark.text == "You can win now: 3D d1-d5 captures the enemy Overlord."


def test_overlords_attacked_overlord_names_a_move_that_saves_it():
    state = position(board(a1=".O", a8=".d", b2=".H", g8=".o"))
    remark = o_coach.advice(state, o_name)
    assert remark.text.startswith("Your Overlord is attacked by the Dragon on a8: ")
    named = o_rules.Move.parse(remark.text.split(": ")[1].split(" is ")[0].split(" takes")[0])
    from overlords import tactics

    assert named in o_rules.legal_moves(state) and tactics.holds(state, named)


def test_overlords_comment_on_the_overlords_only_fate():
    state = position(board(e1=".O", h8=".o"))
    move = o_rules.Move.parse("1O e1-e2")
    after = o_rules.apply(state, move)
    remark = o_coach.comment(state, move, after, o_name)
    assert remark.text == ("That was your Overlord's only Fate: it cannot move again until "
                           "the Reckoning, 6 turns away.")


def test_overlords_no_frozen_word_when_the_last_stones_bring_the_reckoning():
    # White's last turn of the cycle: Rune 7 and the Overlord's Fate left, nothing can move
    # with them (a discard); the Reckoning then brings every stone back
    state = position(board(e1=".O", h8=".o"), runes=(runes_of(7), 127),
                     fates=((1, 0, 0, 0), (1, 2, 2, 2)))
    move = o_rules.Move.parse("7O --")
    after = o_rules.apply(state, move)
    assert after.fates[o_rules.WHITE][o_rules.OVERLORD] == 1, "the Reckoning came"
    assert o_coach.comment(state, move, after, o_name) is None


def test_overlords_last_fate_about_to_be_spent_once_a_cycle():
    state = position(board(a1=".O", c3=".D", h7=".o"), runes=(runes_of(2, 3, 4, 5, 6), 127),
                     fates=((0, 2, 1, 2), (1, 2, 2, 2)))
    remark = o_coach.advice(state, o_name)
    assert remark.text.startswith("One Dragon Fate left: once spent, your Dragons stay put")
    assert remark.key == ("fate", o_rules.DRAGON, 0)


def test_overlords_a_hanging_figure_is_one_the_enemy_takes_for_free():
    # Black's Dragon on d8 takes the White Wizard on d4 (3D d8-d4) and nothing takes back
    state = position(board(h1=".O", d4=".W", d8=".d", g8=".o"))
    found = dict(o_coach.hanging(state, o_rules.WHITE))
    assert str(found[o_rules.GRID.index("d4")]) == "3D d8-d4"


def _novice_positions(name: str, games: int, seed: int):
    """(before, move, after) of every turn of Novice games."""
    entry = get(name)
    engine, coach = entry.engine, entry.coach
    rng = random.Random(seed)
    for _ in range(games):
        state = coach.guided_start(rng) if name == "prepollency" else \
            engine.new_state(rng, 2)
        players = {p: make_cpu(engine, "novice", rng) for p in engine.players(state)}
        for _ in range(300):  # a game's turns (a draw comes long before)
            if engine.outcome(state) is not None:
                break
            move = players[engine.to_move(state)](state)
            after = engine.apply(state, move)
            yield state, move, after
            state = after


def test_overlords_every_claim_agrees_with_the_engine_over_many_games():
    checked = 0
    for state, move, after in _novice_positions("overlords", 12, 11):
        for capture in o_coach.free_captures(state):
            assert capture in o_rules.legal_moves(state)
            landed = o_rules.apply(state, capture)
            assert not [m for m in o_rules.legal_moves(landed) if m.to == capture.to]
            checked += 1
        for sq, take in o_coach.hanging(state, state.turn):
            enemy = o_coach._as_turn_of(state, 1 - state.turn)
            assert take in o_rules.legal_moves(enemy) and take.to == sq
            checked += 1
        for remark in (o_coach.advice(state, o_name), o_coach.comment(state, move, after,
                                                                        o_name)):
            assert remark is None or coaching.remark_problem(remark) is None
    assert checked > 15


# Prepollency ----------------------------------------------------------------------------------

def _p_state(cells: dict[str, str], turn: int = 1, holds: tuple[int, ...] = (0,) * 5):
    files = "abcdefghijklmno"
    lines = ["    " + "  ".join(files)]
    for rank in range(15, 0, -1):
        lines.append(f"{rank} " + " ".join(cells.get(f"{f}{rank}", ".") for f in files))
    return from_diagram("\n".join(lines), (1, 3), turn, holds)


def test_prepollency_names_a_hold_about_to_complete():
    obelisk = {sq: "3I" for sq in ("h8", "g8", "i8", "h7", "h9")}
    state = _p_state({"a1": "1I", "c5": "1A", "o15": "3A", **obelisk}, holds=(0, 0, 0, 3, 0))
    remark = p_coach.advice(state, p_name)
    assert remark is not None and "wins next turn" in remark.text


def test_prepollency_every_claim_agrees_with_the_engine_over_many_games():
    checked = 0
    for state, move, after in _novice_positions("prepollency", 2, 5):
        if state.moved != -1:
            continue
        me = state.turn
        for step in p_coach.free_captures(state):
            assert step in p_rules.legal_steps(state) and state.owners[step.to] not in (0, me)
            mid = p_rules.apply(state, Turn((step,)))
            for seat in mid.alive:
                if seat != me:  # no other seat has a move onto the capturer's square
                    assert not [m for m in p_rules.legal_steps(mid._replace(turn=seat))
                                if isinstance(m, PMove) and m.to == step.to]
            checked += 1
        for remark in (p_coach.advice(state, p_name), p_coach.comment(state, move, after,
                                                                        p_name)):
            assert remark is None or coaching.remark_problem(remark) is None
    assert checked > 5


# the guided games ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["overlords", "prepollency"])
def test_the_guided_script_replays_and_the_coach_speaks(name):
    failures, said = coaching.check_guided(name)
    assert failures == [] and said > 0


def test_learn_check_replays_the_guided_games():
    failures, scripts = coaching.check_all()
    assert failures == [] and scripts == 2


def test_a_remark_that_is_not_one_sentence_is_a_failure():
    assert coaching.remark_problem(coaching.Remark(("x",), "no full stop")) is not None
    assert coaching.remark_problem(coaching.Remark(("x",), " ".join(["word"] * 50) + "."))
    assert coaching.remark_problem(coaching.Remark(("x",), "Fine.")) is None
