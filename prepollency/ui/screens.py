"""The Prepollency screens, the factory the registry's `screens` offers (the same functions in
both games): the new-game dialog, the game screen, a saved game, a lesson.

`play_scene(app, seats, seed, first, names, colours)` opens a game of 2, 3 (the variant) or 4
players: the shared game screen (`common.ui.game_scene.GameScene`) over a `common.match.Match`,
with this game's `TurnController` (what the mouse means) and `PrepollencyView` (how it is
drawn). `resume_scene(app, replay)` opens a saved game (names and colours ride along in the
record as extra keys). `new_game_scene(app)` is the dialog (`prepollency.ui.new_game`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from common.i18n import _
from common.match import Match
from common.record import Replay
from common.seats import SeatSpec, recorded_seats
from common.ui.game_scene import GameScene
from common.ui.names import clean_name
from common.ui.resume import record_seed, shown_finished
from common.ui.scene import Scene
from prepollency import rules
from prepollency.moves import KHAN
from prepollency.state import SEATS_FOR
from prepollency.ui import colours as C
from prepollency.ui.controller import TurnController
from prepollency.ui.new_game import NewGameScene
from prepollency.ui.rules_pictures import rules_picture  # noqa: F401  (the Rules pictures)
from prepollency.ui.view import PrepollencyView


def menu_tokens(size: int, pal) -> list:
    """Two pieces for the main menu: Red's Khan and Blue's Cavalry, in the palette's colours."""
    from prepollency.moves import CAVALRY
    from prepollency.ui.art import piece, tones_for

    tones = tones_for({1: "red", 2: "blue"}, pal.name)
    return [piece(KHAN, tones[1], size), piece(CAVALRY, tones[2], size)]


def new_game_scene(app) -> Scene:
    """The new-game dialog."""
    return NewGameScene(app)


def play_scene(app, seats: Sequence[SeatSpec | str], seed: int | None = None,
               first: int | None = None, names: Mapping[int, str] | None = None,
               colours: Mapping[int, str] | None = None) -> GameScene:
    """A new game between these seats (one spec each: 2, 3 or 4 of them, in seat order);
    `first` the seat to start (None: drawn from the seed, as the rule sheet suggests)."""
    if seed is None:
        seed = random.randrange(1, 1_000_000)
    engine_seats = SEATS_FOR.get(len(seats))
    if engine_seats is None:
        raise ValueError(_("Prepollency is for 2, 3 or 4 players, not {count}").format(
                             count=len(seats)))
    if first is None:
        first = random.Random(seed).choice(engine_seats)
    initial = rules.new_state(random.Random(seed), len(seats), first)
    specs = {seat: SeatSpec.parse(spec) for seat, spec in zip(engine_seats, seats, strict=True)}
    names = {s: n for s, n in (names or {}).items() if s in engine_seats and n}
    keys = _colour_keys(colours, engine_seats)
    match = Match(rules, initial, specs, names=names,
                  info={"seed": seed, "colours": {str(s): k for s, k in keys.items()}})

    return _scene(app, match, keys, _rematch(app, engine_seats, specs, names, keys, seed))


def resume_scene(app, replay: Replay, keep_bots: bool = False) -> GameScene:
    """A saved game: play on, or look back at it if it is finished. Each seat comes back as
    the record says (a person, a CPU level); a seat a bot program played goes to a person
    unless `keep_bots` (the player chose to start the program again)."""
    record = replay.record
    seats = tuple(rules.players(replay.initial))
    chosen = recorded_seats(record.get("players"), [str(s) for s in seats], keep_bots)
    specs: dict[int, Any] = dict(zip(seats, chosen, strict=True))
    names = _read_map(record.get("names"), seats)
    # a default name (a colour's, maybe saved in another language) in the player's language
    names = {s: C.shown_name(clean_name(n)) for s, n in names.items() if clean_name(n)}
    keys = _colour_keys(_read_map(record.get("colours"), seats), seats)
    seed = record_seed(record)
    info: dict[str, Any] = {"colours": {str(s): k for s, k in keys.items()}}
    if seed is not None:
        info["seed"] = seed
    match = Match.from_replay(replay, specs, names=names, info=info)
    return shown_finished(_scene(app, match, keys, _rematch(app, seats, specs, names, keys,
                                                            seed)))


def _rematch(app, seats: tuple[int, ...], specs: Mapping[int, Any], names: Mapping[int, str],
             keys: Mapping[int, str], seed: int | None):
    """What Rematch opens: the same players, each moved on to the next seat's corner (with
    two players, corners swapped), on the same board (the opening is fixed) with the same seed
    (the seat drawn to start is the same seat, now someone else's). Each player keeps its
    name AND its colour: "Green" (the dialog's default name) plays green pieces from its new
    corner, so no name ever says another colour than the pieces it plays."""
    turn = {seat: seats[(i - 1) % len(seats)] for i, seat in enumerate(seats)}  # who sits here

    def rematch(change: Any = None) -> GameScene:
        moved = {seat: names[turn[seat]] for seat in seats if turn[seat] in names}
        worn = {seat: keys[turn[seat]] for seat in seats if turn[seat] in keys}
        played = [specs[turn[s]] for s in seats]  # `change`: the game-over panel's next level
        return play_scene(app, [change(p) for p in played] if change else played, seed, None,
                          moved, worn)

    return rematch


def scene_parts(app, match: Match, keys: Mapping[int, str] | None = None
                ) -> tuple[TurnController, PrepollencyView]:
    """The controller and the view of a Prepollency match's screen (`keys`: the seats'
    colours, default each seat's own; the lessons build their screen from these too)."""
    keys = _colour_keys(None, tuple(match.players)) if keys is None else keys
    view = PrepollencyView(app, tuple(match.players), dict(keys))
    return TurnController(view), view


def _scene(app, match: Match, keys: Mapping[int, str], rematch) -> GameScene:
    return GameScene(app, match, *scene_parts(app, match, keys), rematch=rematch)


def _colour_keys(colours: Mapping[Any, Any] | None, seats: tuple[int, ...]) -> dict[int, str]:
    from prepollency.ui.colours import seat_colours

    given = {int(s): k for s, k in (colours or {}).items() if _seat_key(s)}
    return seat_colours(given, seats)


def _read_map(data: Any, seats: tuple[int, ...]) -> dict[int, str]:
    """A record's {"1": "text", ...} for the game's seats (anything else dropped)."""
    if not isinstance(data, dict):
        return {}
    return {int(k): v for k, v in data.items()
            if _seat_key(k) and int(k) in seats and isinstance(v, str)}


def _seat_key(key: Any) -> bool:
    """True for a seat's key as records and settings write it ("1" to "4", or the number):
    not "²" or "①", which `str.isdigit` takes and `int` refuses (a bad key is ignored)."""
    return isinstance(key, int | str) and not isinstance(key, bool) and str(key) in SEAT_KEYS


SEAT_KEYS = ("1", "2", "3", "4")


def lesson_scene(app, lessons, index: int = 0):
    """A lesson of this game on its own game screen (`common.ui.lesson_scene`)."""
    from common.ui.lesson_scene import LessonScene

    return LessonScene(app, "prepollency", lessons, index)
