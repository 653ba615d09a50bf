"""The Prepollency status area and move log: whose turn, the turn order, the Obelisk, the log.

Drawn into the game screen's cached layer (not every frame). The banner is filled with the
seat's colour and carries its mark shape and name; the turn order lists every seat of the
game from the one to move, the eliminated and withdrawn ones greyed, struck through and
labelled; the Obelisk shows its five squares with the mark of whoever stands on each, the hold
count in words and a warning when someone is one round from winning. The log has one row per
turn (record notation, `—` for holding the line), coloured and marked by seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.theme import Color, Metrics, Palette, hex_rgb, mix
from prepollency.moves import GRID
from prepollency.state import OBELISK
from prepollency.ui.art import Tones, grey, mark_icon
from prepollency.ui.words import hold_warning, hold_words

Namer = Callable[[int], str]
HOLD = "—"


def readable(tones: Tones, pal: Palette) -> Color:
    """A seat's colour made readable as text on the dark panel."""
    fill = hex_rgb(tones[0])
    light = (fill[0] * 299 + fill[1] * 587 + fill[2] * 114) / 1000
    return fill if light > 110 else mix(fill, pal.text, 0.45)


def ink_on(fill: Color) -> Color:
    """Black or white text, whichever reads on that fill."""
    light = (fill[0] * 299 + fill[1] * 587 + fill[2] * 114) / 1000
    return (18, 16, 14) if light > 140 else (250, 248, 240)


def turn_text(moves: Sequence) -> str:
    """A turn in the record notation (docs/RULES.md), short: "c3-e5 h7-h8", a capture written
    the same way as the rules, the analysis and the puzzles write it; "—" for holding the
    line."""
    if not moves:
        return HOLD
    return " ".join(str(m) for m in moves)


