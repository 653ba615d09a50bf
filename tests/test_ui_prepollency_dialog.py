"""The Prepollency new-game dialog and hand-over screen, driven with posted mouse and key events
on the real app (dummy video driver): player counts and their engine seats, who plays each
seat, names, colours (never two alike), the first player, bots, Esc, every window size; the
hand-over band and its dismissal; what the dialog remembers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.seats import SeatSpec  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.bots import example_command  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.names import MAX_NAME, clean_name, has_glyph  # noqa: E402
from common.ui.scene import Scene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from prepollency.ui import colours  # noqa: E402
from prepollency.ui.handover import SeatHandOver as HandOver  # noqa: E402
from prepollency.ui.new_game import NewGame, NewGameScene  # noqa: E402


def dialog_app(size=(1280, 800)) -> tuple[App, Driver, NewGameScene, list[NewGame]]:
    """The app with the dialog on the main menu; Start records the game instead of playing."""
    app = App(main.games(), size)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    started: list[NewGame] = []
    dialog = NewGameScene(app, on_start=lambda _app, game: started.append(game))
    app.push(dialog)
    d = Driver(app)
    d.frames(1)
    return app, d, dialog, started


@pytest.fixture
def dlg():
    app, d, dialog, started = dialog_app()
    yield d, dialog, started
    app.close()


def pick(d: Driver, choice, option: str) -> None:
    """Click one segment of a segmented choice."""
    d.click(choice._segments()[choice.options.index(option)].center)
    assert choice.value == option


def all_distinct(dialog: NewGameScene) -> bool:
    keys = list(dialog.colours().values())
    return len(set(keys)) == len(keys)


def test_the_main_menu_opens_the_dialog_for_prepollency_like_for_overlords():
    app = App(main.games())
    try:
        app.push(MainMenu(app))
        d = Driver(app)
        d.frames(1)
        labels = [b.label for b in app.top.buttons]
        assert "New game: Overlords" in labels and "New game: Prepollency" in labels
        d.click(next(b for b in app.top.buttons if b.label == "New game: Prepollency").rect.center)
        assert isinstance(app.top, NewGameScene)
        d.key(pygame.K_ESCAPE)
        assert isinstance(app.top, MainMenu)
    finally:
        app.close()


def test_start_opens_the_game_screen_with_the_dialogs_seats_names_and_colours():
    app = App(main.games())
    try:
        app.settings.animation = "off"
        app.push(MainMenu(app))
        dialog = NewGameScene(app)  # the real Start: prepollency.ui.screens.play_scene
        app.push(dialog)
        d = Driver(app)
        d.frames(1)
        pick(d, dialog.players, "3")
        for s in (1, 2, 3):
            pick(d, dialog.rows[s].kind, "human")
        d.click(dialog.rows[2].swatch.rect.center)  # blue -> green: swapped with seat 3
        pick(d, dialog.first, "3")
        d.click(dialog.start.rect.center)
        game = app.top
        assert not isinstance(game, NewGameScene) and game in app.stack
        match = game.match
        assert tuple(match.seats) == (1, 2, 3)
        assert all(spec.is_human for spec in match.seats.values())
        assert match.names == {1: "Red", 2: "Green", 3: "Blue"}
        assert match.info["colours"] == {"1": "red", "2": "green", "3": "blue"}
        assert match.state.turn == 3
        d.frames(2)
    finally:
        app.close()


@pytest.mark.parametrize("players,seats", [("2", (1, 3)), ("3", (1, 2, 3)), ("4", (1, 2, 3, 4))])
def test_player_counts_start_the_right_engine_seats(dlg, players, seats):
    d, dialog, started = dlg
    pick(d, dialog.players, "4" if players != "4" else "2")
    pick(d, dialog.players, players)
    assert dialog.seats == seats
    assert [s for s, r in dialog.rows.items() if r.kind.visible] == list(seats)
    label = dialog.players.labels[dialog.players.options.index("3")]
    assert "variant" in label
    d.click(dialog.start.rect.center)
    game = started[-1]
    assert tuple(game.seats) == seats == tuple(game.names) == tuple(game.colours)
    assert game.seats[1] == SeatSpec("human")
    assert all(game.seats[s] == SeatSpec("cpu", level="novice") for s in seats[1:])
    assert [game.names[s] for s in seats] == [colours.colour(colours.DEFAULTS[s]).name
                                              for s in seats]
    assert game.first is None  # drawn at random unless a seat is chosen
    assert game.specs == ["human", *["novice"] * (len(seats) - 1)]


def test_three_players_is_labelled_a_variant_with_the_empty_corner(dlg):
    d, dialog, _ = dlg
    pick(d, dialog.players, "3")
    from prepollency.ui.new_game import NOTES

    note = NOTES[3]
    assert note.startswith("Variant") and "o1" in note and "empty" in note
    d.frames(1)


def test_kind_name_and_colour_per_seat_and_never_two_colours_alike(dlg):
    d, dialog, started = dlg
    pick(d, dialog.players, "4")
    blue = dialog.rows[2]
    pick(d, blue.kind, "hard")
    pick(d, dialog.rows[4].kind, "easy")
    pick(d, dialog.rows[1].kind, "normal")
    pick(d, dialog.rows[3].kind, "human")
    d.click(blue.swatch.rect.center)  # blue -> green, which seat 3 wears: they swap
    assert blue.swatch.key == "green" and dialog.rows[3].swatch.key == "blue"
    assert blue.name.value == "Green" and dialog.rows[3].name.value == "Blue"  # names follow
    assert all_distinct(dialog)
    for _ in range(len(colours.COLOURS) + 2):
        d.click(blue.swatch.rect.center)
        assert all_distinct(dialog)
    d.click(blue.swatch.rect.center, button=3)  # right-click: back one
    assert all_distinct(dialog)
    d.click(dialog.rows[3].name.rect.center)
    d.key(pygame.K_u, pygame.KMOD_CTRL)
    d.type("Zoë")
    assert dialog.rows[3].name.value == "Zoë"
    d.click(dialog.rows[3].swatch.rect.center)  # a typed name stays
    assert dialog.rows[3].name.value == "Zoë"
    d.click(dialog.start.rect.center)
    game = started[-1]
    assert game.seats == {1: SeatSpec("cpu", level="normal"), 2: SeatSpec("cpu", level="hard"),
                          3: SeatSpec("human"), 4: SeatSpec("cpu", level="easy")}
    assert game.names[3] == "Zoë"
    assert game.colours == {s: dialog.rows[s].swatch.key for s in (1, 2, 3, 4)}
    assert len(set(game.colours.values())) == 4
    assert game.names[2] == colours.colour(game.colours[2]).name


def test_first_player_is_a_chosen_seat_or_drawn_at_random(dlg):
    d, dialog, started = dlg
    pick(d, dialog.players, "3")
    assert dialog.first.options == ["random", "1", "2", "3"]
    assert dialog.first.labels[1:] == ["Red", "Blue", "Green"]
    pick(d, dialog.first, "2")
    d.click(dialog.start.rect.center)
    assert started[-1].first == 2
    pick(d, dialog.players, "4")  # seat 2 plays in a 4-player game too: it stays first
    assert dialog.first.value == "2" and dialog.first.labels[-1] == "Yellow"
    pick(d, dialog.players, "3")
    pick(d, dialog.players, "2")  # seat 2 is not in a 2-player game: back to random
    assert dialog.first.value == "random" and dialog.first.options == ["random", "1", "3"]
    pick(d, dialog.first, "3")
    d.key(pygame.K_RETURN)  # Enter starts too
    assert started[-1].first == 3 and tuple(started[-1].seats) == (1, 3)
    pick(d, dialog.first, "random")
    d.click(dialog.start.rect.center)
    assert started[-1].first is None


def test_names_are_bounded_and_drawable(dlg):
    d, dialog, started = dlg
    field = dialog.rows[1].name
    d.click(field.rect.center)
    d.key(pygame.K_u, pygame.KMOD_CTRL)
    d.type("  \u202eEvil\x00\t😀中 ")
    d.type("A" * 50)
    assert len(field.value) <= MAX_NAME
    assert "\u202e" not in field.value and "\x00" not in field.value
    assert all(has_glyph(ch) for ch in field.value)
    d.click(dialog.start.rect.center)
    name = started[-1].names[1]
    # each character no font has is a "?"; 中 is drawn where a system font has it
    assert name.startswith("Evil " + "".join(c if has_glyph(c) else "?" for c in "😀中"))
    assert len(name) <= MAX_NAME
    assert clean_name("e\u0301\u0301\u0301te  x") == "éte x"  # composed, stray accents dropped
    assert clean_name("x" * 1000) == "x" * MAX_NAME
    d.frames(1)  # and it draws


def test_an_empty_or_repeated_name_falls_back_on_the_colour(dlg):
    d, dialog, started = dlg
    d.click(dialog.rows[1].name.rect.center)
    d.key(pygame.K_u, pygame.KMOD_CTRL)
    d.click(dialog.rows[3].name.rect.center)
    d.key(pygame.K_u, pygame.KMOD_CTRL)
    d.type("red")
    d.click(dialog.start.rect.center)
    assert started[-1].names == {1: "Red", 3: "red (o15)"}


def test_a_bot_seat_needs_a_command_that_runs(dlg):
    d, dialog, started = dlg
    green = dialog.rows[3]
    pick(d, green.kind, "bot")
    assert green.bot.shown and green.bot.field.focused
    d.key(pygame.K_u, pygame.KMOD_CTRL)
    d.type("no_such_program_here --x")
    d.click(dialog.start.rect.center)
    assert not started and green.bot.problem and green.bot.field.error
    d.click(green.bot.example.rect.center)
    d.click(dialog.start.rect.center)
    assert started[-1].seats[3] == SeatSpec.parse("cmd:" + example_command())
    assert dialog.app.bot_command == example_command()


def test_escape_goes_back_to_the_menu(dlg):
    d, dialog, _ = dlg
    d.key(pygame.K_ESCAPE)
    assert isinstance(dialog.app.top, MainMenu)


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_it_fits_at_every_size_even_with_four_bots(size):
    app, d, dialog, _ = dialog_app(size)
    try:
        screen = pygame.Rect((0, 0), size)
        for players, bots in (("2", False), ("3", False), ("4", False), ("4", True)):
            pick(d, dialog.players, players)
            for s in dialog.seats:
                if bots:
                    pick(d, dialog.rows[s].kind, "bot")
            d.frames(1)
            assert screen.contains(dialog.panel)
            shown = [w for w in dialog.widgets if w.visible]
            for w in shown:
                assert dialog.panel.contains(w.rect), (players, bots, w)
            for i, a in enumerate(shown):
                for b in shown[i + 1:]:
                    assert not a.rect.colliderect(b.rect), (players, bots, a, b)
            assert not dialog.board.colliderect(dialog.players.rect.union(dialog.start.rect))
    finally:
        app.close()


class Board(Scene):
    """A stand-in for the game screen under the hand-over: one flat colour."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((200, 180, 140))


