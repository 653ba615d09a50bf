"""The Prepollency pictures of the Rules screen, drawn with the game's own board and art.

Every board here is a real engine position and every mark comes from the engine: the start
is `state.start_board`, a piece's dots and rings are `rules.piece_moves`, the hold counts are
what `rules.apply` counts turn after turn, and the elimination is the engine's own end of a
turn (`tests/test_rules_pictures.py` checks each picture's claims). The twin of
`overlords.ui.rules_pictures`: `rules_picture(key, width, pal, m)` draws one of `PICTURES`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from common.i18n import N_, _
from common.ui import draw
from common.ui.board import BoardView
from common.ui.rules_pictures import Maker, board_frame, board_view, fitted, frames
from common.ui.theme import Metrics, Palette
from prepollency import rules
from prepollency.moves import GRID
from prepollency.setup import start_board
from prepollency.state import State, from_diagram, make_state
from prepollency.ui import colours
from prepollency.ui.art import tones_for
from prepollency.ui.board import draw_pieces, draw_selected, draw_targets, static_layer
from prepollency.ui.words import ROUNDS_TO_WIN

ALL = (1, 2, 3, 4)


def _squares(names: str) -> list[int]:
    return [GRID.index(n) for n in names.split()]


def _paint(state: State, pal: Palette, picked: int | None = None,
           targets: Sequence[int] = (), label: str | None = None, label_at: int | None = None
           ) -> Callable[[pygame.Surface, BoardView], None]:
    tones = tones_for(colours.seat_colours({}, ALL), pal.name)

    def paint(surface: pygame.Surface, view: BoardView) -> None:
        surface.blit(static_layer(view, pal, tones, state.seats, state.alive), (0, 0))
        draw_pieces(surface, view, state.owners, state.kinds, tones)
        if picked is not None:
            draw_selected(surface, view, picked, pal)
        draw_targets(surface, view, targets, state.owners, pal)
        if label and label_at is not None:  # a pill from that square's top-left corner
            rect = view.square_rect(label_at)
            px = max(12, int(view.tile * 0.5))
            pill = pygame.Rect(rect.x + 2, rect.y + 2, draw.text_width(label, px, True) + px,
                               int(px * 1.5))
            draw.alpha_rect(surface, pill, (*pal.panel, 235), pill.h // 2)
            draw.blit_text(surface, label, px, pal.primary, pill.center, "center", bold=True)
    return paint


def _view(tile: int) -> BoardView:
    return board_view(BoardView(GRID), tile)


def start(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """The starting position of four players (two use the a1 and o15 corners)."""
    state = make_state(start_board(ALL), ALL, ALL, 1)
    tile = max(10, min(int(m.normal * 1.4), int(width * 0.62 / 15.9)))
    return frames([(board_frame(_view(tile), _paint(state, pal)),
                    _("Each seat: its empty 2x2 base in the corner, then 5 Archers, 7 Cavalry "
                      "and 9 Infantry in rings round it"))], width, pal, m, per_row=1)


# (diagram, the piece shown, caption) for each kind: a friend that blocks, an enemy to take
PIECE_DIAGRAMS = (
    ("    f  g  h  i  j\n10  .  .  .  .  .\n9   .  .  .  3I .\n8   .  .  1I .  .\n"
     "7   .  1C .  .  .\n6   .  .  .  .  .", "h8", N_("Infantry: one square any way")),
    ("    e  f  g  h  i  j  k\n11  .  .  .  .  .  .  3I\n10  .  .  .  .  .  .  .\n"
     "9   .  .  .  .  .  .  .\n8   .  .  .  1C .  .  .\n7   .  .  .  .  .  .  .\n"
     "6   .  1I .  .  .  .  .\n5   .  .  .  .  .  .  .", "h8",
     N_("Cavalry: 1 to 3 squares along a diagonal")),
    ("    e  f  g  h  i  j  k\n11  .  .  .  3I .  .  .\n10  .  .  .  .  .  .  .\n"
     "9   .  .  .  .  .  .  .\n8   .  .  .  1A .  1I .\n7   .  .  .  .  .  .  .\n"
     "6   .  .  .  .  .  .  .\n5   .  .  .  .  .  .  .", "h8",
     N_("Archers: 1 to 3 squares along a file or rank")),
    ("    c  d  e  f  g  h  i  j  k  l  m\n12  .  .  .  .  .  .  .  .  .  .  .\n"
     "11  .  .  .  .  .  3I .  .  .  .  .\n10  .  .  .  .  .  .  .  .  .  .  .\n"
     "9   .  .  .  .  .  .  .  .  .  .  .\n8   .  .  .  .  .  1K .  .  1I .  .\n"
     "7   .  .  .  .  .  .  .  .  .  .  .\n6   .  .  .  .  .  .  .  .  .  .  .\n"
     "5   .  .  .  .  .  .  .  .  .  .  .\n4   .  .  .  .  .  .  .  .  .  .  .", "h8",
     N_("The Khan: any distance in any of the eight directions")),
)


def piece_diagrams() -> list[tuple[State, int, list[int], str, list[int]]]:
    """Each kind's picture: its position, the piece's square, its legal targets, caption, and
    the squares the diagram shows (its files and ranks)."""
    out = []
    for text, square, caption in PIECE_DIAGRAMS:
        state = from_diagram(text, seats=(1, 3), turn=1)
        sq = GRID.index(square)
        out.append((state, sq, [m.to for m in rules.piece_moves(state, sq)], caption,
                    _shown(text)))
    return out


def _shown(text: str) -> list[int]:
    """The squares a diagram's header files and rank rows name."""
    rows = text.strip("\n").splitlines()
    files, ranks = rows[0].split(), [row.split()[0] for row in rows[1:]]
    return [GRID.index(f"{f}{r}") for f in files for r in ranks]


