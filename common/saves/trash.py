"""Deleting a save: the Trash of one visit of the Load screen, and tidying what a crash left
there. No pygame.

A deleted save is moved (one rename, whatever its size, nothing read) into the hidden
``.deleted/<visit>/`` folder of the saves folder, out of every listing (`common.saves.folder`
lists only ``*.json`` files at its top), where it waits until the visit ends (`Trash.empty`)
or the deletion is undone (`Trash.take_back`). `tidy_trash`, at start-up, empties the visits
a crash ended.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import stat
import time
from pathlib import Path

from common import files
from common.i18n import _
from common.saves.folder import candidate_names, claim

TEMP_AGE = files.TEMP_AGE  # seconds: a visit's folder untouched this long may be a dead one's
log = logging.getLogger("overlords-prepollency.saves")

TRASH = ".deleted"  # the hidden subfolder deletions wait in until the Load screen is left
TRASH_MARK = ".trash-of-overlords-prepollency"  # in a .deleted/ this program made (see Trash)
VISIT_LOCK = ".lock"  # held (locked) in a visit's folder for as long as the visit lasts
NOTICES: list[str] = []  # what was set aside (by any thread), for the Load screen to say once


class Trash:
    """One visit's deletions (a visit of the Load screen): each file moved (one rename,
    whatever its size, nothing read) into a folder of the visit's own,
    ``.deleted/<visit>/``, out of every listing, until the visit ends (`empty`: deleted for
    good) or the deletion is undone (`take_back`).

    The trash belongs to the visit that made it: the visit's folder holds a lock for as long
    as the visit lasts, and nobody else empties it (`tidy_trash`, at start-up) unless that
    lock is free (the window that made it is gone) and nothing was put there for TEMP_AGE
    seconds. ``.deleted`` itself is used only if it is a real folder of this user's holding
    this program's mark: a link (to another folder, or to ``.``), a file, a folder of another
    user's or one without the mark is set aside (renamed ``.deleted.set-aside-DATE``, one line
    in the log and in `problem`), never emptied. Every deletion is of regular files (or
    links, the link itself) inside a folder opened without following a link."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.where: Path | None = None  # this visit's folder, once something was deleted
        self.names: list[str] = []  # the names this visit put there and did not take back
        self.problem: str | None = None  # a .deleted that was set aside, in one line
        self._lock: int | None = None

    def put(self, path: Path) -> Path:
        """Move a save into this visit's trash; its path there. OSError if it cannot."""
        where = self._open()
        target = claim(path, candidate_names(where / path.name))
        _drop_name(path)  # linked: the old name goes (moved: it is gone already)
        files.sync_folder(path.parent)
        self.names.append(target.name)
        return target

    def take_back(self, trashed: Path, original: Path) -> Path:
        """Put a trashed save back under its name (or a free one beside it, if that was taken
        meanwhile), keeping its date; its path. OSError if it cannot."""
        back = claim(trashed, candidate_names(original))
        _drop_name(trashed)
        files.sync_folder(original.parent)
        with contextlib.suppress(ValueError):
            self.names.remove(trashed.name)
        return back

    def empty(self) -> int:
        """The visit ends: what it deleted is deleted for good, its folder goes; how many."""
        if self.where is None:
            return 0
        removed = files.remove_own_files(self.where, list(self.names))
        self.names.clear()
        self._release()
        files.remove_own_files(self.where, [VISIT_LOCK])
        with contextlib.suppress(OSError):
            os.rmdir(self.where)
        self.where = None
        return removed

    def _open(self) -> Path:
        if self.where is not None:
            return self.where
        bin_ = self.folder / TRASH
        self.problem = _own_trash(bin_)
        visit = bin_ / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(3)}"
        os.mkdir(visit, 0o700)
        try:
            self._lock = os.open(visit / VISIT_LOCK, os.O_RDWR | os.O_CREAT | os.O_EXCL
                                 | _NOFOLLOW, 0o600)
            files.try_lock(self._lock)
        except OSError:
            self._release()
        self.where = visit
        return visit

    def _release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                os.close(self._lock)
            self._lock = None


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _drop_name(path: Path) -> None:
    """Remove one name (a link: the link itself) after the file was linked elsewhere."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def _own_trash(bin_: Path) -> str | None:
    """Make sure ``.deleted`` is this program's own folder (made, with its mark, if missing);
    a link, a file, another user's folder or one without the mark is set aside first. One
    line saying what was set aside, or None. OSError if no trash folder can be made."""
    said = None
    try:
        st = os.lstat(bin_)
    except FileNotFoundError:
        st = None
    if st is not None and not (stat.S_ISDIR(st.st_mode) and files.own(st)
                               and _is_mark(bin_ / TRASH_MARK)):
        aside = bin_.with_name(f"{TRASH}.set-aside-{time.strftime('%Y%m%d-%H%M%S')}")
        while os.path.lexists(aside):
            aside = aside.with_name(aside.name + "-2")
        os.rename(bin_, aside)  # a link is renamed itself: what it points at is not touched
        kind = _("a link") if stat.S_ISLNK(st.st_mode) else \
            _("not a folder") if not stat.S_ISDIR(st.st_mode) else \
            _("another user's folder") if not files.own(st) else \
            _("a folder this program did not make")
        said = _("the saves folder's {trash} was {kind}: it was set aside as {aside}, "
                 "untouched, and a new one made.").format(trash=TRASH, kind=kind,
                                                          aside=aside.name)
        log.warning("%s (%s)", said, bin_)
        NOTICES.append(said)
        st = None
    if st is None:
        with contextlib.suppress(FileExistsError):
            os.mkdir(bin_, 0o700)
        fd = os.open(bin_ / TRASH_MARK, os.O_WRONLY | os.O_CREAT | _NOFOLLOW, 0o600)
        os.close(fd)
        files.hide(bin_)
    return said


def _is_mark(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def tidy_trash(folder: Path, age: float = TEMP_AGE, now: float | None = None) -> int:
    """Empty the visits a crash ended (their lock free, nothing put there for `age`
    seconds), at start-up; how many files. A ``.deleted`` that is not this program's own
    (a link, a file, foreign) is set aside, never emptied (see `Trash`)."""
    bin_ = folder / TRASH
    now = time.time() if now is None else now
    try:
        st = os.lstat(bin_)
    except OSError:
        return 0
    if not (stat.S_ISDIR(st.st_mode) and files.own(st) and _is_mark(bin_ / TRASH_MARK)):
        with contextlib.suppress(OSError):
            _own_trash(bin_)
        return 0
    removed = 0
    try:
        visits = [e for e in os.scandir(bin_) if e.is_dir(follow_symlinks=False)]
    except OSError:
        return 0
    for entry in visits:
        removed += _tidy_visit(Path(entry.path), age, now)
    return removed


def _tidy_visit(visit: Path, age: float, now: float) -> int:
    """Empty one visit's folder if its window is gone and it is old; how many files."""
    try:
        if now - os.lstat(visit).st_mtime < age:
            return 0
        lock = os.open(visit / VISIT_LOCK, os.O_RDWR | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        lock = None
    except OSError:
        return 0
    try:
        if lock is not None and not files.try_lock(lock):
            return 0  # its window is still open
        removed = files.remove_own_files(visit, keep=(VISIT_LOCK,))
    finally:
        if lock is not None:
            os.close(lock)
    files.remove_own_files(visit, [VISIT_LOCK])
    with contextlib.suppress(OSError):
        os.rmdir(visit)
    return removed


__all__ = ["NOTICES", "TRASH", "TRASH_MARK", "Trash", "VISIT_LOCK", "tidy_trash"]
