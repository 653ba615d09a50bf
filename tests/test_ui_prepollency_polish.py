"""The Prepollency screen after play-testing, driven with posted events on the real app (dummy
video driver): the banner names the seat and says apart who plays it, a recap says it is a
replay, the hint marks pieces and targets and says itself in the status, and the fast-CPU
setting shortens the pause before a CPU answer when no person waits for it.
"""

from __future__ import annotations

from tests.test_ui_prepollency import click, hold, open_game


def test_banner_names_the_seat_and_tags_who_plays_it():
    app, d, game = open_game(("human", "random", "human", "random"))
    view = game.view
    assert view.banner_words(game.match.state) == (1, "Red's turn", "")
    d.click(game.controller.hold_b.rect.center)  # Blue (a CPU) is to move now
    assert view.banner_words(game.match.state) == (2, "Blue's turn", "CPU, random")
    assert game.label(2) == "Blue (CPU, random)"  # the label still reads well on its own
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
