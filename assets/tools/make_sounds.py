"""Synthesise the game's sound effects into assets/sounds/*.wav.

Everything is made here from sine partials and filtered noise with numpy
(no samples), written as 44.1 kHz 16-bit mono WAV with the stdlib wave module.
Deterministic (fixed seed). The sounds are short and soft on purpose: each
peaks well below full scale and fades in and out without clicks.

    .venv/bin/python assets/tools/make_sounds.py            # write the WAVs
    .venv/bin/python assets/tools/make_sounds.py --check    # verify them
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

ASSETS = Path(__file__).resolve().parent.parent
OUT = ASSETS / "sounds"
SR = 44100

rng = np.random.default_rng(7)


# ---------------------------------------------------------------------------
# building blocks
# ---------------------------------------------------------------------------


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(round(seconds * SR)))


def t_axis(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * SR))) / SR


def place(buffer: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix sound into buffer starting at time `at` (seconds), clipping at the end."""
    sound = sound.copy()
    n_fade = min(len(sound), int(0.012 * SR))  # never stop a partial dead: that clicks
    sound[len(sound) - n_fade:] *= np.cos(np.linspace(0, np.pi / 2, n_fade)) ** 2
    start = int(round(at * SR))
    end = min(len(buffer), start + len(sound))
    if end > start:
        buffer[start:end] += gain * sound[: end - start]


def envelope(n: int, attack: float, decay: float) -> np.ndarray:
    """Linear-ish attack of `attack` s, then exponential decay (time constant `decay` s)."""
    t = np.arange(n) / SR
    att = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    att = np.sin(att * np.pi / 2) ** 2
    return att * np.exp(-np.maximum(t - attack, 0.0) / decay)


def modal(partials: list[tuple[float, float, float]], seconds: float, attack: float = 0.001,
          detune: float = 0.0) -> np.ndarray:
    """Sum of decaying sines: (frequency Hz, amplitude, decay time constant s)."""
    t = t_axis(seconds)
    out = np.zeros_like(t)
    for freq, amp, decay in partials:
        f = freq * (1.0 + detune * rng.uniform(-1, 1))
        phase = rng.uniform(0, 2 * np.pi)
        out += amp * np.sin(2 * np.pi * f * t + phase) * envelope(len(t), attack, decay)
    return out


def spectral_filter(x: np.ndarray, low: float | None = None, high: float | None = None,
                    order: int = 2) -> np.ndarray:
    """Zero-phase Butterworth-shaped band limit applied in the frequency domain."""
    n = len(x)
    nfft = 1 << (n - 1).bit_length()
    spec = np.fft.rfft(x, nfft)
    f = np.fft.rfftfreq(nfft, 1 / SR)
    gain = np.ones_like(f)
    if high is not None:
        gain /= np.sqrt(1 + (f / high) ** (2 * order))
    if low is not None:
        with np.errstate(divide="ignore"):
            gain /= np.sqrt(1 + (low / np.maximum(f, 1e-3)) ** (2 * order))
    return np.fft.irfft(spec * gain, nfft)[:n]


def noise(seconds: float, low: float | None = None, high: float | None = None,
          order: int = 2) -> np.ndarray:
    x = rng.standard_normal(int(round(seconds * SR)))
    x = spectral_filter(x, low, high, order)
    return x / (np.abs(x).max() + 1e-9)


def burst(seconds: float, low: float, high: float, attack: float, decay: float) -> np.ndarray:
    """Band-limited noise with an attack/decay envelope."""
    x = noise(seconds, low, high)
    return x * envelope(len(x), attack, decay)


def convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = len(a) + len(b) - 1
    nfft = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, nfft) * np.fft.rfft(b, nfft), nfft)[:n]


def room(x: np.ndarray, seconds: float = 0.35, wet: float = 0.15, bright: float = 4000.0,
         keep: float | None = None) -> np.ndarray:
    """A small soft room: convolution with a decaying, darkened noise tail."""
    ir = noise(seconds, 200.0, bright) * np.exp(-t_axis(seconds) / (seconds / 5))
    ir[: int(0.004 * SR)] = 0.0  # pre-delay
    tail = convolve(x, ir)
    tail *= np.abs(x).max() / (np.abs(tail).max() + 1e-9)
    out = np.zeros(len(tail))
    out[: len(x)] += x
    out += wet * tail
    if keep is not None:
        out = out[: int(round(keep * SR))]
    return out


