"""The hint of the Prepollency screen: the turn the `normal` level would play, shown and not
played (asked by the shared game screen, `common.ui.game_hint`).

Drawn like the Overlords hint: a dark-backed dashed outline on each hinted piece AND on its
target square, a broad dark-edged arrow between them that keeps a visible shaft even for a
one-square move, and, for a two-move turn, the badges 1 and 2 on the pieces. The status area
says it in words (`hint_words`): "Hint: e3-f4, then b5-c6 — click e3 to play the first move",
or "Hint: hold the line". Clicking the hinted piece plays the hinted move; the rest of the
hint stays for the second move. Picking another piece, or any move, takes the hint away. The
hint's seed is made from the position alone (`position_seed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.board import BoardView
from common.ui.game_hint import seed_of
from common.ui.theme import Palette
from prepollency import names, why
from prepollency.moves import GRID, Move, Turn

DASH_TILES = 0.16  # a dash's length, in tiles


def hint_reason(state: Any, turn: Sequence[Move]) -> str:
    """Why the hinted turn, from the engine (`prepollency.why`), asked once at the turn's
    start: "takes 1 piece (Archer); stands on 3 of the 5 Obelisk squares". A hint asked after
    the turn's first move names only the rest of a turn: it gets no reason ("")."""
    if state.moved != -1:
        return ""
    return why.explain_move(state, Turn(turn)).suggestion


def hint_words(moves: Sequence[Move], moved: bool, reason: str = "") -> str:
    """The hint in the status area's words (`moved`: the turn's first move is made; `reason`:
    why, `hint_reason`): what to click first, then why."""
    if not moves:
        text = (_("Hint: end the turn now — End turn (Enter).") if moved
                else _("Hint: hold the line — Hold the line (Space) ends the turn with no move."))
    else:
        turn, where = names.turn(moves), GRID.names[moves[0].to]
        # Translators: {turn} is the hinted turn ("e3-f4, then b5-c6"), {where} a square
        if len(moves) > 1:
            text = _("Hint: {turn} — click {where} to play the first move.")
        elif moved:
            text = _("Hint: {turn} — click {where} to play it.")
        else:
            text = _("Hint: {turn} — click {where} to play it, then End turn.")
        text = text.format(turn=turn, where=where)
    if not reason:
        return text
    # Translators: {hint} is the sentence above; {reason} says what the hinted turn does, as
    # the reasons are written with the turn as their subject: "takes 1 piece (Archer)"
    return _("{hint} It {reason}.").format(hint=text, reason=reason)


def mark_square(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A dark-backed dashed outline just inside the square: the hint's shape."""
    draw.hint_mark(surface, view.square_rect(sq), pal.info, pal.backdrop,
                   max(5, int(view.tile * DASH_TILES)))


def hint_arrow(surface: pygame.Surface, view: BoardView, frm: int, to: int,
               pal: Palette) -> None:
    """A broad dark-edged arrow from the piece into its target; for a move of one square
    it still has a shaft about a third of a tile long behind its head."""
    start, end = view.center(frm), view.center(to)
    tile = view.tile
    line = draw.segment(start, end, tile * 0.15, tile * 0.06)
    if line is None:
        return
    tail, tip, length = line
    span = length - tile * 0.21
    head = min(tile * 0.36, span * 0.45)
    half, wing = max(3.0, tile / 11), max(6.0, tile * 0.26)
    draw.arrow(surface, tail, tip, half, head, wing, pal.info, 225, outline=pal.backdrop,
               outline_width=3, pad=12)


def badge(surface: pygame.Surface, view: BoardView, sq: int, label: str, pal: Palette) -> None:
    """A numbered disc at a square's top-left corner (the order of the hinted moves)."""
    rect = view.square_rect(sq)
    r = max(8, view.tile // 5)
    center = (rect.x + r, rect.y + r)
    pygame.draw.circle(surface, pal.info, center, r)
    pygame.draw.circle(surface, pal.backdrop, center, r, 2)
    draw.blit_text(surface, label, max(10, int(r * 1.5)), pal.backdrop, center, "center",
                   bold=True)


def draw_hint(surface: pygame.Surface, view: BoardView, moves: Sequence[Move],
              pal: Palette) -> None:
    """A hinted turn on the board: both squares of each move outlined, an arrow each,
    numbered 1 and 2 when there are two (nothing for holding the line)."""
    moves = list(moves)
    for move in moves:
        mark_square(surface, view, move.frm, pal)
        mark_square(surface, view, move.to, pal)
    for move in moves:
        hint_arrow(surface, view, move.frm, move.to, pal)
    if len(moves) > 1:
        for i, move in enumerate(moves):
            badge(surface, view, move.frm, str(i + 1), pal)


def position_seed(state: Any) -> int:
    """A seed made from the position alone (the board, the seats, the counts, the turn)."""
    return seed_of(repr(state.key()).encode())
