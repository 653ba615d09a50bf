"""The Rules screen's pictures: each one draws, fits its column, and shows what the engine says.

Every "Picture: KEY" of both rules texts names a picture the game draws; each picture's claims
(a Rune's targets, a Dragon over the Barriers, the capture table, the Reckoning, the Obelisk
hold, an elimination by two players) are checked here against the engine itself.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from common.games import GAMES  # noqa: E402
from common.ui.theme import COLOUR_BLIND, STANDARD, metrics  # noqa: E402
from overlords import rules as ov  # noqa: E402
from overlords.ui import rules_pictures as op  # noqa: E402
from prepollency.moves import GRID  # noqa: E402
from prepollency.ui import rules_pictures as pp  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    yield


def test_every_picture_key_of_the_rules_texts_is_drawn():
    modules = {"overlords": op, "prepollency": pp}
    for name, entry in GAMES.items():
        keys = [p[len("Picture: "):] for _, paragraphs in entry.rules_text.SECTIONS
                for p in paragraphs if p.startswith("Picture: ")]
        assert keys and set(keys) <= set(modules[name].PICTURES), name
        assert entry.screens.rules_picture is modules[name].rules_picture


@pytest.mark.parametrize("width", [240, 608, 900])
@pytest.mark.parametrize("pal", [STANDARD, COLOUR_BLIND], ids=["standard", "colour-blind"])
def test_each_picture_draws_within_its_column(width, pal):
    m = metrics((960, 600) if width < 700 else (1920, 1080))
    for module in (op, pp):
        for key in module.PICTURES:
            art = module.rules_picture(key, width, pal, m)
            assert art is not None and 0 < art.get_width() <= width, (key, width)
            assert 20 < art.get_height() < 4000, key
            assert pygame.transform.average_color(art)[3] > 0, key  # something is drawn
        assert module.rules_picture("no such picture", width, pal, m) is None


def test_each_rune_diagram_marks_exactly_that_runes_moves_of_that_figure():
    by_rune = {d.rune: d for d in op.RUNE_DIAGRAMS}
    assert sorted(by_rune) == list(range(1, 8))
    for d in op.RUNE_DIAGRAMS:
        moves = d.moves()
        assert moves and all(m.rune == d.rune for m in moves), d.caption
        names = {ov.GRID.names[m.to] for m in moves}
        if d.rune == 1:
            assert "c3" not in names and "e5" in names  # no stop on a Mountain; a capture
        if d.rune == 4:
            assert names >= {"c6", "e6"}  # the jump over the Mountains round d4
        if d.rune == 5:
            assert "f5" not in names  # a Teleport never captures
        if d.rune == 6:
            assert names == {"c3"}  # only the Castle White holds (the other is Black's)
        if d.rune == 7:
            assert names == {"d5", "e5"}  # a Hero may not take the Wizard on c5
    assert "not with an Overlord" in by_rune[7].caption


def test_a_dragon_flies_over_the_barriers_another_figure_stops():
    dragon, hero = op.DRAGON_DIAGRAMS
    flown = {ov.GRID.names[m.to] for m in dragon.moves()}
    walked = {ov.GRID.names[m.to] for m in hero.moves()}
    assert "d6" in flown and not {"d4", "d5", "d7"} & flown  # over, never onto; no Hero taken
    assert "d3" in walked and not {"d4", "d5", "d6"} & walked


def test_the_reckoning_sequence_is_a_played_hand():
    hands = op.reckoning_hands()
    assert hands[0] == (ov.ALL_RUNES, ov.FATE_STONES)
    assert bin(hands[1][0]).count("1") == 6 and sum(hands[1][1]) == 6
    assert bin(hands[6][0]).count("1") == 1 and sum(hands[6][1]) == 1
    assert hands[7] == (ov.ALL_RUNES, ov.FATE_STONES)  # the seventh turn: all 14 back


def test_the_piece_pictures_show_the_engines_moves():
    (inf, isq, it, _, _), (cav, csq, ct, _, _), (arc, asq, at, _, _), (khan, ksq, kt, _, _) = \
        pp.piece_diagrams()

    def dist(a: int, b: int) -> int:
        return max(abs(GRID.col(a) - GRID.col(b)), abs(GRID.row(a) - GRID.row(b)))

    assert it and all(dist(isq, t) == 1 for t in it) and GRID.index("g7") not in it
    assert all(abs(GRID.col(t) - GRID.col(csq)) == abs(GRID.row(t) - GRID.row(csq)) <= 3
               for t in ct) and GRID.index("k11") in ct and GRID.index("f6") not in ct
    assert all((GRID.col(t) == GRID.col(asq)) != (GRID.row(t) == GRID.row(asq)) for t in at)
    assert GRID.index("h11") in at and GRID.index("j8") not in at and max(
        dist(asq, t) for t in at) == 3
    assert max(dist(ksq, t) for t in kt) > 3 and GRID.index("k8") not in kt


def test_the_hold_picture_counts_to_the_win_and_the_elimination_is_the_engines():
    holds = pp.hold_states()
    assert [s.holds[1] for s in holds] == [1, 2, 3, 4]
    assert holds[-1].result is not None and holds[-1].result.winner == 1
    assert holds[-1].result.reason == "obelisk"
    before, after = pp.elimination_states()
    assert 1 in before.alive and 1 not in after.alive and after.result is None
    assert not after.pieces[1]  # Red's pieces left the board


def test_the_four_hold_pictures_differ_and_count_rounds_as_the_game_screen_does():
    from prepollency.ui.words import hold_words

    m, frames = metrics((1280, 800)), []
    original = pp.frames
    try:
        pp.frames = lambda items, *a, **k: frames.extend(items) or original(items, *a, **k)
        pp.hold(900, STANDARD, m)
    finally:
        pp.frames = original
    pictures = [pygame.image.tobytes(surface, "RGBA") for surface, _ in frames]
    assert len(frames) == 4 and len(set(pictures)) == 4, "each round looks different"
    captions = [caption for _, caption in frames]
    assert [c.endswith(f"{n} of 3 rounds") or f"{n} of 3," in c
            for n, c in enumerate(captions) if n] == [True, True, True]
    assert hold_words(1, 3, lambda s: "Red").endswith("2 of 3 rounds"), "the screen's counter"
