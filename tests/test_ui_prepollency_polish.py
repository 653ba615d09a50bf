"""The Prepollency screen after play-testing, driven with posted events on the real app (dummy
video driver): the banner names the seat and says apart who plays it, a recap says it is a
replay, the hint marks pieces and targets and says itself in the status, and the fast-CPU
setting shortens the pause before a CPU answer when no person waits for it.
"""

from __future__ import annotations

from common.ui.game_panel import label
from tests.test_ui_prepollency import click, hold, open_game


def test_banner_names_the_seat_and_tags_who_plays_it():
    app, d, game = open_game(("human", "random", "human", "random"))
    view = game.view
    assert view.banner_words(game.match.state) == (1, "Red's turn", "")
    d.click(game.controller.hold_b.rect.center)  # Blue (a CPU) is to move now
    assert view.banner_words(game.match.state) == (2, "Blue's turn", "CPU, beginner")
    assert label(game.match, 2) == "Blue (CPU, beginner)"  # the label still reads well on its own
    d.settle()
    assert view.banner_words(game.match.state) == (3, "Green's turn", "")
    app.close()


def test_one_person_against_cpus_is_tagged_you():
    app, d, game = open_game(("human", "random"))
    assert game.view.banner_words(game.match.state) == (1, "Red's turn", "you")
    app.close()


def test_recap_banner_says_it_is_a_replay_of_whose_turn():
    app, d, game = open_game(("human",) * 4)
    for _ in range(4):
        hold(d, game)
    d.frames(2)
    recap = game.controller.recap
    assert recap is not None and recap.progress == (1, 3)
    seat, title, tag = game.view.banner_words(game.view.shown()[0])
    assert (seat, title, tag) == (2, "Replay 1 of 3: Blue's turn", "Recap")
    status = game.status()
    assert status.title == "Recap for Red: 1 of 3" and status.player == 1
    click(d, game, "h8")  # skipped: the live turn again
    assert game.controller.recap is None
    assert game.view.banner_words(game.match.state) == (1, "Red's turn", "")
    assert game.status().title == "Red: your turn"
    app.close()


def info_pixels(surface, rect, pal) -> int:
    """How many pixels of a rectangle have the hint's colour."""
    return sum(surface.get_at((x, y))[:3] == pal.info
               for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom))


def test_hint_marks_pieces_and_targets_and_says_itself():
    import pygame

    from prepollency import rules
    from prepollency.moves import Turn
    from prepollency.ui.hint import draw_hint
    from prepollency.why import explain_move

    app, d, game = open_game(("human",) * 4)
    c, board, pal = game.controller, game.view.board, app.pal
    e5, f6, e4 = (rules.GRID.index(n) for n in ("e5", "f6", "e4"))
    c.show_hint(Turn([rules.Move(e5, f6), rules.Move(e4, e5)]))  # as the Hint's answer does
    game.refresh()
    d.frames(1)
    why = explain_move(game.match.state, Turn([rules.Move(e5, f6), rules.Move(e4, e5)]))
    assert game.status().text == ("Hint: e5-f6, then e4-e5 — click f6 to play the first move. "
                                  f"It {why.suggestion}.")  # what to do, then why
    assert c.picked == e5 and f6 in c.targets()  # the hinted piece is picked for the player
    surface = pygame.Surface(app.screen.get_size())
    draw_hint(surface, board, c.hint, pal)
    for sq in (e5, f6, e4):  # a dashed outline on each piece AND each target
        assert info_pixels(surface, board.square_rect(sq), pal) > board.tile
    edge = board.square_rect(e5)  # the one-square arrow e4-e5 crosses the squares' edge
    assert info_pixels(surface, pygame.Rect(edge.centerx - 2, edge.bottom - 2, 4, 4), pal)
    click(d, game, "f6")  # the marked target: the hinted move is played
    assert [str(s) for s in game.match.steps] == ["e5-f6"]
    assert c.hint == (rules.Move(e4, e5),) and c.picked == e4
    assert game.status().text == "Hint: e4-e5 — click e5 to play it."
    click(d, game, "e5")
    d.settle()
    assert c.hint is None and [str(s) for s in game.match.moves[-1]] == ["e5-f6", "e4-e5"]
    app.close()


def test_another_pick_or_holding_takes_the_hint_away():
    from prepollency import rules
    from prepollency.moves import Turn

    app, d, game = open_game(("human",) * 4)
    c = game.controller
    c.show_hint(Turn([]))
    game.refresh()
    assert game.status().text.startswith("Hint: hold the line")
    click(d, game, "c5")  # another piece picked: the hint goes, the pick's prompt shows
    assert c.hint is None and c.picked == rules.GRID.index("c5")
    assert "Hint" not in game.status().text
    click(d, game, "c5")
    c.show_hint(Turn([]))
    d.click(c.hold_b.rect.center)
    d.settle()
    assert c.hint is None and len(game.match.moves) == 1
    app.close()


def test_the_h_key_asks_and_the_status_says_the_hint():
    import pygame

    from tests.test_ui_hint_resign import wait_for_hint

    app, d, game = open_game(("human",) * 4)
    d.key(pygame.K_h)
    wait_for_hint(d, game)
    hint = game.controller.hint
    assert game.status().text.startswith("Hint: " + (", then ".join(map(str, hint))
                                                     if hint else "hold the line"))
    app.close()


