"""The player's settings, remembered between runs in a small JSON file.

The file is $OVERLORDS_CONFIG/settings.json if that variable is set, else
$XDG_CONFIG_HOME/overlords-prepollency/settings.json (by default ~/.config/...). It holds one
JSON object (never pickle)::

    {"animation": "normal", "sound": true, "colour_blind": false, "fullscreen": false,
     "bot_command": null, "handover": true, "recap": true, "fast_cpu": false,
     "confirm_risky": true, "cpu_resigns": true, "language": "system", "coach": false, ...}

and, after those every game shares, the keys each game adds (`common.facts.Setting`, in the
game's facts: a key, its default, its row on the Settings screen and its own check).
`bot_command` is the last command line a bot seat started a game with (it fills the bot field of
the next new-game dialog). `handover` shows a hand-over screen when the turn passes from one
person to another at one table, `recap` replays the others' turns before a person's turn,
`fast_cpu` speeds up the turns no person plays; `confirm_risky` asks before a person plays a
move that loses the game (each game's threats say which); `cpu_resigns` lets a CPU seat resign
once it can no longer win (`common.ai.levels.gives_up`; lessons and puzzles play on);
`language` is "system" (the system's language) or a code of `common.i18n.LANGUAGES` (or the
pseudo-language's, "qps"); `coach` shows the coach's line in games against the CPU
(`common.ui.coach`: the guided first game turns it on, the in-game menu switches it). Keys
missing from an older file take their defaults. `load` never raises: a missing file means the
defaults; a file that cannot be read or parsed, or holds wrong types, unknown values or unknown
keys, keeps the good values, takes the defaults for the rest and says so in one line on stderr.
`save` writes atomically (a temporary file in the same folder, then a rename) and never raises
either.

Only `build_app` wires the real file to the app (`App(settings_file=...)`): an `App` built
directly, as tests do, reads and writes nothing.
"""

from __future__ import annotations

import json
import logging
import sys
from dataclasses import asdict, dataclass, field, fields, make_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common import files, games, i18n, paths
from common.facts import Setting
from common.i18n import _, ngettext
from common.paths import file_error as _reason

log = logging.getLogger("overlords-prepollency.settings")

ANIMATION_SPEEDS = ("off", "normal", "slow")
LANGUAGE_CHOICES = (i18n.SYSTEM, *i18n.LANGUAGES, i18n.PSEUDO)
FILE_NAME = "settings.json"
MAX_COMMAND = 4096  # characters; a longer "bot command" is not one a person typed
MAX_FILE = 256 * 1024  # bytes of a settings file (one is well under 1 KB)
SAID = 5  # problems the line on stderr names (then "and N more"): one short line


@dataclass
class SharedSettings:
    """Animation speed, sound, palette, fullscreen, the last bot command line, how turns pass
    at one table: the settings of every game (`Settings` adds each game's own)."""

    animation: str = "normal"
    sound: bool = True
    colour_blind: bool = False
    fullscreen: bool = False
    bot_command: str | None = None
    handover: bool = True  # a hand-over screen between people at one table
    recap: bool = True  # a recap of the others' turns before a person's turn
    fast_cpu: bool = False  # faster animations for turns no person plays
    confirm_risky: bool = True  # ask before a move that loses the game (both games)
    cpu_resigns: bool = True  # a CPU seat resigns once it can no longer win
    language: str = "system"  # "system" (the system's language) or a code (common/i18n)
    coach: bool = False  # the coach's line in games against the CPU (common.ui.coach)

    @property
    def palette_name(self) -> str:
        """The palette these settings ask for."""
        return "colour-blind" if self.colour_blind else "standard"

    if TYPE_CHECKING:
        def __getattr__(self, key: str) -> Any:
            """A game's own setting (`GAME_SETTINGS`)."""

        def __setattr__(self, key: str, value: Any) -> None:
            """A game's own setting changed (the shared ones keep their declared types)."""


GAME_SETTINGS: dict[str, Setting] = {s.key: s for s in games.settings()}  # each game's own
if TYPE_CHECKING:  # made at run time from the games' settings; its type is the base's
    Settings = SharedSettings
else:
    Settings = make_dataclass(
        "Settings", [(s.key, Any, field(default=s.default)) for s in GAME_SETTINGS.values()],
        bases=(SharedSettings,), namespace={"__doc__": "The settings of every game, and each "
                                            "game's own (`GAME_SETTINGS`)."})


def path() -> Path:
    """Where the settings file lives ($OVERLORDS_CONFIG, else the platform's user config
    folder: see common/paths.py)."""
    return paths.settings_file()


