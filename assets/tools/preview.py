"""Render every SVG asset onto board tiles and save a contact sheet.

    SDL_VIDEODRIVER=dummy .venv/bin/python assets/tools/preview.py [out.png]

Default output: /tmp/asset_preview.png. Pieces are shown at 96 px and 40 px
in the sample palettes below (the same template substitution the UI does),
features on parchment and slate tiles, the control marker over a Source with
a piece, and the rune and fate glyphs on pebbles.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ASSETS = Path(__file__).resolve().parent.parent
ART = ASSETS / "art"

# Sample palettes: (main fill, rim/contrast, detail). The detail colour is the
# main fill here, so emblem details read as cut-outs.
OVERLORDS_SIDES = {
    "White": ("#efe5cc", "#2e2520", "#efe5cc"),
    "Black": ("#30323f", "#eee4cb", "#30323f"),
}
# The app's side palettes at the time of writing (common/ui/theme.py): the detail
# colour there is an accent (gold, red; blue, orange for the colour-blind palette).
APP_SIDES = {
    "standard white": ("#f3ecdc", "#3a2e22", "#b8862b"),
    "standard black": ("#2b2d36", "#e6dcc4", "#c0392b"),
    "colour-blind white": ("#ffffff", "#1a1a1a", "#0072b2"),
    "colour-blind black": ("#1a1a1a", "#ffffff", "#e69f00"),
}
PREPOLLENCY_SEATS = {
    "Crimson": ("#b0262f", "#f7eedb", "#b0262f"),
    "Royal blue": ("#2a4ea6", "#f3eddf", "#2a4ea6"),
    "Amber": ("#e3a72a", "#2d2218", "#e3a72a"),
    "Forest": ("#2f7744", "#f2ebd8", "#2f7744"),
}

BG = (38, 36, 34)
TEXT = (236, 228, 210)


def themed(text: str, fill: str, rim: str, detail: str) -> bytes:
    return (
        text.replace("#ff00ff", fill).replace("#00ffff", rim).replace("#ffff00", detail).encode()
    )


def load_svg(path: Path, size: int, palette: tuple[str, str, str] | None = None) -> pygame.Surface:
    data = path.read_bytes() if palette is None else themed(path.read_text(), *palette)
    return pygame.image.load_sized_svg(io.BytesIO(data), (size, size))


class Grounds:
    def __init__(self) -> None:
        self.tex = {}
        for name, fallback in (("parchment", (228, 214, 184)), ("slate", (88, 96, 106))):
            path = ART / "board" / f"{name}.png"
            if path.exists():
                self.tex[name] = pygame.image.load(str(path)).convert()
            else:
                surf = pygame.Surface((512, 512))
                surf.fill(fallback)
                self.tex[name] = surf

    def tile(self, name: str, size: int, dark: bool, offset: int = 0) -> pygame.Surface:
        surf = pygame.Surface((size, size))
        surf.blit(self.tex[name], (0, 0), pygame.Rect(offset % 400, (offset * 7) % 400, size, size))
        if dark:
            shade = pygame.Surface((size, size))
            shade.fill((222, 214, 204) if name == "parchment" else (214, 214, 220))
            surf.blit(shade, (0, 0), special_flags=pygame.BLEND_MULT)
        return surf


TEMPLATED = {"overlord", "wizard", "dragon", "hero", "marker", "infantry", "cavalry", "archer",
             "khan"}
UNSUPPORTED = ("<filter", "<mask", "<text", "<use", "<pattern", "<image", "class=", "<style",
               "clip-path")


def check_svgs() -> bool:
    """Every SVG loads at 64 px, draws something, and keeps to the template contract."""
    ok = True
    for path in sorted((ART).rglob("*.svg")):
        text = path.read_text()
        surf = pygame.image.load_sized_svg(str(path), (64, 64))
        opaque = sum(1 for x in range(0, 64, 2) for y in range(0, 64, 2) if surf.get_at((x, y)).a)
        problems = []
        if surf.get_size() != (64, 64):
            problems.append(f"size {surf.get_size()}")
        if opaque == 0:
            problems.append("draws nothing")
        if 'viewBox="0 0 100 100"' not in text:
            problems.append("viewBox")
        problems += [f"uses {u}" for u in UNSUPPORTED if u in text]
        stem = path.stem
        if stem in TEMPLATED and not all(c in text for c in ("#ff00ff", "#00ffff", "#ffff00")):
            problems.append("missing template colours")
        if path.parent.name == "stones":
            stray = {c for c in ("#00ffff", "#ffff00") if c in text}
            if "#ff00ff" not in text or stray:
                problems.append("glyph must use #ff00ff only")
        if stem in ("castle", "tower", "lair", "pit", "mountain", "obelisk", "icon") and any(
            c in text for c in ("#ff00ff", "#00ffff", "#ffff00")
        ):
            problems.append("feature uses template colours")
        ok &= not problems
        rel = path.relative_to(ASSETS)
        print(f"{'ok ' if not problems else 'BAD'} {rel}  {', '.join(problems)}")
    return ok


def grid_lines(surf: pygame.Surface, rect: pygame.Rect, colour=(60, 48, 36)) -> None:
    line = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(line, (*colour, 90), line.get_rect(), 1)
    surf.blit(line, rect.topleft)


def pebble(size: tuple[int, int], played: bool) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + 4, h + 6), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 70), pygame.Rect(2, 5, w, h))
    face = (150, 148, 144) if played else (226, 220, 206)
    pygame.draw.ellipse(surf, face, pygame.Rect(0, 0 if not played else 2, w, h))
    pygame.draw.ellipse(surf, (70, 64, 58), pygame.Rect(0, 0 if not played else 2, w, h), 2)
    return surf


def main(out: str) -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    font_path = ASSETS / "fonts" / "OpenSans-Bold.ttf"
    font = pygame.font.Font(str(font_path) if font_path.exists() else None, 16)
    small = pygame.font.Font(str(font_path) if font_path.exists() else None, 13)
    grounds = Grounds()

    sheet = pygame.Surface((1500, 2500))
    sheet.fill(BG)
    y = 10

    def label(text: str, x: int, yy: int, f=font) -> None:
        sheet.blit(f.render(text, True, TEXT), (x, yy))

    def piece_row(names, folder, palette, ground, x0, yy, dark_first=False) -> None:
        x = x0
        for i, name in enumerate(names):
            dark = (i % 2 == 1) != dark_first
            t = grounds.tile(ground, 96, dark, offset=i * 97 + yy)
            t.blit(load_svg(ART / folder / f"{name}.svg", 96, palette), (0, 0))
            sheet.blit(t, (x, yy))
            grid_lines(sheet, pygame.Rect(x, yy, 96, 96))
            x += 96
        x += 24
        for i, name in enumerate(names):
            dark = (i % 2 == 1) != dark_first
            t = grounds.tile(ground, 40, dark, offset=i * 41 + yy)
            t.blit(load_svg(ART / folder / f"{name}.svg", 40, palette), (0, 0))
            sheet.blit(t, (x, yy + 28))
            grid_lines(sheet, pygame.Rect(x, yy + 28, 40, 40))
            x += 40

    # --- Overlords pieces -------------------------------------------------
    label("Overlords: overlord, wizard, dragon, hero (96 px, 40 px)", 10, y)
    y += 24
    names = ["overlord", "wizard", "dragon", "hero"]
    col = 10
    for ground in ("parchment", "slate"):
        yy = y
        for side, palette in OVERLORDS_SIDES.items():
            label(f"{side} on {ground}", col, yy, small)
            piece_row(names, "overlords", palette, ground, col, yy + 18, dark_first=side == "Black")
            yy += 96 + 26
        col += 4 * 96 + 24 + 4 * 40 + 40
    y += 2 * (96 + 26) + 10

    # --- with the app's palettes (accent details) --------------------------
    label("Overlords with the app's palettes (detail colour = accent)", 10, y)
    y += 24
    for idx, (name, palette) in enumerate(APP_SIDES.items()):
        colx = 10 + (idx % 2) * (4 * 96 + 24 + 4 * 40 + 40)
        yy = y + (idx // 2) * (96 + 26)
        label(name, colx, yy, small)
        piece_row(["overlord", "wizard", "dragon", "hero"], "overlords", palette, "parchment",
                  colx, yy + 18, dark_first=idx % 2 == 1)
    y += 2 * (96 + 26) + 10

    # --- Prepollency pieces ----------------------------------------------
    label("Prepollency: infantry, cavalry, archer, khan (96 px, 40 px)", 10, y)
    y += 24
    names = ["infantry", "cavalry", "archer", "khan"]
    seats = list(PREPOLLENCY_SEATS.items())
    for idx, (seat, palette) in enumerate(seats):
        colx = 10 + (idx % 2) * (4 * 96 + 24 + 4 * 40 + 40)
        yy = y + (idx // 2) * (96 + 26)
        label(seat, colx, yy, small)
        piece_row(names, "prepollency", palette, "parchment", colx, yy + 18,
                  dark_first=idx % 2 == 1)
    y += 2 * (96 + 26) + 10

    # --- Features --------------------------------------------------------
    label("Features: castle, tower, lair, pit, mountain, obelisk (96 px and 40 px)", 10, y)
    y += 24
    feats = [("overlords", n) for n in ("castle", "tower", "lair", "pit", "mountain")]
    feats.append(("prepollency", "obelisk"))
    x = 10
    for ground in ("parchment", "slate"):
        for i, (folder, name) in enumerate(feats):
            t = grounds.tile(ground, 96, i % 2 == 1, offset=i * 53)
            t.blit(load_svg(ART / folder / f"{name}.svg", 96), (0, 0))
            sheet.blit(t, (x + i * 96, y))
            grid_lines(sheet, pygame.Rect(x + i * 96, y, 96, 96))
            t = grounds.tile(ground, 40, i % 2 == 1, offset=i * 31)
            t.blit(load_svg(ART / folder / f"{name}.svg", 40), (0, 0))
            sheet.blit(t, (x + i * 40, y + 106))
            grid_lines(sheet, pygame.Rect(x + i * 40, y + 106, 40, 40))
        x += 6 * 96 + 30
    y += 96 + 10 + 40 + 14

    # --- Marker and occupied sources -------------------------------------
    label("Control markers on Sources; a piece standing on a Source (feature dimmed under it)",
          10, y)
    y += 24
    x = 10
    combos = [
        ("castle", "White", None), ("tower", "Black", None), ("lair", "White", "dragon"),
        ("castle", "Black", "hero"), ("tower", "White", "wizard"),
    ]
    for size in (96, 40):
        xx = x
        for i, (feat, side, piece) in enumerate(combos):
            t = grounds.tile("parchment", size, i % 2 == 1, offset=i * 77)
            f_surf = load_svg(ART / "overlords" / f"{feat}.svg", size)
            if piece:
                f_surf.set_alpha(110)
            t.blit(f_surf, (0, 0))
            if piece:
                t.blit(load_svg(ART / "overlords" / f"{piece}.svg", size,
                                OVERLORDS_SIDES["Black" if side == "White" else side]), (0, 0))
            t.blit(load_svg(ART / "overlords" / "marker.svg", size, OVERLORDS_SIDES[side]), (0, 0))
            sheet.blit(t, (xx, y))
            grid_lines(sheet, pygame.Rect(xx, y, size, size))
            xx += size + 4
        x = xx + 30
    y += 96 + 14

    # --- Stones ----------------------------------------------------------
    label("Rune stones 1-7 (digit drawn by the UI, glyph beside it) and Fate stones O W D H; "
          "unplayed and played", 10, y)
    y += 24
    digit_font = pygame.font.Font(str(font_path) if font_path.exists() else None, 26)
    digit_small = pygame.font.Font(str(font_path) if font_path.exists() else None, 15)
    for w, h, glyph, dfont in ((78, 52, 28, digit_font), (46, 32, 16, digit_small)):
        for played in (False, True):
            x = 10
            ink = "#8a8680" if played else "#2e2520"
            for n in range(1, 8):
                p = pebble((w, h), played)
                d = dfont.render(str(n), True, (90, 86, 80) if played else (46, 37, 32))
                g = load_svg(ART / "stones" / f"rune{n}.svg", glyph, (ink, ink, ink))
                total = d.get_width() + 3 + glyph
                px = (w - total) // 2
                dy = 2 if played else 0
                p.blit(d, (px, (h - d.get_height()) // 2 + dy))
                p.blit(g, (px + d.get_width() + 3, (h - glyph) // 2 + dy))
                sheet.blit(p, (x, y))
                x += w + 8
            x += 24
            for letter in "owdh":
                p = pebble((h + 6, h), played)
                g = load_svg(ART / "stones" / f"fate_{letter}.svg", h - 8, (ink, ink, ink))
                p.blit(g, ((h + 6 - g.get_width()) // 2, 4 + (2 if played else 0)))
                sheet.blit(p, (x, y))
                x += h + 14
            y += h + 14

    # on a coloured pebble, in the template colour of a seat
    x = 10
    for pal in OVERLORDS_SIDES.values():
        for n in range(1, 8):
            g = load_svg(ART / "stones" / f"rune{n}.svg", 40, (pal[1], pal[1], pal[1]))
            chip = pygame.Surface((48, 48), pygame.SRCALPHA)
            pygame.draw.circle(chip, pygame.Color(pal[0]), (24, 24), 23)
            pygame.draw.circle(chip, pygame.Color(pal[1]), (24, 24), 23, 2)
            chip.blit(g, (4, 4))
            sheet.blit(chip, (x, y))
            x += 54
        x += 20
    label("glyphs alone at 40 px", x, y + 14, small)
    y += 60

    # --- Icon ------------------------------------------------------------
    label("App icon (assets/icon.png) at 256, 64, 32 px", 10, y)
    y += 24
    icon_path = ASSETS / "icon.png"
    if icon_path.exists():
        icon = pygame.image.load(str(icon_path)).convert_alpha()
        sheet.blit(icon, (10, y))
        sheet.blit(pygame.transform.smoothscale(icon, (64, 64)), (280, y))
        sheet.blit(pygame.transform.smoothscale(icon, (32, 32)), (360, y))
        # texture tiling check: each ground repeated 2x2 at half scale
        for k, name in enumerate(("parchment", "slate")):
            half = pygame.transform.smoothscale(grounds.tex[name], (256, 256))
            for i in range(2):
                for j in range(2):
                    sheet.blit(half, (440 + k * 530 + i * 256, y + j * 256))
        label("board textures tiled 2x2 at half scale (a seam would show as a cross)", 440,
              y + 516, small)
    y += 545

    sheet = sheet.subsurface(pygame.Rect(0, 0, 1500, min(y, sheet.get_height()))).copy()
    pygame.image.save(sheet, out)
    print(f"saved {out} ({sheet.get_width()}x{sheet.get_height()})")
    if not check_svgs():
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/asset_preview.png")
