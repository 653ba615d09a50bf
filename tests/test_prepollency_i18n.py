"""Prepollency in the player's language (issue 35): the engine's reasons (why), the puzzles'
refutations and explanations, the lessons' judgements, the coach, the seat and colour names, a
turn's moves and the new-game dialog's default names and caption come out in German, French
or Spanish, from the same engine values as in English."""

from __future__ import annotations

import os
import random
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from common import i18n, puzzles  # noqa: E402
from common.games import GAMES  # noqa: E402
from common.seats import described_words  # noqa: E402
from prepollency import coach, lessons, names, rules, why  # noqa: E402
from prepollency import puzzles as pp_puzzles  # noqa: E402
from prepollency.moves import GRID, Move, Turn  # noqa: E402
from prepollency.state import from_diagram  # noqa: E402

# English words of the reasons and judgements: none may be left in a translated sentence
ENGLISH = re.compile(r"\b(lets|takes|stands|holds|brings|leaves|wins|then|answers|your|"
                     r"Obelisk squares|base squares|hold the line|holding the line|"
                     r"Red|Blue|Green|Yellow|Cavalry|Infantry)\b")  # "Archer" is French too


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.ENGLISH)


def _positions(count: int = 25) -> list[rules.State]:
    """Turn-start positions of a random three-seat game."""
    rng = random.Random(35)
    state, out = rules.new_state(random.Random(3), 3, 1), []
    while len(out) < count and state.result is None:
        out.append(state)
        state = rules.apply(state, rng.choice(rules.legal_moves(state)))
    return out


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_the_reasons_come_from_the_same_facts_in_every_language(lang):
    positions = _positions()
    rng = random.Random(1)
    turns = [rng.choice(rules.legal_moves(s)) for s in positions]
    english = [why.explain_move(s, t) for s, t in zip(positions, turns, strict=True)]
    assert i18n.use(lang) is None
    for state, turn, said in zip(positions, turns, english, strict=True):
        reason = why.explain_move(state, turn)
        assert reason.kinds() == said.kinds()  # the engine's facts, whatever the language
        for fact, before in zip(reason.facts, said.facts, strict=True):
            assert fact.value == before.value
            assert fact.text != before.text and not ENGLISH.search(fact.text), fact.text


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_puzzle_refutations_and_solutions_are_translated(lang):
    assert i18n.use(lang) is None
    judged = 0
    for puzzle in puzzles.load_puzzles("prepollency"):
        state = puzzle.state
        why_text = puzzle.why_solution()
        assert not ENGLISH.search(why_text), (puzzle.id, why_text)
        for turn in rules.legal_moves(state)[:6]:
            refuted = pp_puzzles.refute(state, puzzle.goal, 0, turn)
            if refuted is not None:
                assert not ENGLISH.search(refuted.why), (puzzle.id, refuted.why)
                judged += 1
    assert judged > 20


def test_names_turns_and_lists_follow_the_language():
    e1, e2, f1, f2 = (GRID.index(s) for s in ("e1", "e2", "f1", "f2"))
    turn = Turn((Move(e1, e2), Move(f1, f2)))
    assert names.turn(turn) == "e1-e2, then f1-f2" and names.turn(Turn()) == "holding the line"
    assert names.listed(["Red", "Blue", "Green"]) == "Red, Blue and Green"
    assert i18n.use("de") is None
    assert names.turn(turn) == "e1-e2, dann f1-f2" and names.turn(Turn()) == "Stellung halten"
    assert names.listed([names.seat(1), names.seat(3)]) == "Rot und Grün"
    assert GAMES["prepollency"].seat_names(2) == "Blau"  # a seat with no given name
    assert described_words("CPU, novice") == "Computer, Neuling"
    assert i18n.use("es") is None
    assert names.turn(turn) == "e1-e2 y luego f1-f2" and names.seat(4) == "Amarillo"
    assert lessons.seat_name(1) == "Rojo"


