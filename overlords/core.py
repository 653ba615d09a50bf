"""Overlords core: constants, the Move value, the immutable State, move generation and apply.

The board is three numpy planes of 64 int8 (``board``, ``features``, ``control``); the move
generator reads them once as plain lists and walks precomputed tables with plain ints (numpy
element reads cost several list reads). Moves are ints packed as
``rune << 16 | fate << 14 | frm << 7 | to`` with 64 standing for "no square" (a recruit has no
``frm``, a discard neither square); `Move` is the int subclass that prints the RULES.md
notation. Search and playouts use the plain ints of `legal_codes` and `apply_legal`; the
public `legal_moves` wraps them as `Move` values.
"""

from __future__ import annotations

import numpy as np

from common.grid import Grid
from common.protocol import InvalidMoveError, Outcome, quoted

GRID = Grid.of(8)
WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")
OVERLORD, WIZARD, DRAGON, HERO = 0, 1, 2, 3
TYPE_LETTERS = "OWDH"
TYPE_NAMES = ("Overlord", "Wizard", "Dragon", "Hero")
TYPE_PLURALS = ("Overlords", "Wizards", "Dragons", "Heroes")
CASTLE, TOWER, LAIR, PIT, MOUNTAIN = 0, 1, 2, 3, 4
NO_FEATURE = -1
FEATURE_NAMES = ("castle", "tower", "lair", "pit", "mountain")
SOURCES = (CASTLE, TOWER, LAIR)
BARRIERS = (PIT, MOUNTAIN)
RECRUITS = {CASTLE: HERO, TOWER: WIZARD, LAIR: DRAGON}
SOURCE_OF = {HERO: CASTLE, WIZARD: TOWER, DRAGON: LAIR}
FATE_STONES = (1, 2, 2, 2)  # a full hand of Fate stones per type O, W, D, H
FULL_SET = (1, 3, 2, 4)  # figures per side per type
FORBIDDEN = {1: DRAGON, 3: WIZARD, 4: HERO, 6: OVERLORD, 7: OVERLORD}
RUNE_NAMES = {
    1: "King step", 2: "Bishop", 3: "Rook", 4: "Knight", 5: "Teleport", 6: "Recruit", 7: "Pawn",
}
ALL_RUNES = 0b1111111
DRAW_TURNS = 100
NONE = 64  # "no square" inside a packed move

# CAPTURES[mover][victim]: may a figure of type mover capture one of type victim?
CAPTURES = tuple(
    tuple(
        (m, v) not in ((DRAGON, HERO), (WIZARD, DRAGON), (HERO, WIZARD)) for v in range(4)
    )
    for m in range(4)
)

_NEIGHBOURS = GRID.neighbours
_KNIGHT = GRID.knight
_RAYS = {2: GRID.rays_diagonal, 3: GRID.rays_orthogonal}
_FORWARD = (8, -8)


# --- the encodings: a cell of the board plane, a packed move ------------------------------------
# A cell is 0 (empty) or 1 + side * 4 + type. A move is rune << 16 | fate << 14 | frm << 7 | to,
# NONE standing for "no square". These functions are the one place that knows both layouts;
# hot loops (legal_codes, the AI) may inline them, other code calls them.

def piece_code(side: int, kind: int) -> int:
    """The board cell value of a side's figure of that type."""
    return 1 + side * 4 + kind


def decode_cell(cell: int) -> tuple[int, int] | None:
    """(side, type) of a board cell value, or None for an empty square."""
    return None if cell == 0 else ((cell - 1) >> 2, (cell - 1) & 3)


def cell_side(cell: int) -> int:
    """The side of the figure of a (non-empty) board cell value."""
    return (cell - 1) >> 2


def cell_type(cell: int) -> int:
    """The figure type of a (non-empty) board cell value."""
    return (cell - 1) & 3


def move_code(rune: int, fate: int, frm: int | None = None, to: int | None = None) -> int:
    """The packed int of a move (frm None for a recruit, both None for a discard)."""
    return rune << 16 | fate << 14 | (NONE if frm is None else frm) << 7 | (
        NONE if to is None else to)


def move_rune(code: int) -> int:
    """The Rune of a packed move (1..7)."""
    return code >> 16


