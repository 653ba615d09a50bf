"""Pausing and leaving a game on the shared game screen: the in-game menu, saving, resigning
(with a confirmation; with three or more players only that seat withdraws and the others play
on; `leave` also serves a CPU's resignation and a bot's forfeit) and the game-over overlay
(over the side panel, so the last move stays in view; told from the person's side when one
person plays). Functions of a `common.ui.game_scene.GameScene`; nothing here names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from common.i18n import N_, _
from common.ui import game_hint, level_record, saves, unsaved
from common.ui.coach import against_cpu
from common.ui.scenes.dialog_scene import Dialog
from common.ui.scenes.game_over_scene import GameOver

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


def open_menu(scene: GameScene) -> None:
    """The in-game menu: resume, save, resign, the coach (in a game against the CPU),
    settings, rules, main menu."""
    from common.ui.scenes.settings_scene import SettingsScene  # on first use

    app = scene.app
    autosaved = app.saves_folder is not None
    saving = (_("Name this save…"), lambda: name_save(scene)) if autosaved else \
        (_("Save game"), lambda: save_game(scene))
    buttons = [(_("Resume"), lambda: None), saving]
    if resigning_player(scene) is not None:
        buttons.append((_("Resign"), scene.confirm_resign))
    if scene.coached and against_cpu(scene.match) and scene.coach.module is not None:
        buttons.append((_("Turn the coach off") if scene.coach.on else _("Turn the coach on"),
                        scene.coach.toggle))
    app.push(Dialog(app, N_("Game over") if scene.match.over else N_("Game paused"),
                    menu_lines(scene, autosaved), [
        *buttons,
        (N_("Settings"), lambda: app.push(SettingsScene(app))),
        (N_("Rules"), scene.show_rules),
        (N_("Main menu"), lambda: unsaved.confirm_leave(scene, app.main_menu)),
    ], cancel=lambda: None, vertical=True, width=0.3))


def menu_lines(scene: GameScene, autosaved: bool) -> list[str]:
    """What the in-game menu says: the board's seed where the seed draws the board (not in
    Prepollency, whose board is always the same), and how the save comes back: Continue
    for a game going on, the Load screen for a finished one (Continue offers only unfinished
    games)."""
    from common.games import get

    m = scene.match
    seed = m.info.get("seed")
    lines = [_("Board seed {seed}").format(
        seed=seed)] if seed is not None and get(m.game.NAME).board_from_seed \
        else []
    problem = unsaved.problem(scene) if autosaved else None
    if problem is not None:
        lines.append(_("Not saved: {problem}. It is tried again every turn.").format(
                         problem=problem))
    elif autosaved and m.over:
        lines.append(_("Saved: Load game in the main menu shows it again."))
    elif autosaved:
        lines.append(_("Saved after every turn: Continue in the main menu resumes it."))
    return lines


def save_game(scene: GameScene) -> None:
    """Write the game as a record in the saves folder; a toast says where, or why not."""
    try:
        path = saves.save(scene.match.record(), scene.match.game.NAME)
    except OSError as err:
        scene.app.toast(_("Could not save: {problem}").format(
            problem=err.strerror or err), 3.0)
        return
    scene.app.toast(_("Saved as {name}").format(name=path.name), 2.5)


def name_save(scene: GameScene) -> None:
    """Ask for a name for this game's save (it is saved all along: this only names it)."""
    from common.ui.scenes.name_dialog_scene import NameDialog  # on first use

    app = scene.app
    current = scene.saver.name if scene.saver is not None else ""

    def named(name: str) -> None:
        scene.name_save(name)
        app.toast(_("Saved as “{name}”").format(name=saves.shown(name,
                                                                 40)) if name else _("Saved"), 2.5)

    app.push(NameDialog(app, _("Name this save"), [
        _("The game is saved after every turn; a name makes it easy to find in Load game.")],
        current, named, placeholder=_("A name, e.g. Sunday rematch")))


def resigning_player(scene: GameScene) -> int | None:
    """The seat Resign gives up now: the person to move when people share the table, else
    the person's seat; None when no one may resign (game over, no person, looking back)."""
    m = scene.match
    if m.over or m.humans == 0:
        return None
    if m.humans > 1 and m.is_human(m.to_move):
        return m.to_move
    return next((p for p in m.players if m.is_human(p) and m.in_game(p)), None)


def resign(scene: GameScene) -> None:
    """The resigning seat (`resigning_player`) gives up: with more than two players left,
    only it leaves."""
    player = resigning_player(scene)
    if player is None:
        return
    game_hint.cancel(scene)
    leave(scene, player, "resign", "", _("{player} resigns").format(
                                           player=scene.match.name(player)))


