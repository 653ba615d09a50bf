"""The log file: a small rotated file in the user log folder (common/paths.py), set up once
at app start, so a player can send what went wrong.

`setup()` adds a `RotatingFileHandler` to the root logger (at most MAX_BYTES a file, BACKUPS
old files kept: under 1 MB in all) and logs every uncaught exception, of the main thread and of
the others, before Python's own handling. It never stops the app: a folder that cannot be
written means no log file, and None for its path. Pygame-free.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
import threading
from logging.handlers import RotatingFileHandler
from pathlib import Path

from common import files, paths

MAX_BYTES = 256 * 1024
BACKUPS = 2
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"

log = logging.getLogger(paths.APP_NAME)
_handler: RotatingFileHandler | None = None


def _never_through_a_link(file: Path) -> None:
    """A log file (or an old one beside it) that is a link, a FIFO or a folder is set aside
    (`common.files.keep_aside`): logging appends, and must never append through a link to
    another file of the player's, or wait on a FIFO."""
    for path in [file, *(file.with_name(f"{file.name}.{n}") for n in range(1, BACKUPS + 1))]:
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            continue
        if not stat.S_ISREG(mode):
            files.keep_aside(path)


def setup(file: Path | None = None) -> Path | None:
    """Log to the file (default: the user log folder's); its path, or None if it cannot be
    opened. A second call for the same file changes nothing; for another, it moves there."""
    global _handler
    file = file or paths.log_file()
    if _handler is not None:
        if Path(_handler.baseFilename) == file.absolute():
            return file
        shutdown()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        _never_through_a_link(file)
        handler = RotatingFileHandler(file, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                      encoding="utf-8")
    except OSError as err:
        if sys.stderr is not None:
            print(f"log: cannot write {file} ({err.strerror or err}); no log file",
                  file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO)
    _handler = handler
    _hook_uncaught()
    return file


def current() -> Path | None:
    """The log file in use, or None."""
    return Path(_handler.baseFilename) if _handler is not None else None


def shutdown() -> None:
    """Stop logging to the file (tests; the app leaves it to the interpreter's exit)."""
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None


def _hook_uncaught() -> None:
    """Log uncaught exceptions (main thread and others), then let Python report them."""
    if getattr(sys.excepthook, "_logs", False):
        return
    previous, previous_thread = sys.excepthook, threading.excepthook

    def hook(kind, value, tb):
        if not issubclass(kind, KeyboardInterrupt):
            log.critical("uncaught exception", exc_info=(kind, value, tb))
        previous(kind, value, tb)

    def thread_hook(args):
        if not issubclass(args.exc_type, SystemExit):
            log.critical("uncaught exception in thread %s",
                         args.thread.name if args.thread else "?",
                         exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        previous_thread(args)

    hook._logs = True  # type: ignore[attr-defined]
    sys.excepthook = hook
    threading.excepthook = thread_hook
