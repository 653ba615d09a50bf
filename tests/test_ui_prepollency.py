"""The Prepollency screen driven like a player, with posted mouse events on the real app (dummy
video driver): two-move, one-move and hold-the-line turns, the refusal of a second move by the
same piece, take back, a Khan, an elimination, an Obelisk win, undo/redo, the recap, save and
load with a withdrawn seat, and 2-, 3- and 4-player games opened with play_scene.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.match import Match  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.game_over_scene import GameOver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency.moves import KHAN  # noqa: E402
from prepollency.state import from_diagram  # noqa: E402
from prepollency.ui.screens import play_scene, resume_scene  # noqa: E402
from tests.helpers.prepollency_diagram import cells  # noqa: E402

sq = rules.GRID.index


def open_game(specs=("human", "human"), size=(1280, 800), first=1, **kw):
    """An app (animations off, no hand-over) on the menu with a game above it."""
    app = App(main.games(), size)
    app.settings.animation = "off"
    app.settings.handover = False
    app.push(MainMenu(app))
    app.push(play_scene(app, list(specs), seed=7, first=first, **kw))
    d = Driver(app)
    d.frames(2)
    return app, d, app.top


def put(game: GameScene, state, specs=None) -> None:
    """Replace the game's match by one starting from `state`."""
    seats = specs or {s: game.match.seats[s] for s in state.seats}
    game.match = Match(rules, state, seats, names=game.match.names)
    game._after_jump()
    game.controller._seen = 0


def click(d: Driver, game: GameScene, name: str) -> None:
    d.click(game.view.board.center(sq(name)))


def hold(d: Driver, game: GameScene) -> None:
    """Skip a recap if one runs (a click), then Hold the line, and let it play out."""
    if game.controller.recap is not None:
        click(d, game, "h8")
    d.click(game.controller.hold_b.rect.center)
    d.settle()


@pytest.fixture
def four():
    app, d, game = open_game(("human",) * 4)
    yield app, d, game
    app.close()


def test_two_move_turn(four):
    app, d, game = four
    click(d, game, "e5")
    assert game.controller.picked == sq("e5")
    click(d, game, "f6")
    assert game.match.steps and game.match.state.moved == sq("f6")
    assert [b.label for b in game.status_buttons] == ["Take back", "End turn"]
    click(d, game, "e4")
    click(d, game, "e5")
    d.settle()
    assert [str(m) for m in game.match.moves[-1]] == ["e5-f6", "e4-e5"]
    assert game.match.to_move == 2
    assert game.view.log_rows(game.match.moves)[0].cells[0][1] == "e5-f6 e4-e5"


def test_one_move_turn_ended_with_the_button(four):
    app, d, game = four
    click(d, game, "e5")
    click(d, game, "e6")
    d.click(game.controller.end_b.rect.center)
    d.settle()
    assert [str(m) for m in game.match.moves[-1]] == ["e5-e6"]
    assert game.match.to_move == 2


def test_hold_the_line(four):
    app, d, game = four
    assert game.status_buttons == [game.controller.hold_b]
    hold(d, game)
    assert list(game.match.moves[-1]) == []
    assert game.view.log_rows(game.match.moves)[0].cells[0][1] == "—"


def test_second_move_by_the_same_piece_is_refused(four):
    app, d, game = four
    click(d, game, "e5")
    click(d, game, "f6")
    before = game.match.state
    click(d, game, "f6")
    assert game.match.state is before and game.controller.picked is None
    assert game.refused[0] == "That piece already moved this turn"
    assert game.status().text == "That piece already moved this turn"


def test_take_back_the_first_move(four):
    app, d, game = four
    click(d, game, "e5")
    click(d, game, "f6")
    d.click(game.controller.back_b.rect.center)
    assert not game.match.steps and game.match.state.owners[sq("e5")] == 1


def test_not_your_piece_is_refused_with_the_engines_words(four):
    app, d, game = four
    click(d, game, "k5")
    assert game.refused[0] == "That is not your piece"


