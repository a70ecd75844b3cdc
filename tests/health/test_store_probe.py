"""What the health report reads from the store: extraction durations come from the latest runs
(both backends)."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from rich.console import Console

from daemon.app.container import Container
from daemon.base.clock import FakeClock
from daemon.base.scope import ScopeKey
from daemon.health import Status, gather_status
from daemon.health.render import render_status
from tests.operators.seed import run

SCOPE = ScopeKey(project="acme/billing")


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


async def status(rt: Container, clock: FakeClock | None = None, **health: Any) -> Status:
    settings = rt.settings
    if health:
        settings = settings.model_copy(update={"health": settings.health.model_copy(update=health)})
    probe = Container(
        settings=settings, redis=rt.redis, store=rt.store, clock=clock or FakeClock(now())
    )
    return await gather_status(probe)


async def test_durations_come_from_the_latest_runs(
    runtime: Container, monkeypatch: pytest.MonkeyPatch
) -> None:
    """p50/p95 are those of the latest DURATION_SAMPLE runs of the hour (a bounded read);
    the counts are of every run in the hour."""
    monkeypatch.setattr("daemon.health.store_probe.DURATION_SAMPLE", 10)
    at = now()
    for i in range(1, 21):  # the i-th finished i s after the first and took i s
        finished = at - timedelta(seconds=40 - i)
        await run(runtime, SCOPE, f"s{i}", "wrote", finished_at=finished, duration_ms=i * 1000)
    s = await status(runtime, FakeClock(at), worker_required=False)
    assert (s.extraction.runs, s.extraction.durations_of) == (20, 10)
    assert (s.extraction.p50_ms, s.extraction.p95_ms) == (15_000, 20_000)
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(render_status(s))
    assert "(the last 10 runs)" in console.export_text()


async def test_the_review_queue_is_counted_and_shown(runtime: Container) -> None:
    from daemon.app.prometheus import status_families
    from daemon.gate import Draft, Limits
    from daemon.store import memory
    from daemon.store.memory import Actor, Provenance

    async with runtime.store.begin() as conn:
        for content in ("Always squash commits before merging.", "Deploys run on Fridays."):
            await memory.save(
                conn,
                ScopeKey(project="acme/billing", user="alice"),
                Draft("project", "durable", "", content),
                prov=Provenance(actor=Actor.AGENT, source_user="alice"),
                now=now(),
                limits=Limits(120, 2000),
            )
    s = await status(runtime, worker_required=False)
    assert s.review_pending == 1
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(render_status(s))
    assert "1 memories waiting for an operator (memoryd memories review)" in console.export_text()
    gauges = {f.name: f.samples[0].value for f in status_families(s) if f.samples}
    assert gauges["memoryd_review_pending"] == 1.0
