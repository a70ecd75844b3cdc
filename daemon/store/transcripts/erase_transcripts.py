"""A user's or a project's transcripts erased: the sessions they hold, the spill files their
messages name, and their rows (messages, turns, agent-turn marks, the tombstones of forgotten
turns, cursors, the sessions' rolling summaries, sessions)."""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.errors import SealedDataError
from daemon.base.scope import ScopeKey, SessionKey
from daemon.base.sealing import ENVELOPE
from daemon.store.db import sealer_of
from daemon.store.erasure_scope import ErasureScope
from daemon.store.tables import agent_turns, cursors, forgotten_turns, messages, sessions, turns
from daemon.store.transcripts import summaries
from daemon.store.transcripts.sealed import MESSAGE_CONTENT

_SPILL_MARK = "truncation file mt-"
#: In the order rows are deleted, each by its table's name.
_TABLES = (messages, turns, agent_turns, forgotten_turns, cursors, sessions)


@dataclass(frozen=True, slots=True)
class SpilledMessage:
    """A message whose content names a truncation file."""

    scope: ScopeKey
    session_id: str
    turn: int
    message_id: str
    content: str


async def session_ids_of(conn: AsyncConnection, erased: ErasureScope) -> set[SessionKey]:
    """The sessions (tenant, session id) with transcript rows in ``erased``."""
    query = sa.union(
        *(sa.select(t.c.tenant, t.c.session_id).where(erased.where(t)) for t in _TABLES)
    )
    return {(row[0], row[1]) for row in await conn.execute(query)}


def of_sessions(table: sa.Table, keys: list[SessionKey]) -> sa.ColumnElement[bool]:
    """The rows of ``table`` that belong to these sessions (each of its own tenant)."""
    return sa.tuple_(table.c.tenant, table.c.session_id).in_(keys)


async def spilled_messages(
    conn: AsyncConnection, session_ids: list[SessionKey]
) -> list[SpilledMessage]:
    """The messages of ``session_ids`` that name a truncation file (sealed ones are
    opened to be read: the store cannot look into them)."""
    rows = await conn.execute(
        sa.select(
            messages.c.session_id,
            messages.c.turn,
            messages.c.message_id,
            messages.c.content,
            messages.c.tenant,
            messages.c.project,
            messages.c.user,
        ).where(
            of_sessions(messages, session_ids),
            sa.or_(
                messages.c.content.contains(_SPILL_MARK, autoescape=True),
                messages.c.content.startswith(ENVELOPE, autoescape=True),
            ),
        )
    )
    sealer = sealer_of(conn)
    found = []
    for row in rows:
        try:
            content = MESSAGE_CONTENT.open(sealer, row.content, row) or ""
        except SealedDataError:  # its key is gone: its own file is still erased, by name
            content = _SPILL_MARK
        if _SPILL_MARK in content:
            scope = ScopeKey.from_row(row)
            found.append(SpilledMessage(scope, row.session_id, row.turn, row.message_id, content))
    return found


async def delete_of_sessions(
    conn: AsyncConnection, session_ids: list[SessionKey]
) -> dict[str, int]:
    """Delete every transcript row of ``session_ids``; how many, by table."""
    removed = {"session_summaries": await summaries.delete_of_sessions(conn, session_ids)}
    for table in _TABLES:
        result = await conn.execute(sa.delete(table).where(of_sessions(table, session_ids)))
        removed[table.name] = int(result.rowcount)
    return removed


async def delete_in(conn: AsyncConnection, erased: ErasureScope) -> dict[str, int]:
    """Delete the transcript rows of ``erased`` (outside any session listed too); how many,
    by table."""
    removed = {"session_summaries": await summaries.delete_in(conn, erased)}
    for table in _TABLES:
        result = await conn.execute(sa.delete(table).where(erased.where(table)))
        removed[table.name] = int(result.rowcount)
    return removed
