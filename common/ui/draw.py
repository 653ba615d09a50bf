"""Drawing helpers: cached text, wrapped paragraphs, panels with soft shadows (`shadows`),
small shapes.

Every cache here is bounded by bytes, least recently used out (`common.ui.cache`).

Every piece of text the app draws or measures goes through `drawable` (by way of `text`,
`text_width`, `fit_text` and `wrap`): text read from a file, a bot, the settings or a file
name is hostile, and the font renderer raises on a NUL or a lone surrogate (a file name's
undecodable bytes) and makes a surface as wide as any string. No surface is sized from text
that was not cut first (`MAX_DRAWN` characters a line, `MAX_LINES` lines a message).
"""

from __future__ import annotations

import contextlib
import math
import unicodedata
from collections.abc import Iterator

import pygame

from common.i18n import Message
from common.ui import assets, fonts
from common.ui.cache import SurfaceCache, bounded_cache
from common.ui.shadows import shadow_under
from common.ui.theme import Color

TEXT = SurfaceCache("draw.text", 3 << 20)  # labels: a frame draws at most ~1.3 MB (1920x1080)
MAX_DRAWN = 400  # characters of one line of text drawn (a longer one is cut with "…")
MAX_PARAGRAPH = 20_000  # characters of a paragraph `wrap` reads (the rules' are ~1,000)
MAX_LINES = 8  # lines of each message line of a dialog (it may quote a file or a bot)
ELLIPSIS = "…"
_UNDRAWABLE = ("Cc", "Cs", "Cf", "Cn")  # controls, lone surrogates, format chars, unassigned


def shown(s: object) -> object:
    """A message marked for translation (`common.i18n.Message`, what `N_()` makes) in the
    current language; anything else as it is (a name, a file's words: never translated)."""
    return s.translated() if type(s) is Message else s


def drawable(s: object, limit: int | None = MAX_DRAWN) -> str:
    """Any value as text the font renderer takes: not text is turned to text; a line break or
    tab becomes a space; every other control, format or unassigned character and every lone
    surrogate (a file name's undecodable bytes) becomes one "?" (one character for one, so a
    text field's caret stays in place); cut to `limit` characters with "…" (None: uncut)."""
    if not isinstance(s, str):
        try:
            s = str(s)
        except Exception:  # noqa: BLE001 - a value whose str() fails still draws
            s = "?"
    if limit is not None and len(s) > limit:
        s = s[: max(0, limit - 1)] + ELLIPSIS
    if s.isprintable():
        return s
    return "".join(_char(ch) for ch in s)


def _char(ch: str) -> str:
    if ch.isprintable():
        return ch
    if ch in "\n\r\t\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029":
        return " "
    return "?" if unicodedata.category(ch) in _UNDRAWABLE else ch


_RECORDING: list[list[str]] = []  # `recording()` lists: every text drawn while one is open


@contextlib.contextmanager
def recording() -> Iterator[list[str]]:
    """Every piece of text drawn inside the block, in order (tests read the words a screen
    shows: in the pseudo-language, an unmarked English word stands out)."""
    seen: list[str] = []
    _RECORDING.append(seen)
    try:
        yield seen
    finally:
        _RECORDING.remove(seen)


def text(s: object, px: int, color: Color, bold: bool = False,
         keep: bool = True) -> pygame.Surface:
    """The rendered text surface of `drawable(s)` (kept in `TEXT`: drawing the same label
    every frame is free). Never raises for any text. `keep=False`: rendered and not kept, for
    what is drawn once into a page that keeps its pixels (the rules: hundreds of lines that
    would push the labels drawn every frame out of the cache)."""
    s = shown(s)
    for seen in _RECORDING:
        seen.append(s if isinstance(s, str) else drawable(s))
    key = (s, px, color, bold) if isinstance(s, str) else (drawable(s), px, color, bold)
    surface = TEXT.get(key)
    if surface is None:
        surface = _render(drawable(s), px, color, bold)
        if keep:
            TEXT.put(key, surface)
    return surface


def _render(line: str, px: int, color: Color, bold: bool) -> pygame.Surface:
    """A drawable line rendered (the bundled font, or the fallback chain for a script it
    lacks; a line the renderer still refuses, with its unknown characters as "?")."""
    font = assets.font(px, bold)
    try:
        if fonts.needs_chain(line, bold):  # a name in a script the bundled font lacks
            return fonts.render(line, px, color, bold)
        return font.render(line, True, color)
    except (pygame.error, ValueError, UnicodeError):
        return font.render(line.encode("ascii", "replace").decode("ascii"), True, color)


