"""The Overlords screen's words: a move in plain words, why a game ended, and the move log's
rows (two moves, White's and Black's, per numbered row). Whole sentences in the player's
language (common/i18n), the game's names from overlords/names.py.

Plain Python (no pygame).
"""

from __future__ import annotations

from typing import Any

from common.i18n import _
from common.ui.game_panel import LogRow
from overlords import names, rules


def log_rows(moves: list[rules.Move], reckonings: dict[int, int] | None = None
             ) -> list[LogRow]:
    """The move log as numbered rows: "1." then White's move and Black's; after a row whose
    moves brought a Reckoning (`reckonings`: move index -> side), a row that says so."""
    reckonings = reckonings or {}
    rows = []
    for i in range(0, len(moves), 2):
        cells = tuple((j, str(moves[j])) for j in range(i, min(i + 2, len(moves))))
        rows.append(LogRow(f"{i // 2 + 1}.", cells))
        sides = [reckonings[j] for j, _cell in cells if j in reckonings]
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
        return _("Reckoning: every stone is back in both hands")
    return _("{side}'s Reckoning: all its stones are back").format(side=names.side(sides[0]))


def reckoning_words(side: int) -> str:
    """What the "Last:" line adds after the move that brought a side's Reckoning (short: the
    board's moment and the log's row say the rest)."""
    return _("{side}'s Reckoning").format(side=names.side(side))


def a_figure(kind: int) -> str:
    """A figure type's name with its article: "a Dragon", "an Overlord"."""
    return names.a_figure(kind)


def describe(move: rules.Move, before: rules.State) -> str:
    """A move in plain words: "White's Dragon f1 to c4, takes a Hero"."""
    side = names.side(before.turn)
    fate = names.figure(move.fate)
    if move.is_discard:
        # Translators: {a_figure} is "a Wizard"...: "White discards Rune 3 and a Wizard Fate"
        return _("{side} discards Rune {rune} and {a_figure} Fate").format(
            side=side, rune=move.rune, a_figure=a_figure(move.fate))
    if move.is_recruit:
        return _("{side} recruits a {figure} on {square}").format(
            side=side, figure=fate, square=rules.GRID.name(move.to))
    victim = before.figure(move.to)
    frm, to, how = rules.GRID.name(move.frm), rules.GRID.name(move.to), names.rune(move.rune)
    if victim is not None:
        # Translators: {how} is the Rune's name (Bishop, Knight...), {a_victim} "a Hero"...
        return _("{side}'s {figure} {frm} to {to} ({how}), takes {a_victim}").format(
            side=side, figure=fate, frm=frm, to=to, how=how, a_victim=a_figure(victim[1]))
    # Translators: {how} is the Rune's name (Bishop, Knight...)
    return _("{side}'s {figure} {frm} to {to} ({how})").format(side=side, figure=fate,
                                                               frm=frm, to=to, how=how)


def result_words(outcome: Any, viewer: int | None = None) -> str:
    """Why the game ended, in a sentence: by colour ("Black captured White's Overlord."), or
    from `viewer`'s side when one person plays ("Black captured your Overlord.")."""
    if outcome.winner is None:
        if outcome.reason == "draw":
            return _("100 turns passed without a capture, a recruit or a new flag.")
        return outcome.reason
    win, lose = outcome.winner, 1 - outcome.winner
    winner, loser = names.side(win), names.side(lose)
    sentences = {  # (the viewer won, the viewer lost, told by colour)
        "overlord": (_("You captured {loser}'s Overlord."),
                     _("{winner} captured your Overlord."),
                     _("{winner} captured {loser}'s Overlord.")),
        "sources": (_("You hold all nine Sources."), _("{winner} holds all nine Sources."),
                    _("{winner} holds all nine Sources.")),
        "resign": (_("{loser} resigned."), _("You resigned."), _("{loser} resigned.")),
        "forfeit": (_("{loser} forfeited."), _("You forfeited."), _("{loser} forfeited.")),
    }.get(outcome.reason)
    if sentences is None:
        return outcome.reason
    which = 0 if viewer == win else 1 if viewer == lose else 2
    return sentences[which].format(winner=winner, loser=loser)


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
            return _("after this, {reply} captures your Overlord").format(reply=reply)
        return _("after this, {reply} takes the ninth Source and wins").format(reply=reply)
    enemy = names.side(1 - state.turn)
    then = rules.apply_legal(after, reply)
    reckoning = after.turns_to_reckoning(1 - state.turn) == 1  # its last stones: all return
    first = _reply_words(enemy, reply, reckoning)
    attacks = rules.attackers(then, state.turn)
    if attacks:  # the reply's own figure first: it is the one that moved
        attack = next((a for a in attacks if a.frm == reply.to), attacks[0])
        # Translators: {first} is "after this, Black replies 3D d8-d3" (and more)
        return _("{first}: your Overlord is then attacked ({attack}) and no move of yours "
                 "saves it").format(first=first, attack=attack)
    return _("{first}: then every move of yours lets {enemy} capture your Overlord or take "
             "the ninth Source").format(first=first, enemy=enemy)


def _reply_words(enemy: str, reply: rules.Move, reckoning: bool) -> str:
    """The first half of `danger_words`: what the opponent answers."""
    if reply.is_discard and reckoning:
        return _("after this, {enemy} can only discard ({reply}), and its Reckoning brings "
                 "back all its stones").format(enemy=enemy, reply=reply)
    if reply.is_discard:
        return _("after this, {enemy} can only discard ({reply})").format(enemy=enemy,
                                                                          reply=reply)
    if reckoning:
        return _("after this, {enemy} replies {reply}, and its Reckoning brings back all its "
                 "stones").format(enemy=enemy, reply=reply)
    return _("after this, {enemy} replies {reply}").format(enemy=enemy, reply=reply)
