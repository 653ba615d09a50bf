"""What the Overlords status area says on a live turn: whose turn it is, what the player may
do now with what is picked, the attack on the Overlord, the hint. The shared game screen says
the rest (review, game over, a refusal) and draws it.

Plain Python (no pygame).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from common.i18n import _
from common.seats import HINT_LEVEL
from common.ui.game_panel import Status, waiting_status
from overlords import names, rules
from overlords.ui.hint import hint_reason, move_words
from overlords.ui.threats import FORCED, LOSES, SHIELD, UNKNOWN, TargetMarks, Threats
from overlords.ui.tips import freeze_note, sources_warning
from overlords.ui.words import danger_words

if TYPE_CHECKING:
    from overlords.ui.controller import OverlordsController


def live_status(c: OverlordsController) -> Status:
    """The status of a live turn (a person's, a CPU's or a bot's)."""
    m = c.scene.match
    side = m.to_move
    if not m.is_human(side):
        status = waiting_status(c.scene, side, _("its stones and its move"))
        sources = sources_warning(m.state, _viewer(c))
        if sources and not status.warning:
            status = replace(status, warning=sources)
        return status
    title = _("Your turn") if m.humans == 1 else _("{player} to move").format(player=m.name(side))
    # the last Overlord Fate is a warning (it froze the Overlord in both losses of the
    # newcomers' test); the last Fate of another type is said after what to do
    # (not while the Overlord is attacked, nor beside why a move loses it: saving it comes
    # first, and a lost Overlord freezes nothing)
    freeze, text, threat = freeze_warning(c), hint_text(c), threat_text(c)
    if threat or hover_danger(c):
        freeze = ""
    loud = bool(freeze) and freeze_fate(c) == rules.OVERLORD
    if freeze and not loud:
        text = f"{text} {freeze}"
    return Status(title, side, text, threat or (freeze if loud else ""))


def freeze_warning(c: OverlordsController) -> str:
    """Before a move spends the last Fate stone of a figure type: what then cannot move, and
    for how long (`tips.freeze_note`); "" otherwise. The Fate is the one picked, or the
    picked figure's, or the hinted move's."""
    state = c.scene.match.state
    if rules.must_discard(state):
        return ""
    fate = freeze_fate(c)
    move = c.hint if c.hint is not None and c.hint.fate == fate else None
    return freeze_note(state, fate, move)


def freeze_fate(c: OverlordsController) -> int | None:
    """The figure type whose Fate the move being made spends: the Fate stone picked, or the
    picked figure's type (None: neither)."""
    pick = c.pick
    if pick.figure is not None:
        return c.scene.match.state.figure(pick.figure)[1]
    return pick.fate


def _viewer(c: OverlordsController) -> int | None:
    """The side of the one person at the screen (None: two people, or none)."""
    m = c.scene.match
    people = [side for side in (rules.WHITE, rules.BLACK) if m.is_human(side)]
    return people[0] if len(people) == 1 else None


def hint_text(c: OverlordsController) -> str:
    """What the player may do now, in a sentence: the first rung of `HINT_LADDER` that has
    something to say (the hint, a forced discard, the target under the pointer, the attack,
    the figure picked, a recruit, the stones picked), else how to begin."""
    for rung in HINT_LADDER:
        text = rung(c)
        if text:
            return text
    return _("Click a figure to see its moves, or pick a Rune and a Fate stone.")


def _attacked(c: OverlordsController) -> bool:
    return c.threats is not None and c.threats.attacked


def _discard_text(c: OverlordsController) -> str:
    """A turn that must discard: how, and what the discard picked lets the enemy do."""
    state = c.scene.match.state
    if not rules.must_discard(state):
        return ""
    attacked = _attacked(c)
    move = c.pick.discard()
    if move is None:
        return (_("No stone pair can move anything, so nothing saves your Overlord and this "
                  "turn discards: pick a Rune and a Fate stone, then press Discard.") if attacked
                else _("No stone pair can move anything, so this turn discards: pick a Rune "
                       "and a Fate stone, then press Discard."))
    text = (_("No stone pair can move anything, so nothing saves your Overlord and this turn "
              "discards: press Discard.") if attacked
            else _("No stone pair can move anything, so this turn discards: press Discard."))
    verdict = c.threats.verdict(move) if c.threats is not None else UNKNOWN
    if not attacked and verdict is not UNKNOWN and verdict is not None:
        text += " " + move_danger(state, move, verdict)
    return text


def move_danger(state: rules.State, move: rules.Move, verdict: object) -> str:
    """"2O e6-h3: after this, ..." (a move and why it loses, `words.danger_words`)."""
    # Translators: a move and why it loses the Overlord ("2O e6-h3: after this, ...")
    return _("{move}: {why}.").format(move=move, why=danger_words(state, move, verdict))


def _attack_text(c: OverlordsController) -> str:
    """While the Overlord is attacked: what saves it."""
    threats = c.threats
    return _attacked_hint(c, threats) if threats is not None and threats.attacked else ""


def _figure_text(c: OverlordsController) -> str:
    """A figure picked: the danger of its moves, or how to move it."""
    pick = c.pick
    if pick.figure is None:
        return ""
    kind = c.scene.match.state.figure(pick.figure)[1]
    name = names.figure(kind)
    marks = c.target_marks()
    danger = marks.with_mark(LOSES, FORCED)
    if marks.complete and danger and danger == set(c.targets):
        if kind == rules.OVERLORD:
            first = _("Careful: every move of your Overlord loses it.")
        else:
            # Translators: {name} is the picked figure's name ("Dragon")
            first = _("Careful: every move of this {name} loses your Overlord.").format(
                name=name)
        return f"{first} {_marks_said(marks)}"
    if danger:
        return _("Careful: {danger_legend}").format(danger_legend=danger_legend(marks))
    if pick.rune:
        return _("Click a marked square to move the {name} with Rune {rune}.").format(
                   name=name, rune=pick.rune)
    if pick.teleports():
        return (_("Click a marked square (ring: a capture; digits: choose a Rune). Rune 5 "
                  "would teleport it to any empty square: pick it to see them."))
    if pick.rune is None and any(m.rune == 5 for m in pick.matching()):
        return _("Only a Teleport (Rune 5) moves it: click a small circle to teleport there.")
    return _("Click a marked square. Ring: a capture; digits: several Runes get there.")


def _recruit_text(c: OverlordsController) -> str:
    """Rune 6 and a Fate stone picked: where the recruit may go."""
    pick = c.pick
    if pick.rune != 6 or pick.fate is None:
        return ""
    name = names.figure(pick.fate)
    if c.targets:
        return _("Click a marked Source to recruit a {name} there.").format(name=name)
    return _("No Source can take a {name} now: pick other stones.").format(name=name)


def _stones_text(c: OverlordsController) -> str:
    """Stones picked, no figure: which figures they move."""
    pick = c.pick
    if not (pick.rune or pick.fate is not None):
        return ""
    if not pick.movable():
        return _("No figure can move with those stones: pick others.")
    if pick.rune and pick.fate is not None:
        return _("Now click a circled figure.")
    other = _("a Fate stone") if pick.rune else _("a Rune stone")
    return _("Now click a circled figure, or pick {other}.").format(other=other)


def hint_status(c: OverlordsController) -> str:
    """The status line while a hint is asked for or shown ("" otherwise): what to click
    first (in a small window the rest wraps smaller, and the whole text is a hover away)."""
    if c.scene.hint_asked:
        return _("Hint: the {hint_level} level is thinking…").format(hint_level=HINT_LEVEL)
    move = c.hint
    if move is None:
        return ""
    state = c.scene.match.state
    words = move_words(move, state)
    where = _("press Discard") if move.is_discard else _("click {square}").format(
                                                        square=rules.GRID.name(move.to))
    if _doomed(c, move):  # said only where every move, the hint's too, was judged losing;
        # first, after what to click: in a small window the explanation may wrap away
        return (_("Hint: {where}. No move is safe any more: every one loses the Overlord by "
                  "force. {words}.").format(where=where, words=words))
    why = hint_reason(state, move)  # why, in place of the move's long name (the board and
    # the ringed stones show the move, the legend (L) the Runes; the long name is the hint's
    # words when the engine has no reason)
    if not why:
        return _("Hint: {where}. {words}.").format(where=where, words=words)
    return _("Hint: {where}: {why}.").format(where=where, why=why)


def _doomed(c: OverlordsController, move: rules.Move) -> bool:
    """True when the verdicts prove that every move, this one included, loses."""
    t = c.threats
    if t is None or t.any_safe() is not False:
        return False
    verdict = t.verdict(move)
    return verdict is not UNKNOWN and verdict is not None


def threat_text(c: OverlordsController) -> str:
    """"Your Overlord is attacked by ..." on a person's turn while it is, and the warning
    when a side is one Source from winning; else ""."""
    t = c.threats
    attack = t.attack_text() if t is not None and c.scene.my_turn else ""
    sources = sources_warning(c.scene.match.state, _viewer(c))
    return " ".join(part for part in (attack, sources) if part)


def danger_legend(marks: TargetMarks) -> str:
    """The status line's key to the loss marks shown."""
    if marks.with_mark(LOSES) and marks.with_mark(FORCED):
        return _("a ! loses your Overlord at once, a 2 diamond two moves on: point at one to "
                 "see why.")
    if marks.with_mark(LOSES):
        return _("a ! loses your Overlord at once: point at one to see why.")
    return _("a 2 diamond loses your Overlord two moves on: point at one to see why.")


def _marks_said(marks: TargetMarks) -> str:
    """The loss marks shown, in a sentence of their own (after "every move loses")."""
    if marks.with_mark(LOSES) and marks.with_mark(FORCED):
        return _("A ! loses at once, a 2 diamond two moves on. Point at one to see why.")
    if marks.with_mark(LOSES):
        return _("A ! loses at once. Point at one to see why.")
    return _("A 2 diamond loses two moves on. Point at one to see why.")


def hover_danger(c: OverlordsController) -> str:
    """Why the target under the pointer loses ("2O e6-h3: after this, ..."), or, while the
    Overlord is attacked, that it saves it (a shield); ""."""
    sq = c.scene.view.board.square_at(c.scene.hover)
    if sq is None or sq not in c.targets or c.threats is None:
        return ""
    state = c.scene.match.state
    offered = c.offered(c.targets[sq])
    for move in offered:
        verdict = c.threats.verdict(move)
        if verdict is not UNKNOWN and verdict is not None:
            text = move_danger(state, move, verdict)
            others = [m for m in offered if c.threats.verdict(m) is None]
            if others:
                text += " " + _("Rune {rune} there is safe.").format(rune=others[0].rune)
            return text
    if c.threats.attacked and sq in c.target_marks().with_mark(SHIELD):
        return _("{offered}: your Overlord is then safe from the next two moves.").format(
                   offered=offered[0])
    return ""


def _attacked_hint(c: OverlordsController, threats: Threats) -> str:
    """What to do while the Overlord is attacked: the moves with a shield save it."""
    pick, state = c.pick, c.scene.match.state
    if threats.saving() is False:
        return _("No move saves your Overlord. Click a figure to see its moves.")
    marks = c.target_marks()
    complete, safe = marks.complete, marks.with_mark(SHIELD)
    if pick.figure is not None or (pick.rune == 6 and pick.fate is not None):
        if complete and not safe:
            what = (_("move of this {figure}").format(
                        figure=names.figure(state.figure(pick.figure)[1]))
                    if pick.figure is not None else _("recruit here"))
            return _("No {what} saves your Overlord: try another figure or other stones.").format(
                what=what)
        if marks.with_mark(LOSES, FORCED):
            return _("A shield saves your Overlord; a ! or a 2 does not: point at one to see "
                     "why.")
        return _("A shield marks a move that keeps it safe from the next two moves.")
    if (pick.rune or pick.fate is not None) and pick.movable():
        return (_("Click a circled figure: a shield marks a move that keeps it safe from the "
                  "next two moves."))
    if pick.rune or pick.fate is not None:
        return _("No figure can move with those stones: pick others.")
    return (_("Click a figure: a shield marks a move that keeps it safe from the next two "
              "moves."))


# What the status says on a live turn, asked in this order: the first that has words wins
# (pointing at a marked square says why, attacked or not).
HINT_LADDER: tuple[Callable[[OverlordsController], str], ...] = (
    hint_status, _discard_text, hover_danger, _attack_text, _figure_text, _recruit_text,
    _stones_text,
)
