"""The side panel of the Overlords screen: where its parts go (the toolbar, both sides' cards
with their stone hands and reserves, the status area and the move log; the shared game screen
draws the last three) and the hand cards themselves, with the hit test for stones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from common.i18n import _, ngettext
from common.ui import draw
from common.ui.game_log import log_height, row_height
from common.ui.theme import Metrics, Palette, mix
from overlords import names, rules
from overlords.ui.art import fate_slots, figure, stone
from overlords.ui.marks import draw_lock
from overlords.ui.tips import (
    SOURCES_TOTAL,
    sources_held,
    sources_text,
    stuck_kinds,
    stuck_names,
    stuck_text,
)

FATES = fate_slots()


@dataclass
class Hand:
    """Where one side's card and stones are on screen."""

    side: int
    card: pygame.Rect
    runes: list[pygame.Rect] = field(default_factory=list)  # rune r at index r-1
    fates: list[pygame.Rect] = field(default_factory=list)  # the 7 Fate slots, O W W D D H H
    reserve: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    stone: int = 0


@dataclass
class PanelLayout:
    """Every rectangle of the panel."""

    toolbar: pygame.Rect
    hands: dict[int, Hand]
    status: pygame.Rect
    log: pygame.Rect
    row_h: int


LOG_ROWS = 8  # the move log shows at least this many rows where the window allows it (1280x800)
MIN_STONE, MAX_STONE = 28, 60


STATUS_MORE = 3  # lines of text the status gets from the height left over, before the log


def layout_panel(rect: pygame.Rect, m: Metrics, bottom_side: int,
                 status_more: int = STATUS_MORE) -> PanelLayout:
    """Split the panel: toolbar, the far side's hand, status, log, the near side's hand.

    Every part has a fixed height but the stones' and the log's: the log gets LOG_ROWS rows
    first, the stones what is left (MIN_STONE to MAX_STONE, and no wider than the card
    allows); the status then takes up to STATUS_MORE more lines of text from what is left
    over, the log keeping its LOG_ROWS rows where it has them and four rows else (a warning
    and a long reason both show whole in the smallest window), and any more height goes to
    the log. Each card holds its name row, the Rune and
    Fate rows, and the reserve as a column beside the stones. Nothing overlaps from the
    minimum window (960x600) up: at the smallest sizes the log has fewer rows."""
    pad = m.pad
    toolbar = pygame.Rect(rect.x, rect.y, rect.w, m.button_h)
    status_h = _status_height(m)
    head = int(m.normal * 1.5)
    card_fixed = pad // 2 + head + pad // 2 + pad  # a card without its two rows of stones
    reserve_w = reserve_width(m)
    fixed = fixed_height(m)
    log_min = log_height(LOG_ROWS, m)
    wide = (rect.w - 2 * pad - reserve_w - pad - 6 * 3) / 7  # stones 3 px apart at least
    stone_size = int(min(wide, (rect.h - fixed - log_min) / 4, MAX_STONE))
    stone_size = max(MIN_STONE, stone_size)
    card_h = card_fixed + 2 * stone_size
    top_card = pygame.Rect(rect.x, toolbar.bottom + pad, rect.w, card_h)
    bottom_card = pygame.Rect(rect.x, rect.bottom - card_h, rect.w, card_h)
    room = bottom_card.top - top_card.bottom - status_h - 3 * pad
    spare = room - (log_min if room >= log_min else log_height(4, m))
    status_h += max(0, min(spare, status_more * int(m.normal * 1.3)))  # whole words first
    status = pygame.Rect(rect.x, top_card.bottom + pad, rect.w, status_h)
    log_h = bottom_card.top - status.bottom - 2 * pad
    log = pygame.Rect(rect.x, status.bottom + pad, rect.w, log_h)
    hands = {}
    for side, card in ((1 - bottom_side, top_card), (bottom_side, bottom_card)):
        hand = Hand(side, card, stone=stone_size)
        room = card.w - 2 * pad - reserve_w - pad
        gap = min((room - 7 * stone_size) / 6, stone_size * 0.35)
        y_runes = card.y + pad // 2 + head
        y_fates = y_runes + stone_size + pad // 2
        for i in range(7):
            x = card.x + pad + round(i * (stone_size + gap))
            hand.runes.append(pygame.Rect(x, y_runes, stone_size, stone_size))
            hand.fates.append(pygame.Rect(x, y_fates, stone_size, stone_size))
        hand.reserve = pygame.Rect(card.right - pad - reserve_w, y_runes, reserve_w,
                                   y_fates + stone_size - y_runes)
        hands[side] = hand
    return PanelLayout(toolbar, hands, status, log, row_height(m))


