"""Today's usage in ``memoryd status`` and the Prometheus endpoint: per tenant for the
largest ``usage_tenants`` tenants, the rest summed as one row (a bounded label set); tenants
over budget in a status line and a gauge by mode (both backends)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from prometheus_client import CollectorRegistry, generate_latest
from rich.console import Console

from daemon.app.container import Container
from daemon.app.prometheus import usage_families
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.health import gather_status
from daemon.health.render import render_status
from daemon.health.report import OTHER_TENANTS
from daemon.store import runs, usage
from daemon.store.runs import RunRecord
from tests.app.test_prometheus import _Static, samples, value

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


async def _seed(rt: Container, tenants: int) -> None:
    async with rt.store.begin() as conn:
        for i in range(tenants):
            for at in (NOW, NOW - timedelta(days=1)):  # yesterday's runs are not today's
                record = RunRecord(
                    session_id=f"s{i}",
                    scope=ScopeKey(project="p", user="u", tenant=f"t{i:02}"),
                    extractor="rules",
                    outcome="wrote",
                    started_at=at,
                    finished_at=at,
                    duration_ms=1,
                    model_calls=1,
                    prompt_tokens=10 * (i + 1),
                    completion_tokens=1,
                    created=1,
                )
                await runs.insert_run(conn, record)
        await usage.set_budget(conn, "t05", daily_tokens=60, mode="hard", now=NOW)
        await usage.set_budget(conn, "t01", daily_tokens=21, mode="soft", now=NOW)
        await usage.set_budget(conn, "t09", daily_tokens=10**6, mode="hard", now=NOW)


async def test_usage_per_tenant_is_bounded_and_budgets_are_reported(runtime: Container) -> None:
    await _seed(runtime, 12)
    settings = runtime.settings
    bounded = settings.model_copy(
        update={"metrics": settings.metrics.model_copy(update={"usage_tenants": 3})}
    )
    probe = Container(
        settings=bounded, redis=runtime.redis, store=runtime.store, clock=FakeClock(NOW)
    )
    status = await gather_status(probe)
    tenants = [(t.tenant, t.prompt_tokens, t.runs) for t in status.usage.tenants]
    others = sum(10 * (i + 1) for i in range(9))
    assert tenants == [
        ("t11", 120, 1),
        ("t10", 110, 1),
        ("t09", 100, 1),
        (OTHER_TENANTS, others, 9),
    ]
    assert [(b.tenant, b.mode, b.used) for b in status.usage.over_budget] == [
        ("t01", "soft", 21),
        ("t05", "hard", 61),
    ]

    registry = CollectorRegistry(auto_describe=True)
    registry.register(_Static(list(usage_families(status))))  # type: ignore[arg-type]
    found = samples(generate_latest(registry).decode())
    assert value(found, "memoryd_usage_tokens_today", tenant="t11", kind="prompt") == 120
    assert value(found, "memoryd_usage_tokens_today", tenant=OTHER_TENANTS, kind="prompt") == others
    assert value(found, "memoryd_usage_runs_today", tenant=OTHER_TENANTS) == 9
    series = {labels for name, labels in found if name == "memoryd_usage_runs_today"}
    assert len(series) == 4  # usage_tenants + 1, whatever the number of tenants
    assert value(found, "memoryd_usage_tenants_over_budget", mode="hard") == 1
    assert value(found, "memoryd_usage_tenants_over_budget", mode="soft") == 1

    console = Console(width=300, file=io.StringIO(), record=True)
    console.print(render_status(status))
    text = " ".join(console.export_text().split())
    assert "tenant 't05': 61 of 60 tokens today, extraction PAUSED until the next UTC day" in text
    assert "tenant 't01': 21 of 21 tokens today, soft" in text
    assert status.as_dict()["usage"]["over_budget"][0]["tenant"] == "t01"
