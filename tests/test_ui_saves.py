"""Saving a game from its menu and loading it back from the main menu; broken save files get a
clear message and never crash the app."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from common import record as rec  # noqa: E402
from common.ui.game_menu import save_game  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.load_scene import LoadScene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules  # noqa: E402
from tests.test_ui_overlords import jump_to, open_game, playout  # noqa: E402


@pytest.fixture(autouse=True)
def saves_dir(tmp_path, monkeypatch):
    """Every test saves into its own folder."""
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    return tmp_path


def pause_button(app, label: str):
    dialog = app.top
    assert isinstance(dialog, Dialog)
    return next(b for b in dialog.buttons if b.label == label)


def test_save_from_the_game_menu_and_load_it_back(saves_dir):
    app, d, game = open_game(("human", "random"))
    try:
        game = jump_to(game, playout(game.match.state, lambda s: s.ply >= 10, random.Random(3)))
        moves = list(game.match.moves)
        d.key(pygame.K_ESCAPE)
        d.click(pause_button(app, "Save game").rect.center)
        files = list(saves_dir.glob("overlords-*.json"))
        assert len(files) == 1
        record = rec.load(files[0])
        assert record["players"] == {"white": "human", "black": "random"}
        assert rec.replay(record, app.games).moves == moves
        d.key(pygame.K_ESCAPE)
        d.click(pause_button(app, "Main menu").rect.center)
        menu = app.top
        assert isinstance(menu, MainMenu)
        d.click(next(b for b in menu.buttons if b.label == "Load game").rect.center)
        load = app.top
        load.wait_listed()
        assert isinstance(load, LoadScene) and len(load.rows) == 1
        # counted as the move log numbers them: 10 half-moves are 5 numbered moves
        assert "5 moves · In progress" in load.rows[0][0].details
        assert "White (Human)" in load.rows[0][0].details, "the New-game dialog's word"
        d.click(load.rows[0][1].center)
        resumed = app.top
        assert isinstance(resumed, GameScene)
        assert resumed.match.moves == moves
        assert resumed.match.record()["players"] == record["players"]
        assert resumed.my_turn
    finally:
        app.close()


def test_a_finished_save_opens_for_review(saves_dir):
    app, d, game = open_game()
    try:
        rng, state, moves = random.Random(8), game.match.initial, []
        while state.result is None:
            move = rules.random_move(state, rng)
            moves.append(move)
            state = rules.apply(state, move)
        game = jump_to(game, moves)
        save_game(game)
        app.reset(MainMenu(app))
        app.push(LoadScene(app))
        app.top.wait_listed()
        d.frames(1)
        assert app.top.tab == "finished", "it opens on the list that has games"
        tabs = app.top.tabs.rect
        d.click((tabs.left + 10, tabs.centery))  # the In progress list
        assert app.top.rows == [], "a finished game is not in the In progress list"
        d.click((tabs.right - 10, tabs.centery))  # the Finished list
        d.click(app.top.rows[0][1].center)
        resumed = app.top
        assert resumed.review == len(moves) and resumed.match.over
        d.frames(2)
        assert app.top is resumed, "no game-over overlay for a game that was already over"
    finally:
        app.close()


@pytest.mark.parametrize("content, words", [
    (b"{ not json", "not valid JSON"),
    (b'{"game": "chess", "version": 1}', 'unknown game "chess"'),
    (b'{"game": "overlords", "version": 1, "features": {}}', "features"),
    (b"\xff\xfe\x00", "not UTF-8"),
])
def test_a_broken_save_says_why_and_the_app_goes_on(saves_dir, content, words):
    (saves_dir / "broken.json").write_bytes(content)
    app, d, game = open_game()
    try:
        app.reset(MainMenu(app))
        app.push(LoadScene(app))
        app.top.wait_listed()
        d.frames(1)
        load = app.top
        entry, rect = load.rows[0]
        assert entry.problem is None or words in entry.problem  # some show only on opening
        d.click(rect.center)
        dialog = app.top
        assert isinstance(dialog, Dialog) and dialog.title == "This save cannot be opened"
        assert any(words in line for line in dialog.lines)
        d.click(dialog.buttons[0].rect.center)
        assert app.top is load and app.running
    finally:
        app.close()


def test_the_list_names_players_and_the_winner_drawably(saves_dir):
    from common.games import engines
    from common.ui import saves

    games = engines()
    record = {"game": "prepollency", "version": 1, "seats": [1, 2, 3], "first": 1,
              "turns": [[]] * 4, "result": {"winner": 2, "reason": "obelisk"},
              "names": {"2": "Ann\u202e\u0007" + "n" * 50}}
    assert saves.summary(record, games["prepollency"]) == \
        "Prepollency, 3 players, 4 turns, Annnnnnnnnnnnnnn won"
    record["names"] = {}
    assert saves.summary(record, games["prepollency"]).endswith("Blue won")
    record["result"] = None
    assert saves.summary(record, games["prepollency"]).endswith("unfinished")


def test_rows_hold_both_lines_at_the_smallest_window(saves_dir):
    from common.ui import assets

    for n in range(3):
        (saves_dir / f"s{n}.json").write_text("{}")
    app, d, game = open_game()
    try:
        app.set_window_size((960, 600))
        scene = LoadScene(app)
        app.push(scene)
        scene.wait_listed()
        m = app.m
        needed = assets.font(m.normal, True).get_linesize() + assets.font(m.small).get_linesize()
        assert len(scene.rows) == 3 and all(rect.h >= needed for _, rect in scene.rows)
    finally:
        app.close()


# the Load screen with many saves, bad ones among them -------------------------------------------

def _games(folder, count: int) -> list:
    """`count` unfinished Prepollency saves, the newest last written."""
    from common.saves import folder as save_folder

    paths = []
    for n in range(count):
        record = {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1,
                  "turns": [[]] * n, "result": None, "players": {"1": "human", "3": "easy"}}
        paths.append(save_folder.write_new(folder, "prepollency", record))
        os.utime(paths[-1], (1_700_000_000 + n, 1_700_000_000 + n))
    return paths


def _load(app, d):
    app.reset(MainMenu(app))
    app.push(LoadScene(app))
    app.top.wait_listed()
    d.frames(1)
    return app.top


def test_keys_select_scroll_and_open(saves_dir):
    _games(saves_dir, 30)
    app, d, game = open_game()
    try:
        load = _load(app, d)
        assert len(load.shown) == 30 and len(load.rows) < 30
        assert load.rows[0][0].moves == 29, "newest first"
        for _ in range(load.visible + 2):
            d.key(pygame.K_DOWN)
        assert load.selected == load.visible + 2 and load.scroll == 3
        d.key(pygame.K_END)
        assert load.selected == 29 and load._indices[-1] == 29
        d.key(pygame.K_HOME)
        assert load.selected == 0 and load.scroll == 0
        d.wheel(load.list_rect.center, -5)
        assert load.scroll == 5 and load._indices[0] == 5
        d.key(pygame.K_DOWN)
        d.key(pygame.K_RETURN)
        opened = app.top
        assert isinstance(opened, GameScene) and len(opened.match.moves) == 28
    finally:
        app.close()


def test_delete_then_undo_and_rename_from_the_keyboard(saves_dir):
    from common.ui.scenes.name_dialog_scene import NameDialog

    paths = _games(saves_dir, 3)
    app, d, game = open_game()
    try:
        load = _load(app, d)
        d.key(pygame.K_DOWN)
        target = load.shown[1].path
        data = target.read_bytes()
        d.key(pygame.K_DELETE)
        assert not target.exists() and len(load.shown) == 2 and load.deleted is not None
        d.key(pygame.K_z, pygame.KMOD_CTRL)
        assert target.read_bytes() == data and len(load.shown) == 3
        d.key(pygame.K_F2)
        dialog = app.top
        assert isinstance(dialog, NameDialog)
        d.type("Sunday \x00game")
        d.key(pygame.K_RETURN)
        assert app.top is load
        assert rec.load(target)["save_name"] == "Sunday game"
        assert load.shown[1].name == "Sunday game", "renaming keeps its place (its date)"
        d.click(next(b for b in load.row_buttons if b.label == "Delete").rect.center)
        assert not paths[2].exists()
        d.click(load.undo_b.rect.center)
        assert paths[2].exists()
    finally:
        app.close()


def test_hostile_files_are_listed_safely_and_hide_nothing(saves_dir):
    from common.saves import folder as save_folder

    _games(saves_dir, 2)
    os.mkdir(os.path.join(os.fsencode(str(saves_dir)), b"x"))  # a folder: skipped
    raw = os.fsencode(str(saves_dir)) + b"/bad-\xff\xfe-name.json"
    with open(raw, "wb") as f:
        f.write(b'{"game": "overlords", "version": 1')
    record = {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [],
              "result": {"winner": "\u0000\ud800" * 5000, "reason": "obelisk"},
              "players": {"1": "cmd:" + "\u202e" * 3000, "3": 7}, "names": {"1": "A\x00b"}}
    (saves_dir / "bad-result.json").write_text(
        __import__("json").dumps(record), encoding="utf-8", errors="surrogatepass")
    moves = ["a1-a2 " + "x" * 200_000]
    (saves_dir / "long-move.json").write_text(__import__("json").dumps(
        {"game": "prepollency", "version": 1, "seats": [1, 3], "first": 1, "turns": [moves],
         "result": None}))
    (saves_dir / "huge-int.json").write_text('{"game": "prepollency", "version": 1, "seats": '
                                             '[1, 3], "first": 1, "turns": [], "result": null, '
                                             '"x": ' + "9" * 5000 + "}")
    app, d, game = open_game()
    try:
        load = _load(app, d)
        shown = {e.path.name: e for e in load.entries}
        assert len(shown) == 6 and shown["huge-int.json"].problem is not None
        bad = next(e for n, e in shown.items() if n.startswith("bad-") and "result" not in n)
        assert bad.problem is not None and "not valid JSON" in bad.problem
        assert bad.file_name.startswith("bad-") and bad.file_name.isprintable()
        odd = shown["bad-result.json"]
        assert odd.finished and len(odd.state) < 40 and len(odd.details) < 300
        for tab in ("progress", "finished"):
            load._switch(tab)
            d.frames(1)  # every row drawn without an error
        load._switch("progress")
        d.frames(1)
        row = next(r for e, r in load.rows if e.path.name == "long-move.json")
        d.click(row.center)
        dialog = app.top
        assert isinstance(dialog, Dialog) and dialog.title == "This save cannot be opened"
        assert all(len(line) <= 200 for line in dialog.lines)
        assert dialog.panel.h < app.size[1]
        d.click(next(b for b in dialog.buttons if b.label == "Move aside").rect.center)
        assert (saves_dir / save_folder.ASIDE / "long-move.json").exists()
        assert len(load.entries) == 5
    finally:
        app.close()


def test_a_folder_that_cannot_be_read_says_so_not_no_saves(saves_dir, monkeypatch):
    monkeypatch.setenv("OVERLORDS_SAVES", str(saves_dir / "afile"))
    (saves_dir / "afile").write_text("")
    app, d, game = open_game()
    try:
        load = _load(app, d)
        assert load.entries == [] and "is a file, not a folder" in load.folder_problem
    finally:
        app.close()


def test_review_opens_any_game_at_its_first_move(saves_dir):
    _games(saves_dir, 3)
    app, d, game = open_game()
    try:
        load = _load(app, d)
        d.click(next(b for b in load.row_buttons if b.label == "Review").rect.center)
        review = app.top
        assert isinstance(review, GameScene) and review.review == 0
        assert len(review.match.moves) == 2 and not review.match.over
    finally:
        app.close()