def handover_app(size=(1280, 800)):
    app = App(main.games(), size)
    app.push(Board(app))
    ready: list[int] = []
    fill = colours.rgb("green")
    hand = HandOver(app, "Green", fill, "triangle", "3 turns since you last played: a recap "
                    "follows", lambda: ready.append(1))
    app.push(hand)
    d = Driver(app)
    d.frames(1)
    return app, d, hand, ready


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_handover_shows_the_name_over_the_dimmed_board_and_a_click_dismisses(size):
    app, d, hand, ready = handover_app(size)
    try:
        assert hand.title == "Green's turn" and not hand.wants_frames() and not hand.opaque
        screen = app.screen
        band = hand.band
        assert pygame.Rect((0, 0), size).contains(band)
        assert screen.get_at((band.centerx, band.y + 1))[:3] == colours.rgb("green")
        dimmed = screen.get_at((5, 5))[:3]
        assert sum(dimmed) < sum((200, 180, 140)) // 2  # the board shows through, dimmed
        d.move((10, 10))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
        d.frames(1)  # a release without its press (the click that ended the turn) is ignored
        assert app.top is hand and not ready
        d.click((10, 10))
        assert ready == [1] and isinstance(app.top, Board)
        hand.ready()
        assert ready == [1]  # once only
    finally:
        app.close()


