"""The setup phase of an Overlords game (shown by `overlords.ui.setup_scene.SetupScene`): one
person places the four figures on the back row (click or drag; default or shuffle). Sides set
up White first, then Black, who sees White's figures; the phase warns when a setup would lose
the Overlord on White's first move (`start_loss`, on `overlords.tactics`).
"""

from __future__ import annotations

import random

import pygame

from common.i18n import _
from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Metrics, Palette
from overlords import names, rules, tactics
from overlords.setup import SETUP_TYPES, back_row
from overlords.ui.art import figure

SHUFFLE_TRIES = 200  # random arrangements Shuffle tries for one that does not lose at once


class SetupPhase:
    """One human side placing its four figures on its back row."""

    def __init__(self, side: int, placed: dict[int, dict[int, int]]) -> None:
        self.side = side
        self.placed = placed  # both sides' placements so far: side -> {type: square}
        self.placed.setdefault(side, {})
        self.held: int | None = None  # the figure type picked up
        self.tray: dict[int, pygame.Rect] = {}
        self.refusal = ""
        self.note = ""  # why Use default moved a figure from the usual setup
        self._losses: dict[tuple, rules.Move | None] = {}  # start_loss by arrangement

    @property
    def mine(self) -> dict[int, int]:
        """This side's placements."""
        return self.placed[self.side]

    @property
    def complete(self) -> bool:
        """True when all four figures stand on the back row."""
        return len(self.mine) == 4

    def use_default(self, features: dict[str, list[int]] | None = None) -> None:
        """The usual setup: Hero c, Wizard d, Overlord e, Dragon f; on a board where that
        loses the Overlord to White's first move (`features` given), the safe arrangement
        nearest to it, and `note` says why."""
        self.mine.clear()
        self.mine.update(rules.default_setup()[self.side])
        self.held = None
        self.note = ""
        if features is None or self.start_loss(features) is None:
            return
        from overlords.ai.setup import arrangements  # the search's module: loaded when needed

        usual = dict(self.mine)
        nearest = sorted(arrangements(self.side),
                         key=lambda a: (sum(a[k] != usual[k] for k in SETUP_TYPES),
                                        sum(abs(a[k] - usual[k]) for k in SETUP_TYPES)))
        for candidate in nearest:
            self.mine.clear()
            self.mine.update(candidate)
            if self.start_loss(features) is None:
                moved = [_("{type_names} on {square}").format(
                             type_names=names.figure(k),
                             square=rules.GRID.name(candidate[k]))
                         for k in SETUP_TYPES if candidate[k] != usual[k]]
                self.note = (_("The usual setup would lose your Overlord on White's first move "
                               "here, so: {join}.").format(join=', '.join(moved)))
                return
        self.mine.clear()
        self.mine.update(usual)  # no safe arrangement at all (no board allows that)

    def shuffle(self, rng: random.Random, features: dict[str, list[int]] | None = None) -> None:
        """The four figures on four random back-row squares; never (with `features`) an
        arrangement that loses the Overlord on White's first move."""
        self.note = ""
        for _try in range(SHUFFLE_TRIES):
            self.mine.clear()
            self.mine.update(dict(zip(SETUP_TYPES, rng.sample(list(back_row(self.side)), 4),
                                      strict=True)))
            if features is None or self.start_loss(features) is None:
                break
        self.held = None

    def start_loss(self, features: dict[str, list[int]]) -> rules.Move | None:
        """White's first move that captures this (Black) side's Overlord, or forces its
        capture (`tactics.forced_win`), with the figures as they stand; None when there is
        none, or for White (it moves first), or while a side is incomplete. A phase is on one
        board: the answer is kept per arrangement."""
        other = 1 - self.side
        if self.side != rules.BLACK or not self.complete or len(self.placed.get(other, {})) < 4:
            return None
        key = tuple(sorted(self.mine.items())), tuple(sorted(self.placed[other].items()))
        if key in self._losses:  # the forced-win search takes a few tens of ms: once each
            return self._losses[key]
        try:
            state = rules.make_state(features, self.placed)
        except ValueError:
            return None
        wins = tactics.winning_moves(state)
        loss = rules.Move(min(wins)) if wins else tactics.forced_win(state)
        self._losses[key] = loss
        return loss

    def figure_on(self, sq: int) -> int | None:
        """The type of this side's figure placed on sq."""
        return next((k for k, s in self.mine.items() if s == sq), None)

    def click_tray(self, kind: int) -> None:
        """Pick up a figure from the tray (or put it back down)."""
        self.held = None if self.held == kind else kind
        self.refusal = self.note = ""

    def click_square(self, sq: int) -> bool:
        """Place the held figure, or pick up the one on sq; True if something changed."""
        self.refusal = self.note = ""
        row_squares = back_row(self.side)
        here = self.figure_on(sq)
        if self.held is None:
            if here is not None:
                self.held = here
                return True
            if sq not in row_squares:
                rank = 1 if self.side == rules.WHITE else 8
                self.refusal = _("Your figures start on your back row, rank {rank}").format(
                                   rank=rank)
            return False
        if sq not in row_squares:
            rank = 1 if self.side == rules.WHITE else 8
            self.refusal = _("Place it on your back row (rank {rank})").format(rank=rank)
            return False
        old = self.mine.get(self.held)
        if here is not None and here != self.held:
            if old is None:
                del self.mine[here]
            else:
                self.mine[here] = old
        self.mine[self.held] = sq
        self.held = None
        return True

    def threat(self, features: dict[str, list[int]]) -> str:
        """A warning if White could capture this side's Overlord on its very first move from
        this setup, or force its capture from there (only Black can be caught so: White
        moves first); else ""."""
        move = self.start_loss(features)
        if move is None:
            return ""
        target = rules.GRID.name(self.mine[rules.OVERLORD])
        state = rules.make_state(features, self.placed)
        name = names.figure(state.occupant(move.frm)[1]) if move.frm is not None else ""
        if move.to == self.mine[rules.OVERLORD]:
            return (_("Careful: White's {name} on {square} could capture your Overlord on "
                      "{target} with its first move.").format(
                        name=name, square=rules.GRID.name(move.frm), target=target))
        return (_("Careful: White's first move {move} would leave your Overlord on {target} no "
                  "escape.").format(move=move, target=target))

    def layout_tray(self, rect: pygame.Rect, m: Metrics) -> None:
        """Four slots for the figures, side by side."""
        size = min(rect.h, (rect.w - 3 * m.pad) // 4)
        self.tray = {}
        for i, kind in enumerate(SETUP_TYPES):
            self.tray[kind] = pygame.Rect(rect.x + i * (size + m.pad), rect.y, size, size)

    def tray_at(self, pos: tuple[int, int]) -> int | None:
        """The figure type of the tray slot under pos."""
        return next((k for k, r in self.tray.items() if r.collidepoint(pos)), None)

    def draw_tray(self, surface: pygame.Surface, pal: Palette, m: Metrics,
                  dragging: int | None) -> None:
        """The four figures: placed ones dim, the held one outlined."""
        for kind, rect in self.tray.items():
            pygame.draw.rect(surface, pal.backdrop, rect, border_radius=m.radius)
            token = figure(kind, self.side, int(rect.w * 0.86), pal)
            if kind in self.mine or kind == dragging:
                token = token.copy()
                token.set_alpha(70)
            surface.blit(token, token.get_rect(center=rect.center))
            if kind == self.held:
                pygame.draw.rect(surface, pal.select, rect, 3, border_radius=m.radius)
            draw.blit_text(surface, names.figure(kind), m.small, pal.text_dim,
                           (rect.centerx, rect.bottom + 2), "midtop")

    def draw_board(self, surface: pygame.Surface, view: BoardView, pal: Palette,
                   hidden: int | None) -> None:
        """Back-row squares marked; every placed figure of both sides."""
        for sq in back_row(self.side):
            rect = view.square_rect(sq)
            draw.alpha_rect(surface, rect.inflate(-4, -4), (*pal.move, 45), 4)
            if self.figure_on(sq) is None:
                draw.dot(surface, rect.center, max(4, view.tile * 0.1), pal.move, 170)
        for side, placed in self.placed.items():
            for kind, sq in placed.items():
                if side == self.side and kind == hidden:
                    continue
                token = figure(kind, side, int(view.tile * 0.94), pal)
                surface.blit(token, token.get_rect(center=view.center(sq)))
                if side == self.side and kind == self.held:
                    pygame.draw.rect(surface, pal.select, view.square_rect(sq).inflate(-2, -2),
                                     max(3, view.tile // 18), border_radius=4)