def load(file: Path) -> Settings:
    """The settings in a file: defaults for whatever is missing or wrong (one line on stderr
    and in the log says what was wrong, and `notice` what the window says); never raises. A
    file that could not be read whole is kept beside (``settings.json.damaged-DATE``) before
    the next save replaces it."""
    _DAMAGED.discard(file)
    settings, problem = _load(file)
    if problem:
        _DAMAGED.add(file)
        _tell(problem)
    return settings


_DAMAGED: set[Path] = set()  # settings files read with a problem: kept aside before a write


def notice(file: Path) -> str | None:
    """What the window says about a settings file that could not be read whole, or None."""
    if file not in _DAMAGED:
        return None
    return (_("Some settings could not be read; the rest is kept, and the file is kept as "
              "{name}.damaged-… beside it.").format(name=file.name))


def _load(file: Path) -> tuple[Settings, str | None]:
    try:
        text = _read(file)
    except (FileNotFoundError, NotADirectoryError):  # never saved (or cannot be): defaults
        return Settings(), None
    except (OSError, UnicodeDecodeError) as err:
        return Settings(), _("cannot read {file} ({reason}); using the defaults").format(
                               file=file, reason=_reason(err))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        return Settings(), (_("{file} is not valid JSON (line {lineno}, column {colno}: "
                              "{msg}); using the defaults").format(
                                file=file, lineno=err.lineno, colno=err.colno, msg=err.msg))
    except (ValueError, RecursionError):  # an absurd number or nesting
        return Settings(), _("{file} is not JSON this app can read; using the defaults").format(
                               file=file)
    if not isinstance(data, dict):
        return Settings(), (_("{file} should hold a JSON object, not {kind}; using the "
                              "defaults").format(
                                file=file, kind=_kind(data)))
    settings, problems = from_dict(data)
    if problems:
        more = len(problems) - SAID
        said = "; ".join(problems[:SAID])
        if more > 0:
            return settings, ngettext(
                "ignored in {file}: {said}; and {count} more. The rest is kept.",
                "ignored in {file}: {said}; and {count} more. The rest is kept.", more).format(
                file=file, said=said, count=more)
        return settings, _("ignored in {file}: {said}. The rest is kept.").format(
                             file=file, said=said)
    return settings, None


def _read(file: Path) -> str:
    """The file's text: a regular file of at most MAX_FILE bytes (OSError otherwise)."""
    return paths.read_user_file(file, MAX_FILE)


def from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed JSON object, and what was ignored in it (in plain words)."""
    settings = Settings()
    problems: list[str] = []
    known = {f.name for f in fields(Settings)}
    for key, value in data.items():
        if key not in known:
            problems.append(_("unknown setting {show}").format(show=_show(key)))
            continue
        problem = _check(key, value)
        if problem:
            problems.append(f"{key} {_show(value)} ({problem})")
            continue
        if key == "bot_command" and value is not None:
            value = value.strip() or None
        setattr(settings, key, value)
    return settings, problems


def save(settings: Settings, file: Path) -> str | None:
    """Write the settings atomically; None, or why they could not be saved (never raises)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        if file in _DAMAGED:  # never write over what could not be read: keep it beside
            aside = files.keep_aside(file)
            _DAMAGED.discard(file)
            if aside is not None:
                log.warning("the settings file that could not be read was kept as %s", aside)
        files.write_atomic(file, json.dumps(asdict(settings), indent=1).encode("utf-8"),
                           MAX_FILE)
    except OSError as err:
        return _("cannot save {file} ({reason}); changes last for this session only").format(
                   file=file, reason=_reason(err))
    return None


def _check(key: str, value: Any) -> str | None:
    if key == "animation":
        return None if value in ANIMATION_SPEEDS else _("expected off, normal or slow")
    if key == "language":
        return None if value in LANGUAGE_CHOICES else \
            _("expected system, {languages}").format(languages=", ".join(LANGUAGE_CHOICES[1:]))
    if key == "bot_command":
        if value is None:
            return None
        if not isinstance(value, str):
            return _("expected a command line or null")
        if len(value) > MAX_COMMAND or not all(ch.isprintable() or ch == " " for ch in value):
            return _("expected one short line of printable text")
        return None
    if key in GAME_SETTINGS:
        return GAME_SETTINGS[key].check(value)
    return None if isinstance(value, bool) else _("expected true or false")


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    return {list: _("a list"), str: _("a string"), bool: "true/false", int: _("a number"),
            float: _("a number"), type(None): "null"}.get(type(value), "something else")


def _tell(line: str) -> None:
    """One line on stderr and in the log file (the window says it through `notice`)."""
    if sys.stderr is not None:
        print(_("settings: {line}").format(line=line), file=sys.stderr)
    log.warning("%s", line)
