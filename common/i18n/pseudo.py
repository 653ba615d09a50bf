"""The pseudo-language: every marked message lengthened by about 40% and accented, in
brackets ("Settings" -> "[Šéééttííñgš]"), placeholders kept. Switched on (Settings with
OVERLORDS_PSEUDO=1, or the language code "qps"), it shows at a glance which words on screen
are not marked for translation (plain English), which are cut (a missing "]") and where a
longer language would not fit. Tests draw every screen in it.
"""

from __future__ import annotations

import gettext
import re

from common.i18n.catalogue import CONTEXT_SEP

CODE = "qps"  # the pseudo-locale's code (as Windows' qps-ploc)
GROWTH = 0.4  # how much longer a message grows
_ACCENTS = str.maketrans("aeiouycnszAEIOUYCNSZ", "áéíöüýçñšžÁÉÍÖÜÝÇÑŠŽ")
_PROTECTED = re.compile(r"(\{[^{}]*\}|%\([A-Za-z_]+\)[sdrif]|%[sdrif%])")
_VOWELS = "aeiouAEIOU"


def transform(text: str) -> str:
    """The pseudo-language's form of a message: its words lengthened (vowels doubled) and
    accented, the whole in brackets; placeholders and line breaks kept as they are."""
    if not text.strip():
        return text
    parts = _PROTECTED.split(text)
    out = [part if i % 2 else _word_run(part) for i, part in enumerate(parts)]
    return "[" + "".join(out) + "]"


def _word_run(text: str) -> str:
    return re.sub(r"[A-Za-z]+", _lengthen, text).translate(_ACCENTS)


def _lengthen(match: re.Match) -> str:
    word = match.group(0)
    extra = round(len(word) * GROWTH)
    if extra == 0:
        return word
    out = []
    for ch in word:
        out.append(ch)
        if extra and ch in _VOWELS:
            out.append(ch.lower())
            extra -= 1
    return "".join(out) + word[-1].lower() * extra


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language as a catalogue: the messages of the template (`known`, keyed as a
    .mo file keys them) transformed, any other text left as it is (so unmarked English shows).
    With `known` None, every message is transformed."""

    def __init__(self, known: set[str] | None) -> None:
        super().__init__()
        self.known = known
        self._memo: dict[str, str] = {}

    def _has(self, key: str) -> bool:
        return self.known is None or key in self.known

    def _pseudo(self, text: str) -> str:
        found = self._memo.get(text)
        if found is None:
            found = self._memo[text] = transform(text)
        return found

    def gettext(self, message: str) -> str:
        return self._pseudo(message) if self._has(message) else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return self._pseudo(chosen) if self._has(f"{msgid1}\0{msgid2}") else chosen

    def pgettext(self, context: str, message: str) -> str:
        known = self._has(f"{context}{CONTEXT_SEP}{message}")
        return self._pseudo(message) if known else message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        known = self._has(f"{context}{CONTEXT_SEP}{msgid1}\0{msgid2}")
        return self._pseudo(chosen) if known else chosen
