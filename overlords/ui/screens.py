"""The Overlords screens, the factory the registry's `screens` offers (the same functions in
both games): new game, setup, the game itself on the shared game screen, a saved game, a lesson.

`new_game_scene(app)` opens the new-game dialog; `play_scene(app, seats, seed)` opens a game
straight away (the `play` command), through the setup of its figures; `resume_scene(app,
replay)` opens a saved game. The game screen is `common.ui.game_scene.GameScene` built from a
`Match`, an `OverlordsController` (what a click means: `controller.py`) and an
`OverlordsView` (what is drawn: `view.py`). Every legal target comes from the engine
(`legal_moves`), every refusal is the engine's reason (`find_move`, `explain`); the screen
only shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from common.i18n import _
from common.match import Match
from common.record import Replay
from common.seats import SeatSpec, recorded_seats
from common.ui.bots import is_bot
from common.ui.game_scene import GameScene
from common.ui.resume import record_seed, shown_finished
from common.ui.scene import Scene
from overlords import names, rules
from overlords.ui.controller import OverlordsController
from overlords.ui.new_game import NewGameScene, random_seed
from overlords.ui.rules_pictures import rules_picture  # noqa: F401  (the Rules screen's pictures)
from overlords.ui.setup_scene import SetupScene
from overlords.ui.view import OverlordsView


def menu_tokens(size: int, pal) -> list:
    """Two figures for the main menu: an Overlord of each side, in the palette's colours."""
    from common.ui import assets

    art = [assets.svg(f"art/overlords/{name}.svg", (size, size), side)
           for name, side in (("overlord", pal.sides[0]), ("dragon", pal.sides[1]))]
    return [a for a in art if a is not None]


def new_game_scene(app) -> Scene:
    """The new-game dialog."""
    return NewGameScene(app)


def play_scene(app, seats: Sequence[SeatSpec | str], seed: int | None = None,
               first: int | None = None) -> Scene:
    """A game between these seats (human, CPU level or cmd: bot) on the board of seed, from
    the setup of its figures (`first` is ignored: White always moves first)."""
    specs = [SeatSpec.parse(s) for s in seats]
    return SetupScene(app, specs, random_seed() if seed is None else seed)


def net_setup_scene(app, initial: rules.State, side: int, seed: int,
                    done: Callable[[dict], None]) -> Scene:
    """One side's setup of its figures at a network table (`done` gets the setup as a record
    writes it, and publishes it)."""
    from overlords.ui.net_setup import NetSetupScene

    return NetSetupScene(app, initial, side, seed, done)


def scene_parts(app, match: Match) -> tuple[OverlordsController, OverlordsView]:
    """The controller and the view of an Overlords match's screen (the lessons and the
    puzzles build their screen from these too)."""
    return OverlordsController(), OverlordsView()


def scene_for(app, match: Match, rematch: Callable[[], Scene] | None = None) -> GameScene:
    """The game screen of an Overlords match (`rematch`: what the Rematch button opens)."""
    return GameScene(app, match, *scene_parts(app, match), rematch=rematch)


def rematch(app, seats: list[SeatSpec], seed: int) -> Callable[..., Scene]:
    """What Rematch opens: the same players with colours swapped (White's seat plays Black),
    setting up on the same board (the seed's features), as a return game would be; `change`
    (the game-over panel's next level) turns each seat into the one to play."""
    def again(change: Callable[[SeatSpec], SeatSpec] | None = None) -> Scene:
        specs = [change(s) for s in seats] if change else seats
        return SetupScene(app, [specs[1], specs[0]], seed)

    return again


def game_scene(app, state: rules.State, seats: Sequence[SeatSpec | str],
               seed: int) -> GameScene:
    """The game screen for a set-up position (the record keeps the board seed); Rematch sets
    up the same players, colours swapped, on the same board."""
    specs = [SeatSpec.parse(s) for s in seats]
    return scene_for(app, Match(rules, state, specs, info={"seed": seed}),
                     rematch(app, specs, seed))


def resume_scene(app, replay: Replay, keep_bots: bool = False) -> Scene:
    """A saved game (a replayed record): play on, or look back if it is finished. Each side
    comes back as the record says (a person, a CPU level); a side a bot played goes to a
    person unless `keep_bots` (the player chose to start the program again)."""
    players = replay.record.get("players")
    specs = recorded_seats(players, list(rules.SIDE_NAMES), keep_bots)
    bots = [side for side, label in enumerate(rules.SIDE_NAMES)
            if isinstance(players, dict) and isinstance(players.get(label), str)
            and is_bot(players[label]) and not keep_bots]
    if bots and replay.final.result is None:
        app.toast(_("White and Black played by a bot program: now by you") if len(bots) == 2
                  else _("{side} played by a bot program: now by you").format(
                      side=names.side(bots[0])), 4.0)
    seed = record_seed(replay.record) or 0
    match = Match.from_replay(replay, specs, info={"seed": seed})
    return shown_finished(scene_for(app, match, rematch(app, list(match.seats.values()), seed)))


def lesson_scene(app, lessons, index: int = 0):
    """A lesson of this game on its own game screen (`common.ui.lesson_scene`)."""
    from common.ui.lesson_scene import LessonScene

    return LessonScene(app, "overlords", lessons, index)
