"""Why a Prepollency turn is good or bad, from the engine (the API of `common.why`; its twin is
`overlords/why.py`; why a move is *refused* is `prepollency/reasons.py`).

`explain_move(state, turn)` gives a `common.why.Reason` for a whole turn of the seat to move M
(at the start of its turn), with these facts, each computed from the engine and carrying the
value it says:

- "wins": the turn ends the game for M (value: "obelisk" or "elimination");
- "hands_win", "base_falls", "khan_lost": what the turn lets a seat that moves before M's next
  turn do (`tactics.danger`; value: that seat);
- "captures": the pieces taken (value: how many);
- "stops": a seat threatened to win at once before the turn and no seat does after it
  (`tactics.threats`, `tactics.danger`; value: the seats that threatened);
- "breaks": a seat with a hold count stands on all five Obelisk squares no more (value: seat);
- "khan": the turn's end awards M a Khan (value: its square);
- "hold": M's hold count after the turn (value: the count, of `HOLD_TO_WIN`), or "obelisk":
  M stands on more Obelisk squares than before (value: how many, of 5), or "reach": more
  Obelisk squares are one move away for M's pieces than before (`obelisk_reach`; value: how
  many);
- "base": M's pieces stand on more squares of a rival's base than before (value: (seat,
  squares of 4)); "clears": fewer of M's own base squares are held by rivals (value: how many
  still are);
- "hangs": M's pieces that the next seat could take with one move after the turn and could
  not before (value: how many);
- "safe": nothing above is bad or a win (value: None); "holds_line": the turn moves nothing.

`compare(state, played, better)` is the analysis' sentence (`common.why.contrast`).
"""

from __future__ import annotations

from common.why import BAD, GOOD, NEUTRAL, WIN, Fact, Reason, contrast, ending, ordered, plural
from prepollency import rules, tactics
from prepollency.facts import SEAT_NAMES
from prepollency.moves import KHAN, PIECE_NAMES, Turn
from prepollency.state import BASES, OBELISK, State
from prepollency.tactics.reach import movers_to
from prepollency.tactics.wins import HOLD_TO_WIN, order_after

__all__ = ["Reason", "compare", "explain_move", "obelisk_reach", "open_pieces", "turn_text"]

_ALLOWS = {
    "hands_win": ("lets {seat} complete the Obelisk hold", "lets {seat} take the last base "
                  "squares and win"),
    "base_falls": ("lets {seat} take your base", "lets {seat} take your base"),
    "khan_lost": ("lets {seat} take your Khan", "lets {seat} take your Khan"),
}


def turn_text(turn: Turn) -> str:
    """The turn as the log writes it ("e1-f2 e2-e1"), or "holding the line"."""
    return " ".join(str(m) for m in turn) or "holding the line"


def explain_move(state: State, turn: Turn) -> Reason:
    """Why this legal turn of the seat to move is good or bad (see the module)."""
    turn = Turn(turn)
    after = rules.apply(state, turn)
    facts = _ending(state, after)
    if after.result is None:
        facts += _dangers(state, turn)
        facts += _captures(state, turn)
        facts += _obelisk(state, after)
        facts += _bases(state, after)
        facts += _hanging(state, turn, after)
        if not turn:
            facts.append(Fact("holds_line", None, NEUTRAL, "moves no piece"))
        if not any(f.sign in (WIN, BAD) for f in facts):
            facts.append(Fact("safe", None, GOOD,
                              "leaves no rival a win or your base"))
    return Reason(turn_text(turn), ordered(facts))


def compare(state: State, played: Turn, better: Turn) -> str:
    """The played turn against a better one, in one or two sentences (`common.why.contrast`)."""
    return contrast(explain_move(state, played), explain_move(state, better))


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


_WINS = {"obelisk": "completes the Obelisk hold and wins",
         "elimination": "eliminates the last rival and wins"}


def _ending(state: State, after: State) -> list[Fact]:
    return ending(state.turn, after.result, _WINS, "ends the game in a draw")


def _dangers(state: State, turn: Turn) -> list[Fact]:
    """What the turn lets a seat that moves before the mover's next turn do, and the threats
    it stops."""
    facts = []
    danger = tactics.danger(state, turn)
    if danger is not None:
        by_obelisk, by_base = _ALLOWS[danger.kind]
        text = by_obelisk if danger.threat.kind == "obelisk" else by_base
        facts.append(Fact(danger.kind, danger.seat, BAD, text.format(seat=_name(danger.seat))))
    threats = tactics.threats(state)
    if threats and (danger is None or danger.level < tactics.HANDS_WIN):
        seats = tuple(sorted(threats))
        names = " and ".join(_name(s) for s in seats)
        facts.append(Fact("stops", seats, GOOD, f"stops {names} winning at once"))
    return facts


