"""Screens that behave (issue 11), on the real app (dummy video driver): the game-over
overlay leaves the board in view, takes Ctrl+Z and tells the result from the person's side
(by colour at a shared table); Rematch swaps colours on the same board; the in-game menu
pauses the CPU and bots; Resign's default is Cancel.
"""

from __future__ import annotations

import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.setup import board_for  # noqa: E402
from overlords.ui.rune_choice import RuneChoice  # noqa: E402
from overlords.ui.setup_scene import SetupScene  # noqa: E402
from prepollency import rules as prules  # noqa: E402
from prepollency.state import from_diagram  # noqa: E402
from tests.helpers.prepollency_diagram import cells  # noqa: E402
from tests.helpers.undo import undo  # noqa: E402
from tests.test_ui_bots import slow_bot  # noqa: E402
from tests.test_ui_overlords import SEED, jump_to, open_game  # noqa: E402
from tests.test_ui_prepollency import hold, put  # noqa: E402
from tests.test_ui_prepollency import open_game as open_prepollency  # noqa: E402


def black_captures(start: rules.State) -> list[rules.Move]:
    """The moves of a random game from start that Black wins by capturing White's
    Overlord."""
    for n in range(2000):
        rng, s, moves = random.Random(n), start, []
        while s.result is None and len(moves) < 120:
            move = rules.random_move(s, rng)
            moves.append(move)
            s = rules.apply(s, move)
        if s.result == rules.Outcome(rules.BLACK, "overlord"):
            return moves
    raise AssertionError("no such game")


def finished(specs, size=(1280, 800)):
    """An app whose game (these seats) just ended with Black capturing White's Overlord; the
    game-over overlay is up."""
    app, d, game = open_game(specs, size=size)
    game = jump_to(game, black_captures(game.match.initial))
    d.frames(3)
    assert isinstance(app.top, GameOver)
    return app, d, game, app.top


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_game_over_leaves_the_board_and_the_capture_square_in_view(size):
    app, d, game, over = finished(("human", "random"), size)
    try:
        board = game.view.board
        assert not over.panel.colliderect(board.frame), (over.panel, board.frame)
        assert over.panel.right <= size[0] and over.panel.bottom <= size[1]
        assert over.panel.x >= 0 and over.panel.y >= 0
        for button in over.buttons:
            assert over.panel.contains(button.rect)
        # the capture square is drawn undimmed enough to be seen: the overlay's backdrop
        # over the board is light
        assert over.dim < 100
    finally:
        app.close()


def test_game_over_against_the_cpu_is_told_from_the_persons_side():
    app, d, game, over = finished(("human", "random"))
    try:
        assert over.title == "You lose"
        assert over.lines == ["Black captured your Overlord."]
        assert game.status().title == "You lose"
    finally:
        app.close()
    app, d, game, over = finished(("random", "human"))
    try:
        assert over.title == "You win!"
        assert over.lines == ["You captured White's Overlord."]
    finally:
        app.close()


def test_game_over_in_hot_seat_is_told_by_colour():
    app, d, game, over = finished(("human", "human"))
    try:
        assert over.title == "Black wins"
        assert over.lines == ["Black captured White's Overlord."]
    finally:
        app.close()


def test_ctrl_z_on_the_game_over_overlay_takes_the_last_turn_back():
    app, d, game, over = finished(("human", "human"))
    try:
        moves = len(game.match.moves)
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert app.top is game and not game.match.over
        assert len(game.match.moves) == moves - 1
        d.key(pygame.K_y, pygame.KMOD_CTRL)  # and redo ends it again, with its overlay
        assert game.match.over and game.game_over_shown
    finally:
        app.close()
    app, d, game, over = finished(("human", "random"))
    try:
        d.key(pygame.K_z, pygame.KMOD_CTRL)  # against the CPU: back to the person's turn
        assert app.top is game and not game.match.over
        assert game.match.is_human(game.match.to_move)
    finally:
        app.close()


def test_ctrl_z_after_a_resignation_keeps_the_overlay_and_says_why():
    app, d, game = open_game(("human", "random"))
    try:
        game.resign()
        d.frames(2)
        over = app.top
        assert isinstance(over, GameOver)
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert app.top is over and game.match.over
        assert "cannot be taken back" in app.toasts.current[0]
    finally:
        app.close()


