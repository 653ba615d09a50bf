"""Prepollency: the 15x15 race for the Obelisk, 2 to 4 players (engine, CPU, tactics, screens).

The skeleton every game package has (docs/ARCHITECTURE.md; tests/test_layers.py checks it):

- `facts`: what the app knows of the game before loading it, registered with `common.games`
  (with the settings it adds);
- `rules`: the `common.protocol.Game` surface, only re-exports of `state` (the State value and
  the board geometry: seats, bases, Obelisk), `moves` (Move, END, Turn and their notation),
  `movegen` (legal moves and turns), `apply` (applying steps and turns, the end of a turn,
  resigning, the outcome), `reasons` (why a move is refused) and `setup` (starting positions,
  the record's keys);
- `ai/` (the CPU: `heuristics`, and `plan`, the `hard` level's plan for three and four
  players), `tactics/` (wins at once, wins to stop, falling bases, Khans en prise: `reach`,
  `wins`, `danger`), `analysis`, `lessons`, `puzzles`, `rules_text`;
- `ui/`: the screens (see its docstring, which names the screens only Prepollency has).

Only Prepollency has, outside `ui/`: nothing.
"""
