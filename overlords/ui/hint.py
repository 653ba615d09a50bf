"""The Hint button of the Overlords screen: the move the `normal` level would play, shown and
not played.

A mixin of `overlords.ui.GameScene`. Pressing Hint (or H) on a person's turn asks the app's CPU
runner (`common.ui.cpu.CpuPlayer`, the one the CPU seats use) for the `normal` level's move,
with a fixed node budget and a seed made from the position, so the same position always gets
the same hint. The search runs in the worker process and is polled every frame; the window
never waits. When the move arrives it is picked for the player (its Rune, Fate and figure), so
one click on the marked square (or on Discard) plays it, and it is drawn with its own mark: a
dashed outline on the figure (or Source) and the target with an arrow between them, and dashed
rings around the two stones. Any move, undo, redo or other pick takes the hint away; a move,
undo, redo, a new game or leaving the screen drops a running request.
"""

from __future__ import annotations

import hashlib
import math

import pygame

from common.seats import Ask
from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Palette
from overlords import rules
from overlords.ui_panel import FATES, Hand, slot_played

HINT_LEVEL = "normal"


def hint_spec() -> str:
    """The seat spec the hint asks for: `normal` with its calibrated node budget fixed (the
    same strength as the level's time budget, but the same answer on every run)."""
    from common.ai.levels import LEVELS, heuristics_for, level_nodes  # only when asked

    return f"{HINT_LEVEL}:{level_nodes(LEVELS[HINT_LEVEL], heuristics_for(rules))}"


