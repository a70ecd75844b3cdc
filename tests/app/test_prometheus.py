"""The Prometheus endpoint: in-process counters, this worker's runs, the deployment's state."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from daemon.app.container import Container
from daemon.app.process_runner import drain_worker
from daemon.app.prometheus import (
    MetricsSource,
    process_families,
    run_families,
    start_metrics,
    status_families,
)
from daemon.store.db import upsert
from daemon.store.tables import jobs_state
from tests.harness import publish_fixture, worker


class _Static:
    def __init__(self, families: list[Any]) -> None:
        self.families = families

    def collect(self) -> Iterator[Any]:
        yield from self.families


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def value(found: dict[Any, float], name: str, **labels: str) -> float:
    return found[(name, tuple(sorted(labels.items())))]


async def test_a_scrape_reports_events_jobs_runs_tokens_and_the_queue(runtime: Container) -> None:
    await publish_fixture(runtime, "billing-fix")
    await publish_fixture(runtime, "agent-saved")
    await runtime.redis.xadd(runtime.keys.stream, {"event": b"{not json"})
    dispatcher = runtime.dispatcher(consumer="d")
    arq_worker = worker(runtime)
    source = MetricsSource(runtime, dispatcher=dispatcher, worker=arq_worker)
    await source.start()
    await dispatcher.run(burst=True)
    await drain_worker(arq_worker, runtime)
    async with runtime.store.begin() as conn:
        now = datetime.now(UTC)
        await conn.execute(
            upsert(conn, jobs_state).values(
                name="consolidate",
                last_started_at=now - timedelta(seconds=5),
                last_finished_at=now,
                outcome="ok",
            )
        )

    sample = await source.sample()
    registry = CollectorRegistry(auto_describe=False)
    registry.register(
        _Static(
            [*process_families(source), *run_families(sample.runs), *status_families(sample.status)]
        )
    )
    found = samples(generate_latest(registry).decode())

    assert value(found, "memoryd_events_total", result="stored") == 6
    assert value(found, "memoryd_events_total", result="dead_lettered") == 1
    assert value(found, "memoryd_dead_letters") == 1
    assert value(found, "memoryd_jobs_total", outcome="complete") >= 2
    runs = {k[1][0][1]: v for k, v in found.items() if k[0] == "memoryd_extraction_runs_total"}
    assert {k: v for k, v in runs.items() if v} == {"wrote": 2}  # one run per session
    assert value(found, "memoryd_extraction_duration_seconds_count") == sum(runs.values())
    assert value(found, "memoryd_memories_written_total", action="created") >= 3
    assert ("memoryd_extraction_tokens_total", (("kind", "cached"),)) in found
    assert value(found, "memoryd_stream_length") == 0  # stored and dead-lettered: deleted
    assert value(found, "memoryd_stream_lag") == 0
    assert value(found, "memoryd_workers_live") == 1
    assert value(found, "memoryd_backend_up", backend="store") == 1
    assert value(found, "memoryd_scheduled_job_last_run_ok", task="consolidate") == 1
    stamp = value(found, "memoryd_scheduled_job_last_run_timestamp_seconds", task="consolidate")
    assert abs(stamp - now.timestamp()) < 1


async def test_runs_of_other_workers_and_earlier_processes_are_not_counted(
    runtime: Container,
) -> None:
    await publish_fixture(runtime, "billing-fix")
    await runtime.dispatcher(consumer="d").run(burst=True)
    await drain_worker(worker(runtime), runtime)  # before this source started
    theirs = MetricsSource(runtime, worker=worker(runtime), worker_name="someone-else")
    mine = MetricsSource(runtime, worker=worker(runtime))
    for source in (theirs, mine):
        await source.start()
    await publish_fixture(runtime, "agent-saved")
    await runtime.dispatcher(consumer="d").run(burst=True)
    await drain_worker(worker(runtime), runtime)
    assert (await theirs.sample()).runs.by_outcome == {}
    assert (await mine.sample()).runs.by_outcome == {"wrote": 1}


async def test_the_endpoint_serves_metrics_over_http(
    runtime: Container, settings_factory: Any
) -> None:
    settings = settings_factory(metrics={"enabled": True, "port": 0, "host": "127.0.0.1"})
    rt = Container(settings, runtime.redis, runtime.store)
    dispatcher = rt.dispatcher(consumer="d")
    server = await start_metrics(rt, dispatcher=dispatcher)
    try:
        url = f"http://127.0.0.1:{server.port}/metrics"
        body = await asyncio.to_thread(lambda: urllib.request.urlopen(url, timeout=10).read())
    finally:
        server.stop()
    found = samples(body.decode())
    assert value(found, "memoryd_events_total", result="stored") == 0
    assert value(found, "memoryd_backend_up", backend="redis") == 1
    assert ("memoryd_extraction_runs_total", ()) not in found  # no worker in this process


async def test_every_metric_the_alert_rules_use_is_exported(runtime: Container) -> None:
    """deploy/alerts.yml names only metrics this code exports (renaming one breaks this)."""
    import re
    from pathlib import Path

    from daemon.health.report import ScheduledJob, Status

    source = MetricsSource(runtime, dispatcher=runtime.dispatcher(), worker=worker(runtime))
    sample = await source.sample()
    status: Status = sample.status
    status.scheduled = [ScheduledJob("consolidate", "ok", None, datetime.now(UTC), 1.0)]
    registry = CollectorRegistry(auto_describe=False)
    registry.register(
        _Static([*process_families(source), *run_families(sample.runs), *status_families(status)])
    )
    exported = {name for name, _ in samples(generate_latest(registry).decode())}
    rules = (Path(__file__).parents[2] / "deploy" / "alerts.yml").read_text()
    used = set(re.findall(r"\bmemoryd_[a-z_]+", rules))
    assert len(used) >= 12
    assert used <= exported, used - exported
