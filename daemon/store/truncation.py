"""The truncation store: oversized tool outputs spilled to files, one file per output.

Files are named ``mt-<32 hex>.txt`` from a hash of the scope, the session, the turn and the
message id: a redelivered event rewrites the same file, a session of another scope can never
name it, and cleanup recognises (and only touches) files it wrote. The turn is part of the
name because a message id is unique within a session only while its message is stored: once
a turn is forgotten (``keep_transcripts = until_extracted``), a later turn may use its ids
again, and must not share the file the forgetting run removes. Files written before the turn
was part of the name keep their names (a message names its file); what removes a message's
file removes both names. Files are written only for events the
store has accepted, inside the transaction that stores them (and removed again if it does not
commit). Writes go through a temporary ``.mt-*.tmp`` file and an atomic rename. With a data
key, a file's bytes are sealed (:meth:`daemon.base.sealing.Sealer.seal_bytes`, bound to the
file's name) and :meth:`TruncationStore.read` opens them.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from daemon.base.scope import ScopeKey
from daemon.base.sealing import CLEAR, Sealer, place

FILE_PATTERN = re.compile(r"^mt-[0-9a-f]{32}\.txt$")


@dataclass(frozen=True, slots=True)
class Spill:
    """A tool output to write to the truncation file ``name`` once its event is stored."""

    name: str
    text: str
    lines: int
    bytes: int

    @classmethod
    def of(cls, name: str, text: str) -> Spill:
        size = len(text.encode("utf-8", "replace"))
        return cls(name=name, text=text, lines=line_count(text), bytes=size)


def line_count(text: str) -> int:
    """Lines as a person counts them: a final newline ends the last line, it starts none."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


class TruncationStore:
    def __init__(self, root: Path, sealer: Sealer = CLEAR) -> None:
        self.root = root
        self.sealer = sealer

    @staticmethod
    def file_name(scope: ScopeKey, session_id: str, message_id: str, turn: int | None) -> str:
        """The name of the file of message ``message_id`` of ``turn`` (``None``: the name
        such a file had before the turn was part of it)."""
        parts = [scope.tenant, scope.project, scope.user, session_id, message_id]
        if turn is not None:
            parts.append(str(turn))
        key = "\x00".join(parts)
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return f"mt-{digest}.txt"

    @staticmethod
    def names_of(scope: ScopeKey, session_id: str, message_id: str, turn: int) -> list[str]:
        """Every name the file of message ``message_id`` of ``turn`` may have: its own, and
        the one written before the turn was part of names (what removes the message's file
        removes both)."""
        return [
            TruncationStore.file_name(scope, session_id, message_id, named)
            for named in (turn, None)
        ]

    def write_all(self, spills: Iterable[Spill]) -> list[str]:
        """Write each spill to its file; returns the names written so far when one fails
        (the caller removes them), or all of them."""
        written: list[str] = []
        try:
            for spill in spills:
                self.write(spill)
                written.append(spill.name)
        except BaseException:
            self.remove(written)
            raise
        return written

    def remove(self, names: Iterable[str]) -> None:
        """Remove files this store wrote (never through a symlink); missing ones are fine."""
        for name in names:
            path = self.path_of(name)
            if not path.is_symlink():
                path.unlink(missing_ok=True)

    def write(self, spill: Spill) -> None:
        """Write ``spill.text`` (already redacted) to its file; idempotent."""
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        name = spill.name
        data = spill.text.encode("utf-8", errors="replace")
        self._replace(name, self.sealer.seal_bytes(data, _where(name)))

    def read(self, name: str) -> str:
        """The text of a truncation file (opened when sealed)."""
        data = self.path_of(name).read_bytes()
        return self.sealer.open_bytes(data, _where(name)).decode("utf-8", "replace")

    def reseal(self, name: str) -> bool:
        """Seal a file again with the primary key when it is clear or sealed with another
        (its modification time kept: cleanup reads the age from it); whether it was."""
        path = self.path_of(name)
        if path.is_symlink() or not self.sealer.enabled:
            return False
        data = path.read_bytes()
        if self.sealer.file_key_of(data) == self.sealer.primary:
            return False
        clear = self.sealer.open_bytes(data, _where(name))
        stat = path.stat()
        self._replace(name, self.sealer.seal_bytes(clear, _where(name)))
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        return True

    def names(self) -> list[str]:
        """The names of the files this store wrote, in name order."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if FILE_PATTERN.match(p.name))

    def _replace(self, name: str, data: bytes) -> None:
        temp = self.root / f".{name}.{os.getpid()}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(temp, self.root / name)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

    def path_of(self, name: str) -> Path:
        """The path of a file this store names (a name of another form is refused)."""
        if not FILE_PATTERN.match(name):
            raise ValueError(f"not a truncation file name: {name!r}")
        return self.root / name


def _where(name: str) -> bytes:
    """The associated data of a sealed truncation file: its name."""
    return place("truncation", name)
