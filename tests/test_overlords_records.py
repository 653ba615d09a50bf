"""Overlords game records (docs/RULES.md, "Game records"): build -> dumps -> loads -> replay
round-trips, atomic saves, a clear RecordError for every malformed record, and fuzzing that
finds nothing but RecordError.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from common import record
from common.protocol import IllegalMoveError, Outcome
from overlords import rules
from overlords.rules import BLACK, OVERLORD, WHITE, Move

GAMES = {"overlords": rules}
SETTINGS = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


# --- games to record -----------------------------------------------------------------------

def _loud(state, move: Move) -> bool:
    """A capture, a recruit, or a Source getting a new marker (resets the quiet count)."""
    if move.is_discard:
        return False
    if move.is_recruit or state.figure(move.to) is not None:
        return True
    return 0 <= int(state.features[move.to]) < rules.PIT and state.control[move.to] != state.turn


def _claims(state, move: Move) -> bool:
    """Claims a Source or recruits, without taking the enemy Overlord."""
    if move.is_discard or state.figure(move.to) == (1 - state.turn, OVERLORD):
        return False
    if move.is_recruit:
        return True
    return 0 <= int(state.features[move.to]) < rules.PIT and state.control[move.to] != state.turn


def play(seed: int, policy: str = "uniform", max_turns: int = 1000):
    """A seeded game: (initial state, moves, final state)."""
    rng = random.Random(seed)
    initial = state = rules.new_state(rng)
    moves: list[Move] = []
    while state.result is None and len(moves) < max_turns:
        legal = rules.legal_moves(state)
        if policy == "quiet":
            legal = [m for m in legal if not _loud(state, m)] or legal
        elif policy == "sources":
            legal = ([m for m in legal if _claims(state, m)]
                     or [m for m in legal if m.is_discard
                         or state.figure(m.to) != (1 - state.turn, OVERLORD)]
                     or legal)
        move = legal[rng.randrange(len(legal))]
        state = rules.apply(state, move)
        moves.append(move)
    return initial, moves, state


@functools.cache
def ended_by(reason: str):
    """The first seeded game that ends by reason (overlord, sources or draw)."""
    policy = {"overlord": "uniform", "sources": "sources", "draw": "quiet"}[reason]
    for seed in range(200):
        game = play(seed, policy)
        if game[2].result is not None and game[2].result.reason == reason:
            return game
    raise AssertionError(f"no game ended by {reason}")


@functools.cache
def unfinished(turns: int = 12):
    """A game stopped after some turns, before it ended."""
    for seed in range(100):
        game = play(seed, "uniform", turns)
        if game[2].result is None:
            return game
    raise AssertionError("every game ended")


def valid_record(kind: str = "unfinished") -> dict:
    """A fresh valid record (a deep copy: tests may change it)."""
    initial, moves, final = unfinished() if kind == "unfinished" else ended_by(kind)
    return copy.deepcopy(record.build(rules, initial, moves, final))


def replay(data: dict) -> record.Replay:
    return record.replay(data, GAMES)


def refused(data: dict) -> str:
    """The RecordError message for a record, checked to be one clear line."""
    with pytest.raises(record.RecordError) as err:
        replay(data)
    message = str(err.value)
    assert message.strip() and "\n" not in message and "Traceback" not in message
    return message


# --- round trips ---------------------------------------------------------------------------

def _game(kind: str):
    if kind in ("overlord", "sources", "draw"):
        return ended_by(kind)
    if kind == "start":
        initial = rules.new_state(random.Random(3))
        return initial, [], initial
    initial, moves, final = unfinished()
    if kind == "unfinished":
        return initial, moves, final
    loser = final.turn if kind == "resign" else 1 - final.turn
    return initial, moves, rules.resign(final, loser, kind)


@pytest.mark.parametrize("kind", ["start", "unfinished", "overlord", "sources", "draw",
                                  "resign", "forfeit"])
def test_build_dumps_loads_replay_round_trip(kind, tmp_path):
    initial, moves, final = _game(kind)
    built = record.build(rules, initial, moves, final, players={"white": "random",
                                                                "black": "random"}, seed=7)
    assert built["game"] == "overlords" and built["version"] == 1
    assert built["moves"] == [str(m) for m in moves]
    expected = None if final.result is None else {
        "winner": None if final.result.winner is None else rules.SIDE_NAMES[final.result.winner],
        "reason": final.result.reason}
    assert built["result"] == expected
    if kind in ("overlord", "sources", "draw", "resign", "forfeit"):
        assert built["result"]["reason"] == kind
    text = record.dumps(built)
    assert record.loads(text) == built
    path = tmp_path / "game.json"
    record.save(path, built)
    assert path.read_text(encoding="utf-8") == text
    for data in (record.loads(text), record.load(path)):
        rp = replay(data)
        assert rp.initial == initial
        assert rp.moves == moves and all(isinstance(m, Move) for m in rp.moves)
        assert len(rp.states) == len(moves) + 1
        assert rp.final == final and rp.final.result == final.result
        state = rp.initial
        for move, after in zip(rp.moves, rp.states[1:-1], strict=False):
            state = rules.apply(state, move)
            assert state == after
        rebuilt = record.build(rules, rp.initial, rp.moves, rp.final, players=data["players"],
                               seed=data["seed"])
        assert rebuilt == built


def test_dumps_writes_one_key_a_line_and_each_move_list_on_one_line():
    built = valid_record("overlord")
    text = record.dumps(built)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and text.endswith("\n")
    assert len(lines) == len(built) + 2
    assert sum(line.lstrip().startswith('"moves"') for line in lines) == 1
    assert json.loads(text) == built


def test_unknown_keys_are_ignored():
    data = valid_record()
    data["players"] = {"white": "Ann", "black": "cpu-3"}
    data["timestamp"] = "2026-11-29T20:00:00"
    data["features"]["volcano"] = ["a4"]
    data["result"] = None
    assert replay(data).final == replay(valid_record()).final


# --- atomic saves ---------------------------------------------------------------------------

def test_save_writes_a_temporary_file_in_the_same_folder_then_renames(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    new = valid_record()
    calls = []
    real_replace = os.replace

    def spy(src, dst):
        calls.append((Path(src), Path(dst), Path(dst).read_text(encoding="utf-8"),
                      Path(src).read_text(encoding="utf-8")))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    record.save(path, new)
    assert len(calls) == 1
    src, dst, dst_before, src_text = calls[0]
    assert dst == path and src != path and src.parent == path.parent
    assert dst_before == "old", "the record was written into place, not renamed"
    assert src_text == record.dumps(new)
    assert path.read_text(encoding="utf-8") == record.dumps(new)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_rename_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    old = valid_record()
    record.save(path, old)
    before = path.read_bytes()

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        record.save(path, valid_record("overlord"))
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    path = tmp_path / "game.json"
    record.save(path, valid_record())
    before = path.read_bytes()
    with pytest.raises(TypeError):
        record.save(path, {"game": "overlords", "bad": object()})
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_save_gives_a_new_record_the_usual_file_mode(tmp_path):
    """A saved record is an ordinary file (mode 0o666 minus the umask, like open() makes),
    not a private 0o600 one inherited from the temporary file."""
    path = tmp_path / "game.json"
    record.save(path, valid_record())
    assert oct(stat.S_IMODE(path.stat().st_mode)) == oct(0o666 & ~_umask())


def test_saving_over_a_record_keeps_its_file_mode(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o644)
    record.save(path, valid_record())
    assert oct(stat.S_IMODE(path.stat().st_mode)) == oct(0o644)


# --- malformed records: each gets a RecordError naming the problem --------------------------

def test_file_that_is_missing_a_folder_not_utf8_or_not_json(tmp_path):
    cases = {
        "missing.json": (None, "file not found"),
        "folder": ("dir", "folder"),
        "latin1.json": ('{"game": "overlords", "x": "caf\xe9"}'.encode("latin-1"), "not UTF-8"),
        "binary.json": (b"\xff\xfe\x00\x01", "not UTF-8"),
        "text.json": (b"hello, world", "not valid JSON"),
        "cut.json": (record.dumps(valid_record())[:40].encode(), "not valid JSON"),
        "empty.json": (b"", "not valid JSON"),
    }
    for name, (content, expected) in cases.items():
        path = tmp_path / name
        if content == "dir":
            path.mkdir()
        elif content is not None:
            path.write_bytes(content)
        with pytest.raises(record.RecordError, match=expected):
            record.load(path)


@pytest.mark.parametrize("text, expected", [
    ("[1, 2, 3]", "a record is a JSON object, not a list"),
    ('"overlords"', "a record is a JSON object, not a string"),
    ("42", "a record is a JSON object, not a number"),
    ("null", "a record is a JSON object, not null"),
    ("true", "a record is a JSON object, not true/false"),
    ("{", "not valid JSON"),
    ("{'game': 'overlords'}", "not valid JSON"),
    ("[" * 100000, "not valid JSON"),
])
def test_text_that_is_no_json_object(text, expected):
    with pytest.raises(record.RecordError, match=re.escape(expected)):
        record.loads(text)


def _set(path: str, value):
    """A change to a record: set the value at a dotted path ("setup.white.O")."""
    def change(data: dict) -> None:
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _del(path: str):
    def change(data: dict) -> None:
        *parents, last = path.split(".")
        target = data
        for key in parents:
            target = target[key]
        del target[last]
    return change


def _swap_setup(data: dict) -> None:
    white = data["setup"]["white"]
    white["D"] = white["O"]


def _two_features(data: dict) -> None:
    data["features"]["pit"][0] = data["features"]["castle"][0]


def _duplicate_feature(data: dict) -> None:
    data["features"]["tower"][1] = data["features"]["tower"][0]


MALFORMED = {
    "no game": (_del("game"), 'missing "game"'),
    "unknown game": (_set("game", "chess"), 'unknown game "chess"'),
    "game not a string": (_set("game", 5), "unknown game 5"),
    "game null": (_set("game", None), 'missing "game"'),
    "version 2": (_set("version", 2), "unsupported version 2"),
    "version text": (_set("version", "1"), 'unsupported version "1"'),
    "version true": (_set("version", True), "unsupported version true"),
    "no version": (_del("version"), "unsupported version null"),
    "no features": (_del("features"), 'missing "features"'),
    "features a list": (_set("features", []), '"features" must be an object'),
    "no castles": (_del("features.castle"), '"castle" must be a list'),
    "castles a string": (_set("features.castle", "c4"), '"castle" must be a list'),
    "two castles": (_set("features.castle", ["c4", "d5"]), "castle needs three"),
    "four pits": (_set("features.pit", ["c4", "d5", "e6", "f3"]), "pit needs three"),
    "same tower twice": (_duplicate_feature, "tower needs three different squares"),
    "square z9": (_set("features.lair.0", "z9"), "'z9' is not a square"),
    "square 5": (_set("features.lair.0", 5), "features.lair: 5 is not a square name"),
    "square C4": (_set("features.mountain.2", "C4"), "'C4' is not a square"),
    "feature on rank 1": (_set("features.castle.0", "a1"), "the back rows stay free"),
    "feature on rank 8": (_set("features.pit.1", "h8"), "the back rows stay free"),
    "two features on a square": (_two_features, "holds both"),
    "no setup": (_del("setup"), 'missing "setup"'),
    "setup a list": (_set("setup", [1]), '"setup" must be an object'),
    "no white setup": (_del("setup.white"), '"white" must be an object'),
    "black setup a list": (_set("setup.black", ["e8"]), '"black" must be an object'),
    "no white overlord": (_del("setup.white.O"), "white has no Overlord"),
    "no black hero": (_del("setup.black.H"), "black has no Hero"),
    "unknown figure letter": (_set("setup.white.X", "a1"), "'X' is not a figure"),
    "setup square 9": (_set("setup.white.W", 9), "setup.white.W: 9 is not a square name"),
    "setup square i1": (_set("setup.black.D", "i1"), "'i1' is not a square"),
    "white off rank 1": (_set("setup.white.O", "e2"), "must stand on rank 1, not e2"),
    "black off rank 8": (_set("setup.black.W", "d1"), "must stand on rank 8, not d1"),
    "two figures on a square": (_swap_setup, "two figures on"),
    "no moves": (_del("moves"), 'missing "moves"'),
    "moves a string": (_set("moves", "2D f1-c4"), '"moves" must be a list, not a string'),
    "moves an object": (_set("moves", {}), '"moves" must be a list, not an object'),
    "result a string": (_set("result", "white"), '"result" must be an object or null'),
    "result a list": (_set("result", []), '"result" must be an object or null, not a list'),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_record_gets_a_clear_record_error(case):
    change, expected = MALFORMED[case]
    data = valid_record()
    change(data)
    assert expected in refused(data)


@pytest.mark.parametrize("letter", ["", "OW", "WD", "DH", "OWDH"])
def test_a_setup_key_that_is_no_single_figure_letter_is_refused(letter):
    """Only "O", "D", "W" and "H" name figures; a key like "" or "OW" must not pass as one
    (it slips through a substring test: "" in "OWDH")."""
    data = valid_record()
    white = data["setup"]["white"]
    white[letter] = white.pop("O")
    assert "not a figure" in refused(data)


@pytest.mark.parametrize("token, expected", [
    ("2X f1-c4", "the Fate must be one of H, W, D, O"),
    ("9D f1-c4", "the Rune must be a digit from 1 to 7"),
    ("0D f1-c4", "the Rune must be a digit from 1 to 7"),
    ("2D f1c4", "'f1c4' is not a square"),
    ("2D f1-z4", "'z4' is not a square"),
    ("2D c4", "a move names two squares"),
    ("6H b5-c4", "a recruit names only its target square"),
    ("2D  f1-c4", "is not a move"),
    ("2Df1-c4", "is not a move"),
    ("", "is not a move"),
    (42, "not 42"),
    (None, "not None"),
    (["2D f1-c4"], "a move is a text"),
    ({"move": "2D f1-c4"}, "a move is a text"),
])
def test_malformed_move_token_names_the_move_and_the_problem(token, expected):
    data = valid_record()
    number = len(data["moves"]) // 2
    data["moves"] = data["moves"][: number - 1] + [token] + data["moves"][number:]
    message = refused(data)
    assert message.startswith(f"move {number} ({json.dumps(token)}): "), message
    assert expected in message


def _reason(state, token: str) -> str:
    move = Move.parse(token)
    with pytest.raises(IllegalMoveError) as err:
        rules.find_move(state, move.rune, move.fate, move.frm, move.to)
    return str(err.value)


def _illegal_tokens(state) -> list[str]:
    """Well-formed tokens the rules refuse in this position, of several kinds."""
    side = state.turn
    letters = rules.TYPE_LETTERS
    name = rules.GRID.name
    own = [sq for sq in range(64) if (f := state.figure(sq)) and f[0] == side]
    enemy = [sq for sq in range(64) if (f := state.figure(sq)) and f[0] != side]
    empty = [sq for sq in range(64) if state.figure(sq) is None]
    played = [r for r in (1, 2, 3, 4, 5, 7) if not state.runes[side] >> (r - 1) & 1]
    enemy_kind = letters[state.figure(enemy[0])[1]]
    own_kind = letters[state.figure(own[0])[1]]
    tokens = [
        f"5{enemy_kind} {name(enemy[0])}-{name(empty[0])}",  # the other side's figure
        f"5{own_kind} {name(empty[0])}-{name(empty[1])}",  # no figure there
        f"5{own_kind} {name(own[0])}-{name(own[1])}",  # onto an own figure
    ]
    if played:
        tokens.append(f"{played[0]}{own_kind} {name(own[0])}-{name(empty[0])}")
    return tokens


def test_illegal_move_names_its_number_and_the_engines_reason():
    data = valid_record()
    base = replay(data)
    for number in (1, 5, len(data["moves"]) + 1):
        state = base.states[number - 1]
        for token in _illegal_tokens(state):
            bad = copy.deepcopy(data)
            bad["moves"] = data["moves"][: number - 1] + [token] + data["moves"][number:]
            message = refused(bad)
            reason = _reason(state, token)
            assert message == f"move {number} ({json.dumps(token)}): {reason}"


@pytest.mark.parametrize("kind", ["overlord", "sources", "draw"])
def test_a_move_after_the_end_is_refused(kind):
    data = valid_record(kind)
    number = len(data["moves"]) + 1
    data["moves"].append(data["moves"][-2])
    message = refused(data)
    assert message.startswith(f"move {number} (") and "The game is over" in message


def _result(winner, reason):
    return _set("result", {"winner": winner, "reason": reason})


@pytest.mark.parametrize("kind, change, expected", [
    ("overlord", _set("result", None), "result is null, but the game is over"),
    ("sources", _set("result", None), "result is null, but the game is over"),
    ("draw", _set("result", None), "result is null, but the game is over: a draw"),
    ("overlord", "other winner", "wrong result"),
    ("sources", "other winner", "wrong result"),
    ("draw", _result("white", "draw"), "wrong result"),
    ("overlord", "other reason", "wrong result"),
    ("sources", "other reason", "wrong result"),
    ("draw", _result(None, "overlord"), "wrong result"),
    ("overlord", "resign", "wrong result"),
    ("unfinished", _result("white", "overlord"), "the game is not over"),
    ("unfinished", _result("black", "sources"), "the game is not over"),
    ("unfinished", _result(None, "draw"), "the game is not over"),
    ("unfinished", _result(None, "resign"), "a resign result needs a winner"),
    ("unfinished", _result("white", "timeout"), 'result reason "timeout" is not one of'),
    ("unfinished", _result("white", None), "result reason null is not one of"),
    ("unfinished", _set("result", {"reason": "resign"}), 'result has no "winner"'),
    ("unfinished", _result("red", "resign"), 'result winner "red" is not a player'),
    ("unfinished", _result(0, "resign"), "result winner 0 is not a player"),
    ("unfinished", _result(["white"], "forfeit"), "is not a player"),
])
def test_wrong_result_is_refused(kind, change, expected):
    data = valid_record(kind)
    result = data["result"]
    if change == "other winner":
        change = _result(rules.SIDE_NAMES[1 - rules.player_from_label(result["winner"])],
                         result["reason"])
    elif change == "other reason":
        change = _result(result["winner"],
                         "sources" if result["reason"] == "overlord" else "overlord")
    elif change == "resign":
        change = _result(result["winner"], "resign")
    change(data)
    assert expected in refused(data)


@pytest.mark.parametrize("winner", ["white", "black"])
@pytest.mark.parametrize("reason", ["resign", "forfeit"])
def test_resign_or_forfeit_ends_an_unfinished_game(winner, reason):
    data = valid_record()
    data["result"] = {"winner": winner, "reason": reason}
    rp = replay(data)
    assert rp.final.result == Outcome(rules.player_from_label(winner), reason)
    assert rules.legal_moves(rp.final) == []
    assert all(state.result is None for state in rp.states[:-1])
    assert len(rp.moves) == len(data["moves"]), "a resignation adds no move"


@pytest.mark.parametrize("depth", [200, 900])
def test_deeply_nested_values_give_a_record_error(depth):
    for key in ("game", "version", "features", "setup", "moves", "result"):
        data = valid_record()
        nested: object = "2D f1-c4"
        for _ in range(depth):
            nested = [nested]
        data[key] = [nested] if key == "moves" else nested
        try:
            text = json.dumps(data)
        except RecursionError:
            continue
        with pytest.raises(record.RecordError):
            replay(record.loads(text))


# --- fuzzing: nothing but RecordError -------------------------------------------------------

json_leaves = (st.none() | st.booleans() | st.integers(-10, 2**70) | st.floats(allow_nan=False)
               | st.text(max_size=12)
               | st.sampled_from(["overlords", "white", "black", "resign", "draw", "e1", "c4",
                                  "a9", "O", "H", "2D f1-c4", "6H b5", "3W --", "z"]))
json_values = st.recursive(
    json_leaves,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["game", "version", "features", "setup", "moves", "result", "white", "black",
         "winner", "reason", "castle", "pit", "O", "D", "W", "H"]), children, max_size=6),
    max_leaves=25,
)


def _only_record_errors(text: str) -> None:
    try:
        replay(record.loads(text))
    except record.RecordError as err:
        assert str(err).strip()


@settings(max_examples=200, **SETTINGS)
@given(json_values)
def test_fuzz_any_json_value_gives_only_record_errors(value):
    _only_record_errors(json.dumps(value))


@settings(max_examples=150, **SETTINGS)
@given(st.fixed_dictionaries({
    "game": st.just("overlords") | json_values,
    "version": st.just(1) | json_values,
    "features": json_values,
    "setup": json_values,
    "moves": st.lists(json_values, max_size=4) | json_values,
    "result": st.none() | json_values,
}))
def test_fuzz_record_shaped_values_give_only_record_errors(value):
    _only_record_errors(json.dumps(value))


def _paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indices)."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


BASES = ("unfinished", "overlord")


@settings(max_examples=300, **SETTINGS)
@given(base=st.sampled_from(BASES), data=st.data())
def test_fuzz_mutated_valid_records_give_only_record_errors(base, data):
    value = valid_record(base)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(value))
        path = data.draw(st.sampled_from(paths))
        op = data.draw(st.sampled_from(["replace", "delete", "insert", "rename", "truncate",
                                        "swap"]))
        if not path:
            value = data.draw(json_values) if op == "replace" else value
            continue
        *parents, last = path
        parent = value
        for key in parents:
            parent = parent[key]
        if op == "replace":
            parent[last] = data.draw(json_values)
        elif op == "delete":
            del parent[last]
        elif op == "insert" and isinstance(parent, list):
            parent.insert(last, data.draw(json_values))
        elif op == "rename" and isinstance(parent, dict):
            new_key = data.draw(st.text(max_size=3) | st.sampled_from(
                ["O", "W", "D", "H", "castle", "white", "winner", "moves", "version"]))
            parent[new_key] = parent.pop(last)
        elif op == "truncate" and isinstance(parent, list):
            del parent[last:]
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = data.draw(st.integers(0, len(parent) - 1))
            parent[last], parent[other] = parent[other], parent[last]
    _only_record_errors(json.dumps(value))


@settings(max_examples=200, **SETTINGS)
@given(st.binary(max_size=200) | st.text(max_size=200).map(lambda t: t.encode("utf-8",
                                                                                "surrogatepass")))
def test_fuzz_file_bytes_give_only_record_errors(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fuzz") / "record.json"
    path.write_bytes(content)
    try:
        replay(record.load(path))
    except record.RecordError as err:
        assert str(err).strip()


def test_the_fuzzed_records_include_valid_ones():
    """The mutation fuzzer starts from records that replay (so it probes deep checks)."""
    for base in BASES:
        rp = replay(valid_record(base))
        assert (rp.final.result is None) == (base == "unfinished")
    assert ended_by("overlord")[2].result.winner in (WHITE, BLACK)
