"""Every string in the code that looks shown to a person is marked for translation (issue
35), or is named in the allow-list po/unmarked-allowed.txt with its reason; the scanner
(tools/unmarked.py, the same bench/i18n.py counts with) finds what it should."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import unmarked  # noqa: E402


def test_no_string_that_looks_shown_is_left_unmarked_outside_the_allow_list():
    left = unmarked.not_allowed(unmarked.scan(), unmarked.read_allow_list())
    assert left == [], "mark these with _() (common/i18n), or list them with a reason in " \
        "po/unmarked-allowed.txt:\n" + "\n".join(f"{f.path}:{f.line}: {f.text!r}" for f in left)


def test_every_line_of_the_allow_list_still_allows_something():
    found = unmarked.scan()
    assert unmarked.stale(found, unmarked.read_allow_list()) == []


SOURCE = '''
"""A module's docstring is not shown."""
import logging
from common.i18n import _, N_, ngettext
log = logging.getLogger("x")
LABELS = (N_("New game"), "Load game")
def f(name, n):
    """Nor a function's."""
    log.warning("could not read the file %s", name)
    if name == "not shown either":
        return {"a key is not shown": _("The game is over")}
    print(ngettext("{n} turn", "{n} turns", n).format(n=n))
    raise ValueError(f"the file {name} is not a record")
'''


def test_the_scanner_finds_shown_literals_and_f_strings_and_skips_marked_ones():
    found = unmarked.scan_source(SOURCE, "m.py")
    assert [(f.line, f.text) for f in found] == [(6, "Load game"),
                                                (13, "the file  is not a record")]


def test_an_entry_allows_a_module_a_folder_a_text_or_a_beginning(tmp_path):
    listed = tmp_path / "allowed.txt"
    listed.write_text("# comment\n\na/b.py | Load game | a proper name\n"
                      "c/ | * | pending\nm.py | the file ... | a beginning\n", encoding="utf-8")
    allowed = unmarked.read_allow_list(listed)
    found = [unmarked.Found("a/b.py", 1, "Load game"), unmarked.Found("a/b.py", 2, "Save it"),
             unmarked.Found("c/d/e.py", 3, "any words"),
             unmarked.Found("m.py", 4, "the file  is not a record")]
    assert unmarked.not_allowed(found, allowed) == [found[1]]
    assert unmarked.stale(found[:1], allowed) == allowed[1:]


@pytest.mark.parametrize("line", ["a.py | words", "a.py | words | ", "a.py|words|why"])
def test_an_allow_list_line_without_a_reason_is_refused(tmp_path, line):
    listed = tmp_path / "allowed.txt"
    listed.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(unmarked.AllowListError, match="allowed.txt:1"):
        unmarked.read_allow_list(listed)
