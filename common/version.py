"""The app's version, from its one source of truth: `[project] version` in pyproject.toml.

A checkout (and the stand-alone build, which bundles pyproject.toml) reads the file itself, so
an edit shows at once without reinstalling; an installed copy reads the package metadata pip
wrote from that same file. Pygame-free.
"""

from __future__ import annotations

import tomllib
from importlib import metadata

from common import files, paths


def version() -> str:
    """The version string (e.g. "0.1.0"), or "unknown" if neither source can be read."""
    try:
        text = files.read_bounded(paths.bundle_root() / "pyproject.toml", 1 << 20)
        project = tomllib.loads(text.decode("utf-8"))
        info = project["project"]
        if info["name"] == paths.APP_NAME and isinstance(info["version"], str):
            return info["version"]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        pass  # not a checkout (installed or damaged): the metadata says
    try:
        return metadata.version(paths.APP_NAME)
    except metadata.PackageNotFoundError:
        return "unknown"
