"""Gettext catalogue files, read and written without the GNU tools: a `.po` / `.pot` file read
into entries, a `.mo` file written from them (the format `gettext.GNUTranslations` reads), and
the placeholders of a message (`{name}`, `%(name)s`, `%d`) a translation must keep.

The build (setup.py), the first run (common/i18n) and tools/extract_messages.py use it; the
GNU `msgfmt` is only needed to check the catalogues (`msgfmt --check --statistics`).
Everything read is hostile: a file is read bounded, a line that is not PO syntax raises
`CatalogueError` naming the file and the line, never anything else.
"""

from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

MAX_CATALOGUE = 8 << 20  # bytes of a .po / .pot / .mo file (ours are well under 1 MB)
CONTEXT_SEP = "\x04"  # msgctxt EOT msgid: how a .mo file keys a message with a context
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[.:!][^{}]*)?\}|%\([A-Za-z_]+\)[sdrif]"
                          r"|%[sdrif]")


class CatalogueError(ValueError):
    """A catalogue file that cannot be read: the message names the file and the line."""


@dataclass
class Entry:
    """One message of a catalogue: its context, source text (and plural), translation(s),
    the comments a translator reads and where the source text comes from."""

    msgid: str
    msgctxt: str | None = None
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    comments: list[str] = field(default_factory=list)  # "#." lines: for the translator
    references: list[str] = field(default_factory=list)  # "#:" lines: file:line
    flags: list[str] = field(default_factory=list)  # "#," lines: fuzzy, python-brace-format
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        """What identifies the message: its context and source text."""
        return self.msgctxt, self.msgid

    @property
    def translated(self) -> bool:
        """True if every form has a translation and it is not marked fuzzy."""
        return all(self.msgstr) and "fuzzy" not in self.flags


