"""Danger two moves deep on the Overlords screen (issue 11), driven like a player on the real
app (dummy video driver), on small crafted positions: the verdicts come from a background
thread and agree with the rules' own definition; a move that loses by force carries its own
mark (a diamond, not the "!" triangle), the status says why in words, and playing it asks
first (unless the Settings turn that off); the Rune choice stands beside its square.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import time  # noqa: E402

import pytest  # noqa: E402

from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from overlords import rules, tactics  # noqa: E402
from overlords.rules import WHITE  # noqa: E402
from overlords.ui.rune_choice import RuneChoice  # noqa: E402
from overlords.ui.threats import FORCED, LOSES, SHIELD, Threats  # noqa: E402
from tests.helpers.overlords_diagram import board, position, runes_of  # noqa: E402
from tests.helpers.overlords_screen import open_position  # noqa: E402

G = rules.GRID

# White holds Runes 2, 6, 7. The Overlord on e6 has three kinds of moves: most step into a
# capture at once (the "!"); e6-h3, e6-f7 and e6-g8 are safe for one move but Black's Dragon
# then comes round (3D d2-d7 / d2-d5) and nothing saves the Overlord; only 7H g5-g6 is safe.
TRAP = position(board(e6=".O", b8=".o", d2=".d", e3=".w", g5=".H", e8=".D"),
                runes=(runes_of(2, 6, 7), rules.ALL_RUNES))


def loses_at_once(state: rules.State, move: rules.Move) -> bool:
    """The definition, from the rules alone: after the move the enemy captures the Overlord
    (or takes its ninth Source) with one move."""
    after = rules.apply(state, move)
    if after.result is not None:
        return False
    return any(rules.apply(after, reply).result is not None
               and rules.apply(after, reply).result.winner == 1 - state.turn
               for reply in rules.legal_moves(after))


def loses_by_force(state: rules.State, move: rules.Move) -> bool:
    """Some enemy reply after which every answer loses at once."""
    after = rules.apply(state, move)
    if after.result is not None:
        return False
    for reply in rules.legal_moves(after):
        then = rules.apply(after, reply)
        if then.result is None and all(
                loses_at_once(then, answer) for answer in rules.legal_moves(then)):
            return True
    return False


def test_the_tactics_verdicts_agree_with_the_rules_definition():
    for move in rules.legal_moves(TRAP):
        verdict = tactics.danger(TRAP, move)
        now = loses_at_once(TRAP, move)
        assert (verdict is not None and not verdict.forced) == now, str(move)
        if not now:
            assert (verdict is not None) == loses_by_force(TRAP, move), str(move)
        if verdict is not None:  # the reply named really does it
            after = rules.apply(TRAP, move)
            then = rules.apply(after, verdict.reply)
            if verdict.forced:
                assert all(loses_at_once(then, a) for a in rules.legal_moves(then)), str(move)
            else:
                assert then.result is not None and then.result.winner != WHITE
    assert tactics.danger(TRAP, rules.Move.parse("7H g5-g6")) is None


def test_forced_win_finds_the_capture_and_the_net():
    now = position(board(a1=".O", d4=".D", d8=".o"))
    assert str(tactics.forced_win(now)) == "3D d4-d8"
    assert tactics.forced_win(position(board(a1=".O", d4="p.", h8=".o"))) is None


def test_verdicts_come_from_a_background_thread_without_any_frame():
    t = Threats(TRAP)
    end = time.monotonic() + 30
    while not t.done and time.monotonic() < end:
        time.sleep(0.01)  # no frame, no update(): the thread does the work
    assert t.done and t.error is None
    assert t.mark(rules.Move.parse("2O e6-h3")) == FORCED
    assert t.mark(rules.Move.parse("2O e6-d5")) == LOSES
    assert t.any_safe() is True


@pytest.fixture
def trap():
    app, d, game = open_position(TRAP)
    yield app, d, game
    app.close()


def red_pixels(surface, rect, pal) -> int:
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if all(abs(a - b) <= 30 for a, b in zip(surface.get_at((x, y))[:3], pal.refusal,
                                                       strict=True)))


def test_a_forced_loss_is_marked_explained_and_confirmed(trap):
    app, d, game = trap
    c = game.controller
    d.click(game.view.board.center(G.index("e6")))
    c.threats.finish()
    d.frames(1)
    marks = c.target_marks()
    assert marks.complete
    assert marks.with_mark(FORCED) == {G.index(n) for n in ("h3", "f7", "g8")}
    assert G.index("d5") in marks.with_mark(LOSES) and not marks.with_mark(SHIELD)
    assert "a 2 diamond two moves on" in game.status().text
    # the two marks differ in shape: a diamond's corners are empty where a triangle's base
    # is full (and the other way round at the top), whatever the colours
    tile = game.view.board.tile
    size = max(14, int(tile * 0.3))

    def badge(name):
        rect = game.view.board.square_rect(G.index(name))
        return rect.right - size - 2, rect.bottom - size - 2

    x, y = badge("h3")
    low_left = app.screen.get_at((x + 1, y + size - 3))[:3]
    x2, y2 = badge("d5")
    tri_low_left = app.screen.get_at((x2 + 3, y2 + int(size * 0.88)))[:3]
    assert tri_low_left != low_left
    assert red_pixels(app.screen, app.screen.get_rect().clip((x, y, size, size)), app.pal) > 10
    # pointing at the square says why, naming the reply that forces the loss (any of them)
    move = next(m for m in rules.legal_moves(game.match.state)
                if str(m).endswith("e6-h3"))
    reply = tactics.danger(game.match.state, move).reply
    then = rules.apply_legal(rules.apply_legal(game.match.state, move), reply)
    assert rules.attackers(then, WHITE)
    d.move(game.view.board.center(G.index("h3")))
    d.frames(1)
    attack = next(a for a in rules.attackers(then, WHITE) if a.frm == reply.to)
    assert game.status().text == (f"{move}: after this, Black replies {reply}: your Overlord "
                                  f"is then attacked ({attack}) and no move of yours saves "
                                  "it.")
    # playing it asks first; Cancel (the default) keeps the turn
    d.click(game.view.board.center(G.index("h3")))
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "A losing move"
    assert f"Black replies {reply}: your Overlord is then attacked" in ask.lines[0]
    assert [b.label for b in ask.buttons] == ["Cancel", "Play it"]
    d.click(ask.buttons[0].rect.center)
    assert app.top is game and game.match.moves == []
    assert c.pick.figure == G.index("e6"), "the Overlord stays picked"
    d.click(game.view.board.center(G.index("d5")))  # loses at once: asked too
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Lose your Overlord?"
    assert "3D d2-d5 captures your Overlord" in ask.lines[0]
    d.click(next(b for b in ask.buttons if b.label == "Play it").rect.center)
    assert [str(m) for m in game.match.moves] == ["2O e6-d5"]


def test_the_settings_can_turn_the_confirmation_off(trap):
    app, d, game = trap
    app.settings.confirm_risky = False
    d.click(game.view.board.center(G.index("e6")))
    d.click(game.view.board.center(G.index("h3")))
    assert app.top is game and [str(m) for m in game.match.moves] == ["2O e6-h3"]


def test_a_safe_move_is_played_without_a_question(trap):
    app, d, game = trap
    d.click(game.view.board.center(G.index("g5")))
    d.click(game.view.board.center(G.index("g6")))
    assert app.top is game and [str(m) for m in game.match.moves] == ["7H g5-g6"]


def test_no_question_when_every_move_loses():
    state = position(board(a1=".O", h8=".d", h1=".d", h2=".d", e8=".o"),
                     runes=(runes_of(1), rules.ALL_RUNES), fates=((1, 0, 0, 0),
                                                                  rules.FATE_STONES))
    app, d, game = open_position(state)
    try:
        game.controller.threats.finish()
        # the Hint's move, like every other, loses: its words say that no move is safe
        game.controller.hint = rules.legal_moves(state)[0]
        assert "No move is safe any more: every one loses the Overlord by force." in (
            game.status().text)
        game.controller.hint = None
        d.click(game.view.board.center(G.index("a1")))
        d.click(game.view.board.center(G.index("b2")))
        assert app.top is game and [str(m) for m in game.match.moves] == ["1O a1-b2"]
    finally:
        app.close()


def test_the_rune_choice_marks_the_losing_rune_and_stands_beside_the_square():
    # The Hero on d4 takes the Dragon on e5 with Rune 1, 2 or 7 (King step, Bishop slide,
    # Pawn capture): the player chooses, beside e5.
    state = position(board(d4=".H", e5=".d", a1=".O", h8=".o"), runes=(runes_of(1, 2, 7),
                                                               rules.ALL_RUNES))
    app, d, game = open_position(state)
    try:
        d.click(game.view.board.center(G.index("d4")))
        game.controller.threats.finish()
        marks = game.controller.target_marks()
        e5 = G.index("e5")
        assert [r for r, _ in marks.runes_of(e5)] == [1, 2, 7], "digits where a choice is"
        assert [r for r, _ in marks.runes_of(G.index("d5"))] == [1, 7]
        assert marks.runes_of(G.index("f6")) == (), "no digits where one Rune only gets there"
        d.click(game.view.board.center(e5))
        choice = app.top
        assert isinstance(choice, RuneChoice)
        assert not choice.panel.colliderect(game.view.board.square_rect(e5))
        assert [b.label for b in choice.buttons] == [
            "Rune 1 · King step", "Rune 2 · Bishop slide", "Rune 7 · Pawn step", "Cancel"]
        d.click((5, 5))  # a click elsewhere cancels
        assert app.top is game and game.match.moves == []
        d.click(game.view.board.center(e5))
        d.click(app.top.buttons[1].rect.center)
        assert [str(m) for m in game.match.moves] == ["2H d4-e5"]
        assert game.match.state.figure(e5) == (WHITE, rules.HERO)
    finally:
        app.close()


def test_leaving_the_game_stops_the_background_judging(trap):
    app, d, game = trap
    threats = game.controller.threats
    assert threats is not None
    app.main_menu()  # the game screen closes
    assert threats._stop, "no thread judges a position nobody sees"
