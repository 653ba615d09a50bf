"""The seams of the shared game screen (`common.ui.game_scene.GameScene`): the `Controller`
and the `View` a game writes, and the `Areas` its view lays out. Each is a Protocol (what the
screen calls, written down) with a base class of default hooks (`GameController`, `GameView`:
Tuxemon's state base class): a game's controller and view inherit the base and write the hooks
they need, and the screen calls every hook without asking whether it is there (no `getattr`).
See `common.ui.game_scene` for when each is called.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from common.ui.board import BoardView
from common.ui.game_panel import LogRow, Status
from common.ui.input import Action
from common.ui.scene_part import ScenePart
from common.ui.widgets import Widget

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


@dataclass
class Areas:
    """The panel rectangles the shared screen fills (the view places its board and its own
    cards around them)."""

    toolbar: pygame.Rect
    status: pygame.Rect
    log: pygame.Rect


class Controller(Protocol):
    """What input means for one game, and what its status area says. Reads `scene.match`;
    plays through `scene.play` / `scene.step`; refuses through `scene.refuse`."""

    hint: Any  # the hinted move shown now (None for none); set through `show_hint`
    judging: bool  # the moves are judged (danger marks, warnings); off for a puzzle

    def attach(self, scene: GameScene) -> None:
        """Called once, before anything else: the scene it serves."""

    def refresh(self) -> None:
        """The match or the scene changed: recompute what a click may do now (legal targets,
        a shown hint that no longer fits)."""

    def reset(self) -> None:
        """Forget any partial choice (picked stones or pieces, a drag): called after a move,
        an undo or redo, a resignation, and when a review starts."""

    def handle(self, action: Action) -> bool:
        """Input on a person's live turn (the board, the game's own panel controls, keys the
        screen did not use); True if used."""

    def close(self) -> None:
        """The screen is left: stop any work of the controller's own (a background thread)."""

    def look(self) -> Any:
        """What the view draws of the controller now, as one small value (the game's `Look`:
        the pick, the targets, the marks, the threats, the hint, a drag). The view draws from
        it and reads nothing else of the controller."""

    def picked_square(self) -> int | None:
        """The square of the piece or figure picked now (the board cursor starts there), or
        None."""

    def back(self) -> bool:
        """Esc on a live turn: drop a partial choice; False if there was none (the menu
        opens)."""

    def confirm(self) -> bool:
        """Enter on a live turn (e.g. play the discard); True if used."""

    def status(self) -> Status:
        """The status area while the game goes on and no review shows (also on a CPU's or a
        bot's turn: `scene.waiting_status` says it)."""

    def status_buttons(self) -> list[Widget]:
        """The buttons in the status area while the game goes on (a single `small` one sits
        at the right)."""

    def played(self, move: Any, before: Any, after: Any) -> str:
        """A whole turn was played (by anyone): its sounds; returns it in words for the status
        area's "Last:" line (`words`)."""

    def words(self, move: Any, before: Any, after: Any) -> str:
        """A whole turn in words, as the "Last:" line says it (no sound, no other effect)."""

    def turn_started(self, player: int) -> None:
        """The turn passed to a person (a hand-over screen goes here); called once per turn."""

    def show_hint(self, move: Any) -> None:
        """Show this hinted move (None: take the hint away)."""

    def hint_seed(self, state: Any) -> int:
        """A seed made from the position alone: the same position gets the same hint."""

    def result_words(self, outcome: Any, viewer: int | None = None) -> str:
        """Why the game ended, in a sentence: by colour or name ("Black captured White's
        Overlord."), or told to `viewer`, the seat of the one person playing ("Black captured
        your Overlord.")."""

    def update(self, dt: float) -> None:
        """Each frame: background work of the controller (a threat search, a timer)."""

    def wants_frames(self) -> bool:
        """True while that work runs (the app keeps its 60 FPS loop)."""

    def intercept(self, action: Action) -> bool:
        """Input the controller takes before the screen does (a replay it runs over the
        board, the Prepollency recap: a click anywhere only skips it); True if used."""