def test_rematch_swaps_colours_on_the_same_board():
    app, d, game, over = finished(("human", "hard"))
    try:
        d.click(next(b for b in over.buttons if b.label == "Rematch").rect.center)
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.seed == SEED and setup.features == board_for(SEED)
        assert str(setup.seats[rules.WHITE]) == "hard" and setup.seats[rules.BLACK].is_human
    finally:
        app.close()


def test_prepollency_game_over_and_rematch():
    app, d, game = open_prepollency(("human", "random"), names={1: "Ann"})
    try:
        state = from_diagram(cells(h8="1I", g8="1I", i8="1I", h7="1I", h9="1I", e3="1I",
                                   k13="3I"), seats=(1, 3), turn=1, holds=(0, 3, 0, 0, 0))
        put(game, state)
        d.click(game.controller.hold_b.rect.center)
        d.settle()
        over = app.top
        assert isinstance(over, GameOver) and over.title == "You win!"
        assert over.lines == ["You held the Obelisk through three full rounds."]
        assert not over.panel.colliderect(game.view.board.frame)
        keys = dict(game.view.keys)
        d.click(next(b for b in over.buttons if b.label == "Rematch").rect.center)
        new = app.top
        assert new is not game and str(new.match.seats[1]) == "random"
        assert new.match.seats[3].is_human and new.match.names == {3: "Ann"}
        assert new.match.info["seed"] == 7, "the same seed as the game (open_game)"
        # each player keeps its name and its colour, in the next corner (issue 21: "Green"
        # played the red pieces): no name says another colour than the player's pieces
        assert dict(new.view.keys) == {1: keys[3], 3: keys[1]}
    finally:
        app.close()


def test_prepollency_words_by_name_and_from_the_persons_seat():
    from prepollency.ui.words import result_words

    def name(seat):
        return {1: "Red", 3: "Blue"}[seat]

    won = prules.Outcome(3, "elimination")
    assert result_words(won, name) == ("Blue wins", "Blue is the last player standing.")
    assert result_words(won, name, 3)[1] == "You are the last player standing."
    assert result_words(prules.Outcome(3, "resign"), name, 1)[1] == "You resigned."


def test_resign_asks_with_cancel_as_the_default():
    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_ESCAPE)
        d.click(next(b for b in app.top.buttons if b.label == "Resign").rect.center)
        confirm = app.top
        assert isinstance(confirm, Dialog) and confirm.title == "Resign this game?"
        cancel = next(b for b in confirm.buttons if b.label == "Cancel")
        assert cancel.primary and not confirm.buttons[0].primary
        d.key(pygame.K_RETURN)  # Enter: the default, Cancel
        assert app.top is game and not game.match.over
    finally:
        app.close()


# pause ----------------------------------------------------------------------------------------

def test_the_menu_stops_the_cpu_until_it_closes():
    app, d, game = open_game(("hard", "human"))
    try:
        d.frames(2)
        assert game.thinking and app.cpu.busy()
        d.key(pygame.K_ESCAPE)
        menu = app.top
        assert isinstance(menu, Dialog) and menu.title == "Game paused"
        d.frames(2)
        assert not game.thinking and not app.cpu.busy(), "the CPU searches on behind the menu"
        for _ in range(60):  # a long pause: nothing is played
            d.frames(1)
            time.sleep(0.01)
        assert game.match.moves == [] and not app.cpu.busy()
        d.key(pygame.K_ESCAPE)  # resume: the CPU is asked again and plays
        assert app.top is game
        d.settle()
        assert len(game.match.moves) == 1
    finally:
        app.close()


def test_a_hint_asked_before_the_menu_comes_after_it():
    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_h)
        assert game.hint_asked
        d.key(pygame.K_ESCAPE)
        d.frames(2)
        assert not game.hint_asked and not app.cpu.busy()
        d.key(pygame.K_ESCAPE)
        d.frames(1)
        assert game.hint_asked, "the hint is asked again"
        d.settle(lambda: game.hint_asked)
        assert game.controller.hint is not None
    finally:
        app.close()


