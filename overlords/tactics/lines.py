"""The Overlords board read for the tactics, from plain lists: the lines between squares, who
could capture what next turn (`gives_check`, `reaches`), the figures that screen a line onto
an Overlord (`pinned`, `openers`), the Sources, and whether a side wins at once.

A hot path of the tactics (`python3 bootstrap.py bench tactics` measures it): the cell and
move encodings of `overlords.state` and `overlords.moves` are inlined here on purpose.
"""

from __future__ import annotations

from overlords.apply import apply_legal
from overlords.movegen import legal_codes
from overlords.moves import NONE
from overlords.state import (
    CAPTURES,
    DRAGON,
    FORBIDDEN,
    GRID,
    OVERLORD,
    SOURCES,
    WHITE,
    Board,
    State,
    cell_side,
    piece_code,
)

# --- geometry: lines between squares, and who could capture what next turn ------------------


def _lines() -> list[dict[int, tuple[int, tuple[int, ...]]]]:
    """LINES[a][b]: (2 or 3, the squares between) for b on a diagonal / file or rank of a."""
    table: list[dict[int, tuple[int, tuple[int, ...]]]] = [{} for _ in range(64)]
    for a in range(64):
        for rune, rays in ((2, GRID.rays_diagonal), (3, GRID.rays_orthogonal)):
            for ray in rays[a]:
                for i, b in enumerate(ray):
                    table[a][b] = (rune, ray[:i])
    return table


LINES = _lines()


NEIGHBOURS = tuple(frozenset(n) for n in GRID.neighbours)


KNIGHT = tuple(frozenset(n) for n in GRID.knight)


def gives_check(cells: list[int], barrier: tuple[bool, ...], frm: int, to: int, kind: int,
                side: int, runes: int, target: int) -> bool:
    """Whether a figure of `kind` standing on `to` (having left `frm`) could capture on
    `target` next turn with one of the `runes` (a bitmask) allowed for its kind."""
    for rune in (1, 2, 3, 4, 7):
        if not runes >> (rune - 1) & 1 or FORBIDDEN.get(rune) == kind:
            continue
        if rune == 1:
            if target in NEIGHBOURS[to]:
                return True
        elif rune == 4:
            if target in KNIGHT[to]:
                return True
        elif rune == 7:
            ahead = to + (8 if side == WHITE else -8)
            if target in (ahead - 1, ahead + 1) and abs((target & 7) - (to & 7)) == 1:
                return True
        else:
            line = LINES[to].get(target)
            if line is not None and line[0] == rune and all(
                    (cells[sq] == 0 or sq == frm) and (kind == DRAGON or not barrier[sq])
                    for sq in line[1]):
                return True
    return False


ON_LINES = tuple(frozenset(LINES[sq]) for sq in range(64))  # squares on a line from sq


SOURCE_COUNT = len(SOURCES) * 3  # nine Sources win


def overlord_square(cells: list[int], side: int) -> int:
    """The square of the side's Overlord (-1 if it has none: only in a finished game)."""
    code = piece_code(side, OVERLORD)
    for sq, cell in enumerate(cells):
        if cell == code:
            return sq
    return -1


def last_source(static: Board, control: list[int], side: int) -> int:
    """The one Source `side` lacks when it controls eight of the nine, else -1."""
    missing = [sq for sq in static.source_squares.tolist() if control[sq] != side]
    return missing[0] if len(missing) == 1 else -1


def source_count(static: Board, control: list[int], side: int) -> int:
    """How many Sources `side` controls."""
    return sum(1 for sq in static.source_squares.tolist() if control[sq] == side)


def source_steps(static: Board, control: list[int], side: int) -> frozenset[int] | None:
    """The Sources a move of `side` must reach to come within one Source of winning: none
    while it controls six or fewer, those it lacks at seven; None at eight or more (then
    every move is looked at)."""
    count = source_count(static, control, side)
    if count < SOURCE_COUNT - 2:
        return frozenset()
    if count > SOURCE_COUNT - 2:
        return None
    return frozenset(sq for sq in static.source_squares.tolist() if control[sq] != side)


def pinned(cells: list[int], barrier: tuple[bool, ...], o: int, runes: int,
           fates: tuple[int, ...]) -> set[int]:
    """The squares of the figures that stand first on a line from the Overlord on `o` with an
    enemy figure behind them that could capture it (with the enemy's `runes` and `fates`) once
    they leave: moving any other figure cannot open a line onto the Overlord."""
    x = cell_side(cells[o])
    return _screens(cells, barrier, o, x, 1 - x, runes, fates)


def openers(cells: list[int], barrier: tuple[bool, ...], o: int, runes: int,
            fates: tuple[int, ...]) -> set[int]:
    """The squares of the enemy figures that stand first on a line from the Overlord on `o`
    with another enemy figure behind that could capture it (with the enemy's `runes` and
    `fates`) once they leave: the only enemy moves that can open a line onto it."""
    y = 1 - cell_side(cells[o])
    return _screens(cells, barrier, o, y, y, runes, fates)