class GameController(ScenePart):
    """The default hooks of a `Controller`: a game's controller inherits this and writes the
    rest (`refresh`, `handle`, `status`, `played`, ...)."""

    hint: Any = None
    judging = True  # the moves are judged (danger marks, warnings); a puzzle turns it off

    def attach(self, scene: GameScene) -> None:
        """The scene it serves."""
        self.scene = scene

    def close(self) -> None:
        """No work of its own to stop."""

    def update(self, dt: float) -> None:
        """No background work."""

    def wants_frames(self) -> bool:
        """No background work: no frames wanted."""
        return False

    def intercept(self, action: Action) -> bool:
        """Nothing runs over the board: the screen takes the input."""
        return False


class View(Protocol):
    """How one game is drawn. Reads `scene.match`, `scene.controller` and `scene.animator`;
    changes nothing while drawing."""

    board: BoardView  # the board's geometry (the keyboard's cursor moves on it)
    log_columns: int  # the cells per log row (2: White and Black; 1: one turn per row)
    log_word: str  # what a numbered log row is ("move", "turn"): "Looking back: move 12 of 31"

    def attach(self, scene: GameScene) -> None:
        """Called once, before anything else: the scene it draws."""

    def layout(self, size: tuple[int, int]) -> Areas:
        """Place the board and the game's cards for a window of this size; the areas the
        shared screen fills."""

    def layer_key(self) -> Hashable:
        """A value that changes whenever what `draw_layer` draws would change (the shown
        position, the picks, the highlights, a tween's hidden squares, a drag). The screen
        rebuilds its one cached layer exactly when this key (or its own panel) changes."""

    def draw_layer(self, layer: pygame.Surface) -> None:
        """The static picture: background, board and highlights, the game's own cards."""

    def draw_frame(self, surface: pygame.Surface) -> None:
        """What moves, over the layer, each frame: hover, the refusal cross
        (`scene.refused`), the tweens, a dragged piece."""

    def animate(self, before: Any, after: Any, move: Any) -> None:
        """Start the tweens (in `scene.animator`) that turn `before` into `after` (a move or
        a step)."""

    def log_rows(self, moves: list[Any]) -> list[LogRow]:
        """The move log's rows."""

    def player_icon(self, player: int, size: int) -> pygame.Surface | None:
        """A player's token for the status area."""

    def keep_clear(self) -> pygame.Rect | None:
        """A band over the board that the app's toast must not cover now (the Prepollency
        recap's lines), or None."""

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if pos is on the board or a control of the game (a click there while a
        person may not act is answered with the reason)."""

    def settings_changed(self) -> None:
        """The palette changed: drop cached drawings."""

    def update(self, dt: float) -> None:
        """Each frame: the view's own timers (a hover tip's delay, a moment on the board)."""

    def wants_frames(self) -> bool:
        """True while something the view draws by itself moves (the app keeps its 60 FPS
        loop)."""

    def cursor_colour(self) -> tuple[int, int, int] | None:
        """The keyboard cursor's colour on this board (None: the palette's)."""

    def seat_colour(self, player: int) -> tuple[int, int, int] | None:
        """A seat's own colour, where the game has one (the analysis graph's lines), else
        None (the palette's side colour is used)."""


class GameView(ScenePart):
    """The default hooks of a `View`: a game's view inherits this and writes the rest
    (`layout`, `layer_key`, `draw_layer`, `draw_frame`, `animate`, `log_rows`, ...)."""

    status_more: int | None = None  # lines the status may take from the log (None: the
    # game's own choice; a lesson sets 0: its card, in the log's place, needs the room)

    def attach(self, scene: GameScene) -> None:
        """The scene it draws."""
        self.scene = scene

    def keep_clear(self) -> pygame.Rect | None:
        """Nothing over the board to keep clear of the toast."""
        return None

    def settings_changed(self) -> None:
        """No cached drawings of its own."""

    def cursor_colour(self) -> tuple[int, int, int] | None:
        """The palette's cursor colour."""
        return None

    def update(self, dt: float) -> None:
        """No timed drawing of its own."""

    def wants_frames(self) -> bool:
        """Nothing of its own moves."""
        return False

    def seat_colour(self, player: int) -> tuple[int, int, int] | None:
        """No seat colours of its own."""
        return None
