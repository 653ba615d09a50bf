#!/usr/bin/env python3
"""Write the translated words into the shipped desktop entry and AppStream metainfo.

    python tools/desktop_translations.py           write them (after a po/<code>.po changed)
    python tools/desktop_translations.py --check   exit 1 if either file is out of date

packaging/linux/APP_ID.desktop (the wheel's entry, starting the launcher on the PATH) and
assets/desktop/APP_ID.metainfo.xml get the name, summary, description and captions in every
language of the catalogues (common/desktop_words.py); `--install-desktop-entry` writes the
same words from the catalogues of the running copy.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common import desktop, desktop_words, paths  # noqa: E402

ENTRY = ROOT / "packaging" / "linux" / f"{paths.APP_ID}.desktop"
METAINFO = ROOT / "assets" / "desktop" / f"{paths.APP_ID}.metainfo.xml"


def wanted() -> dict[Path, str]:
    """Each shipped file's text as the catalogues make it now."""
    return {ENTRY: desktop.entry_text([paths.APP_NAME], None),
            METAINFO: desktop_words.metainfo_text(METAINFO.read_text(encoding="utf-8"))}


def main(argv: list[str]) -> int:
    stale = [path for path, text in wanted().items()
             if path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python "
                  "tools/desktop_translations.py", file=sys.stderr)
        return 1 if stale else 0
    for path, text in wanted().items():
        path.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(stale)} of 2 files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
