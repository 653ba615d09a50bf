"""Bot programs as app seats (`cmd:`), driven like a player on the real app (dummy video
driver): the new-game dialog offers "Bot…" with a command line that is checked before the game
starts; a bot side takes the CPU setup and plays a whole game through `BotSeat` without
blocking a frame; a bot that fails forfeits, the overlay says why and the saved record has
"reason": "forfeit"; undo, a new game or quitting while a bot thinks leave no process behind.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.seats import bot_name  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.bots import check_command, example_command  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_panel import label  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from common.ui.start import parse_players  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.ai.setup import cpu_setup  # noqa: E402
from overlords.setup import (
    board_for,  # noqa: E402
    setup_of,  # noqa: E402
)
from overlords.ui.screens import play_scene, resume_scene  # noqa: E402
from overlords.ui.setup_scene import SetupScene  # noqa: E402
from tests.helpers.overlords_driver import finish_setup  # noqa: E402
from tests.test_ui_overlords import new_game_dialog, open_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
EXAMPLE = f"cmd:{example_command()} 5"  # the example bot, seeded: the same game every time


def script(code: str, *args: str) -> str:
    """A `cmd:` spec running Python code."""
    return "cmd:" + " ".join(shlex.quote(part) for part in (PY, "-c", code, *args))


def slow_bot(delay: float) -> str:
    """The example bot, thinking `delay` seconds before each answer to a turn (its setup
    comes at once)."""
    code = (f"import sys, time; sys.path.insert(0, {str(ROOT)!r}); "
            "import common.ai.example_bot as bot; lines = sys.stdin; "
            f"sys.stdin = ((line.startswith('{{\"type\": \"turn\"') and time.sleep({delay})) "
            "or line for line in lines); bot.serve()")
    return script(code)


# a bot that leaves its setup to the program, then answers its first turn with argv[1]
ANSWER_ONCE = ("import sys, itertools; lines = iter(sys.stdin.readline, ''); "
               "[print('{\"setup\": null}', flush=True) for _ in itertools.takewhile("
               "lambda line: line.startswith('{\"type\": \"setup\"'), lines)]; "
               "print(sys.argv[1], flush=True); sys.stdin.read()")


def run(d: Driver, game: GameScene, limit: float = 90.0, until=None) -> int:
    """Frames until the game is settled (or until() holds); how many of them ended with a
    CPU or bot still thinking. The window is never blocked: a frame that waited for a bot's
    answer would end with the answer in, so a bot that takes a while leaves many frames
    behind it (counted, not timed: a busy machine makes frames and bots slower alike)."""
    done = until or (lambda: not game.busy)
    end, waiting = time.monotonic() + limit, 0
    while not done():
        assert time.monotonic() < end, "the bot game did not settle in time"
        d.frames(1)
        waiting += game.thinking
        time.sleep(0.002)
    return waiting


def gone(pid: int, limit: float = 5.0) -> bool:
    """True once the process pid has ended and been reaped (no zombie left)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)  # a zombie child still answers
        except ProcessLookupError:
            return True
        time.sleep(0.02)
    return False


def move_by_clicks(d: Driver, game: GameScene) -> None:
    """A person's move that does not end the game: a figure, then a square only one of its
    Runes reaches."""
    state = game.match.state
    legal = rules.legal_moves(state)
    move = next(m for m in legal if m.frm is not None and m.rune != 5
                and sum((o.frm, o.to, o.rune != 5) == (m.frm, m.to, True) for o in legal) == 1
                and rules.apply(state, m).result is None)
    d.click(game.view.board.center(move.frm))
    d.click(game.view.board.center(move.to))
    assert game.match.moves[-1] == move


def button(dialog, label):
    return next(b for b in dialog.buttons if b.label == label)


