"""Cleanup of the truncation store: spilled tool outputs older than ``keep_days`` deleted.

Only what the store itself wrote is touched: regular files directly inside its root named
like its files (``mt-<32 hex>.txt``, :data:`daemon.store.truncation.FILE_PATTERN`).
Never through or at a symlink: the root is opened with ``O_NOFOLLOW`` (a symlinked root is
refused), entries are examined with ``lstat`` relative to that open directory and unlinked
relative to it, so a symlink (to a file or a directory) is neither followed nor removed, and
no directory is descended. A temporary file (``.mt-….tmp``) younger than ``keep_days`` is
being written and is left alone; one older than that was abandoned by a crashed writer and
is removed. A missing root, or an entry that cannot be examined or removed, is counted and
logged, never fatal.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from pathlib import Path

import structlog

from daemon.store.truncation import FILE_PATTERN

log = structlog.get_logger("memoryd.maintenance")

#: The temporary name ``TruncationStore.write`` uses before its atomic rename.
TEMP_PATTERN = re.compile(r"^\.mt-[0-9a-f]{32}\.txt\.\d+\.tmp$")
_MAX_LOGGED_ERRORS = 20


@dataclass(slots=True)
class CleanupReport:
    """What a cleanup did (or, dry, would do)."""

    files: int = 0  # files deleted, abandoned temporary files included
    bytes: int = 0  # their sizes
    kept: int = 0  # the store's files younger than keep_days
    in_progress: int = 0  # temporary files being written
    abandoned: int = 0  # old temporary files deleted (counted in files too)
    foreign: int = 0  # entries of another name, or not regular files
    symlinks: int = 0  # symlinks, never followed nor removed
    directories: int = 0  # directories, never descended
    errors: int = 0  # entries that could not be examined or removed
    missing_root: int = 0  # 1 when the root does not exist
    refused_root: int = 0  # 1 when the root is a symlink or not a directory

    def counts(self) -> dict[str, int]:
        return asdict(self)


def cleanup_truncations(
    root: Path, *, keep: timedelta, now: datetime, dry_run: bool = False
) -> CleanupReport:
    """Delete the store's files in ``root`` last modified ``keep`` or longer before ``now``.

    Blocking (file-system calls): run it in a thread from async code.
    """
    report = CleanupReport()
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        report.missing_root = 1
        log.info("truncation_cleanup.missing_root", root=str(root))
        return report
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            report.refused_root = 1
            log.warning("truncation_cleanup.refused_root", root=str(root), error=str(exc))
        else:
            report.errors += 1
            log.warning("truncation_cleanup.unreadable_root", root=str(root), error=str(exc))
        return report
    try:
        _sweep(fd, now.timestamp() - keep.total_seconds(), dry_run, report)
    finally:
        os.close(fd)
    return report


def _sweep(fd: int, cutoff: float, dry_run: bool, report: CleanupReport) -> None:
    try:
        entries = os.scandir(fd)
    except OSError as exc:
        _error(report, ".", "scandir", exc)
        return
    with entries:
        for entry in entries:
            _visit(fd, entry, cutoff, dry_run, report)


def _visit(
    fd: int, entry: os.DirEntry[str], cutoff: float, dry_run: bool, report: CleanupReport
) -> None:
    name = entry.name
    own = FILE_PATTERN.match(name) is not None
    temp = not own and TEMP_PATTERN.match(name) is not None
    try:
        info = entry.stat(follow_symlinks=False)
    except FileNotFoundError:
        return  # removed meanwhile (by another cleanup, or renamed into place)
    except OSError as exc:
        _error(report, name, "lstat", exc)
        return
    mode = info.st_mode
    if stat.S_ISLNK(mode):
        report.symlinks += 1
        return
    if stat.S_ISDIR(mode):
        report.directories += 1
        return
    if not (own or temp) or not stat.S_ISREG(mode):
        report.foreign += 1
        return
    if info.st_mtime > cutoff:
        if temp:
            report.in_progress += 1
        else:
            report.kept += 1
        return
    if not dry_run:
        try:
            os.unlink(name, dir_fd=fd)
        except FileNotFoundError:
            return
        except OSError as exc:
            _error(report, name, "unlink", exc)
            return
    report.files += 1
    report.bytes += info.st_size
    if temp:
        report.abandoned += 1


def _error(report: CleanupReport, name: str, operation: str, exc: OSError) -> None:
    report.errors += 1
    if report.errors <= _MAX_LOGGED_ERRORS:
        log.warning(
            "truncation_cleanup.entry_error", entry=name, operation=operation, error=str(exc)
        )
