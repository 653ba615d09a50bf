"""`prepollency.tactics`: wins at once, the wins of the seats that move next, a falling base
and a Khan en prise, on constructed positions of 2, 3 and 4 players and against plain
enumeration over `rules.legal_moves` (tests/helpers/prepollency_brute.py) on random ones."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from prepollency import rules, tactics
from prepollency.moves import CELLS, GRID, LETTERS, Turn
from prepollency.state import KIND, OBELISK, OWNER, SEATS_FOR, make_state
from tests.helpers import prepollency_brute as brute

DATA = Path(__file__).resolve().parents[1] / "bench" / "data"


def position(pieces: dict[str, str], players: int = 2, turn: int = 1,
             holds: dict[int, int] | None = None) -> rules.State:
    """A turn-start position from {"h8": "3I", ...} (seat and piece letter per square)."""
    board = [[0] * CELLS, [0] * CELLS]
    for name, piece in pieces.items():
        s = GRID.index(name)
        board[OWNER][s], board[KIND][s] = int(piece[0]), LETTERS.index(piece[1])
    counts = [0] * 5
    for seat, count in (holds or {}).items():
        counts[seat] = count
    seats = SEATS_FOR[players]
    return make_state(board, seats, seats, turn, tuple(counts))


def turn(*moves: str) -> Turn:
    return Turn.parse(list(moves))


OBELISK_NAMES = ("h8", "g8", "i8", "h7", "h9")


def holding(seat: int, kind: str = "I") -> dict[str, str]:
    return {name: f"{seat}{kind}" for name in OBELISK_NAMES}


# --- the mover's own wins ----------------------------------------------------------------------

def test_a_hold_of_three_wins_by_holding_the_line_and_not_by_leaving_the_obelisk():
    state = position({**holding(1), "c3": "1A", "m13": "3C", "a1": "3I"}, holds={1: 3})
    wins = tactics.winning_turns(state)
    assert Turn() in wins and turn("c3-c4") in wins
    assert turn("h9-h10") not in wins  # steps off: the count falls to 0
    assert tactics.winning_turn(state, 1) == Turn()
    assert sorted(wins) == sorted(brute.winning_turns(state))


def test_the_hold_wins_only_at_three_and_a_step_back_on_keeps_it():
    state = position({**holding(1), "h10": "1I", "m13": "3C"}, holds={1: 3})
    # h9 steps off and the Infantry from h10 steps in behind it: the five stay Red's
    assert turn("h9-g10", "h10-h9") in tactics.winning_turns(state)
    assert tactics.winning_turns(position({**holding(1), "m13": "3C"}, holds={1: 2})) == []


def test_the_last_square_of_the_last_base_wins_two_players():
    # Blue's base o15 n15 o14 n14: three Red pieces in it, n14 empty; the Archer on n11 reaches
    state = position({"o15": "1I", "n15": "1I", "o14": "1C", "n11": "1A", "h8": "3A",
                      "c3": "3I"})
    assert tactics.winning_turn(state, 1) == turn("n11-n14")
    wins = tactics.winning_turns(state)
    assert turn("n11-n14") in wins and turn("n11-n14", "o15-o13") not in wins
    assert sorted(wins) == sorted(brute.winning_turns(state))


def test_two_seats_eliminated_in_one_turn_wins_three_players():
    # Green (3): base o15 n15 o14 n14 misses n14; Blue (2): base a15 b15 a14 b14 misses b14.
    pieces = {"o15": "1I", "n15": "2I", "o14": "1C", "n11": "1A",
              "a15": "1I", "b15": "3I", "a14": "1C", "b11": "1A", "c3": "2I", "m3": "3I"}
    state = position(pieces, players=3)
    win = tactics.winning_turn(state, 1)
    assert win is not None and len(win) == 2
    after = rules.apply(state, win)
    assert after.result is not None and after.result.winner == 1
    assert turn("n11-n14") not in tactics.winning_turns(state)  # one base alone is not enough
    assert sorted(tactics.winning_turns(state)) == sorted(brute.winning_turns(state))


def test_two_seats_out_of_four_is_no_win_but_the_engine_removes_both():
    pieces = {"o15": "1I", "n15": "2I", "o14": "1C", "n11": "1A",
              "a15": "1I", "b15": "3I", "a14": "1C", "b11": "1A", "c3": "2I", "m3": "3I",
              "h3": "4C"}
    state = position(pieces, players=4)
    assert tactics.winning_turns(state) == []
    after = rules.apply(state, turn("n11-n14", "b11-b14"))
    assert after.alive == (1, 4) and after.result is None


# --- threats and stops ---------------------------------------------------------------------------

def test_a_hold_about_to_win_is_a_threat_and_only_a_capture_on_the_obelisk_stops_it():
    state = position({**holding(3), "h12": "1A", "d4": "1C", "a1": "3I"}, holds={3: 3})
    threat = tactics.threats(state)[3]
    assert threat.kind == "obelisk" and threat.turn == Turn() and threat.squares == OBELISK
    stops = tactics.stopping_turns(state)
    assert stops and all(any(m.to in OBELISK for m in t) for t in stops)
    assert turn("h12-h9") in stops and Turn() not in stops
    assert set(stops) == {t for t in rules.legal_moves(state) if brute.danger_level(state, t)
                          < tactics.HANDS_WIN}


def test_stepping_onto_the_obelisk_stops_a_hold_three_players():
    # Blue holds (count 3); Red moves before it and can step onto h7 (capturing); Green after
    state = position({**holding(2, "C"), "h5": "1A", "m13": "3I", "c13": "2I"}, players=3,
                     holds={2: 3})
    stops = tactics.stopping_turns(state)
    assert stops is not None and turn("h5-h7") in stops
    assert tactics.mistake(state, Turn()).kind == "hands_win"
    assert "Blue" in tactics.mistake(state, Turn()).text
    assert tactics.mistake(state, turn("h5-h7")) is None


def test_a_stop_by_capturing_the_piece_that_would_fill_the_base():
    # Blue has three pieces in Red's base; its Cavalry on d4 would take b2; Red's Archer on d7
    # takes the Cavalry (or a piece steps onto b2 or into its way on c3)
    state = position({"a1": "3I", "b1": "3I", "a2": "3C", "d4": "3C", "d7": "1A",
                      "m13": "1I"})
    assert tactics.threats(state)[3].kind == "elimination"
    stops = tactics.stopping_turns(state)
    assert turn("d7-d4") in stops and Turn() not in stops and turn("d7-d6") not in stops
    assert sorted(stops) == sorted(t for t in rules.legal_moves(state)
                                   if brute.danger_level(state, t) < tactics.HANDS_WIN)


def test_a_base_defence_blocks_the_way_and_stepping_into_the_gap_does_not():
    # Blue's Archer on b5 would enter b2. Red's Infantry on c3 into b2 is no defence (the
    # Archer takes it there and the base is full of Blue); on b3 or b4 it blocks the file,
    # and taking the intruder on b1 leaves two squares to fill
    state = position({"a1": "3I", "b1": "3I", "a2": "3C", "b5": "3A", "c3": "1I",
                      "m13": "1I"})
    stops = tactics.stopping_turns(state)
    assert turn("c3-b3") in stops and turn("c3-b4") in stops
    assert turn("c3-b2") not in stops and Turn() not in stops
    assert sorted(stops) == sorted(t for t in rules.legal_moves(state)
                                   if brute.danger_level(state, t) < tactics.HANDS_WIN)
    assert tactics.mistake(state, turn("m13-m12")).kind == "hands_win"


def test_the_base_falls_in_four_players_without_ending_the_game():
    state = position({"a1": "2I", "b1": "3I", "a2": "4C", "b5": "2A", "c3": "1I",
                      "m13": "1I", "c13": "2I", "m3": "4I", "n13": "3I"}, players=4)
    assert tactics.threats(state) == {}  # no one wins by it: three seats stay
    d = tactics.danger(state, turn("m13-m12"))
    assert d.level == tactics.BASE_FALLS and d.seat == 2
    assert tactics.danger(state, turn("c3-b3")) is None
    assert tactics.mistake(state, turn("m13-m12")).kind == "base_falls"


def test_a_line_opened_by_the_first_move_counts():
    # Red's Archer on n11 is screened by its own Infantry on n12 from n14, the last square of
    # Blue's base: the Infantry steps off the file, then the Archer moves in
    state = position({"o15": "1I", "n15": "1I", "o14": "1C", "n12": "1I", "n11": "1A",
                      "c3": "3I"})
    win = tactics.winning_turn(state, 1)
    assert win is not None and len(win) == 2 and str(win[1]) == "n11-n14"
    assert sorted(tactics.winning_turns(state)) == sorted(brute.winning_turns(state))


def test_a_piece_that_must_stay_is_refilled_behind_it():
    # only pieces already in Blue's base reach n14: n15 steps in, the Archer refills n15
    state = position({"o15": "1I", "n15": "1I", "o14": "1I", "k15": "1A", "c3": "3I",
                      "a1": "3C"})
    assert tactics.winning_turn(state, 1) == turn("n15-n14", "k15-n15")
    assert sorted(tactics.winning_turns(state)) == sorted(brute.winning_turns(state))


def test_a_khan_left_en_prise_is_reported_when_it_could_flee():
    # Blue's Cavalry on e9 covers the diagonal f8 g7 h6: the Khan may not stop on h6
    state = position({"h3": "1K", "e9": "3C", "c13": "3I", "m3": "1I"})
    d = tactics.danger(state, turn("h3-h6"))
    assert d is not None and d.level == tactics.KHAN_LOST and d.seat == 3
    assert tactics.danger(state, turn("h3-g4")) is None
    assert tactics.mistake(state, turn("h3-h6")).kind == "khan_lost"
    assert brute.danger_level(state, turn("h3-h6")) == tactics.KHAN_LOST


def test_a_missed_win_is_named_with_the_winning_turn():
    state = position({**holding(1), "c3": "1A", "m13": "3C"}, holds={1: 3})
    verdict = tactics.mistake(state, turn("h9-h10"))
    assert verdict.kind == "missed_win" and "Obelisk" in verdict.text
    assert tactics.mistake(state, Turn()) is None


def test_no_threat_means_nothing_to_stop():
    state = rules.new_state(random.Random(0), 4)
    assert tactics.threats(state) == {} and tactics.stopping_turns(state) is None
    assert tactics.floor(state) == tactics.SAFE


# --- against the brute force --------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_positions_agree_with_plain_enumeration(players):
    rng = random.Random(1700 + players)
    seen = {level: 0 for level in range(4)}
    for _ in range(80):
        state = brute.random_position(rng, players, most=3)
        assert sorted(tactics.winning_turns(state)) == sorted(brute.winning_turns(state))
        threats = tactics.threats(state)
        for seat in state.alive:
            if seat != state.turn:
                assert (seat in threats) == brute.wins(state, seat), state
        for seat, threat in threats.items():
            result = rules.apply(brute.as_turn_of(state, seat), threat.turn).result
            assert result is not None and result.winner == seat
        verdicts = tactics.dangers(state)
        by_level: dict[int, list[Turn]] = {}
        for t, d in verdicts.items():
            by_level.setdefault(0 if d is None else d.level, []).append(t)
        for level, turns in by_level.items():  # one turn of each level the tactics saw
            t = rng.choice(turns)
            assert brute.danger_level(state, t) == level, (state, t)
            seen[level] += 1
    assert seen[tactics.HANDS_WIN] and seen[tactics.SAFE]


def test_played_positions_agree_with_plain_enumeration():
    rng = random.Random(17)
    for players in (2, 3, 4):
        state = brute.played_position(rng, players, 40)
        assert tactics.winning_turns(state) == brute.winning_turns(state)
        for t in rng.sample(rules.legal_moves(state), 2):
            d = tactics.danger(state, t)
            assert (0 if d is None else d.level) == brute.danger_level(state, t)



# --- the levels and the Hint use it -------------------------------------------------------------

def cpu_turn(state: rules.State, level: str, seed: int = 1, nodes: int = 60) -> Turn:
    from common.ai.levels import LEVELS, CpuPlayer

    return CpuPlayer(rules, LEVELS[level], random.Random(seed), nodes)(state)


WINS = {
    "hold": position({**holding(1), "c3": "1A", "m13": "3C", "a1": "3I"}, holds={1: 3}),
    "uncovered": position({"o15": "1I", "n15": "1I", "o14": "1C", "n12": "1I", "n11": "1A",
                           "c3": "3I"}),
    "refilled": position({"o15": "1I", "n15": "1I", "o14": "1I", "k15": "1A", "c3": "3I",
                          "a1": "3C"}),
    "two bases": position({"o15": "1I", "n15": "2I", "o14": "1C", "n11": "1A", "a15": "1I",
                           "b15": "3I", "a14": "1C", "b11": "1A", "c3": "2I", "m3": "3I"},
                          players=3),
}


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("name", sorted(WINS))
def test_every_level_plays_a_win_at_once_even_of_two_moves(level, name):
    state = WINS[name]
    result = rules.apply(state, cpu_turn(state, level)).result
    assert result is not None and result.winner == state.turn


STOPS = {
    "hold, 3 players": position({**holding(2, "C"), "h5": "1A", "m13": "3I", "c13": "2I"},
                                players=3, holds={2: 3}),
    "hold, 4 players": position({**holding(3), "h12": "1A", "d4": "1C", "a3": "2I",
                                 "m3": "4I", "o1": "3I"}, players=4, holds={3: 3}),
    "base": position({"a1": "3I", "b1": "3I", "a2": "3C", "b5": "3A", "c3": "1I",
                      "m13": "1I"}),
    "capture": position({"a1": "3I", "b1": "3I", "a2": "3C", "d4": "3C", "d7": "1A",
                         "m13": "1I"}),
}


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("name", sorted(STOPS))
def test_every_level_stops_a_win_of_the_seats_before_its_next_turn(level, name):
    state = STOPS[name]
    assert tactics.stopping_turns(state)
    chosen = cpu_turn(state, level)
    assert tactics.Watch(state).level(chosen) < tactics.HANDS_WIN, chosen


def test_the_khan_is_not_left_en_prise_when_it_can_flee():
    # the Cavalry on e9 attacks h6, where Red's Khan stands; holding the line loses it
    state = position({"h6": "1K", "e9": "3C", "c13": "3I", "m3": "1I"})
    assert tactics.Watch(state).level(Turn()) == tactics.KHAN_LOST
    for seed in range(3):
        assert tactics.Watch(state).level(cpu_turn(state, "normal", seed)) == tactics.SAFE


def test_easy_misses_some_wins_on_purpose_but_not_most():
    from common.ai.levels import LEVELS

    state = WINS["refilled"]
    found = 0
    for seed in range(30):
        result = rules.apply(state, cpu_turn(state, "easy", seed, nodes=20)).result
        found += result is not None and result.winner == 1
    assert LEVELS["easy"].vigilance < 1.0 and 0.6 * 30 <= found <= 30


# --- the move command -----------------------------------------------------------------------

def test_move_plays_the_win_and_the_hint_shows_it(tmp_path, capsys):
    import json

    from common import cli
    from common import record as rec
    from common.games import GAMES as REGISTRY

    games = {name: entry.engine for name, entry in REGISTRY.items()}
    state, moves = rules.new_state(random.Random(3), 2), []
    rng = random.Random(5)
    for _ in range(4):  # a real game record ...
        moves.append(rules.random_move(state, rng))
        state = rules.apply(state, moves[-1])
    record = rec.build(rules, rules.new_state(random.Random(3), 2), moves, state)
    path = tmp_path / "p.json"
    rec.save(path, record)
    for argv in (["--player", "normal:40"], ["--hint"]):
        code = cli.run(["move", str(path), *argv, "--seed", "2"], games, lambda args: 0)
        out = capsys.readouterr().out.strip()
        assert code == 0
        rules.parse_move(state, json.loads(out))
    # ... and the set's positions where a turn wins at once: the move command plays it
    data = sorted((DATA / "prepollency_tactics").glob("win-*.json"))
    assert data, "bench/data/prepollency_tactics holds win positions"
    for file in data[:4]:
        final = rec.replay(rec.load(file), games).final
        code = cli.run(["move", str(file), "--player", "normal:40", "--seed", "1"], games,
                       lambda args: 0)
        turn = rules.parse_move(final, json.loads(capsys.readouterr().out.strip()))
        result = rules.apply(final, turn).result
        assert code == 0 and result is not None and result.winner == final.turn
