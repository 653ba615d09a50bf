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

The modules, one job each (this package re-exports what callers use):

- `model`: `Verdict`, `Eval`, `Turn`, `Analysis`, `GameAdapter` (what a game provides), marks;
- `analyser`: `Analyser` (the search), `turns`, `judge_turn`, `analyse`;
- `summary`: each seat's figures and the turning point;
- `kept`: the analysis kept with the save (`to_record`, `from_record`).
"""

from common.analysis.analyser import (
    Analyser,
    analyse,
    judge_turn,
    start_chances,
    turn_words,
    turns,
)
from common.analysis.kept import digest, from_record, to_record
from common.analysis.model import (
    KEY,
    MARKS,
    MAX_TEXT,
    NAMES,
    Analysis,
    Eval,
    GameAdapter,
    Turn,
    Verdict,
    adapter_for,
    to_chances,
)
from common.analysis.summary import (
    Opening,
    SeatSummary,
    counted,
    graph_points,
    opening,
    summary,
    turning_point,
    zigzag,
)

__all__ = ["KEY", "MARKS", "MAX_TEXT", "NAMES", "Analyser", "Analysis", "Eval", "GameAdapter",
           "Opening", "SeatSummary", "Turn", "Verdict", "adapter_for", "analyse", "counted",
           "digest", "from_record", "graph_points", "judge_turn", "opening", "start_chances",
           "summary", "to_chances", "to_record", "turn_words", "turning_point", "turns",
           "zigzag"]
