"""Packaging (pyproject.toml holds the metadata): where the program goes in a wheel.

The checkout keeps its layout (`common/`, `overlords/`, `prepollency/`, `main.py`, `assets/`
at the top), but an installed copy does not put those names at the top of site-packages: PyPI
has a `common` distribution (and could have the others) that would overwrite ours silently,
or be overwritten by ours. The wheel holds them all under one package of the project's own
name, `overlords_prepollency` (site-packages/overlords_prepollency/common/..., .../main.py,
.../assets/), mapped onto the checkout's root. The launcher runs
`overlords_prepollency.main:main`; main.py puts its own folder first on `sys.path`, as it does
in a checkout, so `import common` finds ours before any other (only in this program's
processes: nothing else sees our names). common/paths.py finds the assets beside `common/`,
so nothing else changes.

The translations: po/ goes in as a data package (the template, each language's .po) and the
build compiles each po/<code>.po into po/locale/<code>/LC_MESSAGES/overlords-prepollency.mo
in the wheel (common/i18n/catalogue.py: no GNU tool needed); a checkout compiles them at
first use (common/i18n).

The wheel's data (installed under the environment's share/) carries the desktop entry, the
AppStream metainfo and the icons by the app id (common/desktop.py installs the same for the
user with --install-desktop-entry).
"""

from __future__ import annotations

import sys
from pathlib import Path

import setuptools
from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ROOT_PACKAGE = "overlords_prepollency"
PARTS = ("common", "overlords", "prepollency")
APP_ID = "io.github.overlordsprepollency.OverlordsPrepollency"  # common/paths.APP_ID


class BuildPy(build_py):
    """The root package is the checkout's root: of its modules only main.py and __main__.py
    (`python -m overlords_prepollency`) go in (not bootstrap.py, which would make an installed
    desktop entry start it, nor setup.py)."""

    def run(self):
        """Build as usual, then compile the translations into the built po/ package."""
        super().run()
        if not self.dry_run:
            compile_translations(Path(self.build_lib) / ROOT_PACKAGE / "po")

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        if package == ROOT_PACKAGE:
            modules = [m for m in modules if m[1] in ("main", "__main__")]
        return modules


def compile_translations(target: Path) -> list[Path]:
    """Each po/<code>.po compiled to target/locale/<code>/LC_MESSAGES/<domain>.mo."""
    sys.path.insert(0, str(HERE))
    try:
        from common.i18n import mo_path
        from common.i18n.catalogue import compile_po
    finally:
        sys.path.remove(str(HERE))
    made = []
    for po in sorted((HERE / "po").glob("*.po")):
        mo = mo_path(po.stem, target)
        compile_po(po, mo)
        made.append(mo)
    return made


def data_files() -> list[tuple[str, list[str]]]:
    """share/applications, share/metainfo and share/icons/hicolor/... (paths from HERE)."""
    files = [("share/applications", [f"packaging/linux/{APP_ID}.desktop"]),
             ("share/metainfo", [f"assets/desktop/{APP_ID}.metainfo.xml"])]
    theme = HERE / "assets" / "icons" / "hicolor"
    for icon in sorted(theme.rglob(f"{APP_ID}.*")):
        folder = icon.parent.relative_to(HERE / "assets" / "icons")
        files.append((f"share/icons/{folder.as_posix()}",
                      [icon.relative_to(HERE).as_posix()]))
    return files


LICENSE = "MIT AND Apache-2.0"  # the code MIT (LICENSE), the bundled font Apache-2.0
if int(setuptools.__version__.split(".")[0]) >= 77:  # PEP 639: an SPDX expression and files
    LICENSE_ARGS = {"license_expression": LICENSE,
                    "license_files": ["LICENSE", "assets/fonts/LICENSE-OpenSans.txt"]}
else:  # older setuptools (a venv without build isolation): the License field
    LICENSE_ARGS = {"license": LICENSE}
CODE = find_namespace_packages(where=str(HERE), include=[f"{p}*" for p in PARTS],
                               exclude=["*__pycache__"])
# assets/ and its folders are data-only packages (not the tools that made the art)
ASSETS = find_namespace_packages(where=str(HERE), include=["assets", "assets.*"],
                                 exclude=["assets.tools*", "*__pycache__"])
DATA = ["*.png", "*.svg", "*.ttf", "*.txt", "*.wav", "*.xml", "*.ico", "*.md",
        "*.json"]  # the lessons and the puzzles
TRANSLATIONS = ["*.pot", "*.po", "*.md"]  # po/: the .mo files are compiled by BuildPy.run
setup(
    packages=[ROOT_PACKAGE, *(f"{ROOT_PACKAGE}.{name}" for name in CODE + ASSETS + ["po"])],
    package_dir={ROOT_PACKAGE: "."},
    package_data={ROOT_PACKAGE: ["py.typed"],  # PEP 561: the code is typed (mypy checks it)
                  **{f"{ROOT_PACKAGE}.{name}": DATA for name in ASSETS},
                  f"{ROOT_PACKAGE}.po": TRANSLATIONS},
    data_files=data_files(),
    cmdclass={"build_py": BuildPy},
    **LICENSE_ARGS,
)