def position_seed(state: rules.State) -> int:
    """A seed made from the position alone (board, features, stones, reserves, turn)."""
    digest = hashlib.blake2b(state.key() + state.features.tobytes(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


def hint_words(move: rules.Move, state: rules.State) -> str:
    """"3H c1-c5 — Hero c1 to c5 with Rune 3 (Rook)" and the like."""
    fate = rules.TYPE_NAMES[move.fate]
    if move.is_discard:
        return f"{move} — discard Rune {move.rune} and a {fate} Fate (nothing can move)"
    if move.is_recruit:
        return f"{move} — recruit a {fate} on the Source {rules.GRID.name(move.to)} (Rune 6)"
    text = (f"{move} — {fate} {rules.GRID.name(move.frm)} to {rules.GRID.name(move.to)} "
            f"with Rune {move.rune} ({rules.RUNE_NAMES[move.rune]})")
    victim = state.figure(move.to)
    if victim is not None:
        text += f", takes {'an' if victim[1] == rules.OVERLORD else 'a'} " \
                f"{rules.TYPE_NAMES[victim[1]]}"
    return text


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color, width: int,
                 dash: int) -> None:
    """A dashed rectangle outline (dashes start at each corner, so the corners show)."""
    edges = [((rect.left, rect.top), (rect.right, rect.top)),
             ((rect.right, rect.top), (rect.right, rect.bottom)),
             ((rect.right, rect.bottom), (rect.left, rect.bottom)),
             ((rect.left, rect.bottom), (rect.left, rect.top))]
    for (x0, y0), (x1, y1) in edges:
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // (2 * dash)))
        step = length / (2 * steps)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for i in range(steps + 1):
            a = min(length, 2 * i * step)
            b = min(length, a + step)
            if b <= a:
                continue
            pygame.draw.line(surface, color, (x0 + ux * a, y0 + uy * a), (x0 + ux * b, y0 + uy * b),
                             width)


def _dashed_ring(surface: pygame.Surface, center, radius: float, color, width: int,
                 dashes: int = 12) -> None:
    for i in range(dashes):
        a0 = 2 * math.pi * i / dashes
        a1 = a0 + math.pi / dashes
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = (round(center[0]), round(center[1]))
        pygame.draw.arc(surface, color, rect, a0, a1, width)


def _mark_square(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A dark-backed dashed outline just inside the square: the hint's shape."""
    tile = view.tile
    rect = view.square_rect(sq).inflate(-max(4, tile // 12), -max(4, tile // 12))
    width = max(3, tile // 16)
    pygame.draw.rect(surface, pal.backdrop, rect.inflate(2, 2), width + 2, border_radius=3)
    _dashed_rect(surface, rect, pal.info, width, max(5, tile // 7))


def _hint_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
                tile: int, pal: Palette) -> None:
    """A broad dark-edged arrow from the figure to just inside the target square."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    half, head, wing = max(3.0, tile / 14), tile * 0.34, tile * 0.2
    tail = (start[0] + ux * tile * 0.3, start[1] + uy * tile * 0.3)
    tip = (end[0] - ux * tile * 0.12, end[1] - uy * tile * 0.12)
    head = min(head, max(length - tile * 0.42, tile * 0.2))
    draw.arrow(surface, tail, tip, half, head, wing, pal.info, 210, outline=pal.backdrop,
               outline_width=3, pad=12)


def draw_hint_board(surface: pygame.Surface, view: BoardView, move: rules.Move,
                    pal: Palette) -> None:
    """The hinted move on the board: dashed outlines on the figure and its target (or the
    Source of a recruit) and a broad arrow between them."""
    if move.is_discard:
        return
    _mark_square(surface, view, move.to, pal)
    if move.frm is not None:
        _mark_square(surface, view, move.frm, pal)
        _hint_arrow(surface, view.center(move.frm), view.center(move.to), view.tile, pal)


def hint_stone_rects(hand: Hand, state: rules.State, move: rules.Move) -> list[pygame.Rect]:
    """The Rune stone and the (first unplayed) Fate stone of the hinted move in the hand."""
    rects = [hand.runes[move.rune - 1]]
    for slot, rect in enumerate(hand.fates):
        if FATES[slot] == move.fate and not slot_played(state, hand.side, slot):
            rects.append(rect)
            break
    return rects


def draw_hint_stones(surface: pygame.Surface, hand: Hand, state: rules.State, move: rules.Move,
                     pal: Palette) -> None:
    """Dashed rings around the two stones the hinted move plays."""
    for rect in hint_stone_rects(hand, state, move):
        center = (rect.centerx, rect.centery - 4)
        radius = rect.w * 0.5 + 6
        _dashed_ring(surface, center, radius + 1, pal.backdrop, 5, 10)
        _dashed_ring(surface, center, radius, pal.info, 3, 10)


class Hints:
    """The hint for GameScene (see the module docstring)."""

    hint: rules.Move | None = None  # the move shown
    hint_for: rules.State | None = None  # the position asked about (while asking or shown)
    hint_asked = False  # True while the request waits for the worker or its answer
    _hint_started = False
    _hint_pick: tuple | None = None  # the pick the hint made: another one takes the hint away
    _hint_spec: str | None = None

    @property
    def can_hint(self) -> bool:
        """True when a hint may be asked for: a person's turn in a live game, nothing moving."""
        return self.setup is None and self.my_turn

    def request_hint(self) -> None:
        """Ask the `normal` level for this position's move (off the UI thread)."""
        if not self.can_hint:
            reason = self._hint_refusal() if self.session is not None else ""
            if reason and self.setup is None:
                self._refuse(reason)
            return
        if self.hint is not None:  # pressed again: put the hint away
            self.clear_hint()
            return
        if self.hint_asked:
            return
        if self._hint_spec is None:
            self._hint_spec = hint_spec()
        self.hint_for = self.session.state
        self.hint_asked = True
        self._hint_started = False
        self.cpu.prepare()  # the worker process starts in the background if it is not there
        self._hint_start()
        self.app.sound.play("select", 0.4)
        self._refresh()

    def _hint_refusal(self) -> str:
        s = self.session
        if self.review is not None:
            return "No hints while looking back: press Back to game first"
        if s.over:
            return "The game is over"
        if not s.human(s.state.turn):
            return "Hints are for your turn"
        return ""

    def _hint_start(self) -> None:
        ready = getattr(self.cpu, "ready", None)
        if ready is not None and not ready():
            return  # the worker is still starting: try again next frame
        self.cpu.start(Ask("overlords", self.hint_for, position_seed(self.hint_for)),
                       self._hint_spec)
        self._hint_started = True

    def update_hint(self) -> None:
        """Each frame: start the request once the worker is there, take the answer when in."""
        if not self.hint_asked:
            return
        if self.session is None or self.session.state is not self.hint_for or not self.my_turn:
            self.cancel_hint()
            return
        if not self._hint_started:
            self._hint_start()
            return
        move = self.cpu.poll()
        if move is None:
            return
        self.hint_asked = False
        self._hint_started = False
        move = rules.Move(move)
        if move not in self.pick.legal:
            self.hint_for = None
            self.app.toast("The hint came back with an illegal move; try again")
            self._refresh()
            return
        self.hint = move
        self.pick.clear()
        self.pick.rune, self.pick.fate = move.rune, move.fate
        if move.frm is not None:
            self.pick.figure = move.frm
        self._hint_pick = (self.pick.rune, self.pick.fate, self.pick.figure)
        self.refused = None
        self.app.sound.play("select", 0.5)
        self._refresh()

    def cancel_hint(self) -> None:
        """Drop a running hint request (the CPU runner forgets it) and any hint shown."""
        if self.hint_asked:
            self.cpu.cancel()
        self.hint_asked = False
        self._hint_started = False
        self.clear_hint()

    def clear_hint(self) -> None:
        """Take the hint off the screen."""
        if self.hint is not None:
            self._layer = None
        self.hint = None
        self._hint_pick = None
        if not self.hint_asked:
            self.hint_for = None

    def hint_changed(self) -> None:
        """From _refresh: another pick, or another position, takes the hint away."""
        if self.hint is None:
            return
        pick = (self.pick.rune, self.pick.fate, self.pick.figure)
        if (pick != self._hint_pick or self.session is None
                or self.session.state is not self.hint_for or not self.my_turn):
            self.clear_hint()

    def hint_status(self) -> str:
        """The status line while a hint is asked for or shown ("" otherwise)."""
        if self.hint_asked:
            return f"Hint: the {HINT_LEVEL} level is thinking…"
        move = self.hint
        if move is None or self.hint_for is None:
            return ""
        text = f"Hint: {hint_words(move, self.hint_for)}. "
        if move.is_discard:
            return text + "Press Discard to play it."
        return text + f"Click {rules.GRID.name(move.to)} to play it."
