#!/usr/bin/env python3
"""Make the translation template po/overlords-prepollency.pot from the sources, and bring
the translators' po/*.po files up to date with it.

    python tools/extract_messages.py            write the template (and say how many strings)
    python tools/extract_messages.py --merge    ... and merge it into every po/<code>.po
    python tools/extract_messages.py --check    exit 1 if the template is out of date

What is extracted:
- Python (common/, overlords/, prepollency/, main.py): the literal arguments of `_()`,
  `N_()`, `ngettext()`, `pgettext()`, `npgettext()`, with the `# Translators:` comment on the
  line of the call or the comment lines just above it (`_(label)` of a variable translates a
  message marked with `N_()` where it is written: nothing to extract there);
- the rules text (`SECTIONS` and `TITLE` of each game's rules_text.py): every heading and
  paragraph, the block prefixes ("- ", "Ruling: ") left out, pictures ("Picture: KEY") not;
- the lessons (assets/lessons/*.json): each title, summary, intro, text, hint and done.

The template has no creation date, so it changes only when a message does. Merging keeps
each translation whose message is still there, adds the new ones untranslated and drops the
gone ones (GNU msgmerge does the same, with fuzzy matching, for those who have it).
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from common.i18n import DOMAIN, POT_NAME  # noqa: E402
from common.i18n.catalogue import Entry, format_po, placeholders, read_po  # noqa: E402

CODE_FOLDERS = ("common", "overlords", "prepollency")
CODE_FILES = ("main.py",)
RULES_FILES = ("overlords/rules_text.py", "prepollency/rules_text.py")
RULES_VARIABLES = ("TITLE", "SECTIONS")
RULES_PREFIXES = ("- ", "Ruling: ")  # common/ui/scenes/rules_page.PREFIXES: not translated
RULES_SKIP = ("Picture: ",)
LESSON_FILES = ("assets/lessons/*.json",)
LESSON_KEYS = ("title", "summary", "intro", "text", "hint", "done")
# function: (positions of context, singular, plural)
KEYWORDS = {"_": (None, 0, None), "N_": (None, 0, None), "ngettext": (None, 0, 1),
            "pgettext": (0, 1, None), "npgettext": (0, 1, 2)}
COMMENT_TAG = "Translators:"
HEADER = f"""# Translation template of Overlords & Prepollency.
# Made by tools/extract_messages.py: do not edit; po/README.md says how to translate.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: {DOMAIN}\\n"
"Report-Msgid-Bugs-To: https://github.com/overlordsprepollency/overlords-prepollency/issues\\n"
"Language: \\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"
"""


class Catalogue:
    """Messages in the order first met, each with every place it is used."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str | None, str], Entry] = {}
        self.errors: list[str] = []

    def add(self, msgid: str, where: str, context: str | None = None,
            plural: str | None = None, comment: str | None = None) -> None:
        if not msgid.strip():
            self.errors.append(f"{where}: an empty message")
            return
        entry = self.entries.get((context, msgid))
        if entry is None:
            entry = Entry(msgid, context, plural, ["", ""] if plural is not None else [""])
            self.entries[(context, msgid)] = entry
        elif plural is not None and entry.plural not in (None, plural):
            self.errors.append(f"{where}: {msgid!r} has two different plurals")
        if plural is not None:
            entry.plural = plural
            entry.msgstr = ["", ""]
            if placeholders(plural) != placeholders(msgid):
                self.errors.append(f"{where}: singular and plural of {msgid!r} hold different "
                                   "placeholders")
        if where not in entry.references:
            entry.references.append(where)
        if comment and comment not in entry.comments:
            entry.comments.append(comment)
        if "{" in msgid and "python-brace-format" not in entry.flags and placeholders(msgid):
            entry.flags.append("python-brace-format")


def _comments(source: str) -> dict[int, str]:
    """Each comment's text by line number."""
    found: dict[int, str] = {}
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                found[tok.start[0]] = tok.string.lstrip("#").strip()
    except (tokenize.TokenError, IndentationError):
        pass
    return found


