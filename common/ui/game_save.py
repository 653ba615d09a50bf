"""The save file of one game screen (`common.ui.game_scene.GameScene.save`): the record after
every turn, undo, redo and resignation, written off the UI thread by a
`common.saves.autosave.Autosaver` when the app has a saves folder; a failure is said once (a
toast) and retried next turn, and shown while it lasts (`common.ui.unsaved`). A new game is
saved on its first frame (`due`); a game opened from its file is not written until it changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from common.saves.autosave import Autosaver
from common.ui import saves

MAX_NAME = 60  # characters of a save's name


class GameSave:
    """Where one game is saved, and whether the last write failed."""

    def __init__(self, folder: Path | None, game: str) -> None:
        self.folder = folder  # the app's saves folder (None: this app keeps no saves)
        self.game = game  # the game's registered name
        self.saver: Autosaver | None = None  # the game's save file, once it is written
        self.due = folder is not None  # a new game is saved on its first frame
        self.told = False  # the toast about a failure was shown
        self.shown: str | None = None  # why the last write failed, as drawn now

    def keep_in(self, path: Any, name: str = "") -> None:
        """Go on saving in an existing file (a save opened from Load or Continue): nothing is
        written until the game changes."""
        if self.folder is None:
            return
        self.saver = Autosaver(self.folder, self.game, path, name)
        self.due = False

    def name(self, name: str) -> bool:
        """Name the save (False if this app keeps no saves); the caller writes it now."""
        if self.folder is None:
            return False
        if self.saver is None:
            self.saver = Autosaver(self.folder, self.game)
        self.saver.name = name[:MAX_NAME]
        return True

    def write(self, record: Any) -> str | None:
        """Write `record` off the UI thread. Returns the failure to say now (the first of a
        run of failures; None otherwise). Does nothing without a saves folder."""
        self.due = False
        if self.folder is None:
            return None
        if self.saver is None:
            self.saver = Autosaver(self.folder, self.game)
        problem = self.saver.problem
        self.saver.save(record)
        if problem and not self.told:
            self.told = True
            return problem
        if problem is None:
            self.told = False
        return None

    def problem(self) -> str | None:
        """Why the last write failed (drawable), while no write has succeeded since."""
        found = self.saver.problem if self.saver is not None else None
        return saves.shown(found, 80) if found else None

    def changed(self) -> bool:
        """True when the failure shown changed (a write failed, or one succeeded again)."""
        now = self.problem()
        if now == self.shown:
            return False
        self.shown = now
        return True

    def close(self) -> None:
        """Wait for the last write to be on disk."""
        if self.saver is not None:
            self.saver.close()
