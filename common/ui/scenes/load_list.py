"""The Load screen's list model: the saves in two lists, **In progress** and **Finished**,
filled from the background listing (`common.saves.index.Listing`) as it reads, newest first;
which list is on show, the selected row and the first row shown. Nothing here draws or
reads a file: the listing reads, `common.ui.scenes.load_rows` draws, the scene acts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common.ui import saves

TABS = ("progress", "finished")


@dataclass(frozen=True)
class Trashed:
    """A save deleted during this visit: where it waits, and what to put back."""

    where: Path  # in the folder's .deleted/
    path: Path  # its name before
    title: str  # drawable
    mtime: float
    size: int


class SaveList:
    """The two lists, the list on show, the selection and the scroll (see the module
    docstring). `visible` (how many rows fit) is set by the screen's layout."""

    def __init__(self, listing: Any) -> None:
        self.listing = listing
        self.tab = "progress"
        self.selected = 0
        self.scroll = 0  # the first row shown
        self.visible = 1
        self._made: dict[Path, saves.Entry] = {}  # each file's entry, made once
        self._lists: tuple[list[saves.Entry], list[saves.Entry]] = ([], [])
        self._upto = 0  # the listing's files taken into the lists so far
        self._files: list | None = None  # the listing's files the lists were made from
        self._seen = -1  # the listing's version the lists were made from
        self.chosen_tab = False  # the player picked a list: it is never switched for them

    # what the listing knows -------------------------------------------------------------

    @property
    def reading(self) -> bool:
        """The listing is still being read."""
        return not self.listing.done.is_set()

    @property
    def problem(self) -> str | None:
        """Why the saves folder cannot be read, if it cannot."""
        return self.listing.problem

    @property
    def counts(self) -> tuple[int, int]:
        """How many saves each list holds so far."""
        return len(self._lists[0]), len(self._lists[1])

    @property
    def shown(self) -> list[saves.Entry]:
        """The entries of the list on show."""
        return self._lists[TABS.index(self.tab)]

    @property
    def entries(self) -> list[saves.Entry]:
        """Every entry read so far, newest first."""
        key = {e.path: e for e in (*self._lists[0], *self._lists[1])}
        return [key[f.path] for f in self.listing.files or () if f.path in key]

    def stale(self) -> bool:
        """True if the listing changed since the lists were last made."""
        return self.listing.version != self._seen

    def take_in(self) -> bool:
        """Add the rows the listing read since (the lists then settle); True if any."""
        self._seen = self.listing.version
        grew = self._extend()
        if grew:
            self.settle()
        return grew

    def reload(self) -> None:
        """The two lists from what the listing knows now (nothing is read here)."""
        self._seen = self.listing.version
        self._lists, self._upto, self._files = ([], []), 0, self.listing.files
        self._extend()
        self.settle()

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

    def settle(self) -> None:
        """After the lists changed: open on the list that has games (once all is read, unless
        the player chose one), keep the selection on a row and in view."""
        progress, finished = self._lists
        if (not self.reading and not self.chosen_tab and self.tab == "progress"
                and not progress and finished):
            self.tab = "finished"
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.keep_in_view()

    # moving about -----------------------------------------------------------------------

    def switch(self, tab: str) -> None:
        """Show the other list, from its top (the player chose it)."""
        self.chosen_tab = True
        self.tab = tab
        self.selected = self.scroll = 0

    def select(self, delta: int) -> None:
        """Move the selection by `delta` rows (kept in the list and in view)."""
        self.selected = max(0, min(len(self.shown) - 1, self.selected + delta))
        self.keep_in_view()

    def scroll_by(self, rows: int) -> None:
        """Scroll the rows shown (the wheel), the selection staying where it is."""
        self.scroll = max(0, min(self.scroll + rows, len(self.shown) - self.visible))

    def keep_in_view(self) -> None:
        """The scroll brought back into the list, and to the selected row."""
        count = len(self.shown)
        self.scroll = max(0, min(self.scroll, count - self.visible))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible:
            self.scroll = self.selected - self.visible + 1

    def window(self) -> range:
        """The places in the list shown of the rows on screen."""
        return range(self.scroll, min(len(self.shown), self.scroll + self.visible))