def _captures(state: State, turn: Turn) -> list[Fact]:
    kinds, s = [], state
    for step in turn:
        if s.owners[step.to]:
            kinds.append(PIECE_NAMES[s.kinds[step.to]])
        s = rules.apply_step(s, step)
    if not kinds:
        return []
    text = plural(len(kinds), "takes a piece ({kinds})", "takes {n} pieces ({kinds})")
    return [Fact("captures", len(kinds), GOOD, text.format(n=len(kinds),
                                                           kinds=", ".join(kinds)))]


def _obelisk(state: State, after: State) -> list[Fact]:
    """Holds made, grown and broken; Obelisk squares gained or brought in reach; a Khan won."""
    me = state.turn
    facts = [Fact("breaks", seat, GOOD, f"breaks {_name(seat)}'s Obelisk hold")
             for seat in state.alive if seat != me and state.holds[seat]
             and not all(after.owners[q] == seat for q in OBELISK)]
    mine = [s for s in after.pieces[me] if after.kinds[s] == KHAN]
    if mine and not any(state.kinds[s] == KHAN for s in state.pieces[me]):
        facts.append(Fact("khan", mine[0], GOOD, "wins a Khan"))
    return facts + _standing(state, after)


def _standing(state: State, after: State) -> list[Fact]:
    """The mover's hold count, else the Obelisk squares it stands on or can reach."""
    me = state.turn
    if after.holds[me]:
        return [Fact("hold", after.holds[me], GOOD,
                     f"holds the Obelisk: hold {after.holds[me]} of {HOLD_TO_WIN}")]
    before = sum(1 for q in OBELISK if state.owners[q] == me)
    now = sum(1 for q in OBELISK if after.owners[q] == me)
    if now > before:
        return [Fact("obelisk", now, GOOD, f"stands on {now} of the 5 Obelisk squares")]
    n = obelisk_reach(after, me)
    if n > obelisk_reach(state, me):
        return [Fact("reach", n, GOOD, plural(
            n, "brings {n} Obelisk square within one move",
            "brings {n} Obelisk squares within one move").format(n=n))]
    return []


def obelisk_reach(state: State, me: int) -> int:
    """How many Obelisk squares not already `me`'s one of its pieces could move onto now."""
    return sum(1 for q in OBELISK if state.owners[q] != me
               and movers_to(state.owners, state.kinds, me, q))


def _bases(state: State, after: State) -> list[Fact]:
    """Rivals' base squares taken; the mover's own base cleared."""
    me, facts = state.turn, []
    for seat in state.alive:
        if seat == me:
            continue
        before = sum(1 for b in BASES[seat] if state.owners[b] == me)
        now = sum(1 for b in BASES[seat] if after.owners[b] == me)
        if now > before:
            facts.append(Fact("base", (seat, now), GOOD,
                              f"stands on {now} of {_name(seat)}'s 4 base squares"))
    held = sum(1 for b in BASES[me] if state.owners[b] not in (0, me))
    still = sum(1 for b in BASES[me] if after.owners[b] not in (0, me))
    if still < held:
        facts.append(Fact("clears", still, GOOD,
                          f"clears your base: {still} of its squares still held by rivals"))
    return facts


def _hanging(state: State, turn: Turn, after: State) -> list[Fact]:
    """The mover's pieces the next seat could take after the turn and could not before."""
    me = state.turn
    nxt = order_after(after.alive, me)
    if not nxt:
        return []
    seat = nxt[0]
    before = open_pieces(state, me, seat)
    for step in turn:  # a moved piece is judged where it went
        if step.frm in before:
            before = (before - {step.frm}) | {step.to}
    now = open_pieces(after, me, seat) - before
    if not now:
        return []
    return [Fact("hangs", len(now), BAD,
                 plural(len(now), "leaves {n} piece open to {seat}",
                        "leaves {n} pieces open to {seat}").format(n=len(now),
                                                                   seat=_name(seat)))]


def open_pieces(state: State, me: int, seat: int) -> set[int]:
    """The squares of `me`'s pieces that `seat` could take with one move on this board."""
    owners, kinds = state.owners, state.kinds
    return {sq for sq in state.pieces[me] if movers_to(owners, kinds, seat, sq)}
