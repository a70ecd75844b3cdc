"""Turns in which the main agent wrote memories through memoryd's own tools.

A memory tool call that names its session and turn records the turn here, in the
transaction of its write; :func:`saved` is the guard's condition, read with the session's
turns: a turn is the main agent's when its event listed a successful memory write or a call
of this turn's scope recorded it. The scope must match (tenant, project, and the call's
user or none), so a key of another scope naming the session cannot silence its extraction.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.db import upsert
from daemon.store.tables import agent_turns, turns

__all__ = ["record", "saved"]


async def record(
    conn: AsyncConnection, session_id: str, turn: int, scope: ScopeKey, now: datetime
) -> None:
    """Mark ``turn`` of ``session_id`` as one in which the main agent wrote (idempotent)."""
    await conn.execute(
        upsert(conn, agent_turns)
        .values(session_id=session_id, turn=turn, **scope.columns(), at=now)
        .on_conflict_do_nothing()
    )


def saved() -> sa.ColumnElement[bool]:
    """For a row of ``turns``: the main agent wrote memories in it (the guard)."""
    recorded = sa.exists().where(
        agent_turns.c.session_id == turns.c.session_id,
        agent_turns.c.turn == turns.c.turn,
        agent_turns.c.tenant == turns.c.tenant,
        agent_turns.c.project == turns.c.project,
        sa.or_(agent_turns.c.user == "", agent_turns.c.user == turns.c.user),
    )
    return sa.or_(turns.c.main_agent_saved, recorded)
