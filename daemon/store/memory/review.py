"""The operators' review: memories held for an operator (``review`` pending), the queue of
them, and the two ways out of it.

:func:`~daemon.store.memory.saving.save` holds a shared memory the gate marked
(:attr:`~daemon.gate.Screened.held`); readers see it only in its author's scope
(:func:`~daemon.store.memory.record.visible`). :func:`approve` shares it with the whole
project (``approved``, shown in the block's own voice), :func:`reject` forgets it (a
tombstone with the reason "rejected in review"). Both record the operator in its history.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.redaction import redact
from daemon.base.scope import ScopeKey
from daemon.gate.kinds import Action, Review
from daemon.gate.refusal import MEMORY, Reason, Refused
from daemon.store.memory import history
from daemon.store.memory.history import Provenance, snapshot
from daemon.store.tables import memories

__all__ = ["REJECTED", "approve", "count_pending", "reject"]

#: The tombstone reason of a rejected memory.
REJECTED = "rejected in review"

_PENDING = (memories.c.review == Review.PENDING.value, memories.c.deleted_at.is_(None))


async def count_pending(conn: AsyncConnection) -> int:
    """How many live memories wait for an operator, in every scope."""
    found = await conn.execute(sa.select(sa.func.count()).select_from(memories).where(*_PENDING))
    return int(found.scalar_one())


async def _settle(
    conn: AsyncConnection,
    memory_id: int,
    tenant: str | None,
    review: Review,
    prov: Provenance,
    now: datetime,
    **values: Any,
) -> Any:
    """Take a memory out of the queue (of ``tenant`` only, when given) with the operator's
    verdict: the row as it was, or None when no such memory waits."""
    where = [memories.c.id == memory_id, *_PENDING]
    if tenant is not None:
        where.append(memories.c.tenant == tenant)
    row = (await conn.execute(sa.select(memories).where(*where).with_for_update())).one_or_none()
    if row is not None:
        await conn.execute(
            sa.update(memories)
            .where(memories.c.id == memory_id)
            .values(
                review=review.value,
                reviewed_by=prov.actor_id,
                reviewed_at=now,
                updated_at=now,
                **values,
            )
        )
    return row


def _not_waiting(memory_id: int) -> Refused:
    return Refused(Reason.NOT_FOUND, f"no {MEMORY} waiting for review", memory_id=memory_id)


async def approve(
    conn: AsyncConnection,
    memory_id: int,
    *,
    prov: Provenance,
    now: datetime,
    tenant: str | None = None,
) -> int | Refused:
    """Share a memory held for review with its whole project (of ``tenant`` only, when
    given); its id, or why not."""
    row = await _settle(conn, memory_id, tenant, Review.APPROVED, prov, now)
    if row is None:
        return _not_waiting(memory_id)
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(row),
        Action.APPROVE,
        prov,
        now,
        old={"review": Review.PENDING.value},
        new={"review": Review.APPROVED.value},
        reason="approved in review",
    )
    return memory_id


async def reject(
    conn: AsyncConnection,
    memory_id: int,
    *,
    reason: str,
    prov: Provenance,
    now: datetime,
    tenant: str | None = None,
) -> int | Refused:
    """Forget a memory held for review (a tombstone: "rejected in review", and ``reason``,
    redacted, when given; of ``tenant`` only, when given); its id, or why not."""
    why = f"{REJECTED}: {redact(reason)[0]}" if reason else REJECTED
    row = await _settle(
        conn, memory_id, tenant, Review.REJECTED, prov, now, deleted_at=now, deleted_reason=why
    )
    if row is None:
        return _not_waiting(memory_id)
    await history.record(
        conn,
        memory_id,
        ScopeKey.from_row(row),
        Action.DELETE,
        prov,
        now,
        old=snapshot(row),
        reason=why,
    )
    return memory_id
