"""Why a move is good or bad, as the engine sees it: the values every game's ``why`` module
gives (`Fact`, `Reason`) and the sentence that sets a played move against a better one
(`contrast`). Plain Python, no game, no pygame.

Each game has a module ``GAME/why.py`` with the same API (the Hint, the analysis, the puzzles,
the Coach and ``main.py move --why`` call it):

- ``explain_move(state, move) -> Reason``: what the move does and what it allows, computed
  from the engine (the game's tactics verdicts, material, threats, frozen figures, hold and
  base progress), never canned: every `Fact` carries the engine value it says;
- ``compare(state, played, better) -> str``: one sentence saying what the played move allowed
  and what the better one does that the played one did not ("2O c8-b7 lets Black win in
  two moves, starting 3D f2-c5. Better 1W d8-d7: leaves Black no forced win.");
  a fact both moves share (both capture a piece) is not given as a reason for the better one.

A `Reason`'s facts come worst and most important first: a reason is a few facts joined
("takes the Dragon; your Overlord keeps its Fate"), cut to `SAY` facts for the Hint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from common.i18n import _

SAY = 2  # facts a short reason says (the Hint's line); the rest are one hover away in the API
SHORT = 80  # characters a suggestion grows to with a second fact (the Hint's line fits whole)

# How good a fact is for the mover (the sign of a fact): WIN decides the game for the mover
# (said first), BAD is what the move allows or loses (a move with one is not safe).
WIN, GOOD, NEUTRAL, BAD = 2, 1, 0, -1


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing the engine says about a move: its `kind` (a stable name tests and callers
    match on: "wins", "forced_win", "loses", "captures", "hangs", "frozen", "hold", ...), the
    engine `value` behind it (a figure type, a count, a seat, a reply move), the `sign` for
    the mover (GOOD, NEUTRAL, BAD) and the `text` said ("takes the Dragon")."""

    kind: str
    value: Any
    sign: int
    text: str

    def same(self, other: Fact) -> bool:
        """Whether two moves' facts say the same thing (kind and value)."""
        return self.kind == other.kind and self.value == other.value


@dataclass(frozen=True)
class Reason:
    """Why one move: the move as the log writes it and the engine's facts about it, most
    important first. `text` is the short sentence ("takes the Dragon; your Overlord keeps its
    Fate"); `safe` is False when a fact says the move loses or hands something over."""

    move: str
    facts: tuple[Fact, ...] = field(default_factory=tuple)

    @property
    def text(self) -> str:
        """The first `SAY` facts joined ("" when the engine finds nothing to say)."""
        return said(self.facts[:SAY])

    @property
    def suggestion(self) -> str:
        """The short sentence for a suggested move (the Hint, a puzzle's solution): what it
        achieves first, then its worst downside (never hidden), then more up to `SAY` facts
        while it stays `SHORT`: "stops Black's winning threat; the Hero on e5 can be
        taken"."""
        ups = [f for f in self.facts if f.sign in (WIN, GOOD)]
        downs = [f for f in self.facts if f.sign == BAD]
        chosen = [*ups[:1], *downs[:1]] or list(self.facts[:1])
        for fact in self.facts:  # more, while the sentence stays short enough to read whole
            if len(chosen) >= SAY or len(said([*chosen, fact])) > SHORT:
                break
            if fact not in chosen and fact.sign != BAD:
                chosen.append(fact)
        return said(chosen)

    @property
    def long_text(self) -> str:
        """Every fact joined."""
        return said(self.facts)

    @property
    def safe(self) -> bool:
        return not any(f.sign == BAD for f in self.facts)

    def kinds(self) -> tuple[str, ...]:
        """The facts' kinds, in order."""
        return tuple(f.kind for f in self.facts)

    def get(self, kind: str) -> Fact | None:
        """The first fact of that kind, or None."""
        return next((f for f in self.facts if f.kind == kind), None)


def plural(n: int, one: str, many: str) -> str:
    """The sentence for a count: `one` when n is 1, else `many` (both given whole, with their
    placeholders, for translation; the caller formats it)."""
    return one if n == 1 else many


def ending(mover: int, result: Any, wins: dict[str, str], draw: str) -> list[Fact]:
    """The fact of a move that ends the game (`result`: its outcome, or None): "wins" with
    the game's words for its reason (`wins`: reason -> words), or "draws" (`draw`)."""
    if result is None:
        return []
    if result.winner == mover:
        return [Fact("wins", result.reason, WIN, wins.get(result.reason, "wins"))]
    return [Fact("draws", result.reason, NEUTRAL, draw)]


def said(facts: Sequence[Fact]) -> str:
    """Facts joined into one clause list: "takes the Dragon; your Overlord keeps its Fate"."""
    return "; ".join(f.text for f in facts if f.text)


def ordered(facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """Facts in the order they are said: a win first, then the bad ones (what the move allows
    matters most), then good, then neutral; within a sign, as the game listed them."""
    rank = {WIN: 0, BAD: 1, GOOD: 2, NEUTRAL: 3}
    return tuple(sorted(facts, key=lambda f: rank.get(f.sign, 4)))


def contrast(played: Reason, better: Reason, played_words: str = "",
             better_words: str = "") -> str:
    """The analysis' sentence for a played move against a better one: what the played move
    allowed (its bad facts) and what the better move does that the played one does not (its
    facts minus the ones both share). `played_words` / `better_words` stand in when the engine
    finds nothing that tells them apart (the analysis passes the chances it measured)."""
    bad = [f for f in played.facts if f.sign == BAD]
    own = [f for f in better.facts if not any(f.same(p) for p in played.facts)]
    missed = [f for f in own if f.sign in (WIN, GOOD)]
    first = ""
    if bad:
        # Translators: a move and what it allows ("2O c8-b7 lets Black win in two moves ...")
        first = _("{move} {facts}.").format(move=played.move, facts=said(bad[:SAY]))
    elif played_words:
        first = _("{move}: {words}.").format(move=played.move, words=played_words)
    why = said((missed or [f for f in own if f.sign != BAD])[:SAY]) or better_words
    # Translators: the better move and what it does ("Better 1W d8-d7: leaves Black no
    # forced win.")
    second = (_("Better {move}: {why}.").format(move=better.move, why=why) if why
              else _("Better {move}.").format(move=better.move))
    return f"{first} {second}".strip()
