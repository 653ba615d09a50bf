"""Overlords in the player's language (issue 35): the engine's reasons, the coach, the tips,
the seat names and the analysis worker speak the catalogue's language, with the names of
figures and sides translated inside the sentences (never English glued into German)."""

from __future__ import annotations

import random

import pytest

from common import i18n
from common import record as rec
from common.games import get
from common.processes import Parent
from common.ui import analysis_run
from overlords import coach, names, rules, why
from overlords.ui import tips
from tests.helpers.overlords_diagram import board, position


@pytest.fixture
def german():
    assert i18n.use("de") is None, "the German catalogue loads"
    yield
    i18n.use(i18n.ENGLISH)


def test_a_capture_reason_is_german_with_the_figure_in_german(german):
    # White's Hero on d1 takes the Black Dragon on d5
    state = position(board(a1=".O", d1=".H", d5=".d", h7=".o"))
    reason = why.explain_move(state, rules.Move.parse("3H d1-d5"))
    fact = reason.get("captures")
    assert fact is not None and "Drache" in fact.text and "Dragon" not in fact.text
    assert "takes" not in reason.text and "Overlord" not in reason.text


def test_the_coach_speaks_german_and_names_the_figure_in_german(german):
    state = position(board(a1=".O", d1=".H", d5=".d", h7=".o"))
    remark = coach.advice(state, lambda side: get("overlords").seat_names(side))
    assert remark is not None and remark.text.startswith("Ein freier Schlag: 3H d1-d5")
    assert names.figure(rules.DRAGON) in remark.text and "Dragon" not in remark.text


def test_the_seat_names_and_the_figure_tip_are_german(german):
    assert [get("overlords").seat_names(s) for s in (rules.WHITE, rules.BLACK)] == \
        ["Weiß", "Schwarz"]
    state = position(board(a1=".O", d1=".H", h7=".o"))
    tip = tips.figure_tip(state, rules.GRID.index("d1"))
    assert tip.startswith("Held von Weiß.") and "Hero" not in tip and "White" not in tip


def test_english_stays_the_default_words():
    state = position(board(a1=".O", d1=".H", d5=".d", h7=".o"))
    assert why.explain_move(state, rules.Move.parse("3H d1-d5")).get("captures").text == \
        "takes the Dragon"
    assert get("overlords").seat_names(rules.BLACK) == "Black"


def test_the_analysis_worker_takes_the_apps_language(monkeypatch):
    """A spawned worker starts in English: `_serve` switches to the language it is given
    before the analysis says anything (run here in-process, its queue a list, without the
    watch that ends an orphaned worker)."""
    monkeypatch.setattr(analysis_run, "_orphaned", lambda parent: None)

    class Out(list):
        def put(self, item):
            self.append(item)

    state = rules.new_state(random.Random(7))
    move = rules.legal_moves(state)[0]
    out = Out()
    try:
        analysis_run._serve(rec.build(rules, state, [move], rules.apply(state, move)), 10, 0,
                            out, Parent.here(), "de")
        assert i18n.language() == "de"
        assert out and out[-1] == ("done", None)
    finally:
        i18n.use(i18n.ENGLISH)
