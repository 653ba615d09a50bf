"""What happened in a Prepollency turn, as facts and as one line of plain words.

`turn_facts(before, turn, after)` compares the position at a turn's start with the one after
it and lists what the rules did (the engine decided everything; this only reads the result):
each move with its piece and what it took, a Khan award, eliminations, hold counts. The recap,
the status line, the toasts and the sounds all read these facts. The threats' sentences are
here too: a threat (`threat_words`), what a step allows (`danger_words`, a `tactics.Danger` in
words, as Overlords' is), the question before one that hands the game over (`question`), a hold
about to win (`hold_warning`). No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from common.i18n import _, pgettext
from prepollency import names, rules, tactics
from prepollency.moves import END, GRID, KHAN, Move
from prepollency.state import BASES, OBELISK

Namer = Callable[[int], str]
ROUNDS_TO_WIN = rules.HOLD_TO_WIN - 1  # a hold count of 1 starts the count; 4 wins


@dataclass(frozen=True)
class MoveFacts:
    """One move of a turn: the piece, where from and to, the piece it took (kind, seat)."""

    frm: int
    to: int
    kind: int
    took: tuple[int, int] | None = None  # (kind, seat) of a captured piece


@dataclass(frozen=True)
class TurnFacts:
    """What one turn did."""

    seat: int
    steps: tuple[MoveFacts, ...]
    khan: int | None = None  # the square a Khan arrived on
    eliminated: tuple[int, ...] = ()  # base taken
    hold: int = 0  # the mover's hold count after the turn
    lost_hold: tuple[int, ...] = field(default=())  # seats whose count fell to 0
    result: object = None
    left: tuple[int, ...] = ()  # seats that resigned or forfeited right after the turn

    @property
    def gone(self) -> tuple[int, ...]:
        """Every seat whose pieces left the board: eliminated, then withdrawn."""
        return self.eliminated + self.left

    @property
    def captures(self) -> int:
        """How many pieces the turn took."""
        return sum(1 for s in self.steps if s.took)


def turn_facts(before: rules.State, turn: tuple, after: rules.State) -> TurnFacts:
    """The facts of `turn` played from the turn-start position `before` to `after` (a
    match's next state, which holds the withdrawals that followed the turn too: a seat gone
    whose base others do not fill all of left the game, it was not eliminated)."""
    seat = rules.to_move(before)
    steps, owners, kinds = _made(before, turn)
    khan = _new_khan(seat, owners, kinds, after)
    gone = [s for s in before.alive if s not in after.alive]
    taken = tuple(s for s in gone if all(after.owners[b] for b in BASES[s]))
    lost = tuple(s for s in before.alive if before.holds[s] and not after.holds[s])
    return TurnFacts(seat, steps, khan, taken, after.holds[seat], lost,
                 rules.outcome(after), tuple(s for s in gone if s not in taken))


def _new_khan(seat: int, owners: list[int], kinds: list[int], after: rules.State) -> int | None:
    """The base square the seat's Khan arrived on at the end of the turn (None: none did)."""
    return next((s for s in BASES[seat] if after.kinds[s] == KHAN and after.owners[s] == seat
                 and not (owners[s] == seat and kinds[s] == KHAN)), None)


def _made(before: rules.State, turn: tuple) -> tuple[tuple[MoveFacts, ...], list[int], list[int]]:
    """The turn's moves as facts, and the owners and kinds of the board they leave (before
    the end of the turn)."""
    seat = rules.to_move(before)
    owners, kinds = list(before.owners), list(before.kinds)
    steps = []
    for frm, to in turn:
        took = (kinds[to], owners[to]) if owners[to] else None
        steps.append(MoveFacts(frm, to, kinds[frm], took))
        owners[to], kinds[to], owners[frm], kinds[frm] = seat, kinds[frm], 0, 0
    return tuple(steps), owners, kinds


