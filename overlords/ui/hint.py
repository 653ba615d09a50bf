"""The hint of the Overlords screen: the move the `normal` level would play, shown and not
played.

The shared game screen (`common.ui.game_scene`) asks for it off the UI thread, with a seed made
from the position (`position_seed`), so the same position always gets the same hint. The
controller then picks the move's Rune, Fate and figure for the player, so one click on the
marked square (or on Discard) plays it; the view draws it with its own mark: a dashed outline
on the figure (or Source) and the target with an arrow between them, and dashed rings around
the two stones. Any move, undo, redo or other pick takes the hint away.
"""

from __future__ import annotations

import functools

import pygame

from common.i18n import _
from common.protocol import IllegalMoveError
from common.ui import draw
from common.ui.board import BoardView
from common.ui.game_hint import seed_of
from common.ui.theme import Palette
from overlords import names, rules, why
from overlords.ui.board import dashed_ring
from overlords.ui.panel import FATES, Hand, slot_played
from overlords.ui.words import a_figure


def position_seed(state: rules.State) -> int:
    """A seed made from the position alone (board, features, stones, reserves, turn)."""
    return seed_of(state.key() + state.features.tobytes())


@functools.lru_cache(maxsize=8)
def hint_reason(state: rules.State, move: rules.Move) -> str:
    """Why the hinted move, from the engine (`overlords.why`): "takes the Dragon; your Overlord
    keeps its Fate" (kept for the few positions last asked: the status asks every frame); ""
    for a move not legal there."""
    try:
        return why.explain_move(state, move).suggestion
    except IllegalMoveError:
        return ""


def hint_words(move: rules.Move, state: rules.State) -> str:
    """"3H c1-c5 — Hero c1 to c5 with Rune 3 (Rook): takes the Dragon; your Overlord keeps
    its Fate" and the like: the move, and why (`hint_reason`)."""
    reason = hint_reason(state, move)
    if not reason:
        return move_words(move, state)
    # Translators: a move in words and why it is suggested ("3H c1-c5 — ...: takes the Dragon")
    return _("{move}: {why}").format(move=move_words(move, state), why=reason)


def move_words(move: rules.Move, state: rules.State) -> str:
    """The move in words: "3H c1-c5 — Hero c1 to c5 with Rune 3 (Rook)"."""
    fate = names.figure(move.fate)
    if move.is_discard:
        return (_("Discard Rune {rune} and {a_figure} Fate ({move}; nothing can move)").format(
                    rune=move.rune, a_figure=a_figure(move.fate), move=move))
    if move.is_recruit:
        return (_("{move} — recruit {a_figure} on the Source {square} (Rune 6)").format(
                    move=move, a_figure=a_figure(move.fate), square=rules.GRID.name(move.to)))
    text = (_("{move} — {fate} {square} to {square2} with Rune {rune} ({rune_names})").format(
                move=move, fate=fate, square=rules.GRID.name(move.frm),
                square2=rules.GRID.name(move.to), rune=move.rune,
                rune_names=names.rune(move.rune)))
    return text


def _mark_square(surface: pygame.Surface, view: BoardView, sq: int, pal: Palette) -> None:
    """A dark-backed dashed outline just inside the square: the hint's shape."""
    draw.hint_mark(surface, view.square_rect(sq), pal.info, pal.backdrop, max(5, view.tile // 7))


def _hint_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
                tile: int, pal: Palette) -> None:
    """A broad dark-edged arrow from the figure to just inside the target square."""
    line = draw.segment(start, end, tile * 0.3, tile * 0.12)
    if line is None:
        return
    tail, tip, length = line
    half, wing = max(3.0, tile / 14), tile * 0.2
    head = min(tile * 0.34, max(length - tile * 0.42, tile * 0.2))
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
    """Dashed rings around the two stones the hinted move plays (kept below the card's name
    row: its words stay readable)."""
    clip = surface.get_clip()
    top = hand.runes[0].y - 6 if hand.runes else hand.card.y
    surface.set_clip(clip.clip(pygame.Rect(hand.card.x, top, hand.card.w,
                                           hand.card.bottom - top)))
    for rect in hint_stone_rects(hand, state, move):
        center = (rect.centerx, rect.centery - 4)
        radius = rect.w * 0.5 + 6
        dashed_ring(surface, center, radius + 1, pal.backdrop, 5, 10)
        dashed_ring(surface, center, radius, pal.info, 3, 10)
    surface.set_clip(clip)
