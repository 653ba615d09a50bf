"""Eased tweens: short timed animations that the scenes read while drawing.

A `Tween` runs from 0 to 1 over its duration (after an optional delay) and carries whatever
payload the scene needs to draw it. An `Animator` holds the running tweens, advances them by
the frame time scaled by the animation-speed setting, and says when all are done (input waits
while a move animates).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

SPEEDS = {"off": 0.0, "normal": 1.0, "slow": 2.0}  # duration multiplier


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and landing."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: for things that pop in."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def arc(t: float) -> float:
    """0 at both ends, 1 in the middle: the height of a jump."""
    return math.sin(math.pi * t)


@dataclass
class Tween:
    """One animation: `value` goes 0 -> 1 (eased) over duration seconds after delay."""

    kind: str
    duration: float
    delay: float = 0.0
    ease: Any = ease_in_out_cubic
    data: dict = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def raw(self) -> float:
        """Linear progress in [0, 1]."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        """Eased progress in [0, 1]."""
        return self.ease(self.raw)

    @property
    def started(self) -> bool:
        """True once the delay has passed."""
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        """True when the tween has run its course."""
        return self.elapsed >= self.delay + self.duration


class Animator:
    """The running tweens of a scene, advanced by the frame time times the speed setting."""

    def __init__(self, speed: str = "normal") -> None:
        self.speed = speed
        self.tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        """Start a tween (scaled by the speed; with animations off it is done at once)."""
        factor = SPEEDS.get(self.speed, 1.0)
        tween.duration *= factor
        tween.delay *= factor
        if factor > 0:
            self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween by dt seconds and drop the finished ones."""
        for tween in self.tweens:
            tween.elapsed += dt
        self.tweens = [t for t in self.tweens if not t.done]

    def of(self, kind: str) -> list[Tween]:
        """The running tweens of one kind."""
        return [t for t in self.tweens if t.kind == kind]

    @property
    def busy(self) -> bool:
        """True while anything is animating."""
        return bool(self.tweens)

    def clear(self) -> None:
        """Stop everything at once."""
        self.tweens.clear()