def article(kind: int) -> str:
    """"an Archer", "a Cavalry", "an Infantry", "a Khan"."""
    # Translators: a piece named in a sentence
    return (pgettext("a piece", "an Infantry"), pgettext("a piece", "a Cavalry"),
            pgettext("a piece", "an Archer"), pgettext("a piece", "a Khan"))[kind - 1]


def step_words(step: MoveFacts, name: Namer) -> str:
    """"Cavalry c3-e5 took Blue's Archer"."""
    move = f"{GRID.names[step.frm]}-{GRID.names[step.to]}"
    if step.took:
        kind, seat = step.took
        # Translators: one move of a turn: "Cavalry c3-e5 took Blue's Archer"
        return _("{piece} {move} took {seat}'s {victim}").format(
            piece=names.piece(step.kind), move=move, seat=name(seat), victim=names.piece(kind))
    # Translators: one move of a turn: "Cavalry c3-e5"
    return _("{piece} {move}").format(piece=names.piece(step.kind), move=move)


def turn_line(facts: TurnFacts, name: Namer) -> str:
    """One line for a turn: "Red: Cavalry c3-e5 took Blue's Archer; Infantry h7-h8. Red got
    a Khan." or "Blue held the line."."""
    who = name(facts.seat)
    if facts.steps:
        # Translators: a turn's moves, joined by "; " (another separator of yours: the next)
        moves = pgettext("moves", "; ").join(step_words(s, name) for s in facts.steps)
        text = _("{who}: {moves}.").format(who=who, moves=moves)
    else:
        text = _("{who} held the line.").format(who=who)
    extra = []
    if facts.khan is not None:
        extra.append(_("{who} got a Khan on {square}.").format(
            who=who, square=GRID.names[facts.khan]))
    for seat in facts.eliminated:
        extra.append(_("{seat} is out (base taken).").format(seat=name(seat)))
    for seat in facts.left:
        extra.append(_("{seat} left the game.").format(seat=name(seat)))
    if facts.hold and facts.result is None:
        extra.append(_("{sentence}.").format(sentence=hold_words(facts.seat, facts.hold, name)))
    return " ".join([text, *extra])


def hold_words(seat: int, count: int, name: Namer) -> str:
    """"Red holds the Obelisk: 2 of 3 rounds"; at count 1 (the hold just began) "Red takes
    the Obelisk: 3 rounds to hold it" (not "0 of 3")."""
    kept = max(0, count - 1)
    if kept == 0:
        return _("{seat} takes the Obelisk: {rounds_to_win} rounds to hold it").format(
                   seat=name(seat), rounds_to_win=ROUNDS_TO_WIN)
    return _("{seat} holds the Obelisk: {kept} of {rounds_to_win} rounds").format(
               seat=name(seat), kept=kept, rounds_to_win=ROUNDS_TO_WIN)


def hold_warning(alive: Sequence[int], holds: Sequence[int], name: Namer,
                 turn: int | None = None) -> str | None:
    """A warning when a player is one round from winning on the Obelisk, else None; during
    that player's own turn (`turn`), the win comes at the end of this turn."""
    for seat in alive:
        if holds[seat] == rules.HOLD_TO_WIN - 1:
            if seat == turn:
                return _("{seat} wins at the end of this turn if they still hold all five "
                         "Obelisk squares!").format(seat=name(seat))
            return _("{seat} wins at the end of their next turn if they still hold all five "
                     "Obelisk squares!").format(seat=name(seat))
    return None


def obelisk_holders(state: rules.State) -> list[tuple[int, int]]:
    """(square, seat or 0) for the five Obelisk squares, centre first."""
    return [(s, state.owners[s]) for s in OBELISK]


