"""A folder of save files (game records, shared/RULES.md): new files that never overwrite
another's, rewrites that never lose the old file, the listing, and tidying. No pygame.

- **New files** (`write_new`) get a name no other process can take at the same moment: the
  record is written to a temporary file, synced, then *linked* to the first free name
  ``GAME-YYYYmmdd-HHMMSS[-N].json`` (a link fails if the name exists, atomically, where a test
  for existence followed by a rename would let two writers of the same second keep one file).
  Where links are not supported (some FAT or network file systems) the name is reserved with
  ``O_CREAT | O_EXCL`` first and the record then moved over it.
- **Rewrites** (`rewrite`, the autosave of a game in progress) go through
  `common.record.save`: a temporary ``.NAME.*.tmp`` in the same folder, fsync, `os.replace`:
  a kill at any moment leaves the previous file whole.
- **Tidying** (`clean_temps`): a temporary file left by a killed writer is removed on the next
  start, once it is older than `TEMP_AGE` (a younger one may be another running instance's
  write in flight).
- **Listing** (`scan`): every ``*.json`` file with its record, or the reason it cannot be read;
  one bad file never hides the others, and a folder that cannot be read says so.
- **Moving aside** (`move_aside`) puts a file that cannot be read into ``unreadable/`` under
  the folder, out of the list but not lost; deleting (`delete`) keeps the bytes so `restore`
  can undo it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from common import record as rec

TEMP_AGE = 600.0  # seconds: an older ".NAME.*.tmp" is a dead writer's, not a running one's
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
    return _place(rec.write_temp(base, record), _names(base))


def _names(path: Path) -> Iterator[Path]:
    """`path`, then ``STEM-2.json``, ``STEM-3.json``... beside it."""
    yield path
    for n in range(2, 100_000):
        yield path.with_name(f"{path.stem}-{n}{path.suffix}")


def _place(tmp: Path, names: Iterator[Path]) -> Path:
    """Give the written, synced file `tmp` the first of `names` that no file has, never
    replacing one; the name taken. The temporary name is gone afterwards, whatever happens."""
    try:
        path = _claim(tmp, names)
        _sync_folder(path.parent)
        return path
    finally:
        tmp.unlink(missing_ok=True)


def _claim(source: Path, names: Iterator[Path]) -> Path:
    """Give the file `source` the first of `names` that no file has (a hard link, or where
    the file system has none, the name reserved and the file moved onto it); the name
    taken. `source` may still exist afterwards (linked); OSError if no name is free."""
    for path in names:
        try:
            os.link(source, path)
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in _NO_LINKS:
                raise
            if not _reserve(path):
                continue
            os.replace(source, path)
        return path
    raise OSError(errno.EEXIST, "no free file name left", str(source.parent))


# what os.link says where the file system has no hard links (names differ between systems)
_NO_LINKS = tuple(getattr(errno, name) for name in ("EPERM", "ENOTSUP", "EOPNOTSUPP", "EXDEV",
                                                    "EMLINK", "ENOSYS") if hasattr(errno, name))


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
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make a new name or a rename durable (POSIX; Windows cannot open a folder)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def stamp(path: Path) -> tuple[int, int, int] | None:
    """What a file is now (its inode, modification time and size), to notice another
    writer: every atomic rewrite makes a new inode, even within a coarse clock's tick."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


# tidying -------------------------------------------------------------------------------------

def is_temp(name: str) -> bool:
    """True for a writer's temporary file name (".NAME.*.tmp")."""
    return name.startswith(".") and name.endswith(".tmp")


def clean_temps(folder: Path, age: float = TEMP_AGE, now: float | None = None) -> int:
    """Remove the temporary files dead writers left (older than `age` seconds); how many."""
    now = time.time() if now is None else now
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        if not is_temp(name):
            continue
        path = folder / name
        try:
            st = path.lstat()
            if now - st.st_mtime >= age and not path.is_dir():
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


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
        raise FolderError(f"{folder} is a file, not a folder") from None
    except PermissionError:
        raise FolderError(f"{folder} cannot be read (permission denied)") from None
    except OSError as err:
        raise FolderError(f"{folder} cannot be read ({err.strerror or err})") from None
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
        return SaveFile(path, mtime, size, None, f"cannot be read ({type(err).__name__})")
    return SaveFile(path, mtime, size, record, None)