def test_handover_goes_on_a_key_but_lets_f11_and_m_through():
    app, d, hand, ready = handover_app()
    try:
        d.key(pygame.K_m, text="m")
        assert app.top is hand and not app.settings.sound
        d.key(pygame.K_SPACE, text=" ")
        assert ready == [1] and app.top is not hand
    finally:
        app.close()


def test_handover_names_a_colour_key_and_cleans_odd_names():
    app, d, hand, _ = handover_app()
    try:
        other = HandOver(app, "A\nvery   long " + "name " * 20, "purple", "diamond", "",
                         lambda: None)
        app.push(other)
        d.frames(1)
        assert "\n" not in other.title and other.fill() == colours.rgb("purple")
        app.settings.colour_blind = True
        app.apply_settings()
        d.frames(1)
        assert other.fill() == colours.colour("purple").safe
    finally:
        app.close()


def test_seat_colours_are_named_readable_and_have_distinct_markers():
    assert len(colours.COLOURS) >= 6
    names = [colours.colour(colours.default_colour(s)).name for s in (1, 2, 3, 4)]
    from common import games

    assert names == [games.get("prepollency").seat_names(s) for s in (1, 2, 3, 4)]
    assert len({colours.marker(s) for s in (1, 2, 3, 4)}) == 4
    for c in colours.COLOURS:
        for palette in ("standard", "colour-blind"):
            fill = c.rgb(palette)
            assert colours.contrast(fill, c.text(palette)) >= 4.5
            assert colours.contrast(colours.readable(fill, (40, 44, 51)), (40, 44, 51)) >= 4.5
    assert colours.seat_colours({1: "blue", 3: "blue"}, (1, 3)) == {1: "blue", 3: "green"}
    assert colours.seat_colours({1: "nope"}, (1, 2)) == {1: "red", 2: "blue"}