def test_khan_award():
    app, d, game = open_game()
    state = from_diagram(cells(g8="1I", i8="1I", h7="1I", h9="1I", g7="1I", e3="1I", k13="3I"),
                         seats=(1, 3), turn=1)
    put(game, state)
    click(d, game, "g7")
    click(d, game, "h8")
    d.click(game.controller.end_b.rect.center)
    d.settle()
    after = game.match.state
    assert after.kinds[sq("a1")] == KHAN and after.owners[sq("a1")] == 1
    assert "got a Khan on a1" in game.last_text
    app.close()


def test_elimination_greys_the_seat_and_play_goes_on():
    app, d, game = open_game(("human",) * 4)
    state = from_diagram(cells(a1="2I", a2="2I", b1="2I", c3="2I", m14="2I", n2="4I", e13="3I",
                               k13="3I", a15="1I", f9="3I", d4="1C"),
                         seats=(1, 2, 3, 4), turn=2)
    put(game, state)
    click(d, game, "c3")
    click(d, game, "b2")
    d.click(game.controller.end_b.rect.center)
    d.settle()
    after = game.match.state
    assert 1 not in after.alive and not after.pieces[1]
    assert "Red is out" in game.last_text
    assert after.result is None and game.match.to_move == 3
    app.close()


def test_the_hold_warning_says_next_turn_to_the_others_and_goes_once_the_hold_is_broken():
    app, d, game = open_game()
    try:
        # Red holds (count 3); Green to move, its Archer on h12 reaches h9 on the cross (Red's
        # Infantry on i10 could take h9 back, on a turn that no longer counts: the hold ends
        # with Green's turn)
        state = from_diagram(cells(h8="1I", g8="1I", i8="1I", h7="1I", h9="1I", e3="1I",
                                   i10="1I", h12="3A", k13="3I"), seats=(1, 3), turn=3,
                             holds=(0, 3, 0, 0, 0))
        put(game, state)
        d.frames(1)
        from prepollency.ui.words import hold_warning

        assert "Red wins at the end of their next turn" in hold_warning(
            state.alive, state.holds, game.match.name, 3)
        threats = game.controller.watcher.threats
        threats.finish()
        d.frames(1)
        assert "Red wins next turn" in game.status().warning
        shields = [step for step in threats.verdicts if threats.mark(step) == "shield"]
        assert ("A shield marks a move that does" in game.status().warning) == bool(shields)
        assert shields, "h12-h9 stops it by itself"
        click(d, game, "h12")
        click(d, game, "h9")  # the first move takes a square of the cross: the hold is broken
        d.frames(1)
        game.controller.watcher.threats.finish()
        d.frames(1)
        warning = game.status().warning
        assert "wins" not in warning, warning
        assert "A shield marks a move that does" not in game.status().text
    finally:
        app.close()


def test_obelisk_win_from_a_record():
    app, d, game = open_game()
    state = from_diagram(cells(h8="1I", g8="1I", i8="1I", h7="1I", h9="1I", e3="1I", k13="3I"),
                         seats=(1, 3), turn=1, holds=(0, 3, 0, 0, 0))
    put(game, state)
    assert "Red wins at the end of this turn" in game.status().warning, "Red's own last round"
    d.click(game.controller.hold_b.rect.center)
    d.settle()
    assert game.match.result.winner == 1 and game.match.result.reason == "obelisk"
    assert isinstance(app.top, GameOver)
    assert app.top.lines == ["Red held the Obelisk through three full rounds."]
    app.close()


def test_undo_and_redo_whole_turns(four):
    app, d, game = four
    hold(d, game)
    if game.controller.recap is not None:
        click(d, game, "h8")
    click(d, game, "e11")
    click(d, game, "e10")
    d.settle()
    assert game.match.to_move == 2 and game.match.steps
    d.click(game.undo_b.rect.center)  # the half-made turn goes first
    assert not game.match.steps and len(game.match.moves) == 1
    d.click(game.undo_b.rect.center)  # Red's turn, taken back after asking
    d.click(app.top.buttons[0].rect.center)
    assert len(game.match.moves) == 0 and game.match.to_move == 1
    d.click(game.redo_b.rect.center)
    assert len(game.match.moves) == 1 and game.match.to_move == 2


