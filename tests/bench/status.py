"""``./dev bench status``: how long ``memoryd status`` takes to read a busy deployment.

The busy deployment, on a private Redis prefix and a scratch store: a turn stream of
``entries`` entries (filled by a server-side script) with a consumer group that has read
5,000 of them and not acknowledged them, 500 dead letters, 3,000 queued extraction jobs,
``sessions`` sessions of 20 turns of which every third is behind its cursor, and an hour of
``runs`` extraction runs. The baseline, measured in the same run, is the same status read
from an empty stream and an empty store. Each figure is the wall-clock time of one
:func:`~daemon.health.gather_status` call, the whole of what ``memoryd status`` does after
connecting, after a warm-up.
"""

from __future__ import annotations

import secrets
import time
from contextlib import suppress
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from redis.asyncio import Redis
from redis.exceptions import RedisError

from daemon.app.container import Container, connect_redis
from daemon.base.clock import SystemClock
from daemon.base.redis_keys import Keys
from daemon.base.settings import Settings
from daemon.health import gather_status
from daemon.health.report import Status
from daemon.queue import JobQueue
from daemon.store.db import Store
from daemon.store.tables import cursors, runs, sessions
from tests.bench.scratch import drop_prefix, scratch_database
from tests.bench.timing import latency_ms, time_calls

TARGET_MS = 200.0
_PENDING = 5_000
_DEAD = 500
_QUEUED = 3_000
_TURNS = 20
_FILL_CHUNK = 100_000  # XADDs per script call (each blocks Redis about 0.1 s)
_INSERT_BATCH = 5_000

_FILL = """
for i = 1, tonumber(ARGV[1]) do
  redis.call('XADD', KEYS[1], '*', 'event', ARGV[2])
end
return redis.call('XLEN', KEYS[1])
"""


async def _fill_redis(redis: Redis, keys: Keys, entries: int, queue: JobQueue) -> None:
    await redis.xgroup_create(keys.stream, keys.group, id="0", mkstream=True)  # a new prefix
    fill = redis.register_script(_FILL)
    left = entries
    while left > 0:
        chunk = min(left, _FILL_CHUNK)
        await fill(keys=[keys.stream], args=[chunk, b'{"v":1}'])
        left -= chunk
    await redis.xreadgroup(keys.group, "bench-reader", {keys.stream: ">"}, count=_PENDING)
    pipe = redis.pipeline(transaction=False)
    for i in range(_DEAD):
        pipe.xadd(keys.dead, {"reason": f"bench dead letter {i}", "payload": b"x", "at": "t"})
    await pipe.execute()
    await queue.request_extraction([f"bench-{i}" for i in range(_QUEUED)], delay_s=0)


def _cursor(i: int) -> int:
    """Every third session is 5 turns behind."""
    return _TURNS - 5 * (i % 3 == 0)


async def _fill_store(store: Store, count: int, runs_count: int) -> None:
    now = SystemClock().now()
    scope = {"tenant": "", "project": "bench", "user": ""}
    session_rows = [
        {
            **scope,
            "session_id": f"bench-{i}",
            "first_seen_at": now - timedelta(hours=2),
            "last_event_at": now - timedelta(minutes=i % 60),
            "last_turn": _TURNS,
            "extracted_turn": _cursor(i),
        }
        for i in range(count)
    ]
    cursor_rows = [
        {**scope, "session_id": f"bench-{i}", "turn": _cursor(i), "updated_at": now}
        for i in range(count)
    ]
    run_rows = [
        {
            **scope,
            "session_id": f"bench-{i % max(count, 1)}",
            "extractor": "llm",
            "outcome": "extracted" if i % 50 else "failed",
            "from_turn": 1,
            "to_turn": _TURNS,
            "prompt_tokens": 2_000 + i % 700,
            "completion_tokens": 150,
            "cached_tokens": 1_200,
            "created": 1,
            "started_at": now - timedelta(seconds=3600 * i / max(runs_count, 1) + 1),
            "finished_at": now - timedelta(seconds=3600 * i / max(runs_count, 1)),
            "duration_ms": 200 + (i * 37) % 1_800,
        }
        for i in range(runs_count)
    ]
    for table, rows in ((sessions, session_rows), (cursors, cursor_rows), (runs, run_rows)):
        for start in range(0, len(rows), _INSERT_BATCH):
            async with store.begin() as conn:
                await conn.execute(sa.insert(table), rows[start : start + _INSERT_BATCH])
    if store.dialect == "postgresql":
        async with store.connect() as conn:
            await conn.execute(sa.text("COMMIT"))
            await conn.execute(sa.text("ANALYZE"))


async def _time(probe: Container, calls: int, warmup: int) -> tuple[dict[str, float], Status]:
    """p50, p95 and the worst of ``calls`` status readings, and the last reading."""
    read: list[Status] = []

    async def reading() -> None:
        read.append(await gather_status(probe))

    timings = await time_calls(reading, calls, warmup)
    return {**latency_ms(timings, 2), "max_ms": round(max(timings), 2)}, read[-1]


async def bench_status(
    base: Settings,
    *,
    entries: int = 1_000_000,
    sessions_count: int = 10_000,
    runs_count: int = 20_000,
    calls: int = 50,
) -> dict[str, Any]:
    """Status latency on an empty deployment (the baseline) and on a busy one."""
    settings = base.model_copy(update={"redis_prefix": f"memoryd-bench-{secrets.token_hex(4)}"})
    keys = Keys.of(settings)
    redis = connect_redis(settings)
    try:
        async with scratch_database(base.database_url, "status") as url:
            store = Store.from_url(url, pool_size=2)
            scratch = settings.model_copy(update={"database_url": url})
            probe = Container(settings=scratch, redis=redis, store=store, clock=SystemClock())
            try:
                baseline, _ = await _time(probe, calls, 5)
                filling = time.perf_counter()
                await _fill_redis(
                    redis, keys, entries, JobQueue(redis, keys, SystemClock(), debounce_s=0)
                )
                await _fill_store(store, sessions_count, runs_count)
                fill_s = time.perf_counter() - filling
                loaded, status = await _time(probe, calls, 5)
            finally:
                await store.close()
    finally:
        with suppress(RedisError, OSError):  # never hide the error that got us here
            await drop_prefix(redis, keys)
        await redis.aclose()
    return {
        "benchmark": "status",
        "backend": "sqlite" if base.is_sqlite else "postgresql",
        "target_ms": TARGET_MS,
        "calls": calls,
        "fill_s": round(fill_s, 1),
        "busy": {
            "stream_entries": status.stream.length,
            "lag": status.stream.lag,
            "pending": status.stream.pending,
            "dead_letters": status.dead.count,
            "queued": status.queue.depth,
            "sessions_behind": status.backlog.sessions_behind,
            "runs_last_hour": status.extraction.runs,
            **loaded,
        },
        "empty": baseline,
        "ratio_p95": round(loaded["p95_ms"] / baseline["p95_ms"], 2),
        "met_target": loaded["p95_ms"] < TARGET_MS,
    }
