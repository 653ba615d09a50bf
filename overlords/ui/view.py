"""How the Overlords screen is drawn: `OverlordsView`, the `common.ui.game_seams.View` of
Overlords. The board on the left, on the right the toolbar, both sides' cards (stone hands and
reserves) around the status area and the move log, which the shared screen draws.

The static picture (ground, features, flags, figures, the last move, the picks, the targets
with their threat marks, the attack, the hint, the hands) goes into the screen's one cached
layer, rebuilt exactly when `layer_key()` changes; what moves (hover, the refusal cross, the
tweens, the Reckoning lift, a dragged figure) is drawn over it each frame. Drawing changes
nothing.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from common.i18n import _
from common.ui import draw, shadows
from common.ui.board import BoardView
from common.ui.game_frame import refusal_cross
from common.ui.game_panel import LogRow, label
from common.ui.game_seams import Areas, GameView
from common.ui.screen_layout import split
from common.ui.theme import Metrics
from overlords import names, rules
from overlords.ui.anim import animate, draw_tweens, hidden_squares, reckoning_lift
from overlords.ui.art import figure, stone
from overlords.ui.board import (
    draw_attack,
    draw_board,
    draw_locks,
    draw_movable,
    draw_refusal,
    draw_selected,
    draw_targets,
)
from overlords.ui.hint import draw_hint_board, draw_hint_stones
from overlords.ui.look import Look
from overlords.ui.panel import (
    FATES,
    STATUS_MORE,
    PanelLayout,
    card_tip,
    draw_hand,
    draw_tip,
    layout_panel,
    slot_played,
    stacked_height,
    stone_at,
)
from overlords.ui.tips import fate_tip, feature_tip, figure_tip, rune_tip
from overlords.ui.words import log_rows, reckonings

if TYPE_CHECKING:
    from common.ui.game_scene import GameScene


def _picked_stones(state: rules.State, look: Look) -> tuple[int | None, int | None]:
    """(Rune, Fate) shown lifted: the stones picked, the picked figure's Fate."""
    fig = None if look.figure is None else state.figure(look.figure)
    return look.rune, look.fate if fig is None else fig[1]


def layout_screen(size: tuple[int, int], m: Metrics, board: BoardView,
                  status_more: int | None = None) -> PanelLayout:
    """Board and panel side by side, centred; in a tall window the panel under the board
    (`common.ui.screen_layout.split`); everything scales with the window. `status_more`:
    the status's extra lines (`layout_panel`; None: STATUS_MORE)."""
    panel_w = max(330, min(int(size[0] * 0.36), 600))
    panel = split(size, m.pad, board, panel_w, stacked_height(m))
    more = STATUS_MORE if status_more is None else status_more
    return layout_panel(panel, m, 1 if board.flipped else 0, more)


TIP_DELAY = 0.4  # seconds the pointer rests before a hover tip shows
MOMENT_TIME, MOMENT_FADE = 2.2, 0.8  # seconds the Reckoning's moment shows, the last fading


