"""The game analysis (common/analysis.py) on records built for it: a missed forced win and a
walk into a forced loss get their ?? at the right turn with the right better move, a game of
the analysis' own best moves gets none, the command line's --json shape, and the analysis
kept with the save (round trip; a changed or damaged record is analysed again)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from common import analysis
from common import record as rec
from common.cli import run
from common.games import engines
from overlords import rules, tactics

DATA = Path(__file__).resolve().parents[1] / "bench" / "data" / "tactics"
NODES = 120  # small: the verdicts are exact, the figures only need to be reproducible
GAMES = engines()


def _with_move(name: str, choose) -> tuple[dict, rules.State, rules.Move]:
    """The tactics record `name` with one more move, chosen by `choose(state)`."""
    record = rec.load(DATA / name)
    state = rec.replay(record, GAMES).final
    move = choose(state)
    record = dict(record, moves=[*record["moves"], rules.move_data(move)])
    return record, state, move


def _analyse(record: dict, nodes: int = NODES) -> analysis.Analysis:
    return analysis.analyse(rec.replay(record, GAMES), nodes)


def test_a_missed_forced_win_is_a_blunder_with_the_win_as_the_better_move() -> None:
    def not_winning(state: rules.State) -> rules.Move:
        return next(m for m in rules.legal_moves(state)
                    if not analysis_wins(state, m) and tactics.danger(state, m) is None)

    record, state, move = _with_move("win-001.json", not_winning)
    result = _analyse(record)
    last = result.turns[-1]
    assert last.ply == len(record["moves"]) - 1
    assert last.mark == "??"
    assert last.verdict is not None and last.verdict.kind == "missed_win"
    assert last.better == tactics.forced_win(state)
    assert f"Better {rules.move_data(last.better)}: " in last.better_words
    from overlords.why import explain_move

    win = explain_move(state, last.better).facts[0]  # what the win does, said
    assert win.kind in ("wins", "forced_win") and win.text in last.better_words
    assert last.before[state.turn] == 1.0  # the win was proved, not estimated


def analysis_wins(state: rules.State, move: rules.Move) -> bool:
    after = rules.apply(state, move)
    if after.result is not None:
        return after.result.winner == state.turn
    return tactics.defence(after) is None


def test_a_walk_into_a_forced_loss_is_a_blunder_with_a_safe_better_move() -> None:
    def losing(state: rules.State) -> rules.Move:
        return next(m for m in rules.legal_moves(state) if tactics.danger(state, m) is not None)

    record, state, move = _with_move("trap-001.json", losing)
    result = _analyse(record)
    last = result.turns[-1]
    assert last.mark == "??"
    assert last.verdict is not None and last.verdict.kind == "forced_loss"
    assert "walked into a forced loss" in last.verdict.text
    assert last.better is not None and tactics.danger(state, last.better) is None
    assert last.chances[1 - state.turn] == 1.0  # the loss is proved after it


def test_every_turn_before_the_mistake_is_analysed_and_sums_to_one() -> None:
    record, _, _ = _with_move("trap-002.json", lambda s: next(
        m for m in rules.legal_moves(s) if tactics.danger(s, m) is not None))
    result = _analyse(record)
    assert [t.ply for t in result.turns] == list(range(len(record["moves"])))
    for t in result.turns:
        assert abs(sum(t.chances.values()) - 1.0) < 1e-6
        assert t.mover == rec.replay(record, GAMES).states[t.ply].turn
    assert result.turns[-1].mark == "??"


def test_a_game_of_the_analysis_own_best_moves_gets_no_blunder() -> None:
    import random

    state = rules.new_state(random.Random(4), 2)
    an = analysis.Analyser(rules, NODES, seed=0)
    moves = []
    for ply in range(10):
        if rules.outcome(state) is not None:
            break
        best = an.evaluate(state, ply).best
        moves.append(best)
        state = rules.apply(state, best)
    initial = rules.new_state(random.Random(4), 2)
    record = rec.build(rules, initial, moves, state)
    result = analysis.analyse(rec.replay(record, GAMES), NODES, seed=0)
    assert len(result.turns) == len(moves)
    assert all(t.mark is None and t.loss == 0.0 for t in result.turns)


def test_the_analysis_is_the_same_for_the_same_nodes_and_seed() -> None:
    record, _, _ = _with_move("trap-003.json", lambda s: rules.legal_moves(s)[0])
    adapter = analysis.adapter_for(rules)
    first = [t.json(rules, adapter) for t in _analyse(record).turns]
    again = [t.json(rules, adapter) for t in _analyse(record).turns]
    assert first == again


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(list(argv), GAMES, lambda args: 0)
    return code, out.getvalue(), err.getvalue()


def test_the_command_line_prints_json_one_object_a_turn(tmp_path: Path) -> None:
    record, state, _ = _with_move("trap-001.json", lambda s: next(
        m for m in rules.legal_moves(s) if tactics.danger(s, m) is not None))
    path = tmp_path / "game.json"
    rec.save(path, record)
    code, out, _ = _cli("analyse", str(path), "--nodes", str(NODES), "--json")
    assert code == 0
    turns = json.loads(out)
    assert len(turns) == len(record["moves"])
    for i, t in enumerate(turns):
        assert t["ply"] == i
        assert t["mover"] in ("white", "black")
        assert t["move"] == record["moves"][i]
        assert set(t["chances"]) == {"white", "black"}
        assert all(0.0 <= c <= 1.0 for c in t["chances"].values())
        assert t["mark"] in (None, "?!", "?", "??")
    assert turns[-1]["mark"] == "??" and turns[-1]["verdict"]
    assert rules.parse_move(state, turns[-1]["better"]) is not None
    code, text, _ = _cli("analyse", str(path), "--nodes", str(NODES))
    assert code == 0 and "??" in text and "accuracy" in text


@pytest.mark.parametrize("content", ["not json", '{"game": "chess", "version": 1}'])
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = _cli("analyse", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_the_analysis_kept_with_the_save_comes_back_and_a_changed_record_does_not() -> None:
    record, _, _ = _with_move("trap-004.json", lambda s: next(
        m for m in rules.legal_moves(s) if tactics.danger(s, m) is not None))
    replay = rec.replay(record, GAMES)
    result = analysis.analyse(replay)
    kept = dict(record, **{analysis.KEY: analysis.to_record(replay, result)})
    text = rec.dumps(kept)
    again = rec.replay(rec.loads(text), GAMES)  # the validator tolerates the key
    back = analysis.from_record(again)
    assert back is not None
    adapter = analysis.adapter_for(rules)
    assert [t.json(rules, adapter) for t in back.turns] == \
        [t.json(rules, adapter) for t in result.turns]
    shorter = dict(kept, moves=kept["moves"][:-1])
    assert analysis.from_record(rec.replay(shorter, GAMES)) is None  # analysed again
    assert analysis.from_record(again, nodes=NODES) is None  # another depth
    assert analysis.from_record(again, seed=1) is None


@pytest.mark.parametrize("damage", [
    lambda a: a.update(turns="x" * 10),
    lambda a: a["turns"][0].update(mark="!!"),
    lambda a: a["turns"][0]["chances"].update(white=7),
    lambda a: a["turns"][-1].update(better="7O a1-a2"),
    lambda a: a["turns"][0].update(verdict=["not", "text"]),
    lambda a: a["turns"].pop(),
    lambda a: a.update(digest="0" * 32),
])
def test_a_damaged_kept_analysis_is_not_trusted(damage) -> None:
    record, _, _ = _with_move("trap-005.json", lambda s: rules.legal_moves(s)[0])
    replay = rec.replay(record, GAMES)
    kept = analysis.to_record(replay, analysis.analyse(replay))
    damage(kept)
    hostile = rec.replay(dict(record, **{analysis.KEY: kept}), GAMES)
    assert analysis.from_record(hostile) is None


def test_a_long_verdict_read_back_is_cut() -> None:
    record, _, _ = _with_move("trap-001.json", lambda s: next(
        m for m in rules.legal_moves(s) if tactics.danger(s, m) is not None))
    replay = rec.replay(record, GAMES)
    kept = analysis.to_record(replay, analysis.analyse(replay))
    kept["turns"][-1]["verdict"] = "x" * 100_000
    back = analysis.from_record(rec.replay(dict(record, **{analysis.KEY: kept}), GAMES))
    assert back is not None and len(back.turns[-1].verdict.text) <= analysis.MAX_TEXT


@pytest.mark.parametrize("players", [3, 4])
def test_a_prepollency_game_with_a_withdrawal_is_analysed_for_every_seat(players: int) -> None:
    import random

    from prepollency import rules as prules

    rng = random.Random(3)
    state = prules.new_state(rng, players, 1)
    initial, moves, withdrawn = state, [], []
    for ply in range(8):
        move = prules.random_move(state, rng)
        moves.append(move)
        state = prules.apply(state, move)
        if ply == 3:
            state = rec.withdraw(prules, state, 3, "resign", moves, withdrawn)
    record = rec.build(prules, initial, moves, state, withdrawn)
    result = analysis.analyse(rec.replay(record, GAMES), 60)
    assert len(result.turns) == 8
    assert result.turns[3].left == (3,)
    for t in result.turns[4:]:
        assert t.chances[3] == 0.0 and t.mover != 3
        assert abs(sum(t.chances.values()) - 1.0) < 1e-6
    summary = analysis.summary(prules, result.turns)
    assert set(summary) == set(prules.players(state))


def test_a_prepollency_seat_letting_the_obelisk_hold_through_gets_its_blunder() -> None:
    from prepollency import rules as prules
    from prepollency import tactics as ptactics

    record = rec.load(Path(__file__).parent / "data" / "analysis" / "prepollency-obelisk.json")
    replay = rec.replay(record, GAMES)
    ply = len(replay.moves) - 1  # Green's last turn lets Red complete the hold
    result = analysis.analyse(replay, 60)
    marked = [t.ply for t in result.turns if t.mark == "??"]
    assert ply in marked
    last = result.turns[ply]
    assert last.verdict.kind == "hands_win"
    assert last.verdict.text == "let Red complete the Obelisk hold"
    state = replay.states[ply]
    assert last.better in ptactics.stopping_turns(state)
    played, better = last.better_words.split("Better ", 1)
    assert "complete the Obelisk hold" in played  # what the played turn allowed
    assert "stops Red winning at once" in better
    assert prules.move_data(last.better) == json.loads(json.dumps(
        last.json(prules, analysis.adapter_for(prules))["better"]))


def test_a_resignation_is_not_the_last_movers_loss() -> None:
    record = rec.load(DATA / "trap-006.json")
    state = rec.replay(record, GAMES).final
    move = rules.legal_moves(state)[0]
    after = rules.apply(state, move)
    resigner = after.turn  # the side to move gives up before its move
    winner = rules.player_label(1 - resigner)
    record = dict(record, moves=[*record["moves"], rules.move_data(move)],
                  result={"winner": winner, "reason": "resign"})
    result = _analyse(record)
    last = result.turns[-1]
    assert last.chances[1 - resigner] == 1.0 and last.chances[resigner] == 0.0
    assert last.mover == state.turn
    # the mover's move is judged on the board before the other side resigned: as if the
    # game had gone on
    going_on = _analyse(dict(record, result=None)).turns[-1]
    assert (last.loss, last.mark, last.better) == (going_on.loss, going_on.mark, going_on.better)


def test_the_game_turned_where_the_winner_took_the_lead_for_good() -> None:
    def turn(ply: int, white: float) -> analysis.Turn:
        return analysis.Turn(ply, ply % 2, None, {}, {0: white, 1: 1 - white}, 0.0, None, None,
                             None, "", ())

    even = {0: 0.5, 1: 0.5}
    done = [replace_before(turn(0, 0.6), even), turn(1, 0.3), turn(2, 0.55), turn(3, 0.2),
            turn(4, 0.0)]
    assert analysis.turning_point(done, 1) == 3  # Black leads for good after ply 3
    assert analysis.turning_point(done, 0) is None  # not ahead at the end: no such turn
    assert analysis.turning_point([replace_before(turn(0, 0.2), even), turn(1, 0.1)], 1) == 0
    assert analysis.turning_point([replace_before(turn(0, 0.2), {0: 0.3, 1: 0.7})], 1) is None


def replace_before(t: analysis.Turn, before: dict) -> analysis.Turn:
    import dataclasses

    return dataclasses.replace(t, before=before)
