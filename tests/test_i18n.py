"""Translations (issue 35): the template holds every marked string, catalogues load (plural
forms from the catalogue, a context, named placeholders), a broken or missing one gives English
and a clear line, the language follows the system then the Settings row and switches at once,
and the pseudo-language leaves no unmarked English on the screens it draws."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from common import i18n  # noqa: E402
from common.i18n import catalogue, pseudo, system  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import extract_messages  # noqa: E402

from tests import test_ui_app  # noqa: E402

app = test_ui_app.app  # the fixture: the app on its main menu, animations off

HEAD = ('msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: {plural}\\n"\n\n')
GERMAN = "nplurals=2; plural=(n != 1);"
POLISH = ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
          "? 1 : 2);")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.use(i18n.ENGLISH)


def write_po(folder: Path, lang: str, body: str, plural: str = GERMAN) -> Path:
    po = folder / f"{lang}.po"
    po.write_text(HEAD.format(lang=lang, plural=plural) + body, encoding="utf-8")
    return po


# --- the template ---------------------------------------------------------------------------

def test_the_template_holds_every_marked_string_and_nothing_else():
    cat = extract_messages.extract()
    assert cat.errors == []
    made = {e.key for e in cat.entries.values()}
    pot = ROOT / "po" / i18n.POT_NAME
    shipped = {e.key for e in catalogue.read_po(pot) if e.msgid}
    assert made - shipped == set(), "marked but not in the template: run " \
                                    "tools/extract_messages.py"
    assert shipped - made == set(), "in the template but no longer marked"
    plurals = [e for e in cat.entries.values() if e.plural is not None]
    assert plurals, "the hand-built plurals go through ngettext"
    for entry in plurals:  # common/i18n relies on it to check a translation's placeholders
        assert catalogue.placeholders(entry.msgid) == catalogue.placeholders(entry.plural)


def test_the_extractor_reads_calls_contexts_plurals_and_translator_comments(tmp_path,
                                                                             monkeypatch):
    code = tmp_path / "common"
    code.mkdir()
    (code / "m.py").write_text(
        "from common.i18n import N_, _, ngettext, pgettext\n"
        "# Translators: a stone of the game\n"
        "A = pgettext('stone', 'Fate')\n"
        "B = ngettext('{n} turn', '{n} turns', 3)\n"
        "C = _(A)\n"
        "D = N_('Done')  # Translators: the button\n", encoding="utf-8")
    monkeypatch.setattr(extract_messages, "ROOT", tmp_path)
    monkeypatch.setattr(extract_messages, "CODE_FOLDERS", ("common",))
    monkeypatch.setattr(extract_messages, "CODE_FILES", ())
    monkeypatch.setattr(extract_messages, "LESSON_FILES", ())
    cat = extract_messages.extract()
    assert cat.errors == []
    fate, turns, done = cat.entries.values()
    assert fate.key == ("stone", "Fate") and fate.comments == ["Translators: a stone of the game"]
    assert turns.plural == "{n} turns" and "python-brace-format" in turns.flags
    assert done.comments == ["Translators: the button"]
    text = extract_messages.template_text(cat)
    assert 'msgctxt "stone"' in text and 'msgid_plural "{n} turns"' in text
    assert [e.key for e in catalogue.parse_po(text) if e.msgid] == \
        [("stone", "Fate"), (None, "{n} turn"), (None, "Done")]


def test_merging_keeps_translations_adds_new_messages_and_drops_gone_ones(tmp_path):
    po = write_po(tmp_path, "de", 'msgid "Done"\nmsgstr "Fertig"\n\nmsgid "Gone"\n'
                  'msgstr "Weg"\n')
    template = [catalogue.Entry("Done"), catalogue.Entry("New"),
                catalogue.Entry("{n} turn", plural="{n} turns", msgstr=["", ""])]
    assert extract_messages.merge(template, po) == (1, 2)
    entries = {e.msgid: e for e in catalogue.read_po(po)}
    assert entries["Done"].msgstr == ["Fertig"] and entries["New"].msgstr == [""]
    assert "Gone" not in entries and catalogue.header(list(entries.values()))["Language"] == "de"


# --- catalogues -----------------------------------------------------------------------------

def test_a_compiled_catalogue_reads_back_with_gettext(tmp_path):
    po = write_po(tmp_path, "de", 'msgid "Settings"\nmsgstr "Einstellungen"\n\n'
                  'msgctxt "stone"\nmsgid "Fate"\nmsgstr "Schicksal"\n\n'
                  '#, fuzzy\nmsgid "Draft"\nmsgstr "Entwurf"\n\nmsgid "Empty"\nmsgstr ""\n')
    catalogue.compile_po(po, tmp_path / "de.mo")
    with open(tmp_path / "de.mo", "rb") as fp:
        t = gettext.GNUTranslations(fp)
    assert t.gettext("Settings") == "Einstellungen" and t.pgettext("stone", "Fate") == \
        "Schicksal"
    assert t.gettext("Draft") == "Draft" and t.gettext("Empty") == "Empty"  # not translated


def test_plural_forms_come_from_the_catalogue(tmp_path):
    write_po(tmp_path, "pl", 'msgid "{count} turn"\nmsgid_plural "{count} turns"\n'
             'msgstr[0] "{count} ruch"\nmsgstr[1] "{count} ruchy"\nmsgstr[2] "{count} ruchów"\n',
             plural=POLISH)
    t, problem = i18n.load("pl", tmp_path)
    assert problem is None
    forms = {n: t.ngettext("{count} turn", "{count} turns", n).format(count=n)
             for n in (1, 3, 5, 22, 25)}
    assert forms == {1: "1 ruch", 3: "3 ruchy", 5: "5 ruchów", 22: "22 ruchy", 25: "25 ruchów"}
    assert i18n.ngettext("{count} turn", "{count} turns", 1) == "{count} turn"  # English
    assert i18n.ngettext("{count} turn", "{count} turns", 2) == "{count} turns"


def test_a_translation_with_other_placeholders_stays_english_instead_of_failing(tmp_path):
    write_po(tmp_path, "de", 'msgid "{name} wins"\nmsgstr "{nom} gewinnt"\n\n'
             'msgid "{name} loses"\nmsgstr "{name} verliert"\n')
    t, problem = i18n.load("de", tmp_path)
    assert problem is None
    assert t.gettext("{name} wins").format(name="Ada") == "Ada wins"
    assert t.gettext("{name} loses").format(name="Ada") == "Ada verliert"


@pytest.mark.parametrize("damage", ["po-syntax", "po-not-utf8", "mo-garbage", "mo-truncated",
                                    "none"])
def test_a_broken_or_missing_catalogue_says_so_and_falls_back_to_english(tmp_path, damage,
                                                                         monkeypatch, capsys):
    mo = i18n.mo_path("de", tmp_path)
    if damage == "po-syntax":
        (tmp_path / "de.po").write_text('msgid "Settings"\nmsgstr "Einst\n', encoding="utf-8")
    elif damage == "po-not-utf8":
        (tmp_path / "de.po").write_bytes(b'msgid "Settings"\nmsgstr "\xff"\n')
    elif damage.startswith("mo"):
        mo.parent.mkdir(parents=True)
        good = catalogue.mo_bytes({"": "Language: de\n", "Settings": "Einstellungen"})
        mo.write_bytes(b"\x00garbage" * 4 if damage == "mo-garbage" else good[:30])
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    problem = i18n.use("de")
    assert problem is not None and "German" in problem and "showing English" in problem
    assert i18n.language() == "en" and i18n._("Settings") == "Settings"
    assert f"language: {problem}" in capsys.readouterr().err


def test_a_catalogue_is_compiled_at_first_use_and_again_when_its_po_changes(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    po = write_po(tmp_path, "de", 'msgid "Settings"\nmsgstr "Einstellungen"\n')
    assert i18n.use("de") is None and i18n._("Settings") == "Einstellungen"
    mo = i18n.mo_path("de", tmp_path)
    assert mo.is_file()
    write_po(tmp_path, "de", 'msgid "Settings"\nmsgstr "Optionen"\n')
    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    assert i18n.use("de") is None and i18n._("Settings") == "Optionen"


def test_an_empty_label_stays_empty_in_every_language(tmp_path, monkeypatch):
    # gettext("") is the catalogue's header: a button whose label is drawn apart (a lesson
    # row) showed "Project-Id-Version: ..." across it in every translated language
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    write_po(tmp_path, "de", 'msgid ""\nmsgstr "Language: de\\n"\n\n'
             'msgid "Settings"\nmsgstr "Einstellungen"\n')
    assert i18n.use("de") is None and i18n._("Settings") == "Einstellungen"
    assert i18n._("") == ""


def test_a_read_only_install_compiles_in_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    write_po(tmp_path, "de", 'msgid "Settings"\nmsgstr "Einstellungen"\n')

    def refuse(po, mo):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(i18n, "compile_po", refuse)
    assert i18n.use("de") is None and i18n._("Settings") == "Einstellungen"
    assert not i18n.mo_path("de", tmp_path).exists()


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU msgfmt is not installed")
@pytest.mark.parametrize("po", sorted((ROOT / "po").glob("*.po")), ids=lambda p: p.stem)
def test_every_shipped_catalogue_is_complete_and_checks_with_msgfmt(po, tmp_path):
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "x.mo"),
                           str(po)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "untranslated" not in done.stderr and "fuzzy" not in done.stderr, done.stderr
    template = {e.key for e in catalogue.read_po(ROOT / "po" / i18n.POT_NAME) if e.msgid}
    assert template <= {e.key for e in catalogue.read_po(po) if e.translated}


# --- choosing the language ------------------------------------------------------------------

@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, ["de"]),
    ({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}, ["fr", "de", "en"]),
    ({"LANGUAGE": "fr", "LANG": "C"}, []),  # gettext ignores LANGUAGE in the C locale
    ({"LC_ALL": "es_ES@euro", "LANG": "de_DE"}, ["es"]),
    ({"LC_MESSAGES": "pt_BR", "LANG": "de_DE"}, ["pt"]),
    ({"LANG": "POSIX"}, []),
    ({"LANG": "../../etc"}, []),
    ({}, []),
])
def test_the_environment_says_the_language_as_gettext_reads_it(env, expected):
    assert system.from_environment(env) == expected


def test_macos_preferred_languages_are_asked_with_a_deadline():
    calls = []

    class Done:
        returncode = 0
        stdout = '(\n    "de-DE",\n    "en-GB"\n)\n'

    def run(args, **kwargs):
        calls.append(kwargs["timeout"])
        return Done()

    assert system.from_macos(run) == ["de", "en"]
    assert calls == [system.MAC_WAIT]

    def stuck(args, **kwargs):
        raise subprocess.TimeoutExpired(args, kwargs["timeout"])

    assert system.from_macos(stuck) == []


def test_the_system_language_is_used_unless_the_setting_names_one(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    write_po(tmp_path, "de", 'msgid "Settings"\nmsgstr "Einstellungen"\n')
    monkeypatch.setenv("LANGUAGE", "it:de")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("OVERLORDS_LANGUAGE", raising=False)
    assert i18n.resolve("system") == "de"  # no Italian here: the next one asked for
    assert i18n.resolve("en") == "en"
    monkeypatch.setenv("LANGUAGE", "it")
    assert i18n.resolve("system") == "en"
    monkeypatch.setenv("OVERLORDS_LANGUAGE", "qps")
    assert i18n.resolve("system") == "qps"


def test_a_language_setting_of_the_wrong_kind_is_refused_and_the_rest_kept():
    from common.ui import settings

    loaded, problems = settings.from_dict({"language": "klingon", "sound": False})
    assert loaded.language == "system" and loaded.sound is False
    assert problems and "language" in problems[0]
    loaded, problems = settings.from_dict({"language": "fr"})
    assert loaded.language == "fr" and problems == []


# --- the pseudo-language --------------------------------------------------------------------

def test_the_pseudo_language_lengthens_accents_and_keeps_placeholders():
    out = pseudo.transform("{name} wins after {count} turns (%(x)s)")
    assert out.startswith("[") and out.endswith("]")
    assert "{name}" in out and "{count}" in out and "%(x)s" in out
    assert not re.search(r"[aeiou]", out.replace("{name}", "").replace("{count}", "")
                         .replace("%(x)s", ""))
    body = pseudo.transform("Ask before a move that loses the game")
    assert len(body) >= 1.35 * len("Ask before a move that loses the game")
    assert pseudo.transform("") == "" and pseudo.transform("  ") == "  "


# --- on screen ------------------------------------------------------------------------------

# words that stay as they are in every language: each language's own name, the games' names,
# key names, a measuring sample, and the seats' default names (a name the player may edit)
ALLOWED = set(i18n.LANGUAGES.values()) | {
    "Pseudo", "Ag", "Overlords", "Prepollency", "&  Prepollency", "Esc", "Enter", "Tab", "Space",
    "Red", "Blue", "Green", "Yellow"}
_ENGLISH_WORD = re.compile(r"[A-Za-z]*[aeiouAEIOU][A-Za-z]*")


def unmarked(drawn: list[str]) -> list[str]:
    """The drawn texts holding a plain English word (2+ letters, a plain vowel) outside a
    pseudo-translated message."""
    found = []
    for text in drawn:
        if text in ALLOWED:
            continue
        bare = re.sub(r"\[[^\[\]]*\]?", " ", text)  # pseudo messages (a cut one has no "]")
        if any(len(w) > 1 for w in _ENGLISH_WORD.findall(bare)):
            found.append(text)
    return sorted(set(found))


def open_settings(app):
    from common.ui.driver import Driver
    from common.ui.scenes.settings_scene import SettingsScene

    d = Driver(app)
    d.click(next(b for b in app.top.buttons if b.label == "Settings").rect.center)
    assert isinstance(app.top, SettingsScene)
    return d, app.top


def test_the_language_row_switches_every_word_at_once_and_sets_the_setting(app, monkeypatch,
                                                                        tmp_path):
    from common.ui import draw

    monkeypatch.setenv("OVERLORDS_PSEUDO", "1")
    d, scene = open_settings(app)
    _, row = next(r for r in scene.rows if r[0] == "Language")
    assert row.options[-1] == i18n.PSEUDO and row.labels[:2] == ["System", "English"]
    with draw.recording() as before:
        d.frames(1)
    assert "Settings" in before and "Animations" in before
    d.click(row._segments()[-1].center)
    assert app.settings.language == i18n.PSEUDO and i18n.language() == i18n.PSEUDO
    with draw.recording() as after:
        d.frames(1)
    assert pseudo.transform("Settings") in after and "Settings" not in after
    assert pseudo.transform("Done") in after
    assert unmarked(after) == []
    d.click(row._segments()[1].center)  # English again, at once
    with draw.recording() as back:
        d.frames(1)
    assert "Settings" in back and i18n.language() == "en"


def _screens(app):
    """The screens to look at: (name, how to open it from the main menu)."""
    from common.ui.scenes.learn_scene import LearnScene
    from common.ui.scenes.load_scene import LoadScene
    from common.ui.scenes.rules_scene import RulesScene
    from common.ui.scenes.settings_scene import SettingsScene

    return {
        "menu": lambda: None,
        "settings": lambda: app.push(SettingsScene(app)),
        "load": lambda: app.push(LoadScene(app)),
        "learn": lambda: app.push(LearnScene(app)),
        "learn overlords": lambda: app.push(LearnScene(app, "overlords")),
        "learn prepollency": lambda: app.push(LearnScene(app, "prepollency")),
        "rules overlords": lambda: app.push(RulesScene(app, "overlords")),
        "rules prepollency": lambda: app.push(RulesScene(app, "prepollency")),
        "new overlords": lambda: app.push(app.screens("overlords").new_game_scene(app)),
        "new prepollency": lambda: app.push(app.screens("prepollency").new_game_scene(app)),
        "overlords setup": lambda: app.push(app.screens("overlords").play_scene(
            app, ["human", "human"], 3)),
        "overlords game": lambda: _overlords_game(app),
        "prepollency game": lambda: app.push(app.screens("prepollency").play_scene(
            app, ["human", "human", "human"], 3, 1)),
        "overlords lesson": lambda: _lesson(app, "overlords"),
        "prepollency lesson": lambda: _lesson(app, "prepollency"),
    }


def _overlords_game(app):
    from common.ui.driver import Driver
    from tests.helpers.overlords_driver import finish_setup

    app.push(app.screens("overlords").play_scene(app, ["human", "human"], 3))
    finish_setup(app, Driver(app))


def _lesson(app, game):
    from common.lessons import lesson_game, load_lessons
    from common.ui.lesson_scene import LessonScene

    app.push(LessonScene(app, game, load_lessons(lesson_game(game))))


@pytest.mark.parametrize("screen", ["menu", "settings", "load", "learn", "learn overlords",
                                    "learn prepollency", "rules overlords",
                                    "rules prepollency", "new overlords", "new prepollency",
                                    "overlords setup", "overlords game", "prepollency game",
                                    "overlords lesson", "prepollency lesson"])
def test_the_pseudo_language_leaves_no_unmarked_english_on_a_screen(app, screen):
    from common.ui import draw
    from common.ui.driver import Driver

    app.set_language(i18n.PSEUDO)
    _screens(app)[screen]()
    d = Driver(app)
    with draw.recording() as drawn:
        d.frames(2)
    assert drawn, "the screen drew words"
    assert unmarked(drawn) == []


def test_dates_follow_the_language_with_month_names_from_the_catalogue(tmp_path, monkeypatch):
    import time

    from common.i18n import dates

    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    write_po(tmp_path, "de", 'msgctxt "month"\nmsgid "Mar"\nmsgstr "März"\n\n'
             'msgctxt "date"\nmsgid "{day} {month} {year}, {time}"\n'
             'msgstr "{day}. {month} {year}, {time}"\n\n'
             'msgctxt "date"\nmsgid "today {time}"\nmsgstr "heute {time}"\n')
    then = time.mktime((2026, 3, 12, 14, 5, 0, 0, 0, -1))
    now = time.mktime((2026, 12, 2, 9, 0, 0, 0, 0, -1))
    assert dates.when(then, now) == "12 Mar 2026, 14:05"
    assert dates.when(now - 60, now).startswith("today ")
    assert i18n.use("de") is None
    assert dates.when(then, now) == "12. März 2026, 14:05"
    assert dates.when(now - 60, now).startswith("heute ")
    i18n.use("qps")
    assert "Mar" not in dates.when(then, now) and "2026" in dates.when(then, now)


def test_a_label_made_before_a_switch_is_drawn_in_the_new_language(tmp_path, monkeypatch):
    import pygame

    from common.i18n import Message
    from common.ui import draw

    pygame.font.init()
    monkeypatch.setattr(i18n, "po_folder", lambda: tmp_path)
    write_po(tmp_path, "de", 'msgid "Done"\nmsgstr "Fertig"\n\n'
             'msgid "New game: {game}"\nmsgstr "Neues Spiel: {game}"\n')
    done, new = i18n.N_("Done"), Message(i18n.N_("New game: {game}"), game="Overlords")
    assert done == "Done" and new == "New game: Overlords"  # as str: the English
    i18n.use("de")
    assert draw.shown(done) == "Fertig" and i18n._(new) == "Neues Spiel: Overlords"
    assert draw.text_width(done, 20) == draw.text_width("Fertig", 20)
    i18n.use("en")
    assert draw.shown(done) == "Done"
    import pickle

    assert pickle.loads(pickle.dumps(new)) == new and type(pickle.loads(pickle.dumps(new))) \
        is Message
