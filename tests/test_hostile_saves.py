"""Issue 20, the saves folder from anywhere (dummy video driver; every crafted file is made
here): a lone surrogate in a save, Unicode-digit seat keys, a file name too long for the
usual temporary name, a held Delete key, a folder of large or many files, and start-up that
never waits for the folder. Also issue 21's Load-screen words (one count, one word, the tab
with games)."""

from __future__ import annotations

import errno
import json
import os
import random
import threading

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common import record as rec  # noqa: E402
from common.saves import folder as save_folder  # noqa: E402
from common.saves import index as save_index  # noqa: E402
from common.saves import trash as save_trash  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.game_scene import GameScene  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.load_scene import LoadScene  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from prepollency import rules as prules  # noqa: E402


@pytest.fixture
def saves_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("OVERLORDS_SAVES", str(folder))
    return folder


@pytest.fixture
def app(saves_dir):
    a = App(main.games(), (1280, 800), saves_folder=saves_dir)
    a.settings.animation = "off"
    a.settings.handover = False
    yield a
    a.close()


def prepollency_record(turns: int = 0, **extra) -> dict:
    """A valid unfinished 2-player Prepollency record of `turns` random turns."""
    rng = random.Random(turns)
    state = start = prules.new_state(random.Random(1), 2)
    moves = []
    for _ in range(turns):
        move = prules.random_move(state, rng)
        moves.append(move)
        state = prules.apply(state, move)
    return {**rec.build(prules, start, moves, state, players={"1": "human", "3": "human"}),
            **extra}


def write(folder, name: str, record: dict | str, when: float | None = None):
    path = folder / name
    path.write_text(record if isinstance(record, str) else json.dumps(record),
                    encoding="utf-8", errors="surrogatepass")
    if when is not None:
        os.utime(path, (when, when))
    return path


def menu_ready(app: App, d: Driver) -> MainMenu:
    app.reset(MainMenu(app))
    app.top.wait_continue()
    d.frames(1)
    return app.top


def load_ready(app: App, d: Driver) -> LoadScene:
    app.push(LoadScene(app))
    app.top.wait_listed()
    d.frames(1)
    return app.top


# 1. a lone surrogate anywhere in a save --------------------------------------------------

def test_a_lone_surrogate_in_the_newest_save_never_ends_the_app(app, saves_dir):
    record = prepollency_record(2, save_name="\ud800", names={"1": "A\udfffb", "3": "\ud83d"})
    write(saves_dir, "surrogate.json", record)
    d = Driver(app)
    menu = menu_ready(app, d)
    cont = menu.buttons[0]
    assert cont.label == "Continue"
    cont.hint.encode("utf-8")  # drawable *and* encodable, before any use
    d.click(cont.rect.center)
    game = app.top
    assert isinstance(game, GameScene)
    d.frames(2)
    menu = menu_ready(app, d)
    load = load_ready(app, d)
    entry = load.rows[0][0]
    for text in (entry.name, entry.title, entry.details, entry.players):
        text.encode("utf-8")
    assert rec.load(saves_dir / "surrogate.json")["save_name"] == "\ufffd"


def test_every_string_of_a_parsed_record_is_encodable_keys_too():
    text = ('{"a\\ud800": ["\\udfff", {"k": "x\\uDC80y"}], "ok": "\\ud83d\\ude00", '
            '"deep": ' + "[" * 200 + '"\\ud800"' + "]" * 200 + "}")
    data = rec.loads(text)
    json.dumps(data, ensure_ascii=False).encode("utf-8")
    assert data["ok"] == "\U0001f600", "a real pair stays the character it spells"


# 2. Unicode digits as seat keys --------------------------------------------------------------

@pytest.mark.parametrize("key", ["²", "①", "٣", "1.0", " 1", True])
def test_a_bad_seat_key_in_names_or_colours_is_ignored_and_the_game_opens(app, saves_dir, key):
    record = prepollency_record(3, names={"1": "Ann", str(key): "Bad"},
                                colours={str(key): "red", "3": "blue"})
    write(saves_dir, "digits.json", record)
    d = Driver(app)
    menu = menu_ready(app, d)
    d.click(menu.buttons[0].rect.center)  # Continue
    game = app.top
    assert isinstance(game, GameScene), "the game opens, the bad key ignored"
    assert game.match.name(1) == "Ann" and len(game.match.moves) == 3


# 4. a file name too long for the usual temporary name ------------------------------------

