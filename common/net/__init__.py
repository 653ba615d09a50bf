"""Network play (issue 37): a game over the network is a log (the design's rule 15).

One NATS JetStream stream per game holds a header and then one message per move, setup,
resignation, withdrawal or undo request; every client (players and spectators) replays it
through `common.match.Match` with the engine, so no peer is trusted. No pygame here.

Modules, one concept each:

- `wire`: subjects, message JSON, headers, limits, the join URL format;
- `judge`: `NetGame`, the log judged message by message into a `Match` (deterministic on every
  client: refusals, forfeits for illegal moves and floods, undo requests);
- `server`: the bundled `nats-server` as a child process, its generated configuration;
- `client`: `NetClient`, the asyncio connection in a daemon thread (consumer from a sequence,
  compare-and-set publishing, reconnection);
- `session`: `NetSession` (client + judge, polled, never blocking; it publishes what the
  local seats do) and `RemoteSeat` (a `SeatRunner` for a seat played elsewhere);
- `local`: `LocalSeats`, the CPU levels and bots a headless client plays itself;
- `host`: a hosted game (ids, per-seat secrets, the stream and its header, restarts);
- `hub`: many games on one server, and its admin protocol;
- `keys`: a seat's secret kept in the user's config folder (mode 0600);
- `lan`: the game advertised and found on the LAN (zeroconf);
- `cli`: the `host`, `join`, `watch` and `hub` commands.
"""
