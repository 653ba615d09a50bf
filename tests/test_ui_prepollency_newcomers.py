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
