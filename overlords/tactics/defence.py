"""One side's defence, two plies deep: whether a move of the side to move holds (after it the
enemy cannot win at once), the moves that save an attacked Overlord, and a defence found
fast (`Defence`: the candidates first that can hold, the defence that held last time first).

A hot path of the tactics (`python3 bootstrap.py bench tactics` measures it).
"""

from __future__ import annotations

from collections.abc import Iterable

from overlords.movegen import add_moves, legal_codes
from overlords.moves import NONE
from overlords.state import (
    DRAW_TURNS,
    FORBIDDEN,
    OVERLORD,
    PIT,
    SOURCE_OF,
    State,
)
from overlords.tactics.lines import (
    LINES,
    SOURCE_COUNT,
    figures,
    gives_check,
    last_source,
    overlord_square,
    pinned,
    reaches_from,
    source_count,
    wins_on,
)


def holds(state: State, code: int) -> bool:
    """Whether the side to move's move `code` holds: after it the enemy cannot win at once,
    or it ends the game (a win, or the quiet-turn draw)."""
    return Defence(state).holds(code)


def saving_moves(state: State, codes: Iterable[int] | None = None) -> list[int]:
    """Those of the side to move's moves (`codes`, else all its legal moves) that hold, in
    their order. One verdict per (from, to): the enemy's answers do not depend on the stones
    that made the move."""
    d = Defence(state)
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
    return Defence(state).find()


class Defence:
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
        return wins_on(self.cells, self.control, self.static, self.y, self.runes, self.fates)

    def holds(self, code: int) -> bool:
        """Whether X's move `code` holds (see `holds`)."""
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
        if reaches_from(enemies, moved, self.barrier, self.runes, self.y, target):
            return False
        source = self.y_last if control is self.control else last_source(static, control,
                                                                          self.y)
        return source < 0 or not reaches_from(enemies, moved, self.barrier, self.runes, self.y,
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
