"""Drawing the Load screen's list: a save's row (its name or game and date; players, moves and
state, or why it cannot be read), the scroll bar, the words when a list is empty, the words of
the bar under the list. Functions of what they draw; they change nothing."""

from __future__ import annotations

import pygame

from common.i18n import _, ngettext
from common.ui import assets, draw, saves
from common.ui.scenes.load_list import Trashed
from common.ui.theme import Color, Metrics, Palette, mix


def button_width(m: Metrics) -> int:
    """The width of a row's buttons (Review, Analyse, Rename, Delete ...)."""
    return max(84, int(m.button_h * 2.3))


def row_height(m: Metrics) -> int:
    """The height of a row: two lines of text and their margins."""
    line = (draw.text("Ag", m.normal, (0, 0, 0), True).get_height()
            + draw.text("Ag", m.small, (0, 0, 0)).get_height())
    return max(int(m.normal * 3.2), line + 2 * m.pad + 6)


def draw_row(surface: pygame.Surface, entry: saves.Entry, rect: pygame.Rect, selected: bool,
             hovered: bool, buttons: int, pal: Palette, m: Metrics) -> None:
    """A save's row: its title and date on top, the details under them, cut to the room left
    of its `buttons`; an unreadable file in the refusal colour."""
    bad = entry.problem is not None
    fill = pal.backdrop if bad else pal.button_hover if hovered else pal.button
    pygame.draw.rect(surface, fill, rect, border_radius=m.radius)
    if selected:
        pygame.draw.rect(surface, pal.select, rect, width=2, border_radius=m.radius)
    room = rect.w - 2 * m.pad - buttons * (button_width(m) + m.pad // 2)
    date = draw.text(entry.when, m.small, pal.text_dim)
    title = entry.name or entry.title
    if entry.name:
        title = f"{entry.name} \u00b7 {entry.title}"
    top_room = max(40, room - date.get_width() - m.pad)
    px = draw.fit_text(title, m.normal, top_room, bold=True)
    title = cut(title, px, top_room, bold=True)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, m.pad + top_room, rect.h).clip(clip))
    draw.blit_text(surface, title, px, pal.text_dim if bad else pal.text,
                   (rect.x + m.pad, rect.y + m.pad // 2), bold=True)
    surface.set_clip(clip)
    surface.blit(date, date.get_rect(topright=(rect.x + m.pad + room, rect.y + m.pad // 2)))
    details = entry.details
    px = draw.fit_text(details, m.small, room, min_px=max(11, m.small - 4))
    details = cut(details, px, room)
    surface.set_clip(pygame.Rect(rect.x, rect.y, m.pad + room, rect.h).clip(clip))
    draw.blit_text(surface, details, px, pal.refusal if bad else pal.text_dim,
                   (rect.x + m.pad, rect.bottom - m.pad // 2), "bottomleft")
    surface.set_clip(clip)


def draw_scrollbar(surface: pygame.Surface, list_rect: pygame.Rect, count: int, visible: int,
                   scroll: int, pal: Palette, m: Metrics) -> None:
    """Where the rows shown are in the whole list (nothing when they all fit)."""
    if count <= visible:
        return
    track = list_rect.move(list_rect.w + m.pad // 2, 0)
    track.w = max(4, m.pad // 3)
    pygame.draw.rect(surface, mix(pal.panel, pal.background, 0.5), track, border_radius=track.w)
    h = max(m.pad * 2, track.h * visible // count)
    y = track.y + (track.h - h) * scroll // max(1, count - visible)
    pygame.draw.rect(surface, pal.text_dim, (track.x, y, track.w, h), border_radius=track.w)


def empty_lines(problem: str | None, empty: bool, reading: bool, tab: str,
                pal: Palette) -> list[tuple[str, Color]]:
    """What the list says instead of rows: the folder's problem, that it is being read, or
    that the list has no games (and where saves are kept); [] when it has rows."""
    if problem is not None:
        return [(_("The saves folder cannot be read:"), pal.refusal), (problem, pal.text_dim)]
    if not empty:
        return []
    if reading:
        return [(_("Reading the saves folder\u2026"), pal.text_dim)]
    what = (_("No finished games yet.") if tab == "finished" else
            _("No games in progress. Every game is saved as you play it."))
    return [(what, pal.text_dim),
            (_("Saves are kept in {folder}").format(folder=saves.shown(str(saves.folder()), 120)),
             pal.text_dim)]


def draw_empty(surface: pygame.Surface, lines: list[tuple[str, Color]],
               list_rect: pygame.Rect, m: Metrics) -> None:
    """Those lines, wrapped and centred at the list's top."""
    y = list_rect.y + m.pad
    for words, color in lines:
        for line in draw.wrap(words, m.small, list_rect.w)[:4]:
            draw.blit_text(surface, line, m.small, color, (list_rect.centerx, y), "midtop")
            y += int(m.small * 1.5)


def bar_words(trashed: list[Trashed], files: list | None, read: int) -> str:
    """Under the list: the last deletion (and how many more Undo can put back), or how far
    the reading of the folder is (`read` rows of `files`)."""
    if trashed:
        more = len(trashed) - 1
        if not more:
            return _("Deleted “{title}”").format(title=trashed[-1].title)
        return ngettext("Deleted “{title}” and {count} more", "Deleted “{title}” and {count} more",
                        more).format(title=trashed[-1].title, count=more)
    if files is None:
        return _("Reading the saves folder\u2026")
    return _("Reading saves… {read} of {count}").format(read=read, count=len(files))


def draw_bar_words(surface: pygame.Surface, words: str, bar: pygame.Rect, room: int,
                   pal: Palette, m: Metrics) -> None:
    """The bar's words at its left, fitted (then cut) to `room` pixels."""
    px = draw.fit_text(words, m.normal, room)
    draw.blit_text(surface, cut(words, px, room), px, pal.text, (bar.x, bar.centery),
                   "midleft")


def cut(text: str, px: int, width: int, bold: bool = False) -> str:
    """The text, or as much of it as fits in `width` pixels with "…" at the end."""
    font = assets.font(px, bold)
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest start that fits with its ellipsis
        mid = (low + high + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"
