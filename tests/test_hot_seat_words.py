"""The hand-over band's words when the turn comes back to a person without new moves: an Undo
went back, a Redo played the turns again, a resignation says what happened (issue 36: after a
resignation or a Redo at a shared table the band said "The game went back")."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from common.ui.hot_seat import REDONE, WENT_BACK, HotSeat, again_words  # noqa: E402
from common.ui.scenes.handover_scene import HandOver  # noqa: E402
from prepollency import rules  # noqa: E402
from prepollency.moves import END  # noqa: E402
from tests.test_ui_prepollency import open_game  # noqa: E402


class Table:
    humans = 2

    def __init__(self, moves: int) -> None:
        self.moves = [None] * moves


def test_the_words_follow_the_direction_the_game_went():
    seat = HotSeat()
    assert seat.started(Table(0), 1, True).moved == 0
    seat.started(Table(1), 3, True)
    back = seat.started(Table(0), 1, True)
    assert back.hand_over and again_words(back, "x") == WENT_BACK
    redo = seat.started(Table(1), 3, True)
    assert redo.hand_over and not redo.fresh and again_words(redo, "x") == REDONE
    left = seat.started(Table(1), 1, True)
    assert again_words(left, "Blue resigns") == "Blue resigns"


def test_a_redo_at_a_shared_table_is_not_called_going_back():
    app, d, game = open_game(("human", "human"))
    try:
        app.settings.handover = True
        m = game.match
        game.step(END)  # Red holds the line: Green's turn, a hand-over
        d.frames(2)
        if isinstance(app.top, HandOver):
            app.pop()
        d.frames(1)
        game.undo()
        d.frames(2)
        if not isinstance(app.top, HandOver):  # another person's turn: Undo asked first
            d.click(next(b for b in app.top.buttons if b.label == "Undo").rect.center)
            d.frames(2)
        assert m.to_move == 1 and isinstance(app.top, HandOver)
        assert app.top.subline == WENT_BACK
        app.pop()
        d.frames(1)
        game.redo()
        d.frames(2)
        assert m.to_move == 3 and isinstance(app.top, HandOver)
        assert app.top.subline == REDONE
        assert rules.to_move(m.state) == 3
    finally:
        app.close()
