"""The analysis kept with the save, under the record key ``analysis`` (`to_record` /
`from_record`): keyed by a digest of the game (its start, moves, withdrawals and result) and
the node count, so a record changed since is analysed again; what is read back is bounded and
checked like any other part of a file (`from_record` gives None for anything it does not
trust). No pygame.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from common import record as rec
from common.analysis.model import (
    FORMAT,
    KEY,
    MARKS,
    MAX_TEXT,
    Analysis,
    GameAdapter,
    Turn,
    Verdict,
    adapter_for,
)
from common.protocol import Game


def digest(replay: rec.Replay, nodes: int) -> str:
    """What the kept analysis is keyed by: the game's start, moves, withdrawals and result,
    and the node count (a record changed since, or another depth, is analysed again)."""
    game = replay.game
    core = rec.build(game, replay.initial, replay.moves, replay.final, replay.withdrawn)
    text = json.dumps({"record": core, "nodes": nodes, "format": FORMAT}, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def to_record(replay: rec.Replay, analysis: Analysis) -> dict:
    """The value of the record's ``analysis`` key for a finished analysis."""
    adapter = adapter_for(replay.game)
    label = replay.game.player_label
    return {
        "format": FORMAT,
        "digest": digest(replay, analysis.nodes),
        "nodes": analysis.nodes,
        "seed": analysis.seed,
        "start": {str(label(p)): round(c, 4) for p, c in analysis.start.items()},
        "turns": [t.json(replay.game, adapter) for t in analysis.turns],
    }


def from_record(replay: rec.Replay, nodes: int | None = None, seed: int = 0
                ) -> Analysis | None:
    """The analysis kept in the replayed record, if it is whole, of this very game (digest),
    depth (`nodes`, default the game's) and seed, and every value checks; else None."""
    data = replay.record.get(KEY)
    game = replay.game
    try:
        adapter = adapter_for(game)
    except (ValueError, ImportError):
        return None
    nodes = nodes or adapter.DEFAULT_NODES
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    if data.get("digest") != digest(replay, nodes) or data.get("nodes") != nodes:
        return None
    entries, kept_seed = data.get("turns"), data.get("seed")
    if not isinstance(entries, list) or len(entries) != len(replay.moves):
        return None
    if isinstance(kept_seed, bool) or kept_seed != seed:
        return None
    players = game.players(replay.initial)
    try:
        done = [_turn_from(game, adapter, replay, i, e, players) for i, e in enumerate(entries)]
        start = _chances_from(game, data.get("start"), players)
    except (ValueError, TypeError, KeyError, RecursionError):  # a hostile file: not kept
        return None
    return Analysis(game, start, done, nodes, seed)


def _chances_from(game: Game, data: Any, players: Sequence[int]) -> dict[int, float]:
    if not isinstance(data, dict) or len(data) != len(players):
        raise ValueError("chances")
    out = {}
    for label, value in data.items():
        player = game.player_from_label(_label_value(label))
        if player not in players or isinstance(value, bool) or not isinstance(value, int | float)\
                or not 0.0 <= value <= 1.0:
            raise ValueError("chance")
        out[player] = float(value)
    if set(out) != set(players):
        raise ValueError("chances")
    return out


def _label_value(label: str) -> Any:
    """A chances key as the game's labels are: "white", or a seat number written as text."""
    return int(label) if label.isdigit() and len(label) < 3 else label


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("text")
    return rec.cut(value, MAX_TEXT)


def _turn_from(game: Game, adapter: GameAdapter, replay: rec.Replay, ply: int, data: Any,
               players: Sequence[int]) -> Turn:
    if not isinstance(data, dict) or data.get("ply") != ply:
        raise ValueError("turn")
    state, move = replay.states[ply], replay.moves[ply]
    if data.get("move") != game.move_data(move):
        raise ValueError("move")
    mark = data.get("mark")
    if mark not in MARKS:
        raise ValueError("mark")
    loss = data.get("loss")
    if isinstance(loss, bool) or not isinstance(loss, int | float) or not 0.0 <= loss <= 2.0:
        raise ValueError("loss")
    better = None
    if data.get("better") is not None:
        better = game.parse_move(state, data["better"])  # a move legal there, or ValueError
    words = _text(data.get("better_words", ""))
    return Turn(ply, game.to_move(state), move, _chances_from(game, data.get("before"), players),
                _chances_from(game, data.get("chances"), players), float(loss), mark,
                _verdict_from(data, better), better, words,
                tuple(adapter.squares(better)) if better is not None else (),
                _left_from(game, data, players))


def _verdict_from(data: dict, better: Any) -> Verdict | None:
    """A kept turn's verdict (its kind and words, cut), proving `better`; None if it has none."""
    if data.get("verdict") is None:
        return None
    return Verdict(_text(data.get("verdict_kind") or "exact")[:20], _text(data["verdict"]),
                   better)


def _left_from(game: Game, data: dict, players: Sequence[int]) -> tuple[int, ...]:
    """The players a kept turn says withdrew right after it."""
    left = data.get("left", [])
    if not isinstance(left, list) or len(left) > len(players):
        raise ValueError("left")
    return tuple(game.player_from_label(x) for x in left)
