"""Reaching squares, the Prepollency tactics' one shortcut: which pieces of a seat can move onto
a square now (the first piece on each line out from it), and whether a seat has a turn that
fills one or two given squares (`fill_turn`), decided by walking the eight lines out from each
square rather than by generating the seat's turns.

A hot path of the tactics (`python3 bootstrap.py bench tactics --game prepollency` measures
it): plain lists, changed while it looks and restored (`make_move`, `unmake_move`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from prepollency.movegen import PATHS, RAYS, gen_moves
from prepollency.moves import KHAN, Move, Turn, line_move

LINES_FROM = RAYS[KHAN]  # LINES_FROM[sq]: the eight lines out from a square, nearest first


def movers_to(owners: Sequence[int], kinds: Sequence[int], seat: int, target: int,
              skip: int = -1) -> list[int]:
    """The squares of `seat`'s pieces (except the one on `skip`) that can move onto `target`
    now: the first piece on each line out from it, if its kind moves that far that way. The
    caller makes sure `target` holds no piece of `seat`."""
    out = []
    for line in LINES_FROM[target]:
        for sq in line:
            if owners[sq]:
                if owners[sq] == seat and sq != skip and target in PATHS[kinds[sq]][sq]:
                    out.append(sq)
                break
    return out


def make_move(owners: list[int], kinds: list[int], frm: int, to: int) -> tuple[int, int]:
    """Make frm-to on the lists; returns what stood on `to` (for `unmake_move`)."""
    old = owners[to], kinds[to]
    owners[to], kinds[to], owners[frm], kinds[frm] = owners[frm], kinds[frm], 0, 0
    return old


def unmake_move(owners: list[int], kinds: list[int], frm: int, to: int, old: tuple[int, int]
                ) -> None:
    """Take back frm-to made by `make_move` (`old`: what it returned)."""
    owners[frm], kinds[frm] = owners[to], kinds[to]
    owners[to], kinds[to] = old


def fill_turn(owners: list[int], kinds: list[int], seat: int, need: Sequence[int],
              keep: Iterable[int] = ()) -> Turn | None:
    """A turn of `seat` (at the start of its turn, on these lists: changed while it looks and
    restored) after which its pieces stand on every square of `need` (none of them its own)
    and no square of `keep` (its own pieces that must stay) is left empty; None if it has
    none. Exact: a turn fills at most two squares, so

    - one square n: a piece that reaches n from outside `keep`; or one from `keep` whose
      square another piece then refills; or a first move that uncovers a line onto n (the
      first piece on the line steps off it, from outside `keep`, and the one behind moves in);
    - two squares a, b: a piece from outside `keep` onto one, then another onto the other on
      the board the first move left (both orders).
    """
    keep = frozenset(keep)
    if not need:
        return Turn()
    if len(need) > 2:
        return None
    if len(need) == 2:
        for a, b in ((need[0], need[1]), (need[1], need[0])):
            for p in movers_to(owners, kinds, seat, a):
                if p in keep:
                    continue
                old = make_move(owners, kinds, p, a)
                second = [q for q in movers_to(owners, kinds, seat, b, skip=a) if q not in keep]
                unmake_move(owners, kinds, p, a, old)
                if second:
                    return Turn((line_move(p, a), line_move(second[0], b)))
        return None
    n = need[0]
    origins = movers_to(owners, kinds, seat, n)
    for p in origins:
        if p not in keep:
            return Turn((line_move(p, n),))
    for p in origins:  # from a square it must keep: another piece refills it
        old = make_move(owners, kinds, p, n)
        refill = [q for q in movers_to(owners, kinds, seat, p, skip=n) if q not in keep]
        unmake_move(owners, kinds, p, n, old)
        if refill:
            return Turn((line_move(p, n), line_move(refill[0], p)))
    return _uncovering(owners, kinds, seat, n, keep)


def _uncovering(owners: list[int], kinds: list[int], seat: int, n: int, keep: frozenset[int]
                ) -> Turn | None:
    """A first move that steps off a line onto n, and the piece behind it moving onto n."""
    for line in LINES_FROM[n]:
        screen = -1
        for i, sq in enumerate(line):
            if not owners[sq]:
                continue
            if screen < 0:
                if owners[sq] != seat or sq in keep:
                    break
                screen = i
                continue
            if owners[sq] == seat and sq not in keep and n in PATHS[kinds[sq]][sq]:
                segment = line[:i]
                out: list[Move] = []
                gen_moves(owners, kinds, seat, (line[screen],), -1, out)
                for m in out:
                    if m.to not in segment:
                        return Turn((m, line_move(sq, n)))
            break
    return None
