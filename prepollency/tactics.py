"""Wins this turn, wins of the seats that move next, a base about to fall and a Khan about to be
taken: the tactical check of the Prepollency CPU levels, the Hint, the board's marks, the
analysis and the puzzles. Plain Python (no pygame), on the engine's own tables, exact where
said and fast enough to run on every CPU turn (`bench/tactics.py` measures it).

Words, for the seat to move M (the *mover*) and any other seat S still in the game:

- S *wins at once* on a board when it has a turn that ends the game in its favour, judged as
  if it were S's turn on that board (RULES.md, Prepollency): a hold count of 3 (or more) and
  all five Obelisk squares its own at the end of the turn (the count reaches 4), or every other
  seat still in eliminated at the end of the turn (all four squares of each of their bases
  occupied by pieces not their own, any mixture, S's turn alone or together with earlier
  damage). `wins_at_once` gives such a turn, `threats` one per seat.
- A *stopping turn* of M is one after which no seat that moves before M's next turn wins at
  once. `stopping_turns` lists them when there is something to stop.
- A turn of M *hands over a win* (`danger` level `HANDS_WIN`) when after it such a seat wins
  at once; it lets M's *base fall* (`BASE_FALLS`, 3 or 4 players with three or more seats
  in) when after it such a seat can complete M's base (M is eliminated, the game goes on);
  it *loses the Khan* (`KHAN_LOST`) when after it such a seat can take M's Khan.

What is exact and what is bounded:
- Exact: M's own wins (`winning_turns`, `wins_at_once`), and, for every seat S, whether S wins
  at once, can complete a given base or can take a given piece on the board as it stands.
  Everything is decided on the board the turn leaves, with the engine's end-of-turn steps
  (Khan award, hold counts, eliminations and the pieces leaving) reproduced, or, in the rare
  turns that award a Khan or eliminate a seat, run through `rules.apply` itself.
- Exact for the next seat, bounded for the ones after it: with 3 or 4 players, the seats that
  move after the next one but before M's next turn are judged on the board as M's turn leaves
  it, as if the seats between them changed nothing. A seat between can break a hold or
  defend a base (M's verdict is then too cautious), or open a way for a later seat (a win M
  cannot see from here; no one can know what the seat between will play).
- A turn that ends the game (M wins, or the quiet turns make a draw) hands nothing over.
- `cannot_win`: a seat with fewer than four pieces, while a rival still has four, can no
  longer win (the CPU resigns, the person is told). Exact with two seats in; with more, such
  a seat could still win only if two rivals fell in one turn, each base filled with the
  other's pieces, which is counted as no chance.

How it is fast (each shortcut is exact; `tests/test_prepollency_tactics.py` checks verdicts
against plain enumeration over `rules.legal_moves` in `tests/helpers/prepollency_brute.py`):
- a seat can win at once only with a hold count of 3 or with at most two squares missing in
  all the other seats' bases together (a turn fills at most two squares); a base falls only
  with at most two squares missing, and M's turn can lower no seat's count of missing squares
  by more than two: most positions need no per-turn work at all (`Watch`);
- whether S can fill one or two given squares without emptying squares it must keep is
  decided by walking the eight lines out from each square (the pieces that reach it, and the
  ones a first move would uncover: `fill_turn`), not by generating S's turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from prepollency import rules
from prepollency.movegen import PATHS, RAYS, gen_moves, moves_after
from prepollency.moves import KHAN, MOVES, Move, Turn
from prepollency.state import BASES, OBELISK, State

HOLD_TO_WIN = rules.HOLD_TO_WIN
SAFE, KHAN_LOST, BASE_FALLS, HANDS_WIN = 0, 1, 2, 3  # danger levels of a turn, worst last
DANGER_KINDS = ("", "khan_lost", "base_falls", "hands_win")
SEAT_NAMES = ("", "Red", "Blue", "Green", "Yellow")  # the default names (common.games)
LINES_FROM = RAYS[KHAN]  # LINES_FROM[sq]: the eight lines out from a square, nearest first
ON_OBELISK = frozenset(OBELISK)
FILL_PIECES = 4  # pieces a seat needs to fill a base alone (the Obelisk needs five)


@dataclass(frozen=True, slots=True)
class Threat:
    """A seat that could win at once on its turn: how ("obelisk" or "elimination"), with which
    turn, and the squares that matter (the Obelisk, or the base squares it still needs)."""

    seat: int
    kind: str
    turn: Turn
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Danger:
    """What a turn allows: `level` (KHAN_LOST, BASE_FALLS, HANDS_WIN), the seat that does it
    first in turn order, and the threat it would carry out."""

    level: int
    seat: int
    threat: Threat

    @property
    def kind(self) -> str:
        return DANGER_KINDS[self.level]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on one turn: kind "missed_win", "hands_win", "base_falls" or "khan_lost",
    the seat concerned (the mover for a missed win, else the seat that profits), and words."""

    kind: str
    seat: int
    text: str


