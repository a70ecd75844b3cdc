"""``memoryd bench scale``: dispatcher and worker processes on this machine against the real
Redis and PostgreSQL, the fake model at 200 ms per call; throughput, publish-to-memory
latency, and the invariants (no overlapping runs of a session, no duplicate memory, no turn
left behind) for 1, 2 and 4 worker processes."""

from __future__ import annotations

import asyncio
import secrets
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from daemon.bench.cluster import Cluster
from daemon.bench.fakemodel import fake_model_process
from daemon.bench.load import turns
from daemon.bench.scratch import drop_prefix, scratch_database
from daemon.bench.verify import Verdict, verify
from daemon.events.codec import EVENT_FIELD, encode_event
from daemon.events.models import TurnEvent
from daemon.redis_keys import Keys
from daemon.runtime import connect_redis
from daemon.settings import Settings
from daemon.store.db import Store
from daemon.store.tables import cursors


@dataclass(frozen=True, slots=True)
class Shape:
    sessions: int
    turns: int
    dispatchers: int
    workers: int
    rate: float  # turns published per second
    latency_s: float = 0.2
    timeout_s: float = 600.0


def llm_env(base_url: str) -> dict[str, str]:
    return {
        "MEMORYD_EXTRACTION__EXTRACTOR": "llm",
        "MEMORYD_LLM__BASE_URL": base_url,
        "MEMORYD_LLM__MODEL": "fake-model",
        "MEMORYD_LLM__API_KEY": "bench-key-not-a-secret",
    }


def bench_settings(base: Settings, database_url: str, workdir: Path) -> Settings:
    return base.model_copy(
        update={
            "database_url": database_url,
            "redis_prefix": f"memoryd-bench-{secrets.token_hex(4)}",
            "truncation": base.truncation.model_copy(update={"dir": workdir / "truncations"}),
            "extraction": base.extraction.model_copy(update={"debounce_s": 1.0}),
            "worker": base.worker.model_copy(
                update={
                    "max_jobs": 40,
                    "poll_delay_s": 0.05,
                    "job_timeout_s": 60,
                    "sweep_interval_s": 5,
                    "retry_backoff_s": 0.5,
                }
            ),
            "stream": base.stream.model_copy(update={"claim_idle_s": 5, "claim_interval_s": 2}),
        }
    )


@asynccontextmanager
async def running_cluster(
    settings: Settings, shape: Shape, workdir: Path, env: dict[str, str]
) -> AsyncIterator[Cluster]:
    cluster = Cluster(settings, workdir, extra_env=env)
    try:
        for _ in range(shape.dispatchers):
            cluster.start("dispatch")
        for _ in range(shape.workers):
            cluster.start("worker")
        yield cluster
    finally:
        cluster.stop()


async def publish_paced(
    settings: Settings, events: list[TurnEvent], rate: float, published: dict[str, datetime]
) -> None:
    """XADD the events at ``rate`` per second, recording when each went out."""
    keys = Keys.of(settings)
    redis = connect_redis(settings, keys)
    try:
        started = time.monotonic()
        step = max(1, int(rate / 20))
        for i in range(0, len(events), step):
            chunk = events[i : i + step]
            pipe = redis.pipeline(transaction=False)
            for event in chunk:
                pipe.xadd(keys.stream, {EVENT_FIELD: encode_event(event, max_bytes=1 << 22)})
            await pipe.execute()
            now = datetime.now(UTC)
            for event in chunk:
                published[event.event_id] = now
            delay = started + (i + step) / rate - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
    finally:
        await redis.aclose()


async def wait_extracted(store: Store, last_turns: dict[str, int], timeout_s: float) -> float:
    """Seconds until every session's cursor reached its last turn (or the timeout)."""
    started = time.monotonic()
    want = sum(last_turns.values())
    while time.monotonic() - started < timeout_s:
        async with store.connect() as conn:
            total = sa.func.coalesce(sa.func.sum(cursors.c.turn), 0)
            done = (await conn.execute(sa.select(total))).scalar_one()
        if int(done) >= want:
            break
        await asyncio.sleep(0.5)
    return time.monotonic() - started


async def run_shape(base: Settings, shape: Shape, fake_url: str) -> dict[str, Any]:
    events = list(turns(shape.sessions, shape.turns, seed=5))
    last_turns = {e.session_id: shape.turns for e in events}
    published: dict[str, datetime] = {}
    with tempfile.TemporaryDirectory(prefix="memoryd-scale-") as tmp:
        async with scratch_database(base.database_url, "scale") as url:
            settings = bench_settings(base, url, Path(tmp))
            store = Store.from_url(url)
            try:
                async with running_cluster(settings, shape, Path(tmp), llm_env(fake_url)):
                    started = time.monotonic()
                    await publish_paced(settings, events, shape.rate, published)
                    await wait_extracted(store, last_turns, shape.timeout_s)
                    elapsed = time.monotonic() - started
                verdict = await verify(store, published, last_turns)
            finally:
                await store.close()
                redis = connect_redis(settings, Keys.of(settings))
                await drop_prefix(redis, Keys.of(settings))
                await redis.aclose()
    return _figures(shape, verdict, elapsed)


def _figures(shape: Shape, verdict: Verdict, elapsed: float) -> dict[str, Any]:
    return {
        "dispatchers": shape.dispatchers,
        "workers": shape.workers,
        "sessions": shape.sessions,
        "turns": verdict.published,
        "seconds": round(elapsed, 1),
        "turns_per_s": round(verdict.extracted / elapsed, 1) if elapsed else None,
        "latency_p50_s": verdict.percentile(0.5),
        "latency_p99_s": verdict.percentile(0.99),
        "lost": verdict.lost,
        "behind": verdict.behind,
        "duplicated": verdict.duplicated,
        "overlapping_runs": verdict.overlapping_runs,
    }


async def bench_scale(
    base: Settings, *, sessions: int, turns_per_session: int, rate: float, workers: list[int]
) -> dict[str, Any]:
    results = []
    async with AsyncExitStack() as stack:
        fake_url = stack.enter_context(fake_model_process(0.2))
        for count in workers:
            shape = Shape(sessions, turns_per_session, dispatchers=2, workers=count, rate=rate)
            results.append(await run_shape(base, shape, fake_url))
    ok = all(
        r["lost"] == r["duplicated"] == r["behind"] == r["overlapping_runs"] == 0 for r in results
    )
    return {"runs": results, "invariants_held": ok}