def _translator_comment(comments: dict[int, str], line: int) -> str | None:
    """The `# Translators:` comment on the line or in the comment block just above it."""
    if comments.get(line, "").startswith(COMMENT_TAG):
        return comments[line]
    block: list[str] = []
    above = line - 1
    while above in comments:
        block.insert(0, comments[above])
        if comments[above].startswith(COMMENT_TAG):
            return " ".join(block)
        above -= 1
    return None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id == "i18n":
        return func.attr
    return None


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def python_file(cat: Catalogue, path: Path) -> None:
    """The marked messages of a Python file."""
    source = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(source, filename=rel)
    comments = _comments(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in KEYWORDS:
            continue
        ctx_at, one_at, many_at = KEYWORDS[name]
        where = f"{rel}:{node.lineno}"
        args = node.args
        needed = max(i for i in (ctx_at, one_at, many_at) if i is not None)
        if len(args) <= needed:
            cat.errors.append(f"{where}: {name}() with too few arguments")
            continue
        texts = [None if i is None else _literal(args[i]) for i in (ctx_at, one_at, many_at)]
        if any(t is None for t, i in zip(texts, (ctx_at, one_at, many_at), strict=True)
               if i is not None):
            if name == "N_":  # _(variable) translates a message marked where it is written
                cat.errors.append(f"{where}: N_() marks a string literal, not a variable")
            continue
        cat.add(texts[1], where, texts[0], texts[2],
                _translator_comment(comments, node.lineno))


def rules_file(cat: Catalogue, path: Path) -> None:
    """Every heading and paragraph of a game's rules text."""
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        if not any(isinstance(t, ast.Name) and t.id in RULES_VARIABLES for t in targets):
            continue
        for item in ast.walk(node.value):
            text = _literal(item) if isinstance(item, ast.expr) else None
            if text is None or text.startswith(RULES_SKIP):
                continue
            cat.add(rules_message(text), f"{rel}:{item.lineno}",
                    comment="Translators: the rules of record; keep the glossary's terms.")


def rules_message(paragraph: str) -> str:
    """The message of a rules paragraph: without its block prefix."""
    for prefix in RULES_PREFIXES:
        if paragraph.startswith(prefix):
            return paragraph[len(prefix):]
    return paragraph


def lesson_file(cat: Catalogue, path: Path) -> None:
    """The texts of a lessons file."""
    rel = path.relative_to(ROOT).as_posix()
    data = json.loads(path.read_text(encoding="utf-8"))

    def walk(value, key: str | None, where: str) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k, where)
        elif isinstance(value, list):
            for v in value:
                walk(v, key, where)
        elif isinstance(value, str) and key in LESSON_KEYS:
            cat.add(value, where, comment="Translators: a lesson's text; squares (e5) and "
                                          "moves (2D c3-e5) stay as they are.")

    for lesson in data.get("lessons", []):
        walk(lesson, None, f"{rel}:{lesson.get('id', '?')}")


def sources() -> list[tuple[str, Path]]:
    """Every file the template is made from, with its kind, in a stable order."""
    found: list[tuple[str, Path]] = []
    for folder in CODE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            found.append(("rules" if rel in RULES_FILES else "python", path))
    found += [("python", ROOT / f) for f in CODE_FILES]
    for pattern in LESSON_FILES:
        found += [("lessons", p) for p in sorted(ROOT.glob(pattern))]
    return found


def extract() -> Catalogue:
    """The template's messages from every source."""
    cat = Catalogue()
    readers = {"python": python_file, "rules": rules_file, "lessons": lesson_file}
    for kind, path in sources():
        readers[kind](cat, path)
    return cat


def template_text(cat: Catalogue) -> str:
    """The .pot file's text."""
    return HEADER + "\n" + format_po(list(cat.entries.values()))


def merge(template: list[Entry], po: Path) -> tuple[int, int]:
    """Bring a translation up to date with the template: (kept, new) messages."""
    old = {e.key: e for e in read_po(po)}
    head = old.get((None, ""))
    merged: list[Entry] = [head] if head else []
    kept = new = 0
    for entry in template:
        before = old.get(entry.key)
        copy = Entry(entry.msgid, entry.msgctxt, entry.plural, list(entry.msgstr),
                     list(entry.comments), list(entry.references), list(entry.flags))
        if before is not None and before.plural == entry.plural:
            copy.msgstr = before.msgstr
            copy.comments = entry.comments
            if "fuzzy" in before.flags:
                copy.flags.append("fuzzy")
            kept += 1
        else:
            new += 1
            if entry.plural is not None and head is not None:
                copy.msgstr = [""] * _nplurals(head)
        merged.append(copy)
    po.write_text(format_po(merged), encoding="utf-8")
    return kept, new


def _nplurals(head: Entry) -> int:
    for part in head.msgstr[0].split(";"):
        if "nplurals" in part:
            try:
                return max(1, int(part.split("=")[-1]))
            except ValueError:
                return 2
    return 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the template is out of date (writes nothing)")
    parser.add_argument("--merge", action="store_true",
                        help="merge the template into every po/<code>.po")
    args = parser.parse_args(argv)
    cat = extract()
    for error in cat.errors:
        print(f"error: {error}", file=sys.stderr)
    pot = ROOT / "po" / POT_NAME
    text = template_text(cat)
    if args.check:
        current = pot.read_text(encoding="utf-8") if pot.is_file() else ""
        if current != text:
            print(f"{pot.relative_to(ROOT)} is out of date: run tools/extract_messages.py",
                  file=sys.stderr)
            return 1
        return 1 if cat.errors else 0
    pot.parent.mkdir(exist_ok=True)
    pot.write_text(text, encoding="utf-8")
    words = sum(len(e.msgid.split()) for e in cat.entries.values())
    print(f"{pot.relative_to(ROOT)}: {len(cat.entries)} messages, {words} words")
    if args.merge:
        for po in sorted(pot.parent.glob("*.po")):
            kept, new = merge(list(cat.entries.values()), po)
            print(f"{po.relative_to(ROOT)}: {kept} kept, {new} new")
    return 1 if cat.errors else 0


if __name__ == "__main__":
    sys.exit(main())
