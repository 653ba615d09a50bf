"""Undo across another person's turn asks first (both games).

At a shared table (two or more people), Undo takes back turns to the previous turn of a
person (`common.match.Match.undo`): often another person's turn, and with it the CPU turns
between. Nobody should lose a move without being asked, so the game screen asks before such an
undo: "Take back Bob's turn?", with Cancel as the default (Enter keeps the game as it is).
Undoing one's own turn (and the CPU's answer), or the turn being made, asks nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common.i18n import N_, _, ngettext
from common.ui.scenes.dialog_scene import Dialog

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


def others_undone(match: Any) -> list[int]:
    """The people, other than the one at the table now, whose turns Undo would take back
    (in the order undone); [] with fewer than two people. The one at the table is the person
    to move, or, in a finished game, the player of the last turn."""
    if match.humans < 2:
        return []
    taken = match.undo_takes()
    if not taken:
        return []
    asker = match.mover(taken[0]) if match.over else match.to_move
    people: list[int] = []
    for index in taken:
        player = match.mover(index)
        if match.is_human(player) and player != asker and player not in people:
            people.append(player)
    return people


def question(match: Any, people: list[int]) -> tuple[str, str]:
    """The dialog's title and line: "Take back Bob's turn?" and what goes with it."""
    shown = [match.name(p) for p in people]
    names = shown[0] if len(shown) == 1 else _("{first} and {last}").format(
        first=", ".join(shown[:-1]), last=shown[-1])
    taken = match.undo_takes()
    cpus = sum(1 for i in taken if not match.is_human(match.mover(i)))
    back = match.name(match.mover(taken[-1]))
    if len(people) == 1:
        title = _("Take back {names}'s turn?").format(names=names)
        turns = _("{names}'s turn").format(names=names)
    else:
        title = _("Take back the turns of {names}?").format(names=names)
        turns = _("the turns of {names}").format(names=names)
    if cpus:
        # Translators: {turns} is "Bob's turn" or "the turns of Ann and Bob"
        line = ngettext("Undo takes back {turns} and {count} CPU turn; then it is {back}'s "
                        "turn again. Ask {names} first.",
                        "Undo takes back {turns} and {count} CPU turns; then it is {back}'s "
                        "turn again. Ask {names} first.", cpus)
    else:
        line = _("Undo takes back {turns}; then it is {back}'s turn again. Ask {names} first.")
    return title, line.format(turns=turns, count=cpus, back=back, names=names)


def ask_first(scene: GameScene, undo: Callable[[], None]) -> bool:
    """If Undo would take back another person's turn, ask (Undo runs `undo` if confirmed) and
    return True; else False (the caller undoes at once)."""
    people = others_undone(scene.match)
    if not people:
        return False
    title, line = question(scene.match, people)
    scene.app.push(Dialog(scene.app, title, [line],
                          [(N_("Undo"), undo), (N_("Cancel"), lambda: None)], cancel=lambda: None,
                          default=1))
    return True
