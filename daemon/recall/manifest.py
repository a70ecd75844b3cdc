"""The manifest: one line per memory visible in a scope, for an agent to scan at a glance.

Pinned memories first, then priority, durable and working ones, newest first within each.
Capped at :data:`MAX_LINES` lines and :data:`MAX_BYTES` bytes (the warning line included);
when capped, the last line says how many memories were left out. A memory the scope's user
did not write and no operator stands behind is shown as its writer's dated quoted report
(:mod:`daemon.recall.voice`), as in the injection block.
"""

from __future__ import annotations

from dataclasses import dataclass

from daemon.base.opaque import IdCodec
from daemon.base.scope import ScopeKey
from daemon.recall.sanitize import joined, safe_entry
from daemon.recall.voice import Voice, framed, voice
from daemon.store import memory
from daemon.store.db import Connection
from daemon.store.memory import MANIFEST_BYTES as MAX_BYTES
from daemon.store.memory import MANIFEST_LINES as MAX_LINES
from daemon.store.memory import Memory

__all__ = ["MAX_BYTES", "MAX_LINES", "Manifest", "build_manifest", "manifest_line"]

LINE_CHARS = 200


@dataclass(frozen=True, slots=True)
class Manifest:
    text: str
    shown: int
    total: int
    capped: bool

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


def manifest_line(memory: Memory, reader: str, shown_id: str | None = None) -> str | None:
    """``- #12 [project/durable, pinned] Title: content…`` as ``reader`` is shown it (another
    writer's as ``(2026-11-24) alice reported: “…”``), or None when it must not be shown;
    named ``shown_id`` (the API's opaque id), else by its row id."""
    tags = f"{memory.type}/{memory.memory_class}" + (", pinned" if memory.pinned else "")
    head = f"- #{shown_id or memory.id} [{tags}] "
    reported = voice(memory, reader) is Voice.REPORTED
    room = LINE_CHARS - len(head) - (len(framed(memory, "", reader)) if reported else 0)
    entry = safe_entry(memory.title, memory.content, title_chars=room, content_chars=room)
    if entry is None:
        return None
    title, content = entry
    body = joined(title, content)
    if len(body) > room:
        body = body[: room - 1].rstrip() + "…"
    return head + (framed(memory, body, reader) if reported else body)


def warning_line(left_out: int, max_lines: int, max_bytes: int) -> str:
    return (
        f"> {left_out} more memories not shown (manifest capped at {max_lines} lines and "
        f"{max_bytes:,} bytes); search for them by topic."
    )


async def build_manifest(
    conn: Connection,
    scope: ScopeKey,
    ids: IdCodec | None = None,
    *,
    max_lines: int = MAX_LINES,
    max_bytes: int = MAX_BYTES,
) -> Manifest:
    limit = max_lines + 1
    fetched = await memory.manifest_rows(conn, scope, limit)
    complete = len(fetched) < limit
    lines: list[str] = []
    for item in fetched:
        line = manifest_line(item, scope.user, ids.encode(item.id) if ids else None)
        if line is None:
            continue
        if len(lines) == max_lines:
            complete = False
            break
        lines.append(line)
    if complete and _size(lines) <= max_bytes:
        return Manifest(text="\n".join(lines), shown=len(lines), total=len(fetched), capped=False)
    total = await memory.count_visible(conn, scope)
    room = max_bytes - len(warning_line(total, max_lines, max_bytes).encode()) - 1
    while lines and (len(lines) > max_lines - 1 or _size(lines) > room):
        lines.pop()
    shown = len(lines)
    lines.append(warning_line(max(total - shown, 1), max_lines, max_bytes))
    return Manifest(text="\n".join(lines), shown=shown, total=total, capped=True)


def _size(lines: list[str]) -> int:
    return len("\n".join(lines).encode())
