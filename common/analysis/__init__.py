"""After the game: where it was won and lost. Plain Python (no pygame), for every game.

For each turn of a replayed record the analysis gives each seat's chance to win after it, the
mover's loss against the best move found, a mark (``?!`` inaccuracy, ``?`` mistake, ``??``
blunder), the exact verdict of the game's tactics when one applies, and the better move in
words. The app (`common.ui.analysis_view`, through `common.ui.analysis_run`) and the command
line (``analyse``) call the same `analyse` and get the same figures for the same nodes and seed.

How a position is evaluated (`Analyser.evaluate`): a finished game is its result; a position
where the mover has a proved win (the game's tactics, `GameAdapter.proven`) is 1 for the mover;
any other is searched by the project's own search (`common.ai.search.MCTS`, `nodes` nodes, no
root jitter, seeded from `seed` and the position's index: deterministic), the CPU's tactical
check replacing a first step that loses by force, and its value vector (one value per seat in
-1..1) is mapped to chances by a softmax over the seats still in: ``exp(k v_s) / sum exp(k v)``,
``k`` the game's `GameAdapter.SHARPNESS` (with two players, ``1 / (1 + exp(-2 k v))``). Chances
sum to 1 over the seats still in; a seat out of the game has 0; a draw shares them out.

A turn's loss is the mover's chance before it (the best move's) less its chance after the
played move (before any seat withdrew after it), scaled to two players' terms (times seats in
/ 2: losing 0.15 of a fair 0.25 share with four seats in is losing 0.3 of a fair 0.5). A move
the search itself chose loses nothing. Marks by loss, as lichess's win-percentage bands:
``??`` from 0.30, ``?`` from 0.20, ``?!`` from 0.10. An exact verdict (`GameAdapter.verdict`:
"missed a forced win", "walked into a forced loss", "let Red complete the Obelisk hold") is a
``??`` whatever the estimate says (a Khan left en prise: at least ``?``), and names its own
better move.

Per seat (`summary`): inaccuracies, mistakes and blunders counted, an accuracy figure (the mean
over its turns of lichess's ``103.1668 exp(-4.354 loss) - 3.1669``, clipped to 0..100) and its
worst turn; and the turn where the game turned (`turning_point`): the last turn after which the
winner's chance led to the end.

The analysis is kept with the save under the record key ``analysis`` (`to_record` /
`from_record`), keyed by a digest of the game (its start, moves, withdrawals and result) and the
node count, so a record changed since is analysed again; what is read back is bounded and
checked like any other part of a file (`from_record` gives None for anything it does not trust).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from common import record as rec
from common.ai.levels import LEVELS, CpuPlayer, heuristics_for
from common.ai.search import MCTS, Budget
from common.protocol import Game

KEY = "analysis"  # the record key the analysis is kept under
FORMAT = 1  # of what is kept there
BANDS = ((0.30, "??"), (0.20, "?"), (0.10, "?!"))  # loss (two players' terms) -> mark
MARKS = (None, "?!", "?", "??")
MAX_TEXT = 160  # characters of a verdict or a better move's words read back from a file
NAMES = {"??": "blunder", "?": "mistake", "?!": "inaccuracy"}
LEAD = 0.02  # a chance ahead of every other seat's by more than this leads


@dataclass(frozen=True, slots=True)
class Verdict:
    """An exact verdict on a played move (from the game's tactics): its kind, the words, and
    the better move it proves (an engine move, or None)."""

    kind: str  # "missed_win", "forced_loss", "hands_win", "base_falls", "khan_lost"
    text: str  # "missed a forced win"
    better: Any = None
    why: str = ""  # the better move's words when the game has none of its own ("holds")
    mark: str = "??"  # what it earns at least (a lost Khan is a mistake, not a lost game)


class GameAdapter(Protocol):
    """What the analysis needs of one game beyond `common.protocol.Game` (the game package's
    ``analysis`` module, ``ADAPTER``)."""

    DEFAULT_NODES: int  # nodes searched per position by default
    SHARPNESS: float  # k of the value -> chance softmax

    def alive(self, state: Any) -> tuple[int, ...]:
        """The seats still in the game."""

    def proven(self, state: Any) -> Any | None:
        """A move with which the mover wins by force (exactly, by the game's tactics), or None."""

    def doomed(self, state: Any) -> int | None:
        """The player who wins by force against the mover whatever it plays (exactly), or
        None."""

    def verdict(self, state: Any, move: Any, best: Any) -> Verdict | None:
        """The exact verdict on the played `move` (`best`: the search's choice, tried first
        as the better move where any safe one will do), or None."""

    def describe(self, state: Any, move: Any) -> str:
        """What a (better) move does, in a few words ("captures the Overlord next move"), or ""."""

    def squares(self, move: Any) -> list[tuple[int, int]]:
        """The move's (from, to) squares on the board (from -1: a figure from the reserve)."""

    def text(self, move: Any) -> str:
        """The move as the log writes it."""


def adapter_for(game: Game) -> GameAdapter:
    """The game's adapter (its ``analysis`` module, through the registry)."""
    from common.games import GAMES

    entry = GAMES.get(game.NAME)
    if entry is None or not entry.analysis_module:
        raise ValueError(f"no analysis for the game {game.NAME!r}")
    return entry.analysis


@dataclass(frozen=True, slots=True)
class Eval:
    """A position's evaluation: each player's chance to win, the best move found (None in a
    finished game), and whether the figures are proved (a result or a forced win)."""

    chances: dict[int, float]
    best: Any = None
    exact: bool = False


@dataclass(frozen=True)
class Turn:
    """One analysed turn (ply: the index into the record's moves)."""

    ply: int
    mover: int
    move: Any  # the engine's move
    before: dict[int, float]  # each player's chance before the turn
    chances: dict[int, float]  # ... after it (and after any seat that withdrew then)
    loss: float  # the mover's loss, in two players' terms (0: the best move found)
    mark: str | None
    verdict: Verdict | None
    better: Any  # the better move (engine move), or None
    better_words: str  # "4W e7xc8: captures the Overlord next move", or ""
    arrows: tuple[tuple[int, int], ...]  # the better move's squares, for the board
    left: tuple[int, ...] = ()  # players that withdrew right after this turn

    def json(self, game: Game, adapter: GameAdapter) -> dict:
        """The turn as the command line's --json and the save write it."""
        label = game.player_label
        return {
            "ply": self.ply,
            "mover": label(self.mover),
            "move": game.move_data(self.move),
            "text": adapter.text(self.move),
            "before": {str(label(p)): round(c, 4) for p, c in self.before.items()},
            "chances": {str(label(p)): round(c, 4) for p, c in self.chances.items()},
            "loss": round(self.loss, 4),
            "mark": self.mark,
            "verdict": None if self.verdict is None else self.verdict.text,
            "verdict_kind": None if self.verdict is None else self.verdict.kind,
            "better": None if self.better is None else game.move_data(self.better),
            "better_words": self.better_words,
            "left": [label(p) for p in self.left],
        }


def mark_for(loss: float) -> str | None:
    """The mark a loss (two players' terms) earns, or None."""
    return next((mark for bound, mark in BANDS if loss >= bound), None)


def to_chances(values: Sequence[float], players: Sequence[int], alive: Sequence[int],
               k: float) -> dict[int, float]:
    """Values (one per player, -1..1) as chances to win: a softmax over the seats still in."""
    weights = {p: math.exp(k * max(-1.0, min(1.0, v)))
               for p, v in zip(players, values, strict=False) if p in alive}
    total = sum(weights.values()) or 1.0
    return {p: weights.get(p, 0.0) / total for p in players}


def result_chances(game: Game, state: Any, adapter: GameAdapter) -> dict[int, float]:
    """A finished game's figures: 1 for the winner; a draw shares among the seats still in."""
    outcome = game.outcome(state)
    players = game.players(state)
    if outcome.winner is not None:
        return {p: float(p == outcome.winner) for p in players}
    alive = adapter.alive(state) or players
    return {p: (1.0 / len(alive) if p in alive else 0.0) for p in players}


class Analyser:
    """Evaluates positions of one game at a node budget and seed (see the module docstring)."""

    def __init__(self, game: Game, nodes: int | None = None, seed: int = 0,
                 cancelled: Callable[[], bool] | None = None) -> None:
        self.game = game
        self.adapter = adapter_for(game)
        self.h = heuristics_for(game)
        self.nodes = nodes or self.adapter.DEFAULT_NODES
        self.seed = seed
        self.cancelled = cancelled

    def evaluate(self, state: Any, index: int) -> Eval:
        """The position's evaluation; `index` seeds its search (search.Cancelled if
        `cancelled()` turns true meanwhile)."""
        game, adapter = self.game, self.adapter
        if game.outcome(state) is not None:
            return Eval(result_chances(game, state, adapter), None, True)
        players, mover = game.players(state), game.to_move(state)
        win = adapter.proven(state)
        if win is not None:
            return Eval({p: float(p == mover) for p in players}, win, True)
        doom = adapter.doomed(state)
        values, best = self.search(state, index)
        if doom is not None:
            return Eval({p: float(p == doom) for p in players}, best, True)
        chances = to_chances(values, players, adapter.alive(state), adapter.SHARPNESS)
        return Eval(chances, best, False)

    def search(self, state: Any, index: int) -> tuple[tuple[float, ...], Any]:
        """The search's value vector (one per player, -1..1) and best move (the CPU's own
        check replacing a first step that loses by force) for a position not over."""
        game = self.game
        rng = random.Random(self.seed * 1_000_003 + index)
        search = MCTS(game, self.h, rng)
        search.p = replace(search.p, root_noise=0.0)  # the best move, not a varied one
        result = search.choose_turn(state, Budget(nodes=self.nodes, cancelled=self.cancelled))
        cpu = CpuPlayer(game, LEVELS["hard"], rng, self.nodes, self.h)
        steps = cpu._safe(state, result, result.steps)  # noqa: SLF001 - the CPU's own check
        return result.value, game.steps_to_move(steps)


def digest(replay: rec.Replay, nodes: int) -> str:
    """What the kept analysis is keyed by: the game's start, moves, withdrawals and result,
    and the node count (a record changed since, or another depth, is analysed again)."""
    game = replay.game
    core = rec.build(game, replay.initial, replay.moves, replay.final, replay.withdrawn)
    text = json.dumps({"record": core, "nodes": nodes, "format": FORMAT}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def turns(replay: rec.Replay, nodes: int | None = None, seed: int = 0,
          cancelled: Callable[[], bool] | None = None) -> Iterator[Turn]:
    """The record's turns analysed one by one, in order (a generator: the app shows each as it
    comes, and stops asking when cancelled)."""
    an = Analyser(replay.game, nodes, seed, cancelled)
    game, states, moves = replay.game, replay.states, replay.moves
    left_after: dict[int, list[int]] = {}
    for w in replay.withdrawn:
        left_after.setdefault(w.after, []).append(w.player)
    count = len(moves)
    before = an.evaluate(states[0], 0) if count else None
    for ply, move in enumerate(moves):
        state = states[ply]
        after = an.evaluate(states[ply + 1], ply + 1)
        played = after
        pre = game.apply(state, move)  # before any seat withdrew after it
        if left_after.get(ply + 1) or (ply + 1 == count and game.outcome(pre)
                                       != game.outcome(states[-1])):
            played = an.evaluate(pre, count + 1 + ply)
        yield judge_turn(an, ply, state, move, before, played, after,
                         tuple(left_after.get(ply + 1, ())))
        before = after


def judge_turn(an: Analyser, ply: int, state: Any, move: Any, before: Eval, played: Eval,
               after: Eval, left: tuple[int, ...] = ()) -> Turn:
    """One turn's figures, mark, verdict and better move from the evaluations before it, after
    the played move, and after the turn (withdrawals included)."""
    game, adapter = an.game, an.adapter
    mover = game.to_move(state)
    alive = len(adapter.alive(state)) or 2
    data = game.move_data(move)
    chose_best = before.best is not None and game.move_data(before.best) == data
    loss = 0.0
    if not chose_best:
        loss = max(0.0, before.chances[mover] - played.chances[mover]) * alive / 2
    verdict = adapter.verdict(state, move, before.best)
    mark = mark_for(loss)
    if verdict is not None and MARKS.index(verdict.mark) > MARKS.index(mark):
        mark = verdict.mark
    better = None
    if verdict is not None:
        better = verdict.better
    elif mark is not None:
        better = before.best
    words = ""
    arrows: tuple[tuple[int, int], ...] = ()
    if better is not None:
        said = adapter.describe(state, better)
        why = verdict.why if verdict is not None else ""
        said = f"{said} and {why}" if said and why else said or why
        words = f"Better: {adapter.text(better)}" + (f": {said}" if said else "")
        arrows = tuple(adapter.squares(better))
    return Turn(ply, mover, move, dict(before.chances), dict(after.chances), loss, mark,
                verdict, better, words, arrows, left)


@dataclass(frozen=True)
class Analysis:
    """A whole game analysed: the chances at the start and each turn."""

    game: Game
    start: dict[int, float]
    turns: list[Turn]
    nodes: int
    seed: int


def analyse(replay: rec.Replay, nodes: int | None = None, seed: int = 0,
            cancelled: Callable[[], bool] | None = None,
            progress: Callable[[Turn, int], None] | None = None) -> Analysis:
    """The whole game analysed (`progress(turn, count)` after each turn)."""
    done: list[Turn] = []
    for turn in turns(replay, nodes, seed, cancelled):
        done.append(turn)
        if progress is not None:
            progress(turn, len(replay.moves))
    an_nodes = nodes or adapter_for(replay.game).DEFAULT_NODES
    return Analysis(replay.game, start_chances(replay, done), done, an_nodes, seed)


def start_chances(replay: rec.Replay, done: Sequence[Turn]) -> dict[int, float]:
    """The chances before the first turn (even shares when no turn was played)."""
    if done:
        return dict(done[0].before)
    players = replay.game.players(replay.initial)
    return {p: 1.0 / len(players) for p in players}


# --- the summary -------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSummary:
    """One seat's figures over the game."""

    player: int
    turns: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float  # 0..100
    worst: int | None  # the ply of its biggest loss (None: no loss worth a mark)


def counted(s: SeatSummary) -> str:
    """ "1 inaccuracy, 0 mistakes, 2 blunders"."""
    parts = [(s.inaccuracies, "inaccuracy", "inaccuracies"), (s.mistakes, "mistake", "mistakes"),
             (s.blunders, "blunder", "blunders")]
    return ", ".join(f"{n} {one if n == 1 else many}" for n, one, many in parts)


def accuracy_of(loss: float) -> float:
    """lichess's accuracy of one move from its loss (two players' terms, 0..1)."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-4.354 * loss) - 3.1669))


def summary(game: Game, done: Sequence[Turn]) -> dict[int, SeatSummary]:
    """Each seat's counts, accuracy and worst turn."""
    out = {}
    for p in sorted({t.mover for t in done}):
        mine = [t for t in done if t.mover == p]
        marks = [t.mark for t in mine]
        worst = max(mine, key=lambda t: (t.mark is not None, t.loss), default=None)
        out[p] = SeatSummary(
            p, len(mine), marks.count("?!"), marks.count("?"), marks.count("??"),
            sum(accuracy_of(t.loss) for t in mine) / len(mine) if mine else 100.0,
            worst.ply if worst is not None and worst.mark is not None else None)
    return out


def turning_point(done: Sequence[Turn], winner: int | None) -> int | None:
    """The ply after which the winner's chance led (by more than LEAD) to the end (None: no
    winner, or it led from the start)."""
    if winner is None or not done:
        return None

    def leads(chances: dict[int, float]) -> bool:  # clearly: an even start is no lead
        mine = chances.get(winner, 0.0)
        return all(mine > c + LEAD for p, c in chances.items() if p != winner)

    for t in range(len(done) - 1, -1, -1):
        if not leads(done[t].chances):
            return t + 1 if t + 1 < len(done) else None
    return None if leads(done[0].before) else 0


# --- kept with the save ------------------------------------------------------------------


def to_record(replay: rec.Replay, analysis: Analysis) -> dict:
    """The value of the record's ``analysis`` key for a finished analysis."""
    adapter = adapter_for(replay.game)
    label = replay.game.player_label
    return {
        "format": FORMAT,
        "digest": digest(replay, analysis.nodes),
        "nodes": analysis.nodes,
        "seed": analysis.seed,
        "start": {str(label(p)): round(c, 4) for p, c in analysis.start.items()},
        "turns": [t.json(replay.game, adapter) for t in analysis.turns],
    }


def from_record(replay: rec.Replay, nodes: int | None = None, seed: int = 0
                ) -> Analysis | None:
    """The analysis kept in the replayed record, if it is whole, of this very game (digest),
    depth (`nodes`, default the game's) and seed, and every value checks; else None."""
    data, seed_wanted = replay.record.get(KEY), seed
    game = replay.game
    try:
        adapter = adapter_for(game)
    except (ValueError, ImportError):
        return None
    nodes = nodes or adapter.DEFAULT_NODES
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    if data.get("digest") != digest(replay, nodes) or data.get("nodes") != nodes:
        return None
    entries, seed = data.get("turns"), data.get("seed")
    if not isinstance(entries, list) or len(entries) != len(replay.moves):
        return None
    if isinstance(seed, bool) or seed != seed_wanted:
        return None
    players = game.players(replay.initial)
    try:
        done = [_turn_from(game, adapter, replay, i, e, players) for i, e in enumerate(entries)]
        start = _chances_from(game, data.get("start"), players)
    except (ValueError, TypeError, KeyError, RecursionError):  # a hostile file: not kept
        return None
    return Analysis(game, start, done, nodes, seed)


def _chances_from(game: Game, data: Any, players: Sequence[int]) -> dict[int, float]:
    if not isinstance(data, dict) or len(data) != len(players):
        raise ValueError("chances")
    out = {}
    for label, value in data.items():
        player = game.player_from_label(_label_value(label))
        if player not in players or isinstance(value, bool) or not isinstance(value, int | float)\
                or not 0.0 <= value <= 1.0:
            raise ValueError("chance")
        out[player] = float(value)
    if set(out) != set(players):
        raise ValueError("chances")
    return out


def _label_value(label: str) -> Any:
    """A chances key as the game's labels are: "white", or a seat number written as text."""
    return int(label) if label.isdigit() and len(label) < 3 else label


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("text")
    return rec.cut(value, MAX_TEXT)


def _turn_from(game: Game, adapter: GameAdapter, replay: rec.Replay, ply: int, data: Any,
               players: Sequence[int]) -> Turn:
    if not isinstance(data, dict) or data.get("ply") != ply:
        raise ValueError("turn")
    state, move = replay.states[ply], replay.moves[ply]
    if data.get("move") != game.move_data(move):
        raise ValueError("move")
    mark = data.get("mark")
    if mark not in MARKS:
        raise ValueError("mark")
    loss = data.get("loss")
    if isinstance(loss, bool) or not isinstance(loss, int | float) or not 0.0 <= loss <= 2.0:
        raise ValueError("loss")
    verdict = None
    if data.get("verdict") is not None:
        verdict = Verdict(_text(data.get("verdict_kind") or "exact")[:20], _text(data["verdict"]))
    better = None
    if data.get("better") is not None:
        better = game.parse_move(state, data["better"])  # a move legal there, or ValueError
    words = _text(data.get("better_words", ""))
    if verdict is not None:
        verdict = replace(verdict, better=better)
    left = data.get("left", [])
    if not isinstance(left, list) or len(left) > len(players):
        raise ValueError("left")
    gone = tuple(game.player_from_label(x) for x in left)
    return Turn(ply, game.to_move(state), move, _chances_from(game, data.get("before"), players),
                _chances_from(game, data.get("chances"), players), float(loss), mark, verdict,
                better, words, tuple(adapter.squares(better)) if better is not None else (),
                gone)