class OverlordsView(GameView):
    """The Overlords view of the shared game screen (see the module docstring)."""

    log_columns = 2  # White's move and Black's per numbered row
    log_word = "move"  # a numbered row: "move 12" is White's 12th and Black's

    def __init__(self) -> None:
        self.board = BoardView(rules.GRID)
        self.panel: PanelLayout | None = None
        self._bg: pygame.Surface | None = None
        self.legend_b = pygame.Rect(0, 0, 0, 0)  # the "?" in the board frame's corner
        self._tip: tuple[Any, float] = (None, 0.0)  # what the pointer rests on, since when
        self._tip_shown = False  # the frame for a tip whose delay ran out was asked for
        self._moment: tuple[int, float] | None = None  # a Reckoning shown: side, since when

    def attach(self, scene: GameScene) -> None:
        """The scene it draws; Black at the bottom when only Black is a person's."""
        self.scene = scene
        seats = scene.match.seats
        self.board.flipped = seats[rules.BLACK].is_human and not seats[rules.WHITE].is_human

    def layout(self, size: tuple[int, int]) -> Areas:
        """Board and cards; the toolbar, status and log areas for the shared screen."""
        self.panel = layout_screen(size, self.scene.app.m, self.board, self.status_more)
        margin = self.board.rect.x - self.board.frame.x
        side = max(16, int(margin * 0.8))
        self.legend_b = pygame.Rect(0, 0, side, side)
        self.legend_b.center = (self.board.frame.x + margin // 2, self.board.frame.y + margin // 2)
        self._bg = None
        return Areas(self.panel.toolbar, self.panel.status, self.panel.log)

    def settings_changed(self) -> None:
        """A new palette: the background is drawn again."""
        self._bg = None

    def player_icon(self, player: int, size: int) -> pygame.Surface | None:
        """The side's Overlord token."""
        return figure(rules.OVERLORD, player, size, self.scene.app.pal)

    def keep_clear(self) -> pygame.Rect | None:
        """Nothing over the board must stay clear of the toast."""
        return None

    def hit(self, pos: tuple[int, int]) -> bool:
        """True on a board square or a stone."""
        return self.board.square_at(pos) is not None or (
            self.panel is not None and stone_at(self.panel, pos) is not None)

    def log_rows(self, moves: list[rules.Move]) -> list[LogRow]:
        """Two moves per numbered row, and a row for each Reckoning."""
        states = self.scene.match.states if self.attached else []
        return log_rows(moves, reckonings(states[:len(moves) + 1]))

    def animate(self, before: rules.State, after: rules.State, move: rules.Move) -> None:
        """Slides, jumps, fades, flips and the Reckoning lift for the move; a move that brings
        a Reckoning starts its board-wide moment (`reckoning_moment`)."""
        animate(self.scene.animator, before, after, move)
        if before.turns_to_reckoning(before.turn) == 1 and after.result is None:
            self._moment = (before.turn, time.monotonic())

    def reckoning_moment(self) -> float | None:
        """How strongly the Reckoning's board-wide moment shows now (1 down to 0), None when
        none shows. It never holds up input: the board stays live under it."""
        if self._moment is None:
            return None
        age = time.monotonic() - self._moment[1]
        if age >= MOMENT_TIME:
            self._moment = None
            return None
        return min(1.0, (MOMENT_TIME - age) / MOMENT_FADE)

    # the cached layer -------------------------------------------------------------------------

    def layer_key(self) -> Hashable:
        """What the layer shows: position, picks, marks, hint, hidden squares, drag."""
        s = self.scene
        m = s.match
        return (id(m.shown), m.review, s.controller.look().layer_key(),
                hidden_squares(s.animator), self.board.flipped)

    def _background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != size:
            pal, m = self.scene.app.pal, self.scene.app.m
            self._bg = draw.backdrop(size, pal)
            lay = self.panel
            if lay is not None:
                for rect in (lay.status, *(h.card for h in lay.hands.values()), lay.log):
                    shadows.shadow_under(self._bg, rect, m.radius, 5)
        return self._bg

    def draw_layer(self, layer: pygame.Surface) -> None:
        """Background, board with its marks, the two hands."""
        s = self.scene
        match = s.match
        layer.blit(self._background(layer.get_size()), (0, 0))
        state = match.shown
        index = match.review if match.review is not None else len(match.moves)
        last = match.moves[index - 1] if index > 0 else None
        hidden, flags = hidden_squares(s.animator)
        look = s.controller.look()
        pal = s.app.pal
        draw_board(layer, self.board, state, pal, last, hidden, flags, glow=look.overlord)
        draw_locks(layer, self.board, state, pal, hidden)
        if look.overlord is not None:
            draw_attack(layer, self.board, look.overlord, list(look.attackers), pal)
        if look.mine:
            self._draw_picks(layer, state, look)
        if self.panel is not None:
            self._draw_hands(layer, self.panel, state, look)

    def _draw_picks(self, layer: pygame.Surface, state: rules.State, look: Look) -> None:
        """On the person's turn: the picked figure (or the figures the stones move), the
        targets with their marks, the hint."""
        pal = self.scene.app.pal
        if look.figure is not None:
            draw_selected(layer, self.board, look.figure, pal)
        else:
            draw_movable(layer, self.board, set(look.movable), pal)
        draw_targets(layer, self.board, look.targets, state, pal, look.marks,
                     quiet_teleports=look.rune != 5 or look.hint is not None)
        if look.hint is not None:
            draw_hint_board(layer, self.board, look.hint, pal)

    def _draw_hands(self, layer: pygame.Surface, panel: PanelLayout, state: rules.State,
                    look: Look) -> None:
        """Both sides' cards (the side to move's stones picked lifted), the hinted stones."""
        s = self.scene
        pal, m, match = s.app.pal, s.app.m, s.match
        playing = match.review is None and not match.over
        for side, hand in panel.hands.items():
            active = playing and state.turn == side
            picked = _picked_stones(state, look) if active and look.mine else (None, None)
            draw_hand(layer, hand, state, label(match, side), active, pal, m, picked)
        if look.hint is not None and look.mine:
            draw_hint_stones(layer, panel.hands[state.turn], state, look.hint, pal)

    # each frame -------------------------------------------------------------------------------

    def draw_frame(self, surface: pygame.Surface) -> None:
        """Hover, the refusal cross, tweens, the Reckoning lift, a dragged figure."""
        s = self.scene
        pal = s.app.pal
        sq = self.board.square_at(s.hover)
        if sq is not None and self._actionable(sq):
            pygame.draw.rect(surface, pal.select, self.board.square_rect(sq), 2,
                             border_radius=3)
        cross = refusal_cross(s.refused)
        if cross is not None:
            draw_refusal(surface, self.board, cross[0], pal, cross[1])
        if s.animator.busy:
            draw_tweens(surface, self.board, s.animator, pal)
            if self.panel is not None:
                self._draw_reckoning(surface, self.panel)
        look = s.controller.look()
        kind = look.dragged
        if kind is not None:
            token = figure(kind, s.match.state.turn, int(self.board.tile * 1.05), pal)
            surface.blit(token, token.get_rect(center=look.drag_pos))
        self._draw_legend_button(surface)
        strength = self.reckoning_moment()
        if strength is not None:
            self._draw_moment(surface, strength)
        tip = self.tip_text() if s.app.top is s else ""  # not under a dialog or game over
        if tip and kind is None and self.tip_due():
            draw_tip(surface, tip, s.hover, s.app.m, pal)

    def _draw_legend_button(self, surface: pygame.Surface) -> None:
        pal = self.scene.app.pal
        r = self.legend_b
        hot = r.collidepoint(self.scene.hover)
        pygame.draw.circle(surface, pal.primary if hot else (122, 94, 62), r.center, r.w // 2)
        draw.blit_text(surface, "?", max(11, int(r.h * 0.75)),
                       pal.text_dark if hot else (240, 228, 200), r.center, "center", bold=True)

    # hover tips ------------------------------------------------------------------------------

    def tip_text(self) -> str:
        """What the thing under the pointer is ("" for nothing): the legend button, a stone,
        a card's name row, the shortened status, a figure, a feature."""
        s = self.scene
        pos = s.hover
        if self.legend_b.collidepoint(pos):
            return _("Board legend: the features and every mark (L)")
        state = s.match.shown
        panel_tip = self._panel_tip(self.panel, state, pos) if self.panel is not None else ""
        if panel_tip:
            return panel_tip
        sq = self.board.square_at(pos)
        look = s.controller.look()
        if sq is None or (look.mine and (sq in look.targets or sq == look.figure)):
            return ""  # a target's words, and the picked figure's, are in the status line
        if state.figure(sq) is not None:
            return figure_tip(state, sq)
        if int(state.features[sq]) >= 0:
            return feature_tip(state, sq)
        return ""

    def _panel_tip(self, panel: PanelLayout, state: rules.State, pos: tuple[int, int]) -> str:
        """The tip of a stone, a card's name row and its notes, or the status's words cut
        short ("" elsewhere)."""
        hit = stone_at(panel, pos)
        if hit is not None:
            side, kind, value = hit
            if kind == "rune":
                return rune_tip(value, value not in state.hand_runes(side))
            return fate_tip(FATES[value], slot_played(state, side, value))
        for side, hand in panel.hands.items():  # a card's name row and its notes
            if hand.card.collidepoint(pos) and hand.runes and pos[1] < hand.runes[0].y:
                return card_tip(state, side)
        if panel.status.collidepoint(pos) and self.scene.status_cut:
            return self.scene.status_cut  # words the status area had to shorten, in full
        return ""

    def update(self, dt: float) -> None:
        """A hover tip whose delay just ran out asks for a frame."""
        due = self.tip_due()
        if self.tip_text() and due and not self._tip_shown:
            self._tip_shown = True
            self.scene.invalidate()
        elif not due:
            self._tip_shown = False

    def wants_frames(self) -> bool:
        """True while a Reckoning's moment shows."""
        return self.reckoning_moment() is not None

    def tip_due(self) -> bool:
        """True once the pointer has rested on the same thing for TIP_DELAY seconds (the
        clock starts on the first question about a new thing)."""
        key = (self.scene.hover, self.tip_text())
        now = time.monotonic()
        if key != self._tip[0]:
            self._tip = (key, now)
        return bool(key[1]) and now - self._tip[1] >= TIP_DELAY

    def _actionable(self, sq: int) -> bool:
        """True if a click on sq would do something (for the hover outline)."""
        s = self.scene
        look = s.controller.look()
        if not look.mine:
            return False
        fig = s.match.state.figure(sq)
        return (fig is not None and fig[0] == s.match.state.turn) or sq in look.targets

    def _draw_moment(self, surface: pygame.Surface, strength: float) -> None:
        """The Reckoning across the board: a warm wash, a ring spreading from the centre, and
        a band with whose Reckoning it is and what it does."""
        pal, m = self.scene.app.pal, self.scene.app.m
        side = self._moment[0] if self._moment else rules.WHITE
        board = self.board.rect
        wash = pygame.Surface(board.size, pygame.SRCALPHA)
        wash.fill((*pal.primary, int(55 * strength)))
        spread = time.monotonic() - (self._moment[1] if self._moment else 0.0)
        grown = min(1.0, spread / 1.2)
        radius = grown * board.w * 0.75
        if radius > 4:
            pygame.draw.circle(wash, (*pal.primary, int(160 * strength * (1 - grown))),
                               (board.w // 2, board.h // 2), int(radius),
                               max(3, self.board.tile // 10))
        surface.blit(wash, board.topleft)
        name = names.side(side)
        title, line = _("{name}'s Reckoning").format(
            name=name), _("All 14 of {name}'s stones are back in hand").format(
                                                 name=name)
        band = pygame.Rect(board.x, 0, board.w, int(m.large * 1.5 + m.normal * 1.5 + m.pad))
        band.centery = board.centery
        veil = pygame.Surface(band.size, pygame.SRCALPHA)
        veil.fill((*pal.panel, int(235 * strength)))
        surface.blit(veil, band.topleft)
        edge = max(3, m.pad // 3)
        for y in (band.y, band.bottom - edge):
            draw.alpha_rect(surface, pygame.Rect(band.x, y, band.w, edge),
                            (*pal.primary, int(255 * strength)))
        alpha = int(255 * strength)
        px = draw.fit_text(title, m.large, band.w - 2 * m.pad, True)
        text = draw.text(title, px, pal.primary, True)
        text.set_alpha(alpha)
        surface.blit(text, text.get_rect(midtop=(band.centerx, band.y + m.pad // 2 + edge)))
        px = draw.fit_text(line, m.normal, band.w - 2 * m.pad)
        text = draw.text(line, px, pal.text)
        text.set_alpha(alpha)
        surface.blit(text, text.get_rect(midbottom=(band.centerx, band.bottom - edge - 2)))

    def _draw_reckoning(self, surface: pygame.Surface, panel: PanelLayout) -> None:
        """Returning stones float up with a glow while a Reckoning tween runs."""
        pal, m = self.scene.app.pal, self.scene.app.m
        for side, hand in panel.hands.items():
            lift = reckoning_lift(self.scene.animator, side)
            if lift <= 0:
                continue
            rows = hand.runes[0].union(hand.fates[-1]).inflate(m.pad, 8)
            pygame.draw.rect(surface, pal.panel, rows)  # the stones as the layer drew them
            rise = 4  # within the rows' margin: the name row above stays clear
            for i, rect in enumerate(hand.runes + hand.fates):
                kind, value = ("rune", i + 1) if i < 7 else ("fate", FATES[i - 7])
                pebble = stone(kind, value, side, rect.w, False)
                r = rect.move(0, -int(lift * rise))
                draw.ring(surface, r.center, rect.w * 0.5, pal.primary, 2, int(200 * lift))
                surface.blit(pebble, r)
