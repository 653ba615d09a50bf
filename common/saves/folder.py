"""The saves folder (game records, docs/RULES.md, "Game records"): new files that never
overwrite another's, rewrites that never lose the old file, the listing, renaming, and moving
an unreadable file aside. No pygame.

- **New files** (`write_new`) get a name no other process can take at the same moment: the
  record is written to a temporary file, synced, then *linked* to the first free name
  ``GAME-YYYYmmdd-HHMMSS[-N].json`` (a link fails if the name exists, atomically, where a test
  for existence followed by a rename would let two writers of the same second keep one file).
  Where links are not supported (some FAT or network file systems) the name is reserved with
  ``O_CREAT | O_EXCL`` first and the record then moved over it (`claim`).
- **Rewrites** (`rewrite`, the autosave of a game in progress) go through
  `common.record.save`: a temporary ``.NAME.*.tmp`` in the same folder, fsync, `os.replace`:
  a kill at any moment leaves the previous file whole.
- **Tidying** (`clean_temps`): a temporary file left by a killed writer is removed on the next
  start, once it is older than `TEMP_AGE` (a younger one may be another running instance's
  write in flight).
- **Listing** (`scan`): every ``*.json`` file with its record, or the reason it cannot be read;
  one bad file never hides the others, and a folder that cannot be read says so.
- **Moving aside** (`move_aside`) puts a file that cannot be read into ``unreadable/`` under
  the folder, out of the list but not lost. Deleting a save is `common.saves.trash`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from common import files
from common import record as rec
from common.i18n import _
from common.record import files as record_files

TEMP_AGE = files.TEMP_AGE  # seconds: an older ".NAME.*.tmp" is a dead writer's
ASIDE = "unreadable"  # the subfolder files that cannot be read are moved into
NAME_KEY = "save_name"  # the record key holding the name a player gave the save (optional)
MAX_NAME = 60  # characters of a save's name kept
MAX_FILES = 5000  # files listed at most (newest first): a flooded folder stays usable


@dataclass(frozen=True)
class SaveFile:
    """One file of the folder: its record, or why it cannot be read."""

    path: Path
    mtime: float
    size: int
    record: dict | None  # the parsed JSON object (not yet replayed), if it could be read
    problem: str | None  # why it cannot be read, if it cannot

    @property
    def name(self) -> str:
        """The name the player gave the save ("" if none): raw text, to be cleaned to draw."""
        given = self.record.get(NAME_KEY) if self.record is not None else None
        return given[:MAX_NAME] if isinstance(given, str) else ""

    @property
    def unfinished(self) -> bool:
        """True if the record is readable and has no result yet (a game to continue)."""
        return self.record is not None and self.record.get("result") is None


# writing -------------------------------------------------------------------------------------

def stem(game: str, when: float | None = None) -> str:
    """The base of a new file's name: the game and the local time, to the second."""
    return f"{game}-{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}"


def write_new(folder: Path, game: str, record: dict) -> Path:
    """Write `record` as a new file in `folder` (created if missing) under a name no other
    file has or gets at the same time; its path. OSError if the disk refuses (nothing is left
    behind then)."""
    folder.mkdir(parents=True, exist_ok=True)
    base = folder / f"{stem(game)}.json"
    return _place(record_files.write_temp(base, record), candidate_names(base))


def candidate_names(path: Path) -> Iterator[Path]:
    """`path`, then ``STEM-2.json``, ``STEM-3.json``... beside it."""
    yield path
    for n in range(2, 100_000):
        yield path.with_name(f"{path.stem}-{n}{path.suffix}")


def _place(tmp: Path, names: Iterator[Path]) -> Path:
    """Give the written, synced file `tmp` the first of `names` that no file has, never
    replacing one; the name taken. The temporary name is gone afterwards, whatever happens."""
    try:
        path = claim(tmp, names)
        files.sync_folder(path.parent)
        return path
    finally:
        tmp.unlink(missing_ok=True)


def claim(source: Path, names: Iterator[Path]) -> Path:
    """Give the file `source` the first of `names` that no file has (a hard link, or where
    the file system has none, the name reserved and the file moved onto it); the name
    taken. `source` may still exist afterwards (linked); OSError if no name is free."""
    for path in names:
        try:
            _link(source, path)
            files.unhide(path)  # one file under two names: the temporary one hid it
        except FileExistsError:
            continue
        except OSError as err:
            if not no_hard_links(err):
                raise
            if not _reserve(path):
                continue
            files.replace(source, path)
        return path
    raise OSError(errno.EEXIST, _("no free file name left"), str(source.parent))


def _link(source: Path, target: Path) -> None:
    """A second name for a file; for a link, for the link itself (never what it points at)."""
    try:
        os.link(source, target, follow_symlinks=False)
    except NotImplementedError:  # a system without linkat: a link is refused, not followed
        if os.path.islink(source):
            raise OSError(errno.EPERM, _("not linking a link"), str(source)) from None
        os.link(source, target)


# what os.link says where the file system has no hard links (names differ between systems)
_NO_LINKS = tuple(getattr(errno, name) for name in ("EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV",
                                                    "EMLINK", "ENOSYS") if hasattr(errno, name))
# and on Windows (FAT32, exFAT, some network shares), by its own error numbers, which Python
# maps to EINVAL or EACCES: ERROR_INVALID_FUNCTION, ERROR_ACCESS_DENIED, ERROR_NOT_SAME_DEVICE,
# ERROR_NOT_SUPPORTED, ERROR_INVALID_PARAMETER
_WINDOWS_NO_LINKS = (1, 5, 17, 50, 87)


