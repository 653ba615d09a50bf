"""Issue 32, never lose a file: links in the saves folder, two windows, progress and asset
files. Every crafted input is made here: a linked or foreign `.deleted`, two windows' trash and
progress, a learn.json too large, damaged, unreadable, of a newer version or linked to a device
or a folder, a record too large to read back, FIFOs and large linked puzzle files, escape
sequences in files that reach a terminal, a lesson with a bad position, a hostile kept analysis,
SIGTERM, and CPUs that must wait while the player looks back."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from common import analysis, files, progress, puzzles  # noqa: E402
from common import lessons as runner  # noqa: E402
from common import record as rec  # noqa: E402
from common.games import engines  # noqa: E402
from common.lessons import model as lesson_model  # noqa: E402
from common.record import files as record_files  # noqa: E402
from common.saves import folder as save_folder  # noqa: E402
from common.saves import trash as save_trash  # noqa: E402
from common.saves.autosave import DROPPABLE, Autosaver  # noqa: E402
from overlords import lessons as olessons  # noqa: E402
from overlords import rules  # noqa: E402
from tests.helpers.procs import alive  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
POSIX = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and modes as POSIX has them")


def a_record(moves: int = 2) -> dict:
    import random

    rng = random.Random(moves)
    state = start = rules.new_state(random.Random(7))
    played = []
    for _ in range(moves):
        move = rules.random_move(state, rng)
        played.append(move)
        state = rules.apply(state, move)
    return rec.build(rules, start, played, state)


def saves_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))


def run_with_deadline(work, seconds: float = 60.0):
    """Run `work()` on a thread: (finished, result). A FIFO that blocks never hangs the suite."""
    out: list = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    return (not thread.is_alive()), (out[0] if out else None)


# 1. never delete through a link ------------------------------------------------------------------

@POSIX
@pytest.mark.parametrize("target", ["dot", "elsewhere"])
def test_a_linked_trash_is_set_aside_never_emptied(tmp_path, target):
    folder = tmp_path / "saves"
    folder.mkdir()
    mine = [save_folder.write_new(folder, "overlords", a_record(n)) for n in range(3)]
    other = tmp_path / "my documents"
    other.mkdir()
    (other / "thesis.txt").write_text("years of work")
    (other / "notes.json").write_text("{}")
    os.symlink("." if target == "dot" else other, folder / save_trash.TRASH)
    old = time.time() - 10 * save_folder.TEMP_AGE
    os.utime(folder / save_trash.TRASH, (old, old), follow_symlinks=False)

    assert save_trash.tidy_trash(folder) == 0  # start-up: nothing deleted
    assert saves_in(folder) == sorted(p.name for p in mine)
    assert sorted(p.name for p in other.iterdir()) == ["notes.json", "thesis.txt"]
    aside = [p for p in folder.iterdir() if p.name.startswith(".deleted.set-aside-")]
    assert len(aside) == 1 and aside[0].is_symlink(), "the link itself was set aside"

    trash = save_trash.Trash(folder)  # a visit of the Load screen deletes one save
    trash.put(mine[0])
    assert not (folder / save_trash.TRASH).is_symlink()
    assert trash.empty() == 1
    assert saves_in(folder) == sorted(p.name for p in mine[1:])
    assert sorted(p.name for p in other.iterdir()) == ["notes.json", "thesis.txt"]


@POSIX
def test_a_foreign_trash_folder_is_set_aside_with_one_line(tmp_path, caplog):
    folder = tmp_path / "saves"
    (folder / save_trash.TRASH).mkdir(parents=True)  # a .deleted this program did not make
    (folder / save_trash.TRASH / "keep.json").write_text("{}")
    save = save_folder.write_new(folder, "overlords", a_record())
    trash = save_trash.Trash(folder)
    trash.put(save)
    assert trash.problem and "set aside" in trash.problem and "\n" not in trash.problem
    assert any("set aside" in r.getMessage() for r in caplog.records)
    aside = next(p for p in folder.iterdir() if p.name.startswith(".deleted.set-aside-"))
    assert (aside / "keep.json").read_text() == "{}"
    trash.empty()
    assert (aside / "keep.json").exists()


@POSIX
def test_a_link_planted_in_the_trash_is_never_followed(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    save = save_folder.write_new(folder, "overlords", a_record())
    trash = save_trash.Trash(folder)
    where = trash.put(save)
    os.symlink(victim, where.parent / "planted.json")
    trash.names.append("planted.json")
    trash.empty()
    assert victim.read_text() == "keep me"
    old = time.time() - 10 * save_folder.TEMP_AGE
    visit = where.parent
    if visit.exists():
        os.utime(visit, (old, old))
    save_trash.tidy_trash(folder)
    assert victim.read_text() == "keep me"


def test_two_windows_never_empty_each_others_trash(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    x = save_folder.write_new(folder, "overlords", a_record(1))
    y = save_folder.write_new(folder, "overlords", a_record(2))
    x_data = x.read_bytes()
    window_a, window_b = save_trash.Trash(folder), save_trash.Trash(folder)
    x_trashed = window_a.put(x)
    window_b.put(y)
    assert window_b.empty() == 1  # B leaves the Load screen
    assert save_trash.tidy_trash(folder, age=0) == 0  # a third window starts: A is alive
    assert window_a.take_back(x_trashed, x) == x and x.read_bytes() == x_data
    assert saves_in(folder) == [x.name]


def crashed_visit(folder: Path, age: float = 0.0) -> Path:
    """A Load screen visit that deleted one save and whose window died (its lock free), made
    `age` seconds ago; the deleted file's path in the trash."""
    folder.mkdir(exist_ok=True)
    crashed = save_trash.Trash(folder)
    where = crashed.put(save_folder.write_new(folder, "overlords", a_record()))
    crashed._release()
    if age:
        old = time.time() - age
        os.utime(where.parent, (old, old))
    return where


