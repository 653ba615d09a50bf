"""The words of the Overlords board's explanations: the hover tips (a feature, a stone, a
figure, a target), the stuck figures ("Overlord cannot move until the Reckoning") and the
Sources count ("Sources 4/9", the one-Source-from-winning warning).

Plain Python (no pygame). Every fact is read from the rules module's tables and the State.
"""

from __future__ import annotations

from overlords import rules

RUNE_TITLES = {1: "King step", 2: "Bishop slide", 3: "Rook slide", 4: "Knight jump",
               5: "Teleport", 6: "Recruit", 7: "Pawn step"}
RUNE_HOW = {
    1: "one square in any of the 8 directions",
    2: "slides diagonally any distance, stopping at the first figure",
    3: "slides along a file or a rank any distance, stopping at the first figure",
    4: "jumps like a chess knight, over anything",
    5: "to any empty square that is not a Barrier; never captures",
    6: "brings a figure from the reserve onto an empty Source you control",
    7: "one square straight forward, or one diagonally forward to capture",
}
FIGURE_HOW = {
    rules.OVERLORD: "Captures anything. Lose it and you lose the game.",
    rules.WIZARD: "Cannot capture Dragons.",
    rules.DRAGON: "Flies over Barriers on slides. Cannot capture Heroes.",
    rules.HERO: "Cannot capture Wizards.",
}
FEATURE_WORDS = {
    rules.CASTLE: "Castle: a Source. Rune 6 recruits Heroes here while you control it.",
    rules.TOWER: "Tower: a Source. Rune 6 recruits Wizards here while you control it.",
    rules.LAIR: "Lair: a Source. Rune 6 recruits Dragons here while you control it.",
    rules.PIT: "Pit: a Barrier. No figure stops here; slides stop before it (Dragons fly "
               "over).",
    rules.MOUNTAIN: "Mountain: a Barrier. No figure stops here; slides stop before it "
                    "(Dragons fly over).",
}
SOURCES_TOTAL = 3 * len(rules.SOURCES)


def forbidden_kind(rune: int) -> int | None:
    """The figure type a Rune never moves (None: it moves every type)."""
    return rules.FORBIDDEN.get(rune)


def rune_tip(rune: int, played: bool) -> str:
    """"Rune 4 · Knight jump: jumps like a chess knight, over anything. Never a Hero."."""
    text = f"Rune {rune} · {RUNE_TITLES[rune]}: {RUNE_HOW[rune]}."
    never = forbidden_kind(rune)
    if rune == 6:
        text += " Never an Overlord."
    elif never is not None:
        text += f" Never moves {_a(never)}."
    if played:
        text += " Played: it returns at the Reckoning."
    return text


def fate_tip(kind: int, played: bool) -> str:
    """"Dragon Fate: this turn moves (or recruits) a Dragon."."""
    text = f"{rules.TYPE_NAMES[kind]} Fate: this turn moves {_a(kind)}"
    text += "." if kind == rules.OVERLORD else " (or recruits one)."
    if played:
        text += " Played: it returns at the Reckoning."
    return text


def feature_tip(state: rules.State, sq: int) -> str:
    """What a feature is and gives, with who controls a Source."""
    kind = int(state.features[sq])
    text = FEATURE_WORDS[kind]
    if kind in rules.SOURCES:
        owner = int(state.control[sq])
        text += (" Not controlled yet." if owner < 0
                 else f" Controlled by {rules.SIDE_NAMES[owner].title()}.")
        text += f" Hold all {SOURCES_TOTAL} Sources to win."
    return text


def figure_tip(state: rules.State, sq: int) -> str:
    """"White's Dragon: ..." with the stuck note when its Fate stones are spent."""
    side, kind = state.figure(sq)
    text = f"{rules.SIDE_NAMES[side].title()}'s {rules.TYPE_NAMES[kind]}. {FIGURE_HOW[kind]}"
    if kind in stuck_kinds(state, side):
        text += f" {_no_fate(kind)}: it cannot move until the Reckoning."
    feature = int(state.features[sq])
    if feature >= 0:
        text += f" Stands on a {rules.FEATURE_NAMES[feature].title()}."
    return text


