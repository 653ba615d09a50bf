"""Turn animations, derived from the facts of a turn (`prepollency.ui.words.turn_facts`).

A turn becomes tweens on the scene's `common.ui.tween.Animator`: each move slides (the second
after the first), a captured piece fades as the mover lands, a Khan arriving at its base
corner pops in with a ring that spreads, and the pieces of an eliminated seat (or of one that
left the game) fade and shrink together. `hidden_squares` tells the board layer which squares
the tweens draw instead, and `draw_tweens` paints them each frame. `scale` shortens everything
(the recap, fast CPU turns).
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import hex_rgb
from common.ui.tween import Animator, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic
from prepollency.moves import GRID
from prepollency.ui.art import TOKEN, Tones, piece
from prepollency.ui.words import TurnFacts

MOVE_TIME = 0.22
PER_SQUARE = 0.03
FADE_TIME = 0.2
KHAN_TIME = 0.6
GONE_TIME = 0.7
KINDS = ("move", "fade", "khan", "gone")


def animate(animator: Animator, facts: TurnFacts, before_owners: tuple[int, ...],
            before_kinds: tuple[int, ...], scale: float = 1.0, delay: float = 0.0) -> float:
    """Start the tweens of a turn played from a position with these owners and kinds (from
    `delay` seconds on); the seconds they take."""
    seat = facts.seat
    t = delay
    owners, kinds = list(before_owners), list(before_kinds)
    for step in facts.steps:
        dist = max(abs(GRID.col(step.frm) - GRID.col(step.to)),
                   abs(GRID.row(step.frm) - GRID.row(step.to)))
        length = (MOVE_TIME + PER_SQUARE * min(dist - 1, 6)) * scale
        animator.add(Tween("move", length, delay=t, ease=ease_in_out_cubic, data={
            "frm": step.frm, "to": step.to, "seat": seat, "kind": step.kind}))
        if step.took:
            kind, victim = step.took
            animator.add(Tween("fade", FADE_TIME * scale, delay=t + length * 0.6,
                               ease=ease_out_cubic,
                               data={"sq": step.to, "seat": victim, "kind": kind}))
        owners[step.to], owners[step.frm] = seat, 0
        kinds[step.to], kinds[step.frm] = step.kind, 0
        t += length
    if facts.khan is not None:
        animator.add(Tween("khan", KHAN_TIME * scale, delay=t, ease=ease_out_back,
                           data={"sq": facts.khan, "seat": seat}))
        t += KHAN_TIME * scale * 0.6
    for gone in facts.gone:
        squares = [sq for sq, o in enumerate(owners) if o == gone]
        animator.add(Tween("gone", GONE_TIME * scale, delay=t, ease=ease_out_cubic,
                           data={"seat": gone, "squares": squares,
                                 "kinds": [kinds[sq] for sq in squares]}))
    if facts.gone:
        t += GONE_TIME * scale
    return t - delay


def hidden_squares(animator: Animator) -> frozenset[int]:
    """Squares whose piece the tweens draw instead of the board layer."""
    out = {t.data["to"] for t in animator.of("move")}
    out |= {t.data["sq"] for t in animator.of("khan")}
    return frozenset(out)


def draw_tweens(surface: pygame.Surface, view: BoardView, animator: Animator,
                tones: Mapping[int, Tones]) -> None:
    """Paint the running board tweens (fading pieces under the movers)."""
    size = int(view.tile * TOKEN)
    for tween in animator.of("gone"):
        d = tween.data
        t = tween.value if tween.started else 0.0
        for sq, kind in zip(d["squares"], d["kinds"], strict=True):
            token = draw.faded(piece(kind, tones[d["seat"]], size, d["seat"]), 1 - 0.5 * t,
                               1 - t)
            surface.blit(token, token.get_rect(center=view.center(sq)))
    for tween in animator.of("fade"):
        d = tween.data
        t = tween.value if tween.started else 0.0
        token = draw.faded(piece(d["kind"], tones[d["seat"]], size, d["seat"]),
                           1 - 0.35 * t, 1 - t)
        surface.blit(token, token.get_rect(center=view.center(d["sq"])))
    for tween in animator.of("khan"):
        if not tween.started:
            continue
        d = tween.data
        center = view.center(d["sq"])
        raw = tween.raw
        colour = hex_rgb(tones[d["seat"]][0])
        draw.ring(surface, center, view.tile * (0.4 + 1.4 * raw), colour, max(2, view.tile // 10),
                  int(230 * (1 - raw)))
        token = draw.faded(piece(4, tones[d["seat"]], size, d["seat"]), max(0.05, tween.value),
                        min(1.0, raw * 2))
        surface.blit(token, token.get_rect(center=center))
    for tween in animator.of("move"):
        d = tween.data
        token = piece(d["kind"], tones[d["seat"]], size, d["seat"])
        a, b = view.center(d["frm"]), view.center(d["to"])
        t = tween.value if tween.started else 0.0
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if 0 < tween.raw < 1:
            token = draw.faded(token, 1.08, 1.0)
        surface.blit(token, token.get_rect(center=(int(x), int(y))))
