"""Generate the board ground textures: assets/art/board/{parchment,slate}.png.

Both are 512x512, seamlessly tileable (the noise is shaped in the frequency
domain of a periodic grid, so the right edge continues into the left one) and
deliberately calm: a few levels of contrast, so grid lines and pieces read
clearly on top. Deterministic (fixed seeds). Run from anywhere:

    .venv/bin/python assets/tools/make_textures.py
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

ASSETS = Path(__file__).resolve().parent.parent
OUT = ASSETS / "art" / "board"
SIZE = 512


def spectral_noise(
    rng: np.random.Generator,
    n: int,
    beta: float,
    stretch: float = 1.0,
    angle_deg: float = 0.0,
    f_low: float = 1.5,
    f_high: float | None = None,
) -> np.ndarray:
    """Periodic noise with a 1/f**beta spectrum, optionally stretched along an angle.

    stretch > 1 makes streaks (fibres, strata) along angle_deg. Result has
    zero mean and unit standard deviation.
    """
    white = rng.standard_normal((n, n))
    spectrum = np.fft.fft2(white)
    fy = np.fft.fftfreq(n)[:, None] * n
    fx = np.fft.fftfreq(n)[None, :] * n
    a = np.deg2rad(angle_deg)
    along = fx * np.cos(a) + fy * np.sin(a)
    across = -fx * np.sin(a) + fy * np.cos(a)
    # streaks along the angle vary slowly along it: shrink frequency across
    f = np.sqrt((along * stretch) ** 2 + across**2)
    amp = 1.0 / np.maximum(f, f_low) ** beta
    if f_high is not None:
        amp *= np.exp(-((f / f_high) ** 2))
    amp[0, 0] = 0.0
    field = np.real(np.fft.ifft2(spectrum * amp))
    field -= field.mean()
    return field / field.std()


def colourise(t: np.ndarray, dark: tuple, light: tuple, rng: np.random.Generator,
              spread: float = 3.0) -> np.ndarray:
    """Map t (unit std) onto a dark..light ramp, +-spread std to the ends, with dither."""
    u = np.clip(0.5 + t / (2 * spread), 0.0, 1.0)[..., None]
    dark_a = np.array(dark, dtype=float)
    light_a = np.array(light, dtype=float)
    rgb = dark_a + (light_a - dark_a) * u
    rgb += rng.uniform(-0.5, 0.5, rgb.shape)
    return np.clip(np.rint(rgb), 0, 255).astype(np.uint8)


def parchment() -> np.ndarray:
    rng = np.random.default_rng(1204)
    clouds = spectral_noise(rng, SIZE, beta=1.9, f_low=2.0)
    mottling = spectral_noise(rng, SIZE, beta=1.2, f_low=6.0, f_high=80)
    fibres = spectral_noise(rng, SIZE, beta=0.9, stretch=9.0, angle_deg=12, f_low=8.0,
                            f_high=120)
    fibres2 = spectral_noise(rng, SIZE, beta=0.9, stretch=7.0, angle_deg=-71, f_low=8.0,
                             f_high=120)
    grain = spectral_noise(rng, SIZE, beta=0.3, f_low=40.0, f_high=200)
    t = 0.8 * clouds + 0.45 * mottling + 0.3 * fibres + 0.2 * fibres2 + 0.3 * grain
    t = t / t.std()
    # a few soft darker flecks, as in real paper
    flecks = spectral_noise(rng, SIZE, beta=0.6, f_low=20.0, f_high=90)
    t -= 1.6 * np.clip(flecks - 2.6, 0.0, None)
    return colourise(t, dark=(212, 193, 160), light=(246, 236, 214), rng=rng, spread=3.6)


def slate() -> np.ndarray:
    rng = np.random.default_rng(2207)
    clouds = spectral_noise(rng, SIZE, beta=2.0, f_low=2.0)
    strata = spectral_noise(rng, SIZE, beta=1.2, stretch=6.0, angle_deg=4, f_low=3.0,
                            f_high=140)
    grain = spectral_noise(rng, SIZE, beta=0.3, f_low=30.0, f_high=240)
    t = 0.8 * clouds + 0.5 * strata + 0.45 * grain
    t = t / t.std()
    # faint lighter mineral glints
    glints = spectral_noise(rng, SIZE, beta=0.2, f_low=60.0)
    t += 1.2 * np.clip(glints - 2.9, 0.0, None)
    return colourise(t, dark=(66, 72, 80), light=(102, 109, 118), rng=rng, spread=3.4)


def save(rgb: np.ndarray, path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    # surfarray is indexed [x, y]
    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))


def main() -> None:
    for name, make in (("parchment", parchment), ("slate", slate)):
        rgb = make()
        path = OUT / f"{name}.png"
        save(rgb, path)
        lum = rgb.astype(float) @ np.array([0.2126, 0.7152, 0.0722])
        print(f"{path.relative_to(ASSETS.parent)}: mean {rgb.reshape(-1, 3).mean(0).round(1)}, "
              f"luminance std {lum.std():.2f}, range {lum.min():.0f}..{lum.max():.0f}")


if __name__ == "__main__":
    main()
