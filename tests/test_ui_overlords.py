"""The Overlords screen driven like a player, with posted mouse events on the real app (dummy
video driver): new game, setup, stones and figures, legal targets, moves, captures, recruits,
discards, refusals, undo/redo, review, resizing, and a whole game to the Overlord capture.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.match import Match  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.ai.setup import cpu_setup  # noqa: E402
from overlords.setup import board_for  # noqa: E402
from overlords.ui.art import fate_slots  # noqa: E402
from overlords.ui.new_game import NewGameScene  # noqa: E402
from overlords.ui.rune_choice import RuneChoice  # noqa: E402
from overlords.ui.screens import play_scene, scene_for  # noqa: E402
from overlords.ui.setup_scene import SetupScene  # noqa: E402
from overlords.ui.threats import LOSES, SHIELD  # noqa: E402
from tests.helpers import overlords_driver as ui_driver  # noqa: E402
from tests.helpers.undo import undo  # noqa: E402

SEED = 4242
LOSS_TITLES = ("Lose your Overlord?", "A losing move")
G = rules.GRID


def open_game(specs=("human", "human"), seed=SEED, size=(1280, 800), animation="off"):
    """An app with a game past its setup (default setup for every human side). Moves that
    lose the Overlord are played without the confirmation (tested on its own, below)."""
    app, d, game = ui_driver.open_game(main.games(), list(specs), seed, size, animation)
    app.settings.confirm_risky = False
    app.settings.handover = False  # the hot-seat hand-over band is tested on its own
    return app, d, game


@pytest.fixture
def hotseat():
    """Two humans on the SEED board."""
    app, d, game = open_game()
    yield app, d, game
    app.close()


def jump_to(game: GameScene, moves: list[rules.Move]) -> GameScene:
    """The game at the position after these moves (as if they had been played): a new game
    screen for that match, in place of this one; that screen."""
    m = game.match
    match = Match(rules, m.initial, m.seats, moves=list(moves), info=m.info)
    scene = scene_for(game.app, match, game.rematch_scene)
    game.app.replace(scene)
    return scene


def playout(state: rules.State, want, rng: random.Random, limit: int = 300):
    """Random legal moves from state until want(state) holds with White to move; the moves."""
    for _ in range(200):
        moves, s = [], state
        while s.result is None and len(moves) < limit:
            if s.turn == rules.WHITE and want(s):
                return moves
            move = rules.random_move(s, rng)
            moves.append(move)
            s = rules.apply(s, move)
    raise AssertionError("no such position found")


def click_square(d: Driver, game: GameScene, sq: int) -> None:
    d.click(game.view.board.center(sq))


def click_stones(d: Driver, game: GameScene, rune: int, fate: int) -> None:
    hand = game.view.panel.hands[game.match.state.turn]
    d.click(hand.runes[rune - 1].center)
    d.click(hand.fates[fate_slots().index(fate)].center)


def play_by_clicks(d: Driver, game: GameScene, move: rules.Move) -> None:
    """Make a move the way a player would: stones for recruits and discards, else the quick
    way (figure, then square, answering the "which Rune?" question when it comes)."""
    if move.is_discard:
        click_stones(d, game, move.rune, move.fate)
        d.click(game.controller.discard_b.rect.center)
    elif move.is_recruit:
        click_stones(d, game, move.rune, move.fate)
        click_square(d, game, move.to)
    else:
        if move.rune == 5:  # Teleports show once their stone is picked: stone first
            d.click(game.view.panel.hands[game.match.state.turn].runes[4].center)
        click_square(d, game, move.frm)
        click_square(d, game, move.to)
        top = game.app.top
        if isinstance(top, RuneChoice):
            labels = [b.label for b in top.buttons]
            choice = next((b for b in top.buttons if b.label.startswith(f"Rune {move.rune} ")),
                          None)
            assert choice is not None, (str(move), top.title, labels)
            d.click(choice.rect.center)
    confirm_loss(d, game)
    d.settle()


def confirm_loss(d: Driver, game: GameScene) -> None:
    """Answer "Play it" if the move was questioned as one that loses the Overlord."""
    top = game.app.top
    if isinstance(top, Dialog) and top.title in LOSS_TITLES:
        d.click(next(b for b in top.buttons if b.label == "Play it").rect.center)


def near(color, expected, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], expected, strict=True))


def new_game_dialog() -> tuple[App, Driver, NewGameScene]:
    """The app (animations off) with its new-game dialog opened from the main menu by a click;
    the caller closes the app."""
    app = App(main.games())
    app.settings.animation = "off"
    app.push(MainMenu(app))
    d = Driver(app)
    d.frames(1)
    d.click(app.top.buttons[0].rect.center)
    dialog = app.top
    assert isinstance(dialog, NewGameScene)
    return app, d, dialog


def test_new_game_dialog_then_setup_by_drag_and_click():
    app, d, dialog = new_game_dialog()
    try:
        d.click(dialog.seed_field.rect.center)
        for _ in range(12):
            d.key(pygame.K_BACKSPACE)
        for ch in str(SEED):
            d.key(getattr(pygame, f"K_{ch}"), text=ch)
        assert dialog.seed_field.value == str(SEED)
        black = dialog.seats[1]
        d.click(black._segments()[2].center)  # Easy (Novice is chosen at first)
        assert black.value == "easy"
        d.click(dialog.start.rect.center)
        game = app.top
        assert isinstance(game, SetupScene) and game.seed == SEED
        assert game.phase is not None and game.phase.side == rules.WHITE
        setup = game.phase
        d.drag(setup.tray[rules.OVERLORD].center, game.board.center(G.index("a1")))
        assert setup.mine == {rules.OVERLORD: G.index("a1")}
        d.click(setup.tray[rules.WIZARD].center)
        d.click(game.board.center(G.index("h5")))
        assert "back row" in game.refused[0] and rules.WIZARD not in setup.mine
        d.click(game.board.center(G.index("b1")))
        assert setup.mine[rules.WIZARD] == G.index("b1")
        assert not game.ready_b.enabled
        d.click(game.shuffle_b.rect.center)
        assert setup.complete and game.ready_b.enabled
        d.click(game.default_b.rect.center)
        assert setup.mine == rules.default_setup()[rules.WHITE]
        d.click(game.ready_b.rect.center)
        game = ui_driver.finish_setup(app, d)  # Black's setup is chosen off the UI thread
        assert game.match.info["seed"] == SEED
        state = game.match.state
        features = board_for(SEED)
        white = rules.default_setup()[0]
        black = cpu_setup(features, SEED, 1, game.match.seats[1], {0: white})
        assert state == rules.make_state(features, {0: white, 1: black})
    finally:
        app.close()


def test_stones_then_figure_then_square(hotseat):
    app, d, game = hotseat
    state = game.match.state
    move = next(m for m in rules.legal_moves(state) if m.frm is not None and m.rune != 5)
    click_stones(d, game, move.rune, move.fate)
    assert (game.controller.pick.rune, game.controller.pick.fate) == (move.rune, move.fate)
    movable = {m.frm for m in rules.legal_moves(state)
               if m.rune == move.rune and m.fate == move.fate and m.frm is not None}
    assert game.controller.pick.movable() == movable
    if game.controller.pick.figure is None:
        click_square(d, game, move.frm)
    targets = {m.to for m in rules.moves_from(state, move.frm) if m.rune == move.rune}
    assert set(game.controller.pick.targets()) == targets
    d.frames(1)
    dot = app.screen.get_at(game.view.board.center(move.to))
    assert near(dot, app.pal.move), "a legal target is marked with a dot"
    click_square(d, game, move.to)
    assert game.match.moves == [move]


def test_quick_way_marks_every_reach_and_asks_which_rune(hotseat):
    app, d, game = hotseat
    state = game.match.state
    legal = rules.legal_moves(state)
    pairs = {}
    for m in legal:
        if m.frm is not None and m.rune != 5:
            pairs.setdefault((m.frm, m.to), []).append(m)
    (frm, to), twins = next((k, v) for k, v in pairs.items() if len(v) > 1)
    click_square(d, game, frm)
    shown = {m.to for m in rules.moves_from(state, frm) if m.rune != 5}  # Teleports: Rune 5
    assert set(game.controller.pick.targets()) == shown
    click_square(d, game, to)
    question = app.top
    assert isinstance(question, RuneChoice) and question.title == "Which Rune?"
    wanted = twins[-1]
    d.click(next(b for b in question.buttons
                 if b.label.startswith(f"Rune {wanted.rune} ")).rect.center)
    confirm_loss(d, game)
    assert game.match.moves == [wanted]


def test_teleport_goes_where_only_it_reaches_and_elsewhere_when_picked(hotseat):
    app, d, game = hotseat
    state = game.match.state
    legal = rules.legal_moves(state)

    def others(m):
        return [o for o in legal if (o.frm, o.to) == (m.frm, m.to) and o.rune != 5]

    frm = next(m.frm for m in legal if m.rune == 5)
    only = next(m for m in legal if m.frm == frm and m.rune == 5 and not others(m))
    shared = next(m for m in legal if m.frm == frm and m.rune == 5 and others(m))
    click_square(d, game, frm)
    assert only.to not in game.controller.targets, "Teleports wait for their stone"
    click_square(d, game, only.to)  # the first click there picks Rune 5 and shows them
    assert game.controller.pick.rune == 5 and only.to in game.controller.targets
    assert game.match.moves == []
    click_square(d, game, only.to)
    assert game.match.moves == [only], "a square only a Teleport reaches"
    undo(d, game)
    click_square(d, game, frm)
    click_square(d, game, shared.to)
    if isinstance(app.top, RuneChoice):  # several other Runes: Teleport is not offered
        assert all("Teleport" not in b.label for b in app.top.buttons)
        d.click(app.top.buttons[0].rect.center)
    confirm_loss(d, game)
    assert game.match.moves[-1].rune != 5, "the marked Rune, not the Teleport"
    undo(d, game)
    d.click(game.view.panel.hands[rules.WHITE].runes[4].center)
    click_square(d, game, frm)
    click_square(d, game, shared.to)
    assert game.match.moves == [shared], "with the Rune 5 stone picked first"


def test_a_refused_click_shows_the_engines_reason(hotseat):
    app, d, game = hotseat
    state = game.match.state
    frm = next(m.frm for m in rules.legal_moves(state) if m.frm is not None)
    click_square(d, game, frm)
    reach = {m.to for m in rules.moves_from(state, frm)}  # a Teleport's squares too
    bad = next(sq for sq in range(16, 48) if sq not in reach)
    click_square(d, game, bad)
    assert game.refused[0] == rules.explain(state, frm, bad)
    assert game.match.moves == []
    d.frames(1)
    status = app.screen.subsurface(game.view.panel.status)
    reds = sum(1 for x in range(0, status.get_width(), 3) for y in range(0, status.get_height(), 3)
               if near(status.get_at((x, y)), app.pal.refusal, 30))
    assert reds > 20, "the reason is written in the refusal colour"


def test_capture(hotseat):
    app, d, game = hotseat
    rng = random.Random(1)

    def can_capture(s):
        return any(m.frm is not None and s.figure(m.to) is not None
                   and s.figure(m.to)[1] != rules.OVERLORD for m in rules.legal_moves(s))

    game = jump_to(game, playout(game.match.state, can_capture, rng))
    state = game.match.state
    move = next(m for m in rules.legal_moves(state) if m.frm is not None
                and state.figure(m.to) is not None and state.figure(m.to)[1] != rules.OVERLORD)
    click_square(d, game, move.frm)
    d.frames(1)
    ring = game.view.board.center(move.to)
    ring = (ring[0] + int(game.view.board.tile * 0.43) + 1, ring[1])
    assert near(app.screen.get_at(ring), app.pal.move, 60), "a capture is marked with a ring"
    victim = state.figure(move.to)
    click_square(d, game, move.to)
    if isinstance(app.top, RuneChoice):
        d.click(next(b for b in app.top.buttons
                     if b.label.startswith(f"Rune {move.rune} ")).rect.center)
    confirm_loss(d, game)
    after = game.match.state
    assert game.match.moves[-1] == move
    assert after.figure(move.to) == (rules.WHITE, state.figure(move.frm)[1])
    assert victim[0] == rules.BLACK
    assert "takes" in game.last_text


def test_recruit_lights_the_sources_and_places_the_figure(hotseat):
    app, d, game = hotseat
    rng = random.Random(2)
    game = jump_to(game, playout(game.match.state,
                          lambda s: any(m.is_recruit for m in rules.legal_moves(s)), rng))
    state = game.match.state
    move = next(m for m in rules.legal_moves(state) if m.is_recruit)
    click_stones(d, game, 6, move.fate)
    sources = {m.to for m in rules.legal_moves(state) if m.is_recruit and m.fate == move.fate}
    assert set(game.controller.pick.targets()) == sources
    click_square(d, game, move.to)
    after = game.match.state
    assert after.figure(move.to) == (rules.WHITE, move.fate)
    assert after.reserve[rules.WHITE][move.fate] == state.reserve[rules.WHITE][move.fate] - 1


def test_quick_recruit_by_clicking_an_empty_source(hotseat):
    app, d, game = hotseat
    rng = random.Random(3)
    game = jump_to(game, playout(game.match.state,
                          lambda s: any(m.is_recruit for m in rules.legal_moves(s)), rng))
    move = next(m for m in rules.legal_moves(game.match.state) if m.is_recruit)
    click_square(d, game, move.to)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Recruit?"
    d.click(ask.buttons[0].rect.center)
    assert game.match.moves[-1].is_recruit and game.match.moves[-1].to == move.to


def test_discard_when_no_move_exists(hotseat):
    app, d, game = hotseat
    rng = random.Random(4)
    game = jump_to(game, playout(game.match.state, lambda s: rules.must_discard(s) and len(
        rules.legal_moves(s)) > 1, rng, limit=600))  # a choice of discards
    state = game.match.state
    d.frames(1)
    discard = game.controller.discard_b
    assert discard in game.status_buttons and not discard.enabled
    assert "Discard" in game_hint(game)
    d.click(discard.rect.center)  # greyed, it says what it waits for
    assert game.refused[0] == "Pick a Rune stone and a Fate stone to discard first"
    move = rules.legal_moves(state)[-1]
    click_stones(d, game, move.rune, move.fate)
    assert discard.enabled and discard.label == f"Discard {str(move)[:2]}"
    d.click(discard.rect.center)
    assert game.match.moves[-1] == move and move.is_discard


def game_hint(game: GameScene) -> str:
    return game.status().text


def test_undo_and_redo_against_the_cpu():
    app, d, game = open_game(("human", "random"))
    try:
        move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        play_by_clicks(d, game, move)
        assert len(game.match.moves) == 2, "the CPU answered"
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert game.match.moves == [] and game.match.state.turn == rules.WHITE
        d.key(pygame.K_y, pygame.KMOD_CTRL)
        assert len(game.match.moves) == 2
        d.click(game.undo_b.rect.center)
        assert game.match.moves == []
        d.click(game.redo_b.rect.center)
        assert len(game.match.moves) == 2 and game.match.moves[0] == move
        assert not game.redo_b.enabled
    finally:
        app.close()


def test_review_a_logged_position_and_come_back(hotseat):
    app, d, game = hotseat
    rng = random.Random(5)
    moves = playout(game.match.state, lambda s: s.ply >= 24, rng)  # more rows than fit
    game = jump_to(game, moves)
    assert game.log_scroll > 0, "the log follows the game"
    d.wheel(game.view.panel.log.center, 10)
    assert game.log_scroll == 0
    cells = dict(game_cells(game))
    d.click(cells[3].center)  # the 4th move
    assert game.review == 4 and game.match.shown is game.match.states[4]
    before = list(game.match.moves)
    click_square(d, game, next(m.frm for m in rules.legal_moves(game.match.states[4])
                               if m.frm is not None))
    assert game.match.moves == before, "review is read-only"
    d.click(game.prev_b.rect.center)
    assert game.review == 3
    d.key(pygame.K_RIGHT)
    assert game.review == 4
    d.click(game.back_b.rect.center)
    assert game.review is None and game.match.shown is game.match.state


def game_cells(game: GameScene):
    return game.log.cells()


def test_resize_and_fullscreen_keep_clicks_on_the_right_squares(hotseat):
    app, d, game = hotseat
    for size in ((1000, 640), (1920, 1080)):
        app.set_window_size(size)
        d.frames(1)
        assert app.screen.get_rect().contains(game.view.board.frame)
        assert game.view.board.square_at(game.view.board.center(G.index("c4"))) == G.index("c4")
        move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
        play_by_clicks(d, game, move)
        assert game.match.moves[-1] == move
    d.key(pygame.K_F11)
    assert app.settings.fullscreen
    move = next(m for m in rules.legal_moves(game.match.state) if m.frm is not None)
    play_by_clicks(d, game, move)
    assert game.match.moves[-1] == move


def test_animation_runs_and_input_waits_for_it():
    app, d, game = open_game(animation="normal")
    try:
        legal = rules.legal_moves(game.match.state)
        move = next(m for m in legal if m.frm is not None and m.rune in (1, 2, 3) and
                    sum(1 for o in legal if (o.frm, o.to) == (m.frm, m.to)) == 1)
        click_square(d, game, move.frm)
        click_square(d, game, move.to)
        assert game.animator.busy
        frm = next(m.frm for m in rules.legal_moves(game.match.state) if m.frm is not None)
        click_square(d, game, frm)
        assert game.controller.pick.figure is None, "clicks wait while a move animates"
        frames = d.settle()
        assert 6 <= frames <= 30, "a 150-300 ms slide"
        click_square(d, game, frm)
        assert game.controller.pick.figure == frm
    finally:
        app.close()


def test_cpu_moves_first_without_freezing_and_says_it_is_thinking():
    app, d, game = open_game(("random", "human"), animation="normal")
    try:
        assert game.view.board.flipped, "the human's side is at the bottom"
        d.frames(2)
        assert "thinking" in game_title(game)
        assert game.match.moves == []
        d.settle()
        assert len(game.match.moves) == 1 and game.match.state.turn == rules.BLACK
    finally:
        app.close()


def game_title(game: GameScene) -> str:
    return game.status().title


def winning_record(seed: int) -> list[rules.Move]:
    """A random game on the seed's default-setup board that ends with an Overlord capture."""
    features = board_for(seed)
    start = rules.make_state(features, rules.default_setup())
    for n in range(500):
        rng, s, moves = random.Random(n), start, []
        while s.result is None and len(moves) < 200:
            move = rules.random_move(rng=rng, state=s)
            moves.append(move)
            s = rules.apply(s, move)
        kinds = {m.rune for m in moves}
        if s.result and s.result.reason == "overlord" and 6 in kinds and any(
                m.is_discard for m in moves):
            return moves
    raise AssertionError("no game found")


