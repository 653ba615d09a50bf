"""Translations in figures (issue 35).

    python3 bootstrap.py bench i18n        (or: python bench/i18n.py)

Prints:

- the template's messages and words (po/overlords-prepollency.pot, made again from the
  sources first, as tools/extract_messages.py does), per domain: UI, rules text, lessons,
  refusal reasons, analysis words, names (figures, pieces...), command line;
- the plural messages, and the messages that are still a piece of a sentence (starting or
  ending with a space or a comma, or with an unnamed `{value}`): the target is 0;
- the strings in the code that look shown to a person and are not marked for translation
  (tools/unmarked.py: a literal with words, outside `_()` / `N_()` / ngettext / pgettext, not
  a docstring, a log line, a key or a comparison): all of them, and those outside the
  allow-list (po/unmarked-allowed.txt) per module, the ten worst; the target is 0;
- for each po/<code>.po: `msgfmt --check --statistics` (translated / fuzzy / untranslated);
- the time to switch to each catalogue (`common.i18n.use`), best of 5;
- per language (English first): the start-up to the first menu frame (median of 5, a fresh
  process with `OVERLORDS_LANGUAGE` set and no settings file), and the game frame's draw
  time mid-game at 1280x800 with a figure picked and the pointer sweeping the board (median
  and p99 of 300 frames) and a rebuild of its cached layer (bench/frame.py's measures).
"""

from __future__ import annotations

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
import unmarked  # noqa: E402

from common import i18n  # noqa: E402

DOMAINS = (("rules", ("rules_text.py",)), ("lessons", ("assets/lessons/",)),
           ("reasons", ("reasons.py",)), ("analysis", ("analysis", "tactics/")),
           ("names", ("/names.py",)), ("command line", ("common/cli/", "main.py")))


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


def unmarked_figures() -> None:
    found = unmarked.scan()
    left = unmarked.not_allowed(found, unmarked.read_allow_list())
    per_module = Counter(f.path for f in left)
    print(f"strings that look shown and are not marked: {len(found)} in "
          f"{len({f.path for f in found})} modules; outside the allow-list "
          f"(po/{unmarked.ALLOW_LIST.name}): {len(left)} (target 0) in {len(per_module)} "
          f"modules (the ten with most:)")
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


def language_costs() -> None:
    """Start-up and frame time in each language, against English (bench/frame.py's
    measures; the dummy video driver)."""
    import os
    import statistics
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path.insert(0, str(ROOT / "bench"))
    import frame  # noqa: E402  (bench/frame.py)

    for code in (i18n.ENGLISH, *[c for c in i18n.LANGUAGES if c != i18n.ENGLISH]):
        with tempfile.TemporaryDirectory() as home:
            env = {**os.environ, "PYTHONPATH": str(ROOT), "OVERLORDS_LANGUAGE": code,
                   "OVERLORDS_CONFIG": home, "OVERLORDS_SAVES": home, "OVERLORDS_LOGS": home}
            times = []
            for _ in range(5):
                start = time.time()
                done = subprocess.run([sys.executable, "-c",
                                       frame.LAUNCH.format(root=str(ROOT))],
                                      capture_output=True, text=True, env=env, cwd=ROOT,
                                      timeout=300)
                times.append(float(done.stdout.strip().splitlines()[-1]) - start)
        app, d, game = frame._game((1280, 800), ["human", "human"])
        app.set_language(code)
        game = frame._midgame(game)
        state = game.match.state
        rules = game.match.game
        frm = max({m.frm for m in rules.legal_moves(state) if m.frm is not None},
                  key=lambda sq: len(rules.moves_from(state, sq)))
        d.click(game.view.board.center(frm))
        game.controller.threats.finish()
        drawn = frame.frame_times(app, game, 64, 300)
        app.close()
        print(f"  {code}: start-up to the first frame {statistics.median(times):.2f} s; "
              f"game frame median {drawn['median']:.2f} ms, p99 {drawn['p99']:.2f} ms, "
              f"layer rebuild {drawn['rebuild']:.2f} ms")
    i18n.use(i18n.ENGLISH)


def main() -> int:
    logging.getLogger("overlords-prepollency.i18n").disabled = True
    template_figures()
    unmarked_figures()
    catalogue_figures()
    language_costs()
    return 0


if __name__ == "__main__":
    sys.exit(main())
