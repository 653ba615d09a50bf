"""Game records (docs/RULES.md, "Game records"): load, validate by replaying, build and save.

A record is UTF-8 JSON: ``game``, ``version``, the game's starting keys, the list of moves
(``moves`` or ``turns``) and ``result``. Unknown keys are kept but ignored. Every problem gets
a `RecordError` whose message names the first thing wrong; nothing here raises anything else
for bad input. Saves are atomic: a temporary file in the same folder, then a rename.

Withdrawals (this edition's ruling; docs/RULES.md only says the game goes on): in a game of
more than two players, a seat that resigns or forfeits while the game goes on is listed in the
optional key ``withdrawn``, in the order it happened::

    "withdrawn": [{"seat": 2, "after": 17, "reason": "forfeit"}]

``after`` is how many entries of the moves list were played before the seat left (0 to their
number), so a replay eliminates the seat, as ``game.resign(state, seat, reason)`` does, right
after that many entries and before the next one. A separate key, not a marker inside the moves
list, so the list stays one entry per turn played (its numbering, counts and every tool that
reads it unchanged) and a record without withdrawals is written exactly as before. A
resignation or forfeit that ends the game (always so with two players) is only the
``result``, as before. A seat leaves only between two whole entries (docs/RULES.md): the
engines refuse a resignation in the middle of a turn, so the caller takes a half-made turn
back first. Callers apply a resignation through `withdraw`, which notes it; `build` writes the
notes and `replay` reads them back (`Replay.withdrawn`).

The modules, one job each (this package re-exports what callers use, so
``from common import record as rec`` reads ``rec.load``, ``rec.replay``, ``rec.build``):

- `format`: the version, the keys, `RecordError`, `Withdrawal`, how errors quote values;
- `files`: reading a record file (bounded) and writing one atomically;
- `check`: checking a record by replaying it (`replay`, `Replay`);
- `make`: a record of a game (`build`, `withdraw`) and its text (`dumps`).

(The modules are not named for the functions `replay` and `build`: re-exported here, those
would hide a module of the same name, and ``import common.record.replay as m`` would give the
function.)
"""

from common.record.check import Replay, game_of, replay
from common.record.files import MAX_BYTES, encodable, load, loads, read_text, save, write_temp
from common.record.format import (
    MAX_MESSAGE,
    VERSION,
    WITHDRAWN_KEY,
    RecordError,
    Withdrawal,
    cut,
)
from common.record.make import build, dumps, encode, withdraw

__all__ = ["MAX_BYTES", "MAX_MESSAGE", "VERSION", "WITHDRAWN_KEY", "RecordError", "Replay",
           "Withdrawal", "build", "cut", "dumps", "encodable", "encode", "game_of", "load",
           "loads", "read_text", "replay", "save", "withdraw", "write_temp"]