def text_width(s: object, px: int, bold: bool = False) -> int:
    """The width in pixels `text(s, px, ...)` draws (0 for "")."""
    line = drawable(shown(s))
    if not line:
        return 0
    font = assets.font(px, bold)
    try:
        if fonts.needs_chain(line, bold):
            return fonts.width(line, px, bold)
        return font.size(line)[0]
    except (pygame.error, ValueError, UnicodeError):
        return font.size(line.encode("ascii", "replace").decode("ascii"))[0]


def blit_text(
    target: pygame.Surface, s: str, px: int, color: Color, pos: tuple[int, int],
    anchor: str = "topleft", bold: bool = False,
) -> pygame.Rect:
    """Draw text with its anchor ("center", "midleft", ...) at pos; returns the rect used."""
    surface = text(s, px, color, bold)
    rect = surface.get_rect(**{anchor: pos})
    target.blit(surface, rect)
    return rect


def fit_text(s: str, px: int, width: int, bold: bool = False, min_px: int = 11) -> int:
    """The largest size up to px at which s fits in width pixels."""
    while px > min_px and text_width(s, px, bold) > width:
        px -= 1
    return px


def wrap(s: object, px: int, width: int, bold: bool = False,
         max_lines: int | None = None) -> list[str]:
    """Split a paragraph into drawable lines no wider than width (a word wider than a line is
    broken); with max_lines, at most that many, the last ending in "…" if text was left."""
    lines: list[str] = []
    s = shown(s)
    source = s if isinstance(s, str) else drawable(s)
    for paragraph in source.split("\n"):
        _wrap_paragraph(drawable(paragraph, MAX_PARAGRAPH), px, width, bold, max_lines, lines)
        if max_lines is not None and len(lines) > max_lines:
            return _cut_lines(lines, max_lines, px, width, bold)
    return lines


