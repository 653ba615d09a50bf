"""What threatens the seat to move in Prepollency, worked out once per position: the twin of
`overlords.ui.threats`, on `prepollency.tactics`.

Plain Python (no pygame). `Threats(state)` knows at once (cheap line walks, on the UI thread)
which seats that move before the mover's next turn could win at once on their turn (a hold at
its third round, a base one piece from falling: `tactics.threats`), whether one of them can
complete the mover's own base (3 or 4 players: the mover would be out) and whether one can
take its Khan. The verdict on each step the mover may make (a move of the turn, or ending it)
it learns OFF the UI thread: a background thread asks the tactics about every step, the ones
on screen first (`first`), and hands each over under a lock; the window never waits. A step's
verdict is the least danger of the turns it can be part of (`StepDanger.best`, None when one of
them allows nothing) and the danger of ending the turn right after it (`StepDanger.alone`).

What the board shows (`marks`): while a win is threatened, a shield on the targets that stop
it by themselves, and the "!" triangle on those after which no way to finish the turn stops
it; when nothing is threatened, the triangle on the steps that hand a win over (or let the
mover's base fall) when some other turn would not. `ask(step)` is what the screen confirms
before playing (the "Ask before a move that loses the game" setting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from common.i18n import _
from common.ui.judging import BackgroundJudge
from prepollency import names, rules, tactics
from prepollency.moves import END, Move, Step, Turn
from prepollency.ui.words import danger_words, threat_words

SAFE, LOSES, SHIELD = "safe", "loses", "shield"  # what a target square shows
Namer = Callable[[int], str]


@dataclass(frozen=True, slots=True)
class StepDanger:
    """A step's verdict: the danger of ending the turn right after it (`alone`), and the least
    danger of any turn through it (`best`); None where nothing is allowed."""

    alone: tactics.Danger | None
    best: tactics.Danger | None


def _level(danger: tactics.Danger | None) -> int:
    return tactics.SAFE if danger is None else danger.level


class Threats(BackgroundJudge):
    """The threats against the seat to move and the verdict on each of its steps (module)."""

    thread_name = "prepollency-threats"
    failed = StepDanger(None, None)

    def __init__(self, state: rules.State, start: bool = True) -> None:
        self.state = state
        self.seat = state.turn
        self.watch = tactics.Watch(state)
        # seats that win at once if nothing changes (in the middle of a turn that broke a
        # hold, that hold no longer counts: it ends with this turn)
        self.wins = tactics.threats(state._replace(holds=standing_holds(state))
                                    if state.moved != -1 else state)
        owners, kinds = list(state.owners), list(state.kinds)
        self.base = tactics.base_falls(owners, kinds, state.alive, self.seat)
        self.khan = tactics.khan_taken(owners, kinds, state.alive, self.seat)
        self.floor: int | None = tactics.SAFE if self.watch.idle else None
        super().__init__(rules.legal_steps(state) if not self.watch.idle else [], start)

    def judge_group(self, group: list[Step]) -> dict[Step, StepDanger]:
        return {step: self._judge(step) for step in group}

    def after_all(self) -> None:
        """The least danger any turn allows (tried first: the steps found safest)."""
        if self.floor is None:
            found = tactics.floor(self.state, self._guesses())
            with self._lock:
                self.floor = found

    def _guesses(self) -> list[Turn]:
        """Turns to try first for the floor: those the verdicts found least dangerous."""
        with self._lock:
            items = list(self.verdicts.items())
        out = []
        for step, v in sorted(items, key=lambda kv: _level(kv[1].best))[:3]:
            if not isinstance(step, Move):  # END: the turn ends now
                out.append(Turn())
            elif v.alone is None:
                out.append(Turn((step,)))
        return out

    def _judge(self, step: Step) -> StepDanger:
        """The step's verdict (see `StepDanger`)."""
        watch, state = self.watch, self.state
        if not isinstance(step, Move):  # END
            d = watch.danger(Turn())
            return StepDanger(d, d)
        alone = watch.danger(Turn((step,)))
        if state.moved != -1 or alone is None:
            return StepDanger(alone, alone)
        best = alone
        for second in tactics.second_moves(state, step):
            d = watch.danger(Turn((step, second)))
            if d is None:
                return StepDanger(alone, None)
            if d.level < best.level:
                best = d
        return StepDanger(alone, best)

    @property
    def done(self) -> bool:
        """True once every step has its verdict and the floor is known."""
        with self._lock:
            return not self._todo and self._working is None and self.floor is not None

    def verdict(self, step: object) -> StepDanger | object:
        """The step's verdict, or UNKNOWN while not yet judged (every step is safe when
        nothing can be allowed here)."""
        if self.watch.idle:
            return self.failed
        return super().verdict(step)

    def least(self) -> int:
        """The least danger any turn allows here (computed now if the background has not)."""
        with self._lock:
            floor = self.floor
        if floor is None:
            floor = tactics.floor(self.state, self._guesses())
            with self._lock:
                self.floor = floor
        return floor

    # what the board and the status show ------------------------------------------------------

    @property
    def threatened(self) -> bool:
        """True if a seat before the mover's next turn wins at once unless stopped."""
        return bool(self.wins)

    def squares(self) -> frozenset[int]:
        """The squares that matter for the threats now (the Obelisk of a hold about to win,
        the base squares still open, a Khan that can be taken): the board marks them."""
        out: set[int] = set()
        for threat in self.wins.values():
            out |= set(threat.squares)
        for open_threat in (self.base, self.khan):
            if open_threat is not None:
                out |= set(open_threat.squares)
        return frozenset(out)

    def mark(self, step: object) -> str | None:
        """SHIELD, LOSES or SAFE for a judged step that matters; None while unknown."""
        v = self.verdict(step)
        if not isinstance(v, StepDanger):
            return None
        with self._lock:
            floor = self.floor
        if self.wins:
            if _level(v.alone) < tactics.HANDS_WIN:
                return SHIELD
            if _level(v.best) >= tactics.HANDS_WIN and (floor is None
                                                         or floor < tactics.HANDS_WIN):
                return LOSES
            return SAFE
        level = _level(v.best)
        if level >= tactics.BASE_FALLS and floor is not None and floor < level:
            return LOSES
        return SAFE

    def marks(self, targets: dict[int, Move]) -> tuple[tuple[int, str], ...]:
        """(square, SHIELD or LOSES) for the targets of the picked piece that carry a mark."""
        out = []
        for sq in sorted(targets):
            mark = self.mark(targets[sq])
            if mark in (SHIELD, LOSES):
                out.append((sq, mark))
        return tuple(out)

    def ask(self, step: object) -> tactics.Danger | None:
        """The danger to confirm before playing `step` (a win handed over, or the mover's base
        falling, when some other turn would not allow it), else None."""
        if self.watch.idle:
            return None
        best = self.judge(step).best
        level = _level(best)
        if level < tactics.BASE_FALLS or self.least() >= level:
            return None
        return best

    def status_text(self, name: Namer) -> str:
        """The warning of the status area ("" when nothing is threatened)."""
        parts = []
        for threat in self.wins.values():
            parts.append(threat_words(threat, name, self.seat))
        if self.base is not None and not self.wins:
            parts.append(threat_words(self.base, name, self.seat))
        if self.khan is not None and not self.wins and self.base is None:
            parts.append(threat_words(self.khan, name, self.seat))
        if not parts:
            return ""
        text = " ".join(parts)
        if self.wins:
            return f"{text} {self._stops()}".rstrip()
        return text

    def _stops(self) -> str:
        """What stops the threatened win, as far as the verdicts know: a shield on a move,
        two moves together, or nothing ("" while that is not known yet)."""
        with self._lock:
            floor, judged = self.floor, list(self.verdicts)
        if floor is not None and floor >= tactics.HANDS_WIN:
            return _("No turn of yours stops it.")
        if any(self.mark(step) == SHIELD for step in judged):
            return _("A shield marks a move that does.")
        if floor is not None and self.done:
            return _("No move stops it alone: two moves together do.")
        return ""

    def why(self, step: object, name: Namer) -> str:
        """Why the step under the pointer leaves a threat open (or stops it); ""."""
        v = self.verdict(step)
        if not isinstance(v, StepDanger):
            return ""
        what = _("Ending the turn now") if step is END else str(step)
        mark = self.mark(step)
        if mark == SHIELD:
            return _("{what} stops {whose}.").format(what=what, whose=_whose(self.wins, name))
        if mark == LOSES and v.best is not None:
            words = danger_words(v.best, name, self.seat)
            if step is END:
                # Translators: {words} is "lets Blue take your Khan"...
                return _("Ending the turn now {words}.").format(words=words)
            if self.state.moved == -1:
                # Translators: {move} is a move (e1-f2), {words} "lets Blue take your Khan"...
                return _("{move} {words}, whatever comes next.").format(move=what, words=words)
            return _("{move} {words}.").format(move=what, words=words)
        if v.alone is not None and v.best is None and self.state.moved == -1:
            return (_("{what} alone {danger_words}: a second move can still put it right.").format(
                        what=what, danger_words=danger_words(v.alone, name, self.seat)))
        return ""