def _status_height(m: Metrics) -> int:
    pad = m.pad
    return (2 * pad + pad // 2 + int(m.large * 1.45) + int(m.small * 1.5)
            + 2 * int(m.normal * 1.3) + m.button_h)


def fixed_height(m: Metrics) -> int:
    """The panel's height without its stones and its log: toolbar, status, two cards."""
    pad = m.pad
    card_fixed = pad // 2 + int(m.normal * 1.5) + pad // 2 + pad
    return m.button_h + _status_height(m) + 2 * card_fixed + 4 * pad


def stacked_height(m: Metrics) -> int:
    """The height the panel asks for under the board (a tall window): stones of a good
    size and LOG_ROWS rows of the log."""
    return fixed_height(m) + log_height(LOG_ROWS, m) + 4 * (MIN_STONE + MAX_STONE) // 2


def reserve_width(m: Metrics) -> int:
    """The width of a card's reserve column: its "Reserve" caption, or a figure and "×3"."""
    caption = draw.text(_("Reserve"), m.small, (0, 0, 0)).get_width()
    count = draw.text("×3", m.small, (0, 0, 0), True).get_width()
    return max(caption, int(m.small * 1.3) + 3 + count) + 2


def stone_at(layout: PanelLayout, pos: tuple[int, int]) -> tuple[int, str, int] | None:
    """(side, "rune" or "fate", rune number or Fate slot) of the stone under pos."""
    for side, hand in layout.hands.items():
        for i, r in enumerate(hand.runes):
            if r.collidepoint(pos):
                return side, "rune", i + 1
        for i, r in enumerate(hand.fates):
            if r.collidepoint(pos):
                return side, "fate", i
    return None


def slot_played(state: rules.State, side: int, slot: int) -> bool:
    """True if the Fate stone in this slot is played (the later slots of a type go first)."""
    kind = FATES[slot]
    first = FATES.index(kind)
    return slot - first >= state.fates[side][kind]


