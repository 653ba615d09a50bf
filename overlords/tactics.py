"""Forced losses and forced wins two moves deep: the tactical check of the board marks, the
Hint and every CPU level. Plain Python (no pygame), exact, and fast enough to judge all of one
figure's moves while a click waits (`bench/tactics.py` measures it).

Words, from the side to move X against the other side Y:

- Y *wins at once* in a position when it has a legal move that ends the game in its favour:
  one that captures X's Overlord, or that moves a figure onto the ninth Source (RULES.md: the
  game is won by capturing the enemy Overlord or by controlling all nine Sources). "As if it
  were Y's move" is read with Y's unplayed stones, as `rules.attackers` does.
- A move of X *holds* when after it Y cannot win at once, or when it ends the game itself
  (X wins, or the 100 quiet turns make a draw).
- A move of X *loses by force* (`danger`) when after it either Y wins at once
  (``Danger(forced=False, reply)``: `reply` is that winning move), or Y has a reply after which
  no move of X holds (``Danger(forced=True, reply)``). Immediate losses come first: a move
  that allows both is reported as immediate.
- A *forced win* (`forced_win`) is a move that wins at once, or after which no reply of Y holds.

What a verdict depends on. Y's replies, and whether they threaten, depend only on where the
figures stand after X's move: its (from, to) squares (the Fate is the moved figure's type, or
for a recruit the Source's type, so it follows from the squares) and Y's stones, which X's move
does not touch. X's defence two plies later depends on X's stones too, and those differ by the
Rune played: "1W d4-d5" keeps the Teleport for the defence, "5W d4-d5" spends it, and a move
that plays X's last Rune brings the Reckoning (all stones back). So an immediate loss
(forced=False) is exact per (from, to), a forced loss only per whole move (from, to, Rune).
`judge` takes any list of moves, shares the work between the moves of one (from, to), and gives
each move its own verdict.

How it is fast (each shortcut is exact; `tests/test_overlords_tactics.py` checks every verdict
against plain minimax over `rules.legal_moves` on random positions, and so can anyone with
`tests/helpers/overlords_brute.py`):
- Y's stones cannot gain a capture they lacked unless Y's reply brings its Reckoning, so once
  Y cannot win at once, a reply can threaten only through the figure it moves, a line it
  opens (it leaves a square that stands first on a line from X's Overlord with a Y figure
  behind that could capture: `openers`), or a Source that brings Y within one of all nine;
  every other reply is "calm";
- after a calm reply nothing threatens, so any move that neither moves the Overlord nor
  uncovers it (`pinned`) holds: X's such moves are listed once, and a calm reply needs its
  own search only when it takes or blocks every one of them;
- while the Overlord is attacked, only moves of the Overlord, captures of an attacker, blocks
  on an attacker's line, and moves that end the game can hold (`saving_moves`, `defence`);
- the defence that held against one reply is tried first against the next.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from overlords.apply import apply_legal
from overlords.movegen import add_moves, legal_codes
from overlords.moves import NONE, Move
from overlords.state import (
    CAPTURES,
    DRAGON,
    DRAW_TURNS,
    FORBIDDEN,
    GRID,
    OVERLORD,
    PIT,
    SOURCE_OF,
    SOURCES,
    WHITE,
    Board,
    State,
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
TACTICAL_DEPTH = 2  # moves of the side to move looked at: its move, and its defence after a reply


@dataclass(frozen=True, slots=True)
class Danger:
    """Why a move loses by force: `reply`, the opponent's answer, captures the Overlord (or
    takes the ninth Source) at once (forced False), or leaves no defence (forced True)."""

    forced: bool  # False: `reply` wins at once; True: after `reply` no move saves the game
    reply: Move  # the opponent's move that does it


# --- reading a position from plain lists --------------------------------------------------


def overlord_square(cells: list[int], side: int) -> int:
    """The square of the side's Overlord (-1 if it has none: only in a finished game)."""
    code = 1 + side * 4 + OVERLORD
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


