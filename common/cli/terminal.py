"""Text from a file, a file name or a bot, as a terminal shows it safely. No pygame."""

from __future__ import annotations

import unicodedata


def terminal(text: object, limit: int | None = 300) -> str:
    """Text from a file, a file name or a bot as a terminal shows it safely: control and
    format characters and lone surrogates (undecodable file-name bytes) escaped, so nothing
    read can send an escape sequence or fail to print; cut to `limit` characters."""
    text = str(text)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs"
                   else repr(ch)[1:-1] for ch in text)
