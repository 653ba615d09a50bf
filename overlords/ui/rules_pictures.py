"""The Overlords pictures of the Rules screen, drawn with the game's own board and art.

Every board here is a real engine position (`overlords.lessons.position`, the lessons' own
position data) and every mark on it comes from the engine: the dots and rings are
`rules.legal_moves` of the figure shown with the Rune shown, the capture table is
`rules.CAPTURES`, the forbidden pairs `rules.FORBIDDEN`, and the Reckoning sequence is a
played game's hands. `FACTS` states in words what each picture claims and
`tests/test_rules_pictures.py` checks each claim against the engine.

`rules_picture(key, width, pal, m)` draws one (keys: `PICTURES`); the Rules screen asks for
them through the rules text's "Picture: KEY" paragraphs (`common.ui.rules_pictures`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from common.i18n import N_, _, pgettext
from common.ui import draw
from common.ui.board import BoardView
from common.ui.rules_pictures import Maker, board_frame, board_view, fitted, frames, table
from common.ui.theme import Metrics, Palette
from overlords import names, rules
from overlords.lessons import position
from overlords.ui.art import figure, stone
from overlords.ui.board import draw_board, draw_selected, draw_targets


@dataclass(frozen=True)
class Diagram:
    """One small board: a lesson-style position, the figure (or Source) the marks are for,
    the Rune whose moves are marked, and the caption under it."""

    data: dict
    square: str | None  # the moving figure; None for a recruit
    rune: int
    caption: str
    squares: tuple[str, ...] = field(default=())  # cut the board to these (none: whole board)

    def state(self) -> rules.State:
        return position(self.data)

    def moves(self) -> list[rules.Move]:
        """The engine's legal moves this diagram marks."""
        state = self.state()
        at = None if self.square is None else rules.GRID.index(self.square)
        return [m for m in rules.legal_moves(state)
                if m.rune == self.rune and (m.frm == at if at is not None else m.is_recruit)]


# each Rune's caption under its picture (whole messages: translated when drawn)
CAPTIONS = {1: N_("1 King step: not with a Dragon"), 2: N_("2 Bishop"),
            3: N_("3 Rook: not with a Wizard"),
            4: N_("4 Knight: not with a Hero (it jumps over anything)"),
            5: N_("5 Teleport: to any empty square, never a capture"),
            6: N_("6 Recruit: onto your own Source of that kind (never an Overlord)"),
            7: N_("7 Pawn: not with an Overlord: a step forward, a diagonal capture")}


_O = {"b1": "O", "g8": "o"}  # both Overlords, out of the way
RUNE_DIAGRAMS = (
    Diagram({"figures": {**_O, "d4": "H", "e5": "h"}, "features": {"mountain": ["c3"]}},
            "d4", 1, CAPTIONS[1]),
    Diagram({"figures": {**_O, "d4": "W", "b6": "h", "f2": "d"},
             "features": {"pit": ["f6"]}}, "d4", 2, CAPTIONS[2]),
    Diagram({"figures": {**_O, "d4": "H", "g4": "d"}, "features": {"mountain": ["d6"]}},
            "d4", 3, CAPTIONS[3]),
    Diagram({"figures": {**_O, "d4": "W", "e6": "h"},
             "features": {"mountain": ["c4", "e4", "d5"], "pit": ["d3", "b5"]}},
            "d4", 4, CAPTIONS[4]),
    Diagram({"figures": {**_O, "d4": "H", "f5": "h"},
             "features": {"pit": ["c6", "g3"], "mountain": ["e2"]}},
            "d4", 5, CAPTIONS[5]),
    Diagram({"figures": {**_O, "f5": "h"},
             "features": {"castle": ["c3", "f6"], "tower": ["e3"]},
             "control": {"c3": "white", "f6": "black"}, "reserve": {"white": "WDHHH"}},
            None, 6, CAPTIONS[6]),
    Diagram({"figures": {**_O, "d4": "H", "e5": "h", "c5": "w"}}, "d4", 7,
            CAPTIONS[7]),
)
DRAGON_DIAGRAMS = (
    Diagram({"figures": {**_O, "d2": "D", "d7": "h"}, "features": {"pit": ["d4"],
                                                                   "mountain": ["d5"]}},
            "d2", 3, N_("A Dragon flies over Pits and Mountains, never over a figure, "
               "and never stops on a Barrier")),
    Diagram({"figures": {**_O, "d2": "H", "d7": "h"}, "features": {"pit": ["d4"],
                                                                   "mountain": ["d5"]}},
            "d2", 3, N_("Every other figure's slide stops at the first Barrier")),
)


def _diagram(d: Diagram, tile: int, pal: Palette) -> pygame.Surface:
    state = d.state()
    targets: dict[int, list[rules.Move]] = {}
    for m in d.moves():
        targets.setdefault(m.to, []).append(m)

    def paint(surface: pygame.Surface, view: BoardView) -> None:
        draw_board(surface, view, state, pal)
        if d.square is not None:
            draw_selected(surface, view, rules.GRID.index(d.square), pal)
        draw_targets(surface, view, targets, state, pal, quiet_teleports=False)

    view = board_view(BoardView(rules.GRID), tile)
    return board_frame(view, paint, [rules.GRID.index(s) for s in d.squares] or None)


