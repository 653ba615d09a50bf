"""The code's shape in figures (issue 33): long modules and complex functions.

    python3 bootstrap.py bench structure

Prints two lists, each with its count:

- the modules of `common/`, `overlords/` and `prepollency/` over MAX_LINES lines; one whose
  docstring names a bench script (``bench/NAME.py``) is a hot path kept whole on purpose and
  is marked so (docs/DESIGN.md, "Files stay small");
- the functions and methods of radon's rank C or worse (cyclomatic complexity over 10) outside
  the engines, the AI and the tactics, worst first; the target is none over MAX_COMPLEXITY.

Engines, AI and tactics (where long, branchy hot paths are measured by their own benches):
`common/ai/search.py` and `common/ai/levels.py`; in a game package, its `ai`, `ai_*` and
`tactics` modules or packages, and its engine modules (ENGINE_MODULES).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from radon.complexity import cc_rank, cc_visit
from radon.visitors import Function

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("common", "overlords", "prepollency")
GAMES = ("overlords", "prepollency")
MAX_LINES = 500
MAX_COMPLEXITY = 15
RANK_FROM = "C"  # radon's rank C: complexity 11 to 20
ENGINE_MODULES = {"core", "rules", "state", "moves", "movegen", "apply"}
COMMON_AI = {"common/ai/search.py", "common/ai/levels.py"}


def modules() -> list[Path]:
    """Every Python module of the three packages, by path."""
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def relative(path: Path) -> str:
    """The module's path from the project root, with forward slashes."""
    return path.relative_to(ROOT).as_posix()


def is_hot_path(path: Path) -> bool:
    """True for the engines, the AI and the tactics (see the module docstring)."""
    name = relative(path)
    if name in COMMON_AI:
        return True
    parts = name.removesuffix(".py").split("/")
    if parts[0] not in GAMES or len(parts) < 2:
        return False
    inner = parts[1]
    if inner in ("ai", "tactics") or inner.startswith("ai_"):
        return True
    return len(parts) == 2 and inner in ENGINE_MODULES


def names_a_bench(source: str) -> str | None:
    """The bench script a module's docstring names (``bench/NAME.py``), or None."""
    try:
        doc = ast.get_docstring(ast.parse(source)) or ""
    except SyntaxError:
        return None
    start = doc.find("bench/")
    if start < 0:
        return None
    end = doc.find(".py", start)
    return doc[start:end + 3] if end > start else None


def long_modules() -> list[tuple[int, str, str | None]]:
    """(lines, module, the bench its docstring names) for every module over MAX_LINES."""
    out = []
    for path in modules():
        source = path.read_text(encoding="utf-8")
        lines = source.count("\n")
        if lines > MAX_LINES:
            out.append((lines, relative(path), names_a_bench(source)))
    return sorted(out, reverse=True)


def complex_functions() -> list[tuple[int, str, str]]:
    """(complexity, module, function) for every function of rank C or worse outside the
    engines, the AI and the tactics."""
    out = []
    for path in modules():
        if is_hot_path(path):
            continue
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if isinstance(block, Function) and cc_rank(block.complexity) >= RANK_FROM:
                out.append((block.complexity, relative(path), f"{block.fullname}:{block.lineno}"))
    return sorted(out, key=lambda row: (-row[0], row[1], row[2]))


def report() -> list[str]:
    """The printed lines."""
    lines = [f"modules over {MAX_LINES} lines in {', '.join(p + '/' for p in PACKAGES)}:"]
    long = long_modules()
    for count, name, bench in long:
        kept = f"  (hot path, measured by {bench})" if bench else ""
        lines.append(f"  {count:5d}  {name}{kept}")
    lines.append(f"  {len(long)} modules ({sum(1 for *_, b in long if not b)} without a "
                 "bench named)")
    lines.append("")
    lines.append(f"functions at radon {RANK_FROM} or worse outside engines/AI/tactics:")
    funcs = complex_functions()
    for complexity, name, function in funcs:
        over = "  over " + str(MAX_COMPLEXITY) if complexity > MAX_COMPLEXITY else ""
        lines.append(f"  {complexity:3d} {cc_rank(complexity)}  {name}  {function}{over}")
    over = sum(1 for c, *_ in funcs if c > MAX_COMPLEXITY)
    lines.append(f"  {len(funcs)} functions ({over} over {MAX_COMPLEXITY})")
    return lines


def main() -> int:
    """Print the report."""
    print("\n".join(report()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