def move_fate(code: int) -> int:
    """The Fate of a packed move, as a figure type."""
    return (code >> 14) & 3


def move_from(code: int) -> int | None:
    """The square a packed move leaves (None for a recruit or a discard)."""
    frm = (code >> 7) & 127
    return None if frm == NONE else frm


def move_to(code: int) -> int | None:
    """The square a packed move ends on (None for a discard)."""
    to = code & 127
    return None if to == NONE else to


def is_discard(code: int) -> bool:
    """True for a packed move that plays two stones without moving."""
    return code & 127 == NONE


def is_recruit(code: int) -> bool:
    """True for a packed recruit from the reserve."""
    return (code >> 7) & 127 == NONE and code & 127 != NONE


def is_board_move(code: int) -> bool:
    """True for a packed move of a figure from one square to another (not a recruit or a
    discard)."""
    return (code >> 7) & 127 != NONE and code & 127 != NONE


class Move(int):
    """A turn packed in an int; ``str()`` gives the RULES.md notation ("2D f1-c4"). Its
    properties read the parts (the module's `move_*` functions do the same for plain ints)."""

    __slots__ = ()

    @classmethod
    def make(cls, rune: int, fate: int, frm: int | None = None, to: int | None = None) -> Move:
        """A move from its parts (frm None for a recruit, both None for a discard)."""
        return cls(move_code(rune, fate, frm, to))

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move a notation token names; InvalidMoveError with the reason if it is malformed."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is a text like \"2D f1-c4\", not {quoted(text)}")
        parts = text.split(" ")
        if len(parts) != 2 or len(parts[0]) != 2:
            raise InvalidMoveError(
                f"{quoted(text)} is not a move (like \"2D f1-c4\", \"6H b5\" or \"3W --\")")
        rune_text, fate_text = parts[0]
        if rune_text not in "1234567":
            raise InvalidMoveError(f"{quoted(text)}: the Rune must be a digit from 1 to 7")
        if fate_text not in TYPE_LETTERS:
            raise InvalidMoveError(f"{quoted(text)}: the Fate must be one of H, W, D, O")
        rune, fate, where = int(rune_text), TYPE_LETTERS.index(fate_text), parts[1]
        if where == "--":
            return cls.make(rune, fate)
        squares = where.split("-")
        try:
            indices = [GRID.index(sq) for sq in squares]
        except ValueError as err:
            raise InvalidMoveError(f"{quoted(text)}: {err}") from None
        if len(indices) == 1 and rune == 6:
            return cls.make(rune, fate, None, indices[0])
        if len(indices) == 2 and rune != 6:
            return cls.make(rune, fate, indices[0], indices[1])
        if rune == 6:
            raise InvalidMoveError(
                f"{quoted(text)}: a recruit names only its target square, like \"6H b5\"")
        raise InvalidMoveError(f"{quoted(text)}: a move names two squares, like \"2D f1-c4\"")

    rune = property(move_rune)
    fate = property(move_fate)
    frm = property(move_from)
    to = property(move_to)
    is_discard = property(is_discard)
    is_recruit = property(is_recruit)

    def __str__(self) -> str:
        head = f"{self.rune}{TYPE_LETTERS[self.fate]}"
        frm, to = self.frm, self.to
        if to is None:
            return f"{head} --"
        if frm is None:
            return f"{head} {GRID.names[to]}"
        return f"{head} {GRID.names[frm]}-{GRID.names[to]}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


class Board:
    """What never changes during one game: the features and tables derived from them."""

    __slots__ = ("features", "barrier", "free", "sources", "source_squares")

    def __init__(self, features: np.ndarray) -> None:
        features = np.array(features, dtype=np.int8)
        features.flags.writeable = False
        self.features = features
        kinds = features.tolist()
        self.barrier = tuple(k >= PIT for k in kinds)
        self.free = tuple(i for i in range(64) if not self.barrier[i])
        self.sources = {k: tuple(i for i in range(64) if kinds[i] == k) for k in SOURCES}
        self.source_squares = np.array([i for i in range(64) if 0 <= kinds[i] < PIT], np.intp)


