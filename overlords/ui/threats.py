"""What threatens the Overlord of the side to move, worked out once per position.

Plain Python (no pygame). `Threats(state)` knows at once which enemy moves attack the Overlord
now (`rules.attackers`: the enemy's legal moves with its unplayed stones, as if it were its
turn). Which of the side's own moves lose the Overlord it learns OFF the UI thread: a
background thread asks `overlords.tactics.danger` about every move, the moves on screen first
(`first`), and hands each verdict over under a lock; the window never waits. A verdict is
`None` (safe two moves deep) or a `tactics.Danger`: the reply captures the Overlord at once
(the red "!"), or after it nothing saves the Overlord (the "loses by force" mark).

`marks(targets)` turns the verdicts into what each target square shows (`TargetMarks`): when
the Overlord is safe now, the squares whose every move loses it; when it is attacked, a shield
on the squares that save it (safely), and a mark on every other target (a move that leaves the
Overlord capturable is never a plain dot).
"""

from __future__ import annotations

from dataclasses import dataclass

from common.i18n import _
from common.ui.judging import UNKNOWN, BackgroundJudge
from overlords import names, rules, tactics

Move = rules.Move
SHOWN_ATTACKERS = 2  # figures named in the status line; the rest are counted

SAFE, LOSES, FORCED, SHIELD = "safe", "loses", "forced", "shield"  # what a move or square gets


def exposes(state: rules.State, move: Move) -> bool:
    """True if, after this legal move, the enemy has a move that captures the mover's Overlord
    (a move that ends the game exposes nothing)."""
    after = rules.apply_legal(state, move)
    return after.result is None and bool(rules.attackers(after, state.turn))


@dataclass(frozen=True)
class TargetMarks:
    """What the target squares show: `squares` maps a square to LOSES, FORCED or SHIELD (a
    square without a mark is absent); `runes` maps a square reached by several Runes (the
    player will choose) to each Rune with its own verdict (SAFE, LOSES, FORCED, or None while
    unknown); `complete` is False while some target waits for its verdict."""

    squares: tuple[tuple[int, str], ...] = ()
    runes: tuple[tuple[int, tuple[tuple[int, str | None], ...]], ...] = ()
    complete: bool = True

    def of(self, sq: int) -> str | None:
        """The mark of a square (None: no mark)."""
        return dict(self.squares).get(sq)

    def with_mark(self, *marks: str) -> frozenset[int]:
        """The squares carrying one of these marks."""
        return frozenset(sq for sq, m in self.squares if m in marks)

    def runes_of(self, sq: int) -> tuple[tuple[int, str | None], ...]:
        """The Runes to choose from on sq, each with its verdict (empty: no choice there)."""
        return dict(self.runes).get(sq, ())


class Threats(BackgroundJudge):
    """The attack on the side to move and the verdict on each of its moves (see module)."""

    thread_name = "overlords-threats"

    def __init__(self, state: rules.State, legal: list[Move] | None = None,
                 start: bool = True) -> None:
        self.state = state
        self.side = state.turn
        self.attackers = rules.attackers(state, self.side)
        mine = (self.side, rules.OVERLORD)
        self.overlord = next((sq for sq in range(64) if state.figure(sq) == mine), None)
        moves = rules.legal_moves(state) if legal is None else legal
        # every move is judged, a forced discard too: a verdict on "no move is safe" counts
        # the discards (an empty set of verdicts proves nothing)
        super().__init__(moves, start)

    def judge_group(self, group: list[Move]) -> dict[Move, tactics.Danger | None]:
        """The moves of one (from, to) share the work (tactics.judge)."""
        return tactics.judge(self.state, group)

    def group_of(self, move: Move) -> list[Move]:
        """The other moves of its (from, to) too: they differ only in their stones."""
        return [m for m in self._todo if m.frm == move.frm and m.to == move.to]

    @property
    def attacked(self) -> bool:
        """True if an enemy move could capture the Overlord now."""
        return bool(self.attackers)

    @property
    def done(self) -> bool:
        """True once every move has its verdict."""
        return self.judged

    @property
    def attacker_squares(self) -> list[int]:
        """The squares of the attacking enemy figures, in the order of `attackers`."""
        return list(dict.fromkeys(m.frm for m in self.attackers))

    def mark(self, move: Move) -> str | None:
        """SAFE, LOSES or FORCED for a judged move; None while unknown."""
        v = self.verdict(move)
        if v is UNKNOWN:
            return None
        return SAFE if v is None else FORCED if v.forced else LOSES

    def saving(self) -> bool | None:
        """True if some move keeps the Overlord safe (no capture next turn), False if none
        does, None while that is not known yet."""
        with self._lock:
            if any(v is None or v.forced for v in self.verdicts.values()):
                return True
            done = self.verdicts and not self._todo and self._working is None
            return False if done else None

    def any_safe(self) -> bool | None:
        """True if some move is safe two moves deep, False if every move was judged and none
        is, None while unknown (or when there was no move to judge: nothing was computed)."""
        with self._lock:
            if any(v is None for v in self.verdicts.values()):
                return True
            done = self.verdicts and not self._todo and self._working is None
            return False if done else None

    def marks(self, targets: dict[int, list[Move]], choices: dict[int, list[Move]] | None = None
              ) -> TargetMarks:
        """What the target squares show (see `TargetMarks`). `choices` are the moves a click
        on each square offers (default: all of its moves)."""
        choices = targets if choices is None else choices
        squares, runes = [], []
        complete = True
        for sq in sorted(targets):
            moves = choices.get(sq) or targets[sq]
            verdicts = [self.mark(m) for m in moves]
            if len(moves) > 1:
                runes.append((sq, tuple((m.rune, v) for m, v in zip(moves, verdicts,
                                                                     strict=True))))
            if None in verdicts:
                complete = False
                continue
            best = SAFE if SAFE in verdicts else FORCED if FORCED in verdicts else LOSES
            if self.attacked:  # every target marked: a shield, or why it does not save
                squares.append((sq, SHIELD if best == SAFE else best))
            elif best != SAFE:
                squares.append((sq, best))
        return TargetMarks(tuple(squares), tuple(runes), complete)

    def attack_text(self) -> str:
        """"Your Overlord is attacked by the Dragon on b8 (Rune 3)." ("" when it is not)."""
        runes: dict[int, list[int]] = {}
        for move in self.attackers:
            runes.setdefault(move.frm, []).append(move.rune)
        parts = []
        for frm, numbers in list(runes.items())[:SHOWN_ATTACKERS]:
            kind = self.state.occupant(frm)[1]
            digits = [str(r) for r in sorted(set(numbers))]
            which = digits[0] if len(digits) == 1 else _("{join} or {digits}").format(
                                                           join=', '.join(digits[:-1]),
                                                           digits=digits[-1])
            parts.append(_("the {type_names} on {square} (Rune {which})").format(
                             type_names=names.figure(kind), square=rules.GRID.name(frm),
                             which=which))
        if not parts:
            return ""
        more = len(runes) - len(parts)
        who = _("{join} and {more} more").format(join=', '.join(parts),
                                                 more=more) if more else " and ".join(parts)
        return _("Your Overlord is attacked by {who}.").format(who=who)
