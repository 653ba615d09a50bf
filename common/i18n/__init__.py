"""The player's language: stdlib gettext, the catalogues in po/, switched at once.

Every user-visible string goes through `_()`, `ngettext()`, `pgettext()` or `npgettext()`
(whole sentences, named placeholders: ``_("{name} wins").format(name=...)``); a string that
must be defined before the language is known (a module's table of labels) is marked with
`N_()` and passed through `_()` where it is drawn. Strings are looked up when they are drawn,
so `use()` switches the language of every screen at once; a cache of anything drawn from
text keys on `generation()` (it changes with the language).

The language: the Settings row ("system" or a code of `LANGUAGES`), else the system's
(common/i18n/system.py), else English. The pseudo-language (`pseudo.CODE`, "qps") lengthens
and accents every marked message: for tests, and for a developer looking for unmarked or
cut words (OVERLORDS_PSEUDO=1 adds it to the Settings row). `OVERLORDS_LANGUAGE` overrides
the system's language (the Settings row still wins).

Catalogues: po/<code>.po (the translators' files) compiled to
po/locale/<code>/LC_MESSAGES/overlords-prepollency.mo by the build (setup.py) or, when the
.mo is missing or older than the .po, here at first use (written beside if the folder can
be written, else kept in memory). A broken catalogue or one missing gives English and a
one-line `problem()` (the window says it, stderr and the log too); a translation whose
placeholders are not the source's is left out (that message stays English) rather than
fail when it is formatted.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
import struct
import sys
from pathlib import Path

from common.i18n import pseudo, system
from common.i18n.catalogue import (
    CONTEXT_SEP,
    MAX_CATALOGUE,
    CatalogueError,
    compile_po,
    placeholders,
    read_po,
)

log = logging.getLogger("overlords-prepollency.i18n")

DOMAIN = "overlords-prepollency"
SYSTEM = "system"  # the setting that follows the system's language
ENGLISH = "en"
# the languages offered, each named in its own language (a player who cannot read the
# current one still finds theirs)
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}
ENGLISH_NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish"}  # messages
PSEUDO = pseudo.CODE
POT_NAME = f"{DOMAIN}.pot"

_state: dict = {"translations": gettext.NullTranslations(), "language": ENGLISH,
                "generation": 0, "problem": None}


def po_folder() -> Path:
    """The catalogues' folder (po/ beside common/, or in the stand-alone bundle)."""
    from common.paths import bundle_root

    return bundle_root() / "po"


def mo_path(language: str, folder: Path | None = None) -> Path:
    """Where the compiled catalogue of a language lives."""
    folder = po_folder() if folder is None else folder
    return folder / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


# --- looking up -----------------------------------------------------------------------------

def _(message: str) -> str:
    """The message in the current language (a `Message`: translated, then filled in)."""
    if type(message) is Message:
        return message.translated()
    if not message:  # gettext("") is the catalogue's header, never a message
        return message
    return _state["translations"].gettext(message)


