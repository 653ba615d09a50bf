"""Asking the seats no person plays, and the Hint, through `common.seats.SeatRunner`s.

`SeatDriver` holds one runner per seat, made on the seat's first turn from its `SeatSpec`: a
CPU level or `random` (`common.ui.cpu.CpuRunner.seat`, the app's one worker process), or an
outside program (`common.ui.bots.BotRunner`). Each frame of such a turn the game screen calls
`drive(dt)`: the seat is asked once, the answer is polled (never waited for) and handed back
after `MIN_THINK` seconds at least (scaled by the animation setting), so a move can be followed.
With the `fast_cpu` setting on, a turn in a CPU-only stretch (`fast_turn`: the seat after it is
no person's either, or no person plays at all) pauses only `FAST_THINK` of that.
A bot that fails comes back as a `Forfeit`; `drive_turn` and `forfeit` are what the shared
game screen does with the answer (play it, or the seat forfeits). Before a CPU level's seat is
asked, `drive_turn` lets it resign when it can no longer win (`common.ai.levels.gives_up`,
with the `cpu_resigns` setting on, and not in a lesson or a puzzle: `GameScene.may_resign`).

`HintAsker` asks the `normal` level, with its calibrated node budget fixed so the same position
always gets the same hint, through the same kind of runner.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common.i18n import _
from common.protocol import Forfeit, IllegalMoveError
from common.seats import Ask, SeatRunner, SeatSpec
from common.ui import game_menu
from common.ui.bots import BotRunner, forfeit_words
from common.ui.tween import SPEEDS

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene

MIN_THINK = 0.45  # seconds a CPU or bot seems to think at least, so its move can be followed
FAST_THINK = 0.2  # the pause's fraction in a CPU-only stretch with the fast_cpu setting on


class SeatDriver:
    """The runners of one game's seats (see the module docstring)."""

    def __init__(self, app: Any, seats: dict[int, SeatSpec]) -> None:
        self.app = app
        self.seats = seats
        self.runners: dict[int, SeatRunner] = {}
        self.since: float | None = None  # seconds the seat to move has been asked for
        self.asked: int | None = None  # the seat asked
        app.cpu.new_game()  # a search that failed in an earlier game gets a fresh worker
        if any(spec.searches for spec in seats.values()):
            app.cpu.prepare()  # the worker process starts in the background

    def runner(self, player: int) -> SeatRunner:
        """The seat's runner (made on first use)."""
        if player not in self.runners:
            spec = self.seats[player]
            if spec.is_bot:
                self.runners[player] = BotRunner(spec.command or "", self.app.bot_timeout)
            else:
                self.runners[player] = self.app.cpu.seat(spec)
        return self.runners[player]

    @property
    def thinking(self) -> bool:
        """True while a seat is being asked (the spinner turns)."""
        return self.asked is not None

    def drive(self, player: int, dt: float, ask: Callable[[], Ask], fast: bool = False) -> Any:
        """One frame of `player`'s turn: ask it once (`ask()` makes the question), then its
        answer once it came and MIN_THINK passed (FAST_THINK of it if `fast`), else None; a
        `Forfeit` (returned, not raised) if its bot failed."""
        runner = self.runner(player)
        if self.asked != player:
            self.stop()
            runner.start(ask())
            self.asked, self.since = player, 0.0
            return None
        self.since = (self.since or 0.0) + dt
        pause = MIN_THINK * SPEEDS.get(self.app.settings.animation, 1.0)
        if self.since < pause * (FAST_THINK if fast else 1.0):
            return None
        try:
            move = runner.poll()
        except Forfeit as err:
            move = err
        if not self.seats[player].is_bot:
            warning = self.app.cpu.take_warning()
            if warning:
                self.app.toast(warning, 4.0)
        if move is not None:
            self.asked = self.since = None
        return move

    def stop(self) -> None:
        """Drop what a seat is thinking about (undo, resign): nothing waits for it."""
        for runner in self.runners.values():
            runner.cancel()
        self.asked = self.since = None

    def close(self) -> None:
        """Leaving the game or at its end: stop the bots' programs too."""
        self.stop()
        for runner in self.runners.values():
            runner.close()
        self.runners.clear()


def hint_spec(engine: Any) -> SeatSpec:
    """The seat the hint asks (`common.ai.levels.hint_seat`, imported only when asked)."""
    from common.ai.levels import hint_seat

    return hint_seat(engine)