def test_a_visit_a_crash_ended_is_emptied_once_old(tmp_path):
    folder = tmp_path / "saves"
    where = crashed_visit(folder)
    assert save_trash.tidy_trash(folder) == 0, "young: maybe a window that just opened it"
    old = time.time() - 2 * save_folder.TEMP_AGE
    os.utime(where.parent, (old, old))
    assert save_trash.tidy_trash(folder) == 1 and not where.parent.exists()


@POSIX
def test_temp_cleaning_removes_only_old_regular_files_of_ours(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    folder = tmp_path / "cfg"
    folder.mkdir()
    old = time.time() - 2 * files.TEMP_AGE
    dead = folder / ".learn.json.1a2b3c4d.tmp"
    dead.write_text("{")
    young = folder / ".settings.json.5e6f7a8b.tmp"
    young.write_text("{")
    link = folder / ".link.x.tmp"
    os.symlink(victim, link)
    sub = folder / ".dir.x.tmp"
    sub.mkdir()
    (sub / "inside").write_text("x")
    for p in (dead, link, sub):
        os.utime(p, (old, old), follow_symlinks=False)
    assert files.clean_temps(folder) == 1
    assert not dead.exists() and young.exists() and link.is_symlink() and (sub / "inside").exists()
    assert victim.read_text() == "keep me"


# 2. two windows ----------------------------------------------------------------------------------

def test_two_windows_solving_puzzles_keep_both(tmp_path):
    file = tmp_path / "learn.json"
    first, second = progress.load(file), progress.load(file)
    first.record_puzzle("overlords", "win-1-001", solved=True)
    first.set_lesson("overlords", "pair", 3)
    assert first.save() is None
    for pid in ("win-1-002", "win-1-003"):
        second.record_puzzle("overlords", pid, solved=True)
    second.set_lesson("overlords", "pair", 1)
    assert second.save() is None
    back = progress.load(file)
    assert all(back.puzzle_solved("overlords", p) for p in ("win-1-001", "win-1-002",
                                                             "win-1-003"))
    assert back.lesson_stars("overlords", "pair") == 3 and back.best_streak == 2
    first.record_puzzle("prepollency", "stop-001", solved=True)  # the first window again
    assert first.save() is None
    back = progress.load(file)
    assert back.puzzle_solved("overlords", "win-1-003") and back.puzzle_solved("prepollency",
                                                                               "stop-001")


def test_the_lock_is_taken_and_given_back(tmp_path):
    file = tmp_path / "learn.json"
    with files.locked(file) as held:
        assert held
        ok, second = run_with_deadline(lambda: files.locked(file, wait=0.05).__enter__())
        assert ok and second is False, "another holder waits, then goes on without it"
    with files.locked(file) as again:
        assert again


# 3. never write what cannot be read back, never overwrite what could not be read ----------------

def test_a_large_learn_file_is_written_compact_and_always_reads_back(tmp_path):
    file = tmp_path / "learn.json"
    mine = progress.Progress(file)
    long_id = "p" * (progress.MAX_ID - 4)
    for game in ("overlords", "prepollency", "third", "fourth"):
        for n in range(progress.MAX_ENTRIES):
            mine.record_puzzle(game, f"{long_id}{n:04d}", solved=n % 3 != 0)
            mine.set_lesson(game, f"{long_id}{n:04d}", 2)
    assert mine.save() is None
    assert file.stat().st_size <= progress.MAX_FILE
    back = progress.load(file)
    assert back.problem is None and back.puzzle_solved("overlords", f"{long_id}0001")


@pytest.mark.parametrize("content", [b"{damaged", b"\xff\xfe", b"[]"])
def test_a_damaged_learn_file_is_kept_beside_and_said_in_the_window(tmp_path, content):
    file = tmp_path / "learn.json"
    file.write_bytes(content)
    got = progress.load(file)
    assert got.damaged and got.notice and "kept" in got.notice
    got.record_puzzle("overlords", "p", solved=True)
    assert got.save() is None
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("learn.json.damaged-")]
    assert [p.read_bytes() for p in kept] == [content]
    assert progress.load(file).puzzle_solved("overlords", "p")


