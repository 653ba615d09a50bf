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

from common.i18n import N_, _, ngettext, pgettext
from common.why import BAD, GOOD, NEUTRAL, WIN, Fact, Reason, contrast, ending, ordered
from prepollency import names, rules, tactics
from prepollency.moves import KHAN, Turn
from prepollency.state import BASES, OBELISK, State
from prepollency.tactics.reach import movers_to
from prepollency.tactics.wins import HOLD_TO_WIN, order_after

__all__ = ["Reason", "compare", "explain_move", "obelisk_reach", "open_pieces", "turn_text"]

# what a turn lets a seat do ({seat}: its name), by the danger's kind: by the Obelisk, by a base
_ALLOWS = {
    "hands_win": (N_("lets {seat} complete the Obelisk hold"),
                  N_("lets {seat} take the last base squares and win")),
    "base_falls": (N_("lets {seat} take your base"), N_("lets {seat} take your base")),
    "khan_lost": (N_("lets {seat} take your Khan"), N_("lets {seat} take your Khan")),
}


def turn_text(turn: Turn) -> str:
    """The turn as the log writes it ("e1-f2 e2-e1"), or "holding the line"."""
    return " ".join(str(m) for m in turn) or _("holding the line")


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
            facts.append(Fact("holds_line", None, NEUTRAL, _("moves no piece")))
        if not any(f.sign in (WIN, BAD) for f in facts):
            facts.append(Fact("safe", None, GOOD, _("leaves no rival a win or your base")))
    return Reason(turn_text(turn), ordered(facts))


def compare(state: State, played: Turn, better: Turn) -> str:
    """The played turn against a better one, in one or two sentences (`common.why.contrast`)."""
    return contrast(explain_move(state, played), explain_move(state, better))


def _name(seat: int) -> str:
    return names.seat(seat)


_WINS = {"obelisk": N_("completes the Obelisk hold and wins"),
         "elimination": N_("eliminates the last rival and wins")}


def _ending(state: State, after: State) -> list[Fact]:
    return ending(state.turn, after.result, {k: _(v) for k, v in _WINS.items()},
                  _("ends the game in a draw"))


def _dangers(state: State, turn: Turn) -> list[Fact]:
    """What the turn lets a seat that moves before the mover's next turn do, and the threats
    it stops."""
    facts = []
    danger = tactics.danger(state, turn)
    if danger is not None:
        by_obelisk, by_base = _ALLOWS[danger.kind]
        text = by_obelisk if danger.threat.kind == "obelisk" else by_base
        facts.append(Fact(danger.kind, danger.seat, BAD,
                          _(text).format(seat=_name(danger.seat))))
    threats = tactics.threats(state)
    if threats and (danger is None or danger.level < tactics.HANDS_WIN):
        seats = tuple(sorted(threats))
        # Translators: {seats} is one seat's name or a list of them: "Red and Blue"
        facts.append(Fact("stops", seats, GOOD, _("stops {seats} winning at once").format(
            seats=names.listed([_name(s) for s in seats]))))
    return facts


def _captures(state: State, turn: Turn) -> list[Fact]:
    kinds, s = [], state
    for step in turn:
        if s.owners[step.to]:
            kinds.append(names.piece(s.kinds[step.to]))
        s = rules.apply_step(s, step)
    if not kinds:
        return []
    # Translators: {kinds} names the pieces taken: "Archer", "Archer, Khan"
    text = ngettext("takes {n} piece ({kinds})", "takes {n} pieces ({kinds})", len(kinds))
    return [Fact("captures", len(kinds), GOOD, text.format(
        n=len(kinds), kinds=pgettext("list", ", ").join(kinds)))]


def _obelisk(state: State, after: State) -> list[Fact]:
    """Holds made, grown and broken; Obelisk squares gained or brought in reach; a Khan won."""
    me = state.turn
    facts = [Fact("breaks", seat, GOOD, _("breaks {seat}'s Obelisk hold").format(
                 seat=_name(seat)))
             for seat in state.alive if seat != me and state.holds[seat]
             and not all(after.owners[q] == seat for q in OBELISK)]
    mine = [s for s in after.pieces[me] if after.kinds[s] == KHAN]
    if mine and not any(state.kinds[s] == KHAN for s in state.pieces[me]):
        facts.append(Fact("khan", mine[0], GOOD, _("wins a Khan")))
    return facts + _standing(state, after)


def _standing(state: State, after: State) -> list[Fact]:
    """The mover's hold count, else the Obelisk squares it stands on or can reach."""
    me = state.turn
    if after.holds[me]:
        return [Fact("hold", after.holds[me], GOOD,
                     _("holds the Obelisk: hold {count} of {hold_to_win}").format(
                         count=after.holds[me], hold_to_win=HOLD_TO_WIN))]
    before = sum(1 for q in OBELISK if state.owners[q] == me)
    now = sum(1 for q in OBELISK if after.owners[q] == me)
    if now > before:
        return [Fact("obelisk", now, GOOD, _("stands on {now} of the 5 Obelisk squares").format(
            now=now))]
    n = obelisk_reach(after, me)
    if n > obelisk_reach(state, me):
        return [Fact("reach", n, GOOD, ngettext(
            "brings {n} Obelisk square within one move",
            "brings {n} Obelisk squares within one move", n).format(n=n))]
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
            facts.append(Fact("base", (seat, now), GOOD, _(
                "stands on {now} of {seat}'s 4 base squares").format(
                    now=now, seat=_name(seat))))
    held = sum(1 for b in BASES[me] if state.owners[b] not in (0, me))
    still = sum(1 for b in BASES[me] if after.owners[b] not in (0, me))
    if still < held:
        facts.append(Fact("clears", still, GOOD, ngettext(
            "clears your base: {still} of its squares still held by rivals",
            "clears your base: {still} of its squares still held by rivals", still).format(
                still=still)))
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
                 ngettext("leaves {n} piece open to {seat}",
                          "leaves {n} pieces open to {seat}", len(now)).format(
                              n=len(now), seat=_name(seat)))]


def open_pieces(state: State, me: int, seat: int) -> set[int]:
    """The squares of `me`'s pieces that `seat` could take with one move on this board."""
    owners, kinds = state.owners, state.kinds
    return {sq for sq in state.pieces[me] if movers_to(owners, kinds, seat, sq)}
