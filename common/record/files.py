"""Record files: reading one (bounded, only a regular file, UTF-8 JSON, every string
encodable) and writing one atomically. No pygame.

Every problem reading gets a `RecordError` naming it; nothing here raises anything else for
bad input. Saves are atomic: a temporary file in the same folder, then a rename
(`common.files`, where every write and read of the player's folders goes).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from common import files
from common.i18n import _
from common.record.format import RecordError, kind
from common.record.make import encode

MAX_BYTES = 8 * 1024 * 1024  # a larger record file is refused unread (5000 turns: ~0.1 MB)


def load(path: str | os.PathLike, limit: int = MAX_BYTES) -> dict:
    """Read a record file as a dict (RecordError if it is missing, not a regular file, too
    large, not UTF-8 or not JSON). Only a regular file is read, and at most `limit` bytes of
    it: a FIFO, a device (/dev/zero) or a socket is refused without waiting on it."""
    return loads(read_text(path, limit))


def read_text(path: str | os.PathLike, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a record file, read as `load` says (RecordError otherwise)."""
    try:
        data = files.read_bounded(path, limit)
        return data.decode("utf-8")
    except files.TooLarge:
        raise RecordError(_("too large for a record (over {size})").format(
            size=files.size_words(limit))) from None
    except FileNotFoundError:
        raise RecordError(_("file not found")) from None
    except IsADirectoryError:
        raise RecordError(_("is a folder, not a record file")) from None
    except PermissionError:
        raise RecordError(_("cannot be read (permission denied)")) from None
    except UnicodeDecodeError as err:
        raise RecordError(_("not UTF-8 text (byte {offset})").format(offset=err.start)) from None
    except OSError as err:
        if isinstance(err, files.NotRegularFile):
            raise RecordError(_("{problem}: only record files are read").format(
                problem=err.strerror)) from None
        raise RecordError(_("cannot be read ({problem})").format(
            problem=err.strerror or _("a bad path"))) from None
    except ValueError:  # a NUL in the path
        raise RecordError(_("cannot be read ({problem})").format(problem=_("a bad path"))) \
            from None


def loads(text: str) -> dict:
    """Parse a record from JSON text (RecordError if it is not a JSON object)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        # Translators: {problem} is the JSON parser's own words, in English
        raise RecordError(_("not valid JSON: {problem} at line {line} column {column}").format(
            problem=err.msg, line=err.lineno, column=err.colno)) from None
    except RecursionError:
        raise RecordError(_("not valid JSON: nested too deeply")) from None
    except ValueError:  # a number of more than sys.get_int_max_str_digits() digits
        raise RecordError(_("not JSON this program reads: a number too long (over {count} "
                            "digits)").format(count=4300)) from None
    if not isinstance(data, dict):
        raise RecordError(_("a record is a JSON object, not {kind}").format(kind=kind(data)))
    return encodable(data, text)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # how JSON text spells a UTF-16 surrogate


def encodable(data: Any, text: str | None = None) -> Any:
    """Parsed JSON with every string (keys too) encodable as UTF-8: a lone surrogate
    (``"\\ud800"`` is valid JSON) becomes U+FFFD, so no later use (drawing, printing,
    writing the file back) can raise. With the JSON `text` given, a text that spells no
    surrogate is returned as it is at once (the common case costs one scan of the text).
    Iterative: a deeply nested value (as deep as the parser takes) never recurses."""
    if text is not None and not _SURROGATE.search(text):
        return data
    root = [data]
    todo: list[tuple[Any, Any]] = [(root, 0)]
    while todo:
        holder, key = todo.pop()
        value = holder[key]
        if isinstance(value, str):
            holder[key] = _fixed(value)
        elif isinstance(value, list):
            todo.extend((value, i) for i in range(len(value)))
        elif isinstance(value, dict):
            items = [(_fixed(k), v) for k, v in value.items()]
            value.clear()
            value.update(items)
            todo.extend((value, k) for k, _ in items)
    return root[0]


def _fixed(text: Any) -> Any:
    """A string with its lone surrogates replaced by U+FFFD (anything else unchanged)."""
    if not isinstance(text, str):
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text



def save(path: str | os.PathLike, record: dict) -> None:
    """Write a record atomically: a crash mid-write never leaves a half-written file (the
    old file stays whole until the new one replaces it, and no temporary file is left).
    Never through a link, and never a record larger than `load` reads back (MAX_BYTES):
    `common.files.TooLarge`, an OSError, with nothing written."""
    tmp = write_temp(path, record)
    try:
        files.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_temp(path: str | os.PathLike, record: dict) -> Path:
    """The record written, flushed and synced to a new temporary file beside `path`, named
    ``.NAME.*.tmp`` (`common.files.write_temp`: with `path`'s mode if it is a regular file,
    never through a link, TooLarge over MAX_BYTES): the caller moves it into place (`save`)
    or links it to a name that must not exist yet. Nothing is left behind if writing fails;
    a process killed here leaves only such a file, which folders clean up
    (`common.files.clean_temps`)."""
    return files.write_temp(path, encode(record), MAX_BYTES)