def test_an_unreadable_learn_file_is_kept_not_replaced(tmp_path, monkeypatch):
    file = tmp_path / "learn.json"
    file.write_text(json.dumps({"version": 1, "streak": 4}))
    real = files.read_bounded

    def denied(path, limit):
        if Path(path) == file:
            raise PermissionError(13, "Permission denied")
        return real(path, limit)

    monkeypatch.setattr(files, "read_bounded", denied)  # mode 0000, as root cannot have it
    got = progress.load(file)
    monkeypatch.undo()
    assert got.damaged and "Permission denied" in got.problem
    assert got.save() is None
    kept = next(p for p in tmp_path.iterdir() if p.name.startswith("learn.json.damaged-"))
    assert json.loads(kept.read_text())["streak"] == 4


def test_a_newer_versions_progress_is_never_written_over(tmp_path):
    file = tmp_path / "learn.json"
    data = {"version": progress.VERSION + 1, "streak": 3, "future": {"x": 1}}
    file.write_text(json.dumps(data))
    got = progress.load(file)
    assert got.newer and got.notice and got.streak == 3
    got.record_puzzle("overlords", "p", solved=True)
    said = got.save()
    assert said and "newer version" in said
    assert json.loads(file.read_text()) == data


def test_an_old_window_never_writes_over_a_newer_version_written_meanwhile(tmp_path):
    file = tmp_path / "learn.json"
    mine = progress.load(file)
    mine.record_puzzle("overlords", "p", solved=True)
    newer = {"version": progress.VERSION + 1, "streak": 9}
    file.write_text(json.dumps(newer))
    assert mine.save() is not None
    assert json.loads(file.read_text()) == newer