def _wrap_paragraph(paragraph: str, px: int, width: int, bold: bool, max_lines: int | None,
                    lines: list[str]) -> None:
    """Add a paragraph's lines to `lines` (it stops once past `max_lines`)."""
    line = ""
    for word in paragraph.split(" "):
        trial = f"{line} {word}" if line else word
        if text_width(trial, px, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = word
        while len(line) > 1 and text_width(line, px, bold) > width:  # a word wider than a line
            head = _fitting(line, px, width, bold)
            lines.append(line[:head])
            line = line[head:]
        if max_lines is not None and len(lines) > max_lines:
            break
    lines.append(line)


def _cut_lines(lines: list[str], max_lines: int, px: int, width: int, bold: bool) -> list[str]:
    """The first `max_lines` lines, the last ending in "…" (shortened to fit with it)."""
    lines = lines[:max_lines]
    last = lines[-1]
    while last and text_width(last + ELLIPSIS, px, bold) > width:
        last = last[:-1]
    lines[-1] = last + ELLIPSIS
    return lines


def _fitting(word: str, px: int, width: int, bold: bool) -> int:
    """How many leading characters of word fit in width (at least one)."""
    lo, hi = 1, len(word)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(word[:mid], px, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def panel(
    target: pygame.Surface, rect: pygame.Rect, fill: Color, edge: Color | None = None,
    radius: int = 10, lift: int = 6,
) -> None:
    """A rounded panel with a soft shadow under it."""
    if lift > 0:
        shadow_under(target, rect, radius, lift)
    pygame.draw.rect(target, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(target, edge, rect, width=1, border_radius=radius)


def alpha_rect(
    target: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int, int], radius: int = 0
) -> None:
    """A translucent filled rect."""
    shape = _alpha_rect(rect.size, (color[0], color[1], color[2]), radius)
    _blit_faded(target, shape, rect.topleft, color[3] if len(color) > 3 else 255)


@bounded_cache(2 << 20, "draw.alpha_rect")  # a frame uses at most ~0.2 MB
def _alpha_rect(size: tuple[int, int], color: tuple, radius: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (*color, 255), surface.get_rect(), border_radius=radius)
    return surface


def _blit_faded(target: pygame.Surface, shape: pygame.Surface, pos: tuple[int, int],
                alpha: int) -> None:
    """Blit a kept opaque shape at `alpha` (the surface's alpha times its pixels'). The shapes
    are kept without their alpha: a fading mark drew a new one for every alpha it passed
    through (a pulsing bar kept a hundred). UI thread only: the alpha is set on the kept
    surface just before the blit."""
    shape.set_alpha(max(0, min(255, int(alpha))))
    target.blit(shape, pos)


def arrow(
    target: pygame.Surface,
    tail: tuple[float, float],
    tip: tuple[float, float],
    half: float,
    head: float,
    wing: float,
    fill: Color,
    alpha: int,
    outline: Color | None = None,
    outline_width: int = 0,
    pad: int = 4,
) -> None:
    """A translucent arrow polygon from tail to tip: shaft half-width, head length, wing."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    (x0, y0), (x1, y1) = tail, tip
    bx, by = x1 - ux * head, y1 - uy * head
    points = [(x0 + nx * half, y0 + ny * half), (bx + nx * half, by + ny * half),
              (bx + nx * wing, by + ny * wing), (x1, y1), (bx - nx * wing, by - ny * wing),
              (bx - nx * half, by - ny * half), (x0 - nx * half, y0 - ny * half)]
    box = pygame.Rect(points[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in points])
    box.inflate_ip(pad, pad)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    local = [(x - box.x, y - box.y) for x, y in points]
    pygame.draw.polygon(layer, (*fill, 255), local)
    if outline is None:
        pygame.draw.aalines(layer, (*fill, 255), True, local)
    else:
        pygame.draw.polygon(layer, (*outline, 255), local, outline_width)
    layer.set_alpha(alpha)
    target.blit(layer, box)


def segment(start: tuple[float, float], end: tuple[float, float], back: float, front: float
            ) -> tuple[tuple[float, float], tuple[float, float], float] | None:
    """The line from start to end, its tail moved `back` pixels forward and its tip `front`
    pixels back (an arrow between two tokens' edges): (tail, tip, full length), or None when
    start and end are the same point."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return None
    ux, uy = dx / length, dy / length
    tail = (start[0] + ux * back, start[1] + uy * back)
    tip = (end[0] - ux * front, end[1] - uy * front)
    return tail, tip, length


def dashed_rect(target: pygame.Surface, rect: pygame.Rect, color: Color, width: int,
                dash: int) -> None:
    """A dashed rectangle outline whose dashes start at each corner (the corners show)."""
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        steps = max(1, int(length // (2 * dash)))
        step = length / (2 * steps)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for i in range(steps + 1):
            a, b = 2 * i * step, min(length, 2 * i * step + step)
            if b > a:
                pygame.draw.line(target, color, (x0 + ux * a, y0 + uy * a),
                                 (x0 + ux * b, y0 + uy * b), width)


def hint_mark(target: pygame.Surface, square: pygame.Rect, color: Color, backing: Color,
              dash: int) -> None:
    """A hint's shape on a square: a dashed outline just inside it, on a dark backing."""
    tile = square.w
    rect = square.inflate(-max(4, tile // 12), -max(4, tile // 12))
    width = max(3, tile // 16)
    pygame.draw.rect(target, backing, rect.inflate(2, 2), width + 2, border_radius=3)
    dashed_rect(target, rect, color, width, dash)


def ring(
    target: pygame.Surface, center: tuple[float, float], radius: float, color: Color,
    width: int, alpha: int = 255,
) -> None:
    """An anti-aliased circle outline (translucent when alpha < 255)."""
    surface = _ring(int(radius), (color[0], color[1], color[2]), width)  # hashable
    half = surface.get_width() // 2
    _blit_faded(target, surface, (round(center[0]) - half, round(center[1]) - half), alpha)


@bounded_cache(1 << 20, "draw.ring")
def _ring(radius: int, color: Color, width: int) -> pygame.Surface:
    r = radius + width
    surface = pygame.Surface((2 * r + 3, 2 * r + 3), pygame.SRCALPHA)
    c = (r + 1, r + 1)
    pygame.draw.circle(surface, (*color, 255), c, radius + width, width + 1)
    pygame.draw.aacircle(surface, (*color, 255), c, radius + width, 1)
    pygame.draw.aacircle(surface, (*color, 255), c, radius, 1)
    return surface


def dot(
    target: pygame.Surface, center: tuple[float, float], radius: float, color: Color,
    alpha: int = 255,
) -> None:
    """An anti-aliased filled dot."""
    surface = _dot(max(1, int(radius)), (color[0], color[1], color[2]))  # hashable
    half = surface.get_width() // 2
    _blit_faded(target, surface, (round(center[0]) - half, round(center[1]) - half), alpha)


@bounded_cache(2 << 20, "draw.dot")
def _dot(r: int, color: Color) -> pygame.Surface:
    surface = pygame.Surface((2 * r + 3, 2 * r + 3), pygame.SRCALPHA)
    pygame.draw.aacircle(surface, (*color, 255), (r + 1, r + 1), r)
    return surface


def cross(
    target: pygame.Surface, center: tuple[float, float], size: float, color: Color, width: int
) -> None:
    """An X: the shape of a refusal."""
    x, y = center
    s = size / 2
    pygame.draw.line(target, color, (x - s, y - s), (x + s, y + s), width)
    pygame.draw.line(target, color, (x - s, y + s), (x + s, y - s), width)


def refusal(target: pygame.Surface, rect: pygame.Rect, color: Color, alpha: float,
            width: int) -> None:
    """A fading X over a square a click was refused on (alpha from 1 down to 0)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    cross(layer, (rect.w / 2, rect.h / 2), rect.w * 0.5, color, width)
    layer.set_alpha(int(255 * alpha))
    target.blit(layer, rect)


def faded(surface: pygame.Surface, scale: float, alpha: float) -> pygame.Surface:
    """The surface scaled and made translucent (itself when neither changes it): a token
    that grows, shrinks or fades in a tween."""
    if abs(scale - 1) > 0.01:
        surface = pygame.transform.smoothscale_by(surface, max(0.01, scale))
    if alpha < 0.999:
        surface = surface.copy()
        surface.set_alpha(max(0, int(255 * alpha)))
    return surface


def warning_sign(surface: pygame.Surface, x: float, y: float, size: int, color: Color) -> None:
    """A warning triangle in `color` with a white "!" whose box's top-left corner is (x, y)."""
    points = [(x + size / 2, y), (x + size, y + size * 0.9), (x, y + size * 0.9)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.polygon(surface, (255, 255, 255), points, 1)
    blit_text(surface, "!", max(10, int(size * 0.7)), (255, 255, 255),
              (int(x + size / 2), int(y + size * 0.55)), "center", bold=True)


def corners(target: pygame.Surface, rect: pygame.Rect, color: Color, width: int) -> None:
    """Four corner brackets inside rect: the shape of the last move."""
    arm = max(4, rect.w // 4)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for (cx, cy), (dx, dy) in (
        ((x0, y0), (1, 1)), ((x1, y0), (-1, 1)), ((x0, y1), (1, -1)), ((x1, y1), (-1, -1)),
    ):
        pygame.draw.line(target, color, (cx, cy), (cx + dx * arm, cy), width)
        pygame.draw.line(target, color, (cx, cy), (cx, cy + dy * arm), width)


def backdrop(size: tuple[int, int], pal) -> pygame.Surface:
    """A calm textured background for menus: darkened slate with a soft vignette."""
    surface = pygame.Surface(size)
    surface.fill(pal.background)
    texture = assets.image("art/board/slate.png")
    if texture is not None:
        tw, th = texture.get_size()
        for x in range(0, size[0], tw):
            for y in range(0, size[1], th):
                surface.blit(texture, (x, y))
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill((*pal.background, 205))
        surface.blit(veil, (0, 0))
    vignette = pygame.Surface((64, 40), pygame.SRCALPHA)
    for i in range(16):
        pygame.draw.rect(vignette, (0, 0, 0, 9), (i, i, 64 - 2 * i, 40 - 2 * i), 1)
    surface.blit(pygame.transform.smoothscale(vignette, size), (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


@bounded_cache(18 << 20, "draw.backdrop")  # two window-sized ones at 1920x1080
def _plain_backdrop(size: tuple[int, int], pal) -> pygame.Surface:
    return backdrop(size, pal)


def blit_backdrop(surface: pygame.Surface, pal) -> None:
    """The menus' background over the whole surface, made once per size and palette (for a
    scene that draws nothing into it; `backdrop` gives a surface of one's own to draw on)."""
    surface.blit(_plain_backdrop(surface.get_size(), pal), (0, 0))
