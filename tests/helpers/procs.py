"""Watching processes in tests: is one alive (not a zombie), read from /proc."""

from __future__ import annotations

from pathlib import Path


def alive(pid: int) -> bool:
    """True while the process exists and is not a zombie (Linux: /proc)."""
    try:
        data = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return False
    return data[data.rindex(b")") + 2:][:1] != b"Z"
