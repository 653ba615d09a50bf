"""The Prepollency board shows the threats of the seats that move before the person's next
turn (prepollency.ui.threats), driven like a player on the real app (dummy video driver): the
status says who wins next turn and the squares are marked, a shield marks the moves that stop
it and the "!" those that do not, pointing at one says why, and a turn that hands the game
over asks first (the "Ask before a move that loses the game" setting)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time  # noqa: E402

import pygame  # noqa: E402

from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency.state import OBELISK, from_diagram  # noqa: E402
from prepollency.ui.threats import LOSES, SHIELD, Threats  # noqa: E402
from tests.helpers.prepollency_diagram import cells  # noqa: E402
from tests.test_ui_prepollency import click, open_game, put, sq  # noqa: E402

# Green (3) holds the Obelisk with a count of 3: it wins at the end of its next turn. Red's
# Archer on h12 can take h9; its Cavalry on d4 cannot reach the Obelisk.
HOLD = cells(h8="3I", g8="3I", i8="3I", h7="3I", h9="3I", h12="1A", d4="1C", a1="3I")


def hold_position() -> rules.State:
    return from_diagram(HOLD, holds=(0, 0, 0, 3, 0))


def wait(threats: Threats) -> None:
    deadline = time.monotonic() + 60
    while not threats.done and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threats.done


def test_the_verdicts_come_from_the_background_and_agree_with_the_tactics():
    state = hold_position()
    t = Threats(state)
    wait(t)
    assert set(t.wins) == {3} and t.squares() >= set(OBELISK)
    archer = {m.to: m for m in rules.piece_moves(state, "h12")}
    assert t.mark(archer[sq("h9")]) == SHIELD  # takes a piece of the hold
    assert t.mark(archer[sq("h11")]) == LOSES  # and then nothing can stop it
    cavalry = {m.to: m for m in rules.piece_moves(state, "d4")}
    assert t.mark(cavalry[sq("e5")]) == "safe"  # the Archer's move can still follow
    assert t.ask(archer[sq("h11")]).seat == 3 and t.ask(archer[sq("h9")]) is None


def test_the_board_warns_marks_and_explains_and_asks_before_handing_the_win():
    app, d, game = open_game(("human", "human"))
    try:
        put(game, hold_position())
        d.frames(2)
        c = game.controller
        status = game.status()
        assert "Green wins next turn" in status.warning
        assert "Obelisk" in status.warning
        assert c.watcher.squares() >= set(OBELISK)
        click(d, game, "h12")  # the Archer: its targets carry the marks
        wait(c.watcher.threats)
        d.frames(2)
        marks = dict(c.watcher.marks(c.targets()))
        assert marks[sq("h9")] == SHIELD and marks[sq("h11")] == LOSES
        d.move(game.view.board.center(sq("h11")))
        d.frames(2)
        assert "lets Green complete the Obelisk hold" in game.status().text
        d.move(game.view.board.center(sq("h9")))
        d.frames(2)
        assert "h12-h9 stops Green's win" in game.status().text
        click(d, game, "h11")  # leaves the hold standing: asked first
        d.frames(2)
        assert isinstance(app.top, Dialog) and "Hand Green the win?" in app.top.title
        d.key(pygame.K_ESCAPE)  # Cancel
        d.frames(2)
        assert game.match.state.owners[sq("h12")] == 1  # nothing was played
        app.settings.confirm_risky = False  # the setting off: played without a question
        if c.picked != sq("h12"):
            click(d, game, "h12")
        click(d, game, "h11")
        d.frames(2)
        assert not isinstance(app.top, Dialog) and game.match.state.owners[sq("h11")] == 1
    finally:
        app.close()


def test_a_stopping_move_is_played_without_a_question():
    app, d, game = open_game(("human", "human"))
    try:
        put(game, hold_position())
        d.frames(2)
        click(d, game, "h12")
        click(d, game, "h9")
        d.frames(2)
        assert not isinstance(app.top, Dialog)
        assert game.match.state.owners[sq("h9")] == 1
        # mid-turn: Blue's win is gone, so nothing is warned any more
        assert game.controller.watcher.warning(game.match.name) == ""
    finally:
        app.close()