def draw_hand(
    surface: pygame.Surface, hand: Hand, state: rules.State, label: str, active: bool,
    pal: Palette, m: Metrics, picked: tuple[int | None, int | None] = (None, None),
) -> None:
    """A side's card: name, turns to the Reckoning (or the figures that cannot move until
    it), Rune and Fate stones (a padlock on a type whose stones are all played), reserve,
    Sources held ("Sources 4/9", loud when one more wins)."""
    card = hand.card
    side = hand.side
    fill = mix(pal.panel, pal.primary, 0.10) if active else pal.panel
    draw.panel(surface, card, fill, pal.primary if active else pal.panel_edge, m.radius, 0)
    if active:
        pygame.draw.rect(surface, pal.primary, card, 3, border_radius=m.radius)
    token = figure(rules.OVERLORD, side, int(m.normal * 1.5), pal)
    surface.blit(token, token.get_rect(midleft=(card.x + m.pad // 2, card.y + m.pad + m.normal // 2
                                                + 2)))
    x = card.x + m.pad + int(m.normal * 1.4)
    # the name ("Schwarz (Computer, Neuling)") leaves room for the shortest note at 11 px,
    # smaller if it must: the note is never drawn over it
    room = card.right - 2 * m.pad - x - draw.text_width(header_notes(state, side)[-1], 11)
    px = draw.fit_text(label, m.normal, room, bold=True, min_px=min(11, m.normal))
    top = card.y + m.pad // 2 + 2 + (m.normal - px) // 2
    name = draw.blit_text(surface, label, px, pal.text, (x, top), bold=True)
    left = _draw_header_notes(surface, state, side, card.right - m.pad,
                              card.y + m.pad // 2 + 4, card.right - m.pad - name.right - m.pad,
                              pal, m)
    _draw_taken(surface, state, side, name.right + m.pad // 2, left - m.pad // 2,
                name.centery, pal, m)
    rune_pick, fate_pick = picked
    hand_runes = state.hand_runes(side)
    for i, rect in enumerate(hand.runes):
        r = i + 1
        played = r not in hand_runes
        pebble = stone("rune", r, side, rect.w, played)
        lift = -4 if rune_pick == r else 0
        surface.blit(pebble, rect.move(0, lift))
        if rune_pick == r:
            pygame.draw.ellipse(surface, pal.select, rect.move(0, lift).inflate(4, 4), 3)
    fate_done: set[int] = set()
    locked = stuck_kinds(state, side)
    for slot, rect in enumerate(hand.fates):
        kind = FATES[slot]
        played = slot_played(state, side, slot)
        pebble = stone("fate", kind, side, rect.w, played)
        chosen = fate_pick == kind and not played and kind not in fate_done
        if chosen:
            fate_done.add(kind)
        lift = -4 if chosen else 0
        surface.blit(pebble, rect.move(0, lift))
        if chosen:
            pygame.draw.ellipse(surface, pal.select, rect.move(0, lift).inflate(4, 4), 3)
        if kind in locked and slot == FATES.index(kind):
            size = max(12, rect.w // 3)
            draw_lock(surface, pygame.Rect(rect.right - size, rect.y, size, size), (90, 90, 100))
    _draw_reserve(surface, hand, state, pal, m)


def taken(state: rules.State, side: int) -> list[int]:
    """The enemy figure types `side` has captured, strongest first (captured figures leave
    the game: the full set less the board and the reserve)."""
    enemy = 1 - side
    out = []
    for kind in (rules.OVERLORD, rules.DRAGON, rules.WIZARD, rules.HERO):
        standing = sum(1 for sq in range(64) if state.figure(sq) == (enemy, kind))
        out += [kind] * (rules.FULL_SET[kind] - standing - state.reserve[enemy][kind])
    return out


def _draw_taken(surface: pygame.Surface, state: rules.State, side: int, x: int, right: int,
                cy: int, pal: Palette, m: Metrics) -> None:
    """The figures this side has captured, as small enemy tokens after its name (as many as
    the row leaves room for, then "+N"; the card's tip lists them all)."""
    kinds = taken(state, side)
    size = max(10, int(m.small * 1.1))
    step = size - size // 4  # slightly overlapping, like a captured-pieces tray
    room = right - x
    if not kinds or room < size:
        return
    fits = max(1, (room - size) // step + 1)
    shown = kinds if len(kinds) <= fits else kinds[:max(0, fits - 1)]
    for i, kind in enumerate(shown):
        token = figure(kind, 1 - side, size, pal)
        surface.blit(token, token.get_rect(midleft=(x + i * step, cy)))
    if len(shown) < len(kinds):
        draw.blit_text(surface, f"+{len(kinds) - len(shown)}", max(11, m.small - 2),
                       pal.text_dim, (x + len(shown) * step + 2, cy), "midleft", bold=True)


def _draw_header_notes(surface: pygame.Surface, state: rules.State, side: int, right: int,
                       top: int, room: int, pal: Palette, m: Metrics) -> int:
    """The right of a card's name row: the Sources held ("Sources 4/9", loud when one more
    wins), then the turns to the Reckoning, or the figures that cannot move until it (the
    Reckoning frees them). The longest wording that fits `room` is used; the Sources count
    is always there."""
    turns = state.turns_to_reckoning(side)
    notes = header_notes(state, side)
    stuck = bool(stuck_kinds(state, side))
    if stuck:
        note_color, note_bold = pal.text, True
    else:
        note_color, note_bold = (pal.primary if turns == 1 else pal.text_dim), False
    close = sources_held(state, side) >= SOURCES_TOTAL - 1  # one Source from winning
    counts = [sources_text(state, side)]
    if close:
        # Translators: {sources} is the Sources count ("Sources 8/9")
        counts.insert(0, _("{sources} · one to win!").format(sources=counts[0]))
    gap = m.pad

    def width(count: str, note: str, px: int) -> int:
        return (draw.text(count, px, pal.text, close).get_width() + gap * bool(count)
                + draw.text(note, px, pal.text, note_bold).get_width())

    # the longest wording that fits, at the small size or down to 11 px; in the narrowest
    # rows the note alone (the Sources count is in the card's tip), never over the name
    sizes = range(m.small, 10, -1)
    choices = [(c, n, size) for size in sizes for n in notes for c in counts]
    choices += [("", n, size) for size in sizes for n in notes]
    count, note, px = next(((c, n, size) for c, n, size in choices
                            if width(c, n, size) <= room), ("", notes[-1], 11))
    shown = draw.blit_text(surface, note, px, note_color, (right, top), "topright",
                           bold=note_bold)
    if not count:
        return shown.left
    return draw.blit_text(surface, count, px, pal.primary if close else pal.text_dim,
                          (shown.left - gap, top), "topright", bold=close).left


def header_notes(state: rules.State, side: int) -> list[str]:
    """The wordings of a card's note, longest first: the turns to the Reckoning, or what
    cannot move until it, always naming the figures ("Overlord stuck · Reckoning in 3"), never
    a bare "Stuck" (the full sentence is the card's hover tip: `card_tip`)."""
    turns = state.turns_to_reckoning(side)
    stuck = stuck_text(state, side)
    if not stuck:
        return ([_("Reckoning after this turn"), _("Reckoning next")] if turns == 1
                else [_("Reckoning in {turns} turns").format(turns=turns),
                      _("Reckoning in {turns}").format(turns=turns)])
    who = stuck_names(state, side)
    letters = ", ".join(rules.TYPE_LETTERS[k] for k in stuck_kinds(state, side))
    if turns == 1:
        # Translators: {stuck} is "Overlord cannot move until the Reckoning"; {who} the
        # figures named ("Overlord and Dragons"); {letters} their letters ("O, D")
        return [_("{stuck} (after this turn)").format(stuck=stuck),
                _("{who} stuck · Reckoning after this turn").format(who=who),
                _("{who} stuck · Reckoning next").format(who=who),
                _("{letters} stuck · Reckoning next").format(letters=letters)]
    return [ngettext("{stuck} (in {turns} turn)", "{stuck} (in {turns} turns)", turns).format(
                stuck=stuck, turns=turns),
            ngettext("{who} stuck · Reckoning in {turns} turn",
                     "{who} stuck · Reckoning in {turns} turns", turns).format(
                who=who, turns=turns),
            _("{who} stuck · Reckoning in {turns}").format(who=who, turns=turns),
            _("{letters} stuck · Reckoning in {turns}").format(letters=letters, turns=turns)]


def card_tip(state: rules.State, side: int) -> str:
    """The hover tip of a card's name row: the Sources, the Reckoning, what is stuck."""
    turns = state.turns_to_reckoning(side)
    if turns == 1 and state.turn == side:
        # Translators: {side_names} is a side ("White"), {sources_text} "Sources 4/9"
        text = _("{side_names}: {sources_text} (all {sources_total} win). Reckoning after this "
                 "turn: all 14 stones return.")
    else:
        text = ngettext("{side_names}: {sources_text} (all {sources_total} win). Reckoning in "
                        "{turns} of {side_names}'s turns: all 14 stones return.",
                        "{side_names}: {sources_text} (all {sources_total} win). Reckoning in "
                        "{turns} of {side_names}'s turns: all 14 stones return.", turns)
    parts = [text.format(side_names=names.side(side), sources_text=sources_text(state, side),
                         sources_total=SOURCES_TOTAL, turns=turns)]
    stuck = stuck_text(state, side)
    if stuck:
        parts.append(_("{stuck}: no Fate stone is left to move it.").format(stuck=stuck))
    kinds = taken(state, side)
    if kinds:
        lost = [f"{n} {names.figures(k) if n > 1 else names.figure(k)}"
                for k in dict.fromkeys(kinds) for n in [kinds.count(k)]]
        parts.append(_("Captured: {join}.").format(join=', '.join(lost)))
    return " ".join(parts)


def _draw_reserve(surface: pygame.Surface, hand: Hand, state: rules.State, pal: Palette,
                  m: Metrics) -> None:
    """The reserve column beside the stones: "Reserve", then a figure and its count for the
    Wizard, the Dragon and the Hero, one under the other (greyed at none)."""
    r = hand.reserve
    caption = draw.blit_text(surface, _("Reserve"), m.small, pal.text_dim, (r.x, r.y - 2))
    line = (r.bottom - caption.bottom) / 3
    icon = max(10, min(int(line) - 1, int(m.small * 1.3)))
    reserve = state.reserve[hand.side]
    for i, kind in enumerate((rules.WIZARD, rules.DRAGON, rules.HERO)):
        y = round(caption.bottom + line * (i + 0.5))
        token = figure(kind, hand.side, icon, pal)
        if reserve[kind] == 0:
            token = token.copy()
            token.set_alpha(90)
        surface.blit(token, token.get_rect(midleft=(r.x, y)))
        color = pal.text if reserve[kind] else pal.text_dim
        draw.blit_text(surface, f"×{reserve[kind]}", m.small, color, (r.x + icon + 3, y),
                       "midleft", bold=True)


def draw_tip(surface: pygame.Surface, text: str, pos: tuple[int, int], m: Metrics,
             pal: Palette) -> None:
    """A hover tip: wrapped words in a small dark box below-right of the pointer, kept inside
    the window."""
    width = min(int(m.normal * 22), surface.get_width() - 2 * m.pad)
    lines = draw.wrap(text, m.small, width - m.pad)
    line_h = int(m.small * 1.3)
    w = max(draw.text(line, m.small, pal.text).get_width() for line in lines) + m.pad
    box = pygame.Rect(pos[0] + 14, pos[1] + 18, w, len(lines) * line_h + m.pad // 2)
    if box.right > surface.get_width() - 4:
        box.right = pos[0] - 8
    if box.bottom > surface.get_height() - 4:
        box.bottom = pos[1] - 8
    pygame.draw.rect(surface, mix(pal.panel, (0, 0, 0), 0.35), box, border_radius=6)
    pygame.draw.rect(surface, pal.panel_edge, box, 1, border_radius=6)
    y = box.y + m.pad // 4
    for line in lines:
        draw.blit_text(surface, line, m.small, pal.text, (box.x + m.pad // 2, y))
        y += line_h
