"""Memories as recall returns them (scope filtering: ``daemon.store.memories.visible``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.scope import ScopeKey
from daemon.store.tables import memories

#: The ``created_by`` of compaction summaries (the "Previous Sessions" section).
COMPACTION = "compaction"


@dataclass(frozen=True, slots=True)
class Recalled:
    """One memory returned to an agent host; ``score`` is the search rank (higher first)."""

    id: int
    type: str
    memory_class: str
    title: str
    content: str
    pinned: bool
    user: str
    created_by: str
    created_at: datetime
    updated_at: datetime
    score: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "class": self.memory_class,
            "title": self.title,
            "content": self.content,
            "pinned": self.pinned,
            "user": self.user or None,
            "created_by": self.created_by,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
            "score": round(self.score, 6),
        }


COLUMNS: tuple[sa.ColumnElement[Any], ...] = (
    memories.c.id,
    memories.c.type,
    memories.c["class"],
    memories.c.title,
    memories.c.content,
    memories.c.pinned,
    memories.c.user,
    memories.c.created_by,
    memories.c.created_at,
    memories.c.updated_at,
)


def recalled(row: Any, score: float = 0.0) -> Recalled:
    return Recalled(
        id=int(row.id),
        type=row.type,
        memory_class=row._mapping["class"],
        title=row.title,
        content=row.content,
        pinned=bool(row.pinned),
        user=row.user,
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
        score=score,
    )


def scope_users(scope: ScopeKey) -> list[str]:
    """The ``user`` values a scope sees: the project's shared memories and its own."""
    return [""] if not scope.user else ["", scope.user]


async def mark_surfaced(conn: AsyncConnection, ids: Sequence[int], now: datetime) -> None:
    """Record that these memories were shown to an agent (``last_surfaced_at``)."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        # A lost surfacing time is harmless: the commit need not wait for the WAL flush.
        await conn.execute(sa.text("SET LOCAL synchronous_commit = off"))
    await conn.execute(
        sa.update(memories).where(memories.c.id.in_(list(ids))).values(last_surfaced_at=now)
    )
