"""Judging moves two plies deep: `danger` (why a move loses by force: a `Danger`), `judge`
(the verdicts on many moves, the work shared between the moves of one (from, to)) and
`forced_win` (a move after which no reply holds).

A hot path of the tactics (`python3 bootstrap.py bench tactics` measures it): the move
encoding of `overlords.moves` is inlined here on purpose.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from overlords.apply import apply_legal
from overlords.movegen import legal_codes
from overlords.moves import NONE, Move
from overlords.state import (
    State,
)
from overlords.tactics.defence import Defence, defence
from overlords.tactics.lines import (
    ON_LINES,
    gives_check,
    openers,
    overlord_square,
    pinned,
    slide_path,
    source_steps,
    survives,
    winning_moves,
    with_stones,
)

TACTICAL_DEPTH = 2  # moves of the side to move looked at: its move, and its defence after a reply


@dataclass(frozen=True, slots=True)
class Danger:
    """Why a move loses by force: `reply`, the opponent's answer, captures the Overlord (or
    takes the ninth Source) at once (forced False), or leaves no defence (forced True)."""

    forced: bool  # False: `reply` wins at once; True: after `reply` no move saves the game
    reply: Move  # the opponent's move that does it


def danger(state: State, move: int) -> Danger | None:
    """Whether the side to move's legal `move` loses by force two moves deep (see module);
    None when it is safe that far."""
    return judge(state, [move])[move]


_Code = TypeVar("_Code", bound=int)  # a move as its code, or as a `Move`: kept as given


def judge(state: State, moves: Iterable[_Code]) -> dict[_Code, Danger | None]:
    """`danger` for each of these legal moves, the moves of one (from, to) sharing the work
    (the moves of a figure, or all the moves of a position)."""
    groups: dict[int, list[_Code]] = {}
    for move in moves:
        groups.setdefault(int(move) & 0x3FFF, []).append(move)
    out: dict[_Code, Danger | None] = {}
    for group in groups.values():
        out.update(_judge_group(state, group))
    return out


def _judge_group(state: State, group: list[_Code]) -> dict[_Code, Danger | None]:
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
    sources = source_steps(static, control, y)
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
    verdicts: dict[_Code, Danger | None] = {}
    # reply -> the position after it (X's stones of the group's first move)
    seconds: dict[int, State] = {}
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
            after2 = with_stones(after2, x, x_runes, x_fates)
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
    paths = {c: slide_path(c) for c in quiet_moves[:16]}
    legal = set(codes)  # X's moves before the reply: a defence reused from one reply to the
    recent: list[int] = []  # next must be one of them, and survive the reply (survives)
    online = {c: slide_path(c) for c in legal if (c & 127) != NONE
              and (c >> 7) & 127 != NONE and (c >> 7) & 127 != o and (c >> 7) & 127 in lines}
    barrier = mine.static.barrier
    y = 1 - x
    y_runes, y_fates = mine.runes[y], mine.fates[y]
    for r in calm:
        rune, kind, rfrm, rto = r >> 16, (r >> 14) & 3, (r >> 7) & 127, r & 127
        if any(survives(c, path, rfrm, rto) for c, path in paths.items()):
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
            if any((c >> 7) & 127 not in pins and survives(c, path, rfrm, rto)
                   for c, path in online.items()):
                continue
        after2 = seconds.get(r)
        if after2 is None:
            after2 = seconds[r] = apply_legal(mine, r)
        if after2.result is not None:
            continue
        after2 = with_stones(after2, x, mine.runes[x], mine.fates[x])
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
    check = Defence(after)
    return any(survives(code, slide_path(code), rfrm, rto) and check.holds(code)
               for code in recent)


def _remember(recent: list[int], found: int, legal: set[int]) -> None:
    """Keep a defence for the next replies if it was a legal move before the reply (so that
    `survives` decides whether it still is) and not a discard."""
    if found in legal and found & 127 != NONE and found not in recent:
        recent.insert(0, found)
        del recent[RECENT:]


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
    sources = source_steps(static, control, x)
    view = State(static, state.board, state.control, state.runes, state.fates, state.reserve,
                 y, state.quiet, state.ply)
    y_quiet = [c for c in legal_codes(view) if (c & 127) != NONE
               and ((c >> 7) & 127 == NONE or ((c >> 7) & 127 != target
                                               and (c >> 7) & 127 not in lines))][:16]
    paths = {c: slide_path(c) for c in y_quiet}
    for m in sorted(legal_codes(state)):
        rune, kind, frm, to = m >> 16, (m >> 14) & 3, (m >> 7) & 127, m & 127
        left = x_runes & ~(1 << (rune - 1))
        threat = (sources is None or not left or frm in opening
                  or (to in sources and frm != NONE) or (
            to != NONE and x_fates[kind] > 1 and gives_check(cells, barrier, frm, to, kind, x,
                                                             left, target)))
        if not threat and any(survives(c, path, frm, to) for c, path in paths.items()):
            continue  # Y keeps a quiet move that opens nothing: it holds
        after = apply_legal(state, m)
        if after.result is None and defence(after) is None:
            return Move(m)
    return None
