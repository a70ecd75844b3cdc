"""The record of each scheduled job's last run (table ``scheduled_jobs``): start, finish,
outcome and counts, written by the maintenance jobs and read by ``memoryd status``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.db import upsert
from daemon.store.tables import jobs_state


async def record_start(conn: AsyncConnection, name: str, now: datetime) -> None:
    insert = upsert(conn, jobs_state).values(
        name=name, last_started_at=now, outcome="running", error=None
    )
    await conn.execute(
        insert.on_conflict_do_update(
            index_elements=[jobs_state.c.name],
            set_={"last_started_at": now, "outcome": "running", "error": None},
        )
    )


async def record_finish(
    conn: AsyncConnection,
    name: str,
    *,
    started_at: datetime,
    finished_at: datetime,
    outcome: str,
    counts: dict[str, Any],
    error: str | None = None,
) -> None:
    values = {
        "last_started_at": started_at,
        "last_finished_at": finished_at,
        "outcome": outcome,
        "counts": counts,
        "error": None if error is None else error[:4000],
    }
    insert = upsert(conn, jobs_state).values(name=name, **values)
    await conn.execute(
        insert.on_conflict_do_update(index_elements=[jobs_state.c.name], set_=values)
    )


async def last_runs(conn: AsyncConnection) -> dict[str, dict[str, Any]]:
    """Every scheduled job's last recorded run (its columns), by name, in name order."""
    rows = await conn.execute(sa.select(jobs_state).order_by(jobs_state.c.name))
    return {row.name: dict(row._mapping) for row in rows}
