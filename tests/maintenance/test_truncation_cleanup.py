"""Truncation cleanup: only the store's own old files, never through or at a symlink."""

from __future__ import annotations

import os
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from daemon.base.scope import ScopeKey
from daemon.maintenance.truncation_cleanup import cleanup_truncations
from daemon.store.truncation import TruncationStore
from tests.maintenance.helpers import DAY, T0

KEEP = timedelta(days=7)
OLD = T0 - 8 * DAY
YOUNG = T0 - 6 * DAY


def _file(path: Path, text: str, at: datetime) -> Path:
    path.write_text(text)
    stamp = at.timestamp()
    os.utime(path, (stamp, stamp), follow_symlinks=False)
    return path


def _own(root: Path, message: str, at: datetime, text: str = "output\n") -> Path:
    return _file(root / TruncationStore.file_name(ScopeKey("p"), "s1", message, 1), text, at)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    path = tmp_path / "truncations"
    path.mkdir()
    return path


def test_old_files_of_the_store_go_and_young_ones_stay(root: Path) -> None:
    old = [_own(root, f"m{i}", OLD, "x" * (10 + i)) for i in range(3)]
    young = _own(root, "young", YOUNG)

    report = cleanup_truncations(root, keep=KEEP, now=T0)

    assert (report.files, report.bytes, report.kept) == (3, 10 + 11 + 12, 1)
    assert not any(p.exists() for p in old)
    assert young.exists()


def test_a_dry_run_reports_without_deleting(root: Path) -> None:
    old = _own(root, "m1", OLD, "12345")
    report = cleanup_truncations(root, keep=KEEP, now=T0, dry_run=True)
    assert (report.files, report.bytes) == (1, 5)
    assert old.exists()


def test_symlinks_other_names_directories_and_files_being_written_are_left_alone(
    root: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    target = _own(outside, "precious", OLD)  # the store's name, outside the root
    link_name = TruncationStore.file_name(ScopeKey("p"), "s1", "link", 1)
    (root / link_name).symlink_to(target)  # a symlink named like the store's files
    os.utime(root / link_name, (OLD.timestamp(),) * 2, follow_symlinks=False)
    (root / "linked-dir").symlink_to(outside, target_is_directory=True)
    nested = root / "nested"
    nested.mkdir()
    in_nested = _own(nested, "deep", OLD)
    foreign = _file(root / "notes.txt", "mine", OLD)
    almost = _file(root / ("mt-" + "a" * 32 + ".log"), "not ours", OLD)
    writing = _file(
        root / f".{TruncationStore.file_name(ScopeKey('p'), 's1', 'w', 1)}.4242.tmp", "half", T0
    )
    other_temp = _file(root / ".editor-swap.tmp", "not ours either", OLD)

    report = cleanup_truncations(root, keep=KEEP, now=T0)

    assert report.files == 0
    assert (report.symlinks, report.directories, report.foreign) == (2, 1, 3)
    assert report.in_progress == 1
    for path in (target, in_nested, foreign, almost, writing, other_temp):
        assert path.exists(), path
    assert (root / link_name).is_symlink()
    assert (root / "linked-dir").is_symlink()


def test_an_abandoned_temporary_file_goes(root: Path) -> None:
    stale = _file(
        root / f".{TruncationStore.file_name(ScopeKey('p'), 's1', 'w', 1)}.77.tmp", "half", OLD
    )
    report = cleanup_truncations(root, keep=KEEP, now=T0)
    assert (report.files, report.abandoned) == (1, 1)
    assert not stale.exists()


def test_a_missing_root_is_reported_not_fatal(tmp_path: Path) -> None:
    report = cleanup_truncations(tmp_path / "never-created", keep=KEEP, now=T0)
    assert (report.missing_root, report.files, report.errors) == (1, 0, 0)


def test_a_symlinked_root_is_refused(root: Path, tmp_path: Path) -> None:
    victim = _own(root, "m1", OLD)
    alias = tmp_path / "alias"
    alias.symlink_to(root, target_is_directory=True)
    report = cleanup_truncations(alias, keep=KEEP, now=T0)
    assert (report.refused_root, report.files) == (1, 0)
    assert victim.exists()


def test_a_file_that_cannot_be_removed_is_counted_and_the_rest_goes_on(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = _own(root, "stuck", OLD)
    others = [_own(root, f"m{i}", OLD) for i in range(3)]
    real_unlink = os.unlink

    def unlink(path: str, *, dir_fd: int | None = None) -> None:
        if path == stuck.name:
            raise PermissionError(13, "Permission denied", path)
        real_unlink(path, dir_fd=dir_fd)

    monkeypatch.setattr(os, "unlink", unlink)
    report = cleanup_truncations(root, keep=KEEP, now=T0)

    assert (report.files, report.errors) == (3, 1)
    assert stuck.exists()
    assert not any(p.exists() for p in others)
