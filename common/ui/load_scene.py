"""The Load game screen: every save, newest first, in two lists, **In progress**
and **Finished**, each row with the save's name (or its game), date, players, move count and
state. A click on a row (or Enter on the selected one) continues the game, or reviews it if it
is finished; each row has **Review** (from the first move), **Rename** and **Delete** (undone
by **Undo** in the bar that follows, or Ctrl+Z). A file that cannot be read is listed with the
reason, in the In progress list, and offers **Move aside** (into the folder's ``unreadable/``)
and **Delete**; it never hides the others, and opening it never crashes the app.

The folder is listed and summarised in the background (`common.saves.index.Listing`), newest
first: the screen is usable at once and fills as it reads (a line under the list says how
far); every file is listed, however many. It opens on the list that has games. Deleting moves
the file into the folder's hidden ``.deleted/`` (no rescan, nothing read); every deletion of
the visit can be undone, the last first, and leaving the screen deletes them for good. A
held Delete key deletes one save, never more.

Keys: Up / Down (Page Up / Down, Home / End) select, Left / Right or Tab switch lists, Enter
opens, F2 renames, Delete deletes, Ctrl+Z undoes a deletion, Esc goes back. The wheel scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from common import record as rec
from common.saves import folder as save_folder
from common.saves import index as save_index
from common.saves import trash as save_trash
from common.ui import assets, draw, resume, saves
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, Wheel
from common.ui.name_dialog import NameDialog
from common.ui.overlay import Dialog
from common.ui.scene import Scene
from common.ui.theme import mix
from common.ui.widgets import Button, Choice, Widget, handle_all

TABS = ("progress", "finished")


class LoadScene(Scene):
    """The saves, as scrollable rows with their own buttons (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.tab = "progress"
        self.selected = 0
        self.scroll = 0  # the first row shown
        self.listing = saves.listing(app.games)
        self._made: dict[Path, saves.Entry] = {}  # each file's entry, made once
        self._lists: tuple[list[saves.Entry], list[saves.Entry]] = ([], [])
        self._upto = 0  # the listing's files taken into the lists so far
        self._files: list | None = None  # the listing's files the lists were made from
        self._seen = -1  # the listing's version the lists were made from
        self._chosen_tab = False  # the player picked a list: it is never switched for them
        self.trashed: list[Trashed] = []  # this visit's deletions, the last last (Undo)
        self.trash = save_trash.Trash(self.listing.folder)  # this visit's own, emptied on leaving
        self.back = Button("Back", self.app.pop, hint="Esc")
        self.undo_b = Button("Undo", self.undo_delete, hint="Ctrl+Z", small=True)
        self.tabs = Choice(list(TABS), self.tab, self._switch, ["In progress", "Finished"])
        self.rows: list[tuple[saves.Entry, pygame.Rect]] = []  # the rows on screen
        self._indices: list[int] = []  # each row's place in the list shown
        self.row_buttons: list[Widget] = []
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.row_h = 60
        self._hover = (-1, -1)
        self._changed = False  # a save was deleted, renamed or moved: told on leaving
        self.reload()
        self._tell_set_aside()

    def _tell_set_aside(self) -> None:
        """A linked or foreign .deleted set aside (at start-up, or by a deletion here) is
        said once, in the window."""
        while save_trash.NOTICES:
            said = save_trash.NOTICES.pop(0)
            self.app.toast(saves.shown(said[:1].upper() + said[1:], 200), 8.0, important=True)

    # the list -----------------------------------------------------------------------------

    def close(self) -> None:
        """Leaving: this visit's deletions are made for good, and the scenes under it hear
        if the saves changed (Continue follows)."""
        self.listing.stop()
        self.trash.empty()
        if self._changed:
            for scene in self.app.stack:
                scene.saves_changed()

    @property
    def folder_problem(self) -> str | None:
        """Why the saves folder cannot be read, if it cannot."""
        return self.listing.problem

    @property
    def reading(self) -> bool:
        """The listing is still being read."""
        return not self.listing.done.is_set()

    def update(self, dt: float) -> None:
        """Take in what the listing found since the last frame (the rows read meanwhile are
        added to the lists; nothing is rebuilt)."""
        if self.listing.version != self._seen:
            self._seen = self.listing.version
            if self._extend():
                self._after_change()
            self.app.invalidate()

    def wants_frames(self) -> bool:
        """While the listing fills, so that rows come in as they are read."""
        return self.reading

    def wait_listed(self, timeout: float = 60.0) -> None:
        """Wait for the whole listing, and show it (tests, and the benchmark)."""
        self.listing.wait(timeout)
        self.reload()

    def reload(self) -> None:
        """The two lists from what the listing knows now (nothing is read here)."""
        self._seen = self.listing.version
        self._lists, self._upto, self._files = ([], []), 0, self.listing.files
        self._extend()
        self._after_change()

    def _extend(self) -> bool:
        """Add the rows read since, in the listing's order (newest first); True if any. A
        listing changed here (a deletion, an undo) is read again whole."""
        files = self.listing.files or []
        if files is not self._files and self._files is not None:
            self._lists, self._upto = ([], []), 0
        self._files = self.listing.files
        start = self._upto
        while self._upto < len(files):
            summary = self.listing.summary(files[self._upto].path)
            if summary is None:
                break
            entry = self._made.get(summary.path)
            if entry is None or entry.file is not summary:
                entry = self._made[summary.path] = saves.Entry(summary)
            self._lists[1 if summary.finished else 0].append(entry)
            self._upto += 1
        return self._upto != start or not self.reading

    def _after_change(self) -> None:
        progress, finished = self._lists
        self.tabs.labels = [f"In progress ({len(progress)})", f"Finished ({len(finished)})"]
        if (not self.reading and not self._chosen_tab and self.tab == "progress"
                and not progress and finished):  # open on the list that has games
            self.tab = self.tabs.value = "finished"
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self._keep_in_view()
        self._place()

    @property
    def entries(self) -> list[saves.Entry]:
        """Every entry read so far, newest first."""
        key = {e.path: e for e in (*self._lists[0], *self._lists[1])}
        return [key[f.path] for f in self.listing.files or () if f.path in key]

    @property
    def shown(self) -> list[saves.Entry]:
        """The entries of the list on show."""
        return self._lists[TABS.index(self.tab)]

    @property
    def deleted(self) -> Trashed | None:
        """The last deletion Undo puts back, if any."""
        return self.trashed[-1] if self.trashed else None

    def _switch(self, tab: str) -> None:
        self._chosen_tab = True
        self.tab = tab
        self.tabs.value = tab
        self.selected = self.scroll = 0
        self._place()
        self.app.invalidate()

    @property
    def visible(self) -> int:
        """How many rows fit."""
        return max(1, self.list_rect.h // self.row_h)

    def _keep_in_view(self) -> None:
        count = len(self.shown)
        self.scroll = max(0, min(self.scroll, count - self.visible))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible:
            self.scroll = self.selected - self.visible + 1

    # layout -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Back and the title at the top; the list tabs; the rows; the undo bar."""
        m = self.app.m
        w = min(size[0] - 8 * m.pad, int(860 * m.scale))
        self.back.rect = pygame.Rect(2 * m.pad, 2 * m.pad, max(120, m.button_h * 3), m.button_h)
        tabs_y = 3 * m.pad + m.large * 2
        self.tabs.rect = pygame.Rect(0, tabs_y, min(w, int(420 * m.scale)), m.button_h)
        self.tabs.rect.centerx = size[0] // 2
        top = self.tabs.rect.bottom + m.pad
        bar_h = m.button_h + m.pad
        self.list_rect = pygame.Rect(0, top, w, size[1] - top - 2 * m.pad - bar_h)
        self.list_rect.centerx = size[0] // 2
        self.bar = pygame.Rect(self.list_rect.x, self.list_rect.bottom + m.pad // 2, w,
                               m.button_h)
        self.undo_b.rect = pygame.Rect(0, 0, max(110, m.button_h * 3), m.button_h)
        self.undo_b.rect.midright = (self.bar.right, self.bar.centery)
        line = (draw.text("Ag", m.normal, (0, 0, 0), True).get_height()
                + draw.text("Ag", m.small, (0, 0, 0)).get_height())
        self.row_h = max(int(m.normal * 3.2), line + 2 * m.pad + 6)
        self._keep_in_view()
        self._place()

    def _place(self) -> None:
        """The visible rows and their buttons."""
        m = self.app.m
        self.rows, self.row_buttons, self._indices = [], [], []
        shown = self.shown
        for i in range(self.scroll, min(len(shown), self.scroll + self.visible)):
            entry = shown[i]
            y = self.list_rect.y + (i - self.scroll) * self.row_h
            rect = pygame.Rect(self.list_rect.x, y, self.list_rect.w, self.row_h - 6)
            self.rows.append((entry, rect))
            self._indices.append(i)
            bw, bh = max(84, int(m.button_h * 2.3)), int(m.button_h * 0.8)
            x = rect.right - m.pad
            for label, action in reversed(self._actions(entry)):
                button = Button(label, action, small=True)
                button.rect = pygame.Rect(x - bw, rect.centery - bh // 2, bw, bh)
                x -= bw + m.pad // 2
                self.row_buttons.append(button)

    def _actions(self, entry: saves.Entry) -> list[tuple[str, object]]:
        if entry.problem is not None:
            return [("Move aside", lambda: self.move_aside(entry)),
                    ("Delete", lambda: self.delete(entry))]
        return [("Review", lambda: self.open(entry, review=True)),
                ("Analyse", lambda: resume.open_entry(self.app, entry, review=True, replace=True,
                                                      on_problem=self._refuse, analyse=True)),
                ("Rename", lambda: self.rename(entry)),
                ("Delete", lambda: self.delete(entry))]

    # what the rows do -------------------------------------------------------------------

    def open(self, entry: saves.Entry, review: bool = False) -> None:
        """Continue (or review) the save; one that cannot be opened says why."""
        if entry.problem is not None:
            self._refuse(entry, entry.problem)
            return
        resume.open_entry(self.app, entry, review=review, replace=True,
                          on_problem=self._refuse)

    def _refuse(self, entry: saves.Entry, problem: str) -> None:
        self.app.sound.play("illegal", 0.5)
        self.app.push(Dialog(self.app, "This save cannot be opened",
                             [entry.file_name, problem],
                             [("OK", lambda: None),
                              ("Move aside", lambda: self.move_aside(entry)),
                              ("Delete", lambda: self.delete(entry))],
                             cancel=lambda: None))

    def rename(self, entry: saves.Entry) -> None:
        """Ask for the save's name, and write it into the file."""
        def named(name: str) -> None:
            try:
                save_folder.rename(entry.path, name)
            except rec.RecordError as err:
                self.app.toast(f"Cannot rename: {saves.shown(str(err), 60)}", 3.0)
            except OSError as err:
                self.app.toast(f"Cannot rename: {save_folder.describe_error(err)}", 3.0)
            self._changed = True
            self._reread(entry)

        self.app.push(NameDialog(self.app, "Rename this save", [entry.details[:160]],
                                 entry.name, named, accept="Rename",
                                 placeholder="A name, e.g. Sunday rematch"))

    def _reread(self, entry: saves.Entry) -> None:
        """One file changed here: its row read again (the rest of the list is kept)."""
        save_index.forget(entry.path)
        try:
            st = entry.path.stat()
        except OSError:
            self.listing.drop(entry.path)
            return
        self.listing.add(save_index.FileInfo(entry.path, st.st_mtime, st.st_size))

    def delete(self, entry: saves.Entry) -> None:
        """Delete the save at once (out of the list, no rescan); Undo puts it back."""
        try:
            where = self.trash.put(entry.path)
        except OSError as err:
            self.app.toast(f"Cannot delete: {save_folder.describe_error(err)}", 3.0)
            return
        self._tell_set_aside()
        self.trashed.append(Trashed(where, entry.path, entry.name or
                                    f"{entry.title}, {entry.when}", entry.file.mtime,
                                    entry.file.size))
        self.listing.drop(entry.path)
        self._changed = True
        self.reload()
        self.app.invalidate()

    def undo_delete(self) -> None:
        """Put the last deleted save back (again for the one before, and so on)."""
        if not self.trashed:
            return
        last = self.trashed[-1]
        try:
            back = self.trash.take_back(last.where, last.path)
        except OSError as err:
            self.app.toast(f"Cannot undo: {save_folder.describe_error(err)}", 3.0)
            return
        self.trashed.pop()
        self.listing.add(save_index.FileInfo(back, last.mtime, last.size))
        self._changed = True
        self.reload()
        self.app.invalidate()

    def move_aside(self, entry: saves.Entry) -> None:
        """Move an unreadable file out of the list, into the folder's unreadable/."""
        try:
            target = save_folder.move_aside(entry.path)
        except OSError as err:
            self.app.toast(f"Cannot move it: {save_folder.describe_error(err)}", 3.0)
            return
        self.app.toast(f"Moved to {save_folder.ASIDE}/{saves.shown(target.name, 50)}", 3.0)
        self._changed = True
        self.listing.drop(entry.path)
        self.reload()

    # input --------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Buttons, rows, keys and the wheel."""
        widgets: list[Widget] = [self.back, self.tabs, *self.row_buttons]
        if self.deleted is not None:
            widgets.append(self.undo_b)
        if handle_all(widgets, action):
            return True
        shown = self.shown
        if isinstance(action, PointerMove):
            self._hover = action.pos
            return False
        if isinstance(action, PointerDown) and action.button == 1:
            for (entry, rect), index in zip(self.rows, self._indices, strict=True):
                if rect.collidepoint(action.pos):
                    self.selected = index
                    self.open(entry)
                    return True
        elif isinstance(action, Wheel):
            self.scroll = max(0, min(self.scroll - action.dy, len(shown) - self.visible))
            self._place()
            return True
        elif action is Command.BACK:
            self.app.pop()
            return True
        elif action is Command.UNDO:
            self.undo_delete()
            return True
        elif action is Command.CONFIRM:
            if shown:
                self.open(shown[self.selected])
            return True
        elif isinstance(action, Key):
            return self._key(action, shown)
        return False

    def _key(self, action: Key, shown: list[saves.Entry]) -> bool:
        k = action.key
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                 pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(shown),
                 pygame.K_END: len(shown)}
        if k in moves:
            self.selected = max(0, min(len(shown) - 1, self.selected + moves[k]))
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            other = TABS[1 - TABS.index(self.tab)]
            if k == pygame.K_TAB or (k == pygame.K_RIGHT) == (other == "finished"):
                self._switch(other)
            return True
        elif k == pygame.K_DELETE:
            if shown and not action.repeat:  # a held key deletes one save, never more
                self.delete(shown[self.selected])
            return True
        elif k == pygame.K_F2 and shown and shown[self.selected].problem is None:
            self.rename(shown[self.selected])
            return True
        else:
            return False
        self._keep_in_view()
        self._place()
        return True

    # drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tabs, rows (name and date; players, moves, state), scroll bar, undo bar."""
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)
        draw.blit_text(surface, "Load game", m.large, pal.text,
                       (surface.get_width() // 2, 2 * m.pad + m.button_h // 2), "center", True)
        self.tabs.draw(surface, pal, m)
        self._draw_empty(surface)
        shown = self.shown
        for (entry, rect), index in zip(self.rows, self._indices, strict=True):
            self._draw_row(surface, entry, rect, index == self.selected)
        for button in self.row_buttons:
            button.draw(surface, pal, m)
        if len(shown) > self.visible:  # where the rows shown are in the whole list
            track = self.list_rect.move(self.list_rect.w + m.pad // 2, 0)
            track.w = max(4, m.pad // 3)
            pygame.draw.rect(surface, mix(pal.panel, pal.background, 0.5), track,
                             border_radius=track.w)
            h = max(m.pad * 2, track.h * self.visible // len(shown))
            y = track.y + (track.h - h) * self.scroll // max(1, len(shown) - self.visible)
            pygame.draw.rect(surface, pal.text_dim, (track.x, y, track.w, h),
                             border_radius=track.w)
        if self.deleted is not None or self.reading:
            words = self._bar_words()
            room = self.bar.w - self.undo_b.rect.w - 2 * m.pad
            px = draw.fit_text(words, m.normal, room)
            words = cut(words, px, room)
            draw.blit_text(surface, words, px, pal.text, (self.bar.x, self.bar.centery),
                           "midleft")
            if self.deleted is not None:
                self.undo_b.draw(surface, pal, m)
        self.back.draw(surface, pal, m)

    def _bar_words(self) -> str:
        """Under the list: the last deletion (and how many more Undo can put back), or how
        far the reading of the folder is."""
        if self.deleted is not None:
            more = len(self.trashed) - 1
            return (f"Deleted \u201c{self.deleted.title}\u201d"
                    + (f" and {more} more" if more else ""))
        files = self.listing.files
        if files is None:
            return "Reading the saves folder\u2026"
        return f"Reading saves\u2026 {sum(map(len, self._lists))} of {len(files)}"

    def _draw_empty(self, surface: pygame.Surface) -> None:
        pal, m = self.app.pal, self.app.m
        if self.folder_problem is not None:
            lines = [("The saves folder cannot be read:", pal.refusal),
                     (self.folder_problem, pal.text_dim)]
        elif not self.shown and self.reading:
            lines = [("Reading the saves folder\u2026", pal.text_dim)]
        elif not self.shown:
            what = ("No finished games yet." if self.tab == "finished" else
                    "No games in progress. Every game is saved as you play it.")
            lines = [(what, pal.text_dim),
                     (f"Saves are kept in {saves.shown(str(saves.folder()), 120)}",
                      pal.text_dim)]
        else:
            return
        y = self.list_rect.y + m.pad
        for words, color in lines:
            for line in draw.wrap(words, m.small, self.list_rect.w)[:4]:
                draw.blit_text(surface, line, m.small, color, (self.list_rect.centerx, y),
                               "midtop")
                y += int(m.small * 1.5)

    def _draw_row(self, surface: pygame.Surface, entry: saves.Entry, rect: pygame.Rect,
                  selected: bool) -> None:
        pal, m = self.app.pal, self.app.m
        bad = entry.problem is not None
        fill = pal.backdrop if bad else pal.button_hover if rect.collidepoint(self._hover) \
            else pal.button
        pygame.draw.rect(surface, fill, rect, border_radius=m.radius)
        if selected:
            pygame.draw.rect(surface, pal.select, rect, width=2, border_radius=m.radius)
        buttons = len(self._actions(entry))
        room = rect.w - 2 * m.pad - buttons * (max(84, int(m.button_h * 2.3)) + m.pad // 2)
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


@dataclass(frozen=True)
class Trashed:
    """A save deleted during this visit: where it waits, and what to put back."""

    where: Path  # in the folder's .deleted/
    path: Path  # its name before
    title: str  # drawable
    mtime: float
    size: int


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