@POSIX
@pytest.mark.parametrize("target", ["/dev/zero", "folder"])
def test_a_linked_learn_file_never_gives_its_mode_or_is_written_through(tmp_path, target):
    file = tmp_path / "learn.json"
    goal = tmp_path / "a folder" if target == "folder" else Path(target)
    if target == "folder":
        goal.mkdir(mode=0o777)
        goal.chmod(0o777)
    os.symlink(goal, file)
    got = progress.load(file)
    assert got.damaged
    got.set_offer_seen()
    assert got.save() is None
    assert file.is_file() and not file.is_symlink()
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(file.stat().st_mode) == 0o666 & ~umask
    aside = next(p for p in tmp_path.iterdir() if p.name.startswith("learn.json.damaged-"))
    assert aside.is_symlink(), "the link itself was kept aside"


def test_writing_never_touches_the_process_umask(tmp_path, monkeypatch):
    def forbidden(*_):
        raise AssertionError("os.umask is process-wide: the autosave thread races it")

    monkeypatch.setattr(os, "umask", forbidden)
    rec.save(tmp_path / "game.json", a_record())
    save_folder.write_new(tmp_path, "overlords", a_record())
    files.write_atomic(tmp_path / "x.json", b"{}")
    assert rec.load(tmp_path / "game.json")["game"] == "overlords"


def test_a_save_too_large_to_read_back_drops_the_kept_analysis_first(tmp_path, monkeypatch):
    assert analysis.KEY in DROPPABLE
    monkeypatch.setattr(record_files, "MAX_BYTES", 64 * 1024)
    saver = Autosaver(tmp_path, "overlords")
    record = a_record(4)
    saver.write(record)
    path = saver.path
    heavy = dict(record, **{analysis.KEY: {"turns": ["x" * 1000] * 100}})
    saver.write(heavy)
    assert saver.problem is None and analysis.KEY not in rec.load(path)
    too_long = dict(record, names={"1": "y" * 100_000})
    saver.write(too_long)
    assert saver.problem and "too long to save" in saver.problem
    assert rec.load(path)["moves"] == record["moves"], "the last good file stays whole"
    assert [p for p in tmp_path.iterdir() if files.is_temp(p.name)] == []


# 4. bounded reads, never blocking ----------------------------------------------------------------

@POSIX
def test_a_lessons_file_that_is_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "overlords.json"
    os.mkfifo(fifo)
    done, err = run_with_deadline(lambda: _refusal(lambda: runner.load_lessons(olessons, fifo)))
    assert done and "not a regular file" in err


def _refusal(work) -> str:
    try:
        work()
    except (runner.LessonError, rec.RecordError, OSError) as err:
        return str(err)
    return ""


@POSIX
def test_large_linked_and_fifo_puzzle_files_are_refused_and_never_held(tmp_path, monkeypatch):
    from common import paths

    assets = tmp_path / "assets"
    folder = assets / "puzzles" / "overlords"
    folder.mkdir(parents=True)
    good = sorted((ROOT / "assets" / "puzzles" / "overlords").glob("*.json"))[:3]
    for path in good:
        (folder / path.name).write_bytes(path.read_bytes())
    big = tmp_path / "big.json"
    big.write_text(json.dumps(dict(rec.load(good[0]), pad="x" * 6_500_000)))
    for n in range(20):
        os.symlink(big, folder / f"zz-link-{n:02}.json")
    os.mkfifo(folder / "zz-fifo.json")
    monkeypatch.setattr(paths, "assets_root", lambda: assets)
    done, found = run_with_deadline(lambda: puzzles._load("overlords"))
    assert done
    listed, problems = found
    assert [p.id for p in listed] == [p.stem for p in good]
    assert all(isinstance(p.source, Path) for p in listed), "records stay on disk"
    assert sum("too large" in line for line in problems) == 20
    assert any("not a regular file" in line for line in problems)
    assert listed[0].record["puzzle"] == rec.load(good[0])["puzzle"]


