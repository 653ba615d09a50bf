"""Short sound effects with a mute toggle; silent (and never failing) without an audio device,
and quiet about it: the audio libraries' own complaints (ALSA's "cannot find card '0'", ...),
which they write straight to the process's stderr, are held back while the device is opened.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from collections.abc import Iterator

import pygame

from common.ui import assets

NAMES = (
    "select", "move", "capture", "recruit", "reckoning", "victory", "defeat", "illegal",
    "khan", "elimination", "turn", "toll",
)


class Sound:
    """Plays the effects in assets/sounds; does nothing when muted or without audio."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._tried = False

    def _init(self) -> None:
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self.available = True
        except (pygame.error, NotImplementedError):
            self.available = False

    def play(self, name: str, volume: float = 0.7) -> None:
        """Play one effect by name (a no-op when muted, missing or without audio)."""
        if not self.enabled:
            return
        if not self._tried:
            self._init()
        if not self.available:
            return
        if name not in self._cache:
            self._cache[name] = self._load(name)
        effect = self._cache[name]
        if effect is not None:
            try:
                effect.set_volume(volume)
                effect.play()
            except pygame.error:
                pass

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        file = assets.sound_file(name)
        if file is None:
            return None
        data = assets.read(file, "sound")  # bounded, a regular file only (never a FIFO)
        if data is None:
            return None
        try:
            return pygame.mixer.Sound(file=io.BytesIO(data))
        except (pygame.error, OSError, ValueError):
            return None

    def warm_up(self) -> None:
        """Open the audio device and load every effect now (after the first frame is shown)."""
        if not self._tried:
            self._init()
        if self.available:
            for name in NAMES:
                if name not in self._cache:
                    self._cache[name] = self._load(name)

    def close(self) -> None:
        """Release the audio device: the effects still playing are stopped, and their end
        awaited (a moment), first. pygame's mixer.quit keeps the GIL while SDL joins its audio
        thread, and that thread takes the GIL when a sound ends: quitting while one ends
        hangs the program (pygame issue 2813 and its kin; seen once in the test suite)."""
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()
                end = time.monotonic() + 1.0
                while pygame.mixer.get_busy() and time.monotonic() < end:
                    time.sleep(0.01)
                pygame.mixer.quit()
        self.available = False
        self._tried = True


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send file descriptor 2 to /dev/null for the block, then put it back: C libraries
    (ALSA, PulseAudio, SDL's audio drivers) print there directly, past `sys.stderr`. Only
    around opening the audio device, which takes a few milliseconds; if the descriptors
    cannot be juggled, nothing is hidden."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)