def stuck_kinds(state: rules.State, side: int) -> list[int]:
    """The figure types of `side` on the board whose Fate stones are all played: they cannot
    move until the side's Reckoning."""
    on_board = {k for s, k in filter(None, map(state.figure, range(64))) if s == side}
    return [k for k in range(4) if k in on_board and not state.fates[side][k]]


def stuck_text(state: rules.State, side: int) -> str:
    """"Overlord cannot move until the Reckoning" (or "Overlord and Dragons cannot ..."); ""
    when every figure type on the board still has a Fate stone."""
    kinds = stuck_kinds(state, side)
    if not kinds:
        return ""
    names = [rules.TYPE_NAMES[k] if k == rules.OVERLORD or _count(state, side, k) == 1
             else rules.TYPE_PLURALS[k] for k in kinds]
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{who} cannot move until the Reckoning"


def freeze_note(state: rules.State, fate: int | None, move: rules.Move | None = None) -> str:
    """The warning before a move spends the last Fate stone of its figure type while the
    Reckoning is more than this turn away: "Last Overlord Fate: your Overlord cannot move
    again for 5 turns, until the Reckoning."; "" when nothing freezes. `fate` is the
    Fate stone picked (or the picked figure's type); `move`, if given, is the move itself (a
    recruit of the type counts its new figure)."""
    if fate is None or state.result is not None:
        return ""
    side = state.turn
    left = state.turns_to_reckoning(side) - 1  # the side's turns after this one, before it
    if state.fates[side][fate] != 1 or left < 1:
        return ""
    if move is not None and rules.apply(state, move).result is not None:
        return ""  # the move ends the game: nothing is left to freeze
    count = _count(state, side, fate) + (1 if move is not None and move.is_recruit else 0)
    if count == 0:
        return ""
    whom = (f"your {rules.TYPE_NAMES[fate]}" if count == 1
            else f"your {rules.TYPE_PLURALS[fate]}")
    turns = "your next turn" if left == 1 else f"{left} turns"
    again = "cannot move on" if left == 1 else "cannot move again for"
    return f"Last {rules.TYPE_NAMES[fate]} Fate: {whom} {again} {turns}, until the Reckoning."


def frozen_turns(state: rules.State, side: int, kind: int) -> int:
    """How many more of `side`'s turns a figure type whose Fate stones are all played stays
    unable to move (0: it is not frozen). On the side's own turn that turn counts."""
    if state.fates[side][kind]:
        return 0
    return state.turns_to_reckoning(side)


def sources_held(state: rules.State, side: int) -> int:
    """How many Sources carry the side's marker."""
    control = state.control.tolist()
    return sum(1 for sq in state.static.source_squares.tolist() if control[sq] == side)


def sources_text(state: rules.State, side: int) -> str:
    """"Sources 4/9"."""
    return f"Sources {sources_held(state, side)}/{SOURCES_TOTAL}"


def sources_warning(state: rules.State, viewer: int | None) -> str:
    """A warning when a side holds all Sources but one (it wins by taking the last); "" else.
    Worded for `viewer` (the person at the screen, None in hot-seat: by colour)."""
    parts = []
    for side in (rules.WHITE, rules.BLACK):
        if sources_held(state, side) == SOURCES_TOTAL - 1:
            control = state.control.tolist()
            last = next(sq for sq in state.static.source_squares.tolist()
                        if control[sq] != side)
            where = rules.GRID.name(last)
            if viewer is None:
                who = f"{rules.SIDE_NAMES[side].title()} is"
            else:
                who = "You are" if side == viewer else f"{rules.SIDE_NAMES[side].title()} is"
            parts.append(f"{who} one Source from winning: {where}.")
    return " ".join(parts)


def _count(state: rules.State, side: int, kind: int) -> int:
    return sum(1 for sq in range(64) if state.figure(sq) == (side, kind))


def _no_fate(kind: int) -> str:
    if rules.FATE_STONES[kind] == 1:
        return f"Its {rules.TYPE_NAMES[kind]} Fate stone is played"
    return f"Both {rules.TYPE_NAMES[kind]} Fate stones are played"


def _a(kind: int) -> str:
    name = rules.TYPE_NAMES[kind]
    return f"an {name}" if kind == rules.OVERLORD else f"a {name}"
