"""Issue 36: the `novice` level and the bench's `greedy` player (`common.ai.oneply`): legal,
reproducible from a seed, better than the random mover, human mistakes; greedy takes free
pieces and never leaves the game to be won at once when it can help it; the seat spec and
the ladder's pair set."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import main
from common.ai.levels import LEVELS, NOVICE, heuristics_for, make_cpu
from common.ai.oneply import BENCH_PLAYERS, GREEDY, OnePlyPlayer
from common.ai.worker import choose_move
from common.seats import CPU, KINDS_HELP, LEVEL_NAMES, SeatSpec
from overlords import rules as orules
from overlords import tactics as otactics
from prepollency import rules as prules
from prepollency import tactics as ptactics
from tests.helpers.overlords_diagram import board, position

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import ladder  # noqa: E402


def play(game, players: dict, rng: random.Random, limit: int = 400):
    """A game between these players (None: the random mover) from a fresh start; the moves
    and the final state. Every move goes through the engine's `apply` (an illegal one
    raises)."""
    state = game.new_state(rng, len(players))
    for seat, p in players.items():
        if p is not None:
            state = p.opening(state, seat)
    moves = []
    while game.outcome(state) is None and len(moves) < limit:
        p = players[game.to_move(state)]
        move = game.random_move(state, rng) if p is None else p(state)
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
        moves.append(move)
    return moves, state


def novice(game, seed: int) -> OnePlyPlayer:
    player = make_cpu(game, "novice", random.Random(seed))
    assert isinstance(player, OnePlyPlayer)
    return player


@pytest.mark.parametrize("game", [orules, prules])
def test_novice_plays_legal_moves_and_the_same_game_from_the_same_seed(game):
    seats = game.players(game.new_state(random.Random(0), 2))
    runs = []
    for _ in range(2):
        players = {seats[0]: novice(game, 11), seats[1]: novice(game, 12)}
        runs.append(play(game, players, random.Random(5), limit=120)[0])
    assert runs[0] == runs[1], "no clock: the rng alone decides"
    other = {seats[0]: novice(game, 13), seats[1]: novice(game, 12)}
    assert play(game, other, random.Random(5), limit=120)[0] != runs[0]


def test_a_node_count_changes_nothing_for_novice():
    state = orules.new_state(random.Random(3), 2)
    state = novice(orules, 1).opening(state, orules.WHITE)
    state = novice(orules, 2).opening(state, orules.BLACK)
    moves = {str(make_cpu(orules, spec, random.Random(9), nodes)(state))
             for spec, nodes in (("novice", None), ("novice:50", None), ("novice", 4000))}
    assert len(moves) == 1
    assert choose_move(orules, state, "novice", 9) == make_cpu(orules, "novice",
                                                                random.Random(9))(state)


def test_novice_beats_the_random_mover_in_a_few_games(tmp_path):
    won = {}
    for variant, games in (("overlords", 6), ("prepollency", 3)):
        results = [ladder.play_one((variant, "novice", "random", i, 7, 1.0, str(tmp_path),
                                    False)) for i in range(games)]
        assert not any(r["error"] for r in results)
        won[variant] = sum(r["a_won"] for r in results)
    assert won["overlords"] >= 5 and won["prepollency"] >= 2


def test_novice_turns_cost_little():
    """No search: no node of a search tree (the ladder prints the time a turn takes; a test
    never asserts a wall-clock figure)."""
    seats = prules.players(prules.new_state(random.Random(0), 2))
    players = {seats[0]: novice(prules, 1), seats[1]: None}
    play(prules, players, random.Random(2), limit=60)
    assert players[seats[0]].last is not None and players[seats[0]].last.nodes == 0


# a free Wizard on d5 for White's Dragon; Black's Overlord out of reach
FREE = board(a1=".O", d1=".D", d5=".w", h7=".o")
# the same Wizard guarded by a Black Dragon on d8: taking it loses the Dragon back
GUARDED = board(a1=".O", d1=".D", d5=".w", d8=".d", h7=".o")


def positions(game, count: int, plies: tuple[int, int], seed: int, players=lambda n: 2):
    """(n, state) of `count` random games stopped after a random number of plies in `plies`
    (games already over are left out)."""
    rng = random.Random(seed)
    for n in range(count):
        state = game.new_state(random.Random(n), players(n))
        for _ in range(rng.randrange(*plies)):
            if state.result is not None:
                break
            state = game.apply(state, game.random_move(state, rng))
        if state.result is None:
            yield n, state


def greedy(game, seed: int = 0) -> OnePlyPlayer:
    return OnePlyPlayer(game, GREEDY, random.Random(seed), heuristics_for(game))


def test_greedy_takes_a_free_piece_and_not_a_guarded_one_for_free():
    free = position(FREE)
    for seed in range(10):
        move = greedy(orules, seed)(free)
        assert orules.GRID.name(move.to) == "d5", "the free Wizard, always"
    guarded = position(GUARDED)  # taking it trades a Dragon for a Wizard: not free
    player = greedy(orules)
    view = player.h.view(orules)
    assert player.free_capture(view, guarded, view.legal_steps(guarded)) is None
    assert player.free_capture(view, free, view.legal_steps(free)) is not None


def takes(game, state, move) -> bool:
    h = heuristics_for(game)
    others = [p for p in game.players(state) if p != game.to_move(state)]
    after = game.apply(state, move)
    return sum(h.material(game, state, p) - h.material(game, after, p) for p in others) > 0


def test_novice_misses_some_free_pieces_that_greedy_takes():
    seen = greedy_took = novice_took = 0
    for n, state in positions(prules, 60, (20, 120), 1):
        player = greedy(prules, n)
        view = player.h.view(prules)
        if player.free_capture(view, state, view.legal_steps(state)) is None:
            continue
        seen += 1
        greedy_took += takes(prules, state, player(state))
        novice_took += takes(prules, state, novice(prules, n)(state))
    assert seen >= 15 and greedy_took == seen
    assert 0.3 * seen <= novice_took <= 0.9 * seen, "a human's oversights, not a blind mover"


def test_greedy_never_leaves_its_overlord_to_be_taken_when_a_move_saves_it():
    checked = 0
    for n, state in positions(orules, 60, (2, 30), 4):
        move = greedy(orules, n)(state)
        saving = otactics.saving_moves(state)
        if saving:
            checked += 1
            assert move in saving, f"{move} lets the enemy win at once"
    assert checked > 30


def test_greedy_never_hands_over_a_prepollency_win_it_can_avoid():
    checked = 0
    for n, state in positions(prules, 25, (20, 160), 6, lambda n: 2 if n % 2 else 4):
        turn = greedy(prules, n)(state)
        d = ptactics.danger(state, turn)
        if d is not None and d.level >= ptactics.BASE_FALLS:
            assert ptactics.floor(state) >= d.level, f"{turn} hands over what it could keep"
        checked += 1
    assert checked > 15


def test_the_hooks_defaults_see_a_win_and_a_threat_in_any_game():
    """Noughts and crosses, with no game knowledge: the defaults of `wins_now` and `hangs`."""
    from tests.helpers.toygames import TICTACTOE as ttt

    player = OnePlyPlayer(ttt, GREEDY, random.Random(0), heuristics_for(ttt))
    x, o = 1, 2
    win = ((x, x, 0, o, o, 0, 0, 0, 0), x, 0)
    assert player(win) == 2
    block = ((x, 0, 0, o, o, 0, 0, 0, x), x, 0)
    assert all(OnePlyPlayer(ttt, GREEDY, random.Random(s), heuristics_for(ttt))(block) == 5
               for s in range(10))


def test_novice_is_a_seat_spec_and_the_first_level():
    assert LEVEL_NAMES[0] == "novice" and list(LEVELS)[0] == "novice"
    assert "novice" in KINDS_HELP
    spec = SeatSpec.parse("novice")
    assert spec == SeatSpec(CPU, level="novice") and str(spec) == "novice"
    assert str(SeatSpec.parse(" novice:300 ")) == "novice:300"
    assert spec.describe() == "CPU, novice"
    assert LEVELS["novice"].sight == NOVICE and NOVICE.captures < 1 and NOVICE.threats < 1
    assert "greedy" not in LEVEL_NAMES and "greedy" in BENCH_PLAYERS, "a bench player only"
    with pytest.raises(ValueError):
        SeatSpec.parse("greedy")


def test_the_command_line_takes_novice(tmp_path, capsys):
    assert main.main(["selfplay", "overlords", "--players", "novice,random", "--games", "1",
                      "--seed", "3", "--out", str(tmp_path)]) == 0
    record = next(tmp_path.glob("*.json"))
    assert main.main(["validate", str(record)]) == 0
    capsys.readouterr()
    for sub in ("play", "selfplay", "move"):
        with pytest.raises(SystemExit):
            main.main([sub, "--help"])
        assert "novice" in capsys.readouterr().out


def test_the_ladder_plays_the_novice_set(tmp_path, capsys):
    assert ladder.main(["--set", "novice", "--only", "overlords", "--games", "1",
                        "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for line in ("novice vs random", "greedy vs novice", "easy vs novice"):
        assert line in out
    assert "target 55%-80%" in out and "target >= 90%" in out
    assert "novice" in out.split("greedy vs novice")[1].split("\n")[2], "novice's time a turn"
    assert {v for v, _, _ in ladder.NOVICE_PAIRS} == {"overlords", "prepollency", "prepollency4"}