def test_the_menu_stops_a_bot_and_it_is_not_forfeited_for_the_pause():
    app, d, game = open_game((slow_bot(0.3), "human"))
    try:
        app.bot_timeout = 2.5
        end = time.monotonic() + 30
        while game.seats.runners.get(rules.WHITE) is None or \
                game.seats.runners[rules.WHITE].pid is None:
            assert time.monotonic() < end
            d.frames(1)
        d.key(pygame.K_ESCAPE)
        d.frames(2)
        runner = game.seats.runners[rules.WHITE]
        assert not runner.busy(), "the bot's question is dropped while the menu is up"
        pause_end = time.monotonic() + 3.0  # longer than the bot's time, and its answer's
        while time.monotonic() < pause_end:
            d.frames(1)
            time.sleep(0.01)
        assert not game.match.over and game.match.moves == [], "played or forfeited in pause"
        d.key(pygame.K_ESCAPE)
        end = time.monotonic() + 30
        while not game.match.moves and not game.match.over:
            assert time.monotonic() < end
            d.frames(1)
            time.sleep(0.005)
        assert not game.match.over and len(game.match.moves) == 1
    finally:
        app.close()


# review, the last move, the palette, the sound, the levels ----------------------------------

def test_review_counts_moves_as_the_log_numbers_them():
    app, d, game = open_game(("human", "human"))
    try:
        rng = random.Random(5)
        moves, s = [], game.match.initial
        while len(moves) < 7:
            move = rules.random_move(s, rng)
            s2 = rules.apply(s, move)
            if s2.result is not None:
                continue
            moves.append(move)
            s = s2
        game = jump_to(game, moves)
        d.frames(1)
        game.start_review(3)  # White's 2nd move: row "2." of the log, which has 4 rows
        status = game.status()
        assert status.title == "Looking back: move 2 of 4"
        assert status.text.startswith(f"The position after 2. {moves[2]}.")
        game.start_review(4)  # Black's answer, the same row
        status = game.status()
        assert status.title == "Looking back: move 2 of 4"
        assert status.text.startswith(f"The position after 2… {moves[3]}.")
        game.start_review(0)
        assert game.status().title == "Looking back: the start"
    finally:
        app.close()


def test_prepollency_review_counts_turns():
    app, d, game = open_prepollency()
    try:
        for _ in range(3):
            hold(d, game)
        assert len(game.match.moves) == 3
        game.start_review(2)
        assert game.status().title == "Looking back: turn 2 of 3"
    finally:
        app.close()


def test_the_last_line_survives_undo_and_redo():
    app, d, game = open_game(("human", "human"))
    try:
        first = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        game.play(first)
        d.settle()
        said_first = game.last_text
        second = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        game.play(second)
        d.settle()
        said_second = game.last_text
        assert said_first and said_second and said_first != said_second
        assert undo(d, game), "Black's turn: undoing White's asks first"
        assert game.last_text == said_first
        assert undo(d, game)
        assert game.last_text == ""
        d.key(pygame.K_y, pygame.KMOD_CTRL)
        assert game.last_text == said_first
        d.key(pygame.K_y, pygame.KMOD_CTRL)
        assert game.last_text == said_second
    finally:
        app.close()


