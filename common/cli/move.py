"""The ``move`` command: the move a player (or the Hint) would make in a record's final
position, printed in the record's notation. Every bad input gets one line on stderr and exit
status 2 (a script asking cannot tell them apart anyway). No pygame.

    main.py move RECORD [--player SPEC | --hint] [--seed N] [--bot-timeout S] [--why]

With ``--why`` a second line says why the move, from the engine (the game's ``why`` module,
through its analysis adapter): "why: takes the Dragon; leaves Black no forced win".
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from common import record as rec
from common.cli.arguments import Subparsers, seconds
from common.cli.players import ask, close, make_player
from common.cli.terminal import terminal
from common.i18n import _
from common.protocol import Forfeit, Game
from common.seats import SeatSpec


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    move = sub.add_parser(
        "move", help=_("print the move a player would make in a record's final position"),
        description=_("Print the move a player would make in the final position of a record, "
                      "in the record's notation (an Overlords move as \"2D f1-c4\", a "
                      "Prepollency turn as its JSON list). Bad input: one line, exit status 2."))
    move.add_argument("file", type=Path, metavar="RECORD")
    who = move.add_mutually_exclusive_group()
    who.add_argument("--player", default="normal",
                     help=_("the seat spec that chooses: random, novice, easy, normal, hard, "
                            "LEVEL:N "
                            "(exactly N nodes: the same move on any machine), cmd:PROGRAM ARGS "
                            "(normal)"))
    who.add_argument("--hint", action="store_true",
                     help=_("the Hint's choice: the normal level at its calibrated node count"))
    move.add_argument("--seed", type=int, default=0, help=_("seed of the player (0)"))
    move.add_argument("--bot-timeout", type=seconds, default=10.0,
                      help=_("a cmd: bot silent this many seconds forfeits (10)"))
    move.add_argument("--why", action="store_true",
                      help=_("print a second line: why the move, from the engine "
                             "(\"why: takes the Dragon; leaves Black no forced win\")"))
    return move


def choose_move(record: dict, spec: SeatSpec | str, seed: int, games: dict[str, Game],
                bot_timeout: float = 10.0) -> tuple[Game, Any]:
    """The move the seat `spec` makes in the final position of `record` (replayed and checked
    first): what `move` prints, and what the tactics benchmark asks. RecordError for a bad or
    finished record; ValueError for a spec that cannot choose (a person, a malformed spec);
    `Forfeit` when a bot fails."""
    replay = rec.replay(record, games)
    game, state = replay.game, replay.final
    if game.outcome(state) is not None:
        raise rec.RecordError(_("the game is over: there is no move to make"))
    spec = SeatSpec.parse(spec)
    args = argparse.Namespace(nodes=None, bot_timeout=bot_timeout)
    player = make_player(game, spec, random.Random(seed), args)
    try:
        history = (replay.initial, list(replay.moves), list(replay.withdrawn))
        return game, ask(player, state, history)
    finally:
        close(player)


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Print the move `--player` (or the Hint) makes in the record's final position; every
    bad input gets one line on stderr and exit status 2."""
    try:
        record = rec.load(args.file)
        if args.hint:
            from common.ai.levels import hint_seat  # the search, only when asked

            spec: SeatSpec | str = hint_seat(rec.game_of(record, games))
        else:
            spec = SeatSpec.parse(args.player)
            if spec.is_human:
                raise ValueError(_("a human seat does not choose here: give random, novice, "
                                   "easy, normal, hard, LEVEL:N or cmd:PROGRAM"))
        game, chosen = choose_move(record, spec, args.seed, games, args.bot_timeout)
        why = reason(record, games, chosen) if args.why else ""
    except rec.RecordError as err:
        print(f"{terminal(args.file)}: {terminal(err)}", file=sys.stderr)
        return 2
    except (ValueError, Forfeit) as err:
        print(_("move: {terminal}").format(terminal=terminal(err)), file=sys.stderr)
        return 2
    data = game.move_data(chosen)
    print(data if isinstance(data, str) else json.dumps(data))
    if args.why:
        print(f"why: {terminal(why) or 'the engine finds nothing to say about it'}")
    return 0


def reason(record: dict, games: dict[str, Game], move: Any) -> str:
    """Why `move` in the record's final position, every fact the engine finds (the game's
    `why.explain_move`, through its analysis adapter)."""
    from common.analysis import adapter_for  # the tactics, only when asked

    replay = rec.replay(record, games)
    return adapter_for(replay.game).explain(replay.final, move).long_text