def test_recap_after_other_turns_in_hot_seat(four):
    app, d, game = four
    click(d, game, "e5")
    click(d, game, "e6")
    d.click(game.controller.end_b.rect.center)
    d.settle()
    for _ in range(3):  # Blue, Green and Yellow hold the line
        hold(d, game)
    d.frames(2)
    recap = game.controller.recap  # Red's turn: the three turns since its own
    assert recap is not None and recap.lines == [(2, "Blue held the line.")]
    assert game.view.shown()[1] == 2  # the board shows the turn being recapped
    band = game.view.recap_band(recap)
    assert game.areas.log.contains(band) and not band.colliderect(game.view.board.rect), \
        "the recap's words cover no corner of the board"
    assert recap.wait >= 1.0, "each turn of the recap stays a second at least"
    d.frames(300)  # three turns, each its slide and 1.2 s to read its line
    assert [line for _, line in recap.lines] == ["Blue held the line.", "Green held the line.",
                                                 "Yellow held the line."]
    assert game.controller.recap is None  # it ended by itself
    hold(d, game)
    d.frames(2)
    assert game.controller.recap is not None
    click(d, game, "h8")  # a click skips it
    assert game.controller.recap is None
    assert game.view.recap_line(0) == "Red: Infantry e5-e6."


def test_recap_can_be_switched_off(four):
    app, d, game = four
    app.settings.recap = False
    d.click(game.controller.hold_b.rect.center)
    d.settle()
    d.frames(2)
    assert game.controller.recap is None


def test_save_and_load_a_four_player_game_with_a_withdrawn_seat(tmp_path):
    app, d, game = open_game(("human", "human", "human", "human"),
                             names={1: "Ann", 3: "Cy"}, colours={1: "purple"})
    hold(d, game)
    game.match.resign(2)  # Blue leaves between turns
    game.refresh()
    d.frames(2)
    hold(d, game)
    record = game.match.record()
    assert record["withdrawn"] == [{"seat": 2, "after": 1, "reason": "resign"}]
    assert record["names"] == {"1": "Ann", "3": "Cy"} and record["colours"]["1"] == "purple"
    path = tmp_path / "game.json"
    rec.save(path, record)
    replay = rec.replay(rec.load(path), main.games())
    app.push(resume_scene(app, replay))
    d.frames(2)
    loaded = app.top
    assert loaded.match.moves == game.match.moves
    assert 2 not in loaded.match.state.alive and loaded.match.name(1) == "Ann"
    assert loaded.view.keys[1] == "purple"
    app.close()


@pytest.mark.parametrize("count", [2, 3, 4])
def test_games_of_every_size(count):
    app, d, game = open_game(("human",) * count)
    assert game.match.state.seats == {2: (1, 3), 3: (1, 2, 3), 4: (1, 2, 3, 4)}[count]
    assert len(game.match.state.pieces[1]) == 21
    for size in ((960, 600), (1920, 1080)):
        app.set_window_size(size)
        d.frames(1)
        assert game.view.board.frame.right < game.areas.status.x
        assert game.view.board.frame.bottom <= size[1]
    app.close()


def test_cpu_seats_play_in_turn():
    app, d, game = open_game(("human", "random", "random", "random"))
    d.click(game.controller.hold_b.rect.center)
    d.settle()
    assert len(game.match.moves) == 4 and game.match.to_move == 1
    app.close()


def test_the_move_dots_are_in_no_seats_colour_whoever_moves():
    from prepollency.ui.board import SELECT_LIGHT

    app, d, game = open_game(("human", "human"))
    try:
        app.settings.recap = False
        seen = []
        for seat, piece in ((1, "e5"), (3, "k11")):
            assert game.match.to_move == seat
            click(d, game, piece)
            d.frames(1)
            target = next(t for t in game.controller.targets() if not game.match.state.owners[t])
            colour = tuple(app.screen.get_at(game.view.board.center(target)))[:3]
            assert max(abs(a - b) for a, b in zip(colour, SELECT_LIGHT, strict=True)) < 40
            seen.append(colour)
            game.controller.reset()  # hold the line: the other seat's turn
            game.step(rules.END)
            d.frames(2)
        assert seen[0] == seen[1], "the same dots for Red and for Green"
    finally:
        app.close()