def _window(names_from: str, names_to: str) -> list[int]:
    """The squares of the rectangle with these two corners (for cutting a board)."""
    a, b = GRID.index(names_from), GRID.index(names_to)
    cols = range(min(GRID.col(a), GRID.col(b)), max(GRID.col(a), GRID.col(b)) + 1)
    rows = range(min(GRID.row(a), GRID.row(b)), max(GRID.row(a), GRID.row(b)) + 1)
    return [sq for c in cols for r in rows if (sq := GRID.at(c, r)) is not None]


def pieces(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """How each kind moves: the engine's targets of one piece (dots; a ring on a capture)."""
    tile = max(12, int((width - 3 * m.pad) / 4 / 7.4))
    items = []
    for state, sq, targets, caption, shown in piece_diagrams():
        items.append((board_frame(_view(tile), _paint(state, pal, sq, targets), shown),
                      caption))
    return frames(items, width, pal, m, per_row=4 if width > 640 else 2)


HOLD_DIAGRAM = ("    f  g  h  i  j\n10  .  .  .  .  .\n9   .  .  1I .  .\n8   .  1I 1A 1I .\n"
                   "7   .  .  .  .  .\n6   .  .  1I .  .")
# Red completes the cross, then all hold
HOLD_TURNS: tuple[list[str], ...] = (["h6-h7"], [], [], [], [], [], [])


def hold_states() -> list[State]:
    """A 2-player hold from the engine: Red steps onto the fifth Obelisk square, then both
    sides hold the line; the state after each of Red's turns (hold counts 1 to 4: the win)."""
    state = from_diagram(HOLD_DIAGRAM, seats=(1, 3), turn=1)
    out = []
    for turn in HOLD_TURNS:
        mover = state.turn
        state = rules.apply(state, rules.parse_move(state, turn))
        if mover == 1:
            out.append(state)
        if state.result is not None:
            break
    return out


def hold(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """All five Obelisk squares at the end of Red's turn, kept for three full rounds: each
    picture counts the rounds kept so far in three pips (the words of the game screen)."""
    tile = max(12, int((width - 3 * m.pad) / 4 / 6.2))
    captions = {1: _("Red ends its turn on all five squares: the hold begins (and a Khan)"),
                2: _("Kept through one round of the others: 1 of 3 rounds"),
                3: _("Kept through two rounds: 2 of 3 rounds"),
                4: _("Kept through three full rounds: 3 of 3, Red wins")}
    items = []
    for state in hold_states():
        kept = state.holds[1] - 1
        label = _("Taken") if kept == 0 else _("{kept} of {rounds} rounds").format(
            kept=kept, rounds=ROUNDS_TO_WIN)
        paint = _rounds(_paint(state, pal, label=label, label_at=GRID.index("f10")), kept, pal)
        items.append((board_frame(_view(tile), paint, _window("f6", "j10")),
                      captions.get(state.holds[1], label)))
    return frames(items, width, pal, m, per_row=4 if width > 640 else 2)


def _rounds(paint: Callable[[pygame.Surface, BoardView], None], kept: int, pal: Palette
            ) -> Callable[[pygame.Surface, BoardView], None]:
    """`paint`, then the rounds kept as pips on g6, h6 and i6: filled for each round kept."""
    def with_pips(surface: pygame.Surface, view: BoardView) -> None:
        paint(surface, view)
        for i, name in enumerate(("g6", "h6", "i6")):
            rect = view.square_rect(GRID.index(name))
            radius = max(3, rect.w // 5)
            if i < kept:
                pygame.draw.circle(surface, pal.primary, rect.center, radius)
            pygame.draw.circle(surface, pal.text_dark, rect.center, radius, 2)
    return with_pips


ELIMINATION_DIAGRAM = ("    a  b  c  d\n4   .  .  .  1I\n3   .  .  3C .\n2   2I .  .  .\n"
                          "1   3I 2A .  .")
ELIMINATION_TURN = ["c3-b2"]  # Green's Cavalry fills the fourth square of Red's base


def elimination_states() -> tuple[State, State]:
    """Red's base before and after Green fills its last square (Blue holds the other two):
    the engine eliminates Red at the end of Green's turn."""
    before = from_diagram(ELIMINATION_DIAGRAM + "\n", seats=ALL, turn=3)
    after = rules.apply(before, rules.parse_move(before, ELIMINATION_TURN))
    return before, after


def elimination(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """A base filled by two other players together: its owner is out."""
    before, after = elimination_states()
    tile = max(14, int((width - m.pad) / 2 / 5.2))
    window = _window("a1", "d4")
    items = [(board_frame(_view(tile), _paint(before, pal, GRID.index("c3"), [GRID.index("b2")]),
                          window),
              _("Three of Red's base squares are taken (Blue and Green); Green moves in")),
             (board_frame(_view(tile), _paint(after, pal), window),
              _("All four taken at the end of a turn: Red is out and its pieces leave"))]
    return frames(items, width, pal, m, per_row=2)


PICTURES: dict[str, Maker] = {
    "start": start,
    "pieces": pieces,
    "hold": hold,
    "elimination": elimination,
}


def rules_picture(key: str, width: int, pal: Palette, m: Metrics) -> pygame.Surface | None:
    """The picture `key` (see `PICTURES`) fitted to `width`, or None for an unknown key."""
    return fitted(PICTURES, key, width, pal, m)
