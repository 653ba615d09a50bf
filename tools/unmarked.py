#!/usr/bin/env python3
"""Strings in the code that look shown to a person and are not marked for translation.

    python tools/unmarked.py            list them (module, line, text), outside the allow-list
    python tools/unmarked.py --all      ... the allowed ones too

A string "looks shown" when it is a literal with words (two words, or one capitalised word),
outside `_()` / `N_()` / `ngettext()` / `pgettext()` / `npgettext()` / `Message()`, and not a
docstring, a log line, a dictionary key, a comparison, a subscript or a string operation's
argument (the `QUIET` calls). An f-string counts by its literal parts.

The allow-list, po/unmarked-allowed.txt, names what is left English on purpose, one entry a
line with its reason: ``PATH | TEXT | REASON``. PATH is a module (``common/net/wire.py``) or a
folder ending in ``/`` (every module under it); TEXT is the scanned text (an f-string's
literal parts; spaces at its ends do not count), ``*`` (every string of PATH), or a beginning
followed by ``...``. An entry that allows nothing is stale:
`stale()` lists them so the list shrinks with the code. Used by bench/i18n.py (the figures) and
tests/test_i18n_unmarked.py (0 outside the allow-list).
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOW_LIST = ROOT / "po" / "unmarked-allowed.txt"
CODE_FOLDERS = ("common", "overlords", "prepollency")
CODE_FILES = ("main.py",)
SKIPPED = ("overlords/rules_text.py", "prepollency/rules_text.py")  # extracted whole
MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext", "Message"}
QUIET = {"debug", "info", "warning", "error", "exception", "critical", "getLogger", "log",
         "startswith", "endswith", "split", "replace", "get", "join", "compile", "match",
         "sub", "search", "fullmatch", "getattr", "setattr", "hasattr", "isinstance", "open",
         "encode", "decode", "strftime", "environ", "getenv", "svg", "image", "sound", "play",
         "add_argument", "Path", "TypeVar", "field", "namedtuple", "cast"}
_WORDY = re.compile(r"[A-Za-z]{2,}[^\n]*\s[^\n]*[A-Za-z]{2,}|^[A-Z][a-z]{3,}[.!?…]?$")


class Unmarked(ast.NodeVisitor):
    """Literals with words not inside a marker call (docstrings, log lines, keys,
    comparisons and string operations left out): `found` holds (line, text)."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self.stack: list[ast.AST] = []

    def visit(self, node):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            self.stack.append(node)
            for child in ast.iter_child_nodes(node):
                if child is not node.body[0] or child in body:
                    self.visit(child)
            self.stack.pop()
            return
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        self.stack.append(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and self._shown(node):
            self.found.append((node.lineno, node.value))
        if isinstance(node, ast.JoinedStr) and self._shown(node):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text):
                self.found.append((node.lineno, text))
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child)
        self.stack.pop()

    def _shown(self, node) -> bool:
        if isinstance(node, ast.Constant) and not _WORDY.search(node.value):
            return False
        parents = self.stack[:-1]
        parent = parents[-1] if parents else None
        if isinstance(parent, (ast.Compare, ast.Subscript, ast.Expr)) or (
                isinstance(parent, ast.Dict) and node in parent.keys):
            return False
        for anc in parents:
            if isinstance(anc, ast.Call):
                f = anc.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                if name in MARKERS or name in QUIET:
                    return False
        return True


@dataclass(frozen=True)
class Found:
    """One string that looks shown and is not marked."""

    path: str  # relative to the repository, with /
    line: int
    text: str


@dataclass(frozen=True)
class Allowed:
    """One line of the allow-list."""

    path: str
    text: str
    reason: str
    line: int

    def allows(self, found: Found) -> bool:
        if not (found.path == self.path
                or (self.path.endswith("/") and found.path.startswith(self.path))):
            return False
        if self.text == "*":
            return True
        if self.text.endswith("...") and len(self.text) > 3:
            return found.text.strip().startswith(self.text[:-3])
        return found.text.strip() == self.text


def modules(root: Path = ROOT) -> list[Path]:
    """Every module the scan reads (the code the template is extracted from)."""
    paths = [p for folder in CODE_FOLDERS for p in sorted((root / folder).rglob("*.py"))]
    paths += [root / f for f in CODE_FILES if (root / f).is_file()]
    return [p for p in paths if p.relative_to(root).as_posix() not in SKIPPED]


def scan_source(source: str, rel: str) -> list[Found]:
    """The unmarked strings of one module's text."""
    finder = Unmarked()
    finder.visit(ast.parse(source))
    return [Found(rel, line, text) for line, text in finder.found]


def scan(root: Path = ROOT) -> list[Found]:
    """The unmarked strings of every module, allowed or not."""
    found: list[Found] = []
    for path in modules(root):
        found += scan_source(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix())
    return found


class AllowListError(ValueError):
    """A line of the allow-list that cannot be read (it says which and why)."""


def read_allow_list(path: Path = ALLOW_LIST) -> list[Allowed]:
    """The allow-list's entries; a line without three fields or without a reason is refused."""
    entries: list[Allowed] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where, _sep, rest = line.partition(" | ")
        text, _sep, reason = rest.rpartition(" | ")
        fields = [where.strip(), text.strip(), reason.strip()]
        if not all(fields):
            raise AllowListError(f"{path.name}:{number}: expected PATH | TEXT | REASON")
        entries.append(Allowed(fields[0], fields[1], fields[2], number))
    return entries


def not_allowed(found: list[Found], allowed: list[Allowed]) -> list[Found]:
    """The strings no entry of the allow-list covers."""
    return [f for f in found if not any(a.allows(f) for a in allowed)]


def stale(found: list[Found], allowed: list[Allowed]) -> list[Allowed]:
    """The entries that allow nothing any more."""
    return [a for a in allowed if not any(a.allows(f) for f in found)]


def main(argv: list[str]) -> int:
    found = scan()
    allowed = read_allow_list()
    shown = found if "--all" in argv else not_allowed(found, allowed)
    for f in shown:
        print(f"{f.path}:{f.line}: {f.text!r}")
    left = not_allowed(found, allowed)
    print(f"{len(found)} strings look shown and are not marked; {len(found) - len(left)} "
          f"allowed (po/{ALLOW_LIST.name}), {len(left)} not", file=sys.stderr)
    for a in stale(found, allowed):
        print(f"stale allow-list line {a.line}: {a.path} | {a.text}", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
