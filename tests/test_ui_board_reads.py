"""An Overlords board that reads at a glance (issue 11), driven on the real app (dummy video
driver): stuck figures and the Sources count said on board and panel, marks that never cover
a feature icon or a flag, quiet teleports, hover tips and the legend, forbidden pairs named,
the Rune-then-Fate pick, and the hot-seat setup (Black's tray, the warned-about setup).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
import time  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.scenes.dialog_scene import Dialog  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules  # noqa: E402
from overlords.rules import BLACK, WHITE  # noqa: E402
from overlords.setup import board_for  # noqa: E402
from overlords.ui.art import fate_slots, feature  # noqa: E402
from overlords.ui.art import flag as marker  # noqa: E402
from overlords.ui.board import draw_board, draw_targets  # noqa: E402
from overlords.ui.legend import Legend  # noqa: E402
from overlords.ui.screens import play_scene  # noqa: E402
from overlords.ui.setup_scene import SetupScene  # noqa: E402
from overlords.ui.tips import sources_text, sources_warning, stuck_text  # noqa: E402
from overlords.ui.view import TIP_DELAY  # noqa: E402
from tests.helpers.overlords_diagram import board, position, runes_of  # noqa: E402
from tests.helpers.overlords_screen import open_position  # noqa: E402

G = rules.GRID


@pytest.fixture
def closing():
    apps = []
    yield apps
    for app in apps:
        app.close()


def test_a_stuck_overlord_is_said_on_board_and_panel(closing):
    # White played its Overlord Fate stone and both Dragon Fates: they wait for the Reckoning
    state = position(board(e1=".O", d1=".D", c1=".H", e8=".o", d8=".d"),
                     runes=(runes_of(1, 2, 3, 4), rules.ALL_RUNES),
                     fates=((0, 2, 0, 2), rules.FATE_STONES), reserve=((0, 2, 1, 3),) * 2)
    assert stuck_text(state, WHITE) == "Overlord and Dragon cannot move until the Reckoning"
    assert stuck_text(state, BLACK) == ""
    only_o = position(board(e1=".O", e8=".o"), fates=((0, 2, 2, 2), rules.FATE_STONES))
    assert stuck_text(only_o, WHITE) == "Overlord cannot move until the Reckoning"
    app, d, game = open_position(state)
    closing.append(app)
    # the panel says it in White's card: bold bright words at the header's right, where
    # Black's card has only the dim "Reckoning in 7 turns"
    def bright_header(side):
        card = game.view.panel.hands[side].card
        area = pygame.Rect(card.centerx, card.y, card.w // 2 - 4, int(app.m.normal * 1.5))
        return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                   if all(abs(a - b) < 25 for a, b in zip(app.screen.get_at((x, y))[:3],
                                                          app.pal.text, strict=True)))
    assert bright_header(WHITE) > 100 and bright_header(BLACK) == 0
    # the padlock on the Overlord's square (top-left), none on Black's
    e1, e8 = (game.view.board.square_rect(G.index(n)) for n in ("e1", "e8"))
    size = max(12, int(game.view.board.tile * 0.26))

    def lock_pixels(rect):
        area = pygame.Rect(rect.x + 3, rect.y + 3, size, size)
        return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                   if app.screen.get_at((x, y))[:3] == (255, 255, 255))
    assert lock_pixels(e1) > 5 and lock_pixels(e8) == 0
    # pointing at it explains
    d.move(game.view.board.center(G.index("e1")))
    d.frames(1)
    time.sleep(TIP_DELAY + 0.05)
    d.frames(1)
    assert game.view.tip_text() == ("White's Overlord. Captures anything. Lose it and you lose "
                                    "the game. Its Overlord Fate stone is played: it cannot "
                                    "move until the Reckoning.")
    assert game.view.tip_due()
    d.click(game.view.board.center(G.index("e1")))
    assert "Overlord Fate stone was played" in game.status().text


def test_the_sources_count_and_the_one_from_winning_warning(closing):
    features = "\n".join([
        "c. t. l. .. .. .. .. ..",
        "c. t. l. .. .. .. .. ..",
        "c. t. l. .. .. .. .. ..",
        ".. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. .o",
        ".. .. .. .. .. .. .. ..",
        ".. .. .. .. .. .. .. ..",
        ".O .. .. .. .. .. .. ..",
    ])
    held = {n: WHITE for n in ("a8", "a7", "a6", "b8", "b7", "b6", "c8", "c7")}
    state = position(features, control={**held, "c6": BLACK}, turn=BLACK)
    assert sources_text(state, WHITE) == "Sources 8/9" and sources_text(state, BLACK) == \
        "Sources 1/9"
    assert sources_warning(state, BLACK) == "White is one Source from winning: c6."
    assert sources_warning(state, WHITE) == "You are one Source from winning: c6."
    assert sources_warning(state, None) == "White is one Source from winning: c6."
    app, d, game = open_position(state, ("normal", "human"))
    closing.append(app)
    game.seats.stop()
    assert game.status().warning == "White is one Source from winning: c6."


def _feature_pixels(surface, rect, kind, tile):
    icon = feature(kind, int(tile * 0.86))
    box = icon.get_rect(center=rect.center)
    return [(x, y) for x in range(icon.get_width()) for y in range(icon.get_height())
            if icon.get_at((x, y))[3] == 255 and surface.get_rect().collidepoint(box.x + x,
                                                                                box.y + y)]


def test_marks_never_cover_a_feature_icon_or_a_flag(closing):
    app, d, game = open_position(position(board(a1=".O", h8=".o")))
    closing.append(app)
    view, pal = game.view.board, app.pal
    state = position(board(d4=".D", a1=".O", h8=".o", d6="c.", f6="t.", b6="p."),
                     control={"d6": WHITE, "f6": BLACK}, runes=(runes_of(3, 5),
                                                               rules.ALL_RUNES))
    plain = pygame.Surface(app.screen.get_size())
    draw_board(plain, view, state, pal)
    marked = plain.copy()
    targets = {}
    for m in rules.moves_from(state, G.index("d4")):
        targets.setdefault(m.to, []).append(m)
    assert G.index("d6") in targets and G.index("f6") in targets  # a slide and a teleport
    draw_targets(marked, view, targets, state, pal)
    for name, kind in (("d6", rules.CASTLE), ("f6", rules.TOWER)):
        rect = view.square_rect(G.index(name))
        icon = feature(kind, int(view.tile * 0.86))
        box = icon.get_rect(center=rect.center)
        solid = [(box.x + x, box.y + y) for x in range(icon.get_width())
                 for y in range(icon.get_height()) if icon.get_at((x, y))[3] == 255]
        assert solid and all(marked.get_at(p) == plain.get_at(p) for p in solid), name
        side = int(state.control[G.index(name)])
        flag = marker(side, view.tile, pal)
        cloth = [(rect.x + x, rect.y + y) for x in range(flag.get_width())
                 for y in range(flag.get_height()) if flag.get_at((x, y))[3] == 255]
        assert cloth and all(marked.get_at(p) == plain.get_at(p) for p in cloth), name
    # teleport-only squares are quiet: far fewer marked pixels than a slide target's dot
    def changed(name):
        rect = view.square_rect(G.index(name))
        return sum(1 for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
                   if marked.get_at((x, y)) != plain.get_at((x, y)))
    slide, teleport = changed("d5"), changed("g2")
    assert [m.rune for m in targets[G.index("g2")]] == [5]
    assert 0 < teleport < slide / 3


def test_a_forbidden_pair_is_named_and_rune_then_fate_picks_the_figure(closing):
    state = position(board(d4=".W", a1=".O", h8=".o", b3=".H"), runes=(runes_of(2, 3, 4),
                                                                       rules.ALL_RUNES))
    app, d, game = open_position(state)
    closing.append(app)
    hand = game.view.panel.hands[WHITE]
    wizard = hand.fates[fate_slots().index(rules.WIZARD)].center
    d.click(hand.runes[2].center)  # Rune 3 ...
    d.click(wizard)  # ... with a Wizard Fate: forbidden
    assert game.refused[0] == "Rune 3 cannot move a Wizard"
    assert game.status().text == "Rune 3 cannot move a Wizard"
    c = game.controller
    assert (c.pick.rune, c.pick.fate) == (None, rules.WIZARD), "the new stone is picked"
    d.click(hand.runes[1].center)  # Rune 2 and the Wizard: only the Wizard on d4 moves
    assert c.pick.figure == G.index("d4")
    assert "pick" not in game.status().text, "no stone is asked for: both are picked"
    d.click(game.view.board.center(G.index("d4")))  # clicking it again keeps it
    assert c.pick.figure == G.index("d4") and (c.pick.rune, c.pick.fate) == (2, rules.WIZARD)
    d.key(pygame.K_ESCAPE)
    assert not c.picked
    hero = hand.fates[fate_slots().index(rules.HERO)].center
    d.click(hand.runes[1].center)
    assert game.status().text == "Now click a circled figure, or pick a Fate stone."
    d.click(hero)  # Rune 2 with a Hero: the Hero on b3 is the one figure; no stone asked for
    assert c.pick.figure == G.index("b3")
    assert "pick" not in game.status().text
    with pytest.raises(rules.IllegalMoveError, match="Rune 3 cannot move a Wizard"):
        rules.find_move(state, 3, rules.WIZARD, G.index("d4"), G.index("d6"))


def test_hover_tips_name_the_runes_and_the_legend_is_one_click_away(closing):
    app, d, game = open_position(position(board(a1=".O", h8=".o", c3="l.")))
    closing.append(app)
    hand = game.view.panel.hands[WHITE]
    d.move(hand.runes[3].center)
    d.frames(1)
    assert game.view.tip_text() == ("Rune 4 · Knight jump: jumps like a chess knight, over "
                                    "anything. Never moves a Hero.")
    d.move(game.view.board.center(G.index("c3")))
    d.frames(1)
    assert game.view.tip_text().startswith("Lair: a Source. Rune 6 recruits Dragons")
    assert not game.view.tip_due(), "not at once: the pointer must rest"
    time.sleep(TIP_DELAY + 0.05)
    before = app.screen.copy()
    d.frames(1)
    assert game.view.tip_due()
    x, y = game.view.board.center(G.index("c3"))
    box = pygame.Rect(x + 16, y + 20, 120, 14)
    assert sum(1 for px in range(box.x, box.right) for py in range(box.y, box.bottom)
               if app.screen.get_at((px, py)) != before.get_at((px, py))) > 200, "the tip shows"
    d.click(game.view.legend_b.center)
    assert isinstance(app.top, Legend)
    d.key(pygame.K_ESCAPE)
    assert app.top is game
    d.key(pygame.K_l)
    assert isinstance(app.top, Legend)
    d.key(pygame.K_ESCAPE)
    a1 = game.view.board.center(G.index("a1"))
    d.move(a1)
    d.frames(1)
    assert "Overlord" in game.view.tip_text()  # a figure's tip...
    d.click(a1)
    assert game.controller.pick.figure == G.index("a1")
    assert game.view.tip_text() == "", "...but not once picked: its moves say it"


def _black_tray_drawn(app, setup) -> bool:
    """Black's tray slots show Black's tokens (their dark fill)."""
    for rect in setup.phase.tray.values():
        fill = app.pal.sides[BLACK][0]
        rgb = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
        inner = rect.inflate(-rect.w // 3, -rect.h // 3)
        pixels = [app.screen.get_at((x, y))[:3] for x in range(inner.x, inner.right, 2)
                  for y in range(inner.y, inner.bottom, 2)]
        same = sum(1 for p in pixels if all(abs(a - b) < 20 for a, b in zip(p, rgb,
                                                                            strict=True)))
        if same < 40:
            return False
    return True


def test_hot_seat_black_gets_its_tray_at_once_and_a_dangerous_setup_is_asked(closing):
    seed = next(n for n in range(200) if _open_file_board(n))
    app = App(main.games(), (1280, 800))
    closing.append(app)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    app.push(play_scene(app, ["human", "human"], seed))
    d = Driver(app)
    d.frames(1)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.phase.side == WHITE
    d.click(setup.default_b.rect.center)
    d.key(pygame.K_RETURN)  # Ready by the keyboard
    assert setup.phase.side == BLACK
    assert len(setup.phase.tray) == 4 and all(r.w > 0 for r in setup.phase.tray.values())
    assert _black_tray_drawn(app, setup), "no relayout needed"
    d.drag(setup.phase.tray[rules.OVERLORD].center, setup.board.center(G.index("a8")))
    assert setup.phase.mine[rules.OVERLORD] == G.index("a8")
    d.click(setup.default_b.rect.center)  # the usual setup would stand on the open e-file
    assert setup.threat == "" and setup.phase.mine[rules.OVERLORD] != G.index("e8")
    d.drag(setup.board.center(setup.phase.mine[rules.OVERLORD]),
           setup.board.center(G.index("e8")))  # put there by hand, it is warned about
    assert "could capture your Overlord on e8" in setup.status().text
    d.click(setup.ready_b.rect.center)
    ask = app.top
    assert isinstance(ask, Dialog) and ask.title == "Overlord in danger"
    assert [b.label for b in ask.buttons] == ["Cancel", "Start anyway"]
    d.key(pygame.K_RETURN)  # Enter is Cancel
    assert app.top is setup
    rng = random.Random(3)
    for _ in range(40):  # the warning follows any arrangement caught on move 1
        setup.phase.shuffle(rng)
        setup.refresh()
        state = rules.make_state(setup.features, setup.placed)
        caught = any(m.to == setup.phase.mine[rules.OVERLORD] for m in rules.legal_moves(state))
        assert bool(setup.threat) == caught
    d.click(setup.default_b.rect.center)
    d.drag(setup.board.center(setup.phase.mine[rules.OVERLORD]),
           setup.board.center(G.index("e8")))
    d.click(setup.ready_b.rect.center)
    d.click(next(b for b in app.top.buttons if b.label == "Start anyway").rect.center)
    assert not isinstance(app.top, SetupScene)


def _open_file_board(seed: int) -> bool:
    features = board_for(seed)
    state = rules.make_state(features, rules.default_setup())
    return any(m.frm == G.index("e1") and m.to == G.index("e8") for m in rules.legal_moves(state))


def test_words_for_a_discard_and_an_overlord_read_as_english():
    from overlords.ui.hint import hint_words
    from overlords.ui.words import describe

    state = rules.new_state(random.Random(3))
    discard = rules.Move.parse("7O --")
    assert describe(discard, state).endswith("discards Rune 7 and an Overlord Fate")
    said = hint_words(discard, state)
    assert said.startswith("Discard Rune 7 and an Overlord Fate (7O --") and "-- —" not in said
    assert describe(rules.Move.parse("6D b5"), state).endswith("recruits a Dragon on b5")