def luminance(color) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = color[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_computed_as_wcag_says():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("game_name", ["overlords", "prepollency"])
def test_the_colour_blind_last_move_frame_stands_out_from_every_square(game_name):
    from common.ui.board import BoardView
    from common.ui.theme import PALETTES, mix

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    grid = rules.GRID if game_name == "overlords" else prules.GRID
    view = BoardView(grid)
    view.layout(pygame.Rect(0, 0, 600, 600))
    pal = PALETTES["colour-blind"]
    ground = view.ground(pal)
    worst = 99.0
    for sq in range(grid.cells):
        rect = view.square_rect(sq).move(-view.frame.x, -view.frame.y).inflate(-4, -4)
        pixels = pygame.surfarray.array3d(ground.subsurface(rect)).reshape(-1, 3)
        square = tuple(int(v) for v in pixels.mean(0))
        tinted = mix(square, pal.last, 80 / 255)  # the last move's tint under the frame
        worst = min(worst, contrast(pal.last_edge, square), contrast(pal.last_edge, tinted))
    assert worst >= 3.0, worst


def test_no_audio_driver_noise_in_the_terminal():
    import subprocess
    import sys

    code = ("import pygame; from common.ui.sound import Sound; s = Sound(); s.warm_up(); "
            "s.play('move'); print('available', s.available)")
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", AUDIODEV="hw:97",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "available" in out.stdout
    assert out.stderr == "", out.stderr


def test_quiet_stderr_hides_what_c_code_writes_there_and_only_inside():
    import subprocess
    import sys

    code = ("import os; from common.ui.sound import quiet_stderr\n"
            "with quiet_stderr():\n    os.write(2, b'hidden')\nos.write(2, b'shown')\n")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.stderr == "shown"


def test_novice_is_offered_as_the_first_level_and_random_no_longer():
    """Issue 36: the first level plays plausible moves (`novice`); the random mover, once
    offered as "Beginner", is left to the command line (a seat of an old save still reads
    "CPU, beginner")."""
    from common.seats import SeatSpec
    from tests.test_ui_overlords import new_game_dialog

    app, d, dialog = new_game_dialog()
    try:
        for choice in dialog.seats:
            labels = dict(zip(choice.options, choice.labels, strict=True))
            assert choice.options[1] == "novice" and labels["novice"] == "Novice"
            assert "random" not in labels
    finally:
        app.close()
    assert SeatSpec.parse("random").describe() == "CPU, beginner"


# small windows ------------------------------------------------------------------------------

SIZES = [(960, 600), (1024, 640), (1100, 600), (960, 900), (1280, 720), (1280, 800),
         (1366, 768), (1440, 900), (1920, 1080), (2560, 1440), (1920, 600)]
# below the minimum: the window manager keeps the window at 960x600 or more, but without one
# (a bare X server) it can be made smaller: the screen still works, with a shorter log
SMALLER = [(800, 500), (720, 480)]


def assert_apart(rects: dict[str, pygame.Rect], size) -> None:
    """Every rect inside the window, none overlapping another."""
    window = pygame.Rect(0, 0, *size)
    names = list(rects)
    for i, a in enumerate(names):
        assert rects[a].w > 0 and rects[a].h > 0, (a, rects[a], size)
        assert window.contains(rects[a]), (a, rects[a], size)
        for b in names[i + 1:]:
            assert not rects[a].colliderect(rects[b]), (a, rects[a], b, rects[b], size)


def assert_inside(outer: pygame.Rect, inner, what: str) -> None:
    for rect in inner:
        assert outer.contains(rect), (what, rect, outer)


def test_overlords_layout_from_the_minimum_window_up():
    from common.ui.app import MIN_SIZE
    from common.ui.game_log import log_rows_visible

    assert MIN_SIZE == (960, 600), "the smallest window the layout is checked at"
    app, d, game = open_game(("human", "human"), size=(1280, 800))
    try:
        game.refresh()
        for size in SIZES + SMALLER:
            app.set_window_size(size)
            d.frames(1)
            assert app.size == size
            view, areas = game.view, game.areas
            hands = view.panel.hands
            rects = {"board": view.board.frame, "toolbar": areas.toolbar,
                     "status": areas.status, "log": areas.log,
                     **{f"hand {side}": hand.card for side, hand in hands.items()}}
            assert_apart(rects, size)
            for side, hand in hands.items():
                stones = hand.runes + hand.fates
                assert_inside(hand.card, [*stones, hand.reserve], f"hand {side} at {size}")
                assert_apart({f"stone {i}": r for i, r in enumerate(stones)}
                             | {"reserve": hand.reserve}, size)
                assert hand.stone >= 28, "stones stay big enough to click"
            assert_inside(areas.toolbar, [b.rect for b in game.toolbar], f"toolbar {size}")
            assert_inside(areas.status, [b.rect for b in game.status_buttons], f"status {size}")
            rows = log_rows_visible(areas.log, app.m)
            assert rows >= (4 if size in SIZES else 1), (size, rows)
            if size[0] >= 1280 and size[1] >= 800:
                assert rows >= 8, (size, rows)
    finally:
        app.close()


def test_overlords_setup_layout_from_the_minimum_window_up():
    import main
    from common.ui.app import App
    from common.ui.driver import Driver
    from overlords.ui.screens import play_scene

    app = App(main.games(), (1280, 800))
    try:
        app.push(play_scene(app, ["human", "easy"], SEED))
        d = Driver(app)
        d.frames(1)
        setup = app.top
        assert isinstance(setup, SetupScene) and setup.phase is not None
        for size in SIZES + SMALLER:
            app.set_window_size(size)
            d.frames(1)
            lay = setup.panel
            top = next(h.card for h in lay.hands.values() if h.card.y < lay.status.y)
            rows = max(len(setup._info_lines(top.w, first)) for first in (True, False))
            assert top.h >= 2 * app.m.pad + rows * int(app.m.normal * 1.4), size
            slots = list(setup.phase.tray.values())
            tray = slots[0].unionall(slots[1:])
            assert_apart({"board": setup.board.frame, "toolbar": lay.toolbar, "info": top,
                          "status": lay.status, "tray": tray}, size)
            assert_inside(lay.status, [b.rect for b in setup.status_buttons], f"status {size}")
    finally:
        app.close()


def test_prepollency_layout_from_the_minimum_window_up():
    from common.ui.game_log import log_rows_visible

    app, d, game = open_prepollency(("human", "human", "human", "human"))
    try:
        for size in SIZES + SMALLER:
            app.set_window_size(size)
            d.frames(1)
            view, areas = game.view, game.areas
            assert_apart({"board": view.board.frame, "toolbar": areas.toolbar,
                          "card": view.card, "status": areas.status, "log": areas.log}, size)
            assert_inside(view.card, [view.banner, view.order, view.obelisk], f"card {size}")
            assert_inside(areas.toolbar, [b.rect for b in game.toolbar], f"toolbar {size}")
            assert_inside(areas.status, [b.rect for b in game.status_buttons], f"status {size}")
            rows = log_rows_visible(areas.log, app.m)
            assert rows >= (4 if size in SIZES else 1), (size, rows)
            if size[0] >= 1280 and size[1] >= 800:
                assert rows >= 8, (size, rows)
    finally:
        app.close()


def test_the_game_over_panel_stays_in_the_window_and_off_the_board_at_every_size():
    app, d, game, over = finished(("human", "random"))
    try:
        for size in SIZES + SMALLER:
            app.set_window_size(size)
            d.frames(1)
            assert pygame.Rect(0, 0, *size).contains(over.panel), (size, over.panel)
            assert not over.panel.colliderect(game.view.board.frame), size
    finally:
        app.close()


# the keyboard in menus and dialogs ------------------------------------------------------------

def ring_drawn(app, widget) -> bool:
    """True if the focus ring (the palette's select colour) is on screen around widget."""
    app.draw(app.screen)
    ring = widget.rect.inflate(8, 8)
    spots = [(ring.centerx, ring.y + 1), (ring.centerx, ring.bottom - 2),
             (ring.x + 1, ring.centery), (ring.right - 2, ring.centery)]
    select = app.pal.select
    return all(tuple(app.screen.get_at(p))[:3] == select for p in spots)


def test_the_in_game_menu_and_resign_work_from_the_keyboard():
    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_ESCAPE)
        menu = app.top
        assert menu.title == "Game paused" and menu.focus.current() is menu.buttons[0]
        assert not ring_drawn(app, menu.buttons[0]), "no ring before a key moved the focus"
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        resign = next(b for b in menu.buttons if b.label == "Resign")
        assert menu.focus.current() is resign and ring_drawn(app, resign)
        d.key(pygame.K_UP)
        d.key(pygame.K_TAB)
        assert menu.focus.current() is resign
        d.key(pygame.K_RETURN)  # presses the focused button: the confirmation
        confirm = app.top
        assert confirm.title == "Resign this game?"
        assert confirm.focus.current().label == "Cancel"
        d.key(pygame.K_LEFT)  # to Resign
        assert confirm.focus.current().label == "Resign" and ring_drawn(app, confirm.buttons[0])
        d.key(pygame.K_ESCAPE)  # Esc cancels whatever the focus
        assert app.top is game and not game.match.over
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_TAB, pygame.KMOD_SHIFT)  # round the start: the last button
        assert app.top.focus.current().label == "Main menu"
        d.key(pygame.K_TAB)
        d.key(pygame.K_SPACE)  # Space presses it too: Resume
        assert app.top is game
    finally:
        app.close()


