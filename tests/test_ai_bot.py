"""Outside bots (cmd: seats): a good bot plays; one that crashes, stalls, answers garbage or
plays an illegal move forfeits its seat with a message that says so, and the game goes on."""

from __future__ import annotations

import random
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from common import record as rec
from common.ai.bot import Bot, BotPlayer, BotSeat
from common.protocol import Forfeit
from overlords import rules as overlords
from prepollency import rules as prepollency

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
EXAMPLE = f"{PY} {ROOT / 'examples' / 'random_bot.py'} 7"


def _script(code: str, *args: str) -> str:
    return " ".join(shlex.quote(part) for part in (PY, "-c", code, *args))


def _answer_once(line: str) -> str:
    """A bot that answers its first turn with this line, then waits."""
    code = "import sys; sys.stdin.readline(); print(sys.argv[1], flush=True); sys.stdin.read()"
    return _script(code, line)


@pytest.mark.parametrize(("command", "message"), [
    (_script("import sys; sys.exit(3)"), "stopped (exit status 3) without answering"),
    (_script("import time; time.sleep(30)"), "gave no answer within 0.5 s"),
    (_answer_once("hello"), "answered 'hello', which is not JSON"),
    (_answer_once('{"turn": []}'), 'expected {"move": ...}'),
    (_answer_once('{"move": "1H a1-a2"}'), 'played "1H a1-a2": '),
    ("no-such-program-here", "could not start"),
])
def test_a_failing_bot_forfeits_with_a_clear_message(command, message):
    state = overlords.new_state(random.Random(1), 2)
    bot = Bot(command, timeout=0.5)
    try:
        with pytest.raises(Forfeit) as err:
            bot.ask(overlords, state, rec.build(overlords, state, [], state))
    finally:
        bot.close()
    assert message in str(err.value)


@pytest.mark.parametrize(("game", "players"), [(overlords, 2), (prepollency, 4)])
def test_the_example_bot_plays_legal_moves(game, players):
    rng = random.Random(3)
    state = game.new_state(rng, players)
    initial, moves = state, []
    bot = BotPlayer(game, EXAMPLE, timeout=20)
    try:
        for _ in range(6):
            if game.outcome(state) is not None:
                break
            if game.to_move(state) == game.players(state)[0]:
                move = bot(state, history=(initial, moves))
            else:
                move = game.random_move(state, rng)
            state = game.apply(state, move)  # raises if the bot's move were illegal
            moves.append(move)
    finally:
        bot.close()
    assert len(moves) == 6


def test_bot_seat_answers_off_the_calling_thread():
    state = prepollency.new_state(random.Random(0), 2)
    seat = BotSeat(EXAMPLE, timeout=20)
    try:
        seat.start(prepollency, state, rec.build(prepollency, state, [], state))
        assert seat.busy()
        end = time.monotonic() + 20
        move = None
        while move is None and time.monotonic() < end:
            move = seat.poll()
            time.sleep(0.01)
        assert move in prepollency.legal_moves(state)
        assert not seat.busy()
    finally:
        seat.close()


def test_bot_seat_reports_a_forfeit():
    state = prepollency.new_state(random.Random(0), 2)
    seat = BotSeat(_script("import sys; sys.exit(1)"), timeout=5)
    seat.start(prepollency, state, rec.build(prepollency, state, [], state))
    end = time.monotonic() + 10
    with pytest.raises(Forfeit, match="stopped"):
        while time.monotonic() < end:
            seat.poll()
            time.sleep(0.01)
    assert not seat.busy()


def test_selfplay_with_a_crashing_bot_records_a_forfeit(tmp_path):
    bad = "cmd:" + _script("import sys; sys.exit(2)")
    done = subprocess.run(
        [PY, str(ROOT / "main.py"), "selfplay", "overlords", "--players", f"{bad},random",
         "--games", "1", "--bot-timeout", "5", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "white (cmd:" in done.stderr and "forfeits" in done.stderr
    assert "black wins by forfeit" in done.stdout
    record = rec.load(tmp_path / "overlords-0001.json")
    assert record["result"] == {"winner": "black", "reason": "forfeit"}
    rec.replay(record, {"overlords": overlords, "prepollency": prepollency})


def test_selfplay_levels_nodes_and_timing_summary(tmp_path):
    done = subprocess.run(
        [PY, str(ROOT / "main.py"), "selfplay", "overlords", "--players", "easy,random",
         "--games", "2", "--nodes", "40", "--seed", "3", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "white (easy):" in done.stdout and "average" in done.stdout
    assert "slowest turn:" in done.stdout
    again = subprocess.run(
        [PY, str(ROOT / "main.py"), "selfplay", "overlords", "--players", "easy,random",
         "--games", "2", "--nodes", "40", "--seed", "3"],
        capture_output=True, text=True, timeout=120)
    first = [line for line in done.stdout.splitlines() if line.startswith("game")]
    second = [line for line in again.stdout.splitlines() if line.startswith("game")]
    assert [g.split(" ->")[0] for g in first] == second  # same seed, same games


@pytest.mark.parametrize(("spec", "message"), [
    ("expert", "unknown player 'expert'"),
    ("hard:many", "the node count 'many' is not a whole number"),
])
def test_selfplay_refuses_an_unknown_level(spec, message):
    done = subprocess.run(
        [PY, str(ROOT / "main.py"), "selfplay", "overlords", "--players", f"{spec},random"],
        capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert message in done.stderr
