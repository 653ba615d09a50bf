"""How this program reads, writes and deletes files in the player's folders, safely. No pygame.

Every byte from a file is hostile, and a careless player's folder may hold links, FIFOs,
devices or files of another version. The rules, each one function here that every writer and
reader of the program goes through:

- **Reading** (`read_bounded`): a regular file only (a FIFO, a device or a socket is refused
  without waiting on it: ``O_NONBLOCK``), at most a limit of bytes (a larger file is refused
  unread). A link is followed for reading: reading cannot harm what it points at.
- **Writing** (`write_atomic`): a temporary ``.NAME.*.tmp`` beside the file, created with
  ``O_EXCL | O_NOFOLLOW`` (never through a link planted there), its mode set on the descriptor
  (the old file's mode when the old file is a regular file, else the kernel applies the umask:
  no process-wide ``os.umask`` dance racing other threads, and never a mode taken from a
  link's target), synced, then renamed over the file: a kill at any moment leaves the old file
  whole. A link at the file's name is replaced, never written through. With `limit`, data
  larger than the reader would take back is refused before anything is touched. On Windows,
  where a dot does not hide a name, the temporary file is given the hidden attribute (`hide`)
  and the file it becomes has it cleared (`replace`, `unhide`): the attribute is the file's,
  not the name's, and would follow it.
- **Keeping aside** (`keep_aside`): a file that could not be read (damaged, unreadable, of a
  newer version) is renamed to ``NAME.damaged-YYYYmmdd-HHMMSS`` before anything replaces it,
  never over another file; the rename moves a link itself, not what it points at.
- **Deleting** (`remove_own_files`, `clean_temps`): only regular files, only this user's, only
  inside a folder opened without following a link (``O_NOFOLLOW | O_DIRECTORY``, then every
  call relative to that descriptor: ``dir_fd``), never following a link.
- **Two windows** (`locked`): a short exclusive lock (``flock`` on POSIX, ``msvcrt.locking`` on
  Windows) on a hidden ``.NAME.lock`` beside a file, for a read-merge-write; it is given up
  after `LOCK_WAIT` seconds rather than freeze the window (the caller merges anyway).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import secrets
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from common.i18n import N_, _

TEMP_AGE = 600.0  # seconds: an older ".NAME.*.tmp" is a dead writer's, not a running one's
LOCK_WAIT = 2.0  # seconds a writer waits for another window's lock before going on without
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation

log = logging.getLogger("overlords-prepollency.files")


class TooLarge(OSError):
    """Data (or a file) larger than its reader takes (`message` says it, with {size})."""

    def __init__(self, message: str, limit: int) -> None:
        super().__init__(errno.EFBIG, message.format(size=size_words(limit)))


class NotRegularFile(OSError):
    """A path that is not a regular file (a FIFO, a device, a socket...): errno EINVAL."""


def size_words(limit: int) -> str:
    """A byte count as a reader says it: "8 MB", "512 KB"."""
    if limit >= 1024 * 1024:
        return _("{count} MB").format(count=limit // (1024 * 1024))
    return _("{count} KB").format(count=limit // 1024)


# reading ---------------------------------------------------------------------------------------

def read_bounded(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. OSError (errno ENOENT for a
    missing file, as FileNotFoundError) otherwise: a FIFO, a device or a socket is refused
    without waiting for a writer, a folder or a larger file unread."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY)
    with open(fd, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, _("is a folder, not a file"), str(path))
        if not stat.S_ISREG(mode):
            raise NotRegularFile(errno.EINVAL, _("not a regular file ({kind})").format(
                kind=file_kind(mode)), str(path))
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(_("the file is larger than {size}"), limit)
    return data


def read_head(path: str | os.PathLike, count: int) -> bytes:
    """The first `count` bytes of a regular file (fewer if it is shorter), read as
    `read_bounded` reads: OSError for anything but a regular file, never waiting."""
    fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY)
    with open(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise NotRegularFile(errno.EINVAL, _("not a regular file"), str(path))
        return file.read(count)


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ("a FIFO")."""
    for test, name in ((stat.S_ISFIFO, N_("a FIFO")), (stat.S_ISCHR, N_("a character device")),
                       (stat.S_ISBLK, N_("a block device")), (stat.S_ISSOCK, N_("a socket")),
                       (stat.S_ISDIR, N_("a folder")), (stat.S_ISLNK, N_("a link"))):
        if test(mode):
            return _(name)
    return _("not a plain file")