def test_the_main_menu_settings_and_new_game_dialog_work_from_the_keyboard():
    from common.ui.scenes.menu_scene import MainMenu
    from common.ui.scenes.settings_scene import SettingsScene
    from overlords.ui.new_game import NewGameScene
    from tests.test_ui_overlords import new_game_dialog

    app, d, dialog = new_game_dialog()
    try:
        d.key(pygame.K_TAB)  # White's seat
        assert dialog.focus.current() is dialog.seats[0] and ring_drawn(app, dialog.seats[0])
        d.key(pygame.K_RIGHT)
        assert dialog.seats[0].value == "novice", "Right picks the next option"
        d.key(pygame.K_LEFT)
        assert dialog.seats[0].value == "human"
        d.key(pygame.K_TAB)
        assert dialog.focus.current() is dialog.seats[1]
        d.key(pygame.K_TAB)
        assert dialog.focus.current() is dialog.seed_field and dialog.seed_field.focused
        for _ in range(12):
            d.key(pygame.K_BACKSPACE)
        for ch in "77":
            d.key(getattr(pygame, f"K_{ch}"), text=ch)
        assert dialog.seed_field.value == "77"
        d.key(pygame.K_ESCAPE)
        menu = app.top
        assert isinstance(menu, MainMenu)
        d.key(pygame.K_DOWN)
        d.key(pygame.K_UP)
        d.key(pygame.K_RETURN)  # the first button: a new Overlords game
        assert isinstance(app.top, NewGameScene)
        d.key(pygame.K_ESCAPE)
        settings = next(b for b in menu.buttons if b.label == "Settings")
        while menu.focus.current() is not settings:
            d.key(pygame.K_DOWN)
        d.key(pygame.K_RETURN)
        scene = app.top
        assert isinstance(scene, SettingsScene)
        first = scene.focus.widgets()[0]
        d.key(pygame.K_TAB)
        assert scene.focus.current() is first
        before = first.value
        d.key(pygame.K_RIGHT)
        assert first.value != before or first.options[-1] == before
        d.key(pygame.K_ESCAPE)
        assert app.top is menu
    finally:
        app.close()


