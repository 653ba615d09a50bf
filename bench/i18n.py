"""Translations in figures (issue 35).

    python3 bootstrap.py bench i18n        (or: python bench/i18n.py)

Prints:

- the template's messages and words (po/overlords-prepollency.pot, made again from the
  sources first, as tools/extract_messages.py does), per domain: UI, rules text, lessons,
  refusal reasons, analysis words, names (figures, pieces...), command line;
- the plural messages, and the messages that are still a piece of a sentence (starting or
  ending with a space or a comma, or with an unnamed `{value}`): the target is 0;
- the strings in the code that look shown to a person and are not marked for translation
  (a literal with words, outside `_()` / `N_()` / ngettext / pgettext, not a docstring, a log
  line, a key or a comparison), per module, the ten worst; the target is 0;
- for each po/<code>.po: `msgfmt --check --statistics` (translated / fuzzy / untranslated);
- the time to switch to each catalogue (`common.i18n.use`), best of 5.
"""

from __future__ import annotations

import ast
import contextlib
import io
import logging
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import extract_messages  # noqa: E402

from common import i18n  # noqa: E402

DOMAINS = (("rules", ("rules_text.py",)), ("lessons", ("assets/lessons/",)),
           ("reasons", ("reasons.py",)), ("analysis", ("analysis", "tactics/")),
           ("names", ("/names.py",)), ("command line", ("common/cli/", "main.py")))
MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext", "Message"}
QUIET = {"debug", "info", "warning", "error", "exception", "critical", "getLogger", "log",
         "startswith", "endswith", "split", "replace", "get", "join", "compile", "match",
         "sub", "search", "fullmatch", "getattr", "setattr", "hasattr", "isinstance", "open",
         "encode", "decode", "strftime", "environ", "getenv", "svg", "image", "sound", "play",
         "add_argument", "Path", "TypeVar", "field", "namedtuple", "cast"}
_WORDY = re.compile(r"[A-Za-z]{2,}[^\n]*\s[^\n]*[A-Za-z]{2,}|^[A-Z][a-z]{3,}[.!?…]?$")


def domain(reference: str) -> str:
    """The domain of a message by where it is used first."""
    for name, parts in DOMAINS:
        if any(p in reference for p in parts):
            return name
    return "UI"


def template_figures() -> None:
    cat = extract_messages.extract()
    counts: Counter = Counter()
    words: Counter = Counter()
    for entry in cat.entries.values():
        d = domain(entry.references[0])
        counts[d] += 1
        words[d] += len(entry.msgid.split())
    print(f"template: {sum(counts.values())} messages, {sum(words.values())} words "
          f"({len(cat.errors)} extraction errors)")
    for d, n in counts.most_common():
        print(f"  {d:<13} {n:5} messages {words[d]:6} words")
    glued = [e for e in cat.entries.values() if e.msgid[0] in " ,:;." or e.msgid.endswith(" ")
             or re.search(r"\{value\d*\}", e.msgid)]
    plurals = sum(1 for e in cat.entries.values() if e.plural is not None)
    print(f"  plurals (ngettext): {plurals}; pieces still glued to others or with an unnamed "
          f"{{value}}: {len(glued)} (target 0), in "
          f"{len({e.references[0].split(':')[0] for e in glued})} modules")


class Unmarked(ast.NodeVisitor):
    """Literals with words not inside a marker call (docstrings, log lines, keys,
    comparisons and string operations left out)."""

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


def unmarked_figures() -> None:
    per_module: Counter = Counter()
    for folder in extract_messages.CODE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in extract_messages.RULES_FILES:
                continue
            finder = Unmarked()
            finder.visit(ast.parse(path.read_text(encoding="utf-8")))
            if finder.found:
                per_module[rel] = len(finder.found)
    print(f"strings that look shown and are not marked: {sum(per_module.values())} in "
          f"{len(per_module)} modules (the ten with most:)")
    for rel, n in per_module.most_common(10):
        print(f"  {n:4}  {rel}")


def catalogue_figures() -> None:
    pos = sorted((ROOT / "po").glob("*.po"))
    if not pos:
        print("catalogues: none yet (po/<code>.po)")
    msgfmt = shutil.which("msgfmt")
    for po in pos:
        if msgfmt is None:
            print(f"  {po.name}: msgfmt is not installed")
            continue
        done = subprocess.run([msgfmt, "--check", "--statistics", "-o", "/dev/null", str(po)],
                              capture_output=True, text=True, timeout=120)
        print(f"  {po.name}: {done.stderr.strip().splitlines()[-1] if done.stderr else '?'}")
    for code in (*i18n.LANGUAGES, i18n.PSEUDO):
        best = min(_timed(code) for _ in range(5))
        print(f"  switching to {code}: {best * 1000:.1f} ms"
              + (f" ({i18n.problem()})" if i18n.problem() else ""))
    i18n.use(i18n.ENGLISH)


def _timed(code: str) -> float:
    i18n.use(i18n.ENGLISH)
    with contextlib.redirect_stderr(io.StringIO()):  # a missing catalogue is said below
        start = time.perf_counter()
        i18n.use(code)
        return time.perf_counter() - start


def main() -> int:
    logging.getLogger("overlords-prepollency.i18n").disabled = True
    template_figures()
    unmarked_figures()
    catalogue_figures()
    return 0


if __name__ == "__main__":
    sys.exit(main())