def read(path: Path) -> SaveFile:
    """One save file as `scan` lists it."""
    try:
        st = path.stat()
    except OSError as err:
        return SaveFile(path, 0.0, 0, None, f"cannot be read ({err.strerror or err})")
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
    where.mkdir(exist_ok=True)
    target = _claim(path, _names(where / path.name))
    path.unlink(missing_ok=True)  # linked: the old name goes (moved: it is gone already)
    _sync_folder(path.parent)
    return target


@dataclass(frozen=True)
class Deleted:
    """A deleted save, kept in memory so the deletion can be undone."""

    path: Path
    data: bytes
    mtime: float


def delete(path: Path, keep: int = rec.MAX_BYTES) -> Deleted:
    """Delete a save file, keeping its bytes (up to `keep`) for `restore`. OSError if it
    cannot be deleted."""
    try:
        with open(path, "rb") as file:
            data = file.read(keep + 1)
        mtime = path.stat().st_mtime
    except OSError:
        data, mtime = b"", time.time()
    path.unlink()
    _sync_folder(path.parent)
    return Deleted(path, data if len(data) <= keep else b"", mtime)


def restore(deleted: Deleted) -> Path:
    """Put a deleted save back (under its name, or a free one next to it if that was taken
    meanwhile), written as safely as a new save; its path. OSError if it cannot be written or
    nothing was kept."""
    if not deleted.data:
        raise OSError(errno.EFBIG, "the file was too large to keep for undo")
    folder = deleted.path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=rec.temp_prefix(deleted.path.name), suffix=".tmp",
                                dir=folder)
    tmp = Path(name)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(deleted.data)
            file.flush()
            os.fsync(file.fileno())
        os.utime(tmp, (deleted.mtime, deleted.mtime))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return _place(tmp, _names(deleted.path))


TRASH = ".deleted"  # the hidden subfolder deletions wait in until the Load screen is left


def trash(path: Path) -> Path:
    """Delete a save so that it can be undone: moved (one rename, whatever its size, nothing
    read) into the folder's hidden ``.deleted/``, out of every listing; its path there.
    `untrash` puts it back, `empty_trash` deletes for good. OSError if it cannot be moved."""
    return _move_into(path, TRASH)


def untrash(trashed: Path, original: Path) -> Path:
    """Put a trashed save back under its name (or a free one beside it, if that was taken
    meanwhile), keeping its date; its path. OSError if it cannot."""
    back = _claim(trashed, _names(original))
    trashed.unlink(missing_ok=True)
    _sync_folder(original.parent)
    return back


def empty_trash(folder: Path, age: float = 0.0) -> int:
    """Delete for good what waits in the folder's ``.deleted/`` (the deletions of a visit
    of the Load screen, or of one that a crash ended); how many files. With `age`, only if
    nothing was put there for that many seconds (another window's visit may be going on)."""
    bin_ = folder / TRASH
    try:
        if age and time.time() - bin_.stat().st_mtime < age:
            return 0
        names = os.listdir(bin_)
    except OSError:
        return 0
    removed = 0
    for name in names:
        with contextlib.suppress(OSError):
            (bin_ / name).unlink()
            removed += 1
    with contextlib.suppress(OSError):
        bin_.rmdir()
    return removed


def describe_error(err: OSError) -> str:
    """An OSError as a few words ("permission denied")."""
    return (err.strerror or str(err) or type(err).__name__).lower()


__all__ = ["ASIDE", "Deleted", "FolderError", "NAME_KEY", "SaveFile", "TEMP_AGE",
           "clean_temps", "delete", "is_temp", "listing", "move_aside", "newest", "read", "rename",
           "restore", "rewrite", "scan", "stamp", "write_new", "TRASH", "trash", "untrash",
           "empty_trash"]