# the keyboard on the board ---------------------------------------------------------------------

def go_to(d, game, square: int) -> None:
    """Arrow keys until the board's cursor is on the square (the first press shows it)."""
    board = game.view.board
    if not game.cursor.shown:
        d.key(pygame.K_UP)
    target = board.cell(square)
    for _ in range(2 * board.n + 2):
        c, r = game.cursor.cell
        if (c, r) == target:
            break
        key = (pygame.K_RIGHT if c < target[0] else pygame.K_LEFT if c > target[0]
               else pygame.K_DOWN if r < target[1] else pygame.K_UP)
        d.key(key)
    assert game.cursor.square(board) == square


@pytest.mark.parametrize("flipped", [False, True])
def test_the_cursor_moves_the_way_the_arrows_point_on_screen(flipped):
    from common.ui.board import BoardView
    from common.ui.board_cursor import BoardCursor
    from common.ui.input import Key

    board = BoardView(rules.GRID)
    board.flipped = flipped
    board.layout(pygame.Rect(0, 0, 800, 800))
    cursor = BoardCursor()
    assert cursor.handle(Key(pygame.K_LEFT), board) and cursor.shown
    start = board.square_rect(cursor.square(board))
    for key, (dx, dy) in ((pygame.K_LEFT, (-1, 0)), (pygame.K_UP, (0, -1)),
                          (pygame.K_RIGHT, (1, 0)), (pygame.K_DOWN, (0, 1))):
        before = board.square_rect(cursor.square(board))
        cursor.handle(Key(key), board)
        after = board.square_rect(cursor.square(board))
        assert (after.x - before.x, after.y - before.y) == (dx * board.tile, dy * board.tile)
    assert board.square_rect(cursor.square(board)) == start
    for _ in range(20):  # it stops at the edge
        cursor.handle(Key(pygame.K_UP), board)
    assert board.square_rect(cursor.square(board)).y == board.rect.y
    assert not cursor.handle(Key(pygame.K_a), board)


