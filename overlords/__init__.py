"""Overlords: the 8x8 game of Rune and Fate stones (engine, CPU, tactics, screens).

The skeleton every game package has (docs/ARCHITECTURE.md; tests/test_layers.py checks it):

- `facts`: what the app knows of the game before loading it, registered with `common.games`;
- `rules`: the `common.protocol.Game` surface, only re-exports of `state` (the State value,
  the pieces, stones and features, the cell encoding), `moves` (the Move value and its
  notation), `movegen` (legal moves), `apply` (applying a move, resigning, the outcome),
  `reasons` (why a move is refused) and `setup` (starting positions, the record's keys);
- `ai/` (the CPU: `heuristics`, and `setup`, where a CPU side stands its figures),
  `tactics/` (forced losses and wins two moves deep: `lines`, `defence`, `danger`),
  `analysis`, `lessons`, `puzzles`, `rules_text`;
- `ui/`: the screens (see its docstring, which names the screens only Overlords has).

Only Overlords has, outside `ui/`: nothing; its setup phase (each side places its figures
before the first move) is `setup.py`'s record keys, `ai/setup.py` and the `ui` setup screens.
"""
