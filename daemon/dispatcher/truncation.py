"""The truncation store: oversized tool outputs spilled to files, one file per output.

Files are named ``mt-<32 hex>.txt`` from a hash of the session and message id, so a
redelivered event rewrites the same file, and cleanup recognises (and only touches) files it
wrote. Writes go through a temporary ``.mt-*.tmp`` file and an atomic rename.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

FILE_PATTERN = re.compile(r"^mt-[0-9a-f]{32}\.txt$")


@dataclass(frozen=True, slots=True)
class Spill:
    name: str
    lines: int
    bytes: int


class TruncationStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    @staticmethod
    def file_name(session_id: str, message_id: str) -> str:
        digest = hashlib.sha256(f"{session_id}\x00{message_id}".encode()).hexdigest()[:32]
        return f"mt-{digest}.txt"

    def write(self, session_id: str, message_id: str, text: str) -> Spill:
        """Write ``text`` (already redacted) to its file; idempotent."""
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        name = self.file_name(session_id, message_id)
        data = text.encode("utf-8", errors="replace")
        temp = self.root / f".{name}.{os.getpid()}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(temp, self.root / name)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
        return Spill(name=name, lines=text.count("\n") + 1, bytes=len(data))

    def path_of(self, name: str) -> Path:
        if not FILE_PATTERN.match(name):
            raise ValueError(f"not a truncation file name: {name!r}")
        return self.root / name