def test_an_overlords_move_by_keys_alone_stones_by_number_and_letter():
    app, d, game = open_game(("human", "human"))
    try:
        state = game.match.state
        move = next(m for m in rules.legal_moves(state) if m.frm is not None)
        d.key(getattr(pygame, f"K_{move.rune}"), text=str(move.rune))
        letter = rules.TYPE_LETTERS[move.fate]
        d.key(getattr(pygame, f"K_{letter.lower()}"), text=letter.lower())
        pick = game.controller.pick
        assert (pick.rune, pick.fate) == (move.rune, move.fate)
        if pick.figure != move.frm:
            go_to(d, game, move.frm)
            d.key(pygame.K_RETURN)
            assert game.controller.pick.figure == move.frm
        go_to(d, game, move.to)
        app.draw(app.screen)  # the cursor's ring is on the square
        ring = game.view.board.square_rect(move.to).inflate(-2, -2)
        assert tuple(app.screen.get_at((ring.centerx, ring.y + 1)))[:3] == app.pal.select
        d.key(pygame.K_RETURN)
        d.settle()
        assert game.match.moves == [move]
        d.key(pygame.K_ESCAPE)  # the cursor goes first, then Esc is the menu
        assert not game.cursor.shown and app.top is game
    finally:
        app.close()


def test_a_figure_first_move_by_keys_and_the_which_rune_question():
    app, d, game = open_game(("human", "human"))
    app.settings.confirm_risky = False  # a losing Rune is played without the question
    try:
        state = game.match.state
        by_pair: dict = {}
        for m in rules.legal_moves(state):
            if m.frm is not None:
                by_pair.setdefault((m.frm, m.to), []).append(m)
        (frm, to), moves = max(by_pair.items(), key=lambda kv: len(kv[1]))
        go_to(d, game, frm)
        d.key(pygame.K_RETURN)
        assert game.controller.pick.figure == frm
        go_to(d, game, to)
        d.key(pygame.K_RETURN)
        top = app.top
        assert isinstance(top, RuneChoice)  # several Runes reach it: answered by keys too
        d.key(pygame.K_DOWN)
        chosen = top.focus.current()
        d.key(pygame.K_RETURN)
        assert chosen.label.startswith("Rune ")
        d.settle()
        assert len(game.match.moves) == 1 and (game.match.moves[0].frm,
                                               game.match.moves[0].to) == (frm, to)
    finally:
        app.close()


def test_h_is_the_hint_unless_a_rune_waits_for_its_fate():
    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_h, text="h")
        assert game.hint_asked
        game._cancel_hint()
        game.refresh()
        state = game.match.state
        hero = next((m for m in rules.legal_moves(state) if m.fate == rules.HERO), None)
        rune = hero.rune if hero is not None else 1
        d.key(getattr(pygame, f"K_{rune}"), text=str(rune))
        d.key(pygame.K_h, text="h")
        assert not game.hint_asked and game.controller.pick.fate in (rules.HERO, None)
        if hero is not None:
            assert game.controller.pick.fate == rules.HERO
    finally:
        app.close()


def test_a_prepollency_turn_by_keys_alone():
    app, d, game = open_prepollency()
    try:
        state = game.match.state
        first = next(s for s in prules.legal_steps(state) if s != prules.END)
        go_to(d, game, first.frm)
        d.key(pygame.K_RETURN)
        assert game.controller.picked == first.frm
        go_to(d, game, first.to)
        d.key(pygame.K_RETURN)
        d.settle()
        assert game.match.steps == [first], "the first move of the turn, by keys"
        d.key(pygame.K_SPACE)  # ends the turn (Enter picks while the cursor shows)
        d.settle()
        assert len(game.match.moves) == 1 and list(game.match.moves[0]) == [first]
    finally:
        app.close()


def test_the_rules_screen_from_the_keyboard_tab_to_the_games_arrows_scroll():
    from common.ui.scenes.rules_scene import RulesScene

    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_F1)
        rules_scene = app.top
        assert isinstance(rules_scene, RulesScene)
        d.key(pygame.K_DOWN)
        assert rules_scene.scroll > 0, "Down scrolls the page"
        d.key(pygame.K_TAB)
        d.key(pygame.K_TAB)
        assert rules_scene.focus.current() is rules_scene.tabs
        before = rules_scene.tabs.value
        d.key(pygame.K_RIGHT)
        assert rules_scene.tabs.value != before, "Right picks the other game's rules"
        d.key(pygame.K_TAB)  # round to Back
        d.key(pygame.K_RETURN)
        assert app.top is game
    finally:
        app.close()