# --- reaching squares: the lines into a square ----------------------------------------------

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


def _moved(owners: list[int], kinds: list[int], frm: int, to: int) -> tuple[int, int]:
    """Make frm-to on the lists; returns what stood on `to` (for `_unmoved`)."""
    old = owners[to], kinds[to]
    owners[to], kinds[to], owners[frm], kinds[frm] = owners[frm], kinds[frm], 0, 0
    return old


def _unmoved(owners: list[int], kinds: list[int], frm: int, to: int, old: tuple[int, int]
             ) -> None:
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
                old = _moved(owners, kinds, p, a)
                second = [q for q in movers_to(owners, kinds, seat, b, skip=a) if q not in keep]
                _unmoved(owners, kinds, p, a, old)
                if second:
                    return Turn((MOVES[p][a], MOVES[second[0]][b]))
        return None
    n = need[0]
    origins = movers_to(owners, kinds, seat, n)
    for p in origins:
        if p not in keep:
            return Turn((MOVES[p][n],))
    for p in origins:  # from a square it must keep: another piece refills it
        old = _moved(owners, kinds, p, n)
        refill = [q for q in movers_to(owners, kinds, seat, p, skip=n) if q not in keep]
        _unmoved(owners, kinds, p, n, old)
        if refill:
            return Turn((MOVES[p][n], MOVES[refill[0]][p]))
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
                        return Turn((m, MOVES[sq][n]))
            break
    return None


# --- what a seat needs to win, and wins at once ----------------------------------------------

def _elimination_need(owners: Sequence[int], alive: Iterable[int], seat: int,
                      limit: int = 2) -> tuple[list[int], list[int]] | None:
    """The base squares `seat` must still fill to eliminate every other seat in, and its own
    pieces on those bases (which must stay); None when more than `limit` are missing."""
    need: list[int] = []
    keep: list[int] = []
    for x in alive:
        if x == seat:
            continue
        for b in BASES[x]:
            o = owners[b]
            if not o or o == x:
                need.append(b)
            elif o == seat:
                keep.append(b)
        if len(need) > limit:
            return None
    return need, keep


def base_need(owners: Sequence[int], base_of: int, seat: int) -> tuple[list[int], list[int]]:
    """The squares of `base_of`'s base `seat` must fill to complete it, and its pieces there."""
    need = [b for b in BASES[base_of] if not owners[b] or owners[b] == base_of]
    return need, [b for b in BASES[base_of] if owners[b] == seat]


def _win(owners: list[int], kinds: list[int], alive: Sequence[int], holds: Sequence[int],
         seat: int) -> Threat | None:
    """How `seat` wins at once on these lists if it were its turn (None if it cannot)."""
    if len(alive) < 2 or seat not in alive:
        return None
    if holds[seat] >= HOLD_TO_WIN - 1:
        need = [s for s in OBELISK if owners[s] != seat]
        if len(need) <= 2:
            turn = fill_turn(owners, kinds, seat, need, [s for s in OBELISK if owners[s] == seat])
            if turn is not None:
                return Threat(seat, "obelisk", turn, OBELISK)
    found = _elimination_need(owners, alive, seat)
    if found is not None:
        turn = fill_turn(owners, kinds, seat, *found)
        if turn is not None:
            return Threat(seat, "elimination", turn, tuple(found[0]))
    return None


