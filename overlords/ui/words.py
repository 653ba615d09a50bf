"""The Overlords screen's words: a move in plain words, why a game ended, and the move log's
rows (two moves, White's and Black's, per numbered row).

Plain Python (no pygame).
"""

from __future__ import annotations

from typing import Any

from common.ui.game_panel import LogRow
from overlords import rules


def log_rows(moves: list[rules.Move], reckonings: dict[int, int] | None = None
             ) -> list[LogRow]:
    """The move log as numbered rows: "1." then White's move and Black's; after a row whose
    moves brought a Reckoning (`reckonings`: move index -> side), a row that says so."""
    reckonings = reckonings or {}
    rows = []
    for i in range(0, len(moves), 2):
        cells = tuple((j, str(moves[j])) for j in range(i, min(i + 2, len(moves))))
        rows.append(LogRow(f"{i // 2 + 1}.", cells))
        sides = [reckonings[j] for j, _ in cells if j in reckonings]
        if sides:
            rows.append(LogRow("", (), note=reckoning_note(sides)))
    return rows


def reckonings(states: list[rules.State]) -> dict[int, int]:
    """The moves that brought their side's Reckoning: index -> side (states[i] is the
    position before move i)."""
    return {i: state.turn for i, state in enumerate(states[:-1])
            if state.turns_to_reckoning(state.turn) == 1}


def reckoning_note(sides: list[int]) -> str:
    """The log's Reckoning row: "Reckoning: every stone is back in both hands", or "White's
    Reckoning: all its stones are back" (`sides`: whose Reckonings the row's moves brought)."""
    if len(set(sides)) == 2:
        return "Reckoning: every stone is back in both hands"
    return f"{rules.SIDE_NAMES[sides[0]].title()}'s Reckoning: all its stones are back"


def reckoning_words(side: int) -> str:
    """What the "Last:" line adds after the move that brought a side's Reckoning (short: the
    board's moment and the log's row say the rest)."""
    return f"{rules.SIDE_NAMES[side].title()}'s Reckoning"


def a_figure(kind: int) -> str:
    """A figure type's name with its article: "a Dragon", "an Overlord"."""
    name = rules.TYPE_NAMES[kind]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def describe(move: rules.Move, before: rules.State) -> str:
    """A move in plain words: "White's Dragon f1 to c4, captures a Hero"."""
    side = rules.SIDE_NAMES[before.turn].title()
    fate = rules.TYPE_NAMES[move.fate]
    if move.is_discard:
        return f"{side} discards Rune {move.rune} and {a_figure(move.fate)} Fate"
    if move.is_recruit:
        return f"{side} recruits a {fate} on {rules.GRID.name(move.to)}"
    victim = before.figure(move.to)
    how = rules.RUNE_NAMES[move.rune]
    text = (f"{side}'s {fate} {rules.GRID.name(move.frm)} to {rules.GRID.name(move.to)} "
            f"({how})")
    if victim is not None:
        text += f", takes {a_figure(victim[1])}"
    return text


def result_words(outcome: Any, viewer: int | None = None) -> str:
    """Why the game ended, in a sentence: by colour ("Black captured White's Overlord."), or
    from `viewer`'s side when one person plays ("Black captured your Overlord.")."""
    if outcome.winner is None:
        return {"draw": "100 turns passed without a capture, a recruit or a new flag."}.get(
            outcome.reason, outcome.reason)
    win, lose = outcome.winner, 1 - outcome.winner
    names = {side: rules.SIDE_NAMES[side].title() for side in (win, lose)}
    if viewer in names:
        names[viewer] = "you"
    winner, loser = names[win], names[lose]
    owner = "your" if lose == viewer else f"{loser}'s"
    sentence = {
        "overlord": f"{winner} captured {owner} Overlord.",
        "sources": f"{winner} {'hold' if win == viewer else 'holds'} all nine Sources.",
        "resign": f"{loser} resigned.",
        "forfeit": f"{loser} forfeited.",
    }.get(outcome.reason, outcome.reason)
    return sentence[:1].upper() + sentence[1:]


def danger_words(state: rules.State, move: rules.Move, danger) -> str:
    """Why a move loses, from the mover's side, saying what really happens: "after this,
    3D d2-d5 captures your Overlord"; "after this, Black replies 3D d8-d3: your Overlord is
    then attacked (3D d3-d1) and no move of yours saves it"; "after this, Black can only
    discard (6D --), and its Reckoning brings back all its stones: your Overlord is then
    attacked (4W e7-c8) and ...". `danger` is the move's `tactics.Danger`."""
    reply = danger.reply
    after = rules.apply_legal(state, move)
    if not danger.forced:
        victim = after.figure(reply.to) if reply.to is not None else None
        if victim is not None and victim[1] == rules.OVERLORD:
            return f"after this, {reply} captures your Overlord"
        return f"after this, {reply} takes the ninth Source and wins"
    enemy = rules.SIDE_NAMES[1 - state.turn].title()
    then = rules.apply_legal(after, reply)
    text = (f"after this, {enemy} can only discard ({reply})" if reply.is_discard
            else f"after this, {enemy} replies {reply}")
    if after.turns_to_reckoning(1 - state.turn) == 1:  # its last stones: they all return
        text += ", and its Reckoning brings back all its stones"
    attacks = rules.attackers(then, state.turn)
    if attacks:  # the reply's own figure first: it is the one that moved
        attack = next((a for a in attacks if a.frm == reply.to), attacks[0])
        return f"{text}: your Overlord is then attacked ({attack}) and no move of yours saves it"
    return (f"{text}: then every move of yours lets {enemy} capture your Overlord or take "
            "the ninth Source")