def no_hard_links(err: OSError) -> bool:
    """True if `os.link` failed because the file system has no hard links (the name is then
    reserved and the file moved: `claim`). A refusal that is not that stops the fallback too,
    where the name is reserved, so the fallback never hides a real error."""
    return err.errno in _NO_LINKS or getattr(err, "winerror", None) in _WINDOWS_NO_LINKS


def _reserve(path: Path) -> bool:
    """Take a name by creating the empty file exclusively (False if it exists)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
    except FileExistsError:
        return False
    return True


def rewrite(path: Path, record: dict) -> None:
    """Replace the file's record atomically (OSError if the disk refuses: the old file is
    kept whole)."""
    rec.save(path, record)
    files.sync_folder(path.parent)


stamp = files.stamp  # (inode, mtime, size): another writer changed the file


# tidying -------------------------------------------------------------------------------------

is_temp = files.is_temp
clean_temps = files.clean_temps  # a dead writer's ".NAME.*.tmp": regular, ours, old, no links


# reading -------------------------------------------------------------------------------------

class FolderError(Exception):
    """The saves folder exists but cannot be listed; the message says why."""


def scan(folder: Path) -> list[SaveFile]:
    """Every save file (``*.json``, not hidden), newest first, each with its record or the
    reason it cannot be read; [] if the folder does not exist yet. FolderError if it exists
    but cannot be read."""
    return [_read(path, mtime, size) for mtime, size, path in listing(folder)]


def newest(folder: Path) -> Iterator[SaveFile]:
    """The save files as `scan` lists them, read one at a time (stop early for less work)."""
    for mtime, size, path in listing(folder):
        yield _read(path, mtime, size)


def listing(folder: Path, limit: int | None = MAX_FILES) -> list[tuple[float, int, Path]]:
    """(modification time, size, path) of every save file, newest first, unread (at most
    `limit`; None: all). FolderError as `scan`."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        raise FolderError(_("{folder} is a file, not a folder").format(folder=folder)) from None
    except PermissionError:
        raise FolderError(_("{folder} cannot be read (permission denied)").format(
            folder=folder)) from None
    except OSError as err:
        raise FolderError(_("{folder} cannot be read ({problem})").format(
            folder=folder, problem=err.strerror or err)) from None
    found: list[tuple[float, int, Path]] = []
    for name in names:
        if not name.endswith(".json") or name.startswith("."):
            continue
        path = folder / name
        try:
            st = path.stat()
        except OSError:
            continue  # gone since the listing, or a dangling link
        if path.is_file():
            found.append((st.st_mtime, st.st_size, path))
    found.sort(key=lambda f: (f[0], f[2].name), reverse=True)
    return found if limit is None else found[:limit]


def _read(path: Path, mtime: float, size: int) -> SaveFile:
    try:
        record = rec.load(path)
    except rec.RecordError as err:
        return SaveFile(path, mtime, size, None, str(err))
    except Exception as err:  # noqa: BLE001  one hostile file must never hide the others
        return SaveFile(path, mtime, size, None, _("cannot be read ({problem})").format(
            problem=type(err).__name__))
    return SaveFile(path, mtime, size, record, None)


def read(path: Path) -> SaveFile:
    """One save file as `scan` lists it."""
    try:
        st = path.stat()
    except OSError as err:
        return SaveFile(path, 0.0, 0, None, _("cannot be read ({problem})").format(
            problem=err.strerror or err))
    return _read(path, st.st_mtime, st.st_size)


# changing ------------------------------------------------------------------------------------

def rename(path: Path, name: str) -> None:
    """Give the save a name (stored in its record; "" removes it), keeping its date.
    RecordError if it cannot be read, OSError if it cannot be written."""
    record = rec.load(path)
    st = path.stat()
    name = name.strip()[:MAX_NAME]
    if name:
        record[NAME_KEY] = name
    else:
        record.pop(NAME_KEY, None)
    rewrite(path, record)
    with contextlib.suppress(OSError):  # renaming is not playing: the date stays
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def move_aside(path: Path) -> Path:
    """Move a file into the ``unreadable`` subfolder (never over another file); its new
    path. OSError if it cannot be moved."""
    return _move_into(path, ASIDE)


def _move_into(path: Path, sub: str) -> Path:
    """Move a file into a subfolder of its folder (created if need be), never over another
    file; its new path."""
    where = path.parent / sub
    with contextlib.suppress(FileExistsError):
        os.mkdir(where)
    if not stat.S_ISDIR(os.lstat(where).st_mode):  # a link: never moved through to elsewhere
        raise OSError(errno.ENOTDIR, _("{name} in the saves folder is not a folder").format(
            name=sub), str(where))
    target = claim(path, candidate_names(where / path.name))
    path.unlink(missing_ok=True)  # linked: the old name goes (moved: it is gone already)
    files.sync_folder(path.parent)
    return target


def describe_error(err: OSError) -> str:
    """An OSError as a few words ("permission denied")."""
    return (err.strerror or str(err) or type(err).__name__).lower()


__all__ = ["ASIDE", "FolderError", "NAME_KEY", "SaveFile", "TEMP_AGE", "candidate_names", "claim",
           "clean_temps", "describe_error", "is_temp", "listing", "move_aside", "newest", "read",
           "rename", "rewrite", "scan", "stamp", "write_new"]
