"""`overlords.tactics`: forced losses and wins two moves deep, against plain minimax over
`rules.legal_moves` (tests/helpers/overlords_brute.py); the levels' use of it; `move`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from common import cli
from common import record as rec
from common.ai.levels import LEVELS, CpuPlayer, hint_seat, make_cpu
from common.cli.move import choose_move
from overlords import rules, tactics
from tests.helpers import overlords_brute as brute
from tests.helpers.overlords_diagram import board, position, runes_of

DATA = Path(__file__).resolve().parents[1] / "bench" / "data" / "tactics"
GAMES = {"overlords": rules}

# White's Overlord on a1 has no Fate left to move with; its Hero on c2 (one Hero Fate left)
# guards b1, b2 and the rank and diagonal; a Mountain on a2 and a Wizard on a3 close the file.
# Black's Dragon on h5 teleports next to a1 and captures there next turn unless the Hero can
# take it: the Hero needs Rune 1 (or 3, which White lacks) for b2.
CORNER = board(a1=".O", a2="m.", a3=".W", c2=".H", g6=".W", h5=".d", g8=".o")


def corner(**kw):
    kw.setdefault("fates", ((0, 2, 2, 1), rules.FATE_STONES))
    kw.setdefault("runes", (runes_of(1, 2, 5, 7), rules.ALL_RUNES))
    return position(CORNER, **kw)


def move(state, text):
    return rules.parse_move(state, text)


def test_spending_the_last_hero_fate_loses_by_force_and_says_which_reply():
    state = corner()
    verdict = tactics.danger(state, move(state, "7H c2-c3"))
    assert verdict == tactics.Danger(True, move(rules.apply(state, move(state, "7H c2-c3")),
                                                "5D h5-b1"))
    assert tactics.danger(state, move(state, "5W g6-e4")) is None


def test_the_same_squares_with_another_rune_can_be_safe():
    """After 1W g6-g7 the Hero has no Rune to take a Dragon on b2; 5W or 7W keeps Rune 1."""
    state = corner()
    one, five, seven = (move(state, t) for t in ("1W g6-g7", "5W g6-g7", "7W g6-g7"))
    assert (one.frm, one.to) == (five.frm, five.to) == (seven.frm, seven.to)
    verdicts = tactics.judge(state, [one, five, seven])
    assert verdicts[one] is not None and verdicts[one].forced
    assert str(verdicts[one].reply) == "5D h5-b2"
    assert verdicts[five] is None and verdicts[seven] is None
    assert verdicts[one] == brute.danger(state, one)


def test_an_opened_line_is_an_immediate_danger_not_a_forced_one():
    state = position(board(e1=".O", e4=".H", e8=".d", a8=".o"))
    verdict = tactics.danger(state, move(state, "1H e4-d4"))
    assert verdict == tactics.Danger(False, rules.Move.parse("3D e8-e1"))
    assert tactics.danger(state, move(state, "1H e4-e5")) is None


def test_a_forced_win_is_found_and_an_immediate_win_comes_first():
    state = corner(fates=((0, 2, 2, 0), rules.FATE_STONES), turn=rules.BLACK)
    win = tactics.forced_win(state)
    assert win is not None
    after = rules.apply(state, win)
    assert not any(brute.holds(after, reply) for reply in rules.legal_moves(after))
    assert not tactics.winning_moves(state)
    taking = position(board(e1=".O", e8=".d", a8=".o"), turn=rules.BLACK)
    assert str(tactics.forced_win(taking)) == "3D e8-e1"
    assert tactics.forced_win(corner()) is None


def _agree(state, moves):
    verdicts = tactics.judge(state, moves)
    for m in moves:
        expected = brute.danger(state, m)
        got = verdicts[m]
        assert (got is None) == (expected is None), (state, m, got, expected)
        if got is None:
            continue
        assert got.forced == expected.forced, (state, m)
        if not got.forced:
            assert got.reply == expected.reply
        else:  # any reply that leaves no defence will do: check that this one does
            after = rules.apply(rules.apply(state, m), got.reply)
            assert after.result is None
            assert not any(brute.holds(after, d) for d in rules.legal_moves(after))
    fast, slow = tactics.forced_win(state), brute.forced_wins(state)
    assert (fast is None) == (not slow) and (fast is None or fast in slow)


@pytest.mark.parametrize("attacked", [False, True])
def test_verdicts_agree_with_brute_force_on_random_positions(attacked):
    """Random positions (and ones whose side to move is attacked: unsafe escapes and captures
    are judged too); every flagged move and a sample of the others."""
    seen = {False: 0, True: 0}
    for i, state in enumerate(brute.random_positions(11 + attacked, 5, attacked=attacked)):
        moves = rules.legal_moves(state)
        verdicts = tactics.judge(state, moves)
        flagged = [m for m in moves if verdicts[m] is not None][:4]
        sample = random.Random(i).sample(moves, min(4, len(moves)))
        _agree(state, list(dict.fromkeys(flagged + sample)))
        for v in verdicts.values():
            if v is not None:
                seen[v.forced] = True
    assert seen[False], "the positions must hold immediate dangers"


def test_saving_moves_are_exactly_the_moves_that_hold():
    for state in brute.random_positions(5, 5, attacked=True):
        moves = rules.legal_moves(state)
        expected = [m for m in moves if brute.holds(state, m)]
        assert tactics.saving_moves(state, moves) == expected
        assert (tactics.defence(state) is None) == (not expected)


# --- the levels -------------------------------------------------------------------------


def _dataset(kind: str, count: int) -> list[dict]:
    paths = sorted(DATA.glob(f"{kind}-*.json"))[:count]
    assert paths, f"no {kind} positions in {DATA}"
    return [rec.load(p) for p in paths]


@pytest.mark.parametrize("spec", ["easy:60", "normal:120", "hard:200"])
def test_every_level_plays_a_forced_win_at_once(spec):
    for record in _dataset("win", 3):
        state = rec.replay(record, GAMES).final
        level, nodes = spec.split(":")
        cpu = CpuPlayer(rules, LEVELS[level], random.Random(1), int(nodes))
        cpu.level = LEVELS["normal"] if level == "easy" else cpu.level  # easy: no lapse here
        chosen = cpu(state)
        after = rules.apply(state, chosen)
        assert after.result is not None or tactics.defence(after) is None
        assert cpu.last.nodes == 0, "no search is needed"


def test_normal_and_the_hint_never_walk_into_a_trap():
    for index, record in enumerate(_dataset("trap", 6)):
        state = rec.replay(record, GAMES).final
        for spec in ("normal:150", str(hint_seat(rules))):
            if spec != "normal:150" and index > 1:
                continue  # the Hint's full count is slower: two positions are enough here
            _, chosen = choose_move(record, spec, index, GAMES)
            assert tactics.danger(state, chosen) is None, (record, spec, chosen)


def test_without_the_check_the_search_falls_into_some_traps():
    """The set is a real test: the search alone at a small count walks into these traps."""
    fell = 0
    for index, record in enumerate(_dataset("trap", 6)):
        state = rec.replay(record, GAMES).final
        cpu = CpuPlayer(rules, LEVELS["normal"], random.Random(index), 60, tactics=False)
        fell += tactics.danger(state, cpu(state)) is not None
    assert fell >= 1


def test_easy_checks_on_most_turns_only():
    record = _dataset("trap", 1)[0]
    state = rec.replay(record, GAMES).final
    checked = 0
    for seed in range(40):
        cpu = make_cpu(rules, "easy:40", random.Random(seed))
        checked += tactics.danger(state, cpu(state)) is None
    assert 0.6 * 40 <= checked <= 40


# --- the move command -------------------------------------------------------------------


def _record(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def _run(capsys, *argv):
    code = cli.run(list(argv), _games(), lambda args: 0)
    out = capsys.readouterr()
    return code, out.out.strip(), out.err.strip()


def _games():
    from common.games import GAMES as REGISTRY

    return {name: entry.engine for name, entry in REGISTRY.items()}


def test_move_prints_the_players_move_in_record_notation(capsys):
    path = sorted(DATA.glob("trap-*.json"))[0]
    code, out, err = _run(capsys, "move", str(path), "--player", "normal:80", "--seed", "3")
    assert code == 0 and err == ""
    state = rec.replay(rec.load(path), GAMES).final
    chosen = rules.parse_move(state, out)
    assert tactics.danger(state, chosen) is None
    again = _run(capsys, "move", str(path), "--player", "normal:80", "--seed", "3")
    assert again[1] == out, "a node count and a seed give the same move"
    code, hint, _ = _run(capsys, "move", str(path), "--hint")
    assert code == 0 and rules.parse_move(state, hint)


def test_move_prints_a_prepollency_turn_as_its_json_list(tmp_path, capsys):
    import prepollency.rules as pre

    rng = random.Random(4)
    state = pre.new_state(rng, 2)
    initial, moves = state, []
    for _ in range(3):
        m = pre.random_move(state, rng)
        state = pre.apply(state, m)
        moves.append(m)
    path = tmp_path / "p.json"
    rec.save(path, rec.build(pre, initial, moves, state))
    code, out, _ = _run(capsys, "move", str(path), "--player", "random", "--seed", "1")
    assert code == 0
    turn = json.loads(out)
    assert isinstance(turn, list) and all(isinstance(step, str) for step in turn)
    pre.parse_move(state, turn)


@pytest.mark.parametrize("argv, words", [
    (["missing.json"], "not found"),
    (["broken.json"], "JSON"),
    (["over.json"], "game is over"),
    (["ok.json", "--player", "wizard"], "unknown player"),
    (["ok.json", "--player", "hard:0"], "positive"),
    (["ok.json", "--player", "human"], "human"),
])
def test_move_refuses_bad_input_with_one_line_and_status_2(tmp_path, capsys, argv, words):
    _record(tmp_path, "broken.json", '{"game": "overlords", "moves": [')
    source = sorted(DATA.glob("trap-*.json"))[0]
    _record(tmp_path, "ok.json", source.read_text())
    over = rec.load(source)
    state = rec.replay(over, GAMES).final
    resigned = dict(over, result={"winner": "black" if state.turn == 0 else "white",
                                  "reason": "resign"})
    _record(tmp_path, "over.json", resigned)
    code, out, err = _run(capsys, "move", str(tmp_path / argv[0]), *argv[1:])
    assert code == 2 and out == ""
    assert words in err and len(err.splitlines()) == 1


def test_move_asks_an_outside_bot_too(capsys):
    import sys

    path = sorted(DATA.glob("trap-*.json"))[0]
    script = Path(__file__).resolve().parents[1] / "examples" / "random_bot.py"
    bot = f"cmd:{sys.executable} {script} 5"
    code, out, err = _run(capsys, "move", str(path), "--player", bot)
    assert code == 0, err
    rules.parse_move(rec.replay(rec.load(path), GAMES).final, out)