def test_the_last_choices_come_back_next_time():
    app, d, dialog, _ = dialog_app()
    try:
        if not hasattr(app.settings, "prepollency_new_game"):
            app.settings.prepollency_new_game = None  # before the field exists in Settings
        pick(d, dialog.players, "3")
        pick(d, dialog.rows[2].kind, "easy")
        d.click(dialog.rows[2].swatch.rect.center)
        pick(d, dialog.first, "2")
        d.click(dialog.start.rect.center)
        saved = app.settings.prepollency_new_game
        again = NewGameScene(app, on_start=lambda *_: None)
        assert again.players.value == "3" and again.rows[2].kind.value == "easy"
        assert again.colours() == dialog.colours() and again.first.value == "2"
        assert again.rows[2].name.value == dialog.rows[2].name.value
        for junk in (None, [], {"players": True, "seats": {"1": {"kind": "x", "name": 5,
                                                              "colour": "blue"}}},
                     {"seats": {"1": {"colour": "red"}, "2": {"colour": "red"}}, "first": 9}):
            app.settings.prepollency_new_game = junk
            odd = NewGameScene(app, on_start=lambda *_: None)
            assert all_distinct(odd) and odd.players.value in ("2", "3", "4")
            assert odd.first.value == "random"
        assert saved["players"] == 3
    finally:
        app.close()


