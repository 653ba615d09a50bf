"""An attacked Overlord on the Overlords screen, driven like a player on the real app (dummy
video driver): the attack shows before any click (glow, ringed attacker, status line naming
it), the moves that save the Overlord carry a shield, and "no move saves it" is said.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402

import pytest  # noqa: E402

import main  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules, tactics  # noqa: E402
from overlords.rules import BLACK, WHITE  # noqa: E402
from overlords.ui.rune_choice import RuneChoice  # noqa: E402
from overlords.ui.screens import game_scene, play_scene  # noqa: E402
from overlords.ui.threats import FORCED, LOSES, SHIELD, Threats, exposes  # noqa: E402
from tests.helpers.overlords_diagram import position, runes_of  # noqa: E402
from tests.helpers.overlords_driver import finish_setup  # noqa: E402

G = rules.GRID
ATTACKED = "Your Overlord is attacked by the Dragon on b8 (Rune 3)."


def board(**cells: str) -> str:
    rows = [[".."] * 8 for _ in range(8)]
    for name, cell in cells.items():
        i = G.index(name)
        rows[7 - i // 8][i % 8] = cell
    return "\n".join(" ".join(r) for r in rows)


def near(color, expected, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color[:3], expected, strict=True))


def count(surface, rect, color, tolerance=40) -> int:
    """Pixels of rect close to color (every other pixel each way)."""
    return sum(1 for x in range(rect.x, rect.right, 2) for y in range(rect.y, rect.bottom, 2)
               if near(surface.get_at((x, y)), color, tolerance))


def reddish(surface, rect) -> int:
    """Pixels of rect with a strong red cast (a translucent red over the parchment)."""
    return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
               if (c := surface.get_at((x, y)))[0] > 150 and c[0] - c[1] > 70
               and c[0] - c[2] > 70)


@pytest.fixture
def b1_under_attack():
    """Seed 4, White (a person) with the Overlord on b1 under Black's Dragon on b8 (a random
    CPU, set up by the board's seed), set up by clicks like the play-through."""
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.push(MainMenu(app))
    app.push(play_scene(app, ["human", "random"], 4))
    d = Driver(app)
    d.frames(1)
    setup = app.top
    d.click(setup.default_b.rect.center)
    d.click(setup.board.center(G.index("e1")))  # pick up the Overlord ...
    d.click(setup.board.center(G.index("b1")))  # ... and put it on b1
    d.click(setup.ready_b.rect.center)
    game = finish_setup(app, d)  # Black's setup is chosen off the UI thread
    assert game.match.state.figure(G.index("b1")) == (WHITE, 0)
    yield app, d, game
    app.close()


def test_the_attack_shows_at_once_before_any_click(b1_under_attack):
    app, d, game = b1_under_attack
    d.frames(1)
    assert game.my_turn and game.controller.threats.attacked
    assert [str(m) for m in game.controller.threats.attackers] == ["3D b8-b1"]
    assert game.status().warning == ATTACKED
    assert game.status().text == ("Click a figure: a shield marks a move that keeps it safe "
                                  "from the next two moves.")
    screen, tile, red = app.screen, game.view.board.tile, app.pal.refusal
    b1, b8 = game.view.board.square_rect(G.index("b1")), game.view.board.square_rect(G.index("b8"))
    assert count(screen, b1, red) > tile * 4, "the Overlord's square glows red"
    cx, cy = b8.center
    ring = [screen.get_at((round(cx + tile * 0.47 * math.cos(a / 8)),
                           round(cy + tile * 0.47 * math.sin(a / 8)))) for a in range(50)]
    assert sum(near(c, red) for c in ring) > 35, "the attacking Dragon is ringed in red"
    b5 = game.view.board.square_rect(G.index("b5"))
    assert reddish(screen, b5) > b5.h * 3, "an arrow runs from the Dragon to the Overlord"
    status = game.view.panel.status
    assert count(screen, status, red) > 200, "the status shows the attack in a red box"
    c5 = game.view.board.square_rect(G.index("c5"))
    assert reddish(screen, c5) == 0


