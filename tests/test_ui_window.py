"""The window's start-up choices (common/ui/window.py): the plain X11 window surface where the
window is an X11 one, SDL's own choice elsewhere or when the person launching chose."""

from __future__ import annotations

import pytest

from common.ui import window

HINT = window.FRAMEBUFFER_HINT


@pytest.fixture
def linux_x11(monkeypatch):
    monkeypatch.setattr(window.sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":7")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv(HINT, raising=False)
    return monkeypatch


def test_an_x11_window_uses_the_plain_window_surface(linux_x11):
    assert window.software_framebuffer()
    assert window.os.environ[HINT] == "0"


def test_the_framebuffer_choice_of_the_person_launching_is_kept(linux_x11):
    linux_x11.setenv(HINT, "1")
    assert not window.software_framebuffer()
    assert window.os.environ[HINT] == "1"


@pytest.mark.parametrize("change", [
    lambda mp: mp.setenv("SDL_VIDEODRIVER", "wayland"),
    lambda mp: mp.setenv("SDL_VIDEODRIVER", "dummy"),
    lambda mp: mp.delenv("DISPLAY"),
    lambda mp: mp.setattr(window.sys, "platform", "darwin"),
    lambda mp: mp.setattr(window.sys, "platform", "win32"),
], ids=["wayland", "dummy", "no-display", "macos", "windows"])
def test_elsewhere_sdl_chooses(linux_x11, change):
    change(linux_x11)
    assert not window.software_framebuffer()
    assert HINT not in window.os.environ
