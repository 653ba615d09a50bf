"""Issue 34, item 2: files on Windows. A rename over a file another process holds open is
retried, then reported; a hidden name is hidden by its attribute (kernel32 faked); a file
system without hard links is recognised by Windows' error numbers too."""

from __future__ import annotations

import errno
import os

import pytest

from common import files
from common.saves import folder


@pytest.fixture
def held(monkeypatch):
    """os.replace refusing as Windows does while another process holds the target open, the
    first `refusals` times."""
    real, calls = os.replace, []

    def replace(source, target, refusals=[3]):  # noqa: B006 - the count is shared on purpose
        calls.append(target)
        if len(calls) <= refusals[0]:
            raise PermissionError(errno.EACCES, "The process cannot access the file because it "
                                  "is being used by another process", str(target))
        real(source, target)

    monkeypatch.setattr(files, "REPLACE_PAUSE", 0.0)
    monkeypatch.setattr(files.os, "replace", replace)
    return calls


def test_on_windows_a_held_file_is_replaced_once_it_is_let_go(tmp_path, held):
    (tmp_path / "new").write_text("new")
    (tmp_path / "game.json").write_text("old")
    files.replace(tmp_path / "new", tmp_path / "game.json", windows=True)
    assert (tmp_path / "game.json").read_text() == "new" and len(held) == 4


def test_a_file_held_too_long_is_reported_and_both_files_stay(tmp_path, held, monkeypatch):
    monkeypatch.setattr(files, "REPLACE_TRIES", 3)
    (tmp_path / "new").write_text("new")
    (tmp_path / "game.json").write_text("old")
    with pytest.raises(PermissionError, match="being used by another process"):
        files.replace(tmp_path / "new", tmp_path / "game.json", windows=True)
    assert len(held) == 3
    assert (tmp_path / "game.json").read_text() == "old" and (tmp_path / "new").exists()


def test_elsewhere_a_permission_error_is_real_and_raised_at_once(tmp_path, held):
    (tmp_path / "new").write_text("new")
    with pytest.raises(PermissionError):
        files.replace(tmp_path / "new", tmp_path / "game.json", windows=False)
    assert len(held) == 1


class FakeKernel32:
    def __init__(self, attributes):
        self.attributes, self.set = attributes, []

    def GetFileAttributesW(self, path):  # noqa: N802 - the Windows name
        if isinstance(self.attributes, Exception):
            raise self.attributes
        return self.attributes

    def SetFileAttributesW(self, path, attributes):  # noqa: N802
        self.set.append((path, attributes))
        return 1


def test_a_dot_name_gets_the_hidden_attribute_on_windows(tmp_path):
    kernel32 = FakeKernel32(0x10)  # FILE_ATTRIBUTE_DIRECTORY
    files.hide(tmp_path / ".deleted", kernel32)
    assert kernel32.set == [(str(tmp_path / ".deleted"), 0x12)]  # | FILE_ATTRIBUTE_HIDDEN
    for unreadable in (0xFFFFFFFF, -1, OSError("gone")):  # INVALID_FILE_ATTRIBUTES, a failure
        kernel32 = FakeKernel32(unreadable)
        files.hide(tmp_path / ".deleted", kernel32)  # never raises
        assert kernel32.set == []
    files.hide(tmp_path / ".deleted")  # Linux: a dot name is hidden already; nothing to do


def _refused(code: int, winerror: int | None = None) -> OSError:
    err = OSError(code, os.strerror(code))
    if winerror is not None:
        err.winerror = winerror  # type: ignore[attr-defined]  (what Windows' OSError carries)
    return err


def test_no_hard_links_is_told_by_every_systems_numbers():
    for code in (errno.EPERM, errno.EXDEV, errno.EMLINK, errno.ENOSYS, errno.EOPNOTSUPP):
        assert folder.no_hard_links(_refused(code))
    for winerror, code in ((1, errno.EINVAL), (50, errno.EINVAL), (17, errno.EXDEV),
                           (5, errno.EACCES)):
        assert folder.no_hard_links(_refused(code, winerror))
    assert not folder.no_hard_links(_refused(errno.ENOSPC))
    assert not folder.no_hard_links(_refused(errno.EINVAL))  # not Windows' refusal


def test_a_windows_file_system_without_hard_links_falls_back_to_a_rename(tmp_path,
                                                                         monkeypatch):
    def link(*args, **kwargs):
        raise _refused(errno.EINVAL, 1)  # FAT32: ERROR_INVALID_FUNCTION

    monkeypatch.setattr(folder.os, "link", link)
    source = tmp_path / ".tmp-save"
    source.write_text("the game")
    (tmp_path / "game.json").write_text("taken")
    names = iter([tmp_path / "game.json", tmp_path / "game-2.json"])
    assert folder.claim(source, names) == tmp_path / "game-2.json"
    assert (tmp_path / "game-2.json").read_text() == "the game" and not source.exists()
    assert (tmp_path / "game.json").read_text() == "taken"


class FileAttributes:
    """Windows' file attributes, faked: kept per file (its inode: the attribute follows the
    file through a rename and is shared by its hard links, as on NTFS), 0x20 (ARCHIVE) for a
    new one; every hidden path set is recorded."""

    def __init__(self):
        self.by_file, self.hidden_paths = {}, []

    def GetFileAttributesW(self, path):  # noqa: N802 - the Windows name
        try:
            return self.by_file.get(os.stat(path).st_ino, 0x20)
        except OSError:
            return 0xFFFFFFFF  # INVALID_FILE_ATTRIBUTES

    def SetFileAttributesW(self, path, attributes):  # noqa: N802
        self.by_file[os.stat(path).st_ino] = attributes
        if attributes & 0x2:
            self.hidden_paths.append(os.path.basename(path))
        return 1

    def hidden(self, path) -> bool:
        return bool(self.GetFileAttributesW(str(path)) & 0x2)


@pytest.fixture
def attributes(monkeypatch):
    fake = FileAttributes()
    monkeypatch.setattr(files, "KERNEL32", fake)
    return fake


def test_on_windows_a_temporary_file_is_hidden_and_the_saved_file_is_not(tmp_path, attributes):
    path = tmp_path / "settings.json"
    path.write_text("old")
    files.write_atomic(path, b"new")
    assert path.read_bytes() == b"new" and not attributes.hidden(path)
    [temp] = attributes.hidden_paths  # hidden while it was a temporary file
    assert files.is_temp(temp) and temp.startswith(".settings.json.")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_a_dot_named_file_written_on_windows_stays_hidden(tmp_path, attributes):
    path = tmp_path / ".deleted.json"
    files.write_atomic(path, b"{}")
    assert attributes.hidden(path)


def test_a_record_saved_or_written_new_on_windows_is_not_hidden(tmp_path, attributes):
    from common.record import files as record_files

    record = {"game": "overlords", "format": 1}
    record_files.save(tmp_path / "game.json", record)
    assert not attributes.hidden(tmp_path / "game.json")
    placed = folder.write_new(tmp_path, "overlords", record)  # a hard link to the temp file
    assert not attributes.hidden(placed) and attributes.hidden_paths
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(["game.json", placed.name]) and not any(map(files.is_temp, names))


def test_a_new_save_placed_without_hard_links_on_windows_is_not_hidden(tmp_path, attributes,
                                                                        monkeypatch):
    def refused(source, target, follow_symlinks=True):
        raise OSError(errno.EPERM, "no hard links here")

    monkeypatch.setattr(folder.os, "link", refused)
    placed = folder.write_new(tmp_path, "overlords", {"game": "overlords"})
    assert not attributes.hidden(placed)  # moved onto its reserved name, then shown
