"""What a game's coach module offers (`GAME/coach.py`, named by its facts' `coach_module`), and
the check of its guided first game. Plain Python, no pygame; nothing here names a game.

A coach module has:
- `advice(state, name) -> Remark | None`: what the player to move should hear before it plays;
- `comment(before, move, after, name) -> Remark | None`: what the player who just played `move`
  should hear about it (`name(player)`: how the screen names a player);
- `GUIDED`: the guided first game's script (`Guided`: the seed of its board or its first
  player, and its seats: a person against the first CPU level);
- `guided_start(rng) -> state`: the script's first position, as the engine builds it (the
  choices before the first turn, Overlords' setups, made as the CPU makes them).

Every sentence comes from the engine's verdicts (the game's tactics, its legal moves): the
coach module computes, never cans. A `Remark`'s key says which moment it is about, so the
screen says each moment once (`common.ui.coach`).

`check_guided(name)` is `learn --check`'s replay of a game's guided script: its first position
built, the person to move first, then the whole game played by the CPU level of the script on
both sides (from the script's seed: the same moves every run) with the coach asked before and
after every turn; each remark must be one sentence, and the coach must speak.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from common.i18n import _

MAX_PLIES = 400  # a guided game replayed longer than this is cut short (it is checked so far)
MAX_WORDS = 40  # a remark is one sentence a player reads at a glance


@dataclass(frozen=True)
class Remark:
    """One sentence of the coach, with the key of the moment it is about."""

    key: tuple
    text: str


@dataclass(frozen=True)
class Guided:
    """A guided first game's script: the seed (of the board, or of the CPU's choices), the
    seats' specs (the person first) and the seat that moves first where the game lets it be
    chosen (None: the game's rule, Overlords' White)."""

    seed: int
    seats: tuple[str, ...]
    first: int | None = None


def remark_problem(remark: Any) -> str | None:
    """What is wrong with a remark as a coach's sentence, or None."""
    if not isinstance(remark, Remark) or not isinstance(remark.text, str):
        return _("is not a Remark")
    text = remark.text
    if not text or text[-1] not in ".!" or len(text.split()) > MAX_WORDS:
        return _("is not one short sentence: {text!r}").format(text=text)
    return None


def check_guided(name: str) -> tuple[list[str], int]:
    """Replay a game's guided script (see the module): (one line per failure, remarks said)."""
    from common.ai.levels import make_cpu
    from common.games import get

    entry = get(name)
    coach, engine = entry.coach, entry.engine
    script = coach.GUIDED
    rng = random.Random(script.seed)
    where = _("{game} guided game (seed {seed})").format(game=name, seed=script.seed)
    try:
        state = coach.guided_start(rng)
    except Exception as err:  # the script is data: any failure is its problem, said
        return [_("{where}: its first position cannot be built: {problem}").format(
            where=where, problem=err)], 0
    out: list[str] = []
    if engine.players(state).index(engine.to_move(state)) != 0:
        out.append(_("{where}: the person does not move first").format(where=where))
    players = {p: make_cpu(engine, script.seats[1], rng) for p in engine.players(state)}
    said = 0

    def seat_name(player: Any) -> str:
        return entry.seat_names(player)

    for ply in range(MAX_PLIES):
        if engine.outcome(state) is not None:
            break
        said += _checked(coach.advice(state, seat_name), _("{where} ply {ply} advice").format(
            where=where, ply=ply + 1), out)
        move = players[engine.to_move(state)](state)
        after = engine.apply(state, move)
        said += _checked(coach.comment(state, move, after, seat_name),
                         _("{where} ply {ply} comment").format(where=where, ply=ply + 1),
                         out)
        state = after
    if not said:
        out.append(_("{where}: the coach said nothing in a whole game").format(where=where))
    return out, said


def _checked(remark: Any, where: str, out: list[str]) -> int:
    """1 if a remark was said and is sound; its problem appended to `out` otherwise."""
    if remark is None:
        return 0
    problem = remark_problem(remark)
    if problem is not None:
        out.append(f"{where} {problem}")
        return 0
    return 1


def check_all() -> tuple[list[str], int]:
    """Every registered game's guided script replayed: (failures, how many scripts)."""
    from common.games import GAMES

    out: list[str] = []
    count = 0
    for name, entry in GAMES.items():
        if entry.coach_module:
            count += 1
            out += check_guided(name)[0]
    return out, count
