"""The words of the Overlords board's explanations: the hover tips (a feature, a stone, a
figure, a target), the stuck figures ("Overlord cannot move until the Reckoning") and the
Sources count ("Sources 4/9", the one-Source-from-winning warning).

Plain Python (no pygame). Every fact is read from the rules module's tables and the State.
"""

from __future__ import annotations

from common.i18n import N_, _, ngettext
from overlords import names, rules

RUNE_TITLES = {1: N_("King step"), 2: N_("Bishop slide"), 3: N_("Rook slide"), 4: N_("Knight jump"),
               5: N_("Teleport"), 6: N_("Recruit"), 7: N_("Pawn step")}
RUNE_HOW = {
    1: N_("one square in any of the 8 directions"),
    2: N_("slides diagonally any distance, stopping at the first figure"),
    3: N_("slides along a file or a rank any distance, stopping at the first figure"),
    4: N_("jumps like a chess knight, over anything"),
    5: N_("to any empty square that is not a Barrier; never captures"),
    6: N_("brings a figure from the reserve onto an empty Source you control"),
    7: N_("one square straight forward, or one diagonally forward to capture"),
}
FIGURE_HOW = {
    rules.OVERLORD: N_("Captures anything. Lose it and you lose the game."),
    rules.WIZARD: N_("Cannot capture Dragons."),
    rules.DRAGON: N_("Flies over Barriers on slides. Cannot capture Heroes."),
    rules.HERO: N_("Cannot capture Wizards."),
}
FEATURE_WORDS = {
    rules.CASTLE: N_("Castle: a Source. Rune 6 recruits Heroes here while you control it."),
    rules.TOWER: N_("Tower: a Source. Rune 6 recruits Wizards here while you control it."),
    rules.LAIR: N_("Lair: a Source. Rune 6 recruits Dragons here while you control it."),
    rules.PIT: N_("Pit: a Barrier. No figure stops here; slides stop before it (Dragons fly "
                  "over)."),
    rules.MOUNTAIN: N_("Mountain: a Barrier. No figure stops here; slides stop before it "
                       "(Dragons fly over)."),
}
SOURCES_TOTAL = 3 * len(rules.SOURCES)


def forbidden_kind(rune: int) -> int | None:
    """The figure type a Rune never moves (None: it moves every type)."""
    return rules.FORBIDDEN.get(rune)


def rune_tip(rune: int, played: bool) -> str:
    """"Rune 4 · Knight jump: jumps like a chess knight, over anything. Never a Hero."."""
    parts = [_("Rune {rune} · {rune_titles}: {rune_how}.").format(
                 rune=rune, rune_titles=_(RUNE_TITLES[rune]), rune_how=_(RUNE_HOW[rune]))]
    never = forbidden_kind(rune)
    if rune == 6:
        parts.append(_("Never an Overlord."))
    elif never is not None:
        # Translators: {a_figure} is a figure with its article ("a Hero", context "a figure")
        parts.append(_("Never moves {a_figure}.").format(a_figure=names.a_figure(never)))
    if played:
        parts.append(_("Played: it returns at the Reckoning."))
    return " ".join(parts)


def fate_tip(kind: int, played: bool) -> str:
    """"Dragon Fate: this turn moves (or recruits) a Dragon."."""
    # Translators: {figure} is a figure's name ("Dragon"), {a_figure} with its article
    text = (_("{figure} Fate: this turn moves {a_figure}.") if kind == rules.OVERLORD
            else _("{figure} Fate: this turn moves {a_figure} (or recruits one)."))
    parts = [text.format(figure=names.figure(kind), a_figure=names.a_figure(kind))]
    if played:
        parts.append(_("Played: it returns at the Reckoning."))
    return " ".join(parts)


def feature_tip(state: rules.State, sq: int) -> str:
    """What a feature is and gives, with who controls a Source."""
    kind = int(state.features[sq])
    parts = [_(FEATURE_WORDS[kind])]
    if kind in rules.SOURCES:
        owner = int(state.control[sq])
        parts.append(_("Not controlled yet.") if owner < 0
                     else _("Controlled by {side_names}.").format(side_names=names.side(owner)))
        parts.append(_("Hold all {sources_total} Sources to win.").format(
                         sources_total=SOURCES_TOTAL))
    return " ".join(parts)


