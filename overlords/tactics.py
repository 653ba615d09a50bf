"""BRUTE-FORCE REFERENCE of the Overlords tactics API (the h11board branch's stand-in).

This file is a correct-but-slow stand-in written so the board's danger marks could be built
and tested before the real tactics module (branch h11tac) landed; the coordinator replaces it
with that module at merge, which keeps these names and meanings:

- `danger(state, move)`: `None` when the move is safe two moves deep; else a `Danger` with the
  opponent's `reply` that wins: `forced=False` when that reply captures the mover's Overlord at
  once, `forced=True` when after that reply no move of the mover keeps its Overlord safe.
- `forced_win(state)`: a move of the side to move that captures the enemy Overlord now, or
  after which every enemy reply loses its Overlord (or the game) at once; else None.

How it is computed here: plain search over `rules.legal_codes` / `rules.apply_legal`, the
opponent's every reply and the mover's every answer, with an early exit as soon as one answer
is found safe. Readings (the same as the issue's wording):

- a move that ends the game (a capture of the enemy Overlord, the ninth Source, the draw) is
  never in danger;
- a reply that wins the game at once (the Overlord captured, or the enemy's ninth Source) is an
  immediate loss (`forced=False`);
- after a reply, an answer "saves" the Overlord when it ends the game itself, or when the
  opponent then has no move that wins at once; if no answer does, the reply wins by force. A
  forced discard is an answer like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from overlords import rules
from overlords.core import (
    OVERLORD,
    TAKES,
    add_moves,
    apply_legal,
    legal_codes,
    piece_code,
)


@dataclass(frozen=True, slots=True)
class Danger:
    """Why a move loses: the opponent's `reply`, at once (`forced` False) or by force."""

    forced: bool  # False: `reply` wins at once; True: after `reply` no move saves the Overlord
    reply: rules.Move  # the opponent's move that does it


def wins_at_once(state: rules.State) -> int | None:
    """A move of the side to move that wins the game at once (captures the enemy Overlord or
    takes the ninth Source), or None. Teleports and recruits never capture, so only a capture
    or a move onto a Source can; captures of the Overlord are looked for first (cheaply)."""
    if state.result is not None:
        return None
    side = state.turn
    enemy_overlord = piece_code(1 - side, OVERLORD)
    cells = state.board.tolist()
    target = next((sq for sq, c in enumerate(cells) if c == enemy_overlord), None)
    if target is not None:
        capture = _capture_of(state, cells, target)
        if capture is not None:
            return capture
    sources = state.static.source_squares.tolist()
    control = state.control.tolist()
    missing = [sq for sq in sources if control[sq] != side]
    if len(missing) == 1:
        for code in legal_codes(state):
            if code & 127 == missing[0] and (code >> 7) & 127 != 64:
                return code
    return None


def _capture_of(state: rules.State, cells: list[int], target: int) -> int | None:
    """A legal move of the side to move onto `target` (an enemy figure), or None."""
    side = state.turn
    runes = state.runes[side]
    fates = state.fates[side]
    barrier = state.static.barrier
    own_lo = 1 + side * 4
    for sq, cell in enumerate(cells):
        kind = cell - own_lo
        if not 0 <= kind < 4 or not fates[kind] or not TAKES[side][kind][cells[target]]:
            continue
        for rune in (1, 2, 3, 4, 7):
            if not runes >> (rune - 1) & 1 or rules.FORBIDDEN.get(rune) == kind:
                continue
            out: list[int] = []
            add_moves(out, rune << 16 | kind << 14 | sq << 7, cells, barrier, sq, rune, kind,
                      side)
            for code in out:
                if code & 127 == target:
                    return code
    return None


def _safe_answer_exists(state: rules.State) -> bool:
    """After the opponent's reply: True if some move of the side to move ends the game or
    leaves the opponent no move that wins at once."""
    for code in legal_codes(state):
        after = apply_legal(state, code)
        if after.result is not None or wins_at_once(after) is None:
            return True
    return False


def danger(state: rules.State, move: rules.Move) -> Danger | None:
    """None when the legal `move` is safe two moves deep; else how the opponent wins."""
    after = apply_legal(state, move)
    if after.result is not None:
        return None
    now = wins_at_once(after)
    if now is not None:
        return Danger(False, rules.Move(now))
    for reply in legal_codes(after):
        answer = apply_legal(after, reply)
        if answer.result is not None:  # cannot happen (wins_at_once found none); kept exact
            return Danger(False, rules.Move(reply))
        if not _safe_answer_exists(answer):
            return Danger(True, rules.Move(reply))
    return None


def forced_win(state: rules.State) -> rules.Move | None:
    """A move that wins at once, or after which every enemy reply allows a win at once."""
    now = wins_at_once(state)
    if now is not None:
        return rules.Move(now)
    for move in legal_codes(state):
        after = apply_legal(state, move)
        if after.result is not None:
            continue
        if all(_reply_loses(after, reply) for reply in legal_codes(after)):
            return rules.Move(move)
    return None


def _reply_loses(state: rules.State, reply: int) -> bool:
    after = apply_legal(state, reply)
    if after.result is not None:
        return False  # the reply itself ended the game (the replier won, or a draw)
    return wins_at_once(after) is not None
