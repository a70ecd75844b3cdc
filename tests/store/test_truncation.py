"""The truncation store: file names from the scope, atomic idempotent writes, removal of
only the files it wrote, and a line count as people count lines."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from daemon.base.scope import ScopeKey
from daemon.store.truncation import FILE_PATTERN, Spill, TruncationStore, line_count

SCOPE = ScopeKey(project="p", user="u")


def test_lines_are_counted_as_a_person_counts_them() -> None:
    assert line_count("") == 0
    assert line_count("one") == 1
    assert line_count("one\n") == 1
    assert line_count("one\ntwo") == 2
    assert line_count("\n\n") == 2


def test_a_spill_knows_its_size_in_bytes_and_lines() -> None:
    spill = Spill.of("mt-" + "0" * 32 + ".txt", "é\nb\n")
    assert (spill.lines, spill.bytes) == (2, 5)
    assert Spill.of("x", "\udc80").bytes == 1  # a lone surrogate counts as its replacement


def test_file_names_depend_on_scope_session_message_and_turn() -> None:
    """The turn is in the name: once a turn is forgotten, a later one may use its message
    ids again, and must not share its file. The name without it is the one files were
    given before, unchanged (what removes a message's file removes that name too)."""
    name = TruncationStore.file_name(SCOPE, "s1", "m1", 1)
    assert FILE_PATTERN.match(name)
    assert TruncationStore.file_name(SCOPE, "s1", "m1", 1) == name
    others = {
        TruncationStore.file_name(ScopeKey(project="p", user="v"), "s1", "m1", 1),
        TruncationStore.file_name(ScopeKey(project="p", user="u", tenant="t"), "s1", "m1", 1),
        TruncationStore.file_name(SCOPE, "s2", "m1", 1),
        TruncationStore.file_name(SCOPE, "s1", "m2", 1),
        # the separator keeps "s1"+"x\x00m" apart from "s1\x00x"+"m"
        TruncationStore.file_name(SCOPE, "s1\x00m1", "", 1),
        TruncationStore.file_name(SCOPE, "s1", "m1", 2),
        TruncationStore.file_name(SCOPE, "s1", "m1", None),
    }
    assert name not in others
    assert len(others) == 7
    before = "mt-7c4f088704dbb5c05a03b4f4feca770c.txt"  # as named before the turn was in it
    assert TruncationStore.file_name(SCOPE, "s1", "m1", None) == before


def test_a_write_is_private_idempotent_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    root = tmp_path / "spill"
    store = TruncationStore(root)
    name = store.file_name(SCOPE, "s1", "m1", 1)
    store.write(Spill.of(name, "first"))
    store.write(Spill.of(name, "second \udc80"))
    assert (root / name).read_bytes() == b"second ?"
    assert os.listdir(root) == [name]
    assert (root / name).stat().st_mode & 0o777 == 0o600
    assert root.stat().st_mode & 0o777 == 0o700


def test_only_truncation_file_names_are_accepted(tmp_path: Path) -> None:
    store = TruncationStore(tmp_path)
    for bad in ("../mt-" + "0" * 32 + ".txt", "mt-" + "0" * 31 + ".txt", "notes.txt", ""):
        with pytest.raises(ValueError, match="not a truncation file name"):
            store.path_of(bad)
    assert list(tmp_path.iterdir()) == []


def test_a_failed_batch_removes_what_it_wrote(tmp_path: Path) -> None:
    store = TruncationStore(tmp_path)
    good = Spill.of(store.file_name(SCOPE, "s1", "m1", 1), "kept?")
    blocked = store.file_name(SCOPE, "s1", "m2", 1)
    (tmp_path / blocked).mkdir()  # the rename onto a directory fails
    with pytest.raises(OSError):
        store.write_all([good, Spill.of(blocked, "x")])
    assert [p.name for p in tmp_path.iterdir()] == [blocked]
    (tmp_path / blocked).rmdir()
    names = store.write_all([good, Spill.of(store.file_name(SCOPE, "s1", "m2", 1), "y")])
    assert sorted(names) == sorted(p.name for p in tmp_path.iterdir())


def test_removal_skips_missing_files_and_never_follows_a_symlink(tmp_path: Path) -> None:
    root = tmp_path / "spill"
    store = TruncationStore(root)
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    root.mkdir()
    linked = store.file_name(SCOPE, "s1", "link", 1)
    (root / linked).symlink_to(target)
    written = store.file_name(SCOPE, "s1", "m1", 1)
    store.write(Spill.of(written, "x"))
    store.remove([written, linked, store.file_name(SCOPE, "s1", "never", 1)])
    assert not (root / written).exists()
    assert (root / linked).is_symlink()
    assert target.read_text() == "keep me"