def figure_tip(state: rules.State, sq: int) -> str:
    """"White's Dragon. ..." with the stuck note when its Fate stones are spent."""
    side, kind = state.occupant(sq)
    # Translators: a figure's tip begins with whose it is: {side} is a side ("White"),
    # {figure} a figure's name ("Dragon")
    parts = [_("{side}'s {figure}.").format(side=names.side(side), figure=names.figure(kind)),
             _(FIGURE_HOW[kind])]
    if kind in stuck_kinds(state, side):
        parts.append(_no_fate(kind))
    feature = int(state.features[sq])
    if feature >= 0:
        # Translators: {feature} is a Source's or a Barrier's name ("Castle", context "feature")
        parts.append(_("Stands on a {feature}.").format(feature=names.feature(feature)))
    return " ".join(parts)


def stuck_kinds(state: rules.State, side: int) -> list[int]:
    """The figure types of `side` on the board whose Fate stones are all played: they cannot
    move until the side's Reckoning."""
    on_board = {k for s, k in filter(None, map(state.figure, range(64))) if s == side}
    return [k for k in range(4) if k in on_board and not state.fates[side][k]]


def stuck_text(state: rules.State, side: int) -> str:
    """"Overlord cannot move until the Reckoning" (or "Overlord and Dragons cannot ..."); ""
    when every figure type on the board still has a Fate stone."""
    who = stuck_names(state, side)
    return _("{who} cannot move until the Reckoning").format(who=who) if who else ""


def stuck_names(state: rules.State, side: int) -> str:
    """The figures of `side` that cannot move until its Reckoning, named: "Overlord and
    Dragons" ("" when none)."""
    kinds = stuck_kinds(state, side)
    if not kinds:
        return ""
    said = [names.figure(k) if k == rules.OVERLORD or _count(state, side, k) == 1
            else names.figures(k) for k in kinds]
    return said[0] if len(said) == 1 else _("{join} and {name}").format(
                                              join=', '.join(said[:-1]), name=said[-1])


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
    if count == 1 and left == 1:
        text = _("Last {figure} Fate: your {figure} cannot move on your next turn, until the "
                 "Reckoning.")
    elif count == 1:
        text = ngettext("Last {figure} Fate: your {figure} cannot move again for {turns} turn, "
                        "until the Reckoning.",
                        "Last {figure} Fate: your {figure} cannot move again for {turns} turns, "
                        "until the Reckoning.", left)
    elif left == 1:
        # Translators: {figure} is a figure's name ("Dragon"), {figures} its plural
        text = _("Last {figure} Fate: your {figures} cannot move on your next turn, until the "
                 "Reckoning.")
    else:
        text = ngettext("Last {figure} Fate: your {figures} cannot move again for {turns} "
                        "turn, until the Reckoning.",
                        "Last {figure} Fate: your {figures} cannot move again for {turns} "
                        "turns, until the Reckoning.", left)
    return text.format(figure=names.figure(fate), figures=names.figures(fate), turns=left)


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
    return _("Sources {sources_held}/{sources_total}").format(
               sources_held=sources_held(state, side), sources_total=SOURCES_TOTAL)


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
                who = _("{side_names} is").format(side_names=names.side(side))
            else:
                who = _("You are") if side == viewer else _("{side_names} is").format(
                                                           side_names=names.side(side))
            parts.append(_("{who} one Source from winning: {where}.").format(who=who, where=where))
    return " ".join(parts)


def _count(state: rules.State, side: int, kind: int) -> int:
    return sum(1 for sq in range(64) if state.figure(sq) == (side, kind))


def _no_fate(kind: int) -> str:
    """Why a figure whose Fate stones are all played stands still, in a sentence."""
    if rules.FATE_STONES[kind] == 1:
        return _("Its {figure} Fate stone is played: it cannot move until the Reckoning.").format(
                   figure=names.figure(kind))
    return _("Both {figure} Fate stones are played: it cannot move until the Reckoning.").format(
               figure=names.figure(kind))