def test_table_settings_are_toggled_in_the_settings_scene_and_kept_after_a_restart(tmp_path,
                                                                                    monkeypatch):
    import argparse
    import json

    from common.ui import settings as settings_io
    from common.ui.scenes.settings_scene import SettingsScene
    from common.ui.start import build_app

    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path))
    file = tmp_path / "settings.json"
    file.write_text(json.dumps({"animation": "off", "sound": False}))  # an older file
    assert settings_io.load(file).handover is True  # missing keys take their defaults
    app = build_app(argparse.Namespace(command=None), main.games())
    try:
        d = Driver(app)
        d.frames(1)
        d.click(next(b for b in app.top.buttons if b.label == "Settings").rect.center)
        scene = app.top
        assert isinstance(scene, SettingsScene)
        labels = [label for label, _ in scene.table_rows]
        assert labels == ["Hand-over screen between players", "Recap of the others' turns",
                          "Prepollency: hold when no piece can move",
                          "Faster CPU-only turns", "Ask before a move that loses the game",
                          "CPU resigns when it can no longer win"]
        assert [c.value for _, c in scene.table_rows] == ["on", "on", "on", "off", "on", "on"]
        for row, option in ((0, "off"), (1, "off"), (3, "on"), (5, "off")):
            pick(d, scene.table_rows[row][1], option)
        assert (app.settings.handover, app.settings.recap, app.settings.fast_cpu,
                app.settings.cpu_resigns) == (False, False, True, False)
        d.frames(1)
    finally:
        app.close()
    saved = json.loads(file.read_text())
    assert (saved["handover"], saved["recap"], saved["fast_cpu"], saved["cpu_resigns"]) == (
        False, False, True, False)
    assert saved["animation"] == "off" and saved["sound"] is False
    app = build_app(argparse.Namespace(command=None), main.games())
    try:
        assert (app.settings.handover, app.settings.recap, app.settings.fast_cpu) == (
            False, False, True)
        d = Driver(app)
        d.frames(1)
        d.click(next(b for b in app.top.buttons if b.label == "Settings").rect.center)
        assert [c.value for _, c in app.top.table_rows] == ["off", "off", "on", "on", "on",
                                                            "off"]
    finally:
        app.close()


def test_remembered_dialog_choices_survive_a_restart_and_junk_is_refused(tmp_path, monkeypatch):
    import json

    from common.ui import settings as settings_io

    file = tmp_path / "settings.json"
    choices = {"players": 4, "first": 2, "seats": {"1": {"kind": "hard", "name": "Ann",
                                                         "colour": "sky"}}}
    assert settings_io.save(settings_io.Settings(prepollency_new_game=choices), file) is None
    assert settings_io.load(file).prepollency_new_game == choices
    for junk in ([1, 2], "x", {"seats": "y" * 5000}):
        file.write_text(json.dumps({"prepollency_new_game": junk}))
        assert settings_io.load(file).prepollency_new_game is None


def test_tab_moves_through_the_form_and_into_the_name_fields(dlg):
    d, dialog, _ = dlg
    names = [dialog.rows[s].name for s in dialog.seats]
    order = [w for w in dialog.widgets if w.visible and w.enabled]
    for _ in range(order.index(names[0]) + 1):  # the players' count, a seat's kind, ...
        d.key(pygame.K_TAB)
    assert dialog.focus.current() is names[0]
    assert names[0].focused and not names[1].focused
    while dialog.focus.current() is not names[1]:
        d.key(pygame.K_TAB)
    assert names[1].focused and not names[0].focused
    d.type("!")
    assert names[1].value.endswith("!")  # the caret went to the end of the field
    while dialog.focus.current() is not names[0]:
        d.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert names[0].focused and not names[1].focused
    for _ in range(len(order)):  # Tab goes round the end
        d.key(pygame.K_TAB)
    assert dialog.focus.current() is names[0]
