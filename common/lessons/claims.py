"""What a lesson says about a position, checked by the engine (`learn --check`).

A step's texts make claims ("the Dragon on d4 is frozen", "2W b2-g7 captures", "the Archer on
h4 is defended", "this hold completes"); its `claims` list says each one as data, so the check
asks the game's claim judges (`LessonGame.CLAIMS`) whether it is true where the text says it:

    {"kind": "frozen", "square": "d4"}                  # at the step's start (default)
    {"kind": "frozen", "square": "e2", "at": "after"}   # after the learner's solution
    {"kind": "attacked", "square": "c8", "at": "end"}   # after the scripted replies
    {"kind": "attacked", "square": "e1", "not": true}   # the opposite is claimed
    {"kind": "safe", "square": "e1", "at": "after", "every": true}
                                                        # after every turn meeting the goals

A claim that does not hold is one failure line with the engine's fact ("claim 'frozen d4'
does not hold: the Dragon on d4 can move (2D d4-f6)"). No pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from common.i18n import _
from common.lessons.model import LessonGame, Step
from common.lessons.run import judge_all
from common.protocol import IllegalMoveError, InvalidMoveError

MAX_TURNS = 20_000  # a step's legal turns looked at for an "every" claim, at most


def claimed_move(engine: Any, state: Any, text: str) -> tuple[Any, str]:
    """A claim's move (or turn) in record notation, read by the engine on this state: the
    move and "", or None and the engine's refusal (both games' claim judges ask this)."""
    try:
        return engine.parse_move(state, text), ""
    except (IllegalMoveError, InvalidMoveError) as err:
        return None, str(err)


def missing_key(claim: dict, keys: Mapping[str, Sequence[str]]) -> str | None:
    """"frozen needs its 'square'" when the claim lacks a key its kind needs (`keys`: each
    kind's keys, the game's CLAIM_KEYS), else None."""
    kind = claim.get("kind")
    missing = [k for k in keys.get(kind, ()) if k not in claim] if isinstance(kind, str) else []
    if not missing:
        return None
    # Translators: a lesson's claim lacks a key: "frozen needs its 'square'" (keys of the
    # lesson file, not translated)
    return _("{kind} needs its {key!r}").format(kind=kind, key=missing[0])


def claim_holds(game: LessonGame, claim: dict, state: Any) -> tuple[bool, str]:
    """Is the claim true on this state (its `not` applied)? And the engine's fact."""
    true, fact = game.CLAIMS[claim["kind"]](claim, state)
    return true != bool(claim.get("not")), fact


def label(claim: dict) -> str:
    """A claim named in a failure line: its kind and its data ("not frozen d4")."""
    data = " ".join(str(v) for k, v in claim.items() if k not in ("kind", "at", "not", "every"))
    return " ".join(p for p in ("not" if claim.get("not") else "", claim["kind"], data) if p)


def check_claims(game: LessonGame, step: Step, at: str, state: Any, where: str) -> list[str]:
    """The step's claims at `at` ("start", "after", "end") judged on `state`: one line per
    claim that does not hold ("every" claims are `check_every`'s)."""
    out = []
    for claim in step.claims:
        if claim.get("at", "start") != at or claim.get("every"):
            continue
        if state is None:
            out.append(_("{where}: claim {claim} at {at}: the game is over there").format(
                where=where, claim=repr(label(claim)), at=at))
            continue
        true, fact = claim_holds(game, claim, state)
        if not true:
            out.append(_("{where}: claim {claim} at {at} does not hold: {fact}").format(
                where=where, claim=repr(label(claim)), at=at, fact=fact))
    return out


def check_every(game: LessonGame, step: Step, start: Any, where: str) -> list[str]:
    """The step's "every" claims judged after each legal turn that meets its goals (a done
    text must be true whichever way the learner met the goal)."""
    claims = [c for c in step.claims if c.get("every")]
    if not claims:
        return []
    engine = game.engine
    out = []
    for n, move in enumerate(engine.legal_moves(start)):
        if n >= MAX_TURNS:
            out.append(_('{where}: more than {count} turns to check an "every" claim').format(
                where=where, count=MAX_TURNS))
            break
        after = engine.apply(start, move)
        if not judge_all(game, step.goals, start, move, after)[0]:
            continue
        for claim in claims:
            true, fact = claim_holds(game, claim, after)
            if not true:
                out.append(_("{where}: claim {claim} fails after {move}: {fact}").format(
                    where=where, claim=repr(label(claim)), move=move, fact=fact))
                return out
    return out