def brass(freq: float, seconds: float, attack: float = 0.04, release: float = 0.12,
          harmonics: int = 12, brightness: float = 0.55, vibrato: float = 0.004) -> np.ndarray:
    """A soft brass/horn note: harmonics whose upper partials bloom with the attack."""
    t = t_axis(seconds)
    vib = 1 + vibrato * np.sin(2 * np.pi * 5.2 * t) * np.clip(t / 0.25, 0, 1)
    phase = 2 * np.pi * freq * np.cumsum(vib) / SR
    amp = np.clip(t / attack, 0, 1) ** 1.5
    amp *= np.clip((seconds - t) / release, 0, 1) ** 1.2
    out = np.zeros_like(t)
    for k in range(1, harmonics + 1):
        if freq * k > 9000:
            break
        roll = brightness ** (k - 1)
        # higher harmonics arrive a touch after the fundamental: a breathy onset
        bloom = np.clip(t / (attack * (1 + 0.25 * k)), 0, 1)
        out += roll / k**0.5 * bloom * np.sin(k * phase)
    return out * amp


def bell(freq: float, seconds: float, decay: float = 0.5, bright: float = 1.0) -> np.ndarray:
    """A small glassy bell: slightly inharmonic partials, the upper ones dying sooner."""
    partials = [
        (freq, 1.0, decay),
        (freq * 2.01, 0.35 * bright, decay * 0.55),
        (freq * 3.02, 0.14 * bright, decay * 0.35),
        (freq * 4.23, 0.07 * bright, decay * 0.22),
        (freq * 5.4, 0.03 * bright, decay * 0.15),
    ]
    return modal(partials, seconds, attack=0.002)


def mallet(freq: float, seconds: float, decay: float = 0.28) -> np.ndarray:
    """Marimba-like: fundamental plus the 4th and 10th partials."""
    partials = [(freq, 1.0, decay), (freq * 3.93, 0.22, decay * 0.25),
                (freq * 9.8, 0.04, decay * 0.08)]
    return modal(partials, seconds, attack=0.003)


def note(name: str) -> float:
    names = {"C": -9, "C#": -8, "D": -7, "Eb": -6, "E": -5, "F": -4, "F#": -3, "G": -2,
             "Ab": -1, "A": 0, "Bb": 1, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names[pitch] + 12 * (octave - 4)) / 12)


def finish(x: np.ndarray, peak: float, fade_out: float = 0.03) -> np.ndarray:
    """Remove DC, fade the ends and normalise to the given peak (0..1 of full scale)."""
    x = x - x.mean()
    n_in = int(0.002 * SR)
    n_out = min(len(x), int(fade_out * SR))
    x[:n_in] *= np.linspace(0, 1, n_in)
    x[len(x) - n_out:] *= np.cos(np.linspace(0, np.pi / 2, n_out)) ** 2
    return x * (peak / (np.abs(x).max() + 1e-9))


# ---------------------------------------------------------------------------
# the sounds
# ---------------------------------------------------------------------------


def select() -> np.ndarray:
    tap = modal([(1750, 1.0, 0.014), (2930, 0.5, 0.009), (4150, 0.22, 0.006)], 0.1)
    click = burst(0.01, 1500, 6000, 0.0005, 0.002)
    out = silence(0.12)
    place(out, tap, 0.0)
    place(out, click, 0.0, 0.35)
    return finish(room(out, 0.15, 0.08, keep=0.14), 0.32)


def move() -> np.ndarray:
    out = silence(0.42)
    slide_len = 0.17
    slide = noise(slide_len, 350, 1800)
    t = t_axis(slide_len)
    slide *= np.sin(np.pi * np.clip(t / slide_len, 0, 1)) ** 1.5
    # a faint grain in the slide, as wood drags on wood
    slide *= 1 + 0.35 * np.sin(2 * np.pi * 38 * t)
    place(out, slide, 0.0, 0.16)
    knock = modal([(540, 1.0, 0.035), (1190, 0.55, 0.022), (1870, 0.3, 0.014),
                   (2680, 0.14, 0.009)], 0.2)
    body = modal([(190, 0.8, 0.03)], 0.15)
    click = burst(0.006, 1200, 7000, 0.0003, 0.0015)
    place(out, knock, slide_len - 0.01)
    place(out, body, slide_len - 0.01)
    place(out, click, slide_len - 0.01, 0.5)
    return finish(room(out, 0.25, 0.12, keep=0.42), 0.55)


def capture() -> np.ndarray:
    out = silence(0.62)
    t = t_axis(0.35)
    freq = 58 + 70 * np.exp(-t / 0.05)
    thud = np.sin(2 * np.pi * np.cumsum(freq) / SR) * envelope(len(t), 0.003, 0.09)
    thud += 0.35 * noise(0.35, 60, 400) * envelope(len(t), 0.001, 0.03)
    place(out, thud, 0.0)
    crack = burst(0.08, 1600, 7500, 0.0005, 0.012)
    crack += modal([(2350, 0.6, 0.02), (3720, 0.4, 0.014), (5150, 0.2, 0.01)], 0.08)
    place(out, crack, 0.012, 0.55)
    for k in range(4):  # a few chips settling
        chip = modal([(rng.uniform(2600, 4200), 1.0, 0.008)], 0.03)
        place(out, chip, 0.09 + 0.05 * k + rng.uniform(0, 0.03), 0.12 / (1 + k))
    return finish(room(out, 0.35, 0.16, keep=0.62), 0.78)


