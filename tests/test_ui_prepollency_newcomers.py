"""What newcomers tripped over in Prepollency (issue 21, items 11 to 17), driven with posted
events on the real app (dummy video driver): the hinted piece stays picked when clicked, a
click during the recap only skips it, the "Last:" line stays legible, a seat with no pieces
holds with one click (or by itself), undo across another person's turn asks first, and the
smaller ones (captures marked in the log, the seat's mark on every piece, ...).
"""

from __future__ import annotations

from prepollency import rules
from prepollency.moves import Turn
from tests.test_ui_prepollency import click, hold, open_game

sq = rules.GRID.index


def test_clicking_the_hinted_piece_keeps_the_pick_and_the_hint():
    """Issue 21.11: after the hint's first move the second hinted piece is picked for the
    player; a newcomer clicks it (to pick it): that click used to drop the pick and the hint,
    so it seemed ignored and the second arrow vanished."""
    app, d, game = open_game(("human",) * 4)
    c = game.controller
    e5, f6, e4 = (sq(n) for n in ("e5", "f6", "e4"))
    c.show_hint(Turn([rules.Move(e5, f6), rules.Move(e4, e5)]))
    game.refresh()
    click(d, game, "e5")  # the hinted first piece, picked already: still picked, hint kept
    assert c.picked == e5 and c.hint is not None and len(c.hint) == 2
    click(d, game, "f6")
    assert [str(s) for s in game.match.steps] == ["e5-f6"]
    click(d, game, "e4")  # the second hinted piece: it stays picked, its arrow stays
    assert c.picked == e4 and c.hint == (rules.Move(e4, e5),)
    assert game.status().text.startswith("Hint: e4-e5")
    click(d, game, "e5")
    d.settle()
    assert [str(s) for s in game.match.moves[-1]] == ["e5-f6", "e4-e5"]
    app.close()


def test_another_piece_right_after_the_hinted_move_is_picked():
    app, d, game = open_game(("human",) * 4)
    c = game.controller
    e5, f6, e4 = (sq(n) for n in ("e5", "f6", "e4"))
    c.show_hint(Turn([rules.Move(e5, f6), rules.Move(e4, e5)]))
    game.refresh()
    click(d, game, "f6")
    click(d, game, "c5")  # at once, as without the hint
    assert c.picked == sq("c5") and c.hint is None
    app.close()


def start_a_recap(d, game) -> None:
    """Four people hold the line once each: Red's recap (three turns) starts."""
    for _ in range(4):
        hold(d, game)
    d.frames(2)
    assert game.controller.recap is not None


def test_a_click_on_the_log_during_the_recap_only_skips_it():
    """Issue 21.12: it opened look-back under the running recap."""
    app, d, game = open_game(("human",) * 4)
    app.settings.animation = "normal"
    game.settings_changed()
    start_a_recap(d, game)
    pos = game.log.cells()[0][1].center  # the first turn in the move log
    d.click(pos)
    assert game.controller.recap is None and game.match.review is None
    d.click(pos)  # the next click is a click on the log again
    assert game.match.review is not None
    app.close()


def test_a_toolbar_click_or_undo_during_the_recap_only_skips_it():
    app, d, game = open_game(("human",) * 4)
    start_a_recap(d, game)
    moves = len(game.match.moves)
    d.click(game.undo_b.rect.center)
    assert game.controller.recap is None and len(game.match.moves) == moves
    app.close()