def test_a_bot_side_plays_a_whole_game_against_the_cpu():
    app, d, game = open_game((EXAMPLE, "random"), seed=3)
    try:
        features = board_for(3)
        white = setup_of(game.match.initial)[rules.WHITE]  # the bot's own, answered
        assert white != cpu_setup(features, 3, rules.WHITE, "normal", {}), "not the CPU's"
        black = cpu_setup(features, 3, rules.BLACK, "random", {rules.WHITE: white})
        setup = {rules.WHITE: white, rules.BLACK: black}
        assert game.match.initial == rules.make_state(features, setup), "Black saw White's"
        assert label(game.match, rules.WHITE) == "White (bot random-bot)"
        seen: list[str] = []

        def over() -> bool:
            if game.thinking and not seen:
                seen.append(game.status().title)
                assert game.thinking
            return not game.busy

        waiting = run(d, game, until=over)
        assert seen == ["random-bot is thinking"]
        result = game.match.state.result
        assert result is not None and result.reason != "forfeit"
        moves = game.match.moves
        assert len(moves) > 10
        assert isinstance(app.top, GameOver)
        record = game.match.record()
        assert record["players"] == {"white": EXAMPLE, "black": "random"}
        replay = rec.replay(rec.loads(rec.dumps(record)), main.games())
        assert replay.states[-1].result == result
        assert waiting >= 2, "frames ran while the sides thought"
        assert not game.seats.runners, "the bot's program ends with the game"
    finally:
        app.close()