def recruit() -> np.ndarray:
    out = silence(1.25)
    for k, name in enumerate(("E5", "A5", "C#6", "E6")):
        place(out, bell(note(name), 0.9, decay=0.38, bright=0.8), 0.085 * k, 0.8 + 0.07 * k)
    shimmer = burst(0.5, 5000, 11000, 0.15, 0.12)
    place(out, shimmer, 0.2, 0.025)
    return finish(room(out, 0.5, 0.2, bright=6000, keep=1.25), 0.55, fade_out=0.15)


def reckoning() -> np.ndarray:
    """Fourteen stones gathered and poured back into the hand."""
    out = silence(1.05)
    times = np.sort(rng.uniform(0.0, 0.62, 14) ** 1.3)
    for k, at in enumerate(times):
        base = rng.uniform(1700, 3400)
        clack = modal([(base, 1.0, rng.uniform(0.006, 0.014)),
                       (base * rng.uniform(1.45, 1.7), 0.45, 0.007),
                       (base * rng.uniform(2.3, 2.9), 0.18, 0.004)], 0.05)
        click = burst(0.004, 900, 6000, 0.0002, 0.001)
        gain = rng.uniform(0.45, 1.0) * (1.0 - 0.4 * k / len(times))
        place(out, clack, at, gain)
        place(out, click, at, 0.3 * gain)
    # the soft rub of the pile, and a last settle
    rub = noise(0.7, 500, 2500) * np.sin(np.pi * np.clip(t_axis(0.7) / 0.7, 0, 1)) ** 2
    place(out, rub, 0.0, 0.05)
    place(out, modal([(1250, 1.0, 0.02), (2010, 0.4, 0.012)], 0.1), 0.78, 0.5)
    out = spectral_filter(out, None, 7000)
    return finish(room(out, 0.3, 0.12, keep=1.05), 0.55, fade_out=0.08)


def victory() -> np.ndarray:
    out = silence(1.95)
    lead = [("G4", 0.0, 0.16), ("C5", 0.16, 0.16), ("E5", 0.32, 0.16), ("G5", 0.48, 1.3)]
    for name, at, dur in lead:
        place(out, brass(note(name), dur + 0.05, attack=0.03, release=0.08 if dur < 1 else 0.6),
              at, 0.55)
    for name in ("C4", "E4", "G4"):  # the chord under the held note
        place(out, brass(note(name), 1.25, attack=0.08, release=0.6, brightness=0.4), 0.5, 0.22)
    timp = modal([(98, 1.0, 0.25), (147, 0.4, 0.18)], 0.8, attack=0.004)
    place(out, timp, 0.48, 0.45)
    out = spectral_filter(out, 80, 6500)
    return finish(room(out, 0.7, 0.22, keep=1.95), 0.66, fade_out=0.3)


def defeat() -> np.ndarray:
    out = silence(1.45)
    for name, at, dur in (("G4", 0.0, 0.34), ("Eb4", 0.3, 0.34), ("C4", 0.6, 0.8)):
        place(out, brass(note(name), dur, attack=0.06, release=0.25 if dur > 0.5 else 0.1,
                         brightness=0.38, vibrato=0.003), at, 0.5)
    place(out, brass(note("C3"), 0.85, attack=0.1, release=0.4, brightness=0.3), 0.6, 0.25)
    out = spectral_filter(out, 70, 3500)
    return finish(room(out, 0.6, 0.2, keep=1.45), 0.46, fade_out=0.25)


def illegal() -> np.ndarray:
    out = silence(0.3)
    for at, f in ((0.0, 165.0), (0.13, 150.0)):
        t = t_axis(0.1)
        tone = (np.sin(2 * np.pi * f * t) + 0.3 * np.sin(2 * np.pi * 2 * f * t)
                + 0.18 * np.sin(2 * np.pi * 3 * f * t) + 0.08 * np.sin(2 * np.pi * 5 * f * t))
        tone *= np.sin(np.pi * t / 0.1) ** 2
        place(out, tone, at)
    out = spectral_filter(out, 90, 1400)
    return finish(out, 0.3)


