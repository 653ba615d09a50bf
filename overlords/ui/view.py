"""Drawing the Overlords screen: the cached layer (rebuilt only when something changed) and
the per-frame extras on top of it (hover, refusal cross, tweens, drag, buttons, thinking).

A mixin of `overlords.ui.GameScene`; drawing changes nothing but the memoised layer.
"""

from __future__ import annotations

import time

import pygame

from common.ui import draw
from common.ui.menu import backdrop
from overlords.ui_anim import draw_tweens, hidden_squares, reckoning_lift
from overlords.ui_art import figure, stone
from overlords.ui_board import (
    draw_attack,
    draw_board,
    draw_movable,
    draw_refusal,
    draw_selected,
    draw_targets,
)
from overlords.ui_hint import draw_hint_board, draw_hint_stones
from overlords.ui_panel import FATES
from overlords.ui_play import draw_panel
from overlords.ui_setup import back_row, draw_features

REFUSAL_TIME = 1.4  # seconds the refusal cross stays on its square


class Frame:
    """Drawing for GameScene (see the module docstring)."""

    def _build_layer(self, size: tuple[int, int]) -> pygame.Surface:
        pal, m = self.app.pal, self.app.m
        if self._bg is None or self._bg.get_size() != size:
            self._bg = backdrop(size, pal)
            lay = self.layout_
            if lay is not None:
                rects = [lay.status, *(h.card for h in lay.hands.values())]
                if self.setup is None:
                    rects.append(lay.log)
                else:  # the setup shows only the top card and the status
                    rects = rects[:1] + [h.card for h in lay.hands.values()
                                         if h.card.y < lay.status.y]
                for rect in rects:
                    draw.shadow_under(self._bg, rect, m.radius, 5)
        layer = self._layer_surface
        if layer is None or layer.get_size() != size:
            layer = self._layer_surface = self._bg.copy()
        else:
            layer.blit(self._bg, (0, 0))
        if self.setup is not None:
            layer.blit(self.view.ground(pal), self.view.frame)
            draw_features(layer, self.view, self.plane)
            held = self.drag["kind"] if self.drag and self.drag.get("active") else None
            self.setup.draw_board(layer, self.view, pal, held)
        else:
            state = self.shown
            index = self.review if self.review is not None else len(self.session.moves)
            last = self.session.moves[index - 1] if index > 0 else None
            hidden, flags = hidden_squares(self.animator)
            threats = self.threats if self.my_turn else None
            attacked = threats is not None and threats.attacked and threats.overlord is not None
            draw_board(layer, self.view, state, pal, last, hidden, flags,
                       glow=threats.overlord if attacked else None)
            if attacked:
                draw_attack(layer, self.view, threats.overlord, threats.attacker_squares, pal)
            if self.my_turn:
                if self.pick.figure is not None:
                    draw_selected(layer, self.view, self.pick.figure, pal)
                else:
                    draw_movable(layer, self.view, self.pick.movable(), pal)
                self._marks_shown = self.target_marks()
                danger, safe, _ = self._marks_shown
                draw_targets(layer, self.view, self._targets, state, pal,
                             self.pick.rune is None, danger, safe)
                if self.hint is not None:
                    draw_hint_board(layer, self.view, self.hint, pal)
        draw_panel(layer, self, pal, m)
        if self.setup is None and self.hint is not None and self.my_turn and self.layout_:
            state = self.session.state
            draw_hint_stones(layer, self.layout_.hands[state.turn], state, self.hint, pal)
        return layer

    def draw(self, surface: pygame.Surface) -> None:
        """The cached layer, then what moves: hover, tweens, drag, buttons, thinking."""
        pal, m = self.app.pal, self.app.m
        if self._layer is None or self._layer.get_size() != surface.get_size():
            self._layer = self._build_layer(surface.get_size())
        surface.blit(self._layer, (0, 0))
        sq = self.view.square_at(self.hover)
        if sq is not None and self._actionable(sq):
            rect = self.view.square_rect(sq)
            pygame.draw.rect(surface, pal.select, rect, 2, border_radius=3)
        if self.refused and self.refused[1] is not None:
            age = time.monotonic() - self.refused[2]
            if age < REFUSAL_TIME:
                draw_refusal(surface, self.view, self.refused[1], pal, 1 - age / REFUSAL_TIME)
        if self.session is not None and self.animator.busy:
            draw_tweens(surface, self.view, self.animator, pal)
        if self.session is not None and self.layout_ is not None:
            self._draw_reckoning(surface)
        if self.drag and self.drag.get("active"):
            side = self.setup.side if self.setup else self.session.state.turn
            token = figure(self.drag["kind"], side, int(self.view.tile * 1.05), pal)
            surface.blit(token, token.get_rect(center=self.drag["pos"]))
        for widget in self.toolbar + self.status_buttons:
            widget.draw(surface, pal, m)
        if self.session is not None and (self.thinking or self.hint_asked):
            st = self.layout_.status
            center = (st.right - m.pad - m.large // 2, st.y + m.pad + m.large // 2)
            angle = time.monotonic() * 5
            for i in range(8):
                a = angle + i * 0.785
                r = m.large * 0.4
                pos = (center[0] + r * pygame.math.Vector2(1, 0).rotate_rad(a).x,
                       center[1] + r * pygame.math.Vector2(1, 0).rotate_rad(a).y)
                pygame.draw.circle(surface, pal.primary if i == 0 else pal.text_dim, pos,
                                   max(2, m.large // 10) if i else max(3, m.large // 8))

    def _actionable(self, sq: int) -> bool:
        """True if a click on sq would do something (for the hover outline)."""
        if self.setup is not None:
            return sq in back_row(self.setup.side) or self.setup.figure_on(sq) is not None
        if not self.my_turn:
            return False
        fig = self.session.state.figure(sq)
        return (fig is not None and fig[0] == self.session.state.turn) or sq in self._targets

    def _draw_reckoning(self, surface: pygame.Surface) -> None:
        """Returning stones float up with a glow while a Reckoning tween runs."""
        pal, m = self.app.pal, self.app.m
        for side, hand in self.layout_.hands.items():
            lift = reckoning_lift(self.animator, side)
            if lift <= 0:
                continue
            rows = hand.runes[0].union(hand.fates[-1]).inflate(m.pad, 8)
            pygame.draw.rect(surface, pal.panel, rows)  # the stones as the layer drew them
            for i, rect in enumerate(hand.runes + hand.fates):
                kind, value = ("rune", i + 1) if i < 7 else ("fate", FATES[i - 7])
                pebble = stone(kind, value, side, rect.w, False)
                r = rect.move(0, -int(lift * rect.h * 0.2))
                draw.ring(surface, r.center, rect.w * 0.5, pal.primary, 2, int(200 * lift))
                surface.blit(pebble, r)
            label = draw.text("Reckoning: all stones return!", m.small, pal.primary, True)
            spot = label.get_rect(topright=(hand.card.right - m.pad, hand.card.y + m.pad // 2 + 4))
            pygame.draw.rect(surface, pal.panel, spot.inflate(8, 2))
            surface.blit(label, spot)
