"""Old transcripts removed: a stored turn and its messages once received before a cutoff
*and* passed by the session's cursor; the marks of the main agent's own writes once old,
unless they mark a turn the cursor has not passed yet (the guard still needs those). With
``keep_transcripts = until_extracted``, a session's turns as soon as its cursor passes them
(:func:`forget_extracted`, in the transaction that moves the cursor). A turn deleted before
its retention window passed leaves a tombstone (:mod:`~daemon.store.transcripts.forgotten`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.tables import agent_turns, cursors, messages, sessions, turns
from daemon.store.transcripts import forgotten


def _cursor_of_turn() -> sa.ColumnElement[bool]:
    return sa.and_(cursors.c.tenant == turns.c.tenant, cursors.c.session_id == turns.c.session_id)


def passed_turns(cutoff: datetime, limit: int) -> sa.Select[Any]:
    """(tenant, session_id, turn) received before ``cutoff`` that the session's cursor has
    passed."""
    return (
        sa.select(turns.c.tenant, turns.c.session_id, turns.c.turn)
        .join(cursors, _cursor_of_turn())
        .where(
            turns.c.received_at < cutoff,
            cursors.c.turn.is_not(None),
            turns.c.turn <= cursors.c.turn,
        )
        .order_by(turns.c.received_at, turns.c.tenant, turns.c.session_id, turns.c.turn)
        .limit(limit)
    )


async def prune_batch(
    conn: AsyncConnection, cutoff: datetime, limit: int, *, remember_since: datetime | None = None
) -> tuple[int, int]:
    """Messages of the next batch of passed turns, then those turns (once messageless);
    returns (messages, turns) deleted. The turns of the batch received since
    ``remember_since`` (the retention window's own cutoff, when ``cutoff`` is later) leave a
    tombstone."""
    turn_key = sa.tuple_(turns.c.tenant, turns.c.session_id, turns.c.turn)
    if remember_since is not None:
        batch = passed_turns(cutoff, limit).subquery()
        await forgotten.record(
            conn, sa.and_(turn_key.in_(batch.select()), turns.c.received_at >= remember_since)
        )
    key = sa.tuple_(messages.c.tenant, messages.c.session_id, messages.c.turn)
    gone_messages = await conn.execute(
        sa.delete(messages).where(key.in_(passed_turns(cutoff, limit).subquery().select()))
    )
    left = sa.exists().where(
        messages.c.tenant == turns.c.tenant,
        messages.c.session_id == turns.c.session_id,
        messages.c.turn == turns.c.turn,
    )
    empty = passed_turns(cutoff, limit).where(~left).subquery()
    gone_turns = await conn.execute(sa.delete(turns).where(turn_key.in_(empty.select())))
    return int(gone_messages.rowcount), int(gone_turns.rowcount)


async def prune_agent_turns(conn: AsyncConnection, cutoff: datetime) -> int:
    """Marks older than ``cutoff``, but those of a stored turn not yet extracted."""
    waiting = (
        sa.select(turns.c.turn)
        .select_from(turns.outerjoin(cursors, _cursor_of_turn()))
        .where(
            turns.c.tenant == agent_turns.c.tenant,
            turns.c.session_id == agent_turns.c.session_id,
            turns.c.turn == agent_turns.c.turn,
            sa.or_(cursors.c.turn.is_(None), turns.c.turn > cursors.c.turn),
        )
        .exists()
    )
    result = await conn.execute(sa.delete(agent_turns).where(agent_turns.c.at < cutoff, ~waiting))
    return int(result.rowcount)


async def forget_extracted(
    conn: AsyncConnection, tenant: str, session_id: str, through: int
) -> list[tuple[ScopeKey, int, str]]:
    """Delete ``tenant``'s session ``session_id``'s turns up to ``through`` (the cursor just
    moved there), their messages and the marks of the main agent's writes in them, leaving
    a tombstone of each turn, and the host's prompt and tool schemas the session holds when
    no later turn is stored (the run read them; a later event that sends them again keeps
    them until its run); returns
    (scope, turn, message id) of each tool message deleted, whose output may have been
    spilled to a truncation file (its owner removes the files once this commits)."""
    await forgotten.record(
        conn,
        sa.and_(
            turns.c.tenant == tenant, turns.c.session_id == session_id, turns.c.turn <= through
        ),
    )
    of_session = (messages.c.tenant == tenant, messages.c.session_id == session_id)
    tools = await conn.execute(
        sa.select(
            messages.c.tenant,
            messages.c.project,
            messages.c.user,
            messages.c.turn,
            messages.c.message_id,
        ).where(*of_session, messages.c.turn <= through, messages.c.role == "tool")
    )
    spilled = [(ScopeKey.from_row(row), row.turn, row.message_id) for row in tools]
    await conn.execute(sa.delete(messages).where(*of_session, messages.c.turn <= through))
    for table in (turns, agent_turns):
        await conn.execute(
            sa.delete(table).where(
                table.c.tenant == tenant, table.c.session_id == session_id, table.c.turn <= through
            )
        )
    await conn.execute(
        sa.update(sessions)
        .where(
            sessions.c.tenant == tenant,
            sessions.c.session_id == session_id,
            sessions.c.last_turn <= through,  # a turn still to read may have sent them
        )
        .values(host_system_prompt=None, host_tools=None)
    )
    return spilled