def _tile(width: int, per_row: int, m: Metrics) -> int:
    return max(14, int((width - m.pad * (per_row - 1)) / per_row / 8.9))


def runes(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """Each Rune's movement on a small board (three a row)."""
    tile = _tile(width, 3, m)
    return frames([(_diagram(d, tile, pal), d.caption) for d in RUNE_DIAGRAMS], width, pal, m,
                  per_row=3)


def dragons(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """A Dragon over the Barriers beside another figure stopped by them."""
    tile = _tile(width, 2, m) * 3 // 4
    return frames([(_diagram(d, tile, pal), d.caption) for d in DRAGON_DIAGRAMS], width, pal,
                  m, per_row=2)


def _token(kind: int, side: int, m: Metrics, pal: Palette) -> pygame.Surface:
    return figure(kind, side, int(m.normal * 2), pal)


def captures(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """Who may capture whom: the engine's capture table, movers down, victims across (the
    three exceptions stand out: a bold "No" in the refusal colour)."""
    # Translators: the capture table's cells: may this figure take that one?
    no = draw.text(pgettext("may capture", "No"), m.normal, pal.refusal, True)
    header: list = [_("Takes")] + [_token(k, rules.BLACK, m, pal) for k in range(4)]
    rows: list[list] = [header]
    for mover in range(4):
        rows.append([_token(mover, rules.WHITE, m, pal)]
                    + [pgettext("may capture", "Yes") if rules.CAPTURES[mover][v] else no
                       for v in range(4)])
    grid = table(rows, min(width, m.normal * 22), pal, m)
    return frames([(grid, _("Down: the figure that moves. Across: the figure it lands on. "
                            "A Dragon cannot take a Hero, a Wizard a Dragon, a Hero a Wizard."))],
                  min(width, max(grid.get_width(), m.normal * 24)), pal, m, per_row=1)


def forbidden(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """The Runes with what they do and the Fate each may not be paired with."""
    size = int(m.normal * 1.9)
    rows: list[list] = [[_("Rune"), _("Moves as"), _("Not with")]]
    for rune in range(1, 8):
        banned = rules.FORBIDDEN.get(rune)
        rows.append([stone("rune", rune, rules.WHITE, size, False), names.rune(rune),
                     "-" if banned is None else names.figure(banned)])
    return table(rows, min(width, m.normal * 26), pal, m)


def reckoning_hands(seed: int = 5) -> list[tuple[int, tuple[int, ...]]]:
    """White's hand (unplayed Rune bits, unplayed Fates per type) before its first turn and
    after each of its first seven, from a game the engine plays at random (seeded)."""
    rng = random.Random(seed)
    state = rules.new_state(rng)
    hands = [(state.runes[rules.WHITE], state.fates[rules.WHITE])]
    while len(hands) < 8 and state.result is None:
        mover = state.turn
        state = rules.apply(state, rules.random_move(state, rng))
        if mover == rules.WHITE:
            hands.append((state.runes[rules.WHITE], state.fates[rules.WHITE]))
    return hands


def _hand(runes_left: int, fates_left: tuple[int, ...], size: int) -> pygame.Surface:
    gap = max(2, size // 8)
    out = pygame.Surface((7 * (size + gap), 2 * (size + 4) + gap), pygame.SRCALPHA)
    for i, rune in enumerate(range(1, 8)):
        played = not runes_left >> (rune - 1) & 1
        out.blit(stone("rune", rune, rules.WHITE, size, played), (i * (size + gap), 0))
    seen = [0, 0, 0, 0]
    for i, kind in enumerate(k for k, n in enumerate(rules.FATE_STONES) for _copy in range(n)):
        seen[kind] += 1
        played = seen[kind] > fates_left[kind]
        out.blit(stone("fate", kind, rules.WHITE, size, played),
                 (i * (size + gap), size + 4 + gap))
    return out


def reckoning(width: int, pal: Palette, m: Metrics) -> pygame.Surface:
    """The Reckoning as a sequence: a hand before its first turn, after one, after six, and
    after the seventh, when all fourteen stones come back."""
    hands = reckoning_hands()
    size = max(14, min(int(m.normal * 1.3), (width // 4 - m.pad) // 8))
    shown = [(0, _("Start: 7 Runes and 7 Fates in hand")),
             (1, _("After turn 1: one Rune and one Fate played (grey)")),
             (6, _("After turn 6: one pair left, so the next turn is forced to use it")),
             (7, _("Turn 7 plays the last pair: the Reckoning, all 14 stones come back"))]
    return frames([(_hand(*hands[i], size), caption) for i, caption in shown], width, pal, m,
                  per_row=2 if width < 4 * (7 * size + m.pad) else 4)


PICTURES: dict[str, Maker] = {
    "runes": runes,
    "dragons": dragons,
    "captures": captures,
    "forbidden": forbidden,
    "reckoning": reckoning,
}


def rules_picture(key: str, width: int, pal: Palette, m: Metrics) -> pygame.Surface | None:
    """The picture `key` (see `PICTURES`) fitted to `width`, or None for an unknown key."""
    return fitted(PICTURES, key, width, pal, m)
