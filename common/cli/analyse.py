"""The ``analyse`` command: `common.analysis` over a record, printed as text or JSON. No pygame.

    main.py analyse RECORD.json [--nodes N] [--seed S] [--json]

Text: one line a turn (number, mover, move, each seat's chance after it, the mark, the verdict
or the better move), then each seat's summary and the turn where the game turned. ``--json``: a
list with one object a turn (`common.analysis.Turn.json`: ``ply``, ``mover``, ``move``,
``chances``, ``mark``, ``verdict``, ``better`` and more). An analysis kept in the record for
the same game, nodes and seed is printed as it is (the app's figures); every bad input gets
one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from common import record as rec
from common.cli.arguments import Subparsers, node_count
from common.cli.terminal import terminal
from common.i18n import _
from common.protocol import Game

if TYPE_CHECKING:  # the analysis (and its search) is imported only when the command runs
    from common.analysis import Analysis


def arguments(sub: Subparsers, names: list[str]) -> argparse.ArgumentParser:
    """The command's parser."""
    analyse = sub.add_parser(
        "analyse", help=_("analyse a record: each seat's chance, marks and better moves"),
        description=_("Analyse every turn of a record: the mover, the move, each seat's chance "
                      "to win after it, the mark (?! ? ??), the exact verdict, the better move. "
                      "Bad input: one line, exit status 2."))
    analyse.add_argument("file", type=Path, metavar="RECORD")
    analyse.add_argument("--nodes", type=node_count, default=None,
                         help=_("search nodes per position (the game's default)"))
    analyse.add_argument("--seed", type=int, default=0, help=_("seed of the search (0)"))
    analyse.add_argument("--json", action="store_true", help=_("a JSON list, one object a turn"))
    return analyse


def run(args: argparse.Namespace, games: dict[str, Game]) -> int:
    """Print the analysis of the record `args.file`."""
    from common import analysis  # the search, only when asked

    try:
        replay = rec.replay(rec.load(args.file), games)
        result = analysis.from_record(replay, args.nodes, args.seed)
        if result is None:
            too_long = refusal(replay, args.nodes)
            if too_long:
                print(_("analyse: {too_long}").format(too_long=too_long), file=sys.stderr)
                return 2
            result = analysis.analyse(replay, args.nodes, args.seed)
    except rec.RecordError as err:
        print(f"{terminal(args.file)}: {terminal(err)}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(_("analyse: {terminal}").format(terminal=terminal(err)), file=sys.stderr)
        return 2
    game = replay.game
    adapter = analysis.adapter_for(game)
    if args.json:
        print(json.dumps([t.json(game, adapter) for t in result.turns], indent=1))
        return 0
    for line in text_lines(replay, result):
        print(line)
    return 0


MAX_SECONDS = 120.0  # an analysis estimated to take longer is refused, as perft refuses
PROBE_NODES = 200  # nodes of the searches timed for the estimate


def refusal(replay: rec.Replay, nodes: int | None) -> str | None:
    """Why analysing this record at `nodes` is refused here (None if it fits in MAX_SECONDS):
    a few short searches of its own positions are timed and the whole run extrapolated (each
    position is searched once or twice); the estimate and the largest --nodes that fits."""
    from common import analysis

    an = analysis.Analyser(replay.game, nodes)
    if an.nodes <= PROBE_NODES:
        return None
    states = [s for s in replay.states if replay.game.outcome(s) is None]
    if not states:
        return None
    probe = analysis.Analyser(replay.game, PROBE_NODES)
    start = time.perf_counter()
    picks = states[:: max(1, len(states) // 3)][:3]
    for index, state in enumerate(picks):
        probe.search(state, index)
    per_node = (time.perf_counter() - start) / (PROBE_NODES * len(picks))
    seconds = per_node * an.nodes * len(replay.states) * 1.5  # some searched twice; deeper trees
    if seconds <= MAX_SECONDS:
        return None
    fits = int(MAX_SECONDS / (per_node * len(replay.states) * 1.5))
    return _("--nodes {nodes:,} would search {positions} positions for about {minutes:,.0f} "
             "minutes here (at most {most:.0f}); --nodes {fits:,} fits").format(
        nodes=an.nodes, positions=len(replay.states), minutes=seconds / 60,
        most=MAX_SECONDS / 60, fits=max(PROBE_NODES, fits // 100 * 100))


def text_lines(replay: rec.Replay, result: Analysis) -> list[str]:
    """The text report: a line a turn, then the summary."""
    from common import analysis
    from common.games import get

    game = replay.game
    adapter = analysis.adapter_for(game)
    name = get(game.NAME).seat_names
    lines = []
    for t in result.turns:
        chances = "  ".join(f"{name(p)} {c:4.0%}" for p, c in t.chances.items())
        note = t.better_words or (t.verdict.text if t.verdict is not None else "")
        # words kept in a saved analysis come from the file: quoted, never raw
        lines.append(f"{t.ply + 1:>4}. {name(t.mover):<7} {terminal(adapter.text(t.move), 40):<14}"
                     f" {chances}  {terminal(t.mark or '', 4):<2}  {terminal(note)}".rstrip())
    lines.append("")
    start = analysis.opening(game, result.turns, replay.initial)
    if start is not None:
        lines.append(_("Before the first move: {mark} {text}").format(
            mark=start.mark, text=terminal(start.text)))
    for p, s in analysis.summary(game, result.turns, start).items():
        said = _("{player}: accuracy {accuracy:.0f}%, {counted}, worst turn {turn}") \
            if s.worst is not None else _("{player}: accuracy {accuracy:.0f}%, {counted}")
        lines.append(said.format(player=name(p), accuracy=s.accuracy,
                                 counted=analysis.counted(s),
                                 turn=s.worst + 1 if s.worst is not None else 0))
    outcome = game.outcome(replay.final)
    turned = analysis.turning_point(result.turns, outcome.winner if outcome else None)
    if turned is not None:
        t = result.turns[turned]
        lines.append(_("The game turned at turn {turn}: {player} {move}").format(
                         turn=turned + 1, player=name(t.mover),
                         move=terminal(adapter.text(t.move), 40)))
    return lines