def draw_banner(surface: pygame.Surface, rect: pygame.Rect, seat: int, title: str,
                tones: Tones, m: Metrics, tag: str = "") -> None:
    """A band in the seat's colour with its mark, a title ("Red's turn") and, smaller at its
    right, a tag saying who plays the seat ("CPU, hard") or what the band shows ("Recap")."""
    fill = hex_rgb(tones[0])
    ink = ink_on(fill)
    draw.panel(surface, rect, fill, hex_rgb(tones[1]), m.radius, 0)
    size = int(rect.h * 0.62)
    icon = mark_icon(seat, size, ink, hex_rgb(tones[1]))
    surface.blit(icon, icon.get_rect(midleft=(rect.x + m.pad, rect.centery)))
    x = rect.x + 2 * m.pad + size
    room = rect.right - m.pad - x
    if tag:
        tpx = draw.fit_text(tag, m.small, room * 2 // 5, min_px=10)
        tag_s = draw.text(tag, tpx, mix(ink, fill, 0.25))
        surface.blit(tag_s, tag_s.get_rect(midright=(rect.right - m.pad, rect.centery + 1)))
        room -= tag_s.get_width() + m.pad
    px = draw.fit_text(title, m.large, room, bold=True)
    draw.blit_text(surface, title, px, ink, (x, rect.centery), "midleft", bold=True)


# a seat no longer in the game, in the turn order: eliminated ("out"), withdrawn ("left")
OUT_WORDS = {"out": N_("{player} (out)"), "left": N_("{player} (left)")}


def draw_order(surface: pygame.Surface, rect: pygame.Rect, order: Sequence[int], to_move: int,
               alive: Sequence[int], withdrawn: Mapping[int, str], tones: Mapping[int, Tones],
               name: Namer, pal: Palette, m: Metrics) -> None:
    """The seats in turn order from the one to move; those out greyed, struck and labelled."""
    n = max(1, len(order))
    w = rect.w // n
    icon = max(12, int(m.small * 1.2))
    for i, seat in enumerate(order):
        cell = pygame.Rect(rect.x + i * w, rect.y, w - 4, rect.h)
        out = seat not in alive
        colours = grey(tones[seat]) if out else tones[seat]
        if seat == to_move and not out:
            pygame.draw.rect(surface, mix(pal.panel, pal.primary, 0.25), cell, border_radius=4)
            pygame.draw.rect(surface, pal.primary, cell, 2, border_radius=4)
        mark = mark_icon(seat, icon, hex_rgb(colours[0]), hex_rgb(colours[1]),
                         110 if out else 255)
        surface.blit(mark, mark.get_rect(midleft=(cell.x + 4, cell.centery)))
        label = name(seat)
        if out:  # withdrawn: {seat: "left"} for a seat that resigned or forfeited
            label = _(OUT_WORDS.get(withdrawn.get(seat, "out"), OUT_WORDS["out"])).format(
                player=label)
        x = cell.x + 8 + icon
        px = draw.fit_text(label, m.small, cell.right - x - 2, bold=not out, min_px=10)
        color = pal.text_dim if out else readable(tones[seat], pal)
        text = draw.blit_text(surface, label, px, color, (x, cell.centery), "midleft",
                              bold=not out)
        if out:
            pygame.draw.line(surface, pal.text_dim, (text.x, text.centery),
                             (text.right, text.centery), 1)
        if i < n - 1:
            draw.blit_text(surface, "›", m.small, pal.text_dim, (cell.right + 1, cell.centery),
                           "center")


def draw_obelisk(surface: pygame.Surface, rect: pygame.Rect, owners: Sequence[int],
                 holds: Sequence[int], alive: Sequence[int], tones: Mapping[int, Tones],
                 name: Namer, pal: Palette, m: Metrics, turn: int | None = None) -> None:
    """A small plus of the five Obelisk squares (marks of who stands there), and in words who
    holds it and for how long, with a warning one round before a win (`turn`: the seat to
    move, whose own last round is this turn)."""
    cell = max(10, min(rect.h // 3, int(m.normal * 1.1)))
    cx, cy = rect.x + cell * 3 // 2, rect.y + rect.h // 2
    places = {"h8": (0, 0), "g8": (-1, 0), "i8": (1, 0), "h7": (0, 1), "h9": (0, -1)}
    for sq in OBELISK:
        dx, dy = places[GRID.names[sq]]
        box = pygame.Rect(cx + dx * cell - cell // 2, cy + dy * cell - cell // 2, cell, cell)
        pygame.draw.rect(surface, (92, 84, 64), box)
        pygame.draw.rect(surface, (30, 26, 20), box, 1)
        seat = owners[sq]
        if seat:
            icon = mark_icon(seat, cell - 4, hex_rgb(tones[seat][0]), hex_rgb(tones[seat][1]))
            surface.blit(icon, icon.get_rect(center=box.center))
    x = rect.x + cell * 3 + m.pad
    px, shown = _fitted(_obelisk_lines(owners, holds, alive, name, turn), rect.right - x,
                        rect.h - 2, m.small)
    y = rect.y + 2
    for line, warn in shown:
        draw.blit_text(surface, line, px, pal.info if warn else pal.text, (x, y), bold=warn)
        y += int(px * 1.3)


def _fitted(lines: list[tuple[str, bool]], width: int, height: int, px: int
            ) -> tuple[int, list[tuple[str, bool]]]:
    """The lines wrapped to the box, at the largest size from `px` down to 10 px at which all
    fit its height; if none does, the warning alone (it matters most) at the smallest."""
    size = px
    while True:
        wrapped = [(line, warn) for text, warn in lines
                   for line in draw.wrap(text, size, width, bold=warn)]
        if len(wrapped) * int(size * 1.3) <= height + int(size * 0.3) or size <= 10:
            break
        size -= 1
    if len(wrapped) * int(size * 1.3) > height + int(size * 0.3) and any(w for _t, w in lines):
        wrapped = [(line, True) for text, warn in lines if warn
                   for line in draw.wrap(text, size, width, bold=True)]
    return size, wrapped


def _obelisk_lines(owners: Sequence[int], holds: Sequence[int], alive: Sequence[int],
                   name: Namer, turn: int | None = None) -> list[tuple[str, bool]]:
    standing = {owners[sq] for sq in OBELISK} - {0}
    holder = next((s for s in alive if holds[s]), None)
    if holder is not None:
        lines = [(hold_words(holder, holds[holder], name), False)]
    elif len(standing) == 1 and all(owners[sq] for sq in OBELISK):
        lines = [(_("{player} stands on all five: the hold counts at the end of their turn").format(
                      player=name(standing.pop())), False)]
    elif standing:
        count = {s: sum(owners[sq] == s for sq in OBELISK) for s in standing}
        parts = ", ".join(f"{name(s)} {c}" for s, c in sorted(count.items()))
        lines = [(_("Obelisk squares (of 5): {parts}").format(parts=parts),
                  False)]  # no lone "5" when it wraps
    else:
        lines = [(_("The Obelisk is empty: stand on all five squares to hold it"), False)]

    warn = hold_warning(alive, holds, name, turn)
    if warn:
        lines.append((warn, True))
    return lines
