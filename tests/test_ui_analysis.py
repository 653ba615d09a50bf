"""The analysis on the game screen: Analyse from the game-over panel runs off the UI thread
and fills in the graph, the marks in the log and the review comment; the graph goes to a
position; a game analysed once opens analysed."""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import main  # noqa: E402
from common import analysis  # noqa: E402
from common import record as rec  # noqa: E402
from common.ui.analysis_view import plot_of  # noqa: E402
from common.ui.app import App  # noqa: E402
from common.ui.driver import Driver  # noqa: E402
from common.ui.eval_graph import x_of  # noqa: E402
from common.ui.scenes.menu_scene import MainMenu  # noqa: E402
from overlords import rules, tactics  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "bench" / "data" / "tactics"


def lost_record() -> tuple[dict, int]:
    """A trap position where the mover walks into a loss at once, and the reply that wins;
    the record and the ply of the blunder."""
    record = rec.load(DATA / "trap-001.json")
    games = main.games()
    state = rec.replay(record, games).final
    verdicts = tactics.judge(state, rules.legal_moves(state))
    move, danger = next((m, v) for m, v in verdicts.items() if v is not None and not v.forced)
    moves = [*record["moves"], rules.move_data(move), rules.move_data(danger.reply)]
    after = rules.apply(rules.apply(state, move), danger.reply)
    assert after.result is not None
    record = dict(record, moves=moves, result={"winner": rules.player_label(after.result.winner),
                                               "reason": after.result.reason},
                  players={"white": "human", "black": "normal"})
    return record, len(moves) - 2


def open_record(record: dict) -> tuple[App, Driver, object]:
    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    app.push(MainMenu(app))
    replay = rec.replay(record, app.games)
    scene = app.screens("overlords").resume_scene(app, replay)
    scene.game_over_shown = False  # as at the end of a game played here: the panel comes
    app.push(scene)
    d = Driver(app)
    d.frames(3)
    return app, d, scene


def wait_for(d: Driver, done, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the analysis did not finish in time"
        d.frames(1)
        time.sleep(0.01)


def test_analyse_from_the_game_over_panel_marks_the_blunder_and_keeps_it() -> None:
    record, blunder = lost_record()
    app, d, scene = open_record(record)
    try:
        panel = app.top
        button = next(b for b in panel.buttons if b.label == "Analyse the game")
        d.click(button.rect.center)
        assert scene.analysis.active and app.top is scene
        wait_for(d, lambda: not scene.analysis.running)
        turns = scene.analysis.turns
        assert len(turns) == len(record["moves"])
        assert turns[blunder].mark == "??"
        cells = {i: text for row in scene.log.rows() for i, text in row.cells}
        assert cells[blunder].endswith("??")
        scene.start_review(blunder + 1)
        d.frames(1)
        text = scene.status().text
        # what the played move allowed, then what the better one does (the engine's reasons)
        assert text.startswith("?? Blunder: lets ") and " win " in text and "Better " in text
        kept = scene.match.info[analysis.KEY]
        assert kept["digest"] == analysis.digest(rec.replay(scene.match.record(), app.games),
                                                 kept["nodes"])
        # the graph: a click goes to that position in review
        plot = plot_of(scene.analysis)
        x = x_of(plot, 2, len(record["moves"]) + 1)
        d.click((x, plot.centery))
        assert scene.match.review == 2
        # a game analysed once opens analysed, with nothing to run
        again = rec.replay(rec.loads(rec.dumps(scene.match.record())), app.games)
        reopened = app.screens("overlords").resume_scene(app, again)
        app.replace(reopened)
        d.frames(3)
        assert reopened.analysis.active and not reopened.analysis.running
        assert [t.mark for t in reopened.analysis.turns] == [t.mark for t in turns]
    finally:
        app.close()


def test_cancel_stops_the_run_and_keeps_what_came_in() -> None:
    record, _ = lost_record()
    app, d, scene = open_record(record)
    try:
        app.pop()  # the game-over panel
        scene.review_end()
        d.frames(1)
        scene.analysis.start()
        assert scene.analysis.running
        assert "Analyse" not in [b.label for b in scene.status_buttons]
        d.click(scene.analysis.cancel_b.rect.center)
        assert not scene.analysis.running and scene.analysis.active
        d.frames(2)
        assert analysis.KEY not in scene.match.info
    finally:
        app.close()


def test_a_prepollency_game_is_analysed_on_its_screen_too() -> None:
    record = rec.load(Path(__file__).parent / "data" / "analysis" / "prepollency-obelisk.json")
    record = dict(record, players={"1": "human", "3": "normal"})
    app = App(main.games(), (960, 600))
    app.settings.animation = "off"
    app.push(MainMenu(app))
    scene = app.screens("prepollency").resume_scene(app, rec.replay(record, app.games))
    app.push(scene)
    d = Driver(app)
    try:
        d.frames(2)
        scene.review_end()
        scene.analysis.start()
        wait_for(d, lambda: not scene.analysis.running, 120.0)
        last = len(record["turns"]) - 1
        assert len(scene.analysis.turns) == len(record["turns"])
        cells = {i: text for row in scene.log.rows() for i, text in row.cells}
        assert cells[last].endswith("??")
        scene.start_review(last + 1)
        d.frames(1)
        assert "lets Red complete the Obelisk hold" in scene.status().text
        assert scene.analysis.turn_shown().arrows  # the better turn is drawn
    finally:
        app.close()


def test_analyse_on_a_load_row_opens_the_game_at_its_end_and_analyses_it(tmp_path,
                                                                          monkeypatch) -> None:
    from common.saves import folder as save_folder
    from common.ui.scenes.load_scene import LoadScene

    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path))
    record, blunder = lost_record()
    save_folder.write_new(tmp_path, "overlords", record)
    app = App(main.games(), (1280, 800), saves_folder=tmp_path)
    app.settings.animation = "off"
    app.push(MainMenu(app))
    app.push(LoadScene(app))
    d = Driver(app)
    try:
        load = app.top
        load._switch("finished")  # noqa: SLF001 - the tab the finished game is listed on
        wait_for(d, lambda: load.rows, 30.0)
        d.click(next(b for b in load.row_buttons if b.label == "Analyse").rect.center)
        scene = app.top
        assert scene.match.review == len(record["moves"])  # at the final position
        assert scene.analysis.active
        wait_for(d, lambda: not scene.analysis.running)
        assert scene.analysis.turns[blunder].mark == "??"
    finally:
        app.close()
