"""Issue 20, settings, bots and command lines from anywhere (inputs crafted here): remembered
dialog choices of the wrong shape, a turn that is a string (deeply nested or not), a seat
that is a float, perft bounded by its work, Ctrl+C, a settings line for thousands of unknown
keys, the bot question's seat names, a window too large to have a surface."""

from __future__ import annotations

import json
import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.ai.bot import Bot  # noqa: E402
from common.protocol import Forfeit, InvalidMoveError  # noqa: E402
from common.ui import settings as settings_io  # noqa: E402
from common.ui.app import App  # noqa: E402
from prepollency import rules as prules  # noqa: E402
from prepollency.moves import Turn  # noqa: E402

NESTED = "[" * 100_000 + "]" * 100_000


# 3. remembered dialog choices ---------------------------------------------------------------

@pytest.mark.parametrize("choices", [
    {"seats": {"1": {"colour": ["x"]}}},
    {"seats": {"1": {"kind": {"a": 1}}}},
    {"seats": {"1": {"name": 7}}},
    {"seats": {"²": {"name": "x"}}},
    {"seats": ["1"]},
    {"players": 3.0},
    {"players": True},
    {"first": [1]},
    {"unknown": 1},
])
def test_bad_remembered_choices_are_reported_and_never_written_back(tmp_path, capsys,
                                                                    choices):
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({"prepollency_new_game": choices, "sound": False}))
    loaded = settings_io.load(file)
    assert loaded.prepollency_new_game is None and loaded.sound is False
    assert "prepollency_new_game" in capsys.readouterr().err, "reported at start"
    a = App(main.games(), (1280, 800))
    try:
        a.settings.prepollency_new_game = choices  # as if it had slipped through anyway
        a.push(a.screens("prepollency").new_game_scene(a))  # the dialog still opens
        a.draw(a.screen)
    finally:
        a.close()
    settings_io.save(loaded, file)
    assert json.loads(file.read_text())["prepollency_new_game"] is None


def test_good_remembered_choices_are_kept(tmp_path):
    good = {"players": 3, "first": "random",
            "seats": {"1": {"kind": "human", "name": "Ann", "colour": "red"}}}
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({"prepollency_new_game": good}))
    assert settings_io.load(file).prepollency_new_game == good


def test_the_settings_line_for_thousands_of_unknown_keys_is_short(tmp_path, capsys):
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({f"key{n}" + "x" * 30: n for n in range(5000)}))
    settings_io.load(file)
    err = capsys.readouterr().err
    assert len(err) < 1000 and "and 4995 more" in err


# 9. a turn is a list; a seat is a whole number -----------------------------------------------

@pytest.mark.parametrize("data", ['["e5-e6"]', "[]", NESTED, '"' * 5000])
def test_a_turn_given_as_a_string_is_refused(data):
    with pytest.raises(InvalidMoveError, match="is not a turn"):
        Turn.parse(data)


def _record(**extra) -> dict:
    start = prules.new_state(random.Random(1), 2)
    return {**rec.build(prules, start, [], start), **extra}


@pytest.mark.parametrize("turns", [['["e5-e6"]'], [NESTED]])
def test_a_record_with_a_string_turn_is_refused_with_its_reason(turns):
    with pytest.raises(rec.RecordError, match="is not a turn"):
        rec.replay(_record(turns=turns), main.games())


@pytest.mark.parametrize("winner", [3.0, 1.0, True, "3"])
def test_a_winner_that_is_not_a_whole_seat_number_is_refused(winner):
    start = prules.new_state(random.Random(1), 2)
    state = prules.resign(start, 1)
    record = rec.build(prules, start, [], state)
    assert record["result"]["winner"] == 3
    record["result"]["winner"] = winner
    with pytest.raises(rec.RecordError, match="not a player"):
        rec.replay(record, main.games())


def _bot(tmp_path, answer: str) -> str:
    script = tmp_path / "bot.py"
    script.write_text("import sys\nfor line in sys.stdin:\n"
                      f"    print({answer!r}, flush=True)\n")
    return f"{sys.executable} {script}"


def test_a_bot_whose_turn_is_a_deeply_nested_string_forfeits(tmp_path):
    bot = Bot(_bot(tmp_path, json.dumps({"turn": NESTED})))
    try:
        state = prules.new_state(random.Random(1), 2)
        with pytest.raises(Forfeit, match="is not a turn"):
            bot.ask(prules, state, _record())
    finally:
        bot.close(0.1)


def test_move_and_selfplay_with_that_bot_end_cleanly(tmp_path, capsys):
    command = _bot(tmp_path, json.dumps({"turn": NESTED}))
    path = tmp_path / "r.json"
    rec.save(path, _record())
    assert main.main(["move", str(path), "--player", f"cmd:{command}"]) == 2
    assert "is not a turn" in capsys.readouterr().err
    out = tmp_path / "out"
    code = main.main(["selfplay", "prepollency", "--players",
                      f"cmd:{command},random", "--games", "1", "--out", str(out)])
    assert code == 0 and list(out.glob("*.json")), "the record is written"


# 10. perft by its work; Ctrl+C ---------------------------------------------------------------

def test_perft_is_refused_by_the_work_it_would_do(tmp_path, capsys):
    start = prules.new_state(random.Random(1), 4)
    path = tmp_path / "four.json"
    rec.save(path, rec.build(prules, start, [], start))
    assert main.main(["perft", str(path), "--depth", "5"]) == 2
    err = capsys.readouterr().err
    assert "would expand about" in err and "depth 2 fits" in err and err.count("\n") == 1
    assert main.main(["perft", str(path), "--depth", "1"]) == 0


@pytest.mark.parametrize("command", ["perft", "selfplay"])
def test_ctrl_c_ends_with_one_line(tmp_path, capsys, monkeypatch, command):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    path = tmp_path / "r.json"
    rec.save(path, _record())
    monkeypatch.setattr(prules, "perft", interrupted)
    monkeypatch.setattr(prules, "apply", interrupted)
    argv = (["perft", str(path)] if command == "perft" else
            ["selfplay", "prepollency", "--players", "random,random"])
    assert main.main(argv) == 130
    err = capsys.readouterr().err
    assert err == f"{command}: interrupted\n"


# 12. the bot question's names; a window too large ----------------------------------------

def test_the_bot_question_names_prepollency_seats(tmp_path):
    from common.ui import resume

    record = _record(players={"1": f"cmd:{sys.executable} -c pass", "3": "human"})
    seats = resume.bot_seats(rec.replay(record, main.games()))
    assert [who for who, _, _ in seats] == ["Red"]


def test_a_window_without_a_surface_is_brought_back_to_one(monkeypatch):
    from common.ui import app as app_module

    class Dead:
        def get_size(self):
            raise pygame.error("Surface is not initialized")

    a = App(main.games(), (1280, 800))
    try:
        monkeypatch.setattr(pygame.display, "get_surface", lambda: Dead())
        a.relayout()
        w, h = a.size
        assert 0 < w <= app_module.MAX_SIDE and 0 < h <= app_module.MAX_SIDE
        monkeypatch.undo()
        a.draw(a.screen)
    finally:
        a.close()
