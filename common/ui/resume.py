"""Opening a save, from the Load screen or the main menu's Continue: the game comes back as it
was saved (position, seats and their kinds: persons and CPU levels as they were) and goes on
saving into the same file; or it opens in review, from its first move.

A seat a bot program played is the one thing a file does not simply bring back: a save may
come from anywhere, and its command line is a program to run. So an unfinished game with bot
seats asks first, showing each command: **Start the bot again** (its seat plays on as before),
or **Play it myself** (the seat is a person's). A command that cannot be shown as it is
(control characters) or whose program is missing is never offered: that seat is a
person's, and the dialog says why. Finished games and reviews start nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from common import record as rec
from common.i18n import N_, _
from common.seats import SeatSpec
from common.ui import saves
from common.ui.bots import check_command
from common.ui.scenes.dialog_scene import Dialog

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene

SHOWN_COMMAND = 120  # characters of a bot's command line the question shows (a longer one is
# shortened on screen, and kept whole: an installed copy's example bot runs to 200 characters)


def open_entry(app: Any, entry: saves.Entry, *, review: bool = False, replace: bool = False,
               on_problem: Callable[[saves.Entry, str], None] | None = None,
               analyse: bool = False) -> None:
    """Resume (or review) a save; `replace` swaps the top scene for the game, else the game
    goes on top; `analyse`: its analysis starts (shown at once if the save keeps it). A save
    that cannot be replayed goes to `on_problem(entry, reason)`."""
    try:
        replay = saves.open_save(entry.path, app.games)
    except rec.RecordError as err:
        if on_problem is not None:
            on_problem(entry, saves.shown(str(err)))
        return

    from common.ui import net_resume

    net = net_resume.details(replay.record)
    if net is not None and not review and replay.game.outcome(replay.final) is None:
        net_resume.reconnect(app, entry, net, replace)  # back to the table
        return

    def start(keep_bots: bool) -> None:
        scene = app.screens(replay.game.NAME).resume_scene(app, replay, keep_bots=keep_bots)
        scene.keep_in(entry.path, entry.file.name)
        if review:
            scene.start_review(0)
        (app.replace if replace else app.push)(scene)
        if analyse:
            scene.review_end()  # the analysis starts from the final position
            scene.analysis.start()

    bots = [] if review or replay.game.outcome(replay.final) is not None else bot_seats(replay)
    if not bots:
        start(False)
        return
    _ask_about_bots(app, bots, start)


def _bot_lines(bots: list[tuple[str, str, str | None]]) -> list[str]:
    """One line per bot seat of a save: its program, or why it cannot be started again."""
    return [_("{who} was played by the program: {command}").format(
                who=who, command=saves.shown(command, SHOWN_COMMAND))
            if problem is None else _("{who} was played by a bot that cannot be started again "
                                      "({problem}): now by you.").format(who=who,
                                                                         problem=problem)
            for who, command, problem in bots]


def _ask_about_bots(app: Any, bots: list[tuple[str, str, str | None]],
                    start: Callable[[bool], None]) -> None:
    """Ask whether the save's bots start again (`start(True)`) or the person plays their
    sides (`start(False)`)."""
    offered = [(who, command) for who, command, problem in bots if problem is None]
    lines = _bot_lines(bots)
    if not offered:
        app.push(Dialog(app, N_("Continue this game"), lines, [(N_("Play on"),
                                                                lambda: start(False))],
                        cancel=lambda: None))
        return
    lines.append(_("Start it again, or play that side yourself?") if len(offered) == 1 else
                 _("Start them again, or play those sides yourself?"))
    app.push(Dialog(app, N_("Continue with the bot?"), lines, [
        (N_("Start the bot again") if len(offered) == 1 else N_("Start the bots again"),
         lambda: start(True)),
        (N_("Play it myself") if len(offered) == 1 else N_("Play them myself"),
         lambda: start(False)),
    ], cancel=lambda: None))


def bot_seats(replay: rec.Replay) -> list[tuple[str, str, str | None]]:
    """The record's bot seats: (seat name, command, why it cannot be
    started again or None)."""
    game, record = replay.game, replay.record
    players = record.get("players")
    if not isinstance(players, dict):
        return []
    out = []
    for player in game.players(replay.initial):
        label = str(game.player_label(player))
        try:
            spec = SeatSpec.parse(players.get(label, "human"))
        except ValueError:
            continue
        if not spec.is_bot:
            continue
        command = spec.command or ""
        problem = None
        if saves.shown(command, max(len(command), 1)) != command:  # shown shortened, kept whole
            problem = _("its command line cannot be shown as it is")
        else:
            reason = check_command(command)
            if reason is not None:
                problem = saves.shown(reason.rstrip("."), 80)
        out.append((saves.player_name(record, game, label), command, problem))
    return out


def record_seed(record: dict) -> int | None:
    """The seed a record keeps (a whole number, never true or false), or None."""
    seed = record.get("seed")
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def shown_finished(scene: GameScene) -> Any:
    """A resumed game screen, as every game opens one: a finished game in review at its last
    move, its game-over panel already seen."""
    if scene.match.over:
        scene.game_over_seen()
        scene.start_review(len(scene.match.moves))
    return scene