# 5. nothing from a file reaches a terminal raw --------------------------------------------------

def test_analyse_quotes_words_kept_in_a_save(tmp_path):
    from common.cli.analyse import text_lines

    record = a_record(6)
    replay = rec.replay(record, engines())
    kept = analysis.to_record(replay, analysis.analyse(replay, 60))
    kept["turns"][2]["better_words"] = "\x1b[2J\x1b]0;owned\x07\nfake line"
    kept["turns"][3]["verdict"] = "\x1b[31mred"
    again = rec.replay(dict(record, **{analysis.KEY: kept}), engines())
    result = analysis.from_record(again, 60)
    assert result is not None
    text = "\n".join(text_lines(again, result))
    assert "\x1b" not in text and "\x07" not in text and "fake line" in text
    assert not any(line.startswith("fake line") for line in text.splitlines())


def test_learn_quotes_titles_and_says_one_line_for_a_damaged_file(tmp_path, monkeypatch, capsys):
    data = json.loads((ROOT / "assets" / "lessons" / "overlords.json").read_text("utf-8"))
    data["lessons"][0]["title"] = "\x1b[2JEvil"
    data["lessons"][1]["id"] = "bad\nid"
    lessons_dir = tmp_path / "lessons"
    lessons_dir.mkdir()
    (lessons_dir / "overlords.json").write_text(json.dumps(data))
    (lessons_dir / "prepollency.json").write_bytes(
        (ROOT / "assets" / "lessons" / "prepollency.json").read_bytes())
    monkeypatch.setattr(lesson_model, "LESSONS_DIR", lessons_dir)
    assert runner.check_command(False) == 2
    out = capsys.readouterr()
    assert "\x1b" not in out.out and "control character" in out.out
    assert runner.check_command(True) == 1
    assert "\x1b" not in capsys.readouterr().out
    for damage in (b"", b"{", b"\x00\xff", b"[" * 100_000, b'{"game": "prepollency"}'):
        (lessons_dir / "overlords.json").write_bytes(damage)
        assert runner.check_command(False) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("learn: overlords lessons: ")
    (lessons_dir / "overlords.json").unlink()
    (lessons_dir / "overlords.json").mkdir()
    assert runner.check_command(False) == 2
    assert capsys.readouterr().err.count("\n") == 1


# 6. damaged assets: one clear line, the lesson unavailable -----------------------------------

BAD_POSITIONS = [
    ({"figures": {"e1": "O"}}, "needs one Overlord"),
    ({"figures": {"z9": "O", "e8": "o"}}, "not a square"),
    ({"figures": {"e1": 5, "e8": "o"}}, "not a figure letter"),
    ({"figures": {"e1": "O", "e8": "o"}, "turn": "green"}, "white or black"),
    ([1, 2], "a position is an object"),
    ({"figures": {"e1": "O", "e8": "o"}, "runes": {"white": "lots"}}, "Rune"),
]


@pytest.mark.parametrize("position, words", BAD_POSITIONS)
def test_a_lesson_with_a_bad_position_is_unavailable_with_the_checks_reason(position, words):
    data = json.loads((ROOT / "assets" / "lessons" / "overlords.json").read_text("utf-8"))
    data["lessons"][0]["steps"][0]["position"] = position
    lessons = runner.parse_lessons(data, olessons)
    problem = lessons[0].problem
    assert problem and words in problem and lessons[0].steps == ()
    assert all(lesson.problem is None for lesson in lessons[1:])
    assert runner.check_lesson(olessons, lessons[0]) == [f"overlords {problem}"]


