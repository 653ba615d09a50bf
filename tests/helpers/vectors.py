"""The test vectors every test reads: copies of the project's shared vectors kept in
tests/data/vectors, so that no test reads anything outside the repository
(tests/test_vectors.py checks the copies against ../shared/vectors when that folder is there)."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data" / "vectors"
NAMES = ("overlords_perft.json", "prepollency_turns.json", "prepollency_3p_turns.json")


def load(name: str) -> list[dict]:
    """The "vectors" list of one vector file of tests/data/vectors."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))["vectors"]