def leave(scene: GameScene, player: int, reason: str, why: str, last: str,
          sound: tuple[str, float] | None = None) -> None:
    """A seat leaves between turns (`Match.resign` with `reason`: a person's resignation, a
    CPU's, a bot's forfeit). `why` (if any) is said by the game-over overlay if that ended the
    game, else in a toast while the others play on, and the seat's pieces fade from the board;
    `last` is the status area's "Last:" line."""
    m = scene.match
    scene.seats.stop()
    scene.animator.clear()
    before = m.states[-1]  # the turn's start: a half-made turn is taken back first
    m.resign(player, reason)
    if not m.over:
        scene.view.animate(before, m.state, ())  # a turn of no move: the seat's pieces go
        if why:
            scene.app.toast(why, 5.0)
    scene.seat_left(last, why)
    if sound is not None:
        scene.app.sound.play(*sound)
    scene.refresh()
    scene.autosave()


def confirm_resign(scene: GameScene) -> None:
    """Ask before resigning: "Resign this game? White wins." (or "The others play on.")."""
    m, player = scene.match, resigning_player(scene)
    if player is None:
        return
    ends = m.resign_result(player)
    name = m.name(player)
    if ends is None and m.humans == 1:
        line = _("The others play on. A resignation cannot be taken back.")
    elif ends is None:
        line = _("{player} resigns. The others play on. A resignation cannot be taken "
                 "back.").format(player=name)
    elif m.humans == 1:
        line = _("{winner} wins. A resignation cannot be taken back.").format(
            winner=m.name(ends.winner))
    else:
        line = _("{player} resigns. {winner} wins. A resignation cannot be taken back.").format(
            player=name, winner=m.name(ends.winner))
    scene.app.push(Dialog(scene.app, N_("Resign this game?"), [line],
        [(N_("Resign"), scene.resign), (N_("Cancel"), lambda: None)], cancel=lambda: None,
        default=1))  # Enter keeps playing: a resignation cannot be taken back


def viewer(match: Any) -> int | None:
    """The seat a game is told from: the one person's, when exactly one person plays
    (against the CPU or bots); None at a shared table or when no person plays."""
    people = [p for p in match.players if match.is_human(p)]
    return people[0] if len(people) == 1 else None


def result_title(match: Any) -> str:
    """The headline of a finished game: "You win!" / "You lose" to the one person playing,
    else by name ("Black wins"); "Draw"."""
    winner, me = match.result.winner, viewer(match)
    if winner is None:
        return _("Draw")
    if me is None:
        return _("{player} wins").format(player=match.name(winner))
    return _("You win!") if winner == me else _("You lose")


def game_over(scene: GameScene) -> None:
    """The game-over overlay: who won and why (from the person's side when one person
    plays; a bot's forfeit in words), with its sound; set over the side panel."""
    m = scene.match
    outcome = m.result
    me = viewer(m)
    reason = scene.forfeit_text or scene.controller.result_words(outcome, me)
    lost = me is not None and outcome.winner is not None and outcome.winner != me
    scene.app.sound.play("defeat" if lost else "victory")
    record = level_record.note(scene)  # against the CPU: the record, and the next level
    after = record.next_level if record is not None else None
    scene.app.push(GameOver(scene.app, result_title(m), reason, scene.rematch, scene.review_end,
                            scene.app.main_menu, on_undo=lambda: undo_game_over(scene),
                            column=lambda: side_column(scene),
                            on_analyse=scene.analysis.start if m.moves else None,
                            notes=record.lines if record is not None else (),
                            next_step=None if after is None or record is None else (
                                record.button,
                                lambda: scene.rematch_changed(level_record.lifted(after)))))


def side_column(scene: GameScene) -> Any:
    """The game screen's side panel (its status area and log, one over the other), or None
    before the first layout."""
    areas = scene.areas
    return None if areas is None else areas.status.union(areas.log)


def undo_game_over(scene: GameScene) -> None:
    """Ctrl+Z on the game-over overlay: the overlay goes and the last turn is taken back (back
    to the person's previous turn against the CPU); a resignation or a forfeit says why not."""
    m = scene.match
    if m.resigned or not m.can_undo():
        why = (_("A resignation cannot be taken back") if m.result.reason == "resign"
               else _("A forfeit cannot be taken back") if m.result.reason == "forfeit"
               else _("Nothing to take back"))
        scene.app.toast(_("{why}: Rematch for a new game").format(why=why), 2.5)
        return
    if scene.app.top is not scene:
        scene.app.pop()
    scene.undo()