def test_the_moves_that_save_the_overlord_get_a_shield(b1_under_attack):
    app, d, game = b1_under_attack
    threats = game.controller.threats
    hero = G.index("c1")
    d.click(game.view.board.center(hero))
    game.controller.threats.finish()
    d.frames(1)
    state = game.match.state
    moves = rules.moves_from(state, hero)
    saving = {m.to for m in moves if tactics.danger(state, m) is None}
    marks = game.controller.target_marks()
    safe = marks.with_mark(SHIELD)
    # while the Overlord is attacked no target is a plain dot: the others lose it at once (!)
    assert marks.complete and marks.with_mark(LOSES, FORCED) == set(game.controller.targets) - safe
    assert safe == saving and G.index("b2") in safe and len(safe) < len(game.controller.targets)
    assert game.status().text.startswith("A shield saves your Overlord; a ! or a 2 does not")
    assert game.status().warning == ATTACKED
    b2 = game.view.board.square_rect(G.index("b2"))
    size = max(14, int(b2.w * 0.3))
    badge = b2.copy()
    badge.update(b2.right - size - 2, b2.bottom - size - 2, size, size)
    assert count(app.screen, badge, app.pal.move, 30) > 5, "a shield in the corner"
    assert count(app.screen, badge, (255, 255, 255), 20) > 5, "with a white tick"
    c2 = game.view.board.square_rect(G.index("c2"))  # a target that does not save: no shield
    corner = c2.copy()
    corner.update(c2.right - size - 2, c2.bottom - size - 2, size, size)
    assert G.index("c2") in game.controller.targets and G.index("c2") not in safe
    assert count(app.screen, corner, app.pal.move, 30) <= 5, "no shield's green there"
    assert game.controller.threats is threats, "judged once per position, not per click or frame"
    # pointing at a shield says so while the Overlord is attacked (its own words, not the hint)
    d.move(game.view.board.center(G.index("b2")))
    d.frames(1)
    assert game.status().text.endswith("b2: your Overlord is then safe from the next two "
                                       "moves.")

    d.click(game.view.board.center(G.index("b2")))  # Rune 1 and Rune 2 both get there
    top = app.top
    assert isinstance(top, RuneChoice) and top.title == "Which Rune?"
    assert not top.panel.colliderect(b2), "the choice stands beside the square, not over it"
    d.click(next(b for b in top.buttons if b.label.startswith("Rune 1 ")).rect.center)
    assert str(game.match.moves[0]) == "1H c1-b2"
    assert game.controller.threats is None, "nothing is shown while the CPU moves"
    d.settle()
    state = game.match.state
    assert state.turn == WHITE and game.controller.threats.state is state
    assert game.controller.threats.attacked == bool(rules.attackers(state, WHITE))


NO_ESCAPE = board(a1=".O", h8=".d", h1=".d", h2=".d", e8=".o")


def test_no_move_saves_the_overlord_is_said():
    state = position(NO_ESCAPE, runes=(runes_of(1), rules.ALL_RUNES),
                     fates=((1, 0, 0, 0), rules.FATE_STONES))
    assert not rules.must_discard(state) and len(rules.legal_moves(state)) == 3
    app = App(main.games(), (1280, 800))
    try:
        app.settings.animation = "off"
        app.push(MainMenu(app))
        game = game_scene(app, state, ("human", "human"), 1)
        app.push(game)
        d = Driver(app)
        d.frames(1)
        game.controller.threats.finish()
        assert game.controller.threats.attacked and game.controller.threats.saving() is False
        assert game.status().warning.startswith("Your Overlord is attacked by the Dragon on "
                                                "h8 (Rune 2)")
        assert game.status().text.startswith("No move saves your Overlord")
        d.click(game.view.board.center(G.index("a1")))
        assert set(game.controller.targets) == {G.index(n) for n in ("a2", "b1", "b2")}
        marks = game.controller.target_marks()
        assert marks.complete and not marks.with_mark(SHIELD)
        assert marks.with_mark(LOSES) == set(game.controller.targets), "unsafe escapes: !"
        assert game.status().text.startswith("No move saves your Overlord")
    finally:
        app.close()


def test_the_status_names_two_attackers_then_counts_the_rest():
    three = position(board(d4=".O", d8=".d", c5=".h", f5=".w", a8=".o"))
    t = Threats(three)
    assert t.attacker_squares == [G.index("c5"), G.index("d8"), G.index("f5")]
    assert t.attack_text() == ("Your Overlord is attacked by the Hero on c5 (Rune 1, 2 or 7), "
                               "the Dragon on d8 (Rune 3) and 1 more.")
    two = position(board(d4=".O", d8=".d", c5=".h", a8=".o"))
    assert Threats(two).attack_text() == ("Your Overlord is attacked by the Hero on c5 "
                                          "(Rune 1, 2 or 7) and the Dragon on d8 (Rune 3).")
    safe = position(board(d4=".O", a8=".o"), turn=WHITE)
    assert Threats(safe).attack_text() == "" and not Threats(safe).attacked
    black = position(board(d4=".O", d5=".o", a1=".D"), turn=BLACK)  # Black's Overlord
    assert Threats(black).attack_text().startswith("Your Overlord is attacked by the Overlord "
                                                   "on d4")


def test_saving_marks_agree_with_the_engine_for_every_move():
    state = position(board(b1=".O", b8=".d", c1=".H", d1=".W", h8=".o"))
    t = Threats(state)
    t.finish()
    assert t.done and t.attacked and t.saving() is True
    for move in rules.legal_moves(state):
        verdict = t.verdict(move)
        assert (verdict is not None and not verdict.forced) == exposes(state, move), str(move)
        assert verdict == tactics.danger(state, move), str(move)


def test_pointing_at_an_unsafe_escape_says_why_while_attacked(b1_under_attack):
    app, d, game = b1_under_attack
    d.click(game.view.board.center(G.index("b1")))  # the attacked Overlord itself
    game.controller.threats.finish()
    d.frames(1)
    marks = game.controller.target_marks()
    unsafe = sorted(marks.with_mark(LOSES))
    assert unsafe, "some escapes of the Overlord are still in the line of fire"
    d.move(game.view.board.center(unsafe[0]))
    d.frames(1)
    assert ": after this, " in game.status().text
