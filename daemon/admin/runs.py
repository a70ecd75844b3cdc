"""Extraction runs for operators: the newest first, filtered; one run in full."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.admin.tabular import plain
from daemon.store.tables import runs

LISTED = (
    runs.c.id,
    runs.c.session_id,
    runs.c.project,
    runs.c.user,
    runs.c.extractor,
    runs.c.outcome,
    runs.c.from_turn,
    runs.c.to_turn,
    runs.c.model_calls,
    runs.c.prompt_tokens,
    runs.c.completion_tokens,
    runs.c.cached_tokens,
    runs.c.created,
    runs.c.updated,
    runs.c.deleted,
    runs.c.refused,
    runs.c.duration_ms,
    runs.c.finished_at,
    runs.c.error,
)


@dataclass(frozen=True, slots=True)
class RunFilter:
    session_id: str | None = None
    outcome: str | None = None
    project: str | None = None
    since: datetime | None = None
    limit: int = 50


async def list_runs(conn: AsyncConnection, where: RunFilter) -> list[dict[str, Any]]:
    query = sa.select(*LISTED)
    if where.session_id is not None:
        query = query.where(runs.c.session_id == where.session_id)
    if where.outcome is not None:
        query = query.where(runs.c.outcome == where.outcome)
    if where.project is not None:
        query = query.where(runs.c.project == where.project)
    if where.since is not None:
        query = query.where(runs.c.finished_at >= where.since)
    rows = await conn.execute(query.order_by(runs.c.id.desc()).limit(where.limit))
    return [plain(row) for row in rows]


async def get_run(conn: AsyncConnection, run_id: int) -> dict[str, Any] | None:
    row = (await conn.execute(sa.select(runs).where(runs.c.id == run_id))).first()
    return None if row is None else plain(row)