def test_lesson_judgements_and_coach_remarks_are_translated():
    state = from_diagram("""
        a  b  c  d  e
     5  .  .  .  .  .
     4  .  .  3A .  .
     3  .  .  .  .  .
     2  .  .  .  .  .
     1  1I .  .  .  1C
    """, seats=(1, 3), turn=1)
    english = lessons.CLAIMS["attacked"]({"square": "a1"}, state)[1]
    assert i18n.use("fr") is None
    ok, said = lessons.CLAIMS["attacked"]({"square": "a1"}, state)
    assert said != english and not ENGLISH.search(said), said
    ok, said = lessons.JUDGES["safe"]({}, state, None, state, 1)
    assert not ok and said == "rien n’a été joué"
    remark = coach.advice(rules.apply(state, Turn()), names.seat)
    if remark is not None:
        assert not ENGLISH.search(remark.text), remark.text


def test_the_dialogs_default_names_follow_the_language_and_are_remembered_in_english():
    import main
    from common.ui.app import App
    from prepollency.ui.new_game import NewGameScene

    app = App(main.games(), (960, 600))
    try:
        assert i18n.use("de") is None  # after the app, which takes its settings' language
        app.settings.prepollency_new_game = {"players": 3, "seats": {
            "1": {"name": "Rojo", "colour": "red"}, "2": {"name": "Zoë", "colour": "blue"}}}
        dialog = NewGameScene(app, on_start=lambda *_a: None)
        app.push(dialog)
        assert [dialog.rows[s].name.value for s in (1, 2, 3)] == ["Rot", "Zoë", "Grün"]
        dialog._cycle(3, 1)  # a default name follows its colour
        assert dialog.rows[3].name.value == "Gelb"
        dialog._remember()
        kept = app.settings.prepollency_new_game["seats"]
        assert [kept[s]["name"] for s in ("1", "2", "3")] == ["Red", "Zoë", "Yellow"]
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_the_previews_caption_fits_its_two_lines_at_960x600(lang):
    import main
    from common.ui import draw
    from common.ui.app import App
    from prepollency.ui.new_game import NewGameScene
    from prepollency.ui.setup_preview import turn_order

    app = App(main.games(), (960, 600))
    try:
        assert i18n.use(lang) is None
        dialog = NewGameScene(app, on_start=lambda *_a: None)
        app.push(dialog)
        dialog.layout((960, 600))
        width, px = dialog.board.w, app.m.small
        for seats in ((1, 3), (1, 2, 3), (1, 2, 3, 4)):
            for start in (i18n._("First player drawn at random"),
                          i18n._("{starts} starts").format(starts=names.seat(4))):
                caption = i18n._("{first_player}; {turn_order}").format(
                    first_player=start, turn_order=turn_order(seats))
                assert len(draw.wrap(caption, px, width)) <= 2, caption
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
def test_the_obelisk_box_keeps_its_hold_warning_whole_in_every_language(lang):
    import pygame

    from prepollency.ui.panel import _fitted, _obelisk_lines

    pygame.init()
    assert i18n.use(lang) is None
    owners = [0] * len(GRID.names)
    for sq in rules.OBELISK:
        owners[sq] = 1
    holds = (0, 3, 0, 0, 0)  # Red one round from the win: the warning shows
    lines = _obelisk_lines(owners, holds, (1, 2, 3), names.seat, turn=2)
    warning = next(text for text, warn in lines if warn)
    width, height = 250, 62  # the box beside the Obelisk's plus at 960x600
    px, shown = _fitted(lines, width, height, 14)
    assert len(shown) * int(px * 1.3) <= height + int(px * 0.3) and px >= 10
    assert " ".join(line for line, warn in shown if warn) == warning


def test_a_default_name_saved_in_another_language_is_shown_in_the_players():
    from prepollency.ui import colours

    assert i18n.use("de") is None
    assert colours.shown_name("Rojo") == "Rot" and colours.shown_name("bleu ciel") == "Himmelblau"
    assert colours.shown_name("Red") == "Rot" and colours.shown_name("Alice") == "Alice"
    assert colours.named("Vert") == "green" and colours.named("Zoë") is None
