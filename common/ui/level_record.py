"""The player's record against the CPU levels, and the next level to try, on the game-over panel.

A finished game counts when one person played it and every other seat was a CPU level
(`novice`, `easy`, `normal`, `hard`; not the `random` player): its result from the person's side
(a win, a loss, a draw) goes to each level that played in it (`Progress.record_game`, kept in
`learn.json` with the lessons), once per game screen: a game taken back and finished again
keeps the result it was first counted with. The panel then says the record ("Record against
Novice: 2 wins, 1 loss") and, after a win, the level to try next ("You beat Novice! Try Easy
next."), with a button that starts the rematch with the CPU seats at that level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from common import progress
from common.i18n import _
from common.seats import CPU, SeatSpec
from common.ui.cpu import cpu_levels, level_label, next_level

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


@dataclass(frozen=True)
class Verdict:
    """What the game-over panel adds: lines of text, and the level to try next (after a win
    against the strongest level there is none)."""

    lines: list[str]
    next_level: str | None = None

    @property
    def button(self) -> str:
        """The label of the button that starts the rematch at the next level."""
        return _("Try {level_label}").format(
            level_label=level_label(self.next_level)) if self.next_level else ""


def levels_of(match: Any) -> list[str]:
    """The CPU levels of a game that counts (one person, every other seat a CPU level), in
    seat order; [] for any other game."""
    people = [p for p in match.players if match.is_human(p)]
    if len(people) != 1:
        return []
    levels: list[str] = []
    for player in match.players:
        spec = match.seats[player]
        if spec.is_human:
            continue
        if spec.kind != CPU or not spec.level:
            return []  # a bot program or the random player: no level to keep a record of
        if spec.level not in levels:
            levels.append(spec.level)
    return levels


def person_outcome(match: Any) -> str:
    """"win", "loss" or "draw", for the one person of a finished game."""
    winner = match.result.winner
    if winner is None:
        return "draw"
    return "win" if match.is_human(winner) else "loss"


def strongest(levels: list[str]) -> str:
    """The strongest of these levels."""
    order = cpu_levels()
    return max(levels, key=lambda lv: order.index(lv) if lv in order else -1)


def note(scene: GameScene) -> Verdict | None:
    """Count the finished game of `scene` (once) and say what the panel adds; None for a
    game that does not count."""
    match = scene.match
    levels = levels_of(match)
    if not levels or match.result is None:
        return None
    game, outcome = match.game.NAME, person_outcome(match)
    held = progress.of_app(scene.app)
    if scene.count_result():
        for level in levels:
            held.record_game(game, level, outcome)
        problem = held.save()
        if problem:
            scene.app.toast(problem, 3.0)
    lines = []
    after = None
    if outcome == "win":
        beaten = strongest(levels)
        after = next_level(beaten)
        name = level_label(beaten)
        lines.append(_("You beat {name}! Try {level_label} next.").format(
                         name=name, level_label=level_label(after)) if after
                     else _("You beat {name}, the strongest level!").format(name=name))
    for level in levels:
        lines.append(_("Record against {level_label}: {words}").format(
                         level_label=level_label(level),
                         words=held.record_against(game, level).words()))
    return Verdict(lines, after)


def lifted(level: str):
    """The seat change of a rematch at `level`: every CPU seat plays that level (at its time
    budget); people and bots stay."""
    def change(spec: SeatSpec) -> SeatSpec:
        return SeatSpec(CPU, level=level) if spec.kind == CPU else spec

    return change
