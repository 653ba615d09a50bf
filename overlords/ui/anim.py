"""Move animations, derived by comparing the positions before and after a move.

The engine decides everything; this module only looks at what changed (the figure that moved,
the figure that vanished, the flag that changed hands, the stones that came back) and starts
tweens for it: slides for steps and slides, an arc for the knight jump, a fade for a teleport,
a fade-out for a captured figure, a pop for a recruit, a flip for a flag, a lift for returning
stones. `draw_tweens` paints the running ones each frame.
"""

from __future__ import annotations

import math

import pygame

from common.ui import draw
from common.ui.board import BoardView
from common.ui.theme import Palette
from common.ui.tween import Animator, Tween, arc, ease_in_out_cubic, ease_out_back, ease_out_cubic
from overlords import rules
from overlords.ui.art import figure, flag
from overlords.ui.board import TOKEN

MOVE_TIME = 0.24
JUMP_TIME = 0.30
FADE_TIME = 0.16


def animate(animator: Animator, before: rules.State, after: rules.State,
            move: rules.Move) -> None:
    """Start the tweens that show move turning before into after."""
    side = before.turn
    delay = 0.0
    if move.is_recruit:
        animator.add(Tween("pop", 0.26, ease=ease_out_back,
                           data={"sq": move.to, "side": side, "kind": move.fate}))
        delay = 0.2
    elif not move.is_discard:
        frm, to = move.frm, move.to
        mover = before.figure(frm)
        kind = mover[1] if mover else move.fate
        if move.rune == 5:
            style, time = "teleport", 2 * FADE_TIME
        elif move.rune == 4:
            style, time = "jump", JUMP_TIME
        else:
            distance = max(abs(frm % 8 - to % 8), abs(frm // 8 - to // 8))
            style, time = "slide", MOVE_TIME + 0.02 * min(distance - 1, 4)
        animator.add(Tween("move", time, ease=ease_in_out_cubic if style != "teleport" else
                           (lambda t: t), data={"frm": frm, "to": to, "side": side,
                                                "kind": kind, "style": style}))
        victim = before.figure(to)
        if victim is not None:
            animator.add(Tween("fade", 0.2, delay=time * 0.55, ease=ease_out_cubic,
                               data={"sq": to, "side": victim[0], "kind": victim[1]}))
        delay = time
    flips = [sq for sq in range(64) if before.control[sq] != after.control[sq]]
    for sq in flips:
        animator.add(Tween("flip", 0.26, delay=delay, data={
            "sq": sq, "old": int(before.control[sq]), "new": int(after.control[sq])}))
    if before.turns_to_reckoning(side) == 1 and after.turns_to_reckoning(side) > 1:
        animator.add(Tween("reckoning", 0.5, delay=delay, ease=ease_out_cubic,
                           data={"side": side}))


def hidden_squares(animator: Animator) -> tuple[frozenset[int], frozenset[int]]:
    """Squares whose figure, and squares whose flag, the tweens draw instead of the layer."""
    figures = {t.data["to"] for t in animator.of("move")}
    figures |= {t.data["sq"] for t in animator.of("pop")}
    flags = {t.data["sq"] for t in animator.of("flip")}
    return frozenset(figures), frozenset(flags)


def draw_tweens(surface: pygame.Surface, view: BoardView, animator: Animator,
                pal: Palette) -> None:
    """Paint the running board tweens (captured figures under the movers)."""
    tile = view.tile
    size = int(tile * TOKEN)
    for tween in animator.of("fade"):
        d = tween.data
        t = tween.value if tween.started else 0.0
        token = draw.faded(figure(d["kind"], d["side"], size, pal), 1 - 0.35 * t, 1 - t)
        surface.blit(token, token.get_rect(center=view.center(d["sq"])))
    for tween in animator.of("flip"):
        d = tween.data
        t = tween.raw
        owner = d["old"] if t < 0.5 else d["new"]
        if owner < 0:
            continue
        art = flag(owner, tile, pal)
        width = max(1, int(tile * abs(math.cos(math.pi * t))))
        squeezed = pygame.transform.smoothscale(art, (width, tile))
        rect = view.square_rect(d["sq"])
        # the flag sits in the tile's top-right corner: squeeze it around its pole
        pole_x = rect.x + int(tile * 0.73)
        surface.blit(squeezed, (pole_x - int(0.73 * width), rect.y))
    for tween in animator.of("pop"):
        d = tween.data
        t = tween.value
        token = draw.faded(figure(d["kind"], d["side"], size, pal), max(0.05, t), min(1.0, t * 1.5))
        surface.blit(token, token.get_rect(center=view.center(d["sq"])))
    for tween in animator.of("move"):
        d = tween.data
        token = figure(d["kind"], d["side"], size, pal)
        a, b = view.center(d["frm"]), view.center(d["to"])
        t = tween.value
        if d["style"] == "teleport":
            raw = tween.raw
            if raw < 0.5:
                pos, k = a, 1 - raw * 2
            else:
                pos, k = b, raw * 2 - 1
            img = draw.faded(token, 0.6 + 0.4 * k, k)
            surface.blit(img, img.get_rect(center=pos))
            continue
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        if d["style"] == "jump":
            h = arc(tween.raw)
            y -= h * tile * 0.55
            token = draw.faded(token, 1 + 0.18 * h, 1.0)
        else:
            token = draw.faded(token, 1.06, 1.0) if 0 < tween.raw < 1 else token
        surface.blit(token, token.get_rect(center=(int(x), int(y))))


def reckoning_lift(animator: Animator, side: int) -> float:
    """How high (0..1) the returning stones of a side float right now."""
    for tween in animator.of("reckoning"):
        if tween.data["side"] == side and tween.started:
            return arc(tween.raw)
    return 0.0


