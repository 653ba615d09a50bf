"""Shared test set-up: no test reads or writes the player's real settings file or saves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_settings(tmp_path_factory, monkeypatch):
    """Point $OVERLORDS_CONFIG at a fresh folder, so `build_app` keeps its settings there."""
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path_factory.mktemp("saves")))
    monkeypatch.setenv("OVERLORDS_LOGS", str(tmp_path_factory.mktemp("logs")))  # and the log
