"""What the Overlords status area says on a live turn: whose turn it is, what the player may
do now with what is picked, the attack on the Overlord, the hint. The shared game screen says
the rest (review, game over, a refusal) and draws it.

Plain Python (no pygame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from common.seats import HINT_LEVEL
from common.ui.game_panel import Status, waiting_status
from overlords import rules
from overlords.ui.hint import hint_words

if TYPE_CHECKING:
    from overlords.ui.controller import OverlordsController


def live_status(c: OverlordsController) -> Status:
    """The status of a live turn (a person's, a CPU's or a bot's)."""
    m = c.scene.match
    side = m.to_move
    if not m.is_human(side):
        return waiting_status(c.scene, side, "its stones and its move")
    title = "Your turn" if m.humans == 1 else f"{m.name(side)} to move"
    return Status(title, side, hint_text(c), threat_text(c))


def hint_text(c: OverlordsController) -> str:
    """What the player may do now, in a sentence."""
    pick, state = c.pick, c.scene.match.state
    hint = hint_status(c)
    if hint:
        return hint
    attacked = c.threats is not None and c.threats.attacked
    if rules.must_discard(state):
        if attacked:
            return ("No stone pair can move anything, so nothing saves your Overlord. "
                    "Pick a Rune and a Fate, then Discard.")
        return "No stone pair can move anything. Pick a Rune and a Fate, then Discard."
    if attacked:
        return _attacked_hint(c)
    if pick.figure is not None:
        name = rules.TYPE_NAMES[state.figure(pick.figure)[1]]
        danger, _, complete = c.target_marks()
        if complete and danger and danger == set(c.targets):
            return f"Careful: every move of this {name} leaves your Overlord open to capture."
        if danger:
            return "Careful: a square with a red ! leaves your Overlord open to capture."
        if pick.rune:
            return f"Click a marked square to move the {name} with Rune {pick.rune}."
        if any(m.rune == 5 for m in pick.matching()):
            return "Click a marked square. Digits: the Runes; ring: capture; small dot: Teleport."
        return "Click a marked square. Digits: the Runes that get there; ring: a capture."
    if pick.rune == 6 and pick.fate is not None:
        name = rules.TYPE_NAMES[pick.fate]
        if c.targets:
            return f"Click a marked Source to recruit a {name} there."
        return f"No Source can take a {name} now: pick other stones."
    if pick.rune or pick.fate is not None:
        if pick.movable():
            return "Now click a circled figure, or pick the other stone."
        return "No figure can move with those stones: pick others."
    return "Click a figure to see its moves, or pick a Rune and a Fate stone."


def hint_status(c: OverlordsController) -> str:
    """The status line while a hint is asked for or shown ("" otherwise)."""
    if c.scene.hint_asked:
        return f"Hint: the {HINT_LEVEL} level is thinking…"
    move = c.hint
    if move is None:
        return ""
    text = f"Hint: {hint_words(move, c.scene.match.state)}. "
    if move.is_discard:
        return text + "Press Discard to play it."
    return text + f"Click {rules.GRID.name(move.to)} to play it."


def threat_text(c: OverlordsController) -> str:
    """"Your Overlord is attacked by ..." on a person's turn while it is; else ""."""
    t = c.threats
    return t.attack_text() if t is not None and c.scene.my_turn else ""


def _attacked_hint(c: OverlordsController) -> str:
    """What to do while the Overlord is attacked: the moves with a shield save it."""
    pick, state = c.pick, c.scene.match.state
    if c.threats.saving() is False:
        return "No move saves your Overlord. Click a figure to see its moves."
    _, safe, complete = c.target_marks()
    if pick.figure is not None or (pick.rune == 6 and pick.fate is not None):
        if complete and not safe:
            what = ("move of this " + rules.TYPE_NAMES[state.figure(pick.figure)[1]]
                    if pick.figure is not None else "recruit here")
            return f"No {what} makes it safe: try another figure or other stones."
        return "Moves marked with a shield make it safe."
    if (pick.rune or pick.fate is not None) and pick.movable():
        return "Click a circled figure: moves marked with a shield make it safe."
    if pick.rune or pick.fate is not None:
        return "No figure can move with those stones: pick others."
    return "Click a figure: moves marked with a shield make it safe."
