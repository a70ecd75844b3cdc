"""Memories for operators: list (now, or as believed at a time), show with history and
timeline, pin, unpin, forget, restore, and the
review queue (directives to agents held until an operator approves or rejects them).

Operators name memories by id, across scopes. Every change is recorded in the memory's
history with the actor ``operator`` (and ``actor_id``, e.g. the operator's login, when
given).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import structlog

from daemon.admin.tabular import plain
from daemon.base.scope import ScopeKey
from daemon.store import memory
from daemon.store.db import Connection
from daemon.store.memory import Actor, MemoryFilter, Provenance

__all__ = [
    "OPERATOR",
    "MemoryFilter",
    "approve",
    "believed",
    "forget",
    "list_memories",
    "reject",
    "restore",
    "review_queue",
    "set_pinned",
]

log = structlog.get_logger("memoryd.admin")

#: An operator without a name (imports, changes made without ``--who``).
OPERATOR = Provenance(actor=Actor.OPERATOR)


def _operator(who: str | None) -> Provenance:
    return Provenance(actor=Actor.OPERATOR, actor_id=who)


async def list_memories(conn: Connection, where: MemoryFilter) -> list[dict[str, Any]]:
    """Newest first."""
    return [plain(row) for row in await memory.list_rows(conn, where)]


async def show_memory(conn: Connection, memory_id: int) -> dict[str, Any] | None:
    """The memory (live or tombstoned) with its history, oldest change first, and its
    timeline: each content it had with when it was true and what ended it (``hidden``: the
    versions whose integrity tag does not hold, left out and logged). A memory purged
    since is shown by its timeline alone while its versions are kept."""
    found = await memory.row_with_history(conn, memory_id)
    told = await memory.timeline(conn, memory_id)
    if found is None and told is None:
        return None
    shown = plain(found[0]) if found is not None else {"id": memory_id, "purged": True}
    timeline = [] if told is None else [_version(v) for v in told.versions]
    changes = found[1] if found is not None else told.changes if told is not None else []
    return {
        **shown,
        "history": [plain(h) for h in changes],
        "timeline": timeline,
        "hidden_versions": 0 if told is None else told.hidden,
    }


def _version(version: memory.Version) -> dict[str, Any]:
    m = version.memory
    return {
        "valid_from": version.valid_from.isoformat(),
        "valid_to": None if version.valid_to is None else version.valid_to.isoformat(),
        "current": version.current,
        "type": str(m.type),
        "class": str(m.memory_class),
        "title": m.title,
        "content": m.content,
        "superseded_by": version.superseded_by,
        "action": version.action,
        "actor": version.actor,
        "actor_id": version.actor_id,
        "reason": version.reason,
    }


async def believed(
    conn: Connection,
    scope: ScopeKey,
    at: datetime,
    *,
    types: list[str],
    classes: list[str],
    limit: int,
    query: str | None = None,
) -> list[dict[str, Any]]:
    """What ``scope`` believed at ``at`` (matching ``query``, best first, when given), as
    it read then (``updated_at``: when that content became true)."""
    if query is None:
        found = await memory.believed(conn, scope, at, types=types, classes=classes, limit=limit)
    else:
        found = await memory.search_as_of(
            conn, query, scope, at, types=types, classes=classes, limit=limit
        )
    return [m.as_dict() for m in found]


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


async def review_queue(
    conn: Connection,
    *,
    project: str | None = None,
    tenant: str | None = None,
    limit: int | None = 100,
    below_id: int | None = None,
) -> list[dict[str, Any]]:
    """The memories waiting for an operator's review, the most recently made first (with
    the user whose session wrote each, who alone sees it meanwhile); ``below_id``: the page
    after the one that ended at that id."""
    where = MemoryFilter(
        project=project,
        tenant=tenant,
        review="pending",
        limit=limit,
        below_id=below_id,
        by_id=True,
    )
    return await list_memories(conn, where)


async def approve(
    conn: Connection,
    memory_id: int,
    now: datetime,
    *,
    who: str | None,
    tenant: str | None = None,
) -> bool:
    """Share a memory held for review with its whole project; False when none waits (in
    ``tenant``, when given)."""
    done = await memory.approve(conn, memory_id, prov=_operator(who), now=now, tenant=tenant)
    if isinstance(done, memory.Refused):
        return False
    log.info("memory.approved", memory_id=memory_id)
    return True


async def reject(
    conn: Connection,
    memory_id: int,
    now: datetime,
    *,
    reason: str = "",
    who: str | None,
    tenant: str | None = None,
) -> bool:
    """Forget a memory held for review ("rejected in review"); False when none waits (in
    ``tenant``, when given)."""
    prov = _operator(who)
    done = await memory.reject(conn, memory_id, reason=reason, prov=prov, now=now, tenant=tenant)
    if isinstance(done, memory.Refused):
        return False
    log.info("memory.rejected", memory_id=memory_id)
    return True