def result_words(outcome: object, name: Namer, viewer: int | None = None,
                 resigner: int | None = None, by_cpu: bool = False) -> tuple[str, str]:
    """Title and reason of a finished game for the game-over overlay: by the seats' names, or
    from `viewer`'s seat when one person plays ("You held the Obelisk ..."). A resignation
    names `resigner` when known (the seat that left last), and why if a CPU level resigned
    (`common.ai.levels.gives_up`)."""
    winner = getattr(outcome, "winner", None)
    reason = getattr(outcome, "reason", "")
    if winner is None:
        return _("Draw"), _("50 rounds without a capture or an Obelisk hold: the game is drawn.")
    title = _("{seat} wins").format(seat=name(winner))
    mine = winner == viewer
    who = _("You") if mine else name(winner)
    if reason == "obelisk":
        return title, _("{who} held the Obelisk through three full rounds.").format(who=who)
    if reason == "elimination" and mine:
        return title, _("You are the last player standing.")
    if reason == "elimination":
        return title, _("{who} is the last player standing.").format(who=who)
    if reason == "resign" and resigner is not None:
        if resigner == viewer:
            return title, _("You resigned.")
        if by_cpu:
            return title, _("{seat} resigned: it could no longer win.").format(
                seat=name(resigner))
        return title, _("{seat} resigned.").format(seat=name(resigner))
    if reason == "resign" and viewer is not None and not mine:
        return title, _("You resigned.")  # resigner unknown: with one person, the person
    why = {
        "resign": _("The others resigned."),
        "forfeit": _("The other player's bot forfeited."),
    }.get(reason)
    return title, why if why is not None else reason


def threat_words(threat: tactics.Threat, name: Namer, me: int) -> str:
    """A threat in the status's words, short enough for the smallest window: "Blue wins next
    turn: take a piece on the marked Obelisk."."""
    who = name(threat.seat)
    shown = [GRID.names[s] for s in threat.squares]
    squares = shown[0] if len(shown) == 1 else _("{first} and {last}").format(
        first=", ".join(shown[:-1]), last=shown[-1])
    if threat.kind == "obelisk":
        return _("{who} wins next turn: take a piece on the marked Obelisk.").format(who=who)
    if threat.kind == "elimination":
        return _("{who} wins next turn by taking {squares} (marked).").format(
                   who=who, squares=squares)
    if threat.kind == "base":
        return _("{who} can take {squares}, the last of your base: you would be out.").format(
                   who=who, squares=squares)
    return _("{who} can take your {piece} on {squares}.").format(
        who=who, piece=names.piece(KHAN), squares=squares)


def danger_words(danger: tactics.Danger, name: Namer, me: int) -> str:
    """What a turn allows, from the mover's side: "lets Blue complete the Obelisk hold and
    win"."""
    who = name(danger.seat)
    kind = danger.threat.kind
    if danger.level == tactics.HANDS_WIN:
        if kind == "obelisk":
            return _("lets {who} complete the Obelisk hold and win").format(who=who)
        return _("lets {who} take the last base squares and win").format(who=who)
    if danger.level == tactics.BASE_FALLS:
        return _("lets {who} take your base (you would be out)").format(who=who)
    return _("lets {who} take your Khan").format(who=who)


def question(step: object, danger: tactics.Danger, name: Namer, first: bool
             ) -> tuple[str, str]:
    """The confirmation's title and line for a step that hands the game over (`first`: the
    turn's first move, a second may follow)."""
    if danger.level == tactics.HANDS_WIN:
        title = _("Hand {seat} the win?").format(seat=name(danger.seat))
    else:
        title = _("Lose your base?")
    words = danger_words(danger, name, danger.seat)
    if step is END:
        # Translators: {words} is "lets Blue take your Khan"...
        return title, _("Ending the turn now {words}.").format(words=words)
    if first and isinstance(step, Move):
        # Translators: {move} is a move (e1-f2), {words} "lets Blue take your Khan"...
        return title, _("{move} {words}, whatever your second move.").format(move=step,
                                                                            words=words)
    return title, _("{move} {words}.").format(move=step, words=words)