@pytest.mark.parametrize("length", [242, 245, 250, 255])
def test_a_save_with_a_long_file_name_is_rewritten(saves_dir, length):
    name = "é" * ((length - 5) // 2) + "x" * ((length - 5) % 2) + ".json"
    assert len(os.fsencode(name)) == length
    path = write(saves_dir, name, prepollency_record(1))
    save_folder.rewrite(path, prepollency_record(4))
    assert len(rec.load(path)["turns"]) == 4
    assert [n for n in os.listdir(saves_dir) if save_folder.is_temp(n)] == []


def test_a_game_that_cannot_be_saved_stays_marked_and_asks_before_leaving(app, saves_dir,
                                                                          monkeypatch):
    def full(path, record):
        raise OSError(errno.ENOSPC, "No space left on device")

    write(saves_dir, "g.json", prepollency_record(2))
    d = Driver(app)
    menu = menu_ready(app, d)
    d.click(menu.buttons[0].rect.center)
    game = app.top
    monkeypatch.setattr(save_folder, "rewrite", full)
    game.autosave()
    game.saver.flush()
    d.frames(1)
    assert game.save.shown and "no space" in game.save.shown
    for _ in range(3):  # the mark lasts, frame after frame (no 4-second toast only)
        d.frames(1)
        from common.ui import unsaved

        assert unsaved.mark_rect(game) is not None
    from common.ui import game_menu

    game_menu.open_menu(game)  # the game's menu (Esc), then "Main menu"
    pause = app.top
    d.frames(1)
    assert any("Not saved" in line for line in pause.lines)
    d.click(next(b for b in pause.buttons if b.label == "Main menu").rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "This game is not saved"
    d.click(next(b for b in ask.buttons if b.label == "Stay").rect.center)
    assert app.top is game
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.frames(1)
    assert app.running and app.top.title == "This game is not saved", "closing asks too"
    monkeypatch.undo()  # the disk has room again: Try again saves, then leaves
    d.click(next(b for b in app.top.buttons if b.label == "Try again").rect.center)
    assert not app.running and game.saver.problem is None


# 5. Delete on the Load screen ----------------------------------------------------------------

def test_a_held_delete_deletes_one_save_and_undo_puts_back_every_deletion(app, saves_dir):
    paths = [write(saves_dir, f"s{n:02}.json", prepollency_record(n % 3), 1_700_000_000 + n)
             for n in range(30)]
    d = Driver(app)
    menu_ready(app, d)
    load = load_ready(app, d)
    d.hold(pygame.K_DELETE, 20)  # the key repeats 20 times
    assert sum(not p.exists() for p in paths) == 1, "one press, one save"
    d.key(pygame.K_DELETE)
    d.key(pygame.K_DELETE)
    assert sum(not p.exists() for p in paths) == 3 and len(load.shown) == 27
    for _ in range(3):
        d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert all(p.exists() for p in paths) and len(load.shown) == 30
    assert [e.path for e in load.shown] == paths[::-1], "each back in its place"
    d.key(pygame.K_DELETE)
    d.key(pygame.K_ESCAPE)  # leaving makes the deletion final
    assert sum(not p.exists() for p in paths) == 1
    trash = saves_dir / save_trash.TRASH  # kept, with its mark: other windows may use it
    assert [p.name for p in trash.rglob("*")] == [save_trash.TRASH_MARK], "nothing waits there"


# 6-8. many or large files: listed in the background, bounded, all of them -----------------

def test_the_list_is_usable_while_it_fills_and_summaries_are_bounded(app, saves_dir,
                                                                     monkeypatch):
    for n in range(5):
        write(saves_dir, f"s{n}.json", prepollency_record(1, save_name="N" * 100_000,
                                                          names={"1": "x" * 100_000}),
              1_700_000_000 + n)
    gate = threading.Event()
    real = rec.load

    def slow(path):
        gate.wait(60)
        return real(path)

    monkeypatch.setattr(rec, "load", slow)
    d = Driver(app)
    app.push(LoadScene(app))
    d.frames(2)
    load = app.top
    assert load.reading and load.shown == []  # on screen at once, filling
    d.key(pygame.K_DOWN)
    gate.set()
    load.wait_listed()
    d.frames(1)
    assert len(load.shown) == 5
    summary = load.shown[0].file
    assert len(summary.name) <= save_folder.MAX_NAME and all(len(s[2]) <= 40 for s in summary.seats)
    assert not hasattr(summary, "record"), "no parsed record is kept"
    calls = []
    monkeypatch.setattr(rec, "load", lambda path: calls.append(path) or real(path))
    d.key(pygame.K_ESCAPE)
    again = load_ready(app, d)
    assert len(again.shown) == 5 and calls == [], "read once: cached by size and date"


def test_start_up_draws_before_reading_the_folder_and_continue_follows(app, saves_dir,
                                                                        monkeypatch):
    write(saves_dir, "g.json", prepollency_record(2))
    gate = threading.Event()
    real = save_index.summarise
    monkeypatch.setattr(save_index, "summarise", lambda *a: gate.wait(60) and real(*a))
    save_index._cache.clear()
    d = Driver(app)
    app.reset(MainMenu(app))
    d.frames(2)
    assert app.frames >= 2 and app.top.buttons[0].label != "Continue"
    gate.set()
    app.top.wait_continue()
    d.frames(1)
    assert app.top.buttons[0].label == "Continue"


def test_more_than_five_thousand_saves_are_all_listed(app, saves_dir):
    tiny = json.dumps(prepollency_record(0))
    for n in range(save_folder.MAX_FILES + 3):
        (saves_dir / f"s{n:05}.json").write_text(tiny)
    d = Driver(app)
    load = load_ready(app, d)
    assert len(load.shown) == save_folder.MAX_FILES + 3
    d.key(pygame.K_END)
    assert load._indices[-1] == save_folder.MAX_FILES + 2


# issue 21: one count, one word, the tab with games --------------------------------------------

def test_load_counts_as_the_log_and_opens_on_the_list_with_games(app, saves_dir):
    from overlords import rules as orules

    rng = random.Random(5)
    state = start = orules.new_state(rng)
    moves = []
    while len(moves) < 7:
        move = orules.random_move(state, rng)
        moves.append(move)
        state = orules.apply(state, move)
    over = orules.resign(state, state.turn)
    write(saves_dir, "o.json", rec.build(orules, start, moves, over,
                                         players={"white": "human", "black": "hard"}))
    d = Driver(app)
    load = load_ready(app, d)
    assert load.tab == "finished", "only finished games: it opens on that list"
    entry = load.shown[0]
    assert entry.count == "4 moves", "7 half-moves: the log's rows 1. to 4."
    assert "White (Human)" in entry.details and "person" not in entry.details