def pinned(cells: list[int], barrier: tuple[bool, ...], o: int, runes: int,
           fates: tuple[int, ...]) -> set[int]:
    """The squares of the figures that stand first on a line from the Overlord on `o` with an
    enemy figure behind them that could capture it (with the enemy's `runes` and `fates`) once
    they leave: moving any other figure cannot open a line onto the Overlord."""
    x = (cells[o] - 1) >> 2
    return _screens(cells, barrier, o, x, 1 - x, runes, fates)


def openers(cells: list[int], barrier: tuple[bool, ...], o: int, runes: int,
            fates: tuple[int, ...]) -> set[int]:
    """The squares of the enemy figures that stand first on a line from the Overlord on `o`
    with another enemy figure behind that could capture it (with the enemy's `runes` and
    `fates`) once they leave: the only enemy moves that can open a line onto it."""
    y = 1 - ((cells[o] - 1) >> 2)
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
    lo = 1 + side * 4
    return [(sq, cell - lo) for sq, cell in enumerate(cells)
            if lo <= cell < lo + 4 and fates[cell - lo]]


def reaches(cells: list[int], barrier: tuple[bool, ...], runes: int, fates: tuple[int, ...],
            side: int, target: int) -> bool:
    """Whether `side`, with these unplayed stones, has a legal board move onto `target` (a
    capture if an enemy figure stands there: the types' capture rules apply). The engine's
    own rules (`overlords.movegen.add_moves`) for one target square; a figure of `side` on
    `target` is never reached."""
    return _reaches(figures(cells, side, fates), cells, barrier, runes, side, target)


