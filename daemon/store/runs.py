"""Run records: one row per extraction attempt, whatever its outcome."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.base.scope import ScopeKey
from daemon.store import usage
from daemon.store.erasure_scope import ErasureScope
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


async def insert_run(conn: AsyncConnection, record: RunRecord, *, final: bool = True) -> int:
    """Record a run; a ``final`` record is counted in the usage now, in this transaction
    (else when :func:`set_counts` settles its outcome and counts)."""
    values = asdict(record)
    scope = values.pop("scope")
    values.update(tenant=scope["tenant"], project=scope["project"], user=scope["user"])
    if values["error"] is not None:
        values["error"] = values["error"][:4000]
    run_id = (
        await conn.execute(sa.insert(runs).values(**values).returning(runs.c.id))
    ).scalar_one()
    if final:
        await usage.add_run(conn, _usage_of(values))
    return int(run_id)


async def set_counts(
    conn: AsyncConnection, run_id: int, *, outcome: str, created: int, updated: int, deleted: int
) -> None:
    """Settle a run recorded with ``final=False``: its outcome and counts, and its usage."""
    row = (
        await conn.execute(
            sa.update(runs)
            .where(runs.c.id == run_id)
            .values(outcome=outcome, created=created, updated=updated, deleted=deleted)
            .returning(*(runs.c[name] for name in _USAGE_COLUMNS))
        )
    ).one()
    await usage.add_run(conn, _usage_of(dict(row._mapping)))


_USAGE_COLUMNS = (
    "tenant",
    "project",
    "started_at",
    "outcome",
    "model_calls",
    "prompt_tokens",
    "completion_tokens",
    "cached_tokens",
    "created",
    "updated",
)


def _usage_of(values: dict[str, Any]) -> usage.RunUsage:
    """A run's usage: its day is the UTC day it started on (the injected clock's)."""
    return usage.RunUsage(
        tenant=values["tenant"],
        project=values["project"],
        day=usage.day_of(values["started_at"]),
        outcome=str(values["outcome"]),
        model_calls=values["model_calls"],
        prompt_tokens=values["prompt_tokens"],
        completion_tokens=values["completion_tokens"],
        cached_tokens=values["cached_tokens"],
        memories_written=values["created"] + values["updated"],
    )


# Reads for operators, status and metrics; retention and erasure. Rows come back as plain
# mappings (column name to value): callers never see the table.

#: The columns ``memoryd runs`` lists.
LISTED = (
    "id",
    "session_id",
    "project",
    "user",
    "extractor",
    "outcome",
    "from_turn",
    "to_turn",
    "model_calls",
    "prompt_tokens",
    "completion_tokens",
    "cached_tokens",
    "created",
    "updated",
    "deleted",
    "refused",
    "duration_ms",
    "finished_at",
    "error",
)
#: The columns of a session's recent runs (``memoryd sessions show``).
OF_SESSION = (
    "id",
    "outcome",
    "from_turn",
    "to_turn",
    "created",
    "updated",
    "deleted",
    "duration_ms",
    "finished_at",
    "error",
)


@dataclass(frozen=True, slots=True)
class RunFilter:
    session_id: str | None = None
    outcome: str | None = None
    project: str | None = None
    since: datetime | None = None
    limit: int = 50


def _mapping(row: sa.Row[Any]) -> dict[str, Any]:
    return dict(row._mapping)


async def list_runs(conn: AsyncConnection, where: RunFilter) -> list[dict[str, Any]]:
    """Runs matching ``where``, the newest first."""
    query = sa.select(*(runs.c[name] for name in LISTED))
    for column, value in (
        ("session_id", where.session_id),
        ("outcome", where.outcome),
        ("project", where.project),
    ):
        if value is not None:
            query = query.where(runs.c[column] == value)
    if where.since is not None:
        query = query.where(runs.c.finished_at >= where.since)
    rows = await conn.execute(query.order_by(runs.c.id.desc()).limit(where.limit))
    return [_mapping(row) for row in rows]


async def get_run(conn: AsyncConnection, run_id: int) -> dict[str, Any] | None:
    """One run, every column."""
    row = (await conn.execute(sa.select(runs).where(runs.c.id == run_id))).first()
    return None if row is None else _mapping(row)


async def of_session(
    conn: AsyncConnection,
    session_id: str,
    *,
    tenant: str,
    columns: tuple[str, ...] = OF_SESSION,
    limit: int,
) -> list[dict[str, Any]]:
    """The last ``limit`` runs of ``tenant``'s session ``session_id``, the newest first."""
    rows = await conn.execute(
        sa.select(*(runs.c[name] for name in columns))
        .where(runs.c.tenant == tenant, runs.c.session_id == session_id)
        .order_by(runs.c.id.desc())
        .limit(limit)
    )
    return [_mapping(row) for row in rows]


async def count(conn: AsyncConnection) -> int:
    """How many run records are kept."""
    return int((await conn.execute(sa.select(sa.func.count()).select_from(runs))).scalar_one())


