"""Usage per tenant, project and UTC day (``usage_daily``), and the tenants' daily token
budgets (``usage_budgets``): the only code that reads or writes them.

A run's usage is added by :func:`add_run` in the transaction that records the run
(:mod:`daemon.store.runs` calls it), keyed by the run's tenant, project, the UTC day it
started on and its outcome: pruning ``runs`` leaves the counts. The tokens a budget counts
are prompt plus completion tokens (cached tokens are a part of the prompt's).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from daemon.store.db import upsert
from daemon.store.tables import usage_budgets, usage_daily

#: The counters of a (tenant, project, day, outcome) row.
COUNTERS = (
    "runs",
    "model_calls",
    "prompt_tokens",
    "completion_tokens",
    "cached_tokens",
    "memories_written",
)
MODES = ("soft", "hard")


def day_of(at: datetime) -> date:
    """The UTC day ``at`` falls on."""
    return at.astimezone(UTC).date()


def next_day(at: datetime) -> datetime:
    """The start (UTC midnight) of the day after ``at``'s."""
    return datetime.combine(day_of(at) + timedelta(days=1), time(), tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class RunUsage:
    """What one run spent and wrote, under its tenant, project, day and outcome."""

    tenant: str
    project: str
    day: date
    outcome: str
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    memories_written: int = 0


async def add_run(conn: AsyncConnection, used: RunUsage) -> None:
    """Count one run (in the caller's transaction)."""
    values: dict[str, Any] = {
        "tenant": used.tenant,
        "project": used.project,
        "day": used.day,
        "outcome": used.outcome,
        "runs": 1,
        "model_calls": used.model_calls,
        "prompt_tokens": used.prompt_tokens,
        "completion_tokens": used.completion_tokens,
        "cached_tokens": used.cached_tokens,
        "memories_written": used.memories_written,
    }
    insert = upsert(conn, usage_daily).values(**values)
    key = [usage_daily.c[name] for name in ("tenant", "project", "day", "outcome")]
    added = {name: usage_daily.c[name] + insert.excluded[name] for name in COUNTERS}
    await conn.execute(insert.on_conflict_do_update(index_elements=key, set_=added))


@dataclass(frozen=True, slots=True)
class UsageFilter:
    tenant: str | None = None
    project: str | None = None
    since: date | None = None
    until: date | None = None  # inclusive


def _filtered(query: Any, where: UsageFilter) -> Any:
    if where.tenant is not None:
        query = query.where(usage_daily.c.tenant == where.tenant)
    if where.project is not None:
        query = query.where(usage_daily.c.project == where.project)
    if where.since is not None:
        query = query.where(usage_daily.c.day >= where.since)
    if where.until is not None:
        query = query.where(usage_daily.c.day <= where.until)
    return query


async def daily(conn: AsyncConnection, where: UsageFilter) -> list[dict[str, Any]]:
    """One row per tenant, project and day: the counters summed over outcomes, and
    ``by_outcome`` (runs per outcome); the newest day first."""
    rows = await conn.execute(
        _filtered(sa.select(usage_daily), where).order_by(
            usage_daily.c.day.desc(), usage_daily.c.tenant, usage_daily.c.project
        )
    )
    found: dict[tuple[str, str, date], dict[str, Any]] = {}
    for row in rows.mappings():
        key = (row["tenant"], row["project"], row["day"])
        entry = found.setdefault(
            key,
            {"tenant": key[0], "project": key[1], "day": key[2].isoformat(), "by_outcome": {}}
            | dict.fromkeys(COUNTERS, 0),
        )
        for name in COUNTERS:
            entry[name] += int(row[name])
        entry["by_outcome"][row["outcome"]] = int(row["runs"])
    return list(found.values())


async def tokens_of_day(conn: AsyncConnection, tenant: str, day: date) -> int:
    """The prompt and completion tokens ``tenant`` spent on ``day``, over its projects."""
    spent = sa.func.coalesce(
        sa.func.sum(usage_daily.c.prompt_tokens + usage_daily.c.completion_tokens), 0
    )
    query = sa.select(spent).where(usage_daily.c.tenant == tenant, usage_daily.c.day == day)
    return int((await conn.execute(query)).scalar_one())


async def tenants_of_day(conn: AsyncConnection, day: date) -> list[dict[str, Any]]:
    """Each tenant's counters on ``day`` (summed over projects and outcomes), the most
    tokens first."""
    tokens = sa.func.sum(usage_daily.c.prompt_tokens + usage_daily.c.completion_tokens)
    rows = await conn.execute(
        sa.select(
            usage_daily.c.tenant,
            *(sa.func.sum(usage_daily.c[name]).label(name) for name in COUNTERS),
        )
        .where(usage_daily.c.day == day)
        .group_by(usage_daily.c.tenant)
        .order_by(tokens.desc(), usage_daily.c.tenant)
    )
    return [
        {"tenant": row["tenant"]} | {name: int(row[name] or 0) for name in COUNTERS}
        for row in rows.mappings()
    ]


# Budgets.


@dataclass(frozen=True, slots=True)
class Budget:
    tenant: str
    daily_tokens: int
    mode: str  # "soft" or "hard"
    updated_at: datetime


async def set_budget(
    conn: AsyncConnection, tenant: str, *, daily_tokens: int, mode: str, now: datetime
) -> None:
    """Set (or replace) ``tenant``'s daily token budget."""
    if mode not in MODES:
        raise ValueError(f"a budget's mode is soft or hard, not {mode!r}")
    if daily_tokens < 0:
        raise ValueError("a daily token budget is 0 or more")
    values = {"tenant": tenant, "daily_tokens": daily_tokens, "mode": mode, "updated_at": now}
    insert = upsert(conn, usage_budgets).values(**values)
    await conn.execute(
        insert.on_conflict_do_update(
            index_elements=[usage_budgets.c.tenant],
            set_={name: insert.excluded[name] for name in ("daily_tokens", "mode", "updated_at")},
        )
    )


async def clear_budget(conn: AsyncConnection, tenant: str) -> bool:
    """Remove ``tenant``'s budget; whether it had one."""
    result = await conn.execute(sa.delete(usage_budgets).where(usage_budgets.c.tenant == tenant))
    return bool(result.rowcount)


async def budget_of(conn: AsyncConnection, tenant: str) -> Budget | None:
    row = (
        await conn.execute(sa.select(usage_budgets).where(usage_budgets.c.tenant == tenant))
    ).first()
    return None if row is None else Budget(**row._mapping)


async def budgets(conn: AsyncConnection, tenant: str | None = None) -> list[Budget]:
    """Every budget (or ``tenant``'s), by tenant."""
    query = sa.select(usage_budgets).order_by(usage_budgets.c.tenant)
    if tenant is not None:
        query = query.where(usage_budgets.c.tenant == tenant)
    return [Budget(**row._mapping) for row in await conn.execute(query)]


@dataclass(frozen=True, slots=True)
class BudgetState:
    """A tenant's budget and what it spent on a day."""

    budget: Budget
    day: date
    used: int

    @property
    def exceeded(self) -> bool:
        return self.used >= self.budget.daily_tokens


async def budget_states(conn: AsyncConnection, now: datetime) -> list[BudgetState]:
    """Every budget with what its tenant spent today (UTC)."""
    today = day_of(now)
    return [
        BudgetState(b, today, await tokens_of_day(conn, b.tenant, today))
        for b in await budgets(conn)
    ]


async def budget_state(conn: AsyncConnection, tenant: str, now: datetime) -> BudgetState | None:
    """``tenant``'s budget and what it spent today (UTC), or None without a budget."""
    budget = await budget_of(conn, tenant)
    if budget is None:
        return None
    today = day_of(now)
    return BudgetState(budget, today, await tokens_of_day(conn, tenant, today))


async def erase_project(conn: AsyncConnection, project: str, tenant: str | None) -> int:
    """Delete the usage counted for ``project`` (of ``tenant``, or of every tenant): an
    erased project leaves no row naming it. Usage holds no user, so erasing a user alone
    leaves it."""
    where = [usage_daily.c.project == project]
    if tenant is not None:
        where.append(usage_daily.c.tenant == tenant)
    result = await conn.execute(sa.delete(usage_daily).where(*where))
    return int(result.rowcount or 0)
