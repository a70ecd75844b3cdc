"""Memories for operators: list, show with history, pin, unpin, forget, restore.

Operators name memories by id, across scopes. Every change is recorded in the memory's
history with the actor ``operator`` (and ``actor_id``, e.g. the operator's login, when
given).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import structlog

from daemon.admin.tabular import plain
from daemon.store import memory
from daemon.store.db import Connection
from daemon.store.memory import Actor, MemoryFilter, Provenance

__all__ = ["OPERATOR", "MemoryFilter", "forget", "list_memories", "restore", "set_pinned"]

log = structlog.get_logger("memoryd.admin")

#: An operator without a name (imports, changes made without ``--who``).
OPERATOR = Provenance(actor=Actor.OPERATOR)


def _operator(who: str | None) -> Provenance:
    return Provenance(actor=Actor.OPERATOR, actor_id=who)


async def list_memories(conn: Connection, where: MemoryFilter) -> list[dict[str, Any]]:
    """Newest first."""
    return [plain(row) for row in await memory.list_rows(conn, where)]


async def show_memory(conn: Connection, memory_id: int) -> dict[str, Any] | None:
    """The memory (live or tombstoned) with its history, oldest change first."""
    found = await memory.row_with_history(conn, memory_id)
    if found is None:
        return None
    row, history = found
    return {**plain(row), "history": [plain(h) for h in history]}


async def set_pinned(
    conn: Connection, memory_id: int, pinned: bool, now: datetime, *, who: str | None = None
) -> bool:
    """Pin (never expired, shown first) or unpin a live memory; False when it is not live or
    already so."""
    done = await memory.set_pinned(conn, memory_id, pinned, prov=_operator(who), now=now)
    if isinstance(done, memory.Refused):
        return False
    log.info("memory.pinned" if pinned else "memory.unpinned", memory_id=memory_id)
    return True


async def forget(
    conn: Connection, memory_id: int, now: datetime, *, reason: str, who: str | None = None
) -> bool:
    """Tombstone a live memory (restorable while the tombstone is kept)."""
    done = await memory.forget(conn, memory_id, reason=reason, prov=_operator(who), now=now)
    if isinstance(done, memory.Refused):
        return False
    log.info("memory.forgotten", memory_id=memory_id)
    return True


async def restore(
    conn: Connection, memory_id: int, now: datetime, *, who: str | None = None
) -> bool:
    """Bring a tombstoned memory back with its id (raises ``MemoryRefused`` when a live
    duplicate exists or it reads as a directive)."""
    done = await memory.restore(conn, memory_id, prov=_operator(who), now=now)
    if done:
        log.info("memory.restored", memory_id=memory_id)
    return done
