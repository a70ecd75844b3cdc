"""Run records: one row per extraction attempt, whatever its outcome."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store.tables import runs


@dataclass(slots=True)
class RunRecord:
    session_id: str
    scope: ScopeKey
    extractor: str
    outcome: str
    started_at: datetime
    finished_at: datetime
    duration_ms: int
    from_turn: int | None = None
    to_turn: int | None = None
    messages: int = 0
    guarded_turns: int = 0
    gaps_skipped: int = 0
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    tool_calls: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0
    refused: int = 0
    refusals: list[dict[str, Any]] | None = None
    attempt: int = 1
    worker: str | None = None
    error: str | None = None


async def insert_run(conn: AsyncConnection, record: RunRecord) -> int:
    values = asdict(record)
    scope = values.pop("scope")
    values.update(tenant=scope["tenant"], project=scope["project"], user=scope["user"])
    if values["error"] is not None:
        values["error"] = values["error"][:4000]
    run_id = (
        await conn.execute(sa.insert(runs).values(**values).returning(runs.c.id))
    ).scalar_one()
    return int(run_id)


async def set_counts(
    conn: AsyncConnection, run_id: int, *, outcome: str, created: int, updated: int, deleted: int
) -> None:
    await conn.execute(
        sa.update(runs)
        .where(runs.c.id == run_id)
        .values(outcome=outcome, created=created, updated=updated, deleted=deleted)
    )