def test_undo_across_another_persons_turn_asks_first():
    """Issue 21.15 (and Overlords' hot-seat undo, item 10): Undo took back Bob's and the
    CPUs' turns without a word."""
    from common.ui.scenes.dialog_scene import Dialog

    app, d, game = open_game(("human", "random", "human", "random"))
    hold(d, game)  # Red holds; Blue (CPU) plays; Green's turn
    d.settle()
    d.frames(2)
    click(d, game, "h8")  # Green's recap of those two turns skipped
    assert game.controller.recap is None
    assert game.match.to_move == 3 and len(game.match.moves) == 2
    d.click(game.undo_b.rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Take back Red's turn?"
    assert ask.lines == ["Undo takes back Red's turn and 1 CPU turn; then it is Red's turn "
                         "again. Ask Red first."]
    assert ask.buttons[ask.default].label == "Cancel", "Enter keeps the game as it is"
    d.click(ask.buttons[1].rect.center)
    assert app.top is game and len(game.match.moves) == 2
    d.click(game.undo_b.rect.center)
    d.click(app.top.buttons[0].rect.center)
    assert app.top is game and len(game.match.moves) == 0 and game.match.to_move == 1
    app.close()


def test_undo_of_ones_own_turn_or_with_one_person_asks_nothing():
    app, d, game = open_game(("human", "random", "random", "random"))
    hold(d, game)
    d.settle()
    d.click(game.undo_b.rect.center)
    assert app.top is game and len(game.match.moves) == 0
    app.close()
    app, d, game = open_game(("human", "human"))
    click(d, game, "e5")
    click(d, game, "f6")
    d.click(game.undo_b.rect.center)  # the turn being made: taken back at once
    assert app.top is game and not game.match.steps
    app.close()


def test_overlords_hot_seat_undo_asks_too():
    import main
    from common.ui.scenes.dialog_scene import Dialog
    from overlords import rules as orules
    from tests.helpers import overlords_driver as ui_driver

    app, d, game = ui_driver.open_game(main.games(), ["human", "human"], 5, (1280, 800), "off")
    app.settings.confirm_risky = False
    app.settings.handover = False  # the question is what this test is about
    game.play(orules.legal_moves(game.match.state)[0])
    d.settle()
    mover = game.match.name(game.match.mover(0))
    d.click(game.undo_b.rect.center)
    assert isinstance(app.top, Dialog) and app.top.title == f"Take back {mover}'s turn?"
    d.click(app.top.buttons[0].rect.center)
    assert app.top is game and not game.match.moves
    app.close()


def no_pieces_for_red(game, specs=None):
    from prepollency.state import from_diagram
    from tests.helpers.prepollency_diagram import cells
    from tests.test_ui_prepollency import put

    state = from_diagram(cells(e13="2I", k13="3I", k3="4I"), seats=(1, 2, 3, 4), turn=1)
    put(game, state, specs)


def test_a_seat_with_no_pieces_is_told_so_and_holds_with_one_click():
    """Issue 21.14: it was asked every turn to "Click a piece"."""
    app, d, game = open_game(("human",) * 4)
    app.settings.auto_hold = False
    no_pieces_for_red(game)
    d.frames(2)
    assert game.status().text == ("No pieces left: you can only hold the line. "
                                  "Hold the line (Space).")
    assert game.status_buttons == [game.controller.hold_b] and game.controller.hold_b.primary
    d.frames(200)  # the setting is off: it waits for the click
    assert not game.match.moves
    d.click(game.controller.hold_b.rect.center)
    assert [list(t) for t in game.match.moves] == [[]]
    app.close()


def test_a_seat_with_no_pieces_holds_by_itself_after_a_moment():
    from prepollency.ui.controller import AUTO_HOLD

    app, d, game = open_game(("human",) * 4)
    assert app.settings.auto_hold, "on by default"
    no_pieces_for_red(game)
    d.frames(2)
    assert game.status().text == ("No pieces left: you can only hold the line (it holds by "
                                  "itself).")
    assert game.wants_frames(), "the loop runs while it waits"
    d.frames(int(AUTO_HOLD * 60) + 5)
    assert [list(t) for t in game.match.moves] == [[]] and game.match.to_move == 2
    app.close()


def test_the_last_line_stays_legible_and_whole(monkeypatch):
    """Issue 21.13: "Last:" shrank to ~9 px grey text, then was cut ("…Bob takes the
    Obelisk: 3 rounds to hold i" at 1280x800)."""
    from common.ui import game_panel

    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app, d, game = open_game(("human",) * 4, size=size)
        game.last_text = ("Yellow: Cavalry c13-f10 took Green's Archer; Infantry e11-f11. "
                          "Yellow takes the Obelisk: 3 rounds to hold it.")
        drawn = []
        real = game_panel.draw.blit_text

        def spy(surface, text, px, *args, drawn=drawn, real=real, **kw):
            drawn.append((text, px))
            return real(surface, text, px, *args, **kw)

        monkeypatch.setattr(game_panel.draw, "blit_text", spy)
        game.build_layer(app.screen.get_size())
        monkeypatch.undo()
        start = next(i for i, (t, _) in enumerate(drawn) if t.startswith("Last: "))
        end = next(i for i, (t, _) in enumerate(drawn) if t.startswith("Click a piece"))
        words = " ".join(t for t, _ in drawn[start:end])
        assert words == "Last: " + game.last_text, size
        assert all(px >= app.m.small - 1 for _, px in drawn[start:end]), size
        app.close()


def test_out_is_said_once_the_pieces_have_arrived():
    """Issue 21.17: "Yellow is out" came before the eliminating pieces arrived."""
    from prepollency.state import from_diagram
    from tests.helpers.prepollency_diagram import cells
    from tests.test_ui_prepollency import put

    app, d, game = open_game(("human",) * 4)
    app.settings.animation = "normal"
    game.settings_changed()
    state = from_diagram(cells(a1="2I", a2="2I", b1="2I", c3="2I", m14="2I", n2="4I",
                               e13="3I", k13="3I", a15="1I", f9="3I", d4="1C"),
                         seats=(1, 2, 3, 4), turn=2)
    put(game, state)
    click(d, game, "c3")
    click(d, game, "b2")
    d.click(game.controller.end_b.rect.center)
    assert game.animator.busy and app.toasts.current is None, "nothing said while the pieces move"
    d.settle()
    d.frames(1)
    assert app.toasts.current is not None and app.toasts.current[0].startswith("Red is out")
    app.close()


def test_the_log_writes_turns_as_the_rules_do_and_the_words_read_right():
    from prepollency.moves import INFANTRY
    from prepollency.reasons import HOW_THEY_MOVE
    from prepollency.ui.panel import _obelisk_lines, turn_text
    from prepollency.ui.setup_preview import turn_order

    moves = (rules.Move(sq("c3"), sq("e5")), rules.Move(sq("h7"), sq("h8")))
    assert turn_text(moves) == "c3-e5 h7-h8", "a capture too: RULES.md's notation, no x"
    assert turn_text(()) == "—" and " ".join(rules.move_data(moves)) == turn_text(moves)
    assert HOW_THEY_MOVE[INFANTRY].startswith("Infantry moves ")
    assert turn_order((1, 3)) == "turns alternate (a1, o15)"
    assert turn_order((1, 2, 3)) == "turns go clockwise (a1, a15, o15)"
    assert turn_order((1, 2, 3, 4)) == "turns go clockwise (a1, a15, o15, o1)"
    board = [0] * rules.GRID.cells
    for seat, name in zip((1, 2, 3, 4), ("h8", "g8", "i8", "h7"), strict=True):
        board[sq(name)] = seat
    text = _obelisk_lines(board, (0,) * 5, (1, 2, 3, 4), {1: "Ann", 2: "Bob", 3: "Green",
                                                          4: "Yellow"}.get)[0][0]
    assert text == "Obelisk squares (of 5): Ann 1, Bob 1, Green 1, Yellow 1"


def test_every_piece_wears_its_seats_mark():
    """Issue 21.17: owners were told by colour alone."""
    import pygame

    from prepollency.ui.art import piece

    app, d, game = open_game(("human",) * 4)
    tones = game.view.tones[1]
    plain, marked = piece(1, tones, 60), piece(1, tones, 60, 1)
    assert plain.get_size() == marked.get_size()
    differ = sum(plain.get_at((x, y)) != marked.get_at((x, y))
                 for x in range(36, 60) for y in range(36, 60))
    assert differ > 30, "a badge at the lower right"
    shapes = {s: piece(1, tones, 60, s) for s in (1, 2, 3, 4)}
    pictures = {bytes(pygame.image.tobytes(t, "RGBA")) for t in shapes.values()}
    assert len(pictures) == 4, "four seats, four marks"
    app.close()


def test_the_readme_names_only_the_levels_each_dialog_offers():
    """Issue 21.17: the README named a "Beginner" level the Prepollency dialog lacks. Since
    issue 36 neither dialog offers the random mover (Novice is the first level): the README
    says so."""
    from pathlib import Path

    from common.ui.cpu import cpu_levels
    from prepollency.ui import new_game

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    line = next(ln for ln in readme.splitlines() if ln.startswith("| `random` |"))
    assert "random" not in new_game.KINDS and "random" not in cpu_levels()
    assert "no dialog offers it" in line
    assert next(ln for ln in readme.splitlines() if ln.startswith("| `novice` |"))


def test_the_menu_of_a_finished_game_says_no_continue_and_no_seed():
    from common.ui import game_menu

    app, d, game = open_game(("human", "human"))
    assert game_menu.menu_lines(game, True) == [
        "Saved after every turn: Continue in the main menu resumes it."]
    game.resign()
    assert game.match.over
    assert game_menu.menu_lines(game, True) == [
        "Saved: Load game in the main menu shows it again."]
    assert not any("seed" in line for line in game_menu.menu_lines(game, False))
    app.close()


def test_a_name_field_selects_on_click_and_typing_replaces_it():
    """Issue 21.17: no Ctrl+A, a click did not select, typing appended ("RedAnn")."""
    import pygame

    from common.ui.input import Key, PointerDown, Text
    from common.ui.theme import STANDARD, metrics
    from prepollency.ui.new_game import NameField

    app, d, game = open_game()  # fonts and a display, as in the dialog
    changes = []
    field = NameField("Red", changes.append, "Name", 24)
    field.rect = pygame.Rect(10, 10, 200, 30)
    assert field.handle(PointerDown((50, 20))) and field.selection() == (0, 3)
    field.handle(Text("Ann"))
    assert field.value == "Ann" and changes[-1] == "Ann"
    field.handle(PointerDown((15, 20)))  # a click in the focused field places the caret
    assert field.selection() is None and field.caret == 0
    field.handle(Key(pygame.K_a, "a", ctrl=True))
    assert field.selection() == (0, 3)
    field.handle(Key(pygame.K_BACKSPACE))
    assert field.value == "" and changes[-1] == ""
    field.handle(Text("Bo"))
    field.handle(Key(pygame.K_a, "a", ctrl=True))
    field.handle(Key(pygame.K_RIGHT))  # an arrow ends the selection
    field.handle(Text("b"))
    assert field.value == "Bob"
    surface = pygame.Surface((220, 50))
    field.select_all()
    field.draw(surface, STANDARD, metrics((1280, 800)))  # the selection band draws
    app.close()


def test_the_board_cursor_starts_on_one_of_your_pieces():
    """Issue 21.17: its first press landed on the empty h8."""
    import pygame

    app, d, game = open_game(("human",) * 4)
    d.key(pygame.K_RIGHT)
    square = game.cursor.square(game.view.board)
    assert game.cursor.shown and game.match.state.owners[square] == 1
    assert rules.piece_moves(game.match.state, square), "a piece that can move"
    from prepollency.ui.board import SELECT_LIGHT

    game.draw(app.screen)
    rect = game.view.board.square_rect(square)
    width = max(3, game.view.board.tile // 14)
    edge = app.screen.get_at((rect.x + 1 + width // 2, rect.centery))[:3]
    assert edge == SELECT_LIGHT, "the cursor is no seat's blue"
    app.close()


def test_every_turn_since_yours_stays_drawn_numbered(monkeypatch):
    """Issue 21.17: with one person and several CPUs only the last CPU's move stayed."""
    from prepollency.ui import view as view_module

    app, d, game = open_game(("human", "random", "random", "random"))
    hold(d, game)
    d.settle()
    assert game.match.to_move == 1 and len(game.match.moves) == 4
    since = game.view.turns_since()
    assert [len(moves) >= 0 for _, moves in since] and len(since) == sum(
        1 for t in game.match.moves[1:] if t)
    fills = [fill for fill, _ in since]
    assert fills == [game.view.fill(game.match.mover(i)) for i in range(1, 4)
                     if game.match.moves[i]]
    calls = []
    monkeypatch.setattr(view_module, "draw_turns_since",
                        lambda *a: calls.append(a))
    game.view.draw_layer(game.layer.surface)
    if len(since) > 1:
        assert calls and calls[0][2] == since and calls[0][5] is True
    app.close()


def test_a_hint_hides_the_last_turns_arrows(monkeypatch):
    """Issue 21.17: the Hint's arrows overlapped the last move's."""
    from prepollency.ui import view as view_module

    app, d, game = open_game(("human",) * 4)
    click(d, game, "e5")
    click(d, game, "f6")
    d.click(game.controller.end_b.rect.center)
    d.settle()
    calls = []
    monkeypatch.setattr(view_module, "draw_last_turn", lambda *a: calls.append(a))
    game.view.draw_layer(game.layer.surface)
    assert calls[-1][5] is True, "the last turn's arrows without a hint"
    game.controller.show_hint(Turn([rules.Move(sq("e11"), sq("e10"))]))  # Blue's
    game.view.draw_layer(game.layer.surface)
    assert calls[-1][5] is False
    app.close()


def test_undo_to_another_persons_turn_hands_the_screen_over():
    """Issue 21.15: Undo passed the table to Bob with no question and no hand-over."""
    from prepollency.ui.handover import SeatHandOver as HandOver

    app, d, game = open_game(("human", "human"))
    app.settings.handover = True
    d.frames(2)  # Red's first turn: no hand-over before it
    assert app.top is game
    d.click(game.controller.hold_b.rect.center)
    d.settle()
    d.frames(2)
    assert isinstance(app.top, HandOver)  # to Green
    d.key(__import__("pygame").K_SPACE)
    d.frames(2)
    if game.controller.recap is not None:
        click(d, game, "h8")
    d.click(game.undo_b.rect.center)
    d.click(app.top.buttons[0].rect.center)  # "Take back Red's turn?": Undo
    d.frames(2)
    assert isinstance(app.top, HandOver) and app.top is not game
    assert game.match.to_move == 1 and not game.match.moves
    app.close()