async def last_id(conn: AsyncConnection) -> int:
    """The newest run's id (0 when there is none)."""
    return int((await conn.execute(sa.select(sa.func.max(runs.c.id)))).scalar_one() or 0)


async def of_worker_after(
    conn: AsyncConnection, worker: str, after_id: int, counts: tuple[str, ...]
) -> list[dict[str, Any]]:
    """``worker``'s runs past ``after_id``, oldest first: id, outcome, duration_ms and the
    ``counts`` columns."""
    columns = [runs.c.id, runs.c.outcome, runs.c.duration_ms] + [runs.c[n] for n in counts]
    rows = await conn.execute(
        sa.select(*columns).where(runs.c.id > after_id, runs.c.worker == worker).order_by(runs.c.id)
    )
    return [_mapping(row) for row in rows]


@dataclass(frozen=True, slots=True)
class OutcomeTotals:
    """The runs of one outcome finished in a window, and what they spent and wrote."""

    outcome: str
    runs: int
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int
    memories_written: int


async def totals_since(conn: AsyncConnection, since: datetime) -> list[OutcomeTotals]:
    """Runs finished since ``since``, by outcome (an indexed range of ``finished_at``)."""
    total = sa.func.sum
    rows = await conn.execute(
        sa.select(
            runs.c.outcome,
            sa.func.count(),
            sa.func.coalesce(total(runs.c.prompt_tokens), 0),
            sa.func.coalesce(total(runs.c.completion_tokens), 0),
            sa.func.coalesce(total(runs.c.cached_tokens), 0),
            sa.func.coalesce(total(runs.c.created + runs.c.updated), 0),
        )
        .where(runs.c.finished_at >= since)
        .group_by(runs.c.outcome)
    )
    return [OutcomeTotals(str(row[0]), *(int(value) for value in row[1:])) for row in rows]


async def latest_durations(conn: AsyncConnection, since: datetime, *, limit: int) -> list[int]:
    """The durations (ms) of at most ``limit`` of the latest runs finished since ``since``,
    ascending."""
    rows = await conn.execute(
        sa.select(runs.c.duration_ms)
        .where(runs.c.finished_at >= since)
        .order_by(runs.c.finished_at.desc())
        .limit(limit)
    )
    return sorted(int(duration) for duration in rows.scalars())


async def prune_batch(conn: AsyncConnection, cutoff: datetime, limit: int) -> int:
    """Delete up to ``limit`` of the oldest runs finished before ``cutoff``; how many."""
    old = (
        sa.select(runs.c.id)
        .where(runs.c.finished_at < cutoff)
        .order_by(runs.c.finished_at)
        .limit(limit)
    )
    result = await conn.execute(sa.delete(runs).where(runs.c.id.in_(old.subquery().select())))
    return int(result.rowcount)


async def session_ids_of(conn: AsyncConnection, erased: ErasureScope) -> set[tuple[str, str]]:
    """The sessions (tenant, session id) with runs in ``erased``."""
    query = sa.select(runs.c.tenant, runs.c.session_id).where(erased.where(runs)).distinct()
    return {(row[0], row[1]) for row in await conn.execute(query)}


async def delete_of_sessions(conn: AsyncConnection, session_ids: list[tuple[str, str]]) -> int:
    """Delete the runs of these sessions (tenant, session id); how many."""
    key = sa.tuple_(runs.c.tenant, runs.c.session_id)
    result = await conn.execute(sa.delete(runs).where(key.in_(session_ids)))
    return int(result.rowcount)


async def delete_in(conn: AsyncConnection, erased: ErasureScope) -> int:
    """Delete the runs of ``erased`` (outside any session listed too); how many."""
    return int((await conn.execute(sa.delete(runs).where(erased.where(runs)))).rowcount)


#: What a host is told of a run: which, how it ended, when, and the turns it covered.
SHOWN = ("id", "outcome", "from_turn", "to_turn", "finished_at")


async def last_of(conn: AsyncConnection, tenant: str, session_id: str) -> dict[str, Any] | None:
    """The tenant's session's last run (:data:`SHOWN`), None before any."""
    row = (
        await conn.execute(
            sa.select(*(runs.c[name] for name in SHOWN))
            .where(runs.c.tenant == tenant, runs.c.session_id == session_id)
            .order_by(runs.c.id.desc())
            .limit(1)
        )
    ).first()
    return None if row is None else _mapping(row)


async def passing(
    conn: AsyncConnection, tenant: str, session_id: str, turn: int, outcomes: tuple[str, ...]
) -> dict[str, Any] | None:
    """The first run of the tenant's session with one of ``outcomes`` that reached ``turn``
    (:data:`SHOWN`): the run that moved the cursor past it. None when none did (the cursor
    passed it by an operator's skip, or its run records were pruned)."""
    row = (
        await conn.execute(
            sa.select(*(runs.c[name] for name in SHOWN))
            .where(
                runs.c.tenant == tenant,
                runs.c.session_id == session_id,
                runs.c.outcome.in_(outcomes),
                runs.c.to_turn >= turn,
            )
            .order_by(runs.c.id)
            .limit(1)
        )
    ).first()
    return None if row is None else _mapping(row)