def _screens(cells: list[int], barrier: tuple[bool, ...], o: int, first: int, y: int,
             runes: int, fates: tuple[int, ...]) -> set[int]:
    """Squares of `first`'s figures standing first on a line from `o` with a figure of `y`
    right behind them that could capture on `o` once they leave."""
    lo = 1 + first * 4
    out: set[int] = set()
    for rays in (GRID.rays_diagonal[o], GRID.rays_orthogonal[o]):
        for ray in rays:
            screen = -1
            for sq in ray:
                c = cells[sq]
                if not c:
                    continue
                if screen < 0:
                    if lo <= c < lo + 4:
                        screen = sq
                        continue
                    break
                if (c - 1) >> 2 == y and fates[(c - 1) & 3] and gives_check(
                        cells, barrier, screen, sq, (c - 1) & 3, y, runes, o):
                    out.add(screen)
                break
    return out


def figures(cells: list[int], side: int, fates: tuple[int, ...]) -> list[tuple[int, int]]:
    """(square, type) of `side`'s figures that have a Fate stone to move with."""
    lo = piece_code(side, OVERLORD)  # the side's lowest cell value
    return [(sq, cell - lo) for sq, cell in enumerate(cells)
            if lo <= cell < lo + 4 and fates[cell - lo]]


def reaches(cells: list[int], barrier: tuple[bool, ...], runes: int, fates: tuple[int, ...],
            side: int, target: int) -> bool:
    """Whether `side`, with these unplayed stones, has a legal board move onto `target` (a
    capture if an enemy figure stands there: the types' capture rules apply). The engine's
    own rules (`overlords.movegen.add_moves`) for one target square; a figure of `side` on
    `target` is never reached."""
    return reaches_from(figures(cells, side, fates), cells, barrier, runes, side, target)


def reaches_from(movers: list[tuple[int, int]], cells: list[int], barrier: tuple[bool, ...],
                 runes: int, side: int, target: int) -> bool:
    """`reaches` for these figures of `side` (each with a Fate stone), standing on cells."""
    victim = cells[target]
    if victim and (victim - 1) >> 2 == side:
        return False
    if not victim and barrier[target]:
        return False  # no figure stops on a Barrier
    vkind = (victim - 1) & 3
    empty = not victim
    slides = runes & ~64 if empty else runes  # a pawn's diagonal move only captures
    ahead = (8, -8)[side]
    for sq, kind in movers:
        if victim and not CAPTURES[kind][vkind]:
            continue
        if empty and runes & 16:  # Rune 5, the Teleport: any figure to any empty square
            return True
        if gives_check(cells, barrier, sq, sq, kind, side, slides, target):
            return True
        if empty and runes & 64 and kind != OVERLORD and target == sq + ahead:
            return True  # a pawn step straight ahead onto an empty square
    return False


def wins_at_once(state: State, side: int) -> bool:
    """Whether `side` could end the game in its favour with one move now (with its unplayed
    stones, as if it were its turn)."""
    if state.result is not None:
        return False
    cells = state.board.tolist()
    return wins_on(cells, state.control.tolist(), state.static, side, state.runes[side],
                   state.fates[side])


def wins_on(cells: list[int], control: list[int], static: Board, side: int, runes: int,
            fates: tuple[int, ...]) -> bool:
    """`wins_at_once` on plain lists, with these unplayed stones of `side`."""
    barrier = static.barrier
    target = overlord_square(cells, 1 - side)
    if target >= 0 and reaches(cells, barrier, runes, fates, side, target):
        return True
    target = last_source(static, control, side)
    return target >= 0 and reaches(cells, barrier, runes, fates, side, target)


def winning_moves(state: State) -> list[int]:
    """The side to move's moves that end the game in its favour now, in `legal_codes` order."""
    x = state.turn
    if not wins_at_once(state, x):
        return []
    cells = state.board.tolist()
    targets = {overlord_square(cells, 1 - x), last_source(state.static, state.control.tolist(), x)}
    out = []
    for code in legal_codes(state):
        to = code & 127
        if to in targets and (code >> 7) & 127 != NONE:
            after = apply_legal(state, code)
            if after.result is not None and after.result.winner == x:
                out.append(code)
    return out


def slide_path(code: int) -> tuple[int, ...]:
    """The squares a slide passes between its from- and to-square (none for other moves)."""
    rune, frm = code >> 16, (code >> 7) & 127
    if rune not in (2, 3) or frm == NONE:
        return ()
    return LINES[frm][code & 127][1]


def survives(code: int, path: tuple[int, ...], rfrm: int, rto: int) -> bool:
    """Whether X's move `code` is still legal after Y's move from rfrm to rto (Y's moves
    change only those two squares)."""
    frm, to = (code >> 7) & 127, code & 127
    if rto in (frm, to) or rto in path:
        return False
    return not (to == rfrm and code >> 16 == 7)  # a pawn capture of the figure that left


def with_stones(state: State, side: int, runes: int, fates: tuple[int, ...]) -> State:
    """The position with `side`'s unplayed stones replaced."""
    all_runes = (runes, state.runes[1]) if side == 0 else (state.runes[0], runes)
    all_fates = (fates, state.fates[1]) if side == 0 else (state.fates[0], fates)
    return State(state.static, state.board, state.control, all_runes, all_fates, state.reserve,
                 state.turn, state.quiet, state.ply, state.result)
