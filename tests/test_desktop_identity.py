"""The Linux desktop identity: one reverse-DNS app id names the desktop entry, the icons, the
AppStream metainfo and the window class; the metainfo and the wheel's desktop entry validate
(`appstreamcli validate`, `desktop-file-validate`; skipped when the tools are missing), and
what the metainfo says matches the project (version, licence, screenshots on disk)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from common import desktop, paths

ROOT = Path(__file__).resolve().parents[1]
METAINFO = ROOT / "assets" / "desktop" / f"{paths.APP_ID}.metainfo.xml"
WHEEL_ENTRY = ROOT / "packaging" / "linux" / f"{paths.APP_ID}.desktop"


def _module(path: Path):
    spec = importlib.util.spec_from_file_location(f"op_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_app_id_is_reverse_dns_and_the_same_everywhere():
    parts = paths.APP_ID.split(".")
    assert len(parts) >= 3 and all(p.isidentifier() for p in parts)
    assert _module(ROOT / "assets" / "tools" / "make_art.py").APP_ID == paths.APP_ID
    setup_text = (ROOT / "setup.py").read_text()
    assert f'APP_ID = "{paths.APP_ID}"' in setup_text  # setup.py runs setup() on import
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == paths.APP_ID
    assert root.findtext("launchable") == desktop.ENTRY
    assert root.findtext("icon") == paths.APP_ID
    assert set(desktop.icon_targets()), "icons named by the app id"
    from common.ui.app import WINDOW_CLASS

    assert WINDOW_CLASS == paths.APP_ID


def test_the_wheels_entry_is_the_entry_for_the_launcher_on_the_path():
    assert WHEEL_ENTRY.read_text(encoding="utf-8") == desktop.entry_text([paths.APP_NAME], None)


def test_the_metainfo_says_what_the_project_says():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    root = ET.parse(METAINFO).getroot()
    releases = [r.get("version") for r in root.iter("release")]
    assert releases[0] == project["version"], "the newest release comes first"
    assert f'LICENSE = "{root.findtext("project_license")}"' in (ROOT / "setup.py").read_text()
    assert root.findtext("url[@type='homepage']") == project["urls"]["Homepage"]
    assert root.find("content_rating").get("type") == "oars-1.1"
    shots = root.findall("screenshots/screenshot/image")
    assert len(shots) == 2
    for image in shots:
        name = image.text.rsplit("/", 1)[-1]
        png = (ROOT / "packaging" / "screenshots" / name).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        size = (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big"))
        assert size == (int(image.get("width")), int(image.get("height"))), name
        assert image.text.startswith("https://")


def test_the_metainfo_validates():
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (Debian package appstream)")
    done = subprocess.run([tool, "validate", "--no-net", str(METAINFO)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    problems = [line for line in done.stdout.splitlines() if line.startswith(("E:", "W:"))]
    assert problems == [], done.stdout


def test_the_wheels_entry_validates():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (desktop-file-utils)")
    done = subprocess.run([tool, str(WHEEL_ENTRY)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_entry_and_metainfo_carry_every_catalogues_words():
    """Name, GenericName, Comment (desktop entry) and name, summary, description, captions
    (metainfo) in each language of po/, and the shipped files as the catalogues make them
    (`python tools/desktop_translations.py` after a catalogue changes)."""
    from common import desktop_words, i18n

    sys.path.insert(0, str(ROOT / "tools"))
    import desktop_translations

    assert desktop_translations.main(["--check"]) == 0
    entry = WHEEL_ENTRY.read_text(encoding="utf-8").splitlines()
    root = ET.parse(METAINFO).getroot()
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    for code in set(i18n.LANGUAGES) - {i18n.ENGLISH}:
        i18n.use(code)
        try:
            summary = i18n._(desktop_words.SUMMARY)
            assert summary != str(desktop_words.SUMMARY), code
            assert f"Comment[{code}]={summary}" in entry
            assert f"GenericName[{code}]={i18n._(desktop_words.GENERIC_NAME)}" in entry
            assert any(line.startswith(f"Name[{code}]=") for line in entry)
            assert [e.text for e in root.iter("summary") if e.get(lang) == code] == [summary]
            described = [" ".join(e.text.split()) for e in root.iter("p") if e.get(lang) == code]
            assert i18n._(desktop_words.DESCRIPTION[0]) in described
        finally:
            i18n.use(i18n.ENGLISH)
