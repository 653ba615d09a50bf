"""Bots from outside: a seat played by another program, over one JSON object per line.

Every message the program is sent gets exactly one answer line:

- its turn: ``{"type": "turn", "record": <the game record so far>, "seat": <"white"/"black" or
  a seat number>}``, answered ``{"move": "2D f1-c4"}`` (Overlords) or ``{"turn": ["c3-e5",
  "h7-h8"]}`` (Prepollency);
- its setup, before the first move, in a game whose record has a ``"setup"`` key (Overlords):
  ``{"type": "setup", "record": <the record with the features, and the setups of the seats
  before this one: White's when Black sets up>, "seat": "black"}``, answered ``{"setup": {"O":
  "e8", "D": "f8", "W": "d8", "H": "c8"}}``, or ``{"setup": null}`` to leave the choice to the
  program (the `normal` level's setup). The record of a setup message is not a whole record:
  the seats still to set up are missing from its "setup".

A malformed or illegal answer, a crash, a line longer than `MAX_LINE` bytes, a second line for
one message, or no answer within the timeout forfeits the seat: `ask` / `ask_setup` raise
`Forfeit` with a message that says which and why (quoting at most `QUOTED` characters of what
the program printed), and the caller applies ``game.resign(state, player, "forfeit")`` through
``record.withdraw`` (in a 4-player game that goes on, the records the other bots then receive
list the seat under "withdrawn"). The program is started on its first message and kept for the
whole game; what it prints on stderr passes through.

A `Bot` is one program playing one seat (`ask`, `ask_setup`); `BotSeat` asks it off the UI
thread for the app, `BotPlayer` for the headless tools. The modules, one job each (this
package re-exports what callers use):

- `process`: the program as a process (`Program`: started, one line per message, bounded
  reading, stopped with all it started), the timeout's limits, quoting what it printed;
- `setup`: the seats' setups before the first move (the record a bot sets up from);
- `players`: `Bot`, `BotPlayer`, `BotSeat`.
"""

from common.ai.bot.players import Bot, BotPlayer, BotSeat
from common.ai.bot.process import (
           DEFAULT_TIMEOUT,
           MAX_LINE,
           MAX_TIMEOUT,
           PREFIX,
           check_timeout,
           quote,
)
from common.ai.bot.setup import SETUP_KEY, program_setup, setup_record

__all__ = ["DEFAULT_TIMEOUT", "MAX_LINE", "MAX_TIMEOUT", "PREFIX", "SETUP_KEY", "Bot", "BotPlayer",
           "BotSeat", "check_timeout", "program_setup", "quote", "setup_record"]