class HintAsker:
    """The Hint's question: asked through a CPU runner, polled every frame."""

    def __init__(self, app: Any, engine: Any) -> None:
        self.app = app
        self.engine = engine
        self._runner: SeatRunner | None = None
        self.state: Any = None  # the position asked about, while asking

    @property
    def asked(self) -> bool:
        """True while the question waits for its answer."""
        return self.state is not None

    def start(self, ask: Ask) -> None:
        """Ask for the move in `ask.state` (the worker starts in the background if needed)."""
        if self._runner is None:
            self._runner = self.app.cpu.seat(hint_spec(self.engine))
        self.state = ask.state
        self._runner.start(ask)

    def poll(self) -> Any:
        """The hinted move once it came (the question is then over), else None."""
        if self._runner is None or self.state is None:
            return None
        move = self._runner.poll()
        if move is not None:
            self.state = None
        return move

    def cancel(self) -> None:
        """Drop the question."""
        if self._runner is not None and self.state is not None:
            self._runner.cancel()
        self.state = None


# a turn of the game screen ------------------------------------------------------------

def fast_turn(app: Any, match: Any, player: int) -> bool:
    """True if `player`'s turn may go faster (the `fast_cpu` setting, for the pause here and
    a game's CPU animations): no person plays it, and none waits to see it: the seat after
    it in turn order is no person's either, or no person plays at all."""
    if not app.settings.fast_cpu or match.is_human(player):
        return False
    order = tuple(match.game.players(match.state))
    if match.humans == 0 or player not in order:
        return match.humans == 0
    return not match.is_human(order[(order.index(player) + 1) % len(order)])


def drive_turn(scene: GameScene, dt: float) -> None:
    """A turn no person plays: its runner is asked and its answer played (or, at its start,
    a CPU seat that can no longer win resigns)."""
    m = scene.match
    why = resigns(scene, m.to_move) if scene.seats.asked != m.to_move else ""
    if why:
        cpu_resigns(scene, m.to_move, why)
        return
    fast = fast_turn(scene.app, m, m.to_move)
    move = scene.seats.drive(m.to_move, dt, lambda: _ask(scene), fast)
    if move is None:
        return
    player, spec = scene.match.to_move, scene.match.seats[scene.match.to_move]
    if isinstance(move, Forfeit):
        forfeit(scene, player, str(move))
        return
    try:
        scene.play(move)
    except IllegalMoveError as err:
        if spec.is_bot:
            forfeit(scene, player, _("played {move}: {err}").format(move=move, err=err))
        else:
            scene.app.toast(_("The CPU chose an illegal move; it will choose again"))


def _ask(scene: GameScene) -> Ask:
    """The question to the seat to move (a bot gets the record so far)."""
    m = scene.match
    seed = int(m.info.get("seed") or 0) * 1000 + len(m.moves)
    scene.invalidate()  # the spinner starts
    return Ask(m.game.NAME, m.state, seed, m.record() if m.seats[m.to_move].is_bot else None)


def resigns(scene: GameScene, player: int) -> str:
    """Why `player`, a CPU level's seat, resigns now, or "": it can no longer win, the
    `cpu_resigns` setting is on, and the screen is a game (a lesson or a puzzle plays its
    position out)."""
    m = scene.match
    if not (scene.may_resign and scene.app.settings.cpu_resigns and m.seats[player].searches):
        return ""
    from common.ai.levels import gives_up  # the search package, only when a CPU plays

    return gives_up(m.game, m.state)


def cpu_resigns(scene: GameScene, player: int, why: str) -> None:
    """A CPU seat that can no longer win gives up: with two seats in the other wins (the
    game-over overlay says why), with more it leaves and the others play on."""
    name = scene.match.name(player)
    game_menu.leave(scene, player, "resign", _("{name} resigns: {why}.").format(
                                                 name=name, why=why), _("{name} resigns").format(
                                                                            name=name),
                    ("elimination", 0.6))


def forfeit(scene: GameScene, player: int, message: str) -> None:
    """A bot failed: its seat loses (reason "forfeit"), and the screen says why."""
    m = scene.match
    name, spec = m.name(player), m.seats[player]
    print(_("{name} ({describe}) forfeits: {message}").format(
              name=name, describe=spec.describe(), message=message), file=sys.stderr)
    words = forfeit_words(message, spec.command or "")
    game_menu.leave(scene, player, "forfeit", _("{name}'s bot forfeits: {words}.").format(
                                                  name=name, words=words),
                    _("{name}'s bot forfeits").format(name=name), ("illegal", 0.6))
