"""``./dev bench ingest``: dispatcher throughput against a plain batched INSERT.

The load is published first (a backlog), then a dispatcher process drains it with
``--burst``; its wall time and peak resident memory are measured. The baseline inserts the
same message rows with a plain batched INSERT into a fresh store in the same run. A second
phase publishes 1,000 turns of one session within a second with a dispatcher and a worker
running, and counts the extraction jobs they turned into. ``encrypted``: the dispatcher seals
transcripts and spilled outputs with a fresh data key (the raw insert stays clear: it is the
floor both are measured against).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from daemon.app.container import connect_redis, open_container
from daemon.base.clock import SystemClock
from daemon.base.redis_keys import Keys
from daemon.base.sealing import new_key_line
from daemon.base.settings import Settings
from daemon.dispatcher.prepare import Preparer, SpillPolicy
from daemon.events.codec import EVENT_FIELD, encode_event
from daemon.store.db import Store
from daemon.store.tables import messages
from daemon.store.transcripts.message_rows import message_rows
from tests.bench import ROOT
from tests.bench.load import turns
from tests.bench.scratch import drop_prefix, scratch_database

_BATCH = 500


async def _publish(settings: Settings, sessions: int, per_session: int) -> int:
    keys = Keys.of(settings)
    redis = connect_redis(settings)
    count = 0
    try:
        pipe = redis.pipeline(transaction=False)
        for event in turns(sessions, per_session):
            pipe.xadd(keys.stream, {EVENT_FIELD: encode_event(event, max_bytes=1 << 22)})
            count += 1
            if count % 1000 == 0:
                await pipe.execute()
        await pipe.execute()
    finally:
        await redis.aclose()
    return count


def _dispatch_in_child(
    settings: Settings, truncation_dir: Path, data_keys: str | None
) -> dict[str, Any]:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("MEMORYD_DATA__")},
        **({"MEMORYD_DATA__KEYS": data_keys} if data_keys else {}),
        "MEMORYD_DATABASE_URL": settings.database_url,
        "MEMORYD_REDIS_URL": settings.redis_url,
        "MEMORYD_REDIS_PREFIX": settings.redis_prefix,
        "MEMORYD_TRUNCATION__DIR": str(truncation_dir),
        "MEMORYD_LOG__LEVEL": "warning",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.bench.ingest"], env=env, stdout=subprocess.PIPE
    )
    assert process.stdout is not None
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"the dispatcher process failed with exit code {process.returncode}")
    result: dict[str, Any] = json.loads(output)
    result["peak_rss_mb"] = round(usage.ru_maxrss / 1024, 1)
    return result


async def _child() -> None:
    """The dispatcher process: drain the stream once and report its own time."""
    from daemon.base.logs import configure_logging
    from daemon.base.settings import load_settings

    settings = load_settings()
    configure_logging(settings.log)
    runtime = await open_container(settings)
    try:
        started = time.perf_counter()
        stats = await runtime.dispatcher(consumer="bench").run(burst=True)
        seconds = time.perf_counter() - started
    finally:
        await runtime.close()
    sys.stdout.write(
        json.dumps(
            {"seconds": seconds, "stored": stats.stored, "read": stats.read, "dead": stats.dead}
        )
    )


async def _raw_insert(url: str, sessions: int, per_session: int, truncation: Path) -> float:
    """Messages per second of a plain batched INSERT of the same rows."""
    preparer = Preparer(SpillPolicy(2000, 50_000, 20))
    rows = [row for e in turns(sessions, per_session) for row in message_rows(preparer.prepare(e))]
    store = Store.from_url(url)
    try:
        started = time.perf_counter()
        for i in range(0, len(rows), _BATCH):
            async with store.begin() as conn:
                await conn.execute(sa.insert(messages), rows[i : i + _BATCH])
        return len(rows) / (time.perf_counter() - started)
    finally:
        await store.close()


async def _coalescing(settings: Settings, turns_count: int) -> dict[str, Any]:
    """Jobs that ``turns_count`` turns of one session, published within a second, became
    (the extraction jobs the worker completed: it runs no cron job here)."""
    from workers.worker_settings import build_worker

    settings = settings.model_copy(update={"redis_prefix": f"{settings.redis_prefix}-c"})
    runtime = await open_container(settings, clock=SystemClock())
    keys = runtime.keys
    worker = build_worker(runtime, cron_jobs=[])
    task = asyncio.gather(runtime.dispatcher().run(), worker.async_run())
    try:
        load = list(turns(1, turns_count))
        payloads = [encode_event(e, max_bytes=1 << 22) for e in load]
        started = time.perf_counter()
        pipe = runtime.redis.pipeline(transaction=False)
        for payload in payloads:
            pipe.xadd(keys.stream, {EVENT_FIELD: payload})
        await pipe.execute()
        publish_s = time.perf_counter() - started
        session_id = load[0].session_id
        deadline = time.perf_counter() + 120
        while time.perf_counter() < deadline:
            async with runtime.store.connect() as conn:
                turn = (
                    await conn.execute(
                        sa.text("SELECT turn FROM cursors WHERE session_id = :s"), {"s": session_id}
                    )
                ).scalar()
            if turn == turns_count:
                break
            await asyncio.sleep(0.2)
        await asyncio.sleep(runtime.settings.extraction.debounce_s + 0.5)
        jobs = worker.jobs_complete + worker.jobs_failed
        return {
            "turns": turns_count,
            "publish_seconds": round(publish_s, 3),
            "extracted_to_turn": turn,
            "jobs": jobs,
        }
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await drop_prefix(runtime.redis, keys)
        await runtime.close()


async def bench_ingest(
    base: Settings, *, sessions: int, per_session: int, encrypted: bool = False
) -> dict[str, Any]:
    prefix = f"memoryd-bench-{secrets.token_hex(4)}"
    backend = "sqlite" if base.is_sqlite else "postgresql"
    with tempfile.TemporaryDirectory(prefix="memoryd-bench-") as tmp:
        truncation = Path(tmp) / "truncations"
        async with scratch_database(base.database_url, "bench") as url:
            settings = base.model_copy(update={"database_url": url, "redis_prefix": prefix})
            settings = settings.model_copy(update={"truncation": replace_dir(settings, truncation)})
            published = await _publish(settings, sessions, per_session)
            try:
                keys = new_key_line("bench") if encrypted else None
                child = _dispatch_in_child(settings, truncation, keys)
            finally:
                redis = connect_redis(settings)
                await drop_prefix(redis, Keys(prefix))
                await redis.aclose()
        async with scratch_database(base.database_url, "coalesce") as url:
            settings = settings.model_copy(update={"database_url": url})
            coalescing = await _coalescing(settings, 1000)
        async with scratch_database(base.database_url, "raw") as raw_url:
            raw = await _raw_insert(raw_url, sessions, per_session, truncation)
    total_messages = published * 5
    ours = total_messages / child["seconds"]
    return {
        "backend": backend,
        "encrypted": encrypted,
        "turns": published,
        "messages": total_messages,
        "seconds": round(child["seconds"], 2),
        "messages_per_s": round(ours),
        "raw_insert_messages_per_s": round(raw),
        "ratio": round(ours / raw, 3),
        "peak_rss_mb": child["peak_rss_mb"],
        "dead": child["dead"],
        "coalescing": coalescing,
    }


def replace_dir(settings: Settings, directory: Path) -> Any:
    return settings.truncation.model_copy(update={"dir": directory})


if __name__ == "__main__":
    asyncio.run(_child())
