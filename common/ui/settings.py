"""The player's settings (kept for this session only: the app remembers nothing yet)."""

from __future__ import annotations

from dataclasses import dataclass

ANIMATION_SPEEDS = ("off", "normal", "slow")


@dataclass
class Settings:
    """Animation speed, sound, palette and fullscreen."""

    animation: str = "normal"
    sound: bool = True
    colour_blind: bool = False
    fullscreen: bool = False

    @property
    def palette_name(self) -> str:
        """The palette these settings ask for."""
        return "colour-blind" if self.colour_blind else "standard"