def _reaches(movers: list[tuple[int, int]], cells: list[int], barrier: tuple[bool, ...],
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
    return _wins(cells, state.control.tolist(), state.static, side, state.runes[side],
                 state.fates[side])


def _wins(cells: list[int], control: list[int], static: Board, side: int, runes: int,
          fates: tuple[int, ...]) -> bool:
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


# --- one side's defence -----------------------------------------------------------------


def holds(state: State, code: int) -> bool:
    """Whether the side to move's move `code` holds: after it the enemy cannot win at once,
    or it ends the game (a win, or the quiet-turn draw)."""
    return _Defence(state).holds(code)


def saving_moves(state: State, codes: Iterable[int] | None = None) -> list[int]:
    """Those of the side to move's moves (`codes`, else all its legal moves) that hold, in
    their order. One verdict per (from, to): the enemy's answers do not depend on the stones
    that made the move."""
    d = _Defence(state)
    codes = legal_codes(state) if codes is None else codes
    narrow = d.y_sources < SOURCE_COUNT - 1 and not d.near_draw and d.threatened()
    cover = d.cover() if narrow else None
    verdicts: dict[int, bool] = {}
    out = []
    for code in codes:
        key = code & 0x3FFF
        ok = verdicts.get(key)
        if ok is None:
            frm, to = key >> 7, key & 127
            # off the cover the attack goes on
            ok = (cover is None or frm == d.o or to in cover) and d.holds(code)
            verdicts[key] = ok
        if ok:
            out.append(code)
    return out


def defence(state: State) -> int | None:
    """A move of the side to move that holds (see `holds`), or None when every move lets the
    enemy win at once. Prefers cheap proofs: any quiet move when nothing threatens, else the
    Overlord's moves, captures of attackers and blocks."""
    return _Defence(state).find()


class _Defence:
    """The side to move's position read once for `holds` and `find`."""

    __slots__ = ("state", "x", "y", "cells", "control", "static", "barrier", "o", "runes",
                 "fates", "near_draw", "y_sources", "features", "enemies", "y_last")

    def __init__(self, state: State) -> None:
        self.state = state
        self.x = x = state.turn
        self.y = y = 1 - x
        self.cells = cells = state.board.tolist()
        self.control = control = state.control.tolist()
        self.static = static = state.static
        self.barrier = static.barrier
        self.features = static.features.tolist()
        self.o = overlord_square(cells, x)
        self.runes, self.fates = state.runes[y], state.fates[y]
        self.near_draw = state.quiet >= DRAW_TURNS - 1
        self.y_sources = source_count(static, control, y)
        self.y_last = last_source(static, control, y)
        self.enemies = figures(cells, y, self.fates)

    def threatened(self) -> bool:
        """Whether the enemy could win at once now."""
        return _wins(self.cells, self.control, self.static, self.y, self.runes, self.fates)

    def holds(self, code: int) -> bool:
        x, cells, control, static = self.x, self.cells, self.control, self.static
        frm, to = (code >> 7) & 127, code & 127
        reset = False
        moved = cells
        if to != NONE:
            moved = list(cells)
            victim = cells[to]
            if frm == NONE:
                moved[to] = 1 + x * 4 + ((code >> 14) & 3)
                reset = True
            else:
                moved[to], moved[frm] = cells[frm], 0
                if victim:
                    if (victim - 1) & 3 == OVERLORD:
                        return True  # the enemy Overlord is taken: the game is won
                    reset = True
            feature = self.features[to]
            if 0 <= feature < PIT and control[to] != x and frm != NONE:
                control = list(control)
                control[to] = x
                reset = True
                if source_count(static, control, x) == SOURCE_COUNT:
                    return True  # the ninth Source: won
        if self.near_draw and not reset:
            return True  # the hundredth quiet turn: a draw
        target = to if frm == self.o and frm != NONE else self.o
        enemies = self.enemies
        if to != NONE and cells[to]:
            enemies = [e for e in enemies if e[0] != to]  # the one just taken
        if _reaches(enemies, moved, self.barrier, self.runes, self.y, target):
            return False
        source = self.y_last if control is self.control else last_source(static, control,
                                                                          self.y)
        return source < 0 or not _reaches(enemies, moved, self.barrier, self.runes, self.y,
                                          source)

    def find(self) -> int | None:
        if self.state.result is not None:
            return None
        if not self.threatened():
            return self._quiet()
        if self.y_sources >= SOURCE_COUNT - 1 or self.near_draw:
            return next((c for c in legal_codes(self.state) if self.holds(c)), None)
        return next((c for c in self._candidates() if self.holds(c)), None)

    def _quiet(self) -> int | None:
        """Nothing threatens: the first move that cannot open a way to the Overlord (not the
        Overlord's, not a pinned figure's) holds, unless Y is a Source from winning (then
        every move is checked)."""
        o, near = self.o, self.y_sources >= SOURCE_COUNT - 1
        pins = pinned(self.cells, self.barrier, o, self.runes, self.fates)
        tried: set[int] = set()
        for code in legal_codes(self.state):
            frm = (code >> 7) & 127
            if not near and (frm == NONE or (frm != o and frm not in pins)):
                return code
            key = code & 0x3FFF
            if key not in tried:
                tried.add(key)
                if self.holds(code):
                    return code
        return None

    def cover(self) -> set[int]:
        """The squares where a move may stop a capture of the Overlord: the attackers' and
        the squares between a sliding attacker and the Overlord, and where a move ends the
        game (the enemy Overlord, the side's ninth Source)."""
        y, cells, o, barrier = self.y, self.cells, self.o, self.barrier
        cover: set[int] = set()
        lo_y = 1 + y * 4
        for sq, cell in enumerate(cells):
            kind = cell - lo_y
            if 0 <= kind < 4 and self.fates[kind] and gives_check(
                    cells, barrier, sq, sq, kind, y, self.runes, o):
                cover.add(sq)
                line = LINES[sq].get(o)
                if line is not None:
                    cover.update(line[1])
        enemy = overlord_square(cells, y)
        if enemy >= 0:
            cover.add(enemy)
        mine = last_source(self.static, self.control, self.x)
        if mine >= 0:
            cover.add(mine)
        return cover

    def _candidates(self) -> Iterable[int]:
        """The moves that may stop a capture of the Overlord: its own moves, then moves onto
        an attacker or the squares between it and the Overlord, and moves that end the game
        (onto the enemy Overlord or the side's ninth Source)."""
        x, cells, o, barrier = self.x, self.cells, self.o, self.barrier
        state = self.state
        runes, fates = state.runes[x], state.fates[x]
        cover = self.cover()
        hands = [[r for r in (1, 2, 3, 4, 5, 7) if runes >> (r - 1) & 1 and FORBIDDEN.get(r) != k]
                 if fates[k] else () for k in range(4)]
        lo = 1 + x * 4
        targets: list[int] = []
        if o >= 0 and fates[OVERLORD]:  # the Overlord's own moves first
            for rune in hands[OVERLORD]:
                base = rune << 16 | OVERLORD << 14 | o << 7
                if rune == 5:
                    yield from (base | n for n in self.static.free if cells[n] == 0)
                    continue
                targets.clear()
                add_moves(targets, base, cells, barrier, o, rune, OVERLORD, x)
                yield from targets
        empties = [n for n in cover if cells[n] == 0 and not barrier[n]]
        for sq, cell in enumerate(cells):
            kind = cell - lo
            if not 0 < kind < 4:
                continue
            for rune in hands[kind]:
                base = rune << 16 | kind << 14 | sq << 7
                if rune == 5:
                    yield from (base | n for n in empties)
                    continue
                targets.clear()
                add_moves(targets, base, cells, barrier, sq, rune, kind, x)
                yield from (c for c in targets if c & 127 in cover)
        if runes & 32:
            reserve = state.reserve[x]
            for kind in (1, 2, 3):
                if fates[kind] and reserve[kind]:
                    base = 6 << 16 | kind << 14 | NONE << 7
                    for src in self.static.sources[SOURCE_OF[kind]]:
                        if src in cover and cells[src] == 0 and self.control[src] == x:
                            yield base | src


# --- judging moves --------------------------------------------------------------------------


def danger(state: State, move: int) -> Danger | None:
    """Whether the side to move's legal `move` loses by force two moves deep (see module);
    None when it is safe that far."""
    return judge(state, [move])[move]


def judge(state: State, moves: Iterable[int]) -> dict[int, Danger | None]:
    """`danger` for each of these legal moves, the moves of one (from, to) sharing the work
    (the moves of a figure, or all the moves of a position)."""
    groups: dict[int, list[int]] = {}
    for move in moves:
        groups.setdefault(int(move) & 0x3FFF, []).append(move)
    out: dict[int, Danger | None] = {}
    for group in groups.values():
        out.update(_judge_group(state, group))
    return out


def _source_steps(static: Board, control: list[int], side: int) -> frozenset[int] | None:
    """The Sources a move of `side` must reach to come within one Source of winning: none
    while it controls six or fewer, those it lacks at seven; None at eight or more (then
    every move is looked at)."""
    count = source_count(static, control, side)
    if count < SOURCE_COUNT - 2:
        return frozenset()
    if count > SOURCE_COUNT - 2:
        return None
    return frozenset(sq for sq in static.source_squares.tolist() if control[sq] != side)


def _with_stones(state: State, side: int, runes: int, fates: tuple[int, ...]) -> State:
    """The position with `side`'s unplayed stones replaced."""
    all_runes = (runes, state.runes[1]) if side == 0 else (state.runes[0], runes)
    all_fates = (fates, state.fates[1]) if side == 0 else (state.fates[0], fates)
    return State(state.static, state.board, state.control, all_runes, all_fates, state.reserve,
                 state.turn, state.quiet, state.ply, state.result)


def _judge_group(state: State, group: list[int]) -> dict[int, Danger | None]:
    """The verdicts on moves that share their (from, to)."""
    x = state.turn
    afters = {move: apply_legal(state, int(move)) for move in group}
    after = afters[group[0]]
    if after.result is not None:  # X's move ends the game: won, or drawn
        return dict.fromkeys(group)
    wins = winning_moves(after)
    if wins:
        reply = Move(min(wins))
        return {move: Danger(False, reply) for move in group}
    y = 1 - x
    cells = after.board.tolist()
    control = after.control.tolist()
    static = after.static
    barrier = static.barrier
    o = overlord_square(cells, x)
    y_runes, y_fates = after.runes[y], after.fates[y]
    opening = openers(cells, barrier, o, y_runes, y_fates)
    sources = _source_steps(static, control, y)
    replies = sorted(legal_codes(after))
    critical: list[int] = []
    calm: list[int] = []
    for r in replies:
        rune, kind, frm, to = r >> 16, (r >> 14) & 3, (r >> 7) & 127, r & 127
        left = y_runes & ~(1 << (rune - 1))
        if (sources is None or not left or frm in opening or (to in sources and frm != NONE)
                or (to != NONE and y_fates[kind] > 1
                    and gives_check(cells, barrier, frm, to, kind, y, left, o))):
            critical.append(r)  # it may threaten: the Reckoning, a line opened, the figure
        else:
            calm.append(r)
    verdicts: dict[int, Danger | None] = {}
    seconds = {}  # reply -> the position after it (X's stones of the group's first move)
    for move in group:
        mine = afters[move]
        x_runes, x_fates = mine.runes[x], mine.fates[x]
        verdict = None
        legal: set[int] | None = None
        recent: list[int] = []  # defences that held against earlier replies: tried first
        for r in critical:
            after2 = seconds.get(r)
            if after2 is None:
                after2 = seconds[r] = apply_legal(after, r)
            if after2.result is not None:
                continue  # a draw: Y cannot have won (no winning move was found)
            after2 = _with_stones(after2, x, x_runes, x_fates)
            if recent and _reused(recent, r, after2):
                continue
            found = defence(after2)
            if found is None:
                verdict = Danger(True, Move(r))
                break
            if legal is None:
                legal = set(legal_codes(State(mine.static, mine.board, mine.control, mine.runes,
                                              mine.fates, mine.reserve, x, mine.quiet,
                                              mine.ply)))
            _remember(recent, found, legal)
        if verdict is None and calm:
            verdict = _calm_losses(mine, calm, seconds)
        verdicts[move] = verdict
    return verdicts


def _calm_losses(mine: State, calm: list[int], seconds: dict[int, State]) -> Danger | None:
    """The first calm reply (one that cannot threaten: see module) that still leaves X no
    move that holds: X's every move would open a way to its own Overlord."""
    x = mine.turn ^ 1
    view = State(mine.static, mine.board, mine.control, mine.runes, mine.fates, mine.reserve,
                 x, mine.quiet, mine.ply)
    cells = mine.board.tolist()
    o = overlord_square(cells, x)
    lines = ON_LINES[o]
    codes = legal_codes(view)
    quiet_moves = [c for c in codes if (c & 127) != NONE
                   and ((c >> 7) & 127 == NONE or ((c >> 7) & 127 != o
                                                   and (c >> 7) & 127 not in lines))]
    paths = {c: _path(c) for c in quiet_moves[:16]}
    legal = set(codes)  # X's moves before the reply: a defence reused from one reply to the
    recent: list[int] = []  # next must be one of them, and survive the reply (_survives)
    online = {c: _path(c) for c in legal if (c & 127) != NONE
              and (c >> 7) & 127 != NONE and (c >> 7) & 127 != o and (c >> 7) & 127 in lines}
    barrier = mine.static.barrier
    y = 1 - x
    y_runes, y_fates = mine.runes[y], mine.fates[y]
    for r in calm:
        rune, kind, rfrm, rto = r >> 16, (r >> 14) & 3, (r >> 7) & 127, r & 127
        if any(_survives(c, path, rfrm, rto) for c, path in paths.items()):
            continue
        if online:  # a figure on a line from the Overlord that nothing stands behind
            moved = list(cells)
            if rto != NONE:
                moved[rto] = moved[rfrm] if rfrm != NONE else 1 + y * 4 + kind
                if rfrm != NONE:
                    moved[rfrm] = 0
            fates = list(y_fates)
            fates[kind] -= 1
            pins = pinned(moved, barrier, o, y_runes & ~(1 << (rune - 1)), tuple(fates))
            if any((c >> 7) & 127 not in pins and _survives(c, path, rfrm, rto)
                   for c, path in online.items()):
                continue
        after2 = seconds.get(r)
        if after2 is None:
            after2 = seconds[r] = apply_legal(mine, r)
        if after2.result is not None:
            continue
        after2 = _with_stones(after2, x, mine.runes[x], mine.fates[x])
        if recent and _reused(recent, r, after2):
            continue
        found = defence(after2)
        if found is None:
            return Danger(True, Move(r))
        _remember(recent, found, legal)
    return None


RECENT = 4  # defences remembered from one reply to the next


def _reused(recent: list[int], reply: int, after: State) -> bool:
    """Whether a defence that held against an earlier reply is still legal after `reply`
    (it was legal before any reply: see `_remember`) and holds now."""
    rfrm, rto = (reply >> 7) & 127, reply & 127
    check = _Defence(after)
    return any(_survives(code, _path(code), rfrm, rto) and check.holds(code)
               for code in recent)


def _remember(recent: list[int], found: int, legal: set[int]) -> None:
    """Keep a defence for the next replies if it was a legal move before the reply (so that
    `_survives` decides whether it still is) and not a discard."""
    if found in legal and found & 127 != NONE and found not in recent:
        recent.insert(0, found)
        del recent[RECENT:]


def _path(code: int) -> tuple[int, ...]:
    """The squares a slide passes between its from- and to-square (none for other moves)."""
    rune, frm = code >> 16, (code >> 7) & 127
    if rune not in (2, 3) or frm == NONE:
        return ()
    return LINES[frm][code & 127][1]


def _survives(code: int, path: tuple[int, ...], rfrm: int, rto: int) -> bool:
    """Whether X's move `code` is still legal after Y's move from rfrm to rto (Y's moves
    change only those two squares)."""
    frm, to = (code >> 7) & 127, code & 127
    if rto in (frm, to) or rto in path:
        return False
    return not (to == rfrm and code >> 16 == 7)  # a pawn capture of the figure that left


def forced_win(state: State) -> Move | None:
    """A move of the side to move that wins at once, or after which no reply of the enemy
    holds (see module); None if there is none."""
    if state.result is not None:
        return None
    wins = winning_moves(state)
    if wins:
        return Move(min(wins))
    x, y = state.turn, 1 - state.turn
    cells = state.board.tolist()
    control = state.control.tolist()
    static = state.static
    barrier = static.barrier
    target = overlord_square(cells, y)
    lines = ON_LINES[target]
    x_runes, x_fates = state.runes[x], state.fates[x]
    opening = openers(cells, barrier, target, x_runes, x_fates)
    sources = _source_steps(static, control, x)
    view = State(static, state.board, state.control, state.runes, state.fates, state.reserve,
                 y, state.quiet, state.ply)
    y_quiet = [c for c in legal_codes(view) if (c & 127) != NONE
               and ((c >> 7) & 127 == NONE or ((c >> 7) & 127 != target
                                               and (c >> 7) & 127 not in lines))][:16]
    paths = {c: _path(c) for c in y_quiet}
    for m in sorted(legal_codes(state)):
        rune, kind, frm, to = m >> 16, (m >> 14) & 3, (m >> 7) & 127, m & 127
        left = x_runes & ~(1 << (rune - 1))
        threat = (sources is None or not left or frm in opening
                  or (to in sources and frm != NONE) or (
            to != NONE and x_fates[kind] > 1 and gives_check(cells, barrier, frm, to, kind, x,
                                                             left, target)))
        if not threat and any(_survives(c, path, frm, to) for c, path in paths.items()):
            continue  # Y keeps a quiet move that opens nothing: it holds
        after = apply_legal(state, m)
        if after.result is None and defence(after) is None:
            return Move(m)
    return None


__all__ = ["Danger", "danger", "judge", "forced_win", "defence", "holds", "saving_moves",
           "wins_at_once", "winning_moves", "reaches", "gives_check", "LINES", "ON_LINES",
           "KNIGHT", "NEIGHBOURS", "TACTICAL_DEPTH"]
