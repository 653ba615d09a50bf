"""The puzzle screen: a shipped puzzle (`common.puzzles`) on the game's real screen.

The picker (`common.ui.scenes.puzzle_picker_scene.pick_puzzles`, what Learn > Puzzles
opens) opens this screen on a filtered list (`show`); `open_puzzles(app, game)` pushes it on
the first puzzle the player has not solved (easy ones first).

The screen is the shared `GameScene` with the game's own controller and view (from its
screens module: `scene_parts(app, match)`, as the game screen and the lessons build theirs),
less what would give the answer away: a controller that judges the moves as the player
chooses (`judging`: the Overlords danger marks, shields and "lose your Overlord?" question)
has it turned off. It is over a `Match` of the puzzle's record, so the log shows the game that
led to the position. On top of it:

- the status area says whose move it is, the puzzle's number and rating, and its goal;
- a try is judged by the game's puzzle rules (`refute`): a wrong one says "Not quite: ..."
  with the solver's reason and offers Retry (the position again) and Solution; a right one
  either solves the puzzle or, in a two-move puzzle, gets the solver's reply (`reply`, asked
  off the UI thread by the seat the opponent sits in, as a CPU seat would be), then the
  player finishes; after a wrong try the refutation the reason names (`Refuted.answer`,
  seat after seat) is played on the board, and nothing else;
- solved, or the solution shown, the status says why it works (the game's `explain`, from
  the engine's verdicts);
- Hint (the toolbar's, or H) names the figure to look at and picks it on the board (its moves
  show, as after a click on it); once asked it shows until the end;
- Solution plays the shipped solution, animated; Next goes to the next puzzle not solved yet;
- every try goes to the player's progress (`common.progress`, kept as `app.progress`): the
  streak shows in the title, the solved counts per kind and rating in the picker; saved at once.

A puzzle counts as missed at the first wrong try or when its solution is shown, solved when
the player's moves all hold; asking for the hint then solving it counts as solved with a hint
(the streak neither grows nor ends, see `common.progress`). Nothing is autosaved: a puzzle is
not a game to continue. Esc and Back leave to the screen that opened the puzzles.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from common import progress as progress_io
from common import puzzles as puzzle_io
from common import record as rec
from common.i18n import N_, _
from common.match import Match
from common.progress import RATINGS
from common.seats import HUMAN, RANDOM, SeatSpec
from common.ui.game_panel import Status
from common.ui.game_scene import GameScene
from common.ui.seat_driver import SeatDriver
from common.ui.tween import SPEEDS
from common.ui.widgets import Button, Callback

DEMO_PAUSE = 0.8  # seconds between the moves of a solution shown (at normal speed)


def open_puzzles(app: Any, game: str) -> None:
    """Push the puzzle screen of a game on its first unsolved puzzle (a toast if the game has
    no puzzles)."""
    puzzles = ordered(puzzle_io.load_puzzles(game))
    if not puzzles:
        app.toast(_("No puzzles found for this game"))
        return
    progress = progress_io.of_app(app)
    start = next((i for i, p in enumerate(puzzles) if not progress.puzzle_solved(game, p.id)), 0)
    show(app, puzzles, start, push=True)


def show(app: Any, puzzles: list[puzzle_io.Puzzle], index: int, visit: Visit | None = None,
         demo: bool = False, push: bool = False) -> None:
    """Put puzzle `index` on screen (pushed, or in place of the top screen); a puzzle whose
    record does not replay (a damaged file) is skipped with a toast, the next one shown."""
    for step in range(len(puzzles)):
        at = (index + step) % len(puzzles)
        try:
            scene = PuzzleScene(app, puzzles, at, visit if not step else None, demo and not step)
        except rec.RecordError as err:
            app.toast(_("Puzzle {id} cannot be shown ({cut})").format(
                          id=puzzles[at].id, cut=rec.cut(str(err), 80)), 4.0)
            continue
        (app.push if push else app.replace)(scene)
        return
    if not push:
        app.pop()


def ordered(puzzles: list[puzzle_io.Puzzle]) -> list[puzzle_io.Puzzle]:
    """Easy first, then medium, then hard; by id within a rating."""
    return sorted(puzzles, key=lambda p: (RATINGS.index(p.rating), p.id))


def _sentence(text: str) -> str:
    """The solution's reason as a sentence ("Why: 2W c1-h6 attacks ...."); a move opens the
    reason, so its first letter stays as the notation writes it."""
    return _("Why: {text}.").format(text=text.rstrip(".")) if text else ""
def _notation(entry: Any) -> str:
    """A record's move entry as text: "2D f1-c4", or a turn of steps "c3-e5 h7-h8"."""
    return " ".join(map(str, entry)) if isinstance(entry, list) else str(entry)