def placeholders(text: str) -> list[str]:
    """The placeholders of a message, sorted (`{name}`, `%(name)s`, `%d`...): a translation
    must hold the same ones (in any order)."""
    return sorted(m.group(0).split(":")[0].split("!")[0].rstrip("}") + "}"
                  if m.group(0).startswith("{") else m.group(0)
                  for m in _PLACEHOLDER.finditer(text))


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po or .pot file (the header is the entry whose msgid is "")."""
    from common.files import read_bounded

    data = read_bounded(path, MAX_CATALOGUE)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise CatalogueError(f"{path.name}: not UTF-8 text (byte {err.start})") from None
    return parse_po(text, path.name)


def parse_po(text: str, name: str = "catalogue") -> list[Entry]:
    """The entries of PO text (`name` for the messages: the file's name)."""
    entries: list[Entry] = []
    current: Entry | None = None
    last: tuple[str, int] | None = None  # the field a "..." continuation line adds to
    pending: dict[str, list[str]] = {"comments": [], "references": [], "flags": []}
    obsolete = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#~"):
            obsolete, line = True, line[2:].strip()
        if not line:
            continue
        if line.startswith("#"):
            _comment(line, pending)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword.startswith('"'):
            rest, keyword = line, ""
        where = f"{name}, line {number}"
        if not keyword:
            if current is None or last is None:
                raise CatalogueError(f"{where}: a quoted line outside a message")
            _add(current, last, _string(rest, where))
            continue
        if _starts_entry(keyword, last):
            current = Entry("", obsolete=obsolete, comments=pending["comments"],
                            references=pending["references"], flags=pending["flags"])
            entries.append(current)
            pending = {"comments": [], "references": [], "flags": []}
            obsolete = False
        if current is None:
            raise CatalogueError(f"{where}: {keyword} before msgid")
        last = _field(current, keyword, where)
        _add(current, last, _string(rest, where))
    return [e for e in entries if not e.obsolete]


def _starts_entry(keyword: str, last: tuple[str, int] | None) -> bool:
    """True where a line opens a new message: a msgctxt, or a msgid after no msgctxt."""
    return keyword == "msgctxt" or (keyword == "msgid" and (last is None
                                                          or last[0] != "msgctxt"))


def _comment(line: str, pending: dict[str, list[str]]) -> None:
    body = line[2:].strip() if len(line) > 1 else ""
    if line.startswith("#."):
        pending["comments"].append(body)
    elif line.startswith("#:"):
        pending["references"].extend(body.split())
    elif line.startswith("#,"):
        pending["flags"].extend(f.strip() for f in body.split(",") if f.strip())


def _field(entry: Entry, keyword: str, where: str) -> tuple[str, int]:
    if keyword == "msgctxt":
        entry.msgctxt = ""
        return ("msgctxt", 0)
    if keyword == "msgid":
        return ("msgid", 0)
    if keyword == "msgid_plural":
        entry.plural = ""
        return ("plural", 0)
    if keyword == "msgstr":
        return ("msgstr", 0)
    found = re.fullmatch(r"msgstr\[(\d{1,2})\]", keyword)
    if found:
        index = int(found.group(1))
        while len(entry.msgstr) <= index:
            entry.msgstr.append("")
        return ("msgstr", index)
    raise CatalogueError(f"{where}: unknown keyword {keyword[:40]!r}")


def _add(entry: Entry, last: tuple[str, int], value: str) -> None:
    name, index = last
    if name == "msgstr":
        entry.msgstr[index] += value
    elif name == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + value
    elif name == "plural":
        entry.plural = (entry.plural or "") + value
    else:
        entry.msgid += value


def _string(rest: str, where: str) -> str:
    rest = rest.strip()
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise CatalogueError(f"{where}: expected a quoted string")
    try:
        value = ast.literal_eval(rest)
    except (ValueError, SyntaxError):
        raise CatalogueError(f"{where}: a string that is not C-quoted") from None
    if not isinstance(value, str):
        raise CatalogueError(f"{where}: expected a quoted string")
    return value


def header(entries: list[Entry]) -> dict[str, str]:
    """The header fields of a catalogue (Language, Plural-Forms, ...)."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            pairs = (line.partition(":") for line in entry.msgstr[0].splitlines())
            return {k.strip(): v.strip() for k, _, v in pairs if k.strip()}
    return {}


def quote(text: str) -> str:
    """A string in PO quoting: "..." with \\n, \\t, \\" and \\\\ escaped."""
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t").replace("\r", "\\r"))
    return f'"{escaped}"'


def _lines(keyword: str, text: str) -> list[str]:
    if "\n" not in text[:-1]:
        return [f"{keyword} {quote(text)}"]
    parts = text.splitlines(keepends=True)
    return [f'{keyword} ""'] + [quote(p) for p in parts]


def format_entry(entry: Entry) -> str:
    """One entry in PO syntax (comments, references, flags, then the strings)."""
    out = [f"#. {c}" if c else "#." for c in entry.comments]
    out += [f"#: {ref}" for ref in entry.references]
    if entry.flags:
        out.append("#, " + ", ".join(entry.flags))
    if entry.msgctxt is not None:
        out += _lines("msgctxt", entry.msgctxt)
    out += _lines("msgid", entry.msgid)
    if entry.plural is not None:
        out += _lines("msgid_plural", entry.plural)
        for i, form in enumerate(entry.msgstr):
            out += _lines(f"msgstr[{i}]", form)
    else:
        out += _lines("msgstr", entry.msgstr[0])
    return "\n".join(out) + "\n"


def format_po(entries: list[Entry]) -> str:
    """A whole catalogue in PO syntax."""
    return "\n".join(format_entry(e) for e in entries)


def messages(entries: list[Entry]) -> dict[str, str]:
    """The translated messages of a catalogue as a .mo file keys them (context EOT msgid,
    plural forms joined by NUL), the header included; untranslated and fuzzy ones left out."""
    table: dict[str, str] = {}
    for entry in entries:
        if not entry.translated and entry.msgid:
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.msgctxt is not None:
            key = f"{entry.msgctxt}{CONTEXT_SEP}{key}"
        table[key] = "\0".join(entry.msgstr)
    return table


def mo_bytes(table: dict[str, str]) -> bytes:
    """A .mo file (little-endian, revision 0) holding the messages of `table`."""
    keys = sorted(table)
    ids = [k.encode("utf-8") for k in keys]
    strs = [table[k].encode("utf-8") for k in keys]
    count = len(keys)
    start_ids = 7 * 4
    start_strs = start_ids + count * 8
    data_start = start_strs + count * 8
    offsets: list[tuple[int, int]] = []
    blob = b""
    for item in ids + strs:
        offsets.append((len(item), data_start + len(blob)))
        blob += item + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, start_ids, start_strs, 0, 0)
    table_bytes = b"".join(struct.pack("<2I", n, at) for n, at in offsets)
    return head + table_bytes + blob


def compile_po(po: Path, mo: Path) -> None:
    """Write the .mo file of a .po file (atomically; CatalogueError, OSError)."""
    from common.files import write_atomic

    mo.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(mo, mo_bytes(messages(read_po(po))), MAX_CATALOGUE)
