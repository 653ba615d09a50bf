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
The keys are tables (`MOVES`, `KEYS`, `COMMANDS`): adding one is a row.

This module is the screen's actions and input; the list model (two lists, the selection, the
scroll) is `common.ui.scenes.load_list`, the drawing of the rows `common.ui.scenes.load_rows`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from common import record as rec
from common.i18n import N_, _
from common.saves import folder as save_folder
from common.saves import index as save_index
from common.saves import trash as save_trash
from common.ui import draw, resume, saves
from common.ui.input import Action, Command, Key, PointerDown, PointerMove, Wheel
from common.ui.scene import Scene
from common.ui.scenes import load_rows
from common.ui.scenes.dialog_scene import Dialog
from common.ui.scenes.load_list import TABS, SaveList, Trashed
from common.ui.scenes.name_dialog_scene import NameDialog
from common.ui.widgets import Button, Choice, Widget, handle_all

__all__ = ["TABS", "LoadScene", "Trashed"]


class LoadScene(Scene):
    """The saves, as scrollable rows with their own buttons (see the module docstring)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.listing = saves.listing(app.games)
        self.list = SaveList(self.listing)
        self.trashed: list[Trashed] = []  # this visit's deletions, the last last (Undo)
        self.trash = save_trash.Trash(self.listing.folder)  # this visit's own, emptied on leaving
        self.back = Button(N_("Back"), self.app.pop, hint="Esc")
        self.undo_b = Button(N_("Undo"), self.undo_delete, hint="Ctrl+Z", small=True)
        self.tabs = Choice(list(TABS), self.list.tab, self._switch, [N_("In progress"),
                                                                     N_("Finished")])
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

    # the list (`SaveList`) -----------------------------------------------------------------

    def close(self) -> None:
        """Leaving: this visit's deletions are made for good, and the scenes under it hear
        if the saves changed (Continue follows)."""
        self.listing.stop()
        self.trash.empty()
        if self._changed:
            for scene in self.app.stack:
                scene.saves_changed()

    @property
    def tab(self) -> str:
        """The list on show: "progress" or "finished"."""
        return self.list.tab

    @property
    def selected(self) -> int:
        """The selected row's place in the list shown."""
        return self.list.selected

    @selected.setter
    def selected(self, index: int) -> None:
        self.list.selected = index

    @property
    def scroll(self) -> int:
        """The first row shown."""
        return self.list.scroll

    @property
    def visible(self) -> int:
        """How many rows fit."""
        return self.list.visible

    @property
    def shown(self) -> list[saves.Entry]:
        """The entries of the list on show."""
        return self.list.shown

    @property
    def entries(self) -> list[saves.Entry]:
        """Every entry read so far, newest first."""
        return self.list.entries

    @property
    def folder_problem(self) -> str | None:
        """Why the saves folder cannot be read, if it cannot."""
        return self.list.problem

    @property
    def reading(self) -> bool:
        """The listing is still being read."""
        return self.list.reading

    @property
    def deleted(self) -> Trashed | None:
        """The last deletion Undo puts back, if any."""
        return self.trashed[-1] if self.trashed else None

    def update(self, dt: float) -> None:
        """Take in what the listing found since the last frame (the rows read meanwhile are
        added to the lists; nothing is rebuilt)."""
        if self.list.stale():
            if self.list.take_in():
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
        self.list.reload()
        self._after_change()

    def _after_change(self) -> None:
        progress, finished = self.list.counts
        self.tabs.labels = [_("In progress ({progress})").format(progress=progress),
                            _("Finished ({finished})").format(
                                                             finished=finished)]
        self.tabs.value = self.list.tab
        self._place()

    def _switch(self, tab: str) -> None:
        self.list.switch(tab)
        self.tabs.value = tab
        self._place()
        self.app.invalidate()

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
        self.row_h = load_rows.row_height(m)
        self.list.visible = max(1, self.list_rect.h // self.row_h)
        self.list.keep_in_view()
        self._place()

    def _place(self) -> None:
        """The visible rows and their buttons."""
        m = self.app.m
        self.rows, self.row_buttons, self._indices = [], [], []
        shown = self.shown
        bw, bh = load_rows.button_width(m), int(m.button_h * 0.8)
        for i in self.list.window():
            entry = shown[i]
            y = self.list_rect.y + (i - self.scroll) * self.row_h
            rect = pygame.Rect(self.list_rect.x, y, self.list_rect.w, self.row_h - 6)
            self.rows.append((entry, rect))
            self._indices.append(i)
            x = rect.right - m.pad
            for label, action in reversed(self._actions(entry)):
                button = Button(label, action, small=True)
                button.rect = pygame.Rect(x - bw, rect.centery - bh // 2, bw, bh)
                x -= bw + m.pad // 2
                self.row_buttons.append(button)

    def _actions(self, entry: saves.Entry) -> list[tuple[str, Callable[[], None]]]:
        if entry.problem is not None:
            return [(_("Move aside"), lambda: self.move_aside(entry)),
                    (_("Delete"), lambda: self.delete(entry))]
        return [(_("Review"), lambda: self.open(entry, review=True)),
                (_("Analyse"), lambda: resume.open_entry(self.app, entry, review=True, replace=True,
                                                      on_problem=self._refuse, analyse=True)),
                (_("Rename"), lambda: self.rename(entry)),
                (_("Delete"), lambda: self.delete(entry))]

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
        self.app.push(Dialog(self.app, N_("This save cannot be opened"),
                             [entry.file_name, problem],
                             [("OK", lambda: None),
                              (N_("Move aside"), lambda: self.move_aside(entry)),
                              (N_("Delete"), lambda: self.delete(entry))],
                             cancel=lambda: None))

    def rename(self, entry: saves.Entry) -> None:
        """Ask for the save's name, and write it into the file."""
        def named(name: str) -> None:
            try:
                save_folder.rename(entry.path, name)
            except rec.RecordError as err:
                self.app.toast(_("Cannot rename: {err}").format(err=saves.shown(str(err), 60)), 3.0)
            except OSError as err:
                self.app.toast(_("Cannot rename: {describe_error}").format(
                                   describe_error=save_folder.describe_error(err)), 3.0)
            self._changed = True
            self._reread(entry)

        self.app.push(NameDialog(self.app, _("Rename this save"), [entry.details[:160]],
                                 entry.name, named, accept=_("Rename"),
                                 placeholder=_("A name, e.g. Sunday rematch")))

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
            self.app.toast(_("Cannot delete: {describe_error}").format(
                               describe_error=save_folder.describe_error(err)), 3.0)
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
            self.app.toast(_("Cannot undo: {describe_error}").format(
                               describe_error=save_folder.describe_error(err)), 3.0)
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
            self.app.toast(_("Cannot move it: {describe_error}").format(
                               describe_error=save_folder.describe_error(err)), 3.0)
            return
        self.app.toast(_("Moved to {aside}/{name}").format(
                           aside=save_folder.ASIDE, name=saves.shown(target.name, 50)), 3.0)
        self._changed = True
        self.listing.drop(entry.path)
        self.reload()

    # input --------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        """Buttons, rows, keys and the wheel: the widgets first, then the handler of the
        command (`COMMANDS`), the key (`MOVES`, `KEYS`) or the kind of action."""
        widgets: list[Widget] = [self.back, self.tabs, *self.row_buttons]
        if self.deleted is not None:
            widgets.append(self.undo_b)
        if handle_all(widgets, action):
            return True
        if isinstance(action, Command):
            handler = COMMANDS.get(action)
        elif isinstance(action, Key):
            handler = LoadScene._key
        else:
            handler = KINDS.get(type(action))
        return handler is not None and handler(self, action)

    def _pointer(self, action: PointerMove | PointerDown) -> bool:
        if isinstance(action, PointerMove):
            self._hover = action.pos
            return False
        if action.button != 1:
            return False
        for (entry, rect), index in zip(self.rows, self._indices, strict=True):
            if rect.collidepoint(action.pos):
                self.list.selected = index
                self.open(entry)
                return True
        return False

    def _wheel(self, action: Wheel) -> bool:
        self.list.scroll_by(-action.dy)
        self._place()
        return True

    def _back(self, _action: Command) -> bool:
        self.app.pop()
        return True

    def _undo(self, _action: Command) -> bool:
        self.undo_delete()
        return True

    def _confirm(self, _action: Command) -> bool:
        if self.shown:
            self.open(self.shown[self.selected])
        return True

    def _key(self, action: Key) -> bool:
        move = MOVES.get(action.key)
        if move is not None:
            self.list.select(move(self))
            self._place()
            return True
        handler = KEYS.get(action.key)
        return handler is not None and handler(self, action)

    def _other_list(self, action: Key) -> bool:
        other = TABS[1 - TABS.index(self.tab)]
        if action.key == pygame.K_TAB or (action.key == pygame.K_RIGHT) == (other == "finished"):
            self._switch(other)
        return True

    def _delete_key(self, action: Key) -> bool:
        if self.shown and not action.repeat:  # a held key deletes one save, never more
            self.delete(self.shown[self.selected])
        return True

    def _rename_key(self, _action: Key) -> bool:
        shown = self.shown
        if not shown or shown[self.selected].problem is not None:
            return False
        self.rename(shown[self.selected])
        return True

    # drawing (`load_rows`) ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Title, tabs, rows (name and date; players, moves, state), scroll bar, undo bar."""
        pal, m = self.app.pal, self.app.m
        draw.blit_backdrop(surface, pal)
        draw.blit_text(surface, _("Load game"), m.large, pal.text,
                       (surface.get_width() // 2, 2 * m.pad + m.button_h // 2), "center", True)
        self.tabs.draw(surface, pal, m)
        lines = load_rows.empty_lines(self.folder_problem, not self.shown, self.reading,
                                      self.tab, pal)
        load_rows.draw_empty(surface, lines, self.list_rect, m)
        for (entry, rect), index in zip(self.rows, self._indices, strict=True):
            load_rows.draw_row(surface, entry, rect, index == self.selected,
                               rect.collidepoint(self._hover), len(self._actions(entry)),
                               pal, m)
        for button in self.row_buttons:
            button.draw(surface, pal, m)
        load_rows.draw_scrollbar(surface, self.list_rect, len(self.shown), self.visible,
                                 self.scroll, pal, m)
        if self.deleted is not None or self.reading:
            words = load_rows.bar_words(self.trashed, self.listing.files,
                                        sum(self.list.counts))
            room = self.bar.w - self.undo_b.rect.w - 2 * m.pad
            load_rows.draw_bar_words(surface, words, self.bar, room, pal, m)
            if self.deleted is not None:
                self.undo_b.draw(surface, pal, m)
        self.back.draw(surface, pal, m)


# What the screen does with an action its widgets left: by command, by key, by kind.
COMMANDS: dict[Command, Callable[[LoadScene, Any], bool]] = {
    Command.BACK: LoadScene._back,
    Command.UNDO: LoadScene._undo,
    Command.CONFIRM: LoadScene._confirm,
}
# The keys that move the selection: key -> how many rows (of the screen's list and page).
MOVES: dict[int, Callable[[LoadScene], int]] = {
    pygame.K_UP: lambda scene: -1,
    pygame.K_DOWN: lambda scene: 1,
    pygame.K_PAGEUP: lambda scene: -scene.visible,
    pygame.K_PAGEDOWN: lambda scene: scene.visible,
    pygame.K_HOME: lambda scene: -len(scene.shown),
    pygame.K_END: lambda scene: len(scene.shown),
}
KEYS: dict[int, Callable[[LoadScene, Key], bool]] = {
    pygame.K_LEFT: LoadScene._other_list,
    pygame.K_RIGHT: LoadScene._other_list,
    pygame.K_TAB: LoadScene._other_list,
    pygame.K_DELETE: LoadScene._delete_key,
    pygame.K_F2: LoadScene._rename_key,
}
KINDS: dict[type, Callable[[LoadScene, Any], bool]] = {
    PointerMove: LoadScene._pointer,
    PointerDown: LoadScene._pointer,
    Wheel: LoadScene._wheel,
}