@pytest.mark.parametrize(("bot", "timeout", "words"), [
    (script(ANSWER_ONCE, '{"move": "6O e5"}'), None,
     "Black's bot forfeits: answered an illegal move \"6O\u00a0e5\" (nothing recruits an "
     "Overlord)."),
    (script(ANSWER_ONCE, "hello"), None,
     "Black's bot forfeits: it answered 'hello', which is not JSON."),
    (script("import sys; sys.stdin.readline(); print('{\"setup\": null}', flush=True); "
            "sys.stdin.readline(); sys.exit(3)"), None,
     "Black's bot forfeits: the program quit (exit status 3) without answering."),
    (slow_bot(30), 0.5, "Black's bot forfeits: no answer within 0.5 s."),
], ids=["illegal", "garbage", "crash", "timeout"])
def test_a_broken_bot_forfeits_and_the_overlay_says_why(bot, timeout, words, tmp_path,
                                                        monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    app, d, game = open_game(("random", bot), seed=2)
    try:
        if timeout is not None:  # the program that set up is replaced by one with this timeout
            app.bot_timeout = timeout
            game.seats.runners.pop(rules.BLACK).close()
        # a program starts (and, for one, stays quiet 0.5 s) before its forfeit: frames go on
        assert run(d, game) >= 2, "the window waited for the bot"
        assert game.match.state.result == rules.Outcome(rules.WHITE, "forfeit")
        over = app.top
        assert isinstance(over, GameOver)
        assert over.title == "White wins" and over.lines == [words]
        assert not game.match.can_undo(), "a forfeit cannot be taken back"
        # saved from the app's menu, the record says so
        d.click(button(over, "Review game").rect.center)
        d.click(game.toolbar[-1].rect.center)  # Menu
        d.click(button(app.top, "Save game").rect.center)
        saved = list(tmp_path.glob("overlords-*.json"))
        assert len(saved) == 1
        record = rec.load(saved[0])
        assert record["result"] == {"winner": "white", "reason": "forfeit"}
        assert record["players"]["black"] == bot
        assert main.main(["validate", str(saved[0])]) == 0
    finally:
        app.close()


def test_undo_new_game_and_quit_while_the_bot_thinks_leave_no_process():
    app, d, game = open_game(("human", slow_bot(30)), seed=4242)
    try:
        def thinking() -> int:
            move_by_clicks(d, game)
            run(d, game, 20, until=lambda: game.seats.runner(rules.BLACK).pid is not None)
            assert game.thinking and game.busy
            frames = iter(range(30))
            assert run(d, game, 5, until=lambda: next(frames, None) is None) == 30
            assert game.thinking, "still thinking: 30 frames went by meanwhile"
            return game.seats.runner(rules.BLACK).pid

        pid = thinking()
        d.key(pygame.K_z, pygame.KMOD_CTRL)  # undo: the bot (asleep for 30 s) is stopped
        assert game.match.moves == [] and not game.thinking and game.my_turn
        assert gone(pid), "undo stops the thinking bot"
        pid = thinking()
        assert pid is not None
        d.key(pygame.K_ESCAPE)
        d.click(button(app.top, "Main menu").rect.center)
        assert isinstance(app.top, MainMenu)
        assert gone(pid), "leaving the game stops the bot"
        app.push(play_scene(app, ("human", slow_bot(30)), 4242))
        game = finish_setup(app, d)
        pid = thinking()
    finally:
        app.close()
    assert gone(pid), "quitting stops the bot"


def test_the_dialog_checks_the_command_then_starts_and_remembers_it():
    app, d, dialog = new_game_dialog()
    try:
        black, field = dialog.seats[1], dialog.bot_fields[1]
        assert not field.shown
        d.click(black._segments()[-1].center)  # Bot…
        assert black.value == "bot" and field.shown and field.field.focused
        assert field.field.value == example_command(), "the example runs on the first try"
        d.key(pygame.K_u, pygame.KMOD_CTRL)
        d.key(pygame.K_RETURN)
        assert app.top is dialog and field.problem.startswith("Type the command")
        sound = app.settings.sound
        d.key(pygame.K_m, text="m")  # M mutes, but not while typing
        d.type("m")
        assert app.settings.sound == sound and field.field.value == "m"
        d.type("y-missing-bot --fast")
        assert not field.problem, "editing clears the complaint"
        d.click(dialog.start.rect.center)
        assert app.top is dialog
        assert field.problem == ("Cannot find the program 'my-missing-bot': it is not on the "
                                 "PATH.")
        assert field.field.error and field.field.focused
        d.key(pygame.K_u, pygame.KMOD_CTRL)
        d.type(f"{PY} /no/such/bot.py")
        d.click(dialog.start.rect.center)
        assert app.top is dialog and field.problem == "No such file: /no/such/bot.py"
        pygame.scrap.put_text(f"{example_command()} 9\n")
        d.key(pygame.K_u, pygame.KMOD_CTRL)
        d.key(pygame.K_v, pygame.KMOD_CTRL)  # paste
        assert field.field.value == f"{example_command()} 9"
        d.click(field.example.rect.center)
        assert field.field.value == example_command() and not field.problem
        d.type(" 9")
        d.click(dialog.start.rect.center)
        game = app.top
        assert isinstance(game, SetupScene)
        assert [str(s) for s in game.seats.values()] == ["human", f"cmd:{example_command()} 9"]
        assert game.phase is not None and game.phase.side == rules.WHITE
        assert app.bot_command == f"{example_command()} 9"
        app.main_menu()
        d.click(app.top.buttons[0].rect.center)
        dialog = app.top
        d.click(dialog.seats[0]._segments()[-1].center)
        assert dialog.bot_fields[0].field.value == f"{example_command()} 9", "remembered"
        assert dialog.seats[1].value != "bot" and not dialog.bot_fields[1].shown
    finally:
        app.close()


def test_commands_are_checked_and_bots_named(tmp_path):
    plain = tmp_path / "bot.txt"
    plain.write_text("not a program")
    assert check_command(example_command()) is None
    assert check_command("  ").startswith("Type the command")
    assert "cannot be read" in check_command("python3 'unclosed")
    assert check_command("/no/such/program") == "No such program: /no/such/program"
    assert "is not executable" in check_command(str(plain))
    assert check_command(f"{PY} {tmp_path / 'missing.py'}").startswith("No such file")
    assert check_command(f"{PY} -c pass") is None
    assert bot_name(example_command()) == "random-bot"
    assert bot_name("/opt/bots/overmind --depth 3") == "overmind"
    assert str(parse_players(f"human,cmd:{example_command()}", (2,))[1]) == \
        f"cmd:{example_command()}"
    with pytest.raises(ValueError, match="not on the PATH"):
        parse_players("cmd:no-such-bot-program,human", (2,))


def test_a_saved_game_against_a_bot_resumes_with_a_person_in_its_seat():
    app = App(main.games())
    try:
        app.push(MainMenu(app))
        state = rules.make_state(board_for(7), rules.default_setup())
        record = rec.build(rules, state, [], state, players={"white": "random", "black": EXAMPLE},
                           seed=7)
        scene = resume_scene(app, rec.replay(record, main.games()))
        seats = [str(s) for s in scene.match.seats.values()]
        assert seats == ["random", "human"], "a file never starts a program"
        assert "Black played by a bot program" in app.toasts.current[0]
    finally:
        app.close()
