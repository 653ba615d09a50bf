"""The reasons (`GAME/why.py`) against the engine, on many positions of seeded random games:
every fact a reason gives is checked with the engine's own functions, and every verdict of
the tactics shows up as a fact (so a reason cannot lie nor leave out a loss); the analysis'
sentence never gives a fact both moves share as the better move's reason; `move --why`
prints the reason; a game lost within 8 moves marks a mistake of the loser."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from common import analysis
from common import record as rec
from common.ai.levels import make_cpu
from common.cli import run as cli_run
from common.games import GAMES as REGISTRY
from common.games import engines
from common.why import BAD, WIN, contrast

GAMES = engines()


def _overlords_positions(seed: int, count: int):
    """(state, move) pairs of a random game, with some moves the tactics judge losing."""
    from overlords import rules, tactics

    rng = random.Random(seed)
    state = rules.new_state(rng)
    out = []
    while state.result is None and len(out) < count:
        moves = rules.legal_moves(state)
        verdicts = tactics.judge(state, moves)
        losing = [m for m in moves if verdicts[m] is not None]
        move = rng.choice(losing) if losing and rng.random() < 0.3 else rng.choice(moves)
        out.append((state, move))
        state = rules.apply(state, move)
    return out


OVERLORDS = [p for seed in range(6) for p in _overlords_positions(seed, 40)]


def _check_overlords(state, move) -> None:
    from overlords import rules, tactics, why
    from overlords.tactics.deep import follows

    reason = why.explain_move(state, move)
    after = rules.apply(state, move)
    x, y = state.turn, 1 - state.turn
    danger = None if after.result is not None else tactics.danger(state, move)
    kinds = reason.kinds()
    assert ("wins" in kinds) == (after.result is not None and after.result.winner == x)
    if after.result is None:
        assert ("forced_win" in kinds) == (tactics.defence(after) is None)
        if "forced_win" not in kinds:
            assert ("loses" in kinds) == (danger is not None)
    if danger is not None and "loses" in kinds:
        assert reason.get("loses").value == danger.reply
        assert str(danger.reply) in reason.get("loses").text
    for fact in reason.facts:
        value = fact.value
        if fact.kind == "loses_deep":
            assert danger is None and follows(after, value)  # the engine's own proof
            assert str(value) in fact.text
        elif fact.kind == "wins_deep":
            assert follows(state, move)
        elif fact.kind == "captures":
            assert state.figure(move.to) == (y, value)
            assert rules.TYPE_NAMES[value] in fact.text
        elif fact.kind == "stops":
            assert tactics.wins_at_once(state, y) and not tactics.wins_at_once(after, y)
        elif fact.kind == "threatens":
            assert tactics.wins_at_once(after, x)
        elif fact.kind == "hangs":
            kind, sq = value
            assert after.figure(sq) == (x, kind)
            assert any(m.to == sq for m in rules.legal_moves(after))  # y can take it
        elif fact.kind == "saves":
            assert value in range(1, 4)
        elif fact.kind == "source":
            assert value == why.sources_of(after, x) and f"{value} of 9" in fact.text
        elif fact.kind == "frozen":
            kind, turns = value
            assert kind == move.fate and turns == after.turns_to_reckoning(x)
            assert after.fates[x][kind] == 0 or kind == rules.OVERLORD
        elif fact.kind == "safe":
            assert danger is None and after.result is None
    assert reason.safe == (not any(f.sign == BAD for f in reason.facts))
    if danger is not None:
        assert not reason.safe, "a move that loses by force is never called safe"
    assert reason.text and reason.move == str(move)
    bad = [f for f in reason.facts if f.sign == BAD]
    if bad:  # the Hint's sentence never hides a downside
        assert bad[0].text in reason.suggestion


@pytest.mark.parametrize("chunk", range(4))
def test_each_overlords_reason_agrees_with_the_engine(chunk):
    for state, move in OVERLORDS[chunk::4]:
        _check_overlords(state, move)


def _prepollency_positions(seed: int, seats: int, count: int):
    from prepollency import rules

    rng = random.Random(seed)
    game = GAMES["prepollency"]
    state = game.new_state(rng, seats, None)
    cpu = make_cpu(game, "novice", random.Random(seed))
    out = []
    while state.result is None and len(out) < count:
        turn = cpu(state) if rng.random() < 0.6 else rng.choice(rules.legal_moves(state))
        out.append((state, turn))
        state = rules.apply(state, turn)
    return out


def _check_prepollency(state, turn) -> None:
    from prepollency import rules, tactics, why
    from prepollency.state import OBELISK

    reason = why.explain_move(state, turn)
    after = rules.apply(state, turn)
    me = state.turn
    kinds = reason.kinds()
    won = after.result is not None and after.result.winner == me
    assert ("wins" in kinds) == won
    danger = None if after.result is not None else tactics.danger(state, turn)
    if danger is not None:
        fact = reason.get(danger.kind)
        assert fact is not None and fact.value == danger.seat and fact.sign == BAD
    else:
        assert not any(k in kinds for k in ("hands_win", "base_falls", "khan_lost"))
    for fact in reason.facts:
        value = fact.value
        if fact.kind == "captures":
            s, taken = state, 0
            for step in turn:
                taken += s.owners[step.to] not in (0, me)
                s = rules.apply_step(s, step)
            assert value == taken > 0
        elif fact.kind == "hold":
            assert value == after.holds[me] > 0 and all(after.owners[q] == me for q in OBELISK)
        elif fact.kind == "obelisk":
            assert value == sum(1 for q in OBELISK if after.owners[q] == me)
        elif fact.kind == "reach":
            assert value == why.obelisk_reach(after, me) > why.obelisk_reach(state, me)
        elif fact.kind == "breaks":
            assert state.holds[value] and not all(after.owners[q] == value for q in OBELISK)
        elif fact.kind == "stops":
            assert set(value) == set(tactics.threats(state))
        elif fact.kind == "hangs":
            assert value > 0
        elif fact.kind == "safe":
            assert danger is None and after.result is None
    assert reason.text


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_prepollency_reason_agrees_with_the_engine(seats):
    for seed in range(3):
        for state, turn in _prepollency_positions(seed * 10 + seats, seats, 60):
            _check_prepollency(state, turn)


def test_the_better_moves_reason_never_is_a_fact_both_moves_share():
    from overlords import why

    rng = random.Random(5)
    for state, move in OVERLORDS[::7]:
        from overlords import rules

        other = rng.choice(rules.legal_moves(state))
        played, better = why.explain_move(state, move), why.explain_move(state, other)
        said = contrast(played, better).split(f"Better {better.move}", 1)[1]
        for fact in played.facts:
            if fact.sign in (WIN, 1) and any(f.same(fact) for f in better.facts):
                assert fact.text not in said, (played.long_text, better.long_text)


def test_a_capture_both_moves_make_is_not_the_better_moves_reason():
    from prepollency import rules, why
    from prepollency.moves import Turn

    for state, _ in _prepollency_positions(7, 2, 40):
        captures = [t for t in rules.legal_moves(state)  # the first move takes: cheap to see
                    if len(t) == 2 and state.owners[t[0].to] not in (0, state.turn)][:40]
        captures = [t for t in captures if why.explain_move(state, t).get("captures")]
        if len(captures) >= 2:
            a, b = Turn(captures[0]), Turn(captures[1])
            same = why.explain_move(state, a).get("captures").value == \
                why.explain_move(state, b).get("captures").value
            if same:
                assert "takes" not in why.compare(state, a, b).split("Better", 1)[1]
                return
    pytest.fail("no position with two capturing turns found")


def _cli(capsys, *argv):
    code = cli_run(list(argv), {n: e.engine for n, e in REGISTRY.items()}, lambda args: 0)
    out = capsys.readouterr()
    return code, out.out.strip().splitlines(), out.err.strip()


def test_move_why_prints_the_move_and_its_reason(tmp_path, capsys):
    from overlords import rules, why

    state, move = OVERLORDS[3]
    record = rec.build(rules, OVERLORDS[0][0], [m for _, m in OVERLORDS[:3]], state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, lines, err = _cli(capsys, "move", str(path), "--player", "normal:60", "--why")
    assert code == 0 and err == "" and len(lines) == 2
    chosen = rules.parse_move(state, lines[0])
    assert lines[1] == "why: " + why.explain_move(state, chosen).long_text


def _short_losses(count: int):
    """The bench's short lost games (bench/analysis.py `short_loss_games`), analysed."""
    spec = importlib.util.spec_from_file_location(
        "bench_analysis", Path(__file__).resolve().parents[1] / "bench" / "analysis.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for seed, loser, replay in bench.short_loss_games(count):
        yield seed, loser, replay, analysis.analyse(replay)


def test_an_eight_move_loss_marks_a_mistake_of_the_loser():
    from overlords import rules

    found = 0
    for seed, loser, replay, result in _short_losses(6):
        marks = [t for t in result.turns if t.mover == loser and t.mark]
        start = analysis.opening(rules, result.turns, replay.initial)
        counted = analysis.summary(rules, result.turns, start)[loser]
        assert counted.mistakes + counted.blunders >= 1, \
            f"seed {seed}: lost in {len(replay.moves) // 2 + 1} moves, no mistake counted"
        for t in marks:  # each mark says what the played move allowed, or the loss measured
            assert t.better_words.startswith(str(t.move)) and "Better" in t.better_words
        if not marks:  # lost from the setup: said why, from the engine
            assert start is not None and start.player == loser
            assert rules.SIDE_NAMES[loser].title() in start.text
        found += 1
    assert found == 6


def _turn(ply: int, mover: int, chances: dict[int, float]) -> analysis.Turn:
    return analysis.Turn(ply, mover, None, chances, chances, 0.0, None, None, None, "", ())


def test_the_four_seat_graph_does_not_zig_zag_with_the_mover():
    seats = (1, 2, 3, 4)
    done = []
    for ply in range(40):  # each judgement leans 0.1 toward the seat to move next
        mover = seats[(ply + 1) % 4]
        done.append(_turn(ply, seats[ply % 4],
                          {p: 0.225 + (0.1 if p == mover else 0.0) for p in seats}))
    start = dict.fromkeys(seats, 0.25)
    raw = {p: (start[p], *(t.chances[p] for t in done)) for p in seats}
    drawn = analysis.graph_points(start, done, seats)
    assert sum(analysis.zigzag(v) for v in raw.values()) >= 40
    assert sum(analysis.zigzag(v[3:]) for v in drawn.values()) == 0  # after a whole round
    for i in range(len(done) + 1):
        assert sum(drawn[p][i] for p in seats) == pytest.approx(1.0)
    two = [_turn(i, 1 + i % 2, {1: 0.4 + 0.2 * (i % 2), 2: 0.6 - 0.2 * (i % 2)})
           for i in range(6)]
    assert analysis.graph_points({1: 0.5, 2: 0.5}, two, (1, 2))[1][1:] == \
        tuple(t.chances[1] for t in two), "two seats: the chances as measured"


def test_marks_close_together_keep_one_readable_label_each_place():
    from common.ui.eval_graph import mark_labels

    marks = {3: "?", 4: "??", 5: "?", 20: "?", 30: "?!"}
    shown = mark_labels(marks, lambda i: i * 10, 11)
    assert 4 in shown and 3 not in shown and 5 not in shown  # the blunder wins the place
    assert 20 in shown and 30 not in shown  # alone: labelled; ?! only ticks
