"""The vector copies in tests/data/vectors are the project's shared vectors, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.vectors import DATA

SHARED = Path(__file__).resolve().parents[2] / "shared" / "vectors"


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/vectors beside the repository")
def test_the_vector_copies_match_the_shared_vectors():
    shared = {p.name: p.read_bytes() for p in SHARED.glob("*.json")}
    copies = {p.name: p.read_bytes() for p in DATA.glob("*.json")}
    assert sorted(copies) == sorted(shared), "copy new or removed vectors into tests/data/vectors"
    for name, data in shared.items():
        assert copies[name] == data, f"tests/data/vectors/{name} differs from the shared copy"