def _whose(wins: dict[int, tactics.Threat], name: Namer) -> str:
    return names.listed([_("{player}'s win").format(player=name(seat)) for seat in wins]) \
        or _("the threat")


def standing_holds(state: rules.State) -> tuple[int, ...]:
    """The hold counts as the board shows them: in the middle of a turn that broke a hold
    (the counts change only when the turn ends), the broken one is already 0."""
    from prepollency.state import OBELISK

    owners = state.owners
    return tuple(h if not h or all(owners[q] == seat for q in OBELISK) else 0
                 for seat, h in enumerate(state.holds))


class Watcher:
    """The controller's side of the threats: one `Threats` per position of a person's live
    turn (made when the position changes, dropped when it is no person's turn)."""

    def __init__(self) -> None:
        self.threats: Threats | None = None

    def sync(self, state: rules.State | None, first: Iterable[object] = ()) -> None:
        """Judge this position (None: none is a person's live turn now), the steps on screen
        first."""
        if state is None or state.result is not None:
            self.drop()
            return
        if self.threats is None or self.threats.state is not state:
            self.drop()
            self.threats = Threats(state)
        self.threats.first(first)

    def drop(self) -> None:
        if self.threats is not None:
            self.threats.close()
        self.threats = None

    @property
    def busy(self) -> bool:
        """True while verdicts are awaited (the screen draws frames to show them)."""
        return self.threats is not None and not self.threats.done

    def key(self) -> tuple:
        """What the marks depend on (part of the view's layer key)."""
        t = self.threats
        if t is None:
            return ()
        with t._lock:
            return (id(t), len(t.verdicts), t.floor)

    def squares(self) -> frozenset[int]:
        return frozenset() if self.threats is None else self.threats.squares()

    def marks(self, targets: dict[int, Move]) -> tuple[tuple[int, str], ...]:
        return () if self.threats is None or not targets else self.threats.marks(targets)

    def warning(self, name: Namer) -> str:
        return "" if self.threats is None else self.threats.status_text(name)

    def why(self, step: object, name: Namer) -> str:
        return "" if self.threats is None or step is None else self.threats.why(step, name)

    def ask(self, step: object) -> tactics.Danger | None:
        return None if self.threats is None else self.threats.ask(step)