# writing ---------------------------------------------------------------------------------------

def temp_name(name: str) -> str:
    """A fresh temporary name beside the file `name`: ``.NAME.XXXXXXXX.tmp``, with NAME cut (at
    a character) so the whole fits NAME_BYTES: a file whose own name is long can still be
    rewritten."""
    return f"{temp_prefix(name)}{secrets.token_hex(4)}.tmp"


NAME_BYTES = 255  # bytes of a file name most file systems take (NAME_MAX)
_TEMP_EXTRA = len(".") + len(".") + 8 + len(".tmp")  # what temp_name adds around a name


def temp_prefix(name: str) -> str:
    """The start of a temporary file's name beside the file `name`: ``.NAME.``, cut to fit."""
    room = NAME_BYTES - _TEMP_EXTRA
    raw = os.fsencode(name)
    if len(raw) > room:
        raw = raw[:room]
        while raw and (raw[-1] & 0xC0) == 0x80:  # never half a UTF-8 character
            raw = raw[:-1]
        if raw and raw[-1] >= 0xC0:
            raw = raw[:-1]
        name = os.fsdecode(raw)
    return f".{name}."


def is_temp(name: str) -> bool:
    """True for a writer's temporary file name (".NAME.*.tmp")."""
    return name.startswith(".") and name.endswith(".tmp")


def write_temp(path: str | os.PathLike, data: bytes, limit: int | None = None) -> Path:
    """`data` written, flushed and synced to a new temporary file beside `path` (mode: the
    old file's if it is a regular file, else 0666 less the umask), never through a link; the
    caller renames it into place (`write_atomic`) or links it to a name that must not exist
    yet. TooLarge before anything is written if `data` is over `limit`. Nothing is left
    behind if writing fails."""
    path = Path(path)
    if limit is not None and len(data) > limit:
        raise TooLarge(_("it would be larger than {size}"), limit)
    keep: int | None = None
    with contextlib.suppress(OSError):
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode):  # saving over a file keeps its mode; a link's target's never
            keep = stat.S_IMODE(st.st_mode)
    folder = path.parent
    for _attempt in range(100):
        tmp = folder / temp_name(path.name)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
                         | _BINARY, 0o666)  # the kernel applies the umask: no race
        except FileExistsError:
            continue
        break
    else:
        raise OSError(errno.EEXIST, _("no free temporary name"), str(folder))
    try:
        if keep is not None:
            _set_mode(fd, tmp, keep)
        with open(fd, "wb", closefd=True) as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    hide(tmp)
    return tmp


