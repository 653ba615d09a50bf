"""Search that sees only the Game protocol: one implementation for both games.

- `search`: Monte-Carlo tree search over single steps with max^n values (2 or 4 players);
- `levels`: the CPU levels (novice, easy, normal, hard) and the players that play them;
- `oneply`: the one-ply players (`novice`, and the bench's `greedy`);
- `worker`: the search in a worker process for the app (start, poll, cancel);
- `bot`: outside programs as players (JSON lines, timeout, forfeit);
- `players`: the seat kinds registered with the command line.

Each game's knowledge (evaluation, priors) lives in its own package: ``overlords/ai.py`` and
``prepollency/ai.py``.
"""