def wins_at_once(state: State, seat: int) -> Turn | None:
    """A turn with which `seat` would win at once if it were its turn on this board (the board
    unchanged; in the middle of the mover's own turn, a way to finish it that wins)."""
    if state.result is not None:
        return None
    if seat == state.turn and state.moved != -1:
        for turn in rules.legal_moves(state):
            if _is_win(rules.apply(state, turn), seat):
                return turn
        return None
    threat = _win(list(state.owners), list(state.kinds), state.alive, state.holds, seat)
    return None if threat is None else threat.turn


def _is_win(after: State, seat: int) -> bool:
    return after.result is not None and after.result.winner == seat


def winning_turns(state: State) -> list[Turn]:
    """Every legal turn of the mover that ends the game at once in its favour (the order of
    `rules.legal_moves`); in the middle of a turn, the ways to finish it that win."""
    if state.result is not None:
        return []
    me = state.turn
    if state.moved != -1 or wins_at_once(state, me) is None:
        return [] if state.moved == -1 else [
            t for t in rules.legal_moves(state) if _is_win(rules.apply(state, t), me)]
    owners, kinds = list(state.owners), list(state.kinds)
    hold = state.holds[me] >= HOLD_TO_WIN - 1
    found = _elimination_need(owners, state.alive, me)
    out = []
    for turn in rules.legal_moves(state):
        olds = [_moved(owners, kinds, f, t) for f, t in turn]
        if hold and all(owners[s] == me for s in OBELISK):
            win = True
        elif found is not None:
            win = all(all(owners[b] and owners[b] != x for b in BASES[x])
                      for x in state.alive if x != me)
        else:
            win = False
        for (f, t), old in zip(reversed(turn), reversed(olds), strict=True):
            _unmoved(owners, kinds, f, t, old)
        if win:
            out.append(turn)
    return out


def threats(state: State) -> dict[int, Threat]:
    """The seats still in (not the mover) that could win at once on their next turn if nothing
    changed, each with one winning turn and the squares that matter."""
    if state.result is not None:
        return {}
    owners, kinds = list(state.owners), list(state.kinds)
    out = {}
    for seat in order_after(state.alive, state.turn):
        threat = _win(owners, kinds, state.alive, state.holds, seat)
        if threat is not None:
            out[seat] = threat
    return out


def cannot_win(state: State, seat: int) -> bool:
    """True when `seat`, still in, can no longer win: it has fewer than FILL_PIECES pieces, so
    it can neither stand on the five Obelisk squares (nor ever get a Khan) nor fill a base
    alone, while some rival still has FILL_PIECES or more (see the module docstring). When
    every seat still in is that weak, none is told so: the game is heading for a draw, which
    is theirs too."""
    pieces = state.pieces
    return seat in state.alive and len(pieces[seat]) < FILL_PIECES and any(
        len(pieces[other]) >= FILL_PIECES for other in state.alive if other != seat)


def order_after(alive: Sequence[int], me: int) -> list[int]:
    """The other seats still in, in the order they move after `me`."""
    i = alive.index(me) if me in alive else -1
    return [*alive[i + 1:], *alive[:max(i, 0)]] if i >= 0 else list(alive)


# --- what a turn of the mover allows --------------------------------------------------------