def khan() -> np.ndarray:
    out = silence(1.45)
    for name, at, dur in (("D4", 0.0, 0.28), ("A4", 0.26, 1.1)):
        place(out, brass(note(name), dur, attack=0.07, release=0.5 if dur > 0.5 else 0.08,
                         brightness=0.45, harmonics=8), at, 0.6)
    place(out, brass(note("D3"), 1.2, attack=0.15, release=0.5, brightness=0.35), 0.2, 0.28)
    place(out, bell(note("D6"), 0.8, decay=0.3, bright=0.5), 0.28, 0.08)
    out = spectral_filter(out, 70, 4500)
    return finish(room(out, 0.6, 0.22, keep=1.45), 0.52, fade_out=0.25)


def elimination() -> np.ndarray:
    out = silence(1.45)
    t = t_axis(1.4)
    glide = 1.0 - 0.06 * (1 - np.exp(-t / 0.5))
    gong = np.zeros_like(t)
    for ratio, amp, decay in ((1.0, 1.0, 0.55), (2.76, 0.45, 0.3), (5.40, 0.2, 0.16),
                              (8.93, 0.08, 0.08)):
        phase = 2 * np.pi * 110.0 * ratio * np.cumsum(glide) / SR
        gong += amp * np.sin(phase) * envelope(len(t), 0.004, decay)
    place(out, gong, 0.0)
    place(out, burst(0.2, 50, 300, 0.002, 0.04), 0.0, 0.4)
    place(out, bell(note("A4"), 1.0, decay=0.35, bright=0.4), 0.05, 0.12)
    out = spectral_filter(out, 45, 5000)
    return finish(room(out, 0.6, 0.2, keep=1.45), 0.7, fade_out=0.3)


def turn() -> np.ndarray:
    out = silence(0.75)
    place(out, mallet(note("E5"), 0.6), 0.0, 0.8)
    place(out, mallet(note("A5"), 0.6), 0.12, 0.7)
    return finish(room(out, 0.4, 0.16, keep=0.75), 0.45, fade_out=0.12)


def toll() -> np.ndarray:
    """The Reckoning announced: a low bell struck twice over a soft horn fifth, then a rising
    shimmer (the stones' clatter follows it)."""
    out = silence(1.45)
    for at, gain in ((0.0, 0.9), (0.36, 0.6)):
        place(out, bell(note("D4"), 1.0, decay=0.45, bright=0.35), at, gain)
        place(out, bell(note("A4"), 0.9, decay=0.32, bright=0.3), at + 0.01, 0.35 * gain)
    for name in ("D3", "A3"):
        place(out, brass(note(name), 1.1, attack=0.18, release=0.5, brightness=0.3), 0.05, 0.22)
    place(out, burst(0.5, 3000, 9000, 0.3, 0.15), 0.55, 0.02)
    out = spectral_filter(out, 60, 6000)
    return finish(room(out, 0.6, 0.22, keep=1.45), 0.5, fade_out=0.25)


SOUNDS = {
    "select": select,
    "move": move,
    "capture": capture,
    "recruit": recruit,
    "reckoning": reckoning,
    "victory": victory,
    "defeat": defeat,
    "illegal": illegal,
    "khan": khan,
    "elimination": elimination,
    "turn": turn,
    "toll": toll,  # last: the fixed seed's draws for the others stay as they were
}


def write_wav(path: Path, x: np.ndarray) -> None:
    data = np.clip(np.round(x * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())


def check() -> bool:
    """Re-read every WAV: format, length, peak; and load it with pygame's mixer."""
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.mixer.init(SR, -16, 1)
    ok = True
    for name in SOUNDS:
        path = OUT / f"{name}.wav"
        with wave.open(str(path), "rb") as w:
            fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
            x = np.frombuffer(w.readframes(w.getnframes()), "<i2") / 32768.0
        seconds = len(x) / SR
        peak = float(np.abs(x).max())
        sound = pygame.mixer.Sound(str(path))
        limit = 2.0 if name == "victory" else 1.5
        good = fmt == (1, 2, SR) and peak < 0.9 and seconds <= limit and sound.get_length() > 0
        ok &= good
        print(f"{'ok ' if good else 'BAD'} {name:12s} {seconds:.2f} s  peak {peak:.2f}  "
              f"mixer {sound.get_length():.2f} s")
    pygame.mixer.quit()
    return ok


def main() -> None:
    import sys

    if "--check" in sys.argv:
        sys.exit(0 if check() else 1)
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        x = make()
        path = OUT / f"{name}.wav"
        write_wav(path, x)
        print(f"{path.relative_to(ASSETS.parent)}: {len(x) / SR:.2f} s, "
              f"peak {np.abs(x).max():.2f}, rms {np.sqrt(np.mean(x**2)):.3f}")


if __name__ == "__main__":
    main()
