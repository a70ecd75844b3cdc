"""The owner of ``usage_daily`` and ``usage_budgets``: runs are counted per tenant, project,
UTC day and outcome in the transaction that records them, and the counts outlive the
pruning of ``runs``; budgets are set, read and cleared; on both backends."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from daemon.app.container import Container
from daemon.base.scope import ScopeKey
from daemon.store import runs, usage
from daemon.store.runs import RunRecord

T0 = datetime(2026, 10, 5, 23, 30, tzinfo=UTC)


def _run(tenant: str, project: str, at: datetime, **kw: object) -> RunRecord:
    return RunRecord(
        session_id=f"{tenant}-{project}",
        scope=ScopeKey(project=project, user="u", tenant=tenant),
        extractor="rules",
        outcome=str(kw.pop("outcome", "wrote")),
        started_at=at,
        finished_at=at + timedelta(hours=1),  # the day is the one the run started on
        duration_ms=10,
        **kw,  # type: ignore[arg-type]
    )


async def test_runs_are_counted_per_tenant_project_day_and_survive_pruning(
    runtime: Container,
) -> None:
    async with runtime.store.begin() as conn:
        await runs.insert_run(conn, _run("A", "p", T0, prompt_tokens=10, model_calls=2, created=1))
        await runs.insert_run(conn, _run("A", "p", T0, outcome="failed", prompt_tokens=5))
        await runs.insert_run(conn, _run("A", "q", T0, completion_tokens=7, updated=2))
        await runs.insert_run(conn, _run("B", "p", T0, cached_tokens=3))
        await runs.insert_run(conn, _run("A", "p", T0 + timedelta(hours=1), prompt_tokens=100))
        # A run recorded before its outcome is settled is counted when it is.
        pending = await runs.insert_run(conn, _run("B", "p", T0, prompt_tokens=4), final=False)
        await runs.set_counts(conn, pending, outcome="nothing", created=0, updated=0, deleted=0)
    async with runtime.store.begin() as conn:
        assert await runs.prune_batch(conn, T0 + timedelta(days=30), 100) == 6
    async with runtime.store.connect() as conn:
        assert await runs.count(conn) == 0
        found = await usage.daily(conn, usage.UsageFilter())
        day1, day2 = date(2026, 10, 5).isoformat(), date(2026, 10, 6).isoformat()
        got = {(r["tenant"], r["project"], r["day"]): r for r in found}
        assert list(got) == [("A", "p", day2), ("A", "p", day1), ("A", "q", day1), ("B", "p", day1)]
        a = got["A", "p", day1]
        assert (a["runs"], a["model_calls"], a["prompt_tokens"], a["memories_written"]) == (
            2, 2, 15, 1,
        )  # fmt: skip
        assert a["by_outcome"] == {"wrote": 1, "failed": 1}
        assert got["A", "q", day1]["memories_written"] == 2
        assert got["B", "p", day1]["by_outcome"] == {"wrote": 1, "nothing": 1}
        assert (got["B", "p", day1]["cached_tokens"], got["B", "p", day1]["prompt_tokens"]) == (
            3,
            4,
        )
        assert await usage.tokens_of_day(conn, "A", date(2026, 10, 5)) == 22
        assert await usage.tokens_of_day(conn, "A", date(2026, 10, 6)) == 100
        only_b = await usage.daily(conn, usage.UsageFilter(tenant="B"))
        assert [r["tenant"] for r in only_b] == ["B"]
        window = usage.UsageFilter(project="p", since=date(2026, 10, 6), until=date(2026, 10, 6))
        assert [(r["tenant"], r["day"]) for r in await usage.daily(conn, window)] == [("A", day2)]
        tenants = await usage.tenants_of_day(conn, date(2026, 10, 5))
        assert [(t["tenant"], t["runs"]) for t in tenants] == [("A", 3), ("B", 2)]


async def test_budgets_are_set_replaced_and_cleared(runtime: Container) -> None:
    async with runtime.store.begin() as conn:
        await usage.set_budget(conn, "A", daily_tokens=100, mode="soft", now=T0)
        await usage.set_budget(conn, "A", daily_tokens=200, mode="hard", now=T0)
        await usage.set_budget(conn, "B", daily_tokens=5, mode="soft", now=T0)
        with pytest.raises(ValueError, match="soft or hard"):
            await usage.set_budget(conn, "C", daily_tokens=5, mode="loud", now=T0)
        with pytest.raises(ValueError, match="0 or more"):
            await usage.set_budget(conn, "C", daily_tokens=-1, mode="soft", now=T0)
    async with runtime.store.begin() as conn:
        assert [(b.tenant, b.daily_tokens, b.mode) for b in await usage.budgets(conn)] == [
            ("A", 200, "hard"),
            ("B", 5, "soft"),
        ]
        await runs.insert_run(conn, _run("B", "p", T0, prompt_tokens=5))
        states = {s.budget.tenant: s for s in await usage.budget_states(conn, T0)}
        assert (states["A"].exceeded, states["B"].exceeded, states["B"].used) == (False, True, 5)
        assert await usage.clear_budget(conn, "A")
        assert not await usage.clear_budget(conn, "A")
        assert await usage.budget_state(conn, "A", T0) is None


def test_days_are_utc() -> None:
    """A time given in another zone counts on its UTC day (05:00 +05:00 is midnight UTC)."""
    assert usage.day_of(datetime(2026, 10, 6, 4, 59, tzinfo=timezone(timedelta(hours=5)))) == (
        date(2026, 10, 5)
    )
    assert usage.next_day(T0) == datetime(2026, 10, 6, tzinfo=UTC)