def test_the_learn_screen_lists_an_unavailable_lesson_and_says_why(monkeypatch, tmp_path):
    import main
    from common.ui.app import App
    from common.ui.driver import Driver
    from common.ui.scenes.learn_scene import LearnScene, LessonButton

    data = json.loads((ROOT / "assets" / "lessons" / "overlords.json").read_text("utf-8"))
    data["lessons"][2]["steps"][0]["position"] = {"figures": {"z9": "O"}}
    lessons_dir = tmp_path / "lessons"
    lessons_dir.mkdir()
    (lessons_dir / "overlords.json").write_text(json.dumps(data))
    monkeypatch.setattr(lesson_model, "LESSONS_DIR", lessons_dir)
    app = App(main.games(), (960, 600))
    try:
        app.push(LearnScene(app, "overlords"))
        d = Driver(app)
        d.frames(1)
        scene = app.top
        buttons = [b for b in scene.buttons if isinstance(b, LessonButton)]
        assert buttons[2].unavailable and not buttons[2].enabled
        assert all(b.enabled for n, b in enumerate(buttons) if n != 2)
        d.click(buttons[2].rect.center)
        assert app.top is scene and "z9" in app.toasts.current[0]
        assert "cannot be played" in scene.problem
    finally:
        app.close()


# 7. the rest of the probe ----------------------------------------------------------------------

def test_the_analysis_worker_gets_only_the_validated_game(monkeypatch):
    from common.ai import reaper
    from common.ui import analysis_run

    record = a_record(3)
    deep: object = "2W c1-g5"
    for _ in range(500):
        deep = [deep]
    hostile = dict(record, **{analysis.KEY: {"turns": [{"better": deep}]}, "evil": "\x1b"})
    clean = analysis_run.worker_record(rec.replay(hostile, engines()))
    assert analysis.KEY not in clean and "evil" not in clean
    assert clean["moves"] == record["moves"]
    seen: list[tuple[str, int]] = []
    monkeypatch.setattr(reaper, "register_process", lambda pid: seen.append(("+", pid)))
    monkeypatch.setattr(reaper, "unregister_process", lambda pid: seen.append(("-", pid)))
    run = analysis_run.AnalysisRun(clean, nodes=20)
    deadline = time.monotonic() + 120
    while not run.done and time.monotonic() < deadline:
        run.poll()
        time.sleep(0.05)
    assert run.done and run.error is None
    assert [op for op, _ in seen] == ["+", "-"] and seen[0][1] == seen[1][1]


APP_WITH_ANALYSIS = textwrap.dedent("""
    import os, signal, sys, time
    sys.path.insert(0, os.getcwd())
    from common import record as rec
    from common.games import engines
    from common.ui.analysis_run import AnalysisRun, worker_record
    record = rec.load(sys.argv[1])
    run = AnalysisRun(worker_record(rec.replay(record, engines())), nodes=500000)
    while run._proc.pid is None:
        time.sleep(0.01)
    os.kill(run._proc.pid, signal.SIGSTOP)
    print(run._proc.pid, flush=True)
    time.sleep(600)
""")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_stopped_analysis_worker_ends_with_a_killed_app(tmp_path):
    path = tmp_path / "game.json"
    rec.save(path, a_record(6))
    app = subprocess.Popen([sys.executable, "-c", APP_WITH_ANALYSIS, str(path)],
                           stdout=subprocess.PIPE, cwd=ROOT, text=True)
    try:
        worker = int(app.stdout.readline())
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and alive(worker):
        time.sleep(0.05)
    assert not alive(worker), "the stopped analysis worker stayed"


def test_analyse_refuses_a_search_that_would_run_for_minutes(tmp_path, capsys):
    from common.cli import run

    path = tmp_path / "game.json"
    rec.save(path, a_record(30))
    assert run(["analyse", str(path), "--nodes", "1000000"], engines(), lambda a: 0) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "minutes" in err and "fits" in err


SIGTERM_APP = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, os.getcwd())
    import main
    sys.exit(main.main(["play", "overlords", "--players", "human,human", "--seed", "3"]))