def _set_mode(fd: int, path: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # Windows: only the read-only bit means anything
        os.chmod(path, mode)


REPLACE_TRIES = 10  # Windows: another process holding the file open refuses a rename a moment
REPLACE_PAUSE = 0.05


def replace(source: str | os.PathLike, target: str | os.PathLike,
            windows: bool | None = None) -> None:
    """`os.replace`, retried briefly where another process holds the target open (Windows
    refuses with PermissionError while an antivirus, the saves helper or another window reads
    it; `windows`: None for this system); the last refusal is raised for the caller to
    report. Elsewhere a PermissionError is a real one: raised at once."""
    windows = os.name == "nt" if windows is None else windows
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(source, target)
        except PermissionError:
            if not windows or attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(REPLACE_PAUSE * (attempt + 1))
            continue
        if is_temp(Path(source).name):  # a written file in place: hidden no more
            unhide(target)
        return


def write_atomic(path: str | os.PathLike, data: bytes, limit: int | None = None) -> None:
    """Replace the file's contents atomically (see the module docstring): TooLarge, before
    anything is touched, if `data` is over `limit` (what its reader takes); OSError if the
    disk refuses, with the old file whole."""
    path = Path(path)
    tmp = write_temp(path, data, limit)
    try:
        replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a new name or a rename durable (POSIX; Windows cannot open a folder)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


KERNEL32: Any = None  # Windows' library the attributes are set through (None: loaded when
# needed, on Windows only; the tests put a fake here)
FILE_ATTRIBUTE_HIDDEN, FILE_ATTRIBUTE_NORMAL = 0x2, 0x80
INVALID_FILE_ATTRIBUTES = 0xFFFFFFFF


def hide(path: str | os.PathLike, kernel32: Any = None) -> None:
    """Give a file or folder whose name starts with a dot (or a temporary file) the hidden
    attribute where names do not hide (Windows; `kernel32`: the library, default `KERNEL32`);
    elsewhere nothing to do. Never raises."""
    _set_hidden(path, True, kernel32)


def unhide(path: str | os.PathLike, kernel32: Any = None) -> None:
    """Clear the hidden attribute of the file at `path` that a temporary file gave it
    (Windows), unless its own name starts with a dot. Never raises."""
    if not os.path.basename(path).startswith("."):
        _set_hidden(path, False, kernel32)


def _set_hidden(path: str | os.PathLike, hidden: bool, kernel32: Any) -> None:
    kernel32 = kernel32 or KERNEL32
    if kernel32 is None and sys.platform != "win32":
        return
    with contextlib.suppress(Exception):
        import ctypes

        kernel32 = kernel32 or ctypes.windll.kernel32  # type: ignore[attr-defined]
        attributes = kernel32.GetFileAttributesW(str(path))
        if attributes in (-1, INVALID_FILE_ATTRIBUTES):
            return
        if hidden:
            kernel32.SetFileAttributesW(str(path), attributes | FILE_ATTRIBUTE_HIDDEN)
        elif attributes & FILE_ATTRIBUTE_HIDDEN:  # NORMAL: the value for no attribute at all
            kernel32.SetFileAttributesW(str(path), attributes & ~FILE_ATTRIBUTE_HIDDEN
                                        or FILE_ATTRIBUTE_NORMAL)


def stamp(path: str | os.PathLike) -> tuple[int, int, int] | None:
    """What a file is now (its inode, modification time and size), to notice another
    writer: every atomic rewrite makes a new inode, even within a coarse clock's tick."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


# keeping aside ----------------------------------------------------------------------------------

def keep_aside(path: str | os.PathLike, when: float | None = None) -> Path | None:
    """Rename a file that could not be read to ``NAME.damaged-YYYYmmdd-HHMMSS`` (``-2``, ``-3``
    ... if taken) beside it, so nothing replaces it; its new path, or None if there was nothing
    at `path`. A link is moved itself. OSError if it cannot be moved."""
    path = Path(path)
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    base = f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}"
    for n in range(1, 1000):
        target = path.with_name(base if n == 1 else f"{base}-{n}")
        try:
            os.link(path, target, follow_symlinks=False)  # fails if the name is taken
        except FileExistsError:
            continue
        except OSError:  # no hard links here: the name is checked, then taken by a rename
            if os.path.lexists(target):
                continue
            os.rename(path, target)
        else:
            os.unlink(path)
        sync_folder(path.parent)
        return target
    raise OSError(errno.EEXIST, _("no free name to keep the file aside"), str(path))


# deleting --------------------------------------------------------------------------------------

def open_folder(path: str | os.PathLike) -> int:
    """A descriptor of the folder itself, never through a link (OSError: ELOOP or ENOTDIR
    for a link or a file). POSIX only: callers check `HAS_DIR_FD`."""
    return os.open(path, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC)


HAS_DIR_FD = os.name == "posix" and os.unlink in os.supports_dir_fd and bool(_NOFOLLOW)


def own(st: os.stat_result) -> bool:
    """True for a file this user owns (always, where the system has no owners)."""
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()


def remove_own_files(folder: str | os.PathLike, names: list[str] | None = None,
                     keep: tuple[str, ...] = ()) -> int:
    """Delete regular files of this user's inside `folder` (opened without following a link):
    the `names` given, or every one; never a link, a folder or anything else; names in `keep`
    stay. How many were deleted; 0 if the folder cannot be opened."""
    if not HAS_DIR_FD:
        return _remove_by_path(Path(folder), names, keep)
    try:
        fd = open_folder(folder)
    except OSError:
        return 0
    removed = 0
    try:
        listed = names if names is not None else _names(fd)
        for name in listed:
            if name in keep or "/" in name or name in (".", ".."):
                continue
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                if stat.S_ISREG(st.st_mode) and own(st):
                    os.unlink(name, dir_fd=fd)
                    removed += 1
            except OSError:
                continue
    finally:
        os.close(fd)
    return removed


def _names(fd: int) -> list[str]:
    try:
        return os.listdir(fd)
    except OSError:
        return []


def _remove_by_path(folder: Path, names: list[str] | None, keep: tuple[str, ...]) -> int:
    """`remove_own_files` where there is no ``dir_fd`` (Windows): each name is looked at
    with lstat first; a reparse point (a link, a junction) is never followed or deleted."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return 0
        listed = names if names is not None else os.listdir(folder)
    except OSError:
        return 0
    removed = 0
    for name in listed:
        if name in keep or os.sep in name or "/" in name:
            continue
        target = folder / name
        try:
            st = os.lstat(target)
            if stat.S_ISREG(st.st_mode) and not _reparse(st):
                os.unlink(target)
                removed += 1
        except OSError:
            continue
    return removed


def _reparse(st: os.stat_result) -> bool:
    return bool(getattr(st, "st_file_attributes", 0) & 0x400)  # FILE_ATTRIBUTE_REPARSE_POINT


def clean_temps(folder: str | os.PathLike, age: float = TEMP_AGE,
                now: float | None = None) -> int:
    """Remove the temporary files dead writers left in `folder` (``.NAME.*.tmp``, regular
    files of this user's, older than `age` seconds: a younger one may be another running
    window's write in flight); how many. Never follows a link."""
    now = time.time() if now is None else now
    try:
        names = [n for n in os.listdir(folder) if is_temp(n)]
    except OSError:
        return 0
    old = []
    for name in names:
        try:
            st = os.lstat(Path(folder) / name)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= age:
            old.append(name)
    return remove_own_files(folder, old) if old else 0


# locking ---------------------------------------------------------------------------------------

@contextlib.contextmanager
def locked(path: str | os.PathLike, wait: float = LOCK_WAIT) -> Iterator[bool]:
    """Hold an exclusive lock for the file `path` (on a hidden ``.NAME.lock`` beside it, never
    through a link) for a read-merge-write; yields True if it is held, False if it could not
    be had within `wait` seconds (or the system has none): the caller goes on either way."""
    path = Path(path)
    lock = path.with_name(f".{path.name}.lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC, 0o600)
    except OSError:
        yield False
        return
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            yield False
            return
        held = _lock(fd, wait)
        try:
            yield held
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)


def _lock(fd: int, wait: float) -> bool:
    deadline = time.monotonic() + wait
    while True:
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except (BlockingIOError, PermissionError):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        except (OSError, ImportError):
            return False


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError, ImportError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


def try_lock(fd: int) -> bool:
    """Take an exclusive lock on an open file at once, or False (held by another process)."""
    return _lock(fd, 0.0)
