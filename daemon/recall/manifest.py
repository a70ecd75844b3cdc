"""The manifest: one line per memory visible in a scope, for an agent to scan at a glance.

Pinned memories first, then priority, durable and working ones, newest first within each.
Capped at :data:`MAX_LINES` lines and :data:`MAX_BYTES` bytes (the warning line included);
when capped, the last line says how many memories were left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.recall.rows import Recalled
from daemon.recall.sanitize import joined, safe_entry
from daemon.recall.sections import Section, candidates
from daemon.records import MEMORY_TYPES
from daemon.scope import ScopeKey
from daemon.store.memories import visible
from daemon.store.tables import memories

MAX_LINES = 200
MAX_BYTES = 25_000
LINE_CHARS = 200
MEMORY_CLASSES_ORDER = ("priority", "durable", "working")
_LAYOUT = tuple(Section(c, c, MEMORY_TYPES) for c in MEMORY_CLASSES_ORDER)


@dataclass(frozen=True, slots=True)
class Manifest:
    text: str
    shown: int
    total: int
    capped: bool

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()


def manifest_line(memory: Recalled) -> str | None:
    """``- #12 [project/durable, pinned] Title: content…`` (None when it must not be shown)."""
    tags = f"{memory.type}/{memory.memory_class}" + (", pinned" if memory.pinned else "")
    head = f"- #{memory.id} [{tags}] "
    room = LINE_CHARS - len(head)
    entry = safe_entry(memory.title, memory.content, title_chars=room, content_chars=room)
    if entry is None:
        return None
    title, content = entry
    body = joined(title, content)
    if len(body) > room:
        body = body[: room - 1].rstrip() + "…"
    return head + body


def warning_line(left_out: int, max_lines: int, max_bytes: int) -> str:
    return (
        f"> {left_out} more memories not shown (manifest capped at {max_lines} lines and "
        f"{max_bytes:,} bytes); search for them by topic."
    )


async def build_manifest(
    conn: AsyncConnection,
    scope: ScopeKey,
    *,
    max_lines: int = MAX_LINES,
    max_bytes: int = MAX_BYTES,
) -> Manifest:
    limit = max_lines + 1
    # Each class's newest memories (pinned first) read along the recall index, then merged:
    # sorting every memory of a large scope by an expression would read them all.
    groups = await candidates(conn, scope, _LAYOUT, limit)
    order = {c: i for i, c in enumerate(MEMORY_CLASSES_ORDER)}
    fetched = sorted(
        (m for group in groups for m in group),
        key=lambda m: (not m.pinned, order[m.memory_class], -m.updated_at.timestamp(), -m.id),
    )
    complete = len(fetched) < limit
    fetched = fetched[:limit]
    lines: list[str] = []
    for memory in fetched:
        line = manifest_line(memory)
        if line is None:
            continue
        if len(lines) == max_lines:
            complete = False
            break
        lines.append(line)
    if complete and _size(lines) <= max_bytes:
        return Manifest(text="\n".join(lines), shown=len(lines), total=len(fetched), capped=False)
    total = await _count(conn, scope)
    room = max_bytes - len(warning_line(total, max_lines, max_bytes).encode()) - 1
    while lines and (len(lines) > max_lines - 1 or _size(lines) > room):
        lines.pop()
    shown = len(lines)
    lines.append(warning_line(max(total - shown, 1), max_lines, max_bytes))
    return Manifest(text="\n".join(lines), shown=shown, total=total, capped=True)


def _size(lines: list[str]) -> int:
    return len("\n".join(lines).encode())


async def _count(conn: AsyncConnection, scope: ScopeKey) -> int:
    result = await conn.execute(
        sa.select(sa.func.count()).select_from(memories).where(visible(scope))
    )
    return int(result.scalar_one())