def base_falls(owners: list[int], kinds: list[int], alive: Sequence[int], me: int
               ) -> Threat | None:
    """A seat (after `me`, in turn order) that can complete `me`'s base on its turn while
    three or more seats are in (with two, that is a win: `threats`); None if none can."""
    if len(alive) < 3:
        return None
    for seat in order_after(alive, me):
        need, keep = base_need(owners, me, seat)
        turn = fill_turn(owners, kinds, seat, need, keep) if len(need) <= 2 else None
        if turn is not None:
            return Threat(seat, "base", turn, tuple(need))
    return None


def khan_taken(owners: list[int], kinds: list[int], alive: Sequence[int], me: int
               ) -> Threat | None:
    """A seat (after `me`, in turn order) that could take `me`'s Khan on its turn."""
    khans = [s for s in range(len(owners)) if owners[s] == me and kinds[s] == KHAN]
    if not khans:
        return None
    for seat in order_after(alive, me):
        for k in khans:
            turn = fill_turn(owners, kinds, seat, (k,))
            if turn is not None:
                return Threat(seat, "khan", turn, (k,))
    return None


class Watch:
    """What the mover's turns in one position can allow, found once: the seats that could
    win at once after some turn (hold count 3, or at most four squares missing before the
    turn), whether the mover's base can fall, and whether it has a Khan to lose."""

    def __init__(self, state: State) -> None:
        self.state = state
        me, owners, alive = state.turn, state.owners, state.alive
        self.me = me
        self.others = order_after(alive, me)
        self.hold = [s for s in self.others if state.holds[s] >= HOLD_TO_WIN - 1]
        self.elim = [s for s in self.others if _elimination_need(owners, alive, s, 4) is not None]
        self.base = len(alive) >= 3 and len(base_need(owners, me, 0)[0]) <= 2
        mine = state.pieces[me]
        self.khan = any(state.kinds[s] == KHAN for s in mine) or (
            sum(1 for s in OBELISK if owners[s] == me) >= 3)
        self.idle = not (self.hold or self.elim or self.base or self.khan)

    def danger(self, turn: Turn) -> Danger | None:
        """The worst this turn of the mover allows (None: nothing)."""
        if self.idle:
            return None
        state, me = self.state, self.me
        owners, kinds = list(state.owners), list(state.kinds)
        for f, t in turn:
            _moved(owners, kinds, f, t)
        alive, holds = state.alive, state.holds
        if self._special(owners, turn):
            after = rules.apply(state, turn)
            if after.result is not None:
                return None
            owners, kinds, alive, holds = list(after.owners), list(after.kinds), after.alive, \
                after.holds
        elif any(holds):  # the hold counts as the turn's end sets them
            o = owners[OBELISK[0]]
            holder = o if o and all(owners[q] == o for q in OBELISK) else 0
            if holder == me and holds[me] + 1 >= HOLD_TO_WIN:
                return None
            after_holds = [0, 0, 0, 0, 0]
            if holder:
                after_holds[holder] = holds[holder] + (holder == me)
            holds = tuple(after_holds)
        others = [s for s in self.others if s in alive]
        for seat in others:
            if seat in self.hold or seat in self.elim:
                threat = _win(owners, kinds, alive, holds, seat)
                if threat is not None:
                    return Danger(HANDS_WIN, seat, threat)
        if self.base:
            threat = base_falls(owners, kinds, alive, me)
            if threat is not None:
                return Danger(BASE_FALLS, threat.seat, threat)
        if self.khan:
            threat = khan_taken(owners, kinds, alive, me)
            if threat is not None:
                return Danger(KHAN_LOST, threat.seat, threat)
        return None

    def level(self, turn: Turn) -> int:
        """The danger level of a turn (SAFE when it allows nothing)."""
        d = self.danger(turn)
        return SAFE if d is None else d.level

    def _special(self, owners: list[int], turn: Turn) -> bool:
        """Whether the turn ends in a way the fast path does not copy: a Khan award, an
        elimination, or the draw (then `rules.apply` decides)."""
        state, me = self.state, self.me
        if not any(state.kinds[s] == KHAN for s in state.pieces[me]) and all(
                owners[q] == me for q in OBELISK):
            return True
        for _, t in turn:
            for x in state.alive:
                if x != me and t in BASES[x] and all(
                        owners[b] and owners[b] != x for b in BASES[x]):
                    return True
        quiet_limit = rules.DRAW_ROUNDS * len(state.alive) - 1
        return state.quiet >= quiet_limit