def test_tab_reaches_the_game_screens_buttons_and_the_arrows_give_the_keys_back():
    app, d, game = open_game(("human", "human"))
    try:
        d.key(pygame.K_TAB)  # Undo and Redo are off: the Hint is the first that can act
        assert game.focus.current() is game.hint_b and ring_drawn(app, game.hint_b)
        d.key(pygame.K_RETURN)
        assert game.hint_asked, "Enter pressed the focused button"
        d.key(pygame.K_TAB)
        assert game.focus.current().label == "Rules"
        d.key(pygame.K_ESCAPE)  # leaves the buttons, not the game
        assert app.top is game and not game.focus.shown
        d.key(pygame.K_TAB)
        d.key(pygame.K_UP)  # the board cursor: Enter picks on the board again
        assert game.cursor.shown and game.focus.current() is None
        state = game.match.state
        mine = next(m.frm for m in rules.legal_moves(state) if m.frm is not None)
        go_to(d, game, mine)
        d.key(pygame.K_RETURN)
        assert game.controller.pick.figure == mine
    finally:
        app.close()


def test_the_setup_from_the_keyboard_use_default_then_ready():
    import main
    from common.ui.app import App
    from common.ui.driver import Driver
    from common.ui.game_scene import GameScene
    from overlords.ui.screens import play_scene

    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    try:
        app.push(play_scene(app, ["human", "human"], SEED))
        d = Driver(app)
        d.frames(1)
        for _ in range(2):  # White, then Black
            setup = app.top
            assert isinstance(setup, SetupScene)
            d.key(pygame.K_TAB)
            assert setup.focus.current() is setup.default_b
            d.key(pygame.K_RETURN)
            assert setup.phase.complete
            d.key(pygame.K_RIGHT)
            d.key(pygame.K_RIGHT)
            assert setup.focus.current() is setup.ready_b
            d.key(pygame.K_RETURN)
            d.frames(2)
        assert isinstance(app.top, GameScene)
    finally:
        app.close()


def test_the_board_cursor_starts_on_the_figure_the_stones_picked():
    app, d, game = open_game(("human", "human"))
    try:
        hero = next(m for m in rules.legal_moves(game.match.state)
                    if m.frm is not None and m.fate == rules.HERO)
        d.key(pygame.K_0 + hero.rune, text=str(hero.rune))
        d.key(pygame.K_h, text="h")  # a Rune waits for its Fate: H is the Hero's
        assert game.controller.pick.figure == hero.frm  # the only Hero those stones move
        d.key(pygame.K_UP)  # the first arrow shows the cursor: on the Hero, not the centre
        assert game.cursor.shown and game.cursor.square(game.view.board) == hero.frm
    finally:
        app.close()


def test_h_after_a_refused_rune_is_the_heros_fate_not_the_hint():
    app, d, game = open_game(("human", "novice"))
    try:
        game.play(next(m for m in rules.legal_moves(game.match.state) if m.rune == 3))
        d.settle(lambda: game.match.to_move != rules.WHITE or game.animator.busy)
        d.key(pygame.K_3, text="3")  # Rune 3 is spent: refused
        assert game.controller.pick.rune is None and game.refused is not None
        d.key(pygame.K_h, text="h")  # "3H" typed: the Hero's Fate, never the Hint
        assert not game.hints.asked and game.controller.pick.fate == rules.HERO
    finally:
        app.close()


def test_prepollency_rematch_default_names_keep_their_colours():
    """The dialog names a seat after its colour; after Rematch, "Green" still plays green."""
    from prepollency.ui import colours

    app, d, game = open_prepollency(("human", "human", "human", "human"),
                                    names={1: "Red", 2: "Blue", 3: "Green", 4: "Yellow"})
    try:
        new = game.rematch_scene()
        for seat in (1, 2, 3, 4):
            assert colours.colour(new.view.keys[seat]).name == new.match.name(seat)
        assert new.match.name(1) == "Yellow" and str(new.match.seats[1]) == "human"
    finally:
        app.close()