def test_a_whole_game_by_clicks_to_the_overlord_capture(hotseat):
    app, d, game = hotseat
    record = winning_record(SEED)
    for move in record:
        assert not game.match.over
        play_by_clicks(d, game, move)
        last = game.match.moves[-1]
        assert last == move or (game.match.over and (last.frm, last.to) == (move.frm, move.to))
    outcome = game.match.state.result
    assert outcome.reason == "overlord"
    over = app.top
    assert isinstance(over, GameOver)
    winner = rules.SIDE_NAMES[outcome.winner].title()
    loser = rules.SIDE_NAMES[1 - outcome.winner].title()
    assert over.title == f"{winner} wins", "two people: told by colour"
    assert over.lines == [f"{winner} captured {loser}'s Overlord."]
    d.click(next(b for b in over.buttons if b.label == "Review game").rect.center)
    assert app.top is game and game.review == len(record)
    d.click(game.back_b.rect.center)
    d.click(game.rematch_b.rect.center)
    assert isinstance(app.top, SetupScene) and app.top.seats == {0: game.match.seats[1],
                                                                  1: game.match.seats[0]}
    assert app.top.seed == SEED, "a rematch is on the same board"


def test_moves_that_leave_the_overlord_open_are_marked(hotseat):
    app, d, game = hotseat
    from overlords.ui.threats import exposes

    def risky(s):  # safe now, but some Overlord move would expose it
        return not rules.attackers(s, s.turn) and any(
            m.frm is not None and exposes(s, m) for m in rules.legal_moves(s)
            if m.fate == rules.OVERLORD)

    game = jump_to(game, playout(game.match.state, risky, random.Random(6)))
    state = game.match.state
    frm = next(m.frm for m in rules.legal_moves(state) if m.fate == rules.OVERLORD
               and m.frm is not None)
    click_square(d, game, frm)
    game.controller.threats.finish()
    d.frames(1)
    exposing = {}
    for m in rules.moves_from(state, frm):
        if m.rune == 5:
            continue  # Teleports are shown (and marked) once Rune 5 is picked
        exposing.setdefault(m.to, []).append(exposes(state, m))
    expected = {sq for sq, verdicts in exposing.items() if all(verdicts)}
    marks = game.controller.target_marks()
    assert marks.complete and marks.with_mark(LOSES) == expected and expected
    assert not marks.with_mark(SHIELD)
    sq = next(iter(expected))
    rect = game.view.board.square_rect(sq)
    size = max(14, int(rect.w * 0.3))
    corner = app.screen.subsurface((rect.right - size - 2, rect.bottom - size - 2, size, size))
    hits = sum(1 for x in range(corner.get_width()) for y in range(corner.get_height())
               if near(corner.get_at((x, y)), app.pal.refusal, 30))
    assert hits > 10, "a warning triangle marks the risky square, bottom right"
    assert "every move of your Overlord loses it. A ! loses at once" in game_hint(game)