def second_moves(state: State, first: Move) -> list[Move]:
    """The second moves of the mover after `first` at the start of its turn (the engine's)."""
    me = state.turn
    return moves_after(list(state.owners), list(state.kinds), me, state.pieces[me], first)


def danger(state: State, turn: Turn) -> Danger | None:
    """The worst one turn of the mover allows (HANDS_WIN, BASE_FALLS, KHAN_LOST), or None."""
    return Watch(state).danger(Turn(turn))


def dangers(state: State, turns: Iterable[Turn] | None = None) -> dict[Turn, Danger | None]:
    """`danger` for many turns of one position (default: every legal turn)."""
    watch = Watch(state)
    turns = rules.legal_moves(state) if turns is None else turns
    return {Turn(t): watch.danger(Turn(t)) for t in turns}


def stopping_turns(state: State, turns: Iterable[Turn] | None = None) -> list[Turn] | None:
    """None when no seat that moves before the mover's next turn threatens to win now
    (nothing to stop); else the turns (of `turns`, default every legal one) after which none
    of them wins at once (maybe [])."""
    if state.result is not None or not threats(state):
        return None
    watch = Watch(state)
    turns = rules.legal_moves(state) if turns is None else turns
    out = []
    for turn in turns:
        d = watch.danger(Turn(turn))
        if d is None or d.level < HANDS_WIN:
            out.append(Turn(turn))
    return out


def floor(state: State, first: Iterable[Turn] = ()) -> int:
    """The least danger level any legal turn of the mover allows (SAFE if one allows nothing);
    the turns in `first` are tried first (a good guess makes it quick)."""
    watch = Watch(state)
    if watch.idle:
        return SAFE
    best = HANDS_WIN + 1
    for turn in (*first, Turn(), *rules.legal_moves(state)):
        d = watch.danger(Turn(turn))
        level = SAFE if d is None else d.level
        if level < best:
            best = level
            if best == SAFE:
                break
    return best


def judge(state: State, turn: Turn) -> Verdict | None:
    """The exact verdict on one turn of the mover (see the module for what is bounded with
    3 or 4 players): "missed_win" when a winning turn existed and this is not one; else
    "hands_win", "base_falls" or "khan_lost" when the turn allows that and some other turn
    allowed less; None when none applies."""
    if state.result is not None:
        return None
    me = state.turn
    turn = Turn(turn)
    after = rules.apply(state, turn)
    if state.moved == -1:
        mine = _win(list(state.owners), list(state.kinds), state.alive, state.holds, me)
        win, kind = (None, "") if mine is None else (mine.turn, mine.kind)
    else:
        win, kind = wins_at_once(state, me), ""
    if win is not None:
        if _is_win(after, me):
            return None
        how = {"obelisk": " would complete the Obelisk hold",
               "elimination": " would eliminate the last rival"}.get(kind, " would win")
        return Verdict("missed_win", me, f"missed a win: {_show(win)}{how}")
    d = danger(state, turn)
    if d is None or floor(state) >= d.level:
        return None
    return Verdict(d.kind, d.seat, _words(d))


def _show(turn: Turn) -> str:
    return "holding the line" if not turn else " then ".join(str(m) for m in turn)


def _words(d: Danger) -> str:
    """What a turn lets the seat do, in the words of the analysis: "let Red ..."."""
    name = SEAT_NAMES[d.seat]
    if d.level == HANDS_WIN:
        if d.threat.kind == "obelisk":
            return f"let {name} complete the Obelisk hold"
        return f"let {name} take the last base squares and win"
    if d.level == BASE_FALLS:
        return f"let {name} take your base"
    return f"let {name} take your Khan"
