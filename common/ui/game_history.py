"""Moving through a game screen's history: looking back (review: a log click, Prev / Next,
the arrow keys, Back to game) and taking back (Undo, asking first across another person's
turn; Redo). A part of `common.ui.game_scene.GameScene` (a base class of it, written apart to
keep that module to one screen's state and lifecycle); it reads and changes only the scene's
own fields and parts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from common.i18n import _
from common.ui import undo_ask

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class GameHistory:
    """Review, undo and redo of the game screen (see the module docstring)."""

    if TYPE_CHECKING:  # what this part reads of the scene it belongs to (GameScene sets them)
        match: Any
        controller: Any
        animator: Any
        seats: Any
        log: Any
        refused: tuple[str, int | None, float] | None  # the refusal shown: text, square, when
        _turn_seen: tuple[int, int] | None

        def refresh(self) -> None: ...
        def refuse(self, text: str, at: Any = None) -> None: ...
        def autosave(self) -> Any: ...
        def _cancel_hint(self) -> None: ...

    # the taking back ------------------------------------------------------------------------

    def take_back_step(self) -> bool:
        """Take back the last step of the turn being made; False if there is none."""
        if not self.match.take_back_step():
            return False
        self.animator.clear()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back to the previous turn of a person (the CPU's answer too); across another
        person's turn, after asking (`common.ui.undo_ask`)."""
        m = self.match
        if m.resigned:
            self.refuse(_("A resignation cannot be taken back: Rematch for a new game"))
            return
        if m.review is None and not undo_ask.ask_first(cast("GameScene", self), self._undo_now):
            self._undo_now()

    def _undo_now(self) -> None:
        m = self.match
        stepping = bool(m.steps)
        if m.review is None and (m.undo() or stepping):
            self._after_jump()

    def redo(self) -> None:
        """Play undone turns again."""
        if self.match.review is None and self.match.redo():
            self._after_jump()

    def _after_jump(self) -> None:
        self._cancel_hint()
        self.seats.stop()
        self.animator.clear()
        self.controller.reset()
        self.refused = None
        self.game_over_shown = False  # a redo onto the end shows the result (Review game) again
        self.last_text = self._words_of_last()
        self._turn_seen = None
        self.log.to_end()
        self.refresh()
        self.autosave()

    def _words_of_last(self) -> str:
        """The "Last: ..." words of the last move now played (after undo, redo, or a game
        continued from its save); "" before the first."""
        m = self.match
        if not m.moves:
            return ""
        return self.controller.words(m.moves[-1], m.states[-2], m.states[-1])

    # looking back ---------------------------------------------------------------------------

    @property
    def review(self) -> int | None:
        """The position looked back at (moves played up to it), or None for the live game."""
        return self.match.review

    def review_end(self) -> None:
        """Look back at the final position."""
        self.start_review(len(self.match.moves))

    def start_review(self, index: int) -> None:
        """Show the position after move `index` (0 = the start), read-only."""
        self._cancel_hint()
        self.match.start_review(index)
        self.controller.reset()
        self.refused = None
        self.animator.clear()
        self.log.show(self.match.review)
        self.refresh()

    def review_back(self) -> None:
        """Look one move earlier."""
        self.review_step(-1)

    def review_on(self) -> None:
        """Look one move later."""
        self.review_step(1)

    def review_step(self, delta: int) -> None:
        """Look `delta` moves later (or earlier)."""
        if self.match.review is not None:
            self.start_review(self.match.review + delta)

    def end_review(self) -> None:
        """Back to the live game."""
        self.match.end_review()
        self.log.to_end()
        self.refresh()