def test_black_is_warned_when_its_setup_loses_the_overlord_at_once():
    app = App(main.games())
    try:
        app.settings.animation = "off"
        app.push(MainMenu(app))
        seed = next(n for n in range(200) if _open_file_board(n))
        app.push(play_scene(app, ["human", "human"], seed))
        d = Driver(app)
        d.frames(1)
        game = app.top
        d.click(game.default_b.rect.center)
        d.click(game.ready_b.rect.center)
        assert game.phase.side == rules.BLACK and game.threat == ""
        d.click(game.default_b.rect.center)  # never the usual e8 here: it loses at once
        assert game.threat == "" and game.phase.mine[rules.OVERLORD] != G.index("e8")
        assert "would lose your Overlord on White's first move" in game_hint(game)
        d.drag(game.board.center(game.phase.mine[rules.OVERLORD]),
               game.board.center(G.index("e8")))
        assert "could capture your Overlord on e8" in game.threat
        assert "could capture" in game_hint(game)
        d.drag(game.board.center(G.index("e8")), game.board.center(G.index("a8")))
        assert game.phase.mine[rules.OVERLORD] == G.index("a8")
        state = rules.make_state(game.features, game.placed)
        caught = any(m.to == G.index("a8") for m in rules.legal_moves(state))
        assert bool(game.threat) == caught
    finally:
        app.close()


def _open_file_board(seed: int) -> bool:
    """True if the default setups face each other on an open e-file on the seed's board."""
    features = board_for(seed)
    state = rules.make_state(features, rules.default_setup())
    return any(m.frm == G.index("e1") and m.to == G.index("e8") for m in rules.legal_moves(state))
