"""The autosave of one game in progress: its record rewritten after every turn, off the UI
thread. No pygame.

The game screen hands `save(record)` the record of each new position (built on the UI
thread, where the match lives: well under a millisecond); a writer thread turns it into JSON
and writes it through `common.saves.folder`: the first time as a new file under a name of its own
(so two instances never write the same file), then by atomic rewrites of that file. Only the
newest record waits: a turn played while the previous one is still being written replaces it.

If the file changed on disk since this game last wrote it (another window continued the same
save, or it was deleted), the game forks: it goes on in a new file, so neither window's moves
are lost. A write that fails (disk full, folder gone) is kept as `problem` for the screen to
say, and retried with the next turn; the previous file is whole meanwhile.

`flush()` waits for the last record to be on disk; `close()` also ends the thread. Leaving a
game or closing the window therefore loses nothing; a kill loses at most the turn being
written, never the file.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from common import files
from common.i18n import _
from common.record import files as record_files
from common.saves import folder as save_folder

# record keys a save drops to stay readable (under common.record.MAX_BYTES): they can be made
# again (the analysis kept with a save, common.analysis.KEY, is analysed again when asked)
DROPPABLE = ("analysis",)
FLUSH_TIMEOUT = 10.0  # seconds close() waits for the last write (a hung network disk)


class Autosaver:
    """One game's save file, kept up to date by a writer thread (module docstring)."""

    def __init__(self, folder: Path, game: str, path: Path | None = None,
                 name: str = "") -> None:
        self.folder = folder
        self.game = game
        self.path = path  # the file, once it exists (a resumed save's from the start)
        self.name = name  # the save's name, carried in every record written
        self.problem: str | None = None  # why the last write failed, until one succeeds
        self.writes = 0  # records written
        self._stamp = save_folder.stamp(path) if path is not None else None
        self._pending: dict | None = None
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def save(self, record: dict) -> None:
        """Write this record soon (replacing one still waiting); returns at once."""
        if self.name:
            record = {**record, save_folder.NAME_KEY: self.name}
        with self._cond:
            if self._closed:
                return
            self._pending = record
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float = FLUSH_TIMEOUT) -> bool:
        """Wait until every record handed over is written (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    def close(self) -> None:
        """Write what waits, then end the writer thread."""
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(FLUSH_TIMEOUT)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                record, self._pending, self._busy = self._pending, None, True
            try:
                self.write(record)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def write(self, record: dict[str, Any]) -> None:
        """Write one record now, on the calling thread (the writer thread's work). A record
        larger than a save may be (what `common.record.load` reads back) loses what can be
        made again (`DROPPABLE`: a kept analysis) first; if it is still too large, nothing is
        written (the last file stays whole) and `problem` says why."""
        try:
            try:
                self._write(record)
            except files.TooLarge:
                lighter = {k: v for k, v in record.items() if k not in DROPPABLE}
                if len(lighter) == len(record):
                    raise
                self._write(lighter)
            self.problem = None
            self.writes += 1
        except files.TooLarge:
            self.problem = _("the game is too long to save (a save holds at most {size})").format(
                size=files.size_words(record_files.MAX_BYTES))
        except OSError as err:
            self.problem = save_folder.describe_error(err)

    def _write(self, record: dict[str, Any]) -> None:
        if self.path is None or save_folder.stamp(self.path) != self._stamp:
            self.path = save_folder.write_new(self.folder, self.game, record)
        else:
            save_folder.rewrite(self.path, record)
        self._stamp = save_folder.stamp(self.path)
