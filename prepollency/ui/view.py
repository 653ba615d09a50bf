"""How Prepollency is drawn: the `View` of the shared game screen (`common.ui.game_scene`).

`PrepollencyView` owns the board geometry (`common.ui.board.BoardView`: pixel <-> square, at
any window size), the seats' colours (keys of `prepollency.ui.colours`, turned into SVG tones
per palette), the one cached static board (`board.static_layer`: ground, coordinates, bases,
Obelisk) and the game's own card beside the board: a banner in the colour of the seat to move,
the turn order (eliminated and withdrawn seats greyed) and the Obelisk (who stands where, the
hold count, the warning). `draw_layer` paints all that into the screen's cached layer when
`layer_key` changed; `draw_frame` paints what moves on top (hover, refusal cross, tweens, a
dragged piece). The recap's tweens run on the view's own animator, so a click can skip it.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import N_, _
from common.ui import draw, shadows
from common.ui.board import BoardView
from common.ui.game_frame import refusal_cross
from common.ui.game_log import log_height
from common.ui.game_panel import LogRow, who
from common.ui.game_seams import Areas, GameView
from common.ui.screen_layout import split
from common.ui.seat_driver import fast_turn
from common.ui.tween import Animator
from prepollency import rules
from prepollency.moves import END, GRID
from prepollency.ui import colours
from prepollency.ui.anim import animate, draw_tweens, hidden_squares
from prepollency.ui.art import TOKEN, Tones, mark_icon, piece, tones_for
from prepollency.ui.board import (
    SELECT_LIGHT,
    draw_hover,
    draw_last_turn,
    draw_moved,
    draw_pieces,
    draw_refusal,
    draw_selected,
    draw_targets,
    draw_turn_base,
    draw_turns_since,
    static_layer,
)
from prepollency.ui.hint import draw_hint
from prepollency.ui.look import Look
from prepollency.ui.marks import draw_target_marks, draw_threat_squares
from prepollency.ui.panel import draw_banner, draw_obelisk, draw_order, turn_text
from prepollency.ui.threats import standing_holds
from prepollency.ui.words import turn_facts, turn_line

CPU_SCALE = {False: 1.0, True: 0.5}  # animation length of a turn, by `seat_driver.fast_turn`

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


class PrepollencyView(GameView):
    """The board and the card of one Prepollency game (see the module docstring)."""

    log_columns = 1
    log_word = "turn"

    def __init__(self, app: Any, seats: tuple[int, ...], colour_keys: dict | None = None
                 ) -> None:
        self.app = app
        self.board = BoardView(GRID)
        self.keys = colours.seat_colours(dict(colour_keys or {}), tuple(seats))
        self.recap_animator = Animator(app.settings.animation)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.banner = self.order = self.obelisk = self.card
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._bg: pygame.Surface | None = None
        self._tones: dict[int, Tones] = {}
        self._tones_for = ""

    def attach(self, scene: GameScene) -> None:
        """The screen this view draws."""
        self.scene = scene

    # colours ---------------------------------------------------------------------------------

    @property
    def tones(self) -> dict[int, Tones]:
        """Each seat's SVG colours (fill, rim, detail) in the app's palette."""
        name = self.app.pal.name
        if self._tones_for != name:
            self._tones, self._tones_for = tones_for(self.keys, name), name
        return self._tones

    def fill(self, seat: int) -> tuple[int, int, int]:
        """A seat's colour in the app's palette."""
        return colours.rgb(self.keys[seat], self.app.pal.name)

    def seat_colour(self, player: int) -> tuple[int, int, int]:
        """The analysis graph's line of a seat: its colour (`fill`)."""
        return self.fill(player)

    def cursor_colour(self) -> tuple[int, int, int]:
        """The keyboard's cursor: no seat's colour (issue 21)."""
        return SELECT_LIGHT

    def player_icon(self, player: int, size: int) -> pygame.Surface:
        """A seat's mark shape in its colour (the status title, the log rows)."""
        fill = self.fill(player)
        return mark_icon(player, max(8, size), fill, colours.text_on(fill))

    # layout ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> Areas:
        """The board as large as fits; beside it (the pair centred) or, in a tall window,
        under it (`common.ui.screen_layout.split`) the toolbar, the game's card, the status
        area and the log."""
        m = self.app.m
        pad = m.pad
        banner_h = int(m.large * 1.7)
        order_h = int(m.small * 2.1)
        obelisk_h = int(m.small * 1.3) * 3 + pad // 2
        card_h = banner_h + order_h + obelisk_h + 2 * pad
        status_h = int(m.large * 1.45) + int(m.small * 1.5) + 2 * int(m.normal * 1.3) \
            + m.button_h + 3 * pad + 2 * int(m.small * 1.3)  # "Last:" may take 3 lines
        stacked = m.button_h + card_h + status_h + log_height(6, m) + 3 * pad
        panel_w = max(330, min(int(size[0] * 0.34), 560))
        panel = split(size, pad, self.board, panel_w, stacked)
        toolbar = pygame.Rect(panel.x, panel.y, panel.w, m.button_h)
        self.card = pygame.Rect(panel.x, toolbar.bottom + pad, panel.w, card_h)
        self.banner = pygame.Rect(self.card.x, self.card.y, self.card.w, banner_h)
        self.order = pygame.Rect(self.card.x + pad // 2, self.banner.bottom + pad // 2,
                                 self.card.w - pad, order_h)
        self.obelisk = pygame.Rect(self.card.x + pad, self.order.bottom + pad // 2,
                                   self.card.w - 2 * pad, obelisk_h)
        status = pygame.Rect(panel.x, self.card.bottom + pad, panel.w, status_h)
        log = pygame.Rect(panel.x, status.bottom + pad, panel.w, panel.bottom - status.bottom - pad)
        self._static = self._bg = None
        return Areas(toolbar, status, log)

    def settings_changed(self) -> None:
        """New palette or speed: drop the cached drawings."""
        self.recap_animator.speed = self.app.settings.animation
        self._static = self._bg = None

    def hit(self, pos: tuple[int, int]) -> bool:
        """True on the board or the game's card."""
        return self.board.frame.collidepoint(pos) or self.card.collidepoint(pos)

    # what is shown ---------------------------------------------------------------------------

    def shown(self) -> tuple[rules.State, int]:
        """The position on the board and how many whole turns lead to it (a recap's turn,
        the reviewed one, or the live one)."""
        m, recap = self.scene.match, self.scene.controller.look().recap
        if recap is not None and recap.index is not None:
            return m.states[recap.index + 1], recap.index + 1
        if m.review is not None:
            return m.states[m.review], m.review
        return m.state, len(m.moves)

    def hidden(self) -> frozenset[int]:
        """Squares the running tweens draw."""
        return hidden_squares(self.scene.animator) | hidden_squares(self.recap_animator)

    def layer_key(self) -> Hashable:
        """Everything `draw_layer` shows."""
        m = self.scene.match
        state, count = self.shown()
        return (state.key(), count, len(m.steps), self.scene.controller.look().layer_key(),
                self.hidden(), self.scene.my_turn, self.app.pal.name)

    def draw_layer(self, layer: pygame.Surface) -> None:
        """Background, board with pieces and highlights, and the game's card."""
        pal = self.app.pal
        layer.blit(self._background(layer.get_size()), (0, 0))
        m, look = self.scene.match, self.scene.controller.look()
        state, count = self.shown()
        live = count == len(m.moves) and m.review is None
        self.static_draw(layer, state)
        self._draw_last(layer, count, live, look)
        if live and state.result is None:
            seat = rules.to_move(state)
            draw_turn_base(layer, self.board, seat, self.tones[seat], pal)
        draw_pieces(layer, self.board, state.owners, state.kinds, self.tones, self.hidden())
        if live and look.acting:
            self._draw_picks(layer, state, look)
        self.draw_card(layer, state)

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop with the shadows of the cards (drawn once per size and palette)."""
        if self._bg is None or self._bg.get_size() != size:
            self._bg = draw.backdrop(size, self.app.pal)
            for rect in (self.card, self.scene.areas.status, self.scene.areas.log) \
                    if self.scene.areas else ():
                shadows.shadow_under(self._bg, rect, self.app.m.radius, 5)
        return self._bg

    def _draw_last(self, layer: pygame.Surface, count: int, live: bool, look: Look) -> None:
        """The turns since the one person's last (against CPUs), else the last turn (or the
        steps of the turn being made)."""
        m, pal = self.scene.match, self.app.pal
        if live and m.steps:
            last = [s for s in m.steps if s is not END]
        else:
            last = list(m.moves[count - 1]) if count > 0 else []
        since = self.turns_since() if live and not m.steps else []
        if len(since) > 1:
            draw_turns_since(layer, self.board, since, pal.last, pal.last_edge, not look.hint)
        elif last:
            draw_last_turn(layer, self.board, last, pal.last, pal.last_edge, not look.hint)

    def _draw_picks(self, layer: pygame.Surface, state: rules.State, look: Look) -> None:
        """On the person's turn: the piece that moved, the one picked, its targets with their
        marks, the squares a threat is about, the hint."""
        pal = self.app.pal
        if state.moved >= 0:
            draw_moved(layer, self.board, state.moved, pal)
        if look.picked is not None:
            draw_selected(layer, self.board, look.picked, pal)
        draw_targets(layer, self.board, look.targets, state.owners, pal)
        draw_threat_squares(layer, self.board, look.threat_squares, pal)
        draw_target_marks(layer, self.board, look.marks, pal)
        if look.hint:
            draw_hint(layer, self.board, look.hint, pal)

    def turns_since(self) -> list[tuple[tuple[int, int, int], list]]:
        """The turns played since the last turn of the one person at the table (against
        CPUs), each with its player's colour, earliest first; [] at a shared table or with
        no person (there the last turn is drawn, and the recap replays the rest)."""
        m = self.scene.match
        people = [p for p in m.players if m.is_human(p)]
        if len(people) != 1:
            return []
        return [(self.fill(m.mover(i)), list(m.moves[i])) for i in m.turns_since(people[0])
                if m.moves[i]]

    def static_draw(self, layer: pygame.Surface, state: rules.State) -> None:
        """The cached board without pieces (rebuilt on resize, palette or elimination)."""
        key = (self.board.tile, self.board.frame.size, self.app.pal.name, state.seats,
               state.alive, tuple(sorted(self.keys.items())))
        if self._static is None or self._static_key != key:
            self._static = static_layer(self.board, self.app.pal, self.tones, state.seats,
                                        state.alive)
            if pygame.display.get_surface():
                self._static = self._static.convert()
            self._static_key = key
        layer.blit(self._static, self.board.frame)

    def draw_card(self, layer: pygame.Surface, state: rules.State) -> None:
        """Banner (seat to move), turn order, Obelisk."""
        pal, m, match = self.app.pal, self.app.m, self.scene.match
        draw.panel(layer, self.card, pal.panel, pal.panel_edge, m.radius, 0)
        seat, title, tag = self.banner_words(state)
        draw_banner(layer, self.banner, seat, title, self.tones[seat], m, tag)
        order = _clockwise(state.seats, seat)
        withdrawn = {w.player: "left" for w in match.withdrawn}
        draw_order(layer, self.order, order, seat, state.alive, withdrawn, self.tones,
                   match.name, pal, m)
        draw_obelisk(layer, self.obelisk, state.owners, standing_holds(state), state.alive,
                     self.tones, match.name, pal, m, state.turn)

    def banner_words(self, state: rules.State) -> tuple[int, str, str]:
        """The banner's seat, title and tag for the position shown: "Green's turn" with
        "CPU, hard"; in a recap "Replay 2 of 3: Blue's turn" with "Recap"; at the end the
        winner."""
        match, recap = self.scene.match, self.scene.controller.look().recap
        seat = rules.to_move(state)
        result = rules.outcome(state)
        if result is not None:
            winner = result.winner
            if winner is None:
                return seat, _("Draw"), ""
            return winner, _("{player} wins").format(player=match.name(winner)), ""
        if recap is not None and recap.index is not None:
            mover = match.mover(recap.index)
            done, total = recap.progress
            return mover, _("Replay {done} of {total}: {player}'s turn").format(
                              done=done, total=total, player=match.name(mover)), _("Recap")
        return seat, _("{player}'s turn").format(player=match.name(seat)), who(match, seat)

    def recap_band(self, recap: Any) -> pygame.Rect:
        """Where the recap's lines show: over the bottom of the move log's area (the board and
        its corners, where the bases are, stay in view); over the board's bottom edge only
        before the first layout."""
        m, areas = self.app.m, self.scene.areas
        line_h = int(m.small * 1.35)
        if areas is None:
            rect = pygame.Rect(self.board.rect.x + m.pad, 0, self.board.rect.w - 2 * m.pad,
                               line_h * (len(recap.lines) + 1) + m.pad)
            rect.bottom = self.board.rect.bottom - m.pad
            return rect
        log = areas.log
        lines = sum(len(self._recap_lines(text, log.w)) for _, text in recap.lines)
        height = min(log.h, line_h * (lines + 1) + m.pad)
        return pygame.Rect(log.x, log.bottom - height, log.w, height)

    def _recap_lines(self, text: str, width: int) -> list[str]:
        m = self.app.m
        return draw.wrap(text, m.small, width - 3 * m.pad - m.small)

    def keep_clear(self) -> pygame.Rect | None:
        """The recap's band while it shows (a toast goes above it)."""
        recap = self.scene.controller.look().recap
        return None if recap is None else self.recap_band(recap)

    def draw_recap(self, layer: pygame.Surface, recap: Any) -> None:
        """The recap's lines in their band (`recap_band`), each turn wrapped, the latest kept
        when they do not all fit."""
        pal, m = self.app.pal, self.app.m
        line_h = int(m.small * 1.35)
        rect = self.recap_band(recap)
        draw.alpha_rect(layer, rect, (*pal.backdrop, 235), m.radius)
        room = max(0, (rect.h - m.pad) // line_h - 1)
        shown: list[tuple[int, list[str]]] = []
        for seat, text in reversed(recap.lines):
            wrapped = self._recap_lines(text, rect.w)
            if shown and sum(len(w) for _, w in shown) + len(wrapped) > room:
                break
            shown.insert(0, (seat, wrapped[:room] or [""]))
        y = rect.y + m.pad // 2
        draw.blit_text(layer, _("Recap  (click to skip)"), m.small, pal.text_dim,
                       (rect.x + m.pad, y), bold=True)
        for seat, wrapped in shown:
            y += line_h
            icon = self.player_icon(seat, int(m.small))
            if icon is not None:
                layer.blit(icon, icon.get_rect(midleft=(rect.x + m.pad, y + line_h // 2)))
            for i, line in enumerate(wrapped):
                if i:
                    y += line_h
                draw.blit_text(layer, line, m.small, pal.text, (rect.x + 2 * m.pad + m.small, y))

    def draw_frame(self, surface: pygame.Surface) -> None:
        """Hover outline, the refusal cross, the tweens, a dragged piece."""
        pal, scene = self.app.pal, self.scene
        look = scene.controller.look()
        sq = self.board.square_at(scene.hover)
        if sq is not None and sq in look.actionable:
            draw_hover(surface, self.board, sq)
        cross = refusal_cross(scene.refused)
        if cross is not None:
            draw_refusal(surface, self.board, cross[0], pal, cross[1])
        for animator in (scene.animator, self.recap_animator):
            if animator.busy:
                draw_tweens(surface, self.board, animator, self.tones)
        if look.recap is not None:  # over the move log, which the screen draws after the board
            self.draw_recap(surface, look.recap)
        if look.dragged is not None:
            seat = scene.match.to_move
            ghost = piece(look.dragged, self.tones[seat], int(self.board.tile * TOKEN * 1.1),
                          seat)
            surface.blit(ghost, ghost.get_rect(center=look.drag_pos))

    # motion and the log ------------------------------------------------------------------------

    def animate(self, before: rules.State, after: rules.State, move: Any) -> None:
        """The tweens of a step (a Move or END) or a whole turn (a Turn) from before to after."""
        moves = () if move is END else (move,) if isinstance(move, rules.Move) else tuple(move)
        facts = turn_facts(before, moves, after)
        m = self.scene.match
        scale = CPU_SCALE[fast_turn(self.app, m, facts.seat)]
        animate(self.scene.animator, facts, before.owners, before.kinds, scale)

    def log_rows(self, moves: list) -> list[LogRow]:
        """One row per turn: "12." and the turn ("c3-e5 h7-h8", "—"), by seat; a note row
        where a seat resigned or forfeited (after the turns it left after, or at the end)."""
        m = self.scene.match
        left = _leavings(m, len(moves))
        rows = [LogRow("", (), note=text) for text in left.get(0, ())]
        for i, move in enumerate(moves):
            seat = m.mover(i)
            fill = self.fill(seat)
            rows.append(LogRow(f"{i + 1}.", ((i, turn_text(move)),), seat,
                               colours.readable(fill, self.app.pal.panel)))
            rows += [LogRow("", (), note=text) for text in left.get(i + 1, ())]
        return rows

    def recap_line(self, index: int) -> str:
        """Turn `index` of the match in words (for tests and the recap)."""
        m = self.scene.match
        facts = turn_facts(m.states[index], tuple(m.moves[index]), m.states[index + 1])
        return turn_line(facts, m.name)


LEFT_WORDS = {"resign": N_("{name} resigned"), "forfeit": N_("{name} forfeited")}


def _leavings(m, shown: int) -> dict[int, list[str]]:
    """The seats that left the game, in words, by the number of turns played before they
    left: the withdrawals of a game that went on, and the seat whose resignation or forfeit
    ended it (with two seats left: the one that is not the winner)."""
    out: dict[int, list[str]] = {}
    for w in m.withdrawn:
        if w.after <= shown and w.reason in LEFT_WORDS:
            out.setdefault(w.after, []).append(
                _(LEFT_WORDS[w.reason]).format(name=m.name(w.player)))
    result = m.result
    if result is not None and result.reason in LEFT_WORDS and shown == len(m.moves):
        for seat in m.turn_start.alive:  # the engine leaves the last resigner in `alive`
            if seat != result.winner:
                out.setdefault(shown, []).append(
                    _(LEFT_WORDS[result.reason]).format(name=m.name(seat)))
    return out


def _clockwise(seats: tuple[int, ...], first: int) -> list[int]:
    """The seats in turn order starting from `first`."""
    if first not in seats:
        return list(seats)
    i = seats.index(first)
    return list(seats[i:] + seats[:i])