# the opponent's seat: the solver's reply, off the UI thread --------------------------------



RATING_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}  # as shown


def rating_words(rating: str) -> str:
    """A puzzle's rating (easy, medium, hard: `common.progress.RATINGS`) in the player's
    language."""
    return _(RATING_WORDS.get(rating, rating))

class SolverRunner:
    """A seat runner (`start`, `poll`, `cancel`, `close`) whose move is `answer(state)` (the
    screen's: the refutation its words named, or the solver's reply), computed in a thread."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self._answer: Any = None
        self._asked: object | None = None
        self._lock = threading.Lock()

    def start(self, ask: Any) -> None:
        token = self._asked = object()
        self._answer = None

        def work() -> None:
            move = self.answer(ask.state)
            with self._lock:
                if self._asked is token:
                    self._answer = move

        threading.Thread(target=work, name="puzzle-reply", daemon=True).start()

    def poll(self) -> Any:
        with self._lock:
            move, self._answer = self._answer, None
        return move

    def cancel(self) -> None:
        with self._lock:
            self._asked = self._answer = None

    def close(self) -> None:
        self.cancel()


class SolverSeat(SeatSpec):
    """The seat of the puzzle's opponent: no search worker (as `random`), named for what
    answers there."""

    __slots__ = ()

    def describe(self) -> str:
        return "puzzle"


SOLVER_SEAT = SolverSeat(RANDOM)


class SolverSeats(SeatDriver):
    """The seats no person plays in a puzzle: each answers with the solver's reply (no CPU
    worker is started)."""

    def __init__(self, app: Any, seats: dict[int, SeatSpec], answer: Any,
                 answering: Any) -> None:
        self.app, self.seats = app, seats
        self.answer = Callback(answer)  # (state) -> move: the screen's, held weakly
        # () -> bool: whether a reply is wanted now (the screen's method, held weakly: the
        # seats must not keep a closed screen alive)
        self.answering = Callback(answering)
        self.runners: dict[int, Any] = {}
        self.since: float | None = None
        self.asked: int | None = None

    def drive(self, player: int, dt: float, ask: Any, fast: bool = False) -> Any:
        """As a CPU seat, while a reply is wanted (not over a solution being shown, nor
        after the puzzle is solved)."""
        if not self.answering():
            self.stop()
            return None
        return super().drive(player, dt, ask, fast)

    def runner(self, player: int) -> Any:
        if player not in self.runners:
            self.runners[player] = SolverRunner(self.answer)
        return self.runners[player]


# the screen ----------------------------------------------------------------------------------


@dataclass
class Visit:
    """One puzzle's visit, across its retries: whether it was missed or hinted already."""

    missed: bool = False
    hinted: bool = False
    hint_text: str = ""  # the hint's words, worked out once
    solution_why: str = ""  # why the solution works (the engine's words), worked out once


