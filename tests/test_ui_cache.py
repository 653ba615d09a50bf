"""Caches of drawings are bounded by bytes, least recently used out (common/ui/cache.py), and
the app's own caches (text, shadows, backdrops, art) stay in their budgets however much is
drawn and however often the window is resized (issue 38)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import main  # noqa: E402
from common.ui import assets, cache, draw, shadows  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.cache import SurfaceCache, bounded_cache, nbytes  # noqa: E402
from common.ui.driver import Driver  # noqa: E402


def _surface(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def test_a_cache_keeps_to_its_bytes_and_lets_the_least_recently_used_go():
    kept = SurfaceCache("test", 3 * nbytes(_surface(10)))
    for key in "abc":
        kept.put(key, _surface(10))
    assert kept.get("a") is not None  # "a" is now the most recently used
    kept.put("d", _surface(10))
    assert kept.get("b") is None, "the least recently used went"
    assert all(kept.get(key) is not None for key in "acd")
    assert kept.bytes <= kept.max_bytes and len(kept) == 3
    big = _surface(100)
    assert kept.put("big", big) is big and kept.get("big") is None, "larger than the budget"
    kept.clear()
    assert kept.bytes == 0 and len(kept) == 0


def test_a_bounded_cache_decorates_like_lru_cache_and_reports_itself():
    calls = []

    @bounded_cache(2 * nbytes(_surface(8)), "test.square")
    def square(side: int) -> pygame.Surface:
        calls.append(side)
        return _surface(side)

    assert square(8) is square(8) and calls == [8]
    for side in range(1, 30):  # more than the budget holds: the oldest go
        square(side)
    assert square.cache.bytes <= square.cache.max_bytes and len(square.cache) <= 2
    assert square.cache.bytes <= square.cache.max_bytes
    assert ("test.square", len(square.cache), square.cache.bytes, square.cache.max_bytes) \
        in cache.report()
    square.cache_clear()
    assert square.cache_info()[2:] == (0, 0)


def test_the_text_cache_stays_in_its_budget_however_much_text_is_drawn():
    pygame.font.init()
    for n in range(4000):
        draw.text(f"Turn {n}: Blue moves c3-e5 and Red answers", 16 + n % 20, (10, 20, 30))
    assert draw.TEXT.bytes <= draw.TEXT.max_bytes
    for n in range(3000):  # a game's labels: short ones (about 10 KB each), a few sizes
        draw.text(f"{n}. c3-e5", 14 + n % 4, (10, 20, 30))
    assert draw.TEXT.bytes <= draw.TEXT.max_bytes
    assert len(draw.TEXT) >= 300, "it keeps several screens' worth (a game draws ~50 a frame)"


def test_the_rules_page_does_not_push_a_game_screens_labels_out_of_the_text_cache():
    """The Rules page is laid out once into its own surface: its hundreds of lines are not
    kept in the text cache, so the labels a game screen draws every frame are still there
    when the player comes back from the rules (at the largest window)."""
    app = App(main.games(), (1920, 1080))
    try:
        d = Driver(app)
        app.push(app.screens("prepollency").play_scene(app, ["human", "human"], 3, 1))
        draw.TEXT.clear()
        d.frames(3)
        keys = set(draw.TEXT._items)
        for game in app.games:
            app.show_rules(game)
            d.frames(2)
            d.key(pygame.K_END)
            d.frames(2)
            app.pop()
        d.frames(1)
        misses = draw.TEXT.misses
        app.invalidate()
        d.frames(2)
        assert draw.TEXT.misses == misses, "every label of the game screen was still kept"
        assert keys <= set(draw.TEXT._items)
    finally:
        app.close()


def test_a_large_panels_shadow_keeps_nothing_of_its_size_and_looks_like_the_whole_one():
    """A panel's shadow is drawn in nine pieces from one small shadow: what is kept does not
    grow with the panels' sizes, and around the panel it is the whole blurred shadow to within
    a few levels of 255 (the whole one is blurred at a quarter of its size, so its edge may sit
    a pixel or two off; a missing corner or edge is ~40-110 levels off)."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    for size in [(435, 162), (435, 370), (1200, 700), (800, 120), (300, 300)]:
        for radius, lift in [(9, 5), (18, 10), (0, 10)]:
            rect = pygame.Rect(100, 100, *size)
            shots = []
            for nine in (False, True):
                target = pygame.Surface((size[0] + 200, size[1] + 200))
                target.fill((230, 220, 200))
                if nine:
                    shadows.shadow_under(target, rect, radius, lift)
                else:
                    whole = shadows.shadow(size, radius, lift, 110)
                    target.blit(whole, (rect.x - 2 * lift, rect.y - 2 * lift + lift // 2))
                pygame.draw.rect(target, (245, 240, 230), rect, border_radius=radius)
                shots.append(pygame.surfarray.array3d(target).astype(int))
            assert abs(shots[0] - shots[1]).max() <= 24, (size, radius, lift)
    shadows.shadow.cache_clear()
    for n in range(200):  # a panel growing with its text, a window resized many times
        rect = pygame.Rect(20, 20, 300 + 4 * n, 200 + 3 * n)
        shadows.shadow_under(pygame.Surface((1300, 900)), rect, 12, 8)
    assert len(shadows.shadow.cache) <= 2  # the small shadows the pieces come from
    for name, _entries, held, budget in cache.report():
        assert held <= budget, name


def test_a_window_resized_many_times_keeps_the_art_caches_in_their_budgets():
    app = App(main.games(), (1280, 800))
    try:
        d = Driver(app)
        app.push(app.screens("prepollency").play_scene(app, ["human", "human"], 3, 1))
        d.frames(1)
        for n in range(30):
            app.set_window_size((960 + 31 * n, 600 + 17 * n))
            d.frames(1)
        for name, _entries, held, budget in cache.report():
            assert held <= budget, name
        assert assets._svg_cached.cache.bytes <= assets._svg_cached.cache.max_bytes
    finally:
        app.close()


def test_a_window_made_large_and_small_again_keeps_only_the_small_sizes_drawings():
    """The drawings kept for a window size (backdrops, art at its tile size, labels at its
    type sizes) are let go when the size changes: after a visit to 1920x1080 the caches hold
    what a layout at 960x600 draws, not the large window's megabytes too."""

    def held() -> int:  # the images read from files are the same at any size: not counted
        return sum(b for name, _n, b, _budget in cache.report() if name != "assets.image")

    app = App(main.games(), (960, 600))
    try:
        d = Driver(app)
        app.push(app.screens("overlords").play_scene(app, ["human", "human"], 3, 1))
        d.frames(3)
        cache.clear_all()  # what the earlier tests drew; then what a layout at this size draws
        app.relayout()
        d.frames(3)
        small = held()
        app.set_window_size((1920, 1080))
        d.frames(3)
        large = held()
        app.set_window_size((960, 600))
        d.frames(3)
        assert large > small  # the large window's drawings were kept while it was large
        assert held() <= small * 1.1 + 64 * 1024
    finally:
        app.close()


def test_the_games_piece_art_is_cached_by_bytes_and_stays_in_budget_over_many_sizes():
    """Issue 38: each game's art (figures, features, flags, glyphs, stones, glows, ghosts,
    locks; pieces, tokens, fades, the Obelisk, seat marks) is kept in a cache bounded by
    bytes, so drawing it at many sizes keeps only what fits."""
    from common.ui.theme import PALETTES
    from overlords.ui import art as o_art
    from overlords.ui import board as o_board
    from overlords.ui import marks as o_marks
    from prepollency.ui import art as p_art

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    cached = [o_art.figure, o_art.feature, o_art.flag, o_art.glyph, o_art.stone,
              o_board._glow, o_board.ghost, o_marks._lock, p_art.piece, p_art._token,
              p_art.faded, p_art.obelisk, p_art.mark_icon]
    assert all(isinstance(getattr(f, "cache", None), SurfaceCache) for f in cached)
    pal = next(iter(PALETTES.values()))
    tones = ("#dd5522", "#331100", "#ffaa88")
    for size in range(40, 400, 3):  # a window resized many times
        o_art.figure(0, 0, size, pal)
        o_board.ghost(1, 1, size, pal)
        p_art.piece(1, tones, size, 1)
        p_art.faded(2, tones, size, 120)
    for fn in cached:
        assert fn.cache.bytes <= fn.cache.max_bytes
    assert len(o_art.figure.cache) < 120, "old sizes were let go"


def test_a_fading_mark_keeps_one_drawing_whatever_its_alpha():
    """A pulsing or fading mark (a bar, a ring, a dot) passes through many alphas: its shape is
    kept once, and the alpha is applied as it is drawn, blended as a translucent colour is."""
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    for fn in (draw._alpha_rect, draw._ring, draw._dot):
        fn.cache_clear()
    target = pygame.Surface((100, 100))
    for alpha in range(256):
        draw.alpha_rect(target, pygame.Rect(5, 5, 60, 4), (201, 150, 62, alpha))
        draw.ring(target, (50, 50), 20, (40, 160, 200), 3, alpha)
        draw.dot(target, (50, 50), 6, (40, 160, 200), alpha)
    assert [len(fn.cache) for fn in (draw._alpha_rect, draw._ring, draw._dot)] == [1, 1, 1]
    target.fill((255, 255, 255))
    draw.alpha_rect(target, pygame.Rect(0, 0, 10, 10), (0, 0, 0, 102))  # 40% black on white
    assert all(abs(v - 153) <= 2 for v in target.get_at((5, 5))[:3])