class State:
    """One position: planes, stones, reserves, whose turn, the quiet-turn count and result.

    Immutable: its arrays are read-only and `apply` builds a new State, never writing to an
    old one. Its attributes are plain slots and are not guarded against assignment (measured:
    refusing it cost 0.75 us per State built, an immutable NamedTuple halves attribute reads;
    either slowed playouts by about 10%): never assign to them. The one exception is `legal`,
    a cache of the sorted legal moves that `rules.legal_moves` fills on first use, so that
    `rules.apply` checks a move against it instead of generating every move again (it is
    derived from the rest, so the state stays a value: equality and hashing ignore it).
    """

    __slots__ = ("board", "control", "runes", "fates", "reserve", "turn", "quiet", "ply",
                 "result", "static", "legal")

    def __init__(
        self,
        static: Board,
        board: np.ndarray,  # board[sq]: 0 empty, else piece_code(side, type): see decode_cell
        control: np.ndarray,  # control[sq]: -1 no marker, else the side whose marker it is
        runes: tuple[int, int],  # runes[side]: bit r-1 set while Rune r is unplayed
        fates: tuple[tuple[int, ...], tuple[int, ...]],  # fates[side][type]: unplayed Fates
        reserve: tuple[tuple[int, ...], tuple[int, ...]],  # reserve[side][type]: figures left
        turn: int,
        quiet: int = 0,
        ply: int = 0,
        result: Outcome | None = None,
    ) -> None:
        self.static = static
        self.board = board
        self.control = control
        self.runes = runes
        self.fates = fates
        self.reserve = reserve
        self.turn = turn
        self.quiet = quiet
        self.ply = ply
        self.result = result
        self.legal: tuple[Move, ...] | None = None  # rules.legal_moves, once asked (a cache)

    @property
    def features(self) -> np.ndarray:
        """Feature plane: -1 for none, else a feature id (read-only)."""
        return self.static.features

    def figure(self, sq: int) -> tuple[int, int] | None:
        """(side, type) of the figure on sq, or None."""
        return decode_cell(int(self.board[sq]))

    def turns_to_reckoning(self, side: int) -> int:
        """How many turns the side plays before its stones return (its unplayed Runes)."""
        return self.runes[side].bit_count()

    def hand_runes(self, side: int) -> list[int]:
        """The side's unplayed Runes, ascending."""
        return [r for r in range(1, 8) if self.runes[side] >> (r - 1) & 1]

    def key(self) -> bytes:
        """Bytes that identify the position (for equality, hashing and transposition tables)."""
        extra = bytes([*self.runes, *self.fates[0], *self.fates[1], *self.reserve[0],
                       *self.reserve[1], self.turn, min(self.quiet, 255)])
        return self.board.tobytes() + self.control.tobytes() + extra

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (self.key() == other.key() and self.result == other.result
                and bytes(self.static.features) == bytes(other.static.features))

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<overlords State ply {self.ply}, {SIDE_NAMES[self.turn]} to move>"


# TAKES[side][kind][cell]: is the cell value an enemy figure that this figure may capture?
TAKES = tuple(
    tuple(
        tuple(cell > 0 and (cell - 1) >> 2 != side and CAPTURES[kind][(cell - 1) & 3]
              for cell in range(9))
        for kind in range(4)
    )
    for side in (WHITE, BLACK)
)


# _HANDS[runes][kind]: the unplayed Runes (as in a `State.runes` bit set) that may move a figure
# of that type, Recruit (6) left out: the forbidden pairs of RULES.md applied once, not per turn.
_HANDS = tuple(
    tuple(tuple(r for r in (1, 2, 3, 4, 5, 7) if runes >> (r - 1) & 1 and FORBIDDEN.get(r) != k)
          for k in range(4))
    for runes in range(ALL_RUNES + 1)
)


def add_moves(out: list[int], code: int, cells: list[int], barrier: tuple[bool, ...],
               sq: int, rune: int, kind: int, side: int) -> None:
    """Append code | target for every square the figure on sq reaches with rune 1-4 or 7."""
    takes = TAKES[side][kind]
    if rune == 1 or rune == 4:
        out += [code | n for n in (_NEIGHBOURS if rune == 1 else _KNIGHT)[sq]
                if (cells[n] == 0 and not barrier[n]) or takes[cells[n]]]
    elif rune == 7:
        f = sq + _FORWARD[side]
        if 0 <= f < 64:
            if cells[f] == 0 and not barrier[f]:
                out.append(code | f)
            col = sq & 7
            if col > 0 and takes[cells[f - 1]]:
                out.append(code | (f - 1))
            if col < 7 and takes[cells[f + 1]]:
                out.append(code | (f + 1))
    else:  # slides: stop at the first figure; Dragons fly over Barriers, others stop there
        flies = kind == DRAGON
        for ray in _RAYS[rune][sq]:
            for n in ray:
                c = cells[n]
                if c:
                    if takes[c]:
                        out.append(code | n)
                    break
                if barrier[n]:
                    if flies:
                        continue
                    break
                out.append(code | n)


