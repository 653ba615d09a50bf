"""The Overlords CPU: what the shared search (`common.ai`) needs to know of this game.

- `overlords.ai.heuristics`: the evaluation, the move priors, the fast view of the engine the
  search walks, and the tactical hooks (`overlords.tactics`); `HEURISTICS` is what the
  registry loads;
- `overlords.ai.setup`: where a CPU side stands its four figures before the first move
  (loaded when a setup is asked for: it imports the search).
"""

from __future__ import annotations

from overlords.ai.heuristics import (  # noqa: F401
    HEURISTICS,
    FastView,
    OverlordsHeuristics,
    attack_map,
    check_reach,
    checkers,
    gives_check,
)