class PuzzleScene(GameScene):
    """One puzzle on the game's screen (see the module docstring)."""

    may_resign = False  # the CPU's replies are the puzzle, however few its pieces
    coached = False  # the coach's advice would be the solution
    menu_back: Button | None = None  # made after the game screen's first refresh

    def __init__(self, app: Any, puzzles: list[puzzle_io.Puzzle], index: int,
                 visit: Visit | None = None, demo: bool = False) -> None:
        self.puzzles, self.index = puzzles, index
        self.puzzle = puzzle = puzzles[index]
        self.rules = puzzle.rules
        self.visit = visit or Visit()
        self.progress = progress_io.of_app(app)
        replay = puzzle.replay()
        engine = replay.game
        self.player = engine.to_move(replay.final)
        seats = {p: SeatSpec(HUMAN) if p == self.player else SOLVER_SEAT
                 for p in engine.players(replay.initial)}
        match = Match.from_replay(replay, seats)
        self.stage = 0  # the player's moves that held so far
        self.outcome: str | None = "shown" if demo else None  # "missed", "solved", "shown"
        self.why = ""  # the solver's reason for a wrong try
        self.refutation: list[Any] = []  # the moves that reason names, still to be played
        self.first = puzzle.moves()[0]  # the solution's first move
        self.demo: list[Any] = puzzle.moves() if demo else []
        self._demo_wait = 0.0
        self.retry_b = Button(N_("Retry"), self.retry, hint="Ctrl+Z", small=True)
        self.solution_b = Button(N_("Solution"), self.show_solution)
        self.next_b_ = Button(N_("Next ›"), self.next_puzzle, primary=True)  # (`next_b`: review's)
        self.again_b = Button(N_("Retry"), self.retry)
        controller, view = app.screens(puzzle.game).scene_parts(app, match)
        controller.judging = False  # no danger marks: they would tell the answer
        super().__init__(app, match, controller, view)
        self.seats = SolverSeats(app, match.seats, self._solver_move, self._answering)
        self.save.due = False
        self.menu_back = Button(N_("Back"), self.leave, hint="Esc", small=True)
        rules_b = next(b for b in self.toolbar if isinstance(b, Button) and b.label == "Rules")
        self.toolbar = [self.retry_b, self.hint_b, rules_b, self.menu_back]  # no Undo, Redo
        if demo:
            self._mark(solved=False)
        self.refresh()

    # what the screen says ------------------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        """The player may move: its turn, the puzzle still open, no solution being shown."""
        return (super().my_turn and self.outcome is None and not self.demo
                and self.match.to_move == self.player)

    def status(self) -> Status:
        """Whose move, which puzzle, the goal; then what the last try meant."""
        m = self.match
        if m.review is not None:
            return super().status()
        puzzle = self.puzzle
        state = {None: _("{player} to play").format(player=m.name(self.player)),
                 "missed": _("Not solved"),
                 "solved": _("Solved"), "shown": _("The solution")}[self.outcome]
        title = (_("{state} · puzzle {number}/{count} ({rating}) · streak {streak}").format(
                     state=state, number=self.index + 1, count=len(self.puzzles),
                     rating=rating_words(puzzle.rating), streak=self.progress.streak))
        hint = self._hint() if self.visit.hinted else ""  # first: seen if cut
        if self.outcome == "missed":
            status = Status(title, self.player, _("Not quite: {why}.").format(why=self.why),
                            alert=True, lit=False)  # Retry and Solution: the buttons under it
        elif self.outcome == "solved":
            status = Status(title, self.player, _("Well done! {why}").format(
                why=_sentence(self._why_solution())), lit=False)  # the counts: the picker's
        elif self.outcome == "shown":
            moves = ", ".join(_notation(m) for m in puzzle.solution)
            status = Status(title, self.player, _("The solution: {moves}. {why}").format(
                moves=moves, why=_sentence(self._why_solution())), lit=False)
        elif m.to_move != self.player:
            status = Status(title, m.to_move, _("{player} answers…").format(
                                                  player=m.name(m.to_move)), lit=False)
        elif self.stage:
            status = Status(title, self.player, _("Hint: {hint} Good. Now finish it.").format(
                hint=hint) if hint else _("Good. Now finish it."))
        else:
            status = Status(title, self.player, _("Hint: {hint} {goal}").format(
                hint=hint, goal=puzzle.goal_text) if hint else puzzle.goal_text)
        if self._refusal_shown() and self.refused is not None:
            status = Status(status.title, status.player, self.refused[0], alert=True)
        return status

    def _answering(self) -> bool:
        """The opponent answers the player's moves: a good first move of a two-move puzzle,
        and a wrong try (the refutation its reason names is played on the board)."""
        if self.demo:
            return False
        return self.outcome is None or (self.outcome == "missed" and bool(self.refutation))

    def _solver_move(self, state: Any) -> Any:
        """The opponent's move (asked off the UI thread): after a wrong try, the next move of
        the refutation its reason named (as the game's `refute` gave it); else the solver's
        reply. A refutation move that is not legal there (it cannot be: the tactics are
        exact) gives way to the solver's reply rather than to a refused move."""
        planned = list(self.refutation)
        if self.outcome == "missed" and planned and planned[0] in self.match.game.legal_moves(
                state):
            return planned[0]
        return self.rules.reply(state)

    def _why_solution(self) -> str:
        """Why the solution works, from the engine (worked out once a visit)."""
        if not self.visit.solution_why:
            self.visit.solution_why = self.puzzle.why_solution()
        return self.visit.solution_why

    def _hint(self) -> str:
        """The hint's words (worked out once a visit: the status is read every frame)."""
        if not self.visit.hint_text:
            puzzle = self.puzzle
            self.visit.hint_text = self.rules.hint(puzzle.state, puzzle.goal, self.first)
        return self.visit.hint_text

    def refresh(self) -> None:
        """The game screen's refresh, then the puzzle's buttons in the status area."""
        super().refresh()
        if self.menu_back is None or self.match.review is not None:
            return
        self.hint_b.enabled = self.outcome is None and not self.visit.hinted
        self.hint_b.label = _("Hint")
        if self.outcome is None:
            mine = list(self.controller.status_buttons()) if self.my_turn else []
            self.status_buttons = [*mine, self.solution_b, self.next_b_]
        elif self.outcome == "missed":
            self.status_buttons = [self.again_b, self.solution_b]
        else:
            self.status_buttons = [self.again_b, self.next_b_]
        self._place_status_buttons()
        self.invalidate()

    # the tries -----------------------------------------------------------------------------

    def _after_turn(self, move: Any, before: Any, after: Any, shown: Any,
                    shown_from: Any = None) -> None:
        mover = self.match.game.to_move(before)
        judged = None
        if mover == self.player and self.outcome is None and not self.demo:
            judged = self.rules.refute(before, self.puzzle.goal, self.stage, move)
        elif mover != self.player and self.refutation and move == self.refutation[0]:
            self.refutation.pop(0)  # played: the next one (a later seat's), if any
        super()._after_turn(move, before, after, shown, shown_from)
        if mover != self.player or self.outcome is not None or self.demo:
            return
        if judged is not None:
            self.why = judged.why
            self.refutation = list(judged.answer)
            self.outcome = "missed"
            self._mark(solved=False)
            self.app.sound.play("illegal", 0.6)
        else:
            self.stage += 1
            if self.stage >= self.puzzle.player_moves:
                self.outcome = "solved"
                self._mark(solved=True)
                self.app.sound.play("victory", 0.6)
        self.refresh()

    def _mark(self, solved: bool) -> None:
        """Note the try in the progress (a miss once per visit) and save it."""
        if not solved and self.visit.missed:
            return
        self.visit.missed = self.visit.missed or not solved
        self.progress.record_puzzle(self.puzzle.game, self.puzzle.id, solved,
                                    used_hint=self.visit.hinted)
        problem = self.progress.save()
        if problem:
            self.app.toast(problem, 4.0)

    def update(self, dt: float) -> None:
        """The game screen's time, then the next move of a solution being shown."""
        super().update(dt)
        if not self.demo or self.animator.busy or self.paused:
            return
        self._demo_wait += dt
        if self._demo_wait >= DEMO_PAUSE * SPEEDS.get(self.app.settings.animation, 1.0):
            self._demo_wait = 0.0
            self.play(self.demo.pop(0))
            self.refresh()

    def wants_frames(self) -> bool:
        return bool(self.demo) or super().wants_frames()

    def _show_game_over(self) -> None:
        self.game_over_shown = True  # the status area says it: no game-over overlay

    def autosave(self) -> bool:
        """A puzzle is not saved as a game."""
        self.save.due = False
        return False

    # the buttons ---------------------------------------------------------------------------

    def request_hint(self) -> None:
        """The puzzle's hint: which figure to look at (shown until the puzzle ends)."""
        if self.outcome is not None or self.visit.hinted:
            return
        self.visit.hinted = True
        puzzle = self.puzzle
        square = self.rules.hint_square(puzzle.state, puzzle.goal, self.first)
        if square is not None and self.my_turn and self.stage == 0 and not self.match.steps:
            self.pick_square(square)  # the figure is picked: its moves show on the board
        self.app.sound.play("select", 0.5)
        self.refresh()

    def undo(self) -> None:
        """Undo is Retry here."""
        self.retry()

    def redo(self) -> None:
        """Nothing to redo in a puzzle."""

    def retry(self) -> None:
        """The position again (the visit goes on: a miss stays a miss)."""
        show(self.app, self.puzzles, self.index, self.visit)

    def show_solution(self) -> None:
        """Play the solution from the position, animated (the puzzle counts as missed)."""
        show(self.app, self.puzzles, self.index, self.visit, demo=True)

    def next_puzzle(self) -> None:
        """The next puzzle not solved yet (after the last, from the first again); the next one
        in order once all are solved."""
        count, game = len(self.puzzles), self.puzzle.game
        order = [(self.index + step) % count for step in range(1, count + 1)]
        following = next((i for i in order
                          if not self.progress.puzzle_solved(game, self.puzzles[i].id)), order[0])
        show(self.app, self.puzzles, following)

    def open_menu(self) -> None:
        """Esc (and Back) leave the puzzles."""
        self.leave()

    def leave(self) -> None:
        """Back to the screen the puzzles were opened from."""
        self.app.pop()