def test_fast_cpu_speeds_up_only_the_turns_no_person_waits_for():
    from common.ui.seat_driver import fast_turn

    app, d, game = open_game(("human", "random", "random", "human"))
    m = game.match
    assert not any(fast_turn(app, m, p) for p in (1, 2, 3, 4))  # the setting is off
    app.settings.fast_cpu = True
    assert [fast_turn(app, m, p) for p in (1, 2, 3, 4)] == [False, True, False, False]
    app.close()
    app, d, game = open_game(("random", "random", "random"))
    app.settings.fast_cpu = True
    assert all(fast_turn(app, game.match, p) for p in (1, 2, 3))  # no person plays
    app.close()


def test_fast_pause_is_a_fraction_of_the_normal_one():
    from common.ui.seat_driver import FAST_THINK, MIN_THINK, SeatDriver
    from prepollency.moves import Turn

    class Runner:  # answers at once
        def start(self, ask):
            pass

        def poll(self):
            return Turn([])

        def cancel(self):
            pass

    app, d, game = open_game(("human", "random"))
    app.settings.animation = "normal"
    driver = SeatDriver(app, game.match.seats)
    driver.runners[3] = Runner()
    between = MIN_THINK * (FAST_THINK + 1) / 2  # longer than the fast pause, not the normal
    for fast, answered in ((False, False), (True, True)):
        driver.stop()
        assert driver.drive(3, 0.0, lambda: None, fast) is None  # asked
        assert (driver.drive(3, between, lambda: None, fast) is not None) == answered
    app.close()


def test_main_menu_shows_pieces_of_both_games():
    import main
    from common.ui.app import App
    from common.ui.driver import Driver
    from common.ui.scenes.menu_scene import MainMenu

    app = App(main.games(), (960, 600))
    menu = MainMenu(app)
    app.push(menu)
    Driver(app).frames(1)
    groups = menu.tokens(48)
    assert [len(g) for g in groups] == [2, 2]  # Overlords' figures, then Prepollency's pieces
    assert all(t.get_size() == (48, 48) for g in groups for t in g)
    app.close()


def test_game_over_leaves_the_obelisk_in_view_at_every_size():
    from common.ui.scenes.game_over_scene import GameOver
    from prepollency import rules
    from prepollency.state import from_diagram
    from tests.helpers.prepollency_diagram import cells
    from tests.test_ui_prepollency import put

    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app, d, game = open_game(size=size)
        state = from_diagram(cells(h8="1I", g8="1I", i8="1I", h7="1I", h9="1I", e3="1I",
                                   k13="3I"), seats=(1, 3), turn=1, holds=(0, 3, 0, 0, 0))
        put(game, state)
        assert "Hold the line" in game.status().text  # the short prompt under the warning
        d.click(game.controller.hold_b.rect.center)
        d.settle()
        over = app.top
        assert isinstance(over, GameOver)
        for sq in ("h8", "g8", "i8", "h7", "h9"):
            assert not over.panel.colliderect(game.view.board.square_rect(rules.GRID.index(sq)))
        assert app.screen.get_rect().contains(over.panel)
        app.close()


def test_hold_words_say_a_fresh_hold_plainly():
    from prepollency.ui.words import hold_words

    name = {1: "Red"}.get
    assert hold_words(1, 1, name) == "Red takes the Obelisk: 3 rounds to hold it"
    assert hold_words(1, 3, name) == "Red holds the Obelisk: 2 of 3 rounds"


def test_end_turn_clicked_while_the_first_move_slides_is_not_lost():
    app, d, game = open_game(("human", "human"))
    app.settings.animation = "slow"
    game.animator.speed = "slow"
    click(d, game, "e5")
    click(d, game, "f6")  # the first move: its slide takes several frames
    assert game.animator.busy and game.match.steps
    d.click(game.controller.end_b.rect.center)  # at once, as a quick player does
    assert not game.match.steps and len(game.match.moves) == 1
    assert game.match.to_move == 3
    app.close()


def test_a_click_while_the_last_persons_move_slides_waits_for_it():
    app, d, game = open_game(("human", "human"))
    app.settings.animation = "slow"
    game.animator.speed = "slow"
    click(d, game, "e5")
    click(d, game, "f6")
    click(d, game, "d5")
    click(d, game, "e6")  # Red's second move ends the turn; its slide plays on
    assert game.animator.busy and game.match.to_move == 3 and not game.match.steps
    click(d, game, "k11")  # Green's piece, clicked before Red's slide ended: not picked
    assert game.animator.busy and game.controller.picked is None
    d.settle()
    if game.controller.recap is not None:  # Green's recap of Red's turn: a click skips it
        click(d, game, "k11")
    click(d, game, "k11")
    assert game.controller.picked is not None
    app.close()


def test_resign_offers_only_a_person_still_in_the_game():
    from common.ui import game_menu
    from common.ui.scenes.dialog_scene import Dialog
    from prepollency.state import from_diagram
    from tests.helpers.prepollency_diagram import cells
    from tests.test_ui_prepollency import put

    app, d, game = open_game(("human", "random", "human", "random"))
    state = from_diagram(cells(a1="2I", a2="2I", b1="2I", b2="2I", m14="2I", n2="4I",
                               e13="3I", a15="1I"), seats=(1, 2, 3, 4), turn=2,
                         alive=(2, 3, 4))  # Red, a person, is out: its base is taken
    put(game, state)
    assert game_menu.resigning_player(game) == 3
    game_menu.confirm_resign(game)
    assert isinstance(app.top, Dialog)
    assert app.top.lines == ["Green resigns. The others play on. "
                             "A resignation cannot be taken back."]
    app.close()
