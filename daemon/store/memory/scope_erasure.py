"""Erasure of a user's or a project's memories (the policy and the rest of their data:
:mod:`daemon.admin.erasure`).

The memories go for good, with their superseded versions, their words' document counts
(:mod:`.term_counts`) and, a project's, the marks of which transactions changed it
(:mod:`.changes`); their history rows stay, the fact of each change kept, with their
content (``old``/``new``), reasons and the erased scope's names redacted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.gate.kinds import Review
from daemon.store.memory import changes, history, term_counts, versions
from daemon.store.tables import memories

#: Selects the erased rows of a table with ``tenant``, ``project`` and ``user`` columns.
Where = Callable[[sa.Table], sa.ColumnElement[bool]]


def _from(session_ids: Sequence[tuple[str, str]]) -> sa.ColumnElement[bool]:
    """Memories written from these sessions (tenant, session id): a memory's session is one
    of its own tenant."""
    return sa.tuple_(memories.c.tenant, memories.c.source_session).in_(list(session_ids))


async def unlink_sessions(conn: AsyncConnection, session_ids: Sequence[tuple[str, str]]) -> int:
    """Memories that came from these sessions (shared ones of other users too) lose that
    provenance; returns how many. The ones still held for review go: without their author
    they would be held for nobody's scope but every reader with no user."""
    await conn.execute(
        sa.delete(memories).where(
            _from(session_ids),
            memories.c.review == Review.PENDING.value,
        )
    )
    await versions.unlink_sessions(conn, session_ids)
    unlinked = await conn.execute(
        sa.update(memories)
        .where(_from(session_ids))
        .values(source_session=None, source_user=None, source_turns=None, source_run=None)
    )
    return int(unlinked.rowcount)


async def erase_memories(
    conn: AsyncConnection, where: Where, *, user: bool, project: bool, erased: str
) -> tuple[int, int]:
    """Delete the memories ``where`` selects and redact their history (and the history rows
    of the erased scope): ``user``/``project`` say which names are replaced by ``erased``.
    Returns (history rows redacted, memories deleted)."""
    ids = sa.select(memories.c.id).where(where(memories)).scalar_subquery()
    redacted = await history.redact(conn, ids, where, user=user, project=project, erased=erased)
    await versions.erase(conn, where)
    deleted = await conn.execute(sa.delete(memories).where(where(memories)))
    await term_counts.erase(conn, where)
    if not user:  # a project's: its marks of change name it (a user's name no user)
        await changes.erase(conn, where)
    return redacted, int(deleted.rowcount)
