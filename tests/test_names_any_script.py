"""Names in any script (issue 35): a name in Chinese, Arabic, Hebrew or Hindi is drawn with
real glyphs by the fallback chain (the bundled font, then a system font that has the
character), right-to-left names set right to left; a system without such a font is skipped,
and a stuck font query is bounded."""

from __future__ import annotations

import os
import subprocess

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from common.ui import assets, draw, fonts, names  # noqa: E402

NAMES = {"Chinese": "李小龙", "Japanese": "さくら", "Arabic": "سلام", "Hebrew": "שלום",
         "Hindi": "नमस्ते"}


@pytest.fixture(autouse=True)
def _display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def _letters(name: str) -> list[str]:
    import unicodedata

    return [ch for ch in name if unicodedata.category(ch) not in ("Mn", "Mc", "Me")]


@pytest.mark.parametrize("script", NAMES)
def test_a_name_in_any_script_draws_with_glyphs_not_boxes(script):
    name = NAMES[script]
    missing = [ch for ch in name if fonts.font_file(ch) is None]
    if missing:
        pytest.skip(f"no font on this system has the {script} characters {missing!r}")
    assert names.clean_name(name) == name, "nothing replaced by ? or dropped"
    for ch in _letters(name):
        file = fonts.font_file(ch)
        assert fonts.covers(file, ch), (script, ch, file)
    drawn = draw.text(name, 24, (255, 255, 255))
    boxes = assets.font(24).render(name, True, (255, 255, 255))  # the bundled font alone
    assert drawn.get_width() > 0
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(boxes, "RGBA")
    assert draw.text_width(name, 24) == drawn.get_width()


def test_right_to_left_runs_are_set_right_to_left():
    hebrew = NAMES["Hebrew"]
    if any(fonts.font_file(ch) is None for ch in hebrew):
        pytest.skip("no font on this system has Hebrew")
    (run,) = fonts.runs(hebrew)
    assert run[1] == hebrew and run[2], "one run, right to left"
    mixed = fonts.runs("Ada " + hebrew)
    assert [r[1] for r in mixed] == ["Ada ", hebrew], "a left-to-right name keeps its order"
    both = fonts.runs(hebrew + " Ada")
    assert [r[1] for r in both] == ["Ada", hebrew + " "], "a right-to-left one sets runs from "\
                                                           "the right"


def test_latin_text_never_asks_the_system():
    calls = []
    real = subprocess.run

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    subprocess.run = spy
    try:
        assert not fonts.needs_chain("Zoë Ångström, Łódź")
        draw.text("Zoë Ångström, Łódź", 20, (0, 0, 0))
    finally:
        subprocess.run = real
    assert calls == []


def test_a_font_query_that_hangs_or_fails_leaves_the_bundled_font(monkeypatch):
    fonts._candidates.cache_clear()
    fonts.font_file.cache_clear()

    def stuck(args, **kwargs):
        assert kwargs["timeout"] == fonts.FC_WAIT
        raise subprocess.TimeoutExpired(args, kwargs["timeout"])

    monkeypatch.setattr(fonts, "_platform", lambda: "linux")
    monkeypatch.setattr(subprocess, "run", stuck)
    try:
        assert fonts.font_file("\u4e2d") is None
        assert names.clean_chars("\u4e2dx").endswith("x")
        assert draw.text("\u4e2d\u6587", 20, (0, 0, 0)).get_width() > 0  # boxes, no crash
    finally:
        fonts._candidates.cache_clear()
        fonts.font_file.cache_clear()
        names.has_glyph.cache_clear()


def test_a_stroke_of_accents_is_still_cut_but_hindi_vowel_signs_stay():
    assert names.clean_name("e\u0301\u0301\u0301te") == "éte"
    assert names.clean_chars("\u0301x") == "x", "a mark on nothing is stray"
    kept = names.clean_chars("न\u092e\u0938\u094d\u0924\u0947")
    assert "\u094d" in kept or "?" in kept  # kept where a font has it, never dropped silently
