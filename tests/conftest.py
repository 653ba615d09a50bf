"""Shared test set-up: no test reads or writes the player's real settings file or saves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_settings(tmp_path_factory, monkeypatch):
    """Point $OVERLORDS_CONFIG at a fresh folder, so `build_app` keeps its settings there."""
    monkeypatch.setenv("OVERLORDS_CONFIG", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("OVERLORDS_SAVES", str(tmp_path_factory.mktemp("saves")))
    monkeypatch.setenv("OVERLORDS_LOGS", str(tmp_path_factory.mktemp("logs")))  # and the log
    # the desktop entry the app checks at start (a stale one is removed): never the user's
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("APPDATA", str(tmp_path_factory.mktemp("appdata")))  # (Windows' menu)
    # the tests read English words: the machine's language (a German LANG, once de.po is
    # there) must not change them (tests/test_i18n.py switches languages on purpose)
    monkeypatch.setenv("OVERLORDS_LANGUAGE", "en")


@pytest.fixture(autouse=True)
def _patient_worker(monkeypatch):
    """A loaded machine is not a stuck CPU worker: the tests wait on the worker's answers (with
    deadlines), they do not judge its speed. At load 20 and more a starting worker can take
    over a minute to import the engines, and its heartbeat can lag; the app's limits would
    then restart it twice and fall back to random moves, which answer at once (a Hint test
    saw a move where it waited for a question). tests/test_hostile_input.py tests the stall
    detection itself with its own short limits, set after this."""
    from common.ai import worker

    monkeypatch.setattr(worker, "STALL", 600.0)
    monkeypatch.setattr(worker, "START_GRACE", 600.0)
    monkeypatch.setattr(worker, "MIN_LIMIT", 600.0)
