"""The language the system asks for: the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
`LANG`, in gettext's order), else the platform's own setting (Windows: the user's UI language;
macOS: the first of the preferred languages). Pygame-free, never raises, never waits long: the
macOS query is a subprocess with a deadline.

Each answer is a list of language codes, best first ("de", "fr", ...: the part before "_",
"." or "@", lower case); common/i18n takes the first it has a catalogue for.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping

ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
MAC_WAIT = 2.0  # seconds the `defaults` query may take
MAX_ANSWER = 4096  # characters of an answer read from the system
_CODE = re.compile(r"[A-Za-z]{2,3}")


def code(value: str) -> str | None:
    """The language code of a locale name ("de_DE.UTF-8@euro" -> "de", "pt-BR" -> "pt"), or
    None for "C", "POSIX" or something that is not one."""
    base = re.split(r"[_.@-]", value.strip(), maxsplit=1)[0].lower()
    if base in ("c", "posix") or not _CODE.fullmatch(base):
        return None
    return base


def from_environment(env: Mapping[str, str] | None = None) -> list[str]:
    """The languages the environment asks for. As in GNU gettext, LANGUAGE (a list: "fr:de")
    comes first unless the locale is "C", then the first of LC_ALL, LC_MESSAGES, LANG set."""
    if env is None:
        env = os.environ
    locale_name = next((env[v] for v in ENV_VARS[1:] if env.get(v, "").strip()), "")
    found: list[str] = []
    if env.get("LANGUAGE", "").strip() and code(locale_name or "xx") is not None:
        found += [c for c in (code(p) for p in env["LANGUAGE"][:MAX_ANSWER].split(":")) if c]
    mine = code(locale_name) if locale_name else None
    if mine:
        found.append(mine)
    return _unique(found)


def from_windows() -> list[str]:
    """The user's UI language on Windows (GetUserDefaultUILanguage), or []."""
    try:
        import ctypes
        import locale

        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        name = locale.windows_locale.get(int(langid), "")
    except (AttributeError, OSError, ValueError, TypeError):
        return []
    found = code(name) if name else None
    return [found] if found else []


def from_macos(run=subprocess.run) -> list[str]:
    """The preferred languages on macOS (`defaults read -g AppleLanguages`, else the
    AppleLocale), or [] if the query fails or takes longer than MAC_WAIT."""
    for args in (["defaults", "read", "-g", "AppleLanguages"],
                 ["defaults", "read", "-g", "AppleLocale"]):
        try:
            done = run(args, capture_output=True, text=True, timeout=MAC_WAIT, check=False,
                       stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError, ValueError):
            continue
        if done.returncode != 0:
            continue
        names = re.findall(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*", done.stdout[:MAX_ANSWER])
        found = _unique([c for c in (code(n) for n in names) if c])
        if found:
            return found
    return []


def preferred(env: dict[str, str] | None = None, platform: str | None = None) -> list[str]:
    """The languages the system asks for, best first: the environment's, else the
    platform's ([] when nothing says: the app speaks English)."""
    found = from_environment(env)
    if found:
        return found
    platform = sys.platform if platform is None else platform
    if platform.startswith("win"):
        return from_windows()
    if platform == "darwin":
        return from_macos()
    return []


def _unique(codes: list[str]) -> list[str]:
    return list(dict.fromkeys(codes))