def legal_codes(state: State) -> list[int]:
    """Every legal turn as a packed int, in a stable order (the fast path for search)."""
    if state.result is not None:
        return []
    side = state.turn
    runes = state.runes[side]
    fates = state.fates[side]
    static = state.static
    barrier = static.barrier
    cells = state.board.tolist()
    own_lo = 1 + side * 4
    hands = _HANDS[runes]
    out: list[int] = []
    empties = None
    for sq, kind in [(sq, c - own_lo) for sq, c in enumerate(cells) if own_lo <= c < own_lo + 4]:
        if not fates[kind]:
            continue
        base = kind << 14 | sq << 7
        for rune in hands[kind]:
            code = rune << 16 | base
            if rune == 5:
                if empties is None:
                    empties = [n for n in static.free if cells[n] == 0]
                out += [code | n for n in empties]
            else:
                add_moves(out, code, cells, barrier, sq, rune, kind, side)
    if runes & 32:
        control = state.control
        reserve = state.reserve[side]
        for kind in (WIZARD, DRAGON, HERO):
            if fates[kind] and reserve[kind]:
                code = 6 << 16 | kind << 14 | NONE << 7
                for src in static.sources[SOURCE_OF[kind]]:
                    if cells[src] == 0 and control[src] == side:
                        out.append(code | src)
    if not out:
        discard = NONE << 7 | NONE
        kinds = [k for k in range(4) if fates[k]]
        out = [r << 16 | k << 14 | discard for r in range(1, 8) if runes >> (r - 1) & 1
               for k in kinds]
    return out


def apply_legal(state: State, code: int) -> State:
    """The state after a turn from `legal_codes` (not checked: use rules.apply for that)."""
    side = state.turn
    rune, kind, frm, to = code >> 16, (code >> 14) & 3, (code >> 7) & 127, code & 127
    board, control, reserve = state.board, state.control, state.reserve
    quiet = state.quiet + 1
    result = None
    if to != NONE:
        board = board.copy()
        if frm == NONE:  # recruit
            board[to] = piece_code(side, kind)
            mine = list(reserve[side])
            mine[kind] -= 1
            reserve = (tuple(mine), reserve[1]) if side == 0 else (reserve[0], tuple(mine))
            quiet = 0
        else:
            victim = int(board[to])
            board[to] = board[frm]
            board[frm] = 0
            if victim:
                quiet = 0
                if cell_type(victim) == OVERLORD:
                    result = Outcome(side, "overlord")
            feature = state.static.features[to]
            if 0 <= feature < PIT and control[to] != side:
                control = control.copy()
                control[to] = side
                quiet = 0
                if result is None and np.count_nonzero(
                    control[state.static.source_squares] == side
                ) == len(SOURCES) * 3:
                    result = Outcome(side, "sources")
    runes = state.runes[side] & ~(1 << (rune - 1))
    hand = list(state.fates[side])
    hand[kind] -= 1
    if not runes:  # the Reckoning: all 14 stones return
        runes, hand = ALL_RUNES, FATE_STONES
    hand = tuple(hand)
    if side == 0:
        all_runes, fates = (runes, state.runes[1]), (hand, state.fates[1])
    else:
        all_runes, fates = (state.runes[0], runes), (state.fates[0], hand)
    if result is None and quiet >= DRAW_TURNS:
        result = Outcome(None, "draw")
    if board is not state.board:
        board.setflags(write=False)  # half the cost of flags.writeable = False
        if control is not state.control:
            control.setflags(write=False)
    return State(state.static, board, control, all_runes, fates, reserve, 1 - side, quiet,
                 state.ply + 1, result)