""")


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_sigterm_saves_and_quits(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               OVERLORDS_SAVES=str(tmp_path / "saves"), OVERLORDS_CONFIG=str(tmp_path / "cfg"),
               OVERLORDS_LOGS=str(tmp_path / "logs"))
    app = subprocess.Popen([sys.executable, "-c", SIGTERM_APP], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    log = tmp_path / "logs" / "overlords-prepollency.log"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (log.exists() and "window open" in log.read_text()):
        time.sleep(0.1)
    app.send_signal(signal.SIGTERM)
    try:
        code = app.wait(120)
    finally:
        with contextlib.suppress(OSError):
            app.kill()
    assert code == 0
    assert "signal" in log.read_text() and "saving and quitting" in log.read_text()


def test_the_cpus_wait_while_the_player_looks_back():
    import random

    import main
    from common.seats import SeatSpec
    from common.ui.app import App
    from common.ui.driver import DT, Driver
    from prepollency import rules as prules

    app = App(main.games(), (1280, 800))
    app.settings.animation = "off"
    try:
        screens = app.screens("prepollency")
        app.push(screens.play_scene(app, [SeatSpec.parse("human"), SeatSpec.parse("random")],
                                    5, 3))  # the CPU (seat 3) moves first
        d = Driver(app)
        scene = app.top
        d.settle(lambda: not scene.match.moves)
        assert scene.match.is_human(scene.match.to_move)
        scene.play(prules.random_move(scene.match.state, random.Random(0)))  # the person's turn
        played = len(scene.match.moves)
        scene.start_review(0)
        for _ in range(100):  # five seconds of frames: the CPU would have moved by now
            d.frames(1)
            time.sleep(DT / 4)
        assert len(scene.match.moves) == played, "no CPU moved while the player looked back"
        scene.end_review()
        d.settle(lambda: len(scene.match.moves) == played)
        assert len(scene.match.moves) > played, "back in the game, the CPU plays on"
    finally:
        app.close()


def test_sizes_are_said_in_words():
    assert files.size_words(8 * 1024 * 1024) == "8 MB" and files.size_words(512 * 1024) == "512 KB"


@POSIX
def test_the_log_never_appends_through_a_link(tmp_path):
    from common import logs

    victim = tmp_path / "bashrc"
    victim.write_text("export PATH=...\n")
    folder = tmp_path / "log"
    folder.mkdir()
    os.symlink(victim, folder / "game.log")
    os.symlink(victim, folder / "game.log.1")
    try:
        assert logs.setup(folder / "game.log") == folder / "game.log"
        logs.log.warning("a line of the game's log")
        for _ in range(3000):  # past MAX_BYTES: the files rotate
            logs.log.warning("x" * 100)
    finally:
        logs.shutdown()
    assert victim.read_text() == "export PATH=...\n"
    assert (folder / "game.log").is_file() and not (folder / "game.log").is_symlink()


def test_start_up_tidies_the_saves_folder_after_the_first_frame(tmp_path, monkeypatch):
    import argparse

    import main
    from common.ui import saves
    from common.ui import start as app_module

    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path / "cfg"))
    where = crashed_visit(tmp_path / "saves", 2 * save_folder.TEMP_AGE)
    (tmp_path / "cfg").mkdir()
    killed = tmp_path / "cfg" / ".learn.json.0a1b2c3d.tmp"  # a write a kill interrupted
    killed.write_text("{")
    os.utime(killed, (time.time() - 2 * files.TEMP_AGE,) * 2)
    started: list = []
    real = saves.tidy_in_background
    monkeypatch.setattr(saves, "tidy_in_background",
                        lambda folder: started.append(real(folder)) or started[-1])
    app = app_module.build_app(argparse.Namespace(command=None), main.games())
    try:
        app.step(1 / 60)
        assert not started, "nothing is tidied before the first frame is on screen"
        app.step(1 / 60)
        assert len(started) == 1
        started[0].join(60)
        assert not where.parent.exists()
        for thread in threading.enumerate():
            if thread.name == "tidy-config":
                thread.join(60)
        assert not killed.exists(), "the config folder is tidied as the saves folder is"
    finally:
        app.close()