class Message(str):
    """A message filled in when it is shown: as a str it is the English text (what tests
    compare and logs write), `_()` gives it in the current language. For a label made once
    and drawn for long (a button's), so a new language shows at once. Mark the literal:
    ``Message(N_("New game: {game}"), game=title)``; a field that is a `Message` is
    translated too."""

    msgid: str
    fields: dict

    def __new__(cls, msgid: str, **fields: object) -> Message:
        made = super().__new__(cls, msgid.format(**fields) if fields else msgid)
        made.msgid, made.fields = str(msgid), fields
        return made

    def __reduce__(self):
        """Pickled (to a worker process) as the message it is."""
        return (_message, (self.msgid, self.fields))

    def translated(self) -> str:
        """The message in the current language, filled in."""
        text = _state["translations"].gettext(self.msgid)
        if not self.fields:
            return text
        fields = {k: _(v) if type(v) is Message else v for k, v in self.fields.items()}
        return text.format(**fields)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for the marker
    """Marks a message for the template without translating it yet (a table of labels made
    before the language is known): a `Message`, which is the English text as a str and is
    translated where it is shown (`_()`, and every draw helper of common/ui/draw.py)."""
    return Message(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number n (the catalogue's plural rule)."""
    return _state["translations"].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The message in the current language, told apart from the same English words
    elsewhere by a context ("stone" vs "verb" ...)."""
    return _state["translations"].pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """`ngettext` with a context."""
    return _state["translations"].npgettext(context, singular, plural, n)


def _message(msgid: str, fields: dict) -> Message:
    return Message(msgid, **fields)


# --- the current language -------------------------------------------------------------------

def language() -> str:
    """The code of the language in use ("en", "de", ..., "qps")."""
    return _state["language"]


def generation() -> int:
    """A number that changes whenever the language does: part of a cache's key."""
    return _state["generation"]


def problem() -> str | None:
    """Why the language asked for last is not the one shown (a missing or broken catalogue),
    in one line, or None."""
    return _state["problem"]


def available() -> list[str]:
    """The languages with a catalogue here (English always)."""
    found = [ENGLISH]
    for code in LANGUAGES:
        if code != ENGLISH and (mo_path(code).is_file() or (po_folder() / f"{code}.po").is_file()):
            found.append(code)
    return found


def resolve(setting: str | None) -> str:
    """The language a setting means: a code as it is, "system" (or None) the system's first
    language with a catalogue (OVERLORDS_LANGUAGE first), else English."""
    if setting and setting != SYSTEM:
        return setting
    wanted = system.from_environment({"LANG": os.environ.get("OVERLORDS_LANGUAGE", "")})
    wanted += system.preferred()
    have = set(available()) | {PSEUDO}
    return next((code for code in wanted if code in have), ENGLISH)


def use(setting: str | None = SYSTEM) -> str | None:
    """Switch to the language a setting means (at once: every string is looked up when
    drawn). Returns `problem()`: None, or why English is shown instead."""
    code = resolve(setting)
    translations, problem_text = load(code)
    if problem_text:
        log.warning("%s", problem_text)
        if sys.stderr is not None:
            print(f"language: {problem_text}", file=sys.stderr)
        code = ENGLISH
    changed = code != _state["language"] or translations is not _state["translations"]
    _state.update(translations=translations, language=code, problem=problem_text)
    if changed:
        _state["generation"] += 1
    return problem_text


def load(code: str, folder: Path | None = None
         ) -> tuple[gettext.NullTranslations, str | None]:
    """The catalogue of a language and None, or English and why (never raises)."""
    folder = po_folder() if folder is None else folder
    if code == ENGLISH:
        return gettext.NullTranslations(), None
    if code == PSEUDO:
        return pseudo.PseudoTranslations(_template_keys(folder)), None
    name = ENGLISH_NAMES.get(code, repr(code[:20]))
    po, mo = folder / f"{code}.po", mo_path(code, folder)
    try:
        data = _compiled(po, mo)
    except CatalogueError as err:
        return gettext.NullTranslations(), f"the {name} catalogue is broken ({err}); " \
                                            "showing English"
    except OSError as err:
        return gettext.NullTranslations(), f"the {name} catalogue cannot be read " \
                                            f"({err.strerror or err}); showing English"
    if data is None:
        return gettext.NullTranslations(), f"no {name} catalogue is installed; showing English"
    try:
        translations = gettext.GNUTranslations(io.BytesIO(data))
    except (OSError, ValueError, struct.error, IndexError, KeyError, UnicodeError) as err:
        return gettext.NullTranslations(), f"the {name} catalogue {mo.name} is broken " \
                                            f"({type(err).__name__}: {err}); showing English"
    dropped = _drop_bad_placeholders(translations)
    if dropped:
        log.warning("%s: %d translation(s) with other placeholders than the source's left in "
                    "English", code, dropped)
    return translations, None


def _compiled(po: Path, mo: Path) -> bytes | None:
    """The .mo bytes of a language: compiled from its .po when the .mo is missing or older
    (written beside if it can be, else only in memory); None when neither exists."""
    from common.files import read_bounded

    if po.is_file() and (not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime):
        try:
            compile_po(po, mo)
        except OSError:  # a read-only install: compile in memory
            from common.i18n.catalogue import messages, mo_bytes

            return mo_bytes(messages(read_po(po)))
    if not mo.is_file():
        return None
    return read_bounded(mo, MAX_CATALOGUE)


def _drop_bad_placeholders(translations: gettext.GNUTranslations) -> int:
    """Leave out each translation holding a placeholder its source has not (formatting it
    would fail); returns how many."""
    catalog = translations._catalog  # type: ignore[attr-defined]  # no public view in the stdlib
    bad = []
    for key, value in catalog.items():
        source = key[0] if isinstance(key, tuple) else key
        if not source:
            continue
        # a plural's singular and plural hold the same placeholders (tests/test_i18n.py)
        allowed = set(placeholders(source.split(CONTEXT_SEP)[-1]))
        if not set(placeholders(value)) <= allowed:
            bad.append(key)
    for key in bad:
        del catalog[key]
    return len(bad)


def _template_keys(folder: Path) -> set[str] | None:
    """The messages of the template, keyed as a .mo file keys them (None if unreadable: the
    pseudo-language then transforms every message)."""
    try:
        entries = read_po(folder / POT_NAME)
    except (OSError, CatalogueError):
        return None
    keys = set()
    for e in entries:
        key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
        keys.add(key if e.msgctxt is None else f"{e.msgctxt}{CONTEXT_SEP}{key}")
    return keys
