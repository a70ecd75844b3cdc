"""What memoryd relies on inside arq, checked against the arq installed: a new arq that
changes any of it fails here, loudly, before it fails in production.

- ``daemon/queue.py`` enqueues coalesced extraction jobs with its own Lua script: it must
  write what ``ArqRedis.enqueue_job`` writes (the job key, its payload and time-to-live, the
  queue's sorted set), and an arq ``Worker`` must run what it wrote;
- ``daemon/base/redis_keys.py`` names arq's per-job key prefixes to clean a prefix up;
- ``workers/heartbeat.py`` reads ``Worker._last_health_check`` (private) to tell a health
  check that was written from one that was not due.

pyproject.toml pins arq to the versions this was checked against.
"""

from __future__ import annotations

import asyncio
from typing import Any

import arq.constants
from arq import Worker, func
from arq.connections import ArqRedis

from daemon.base.clock import SystemClock
from daemon.base.redis_keys import ARQ_JOB_KEY_PREFIXES, Keys
from daemon.queue import EXTRACT_FUNCTION, JobQueue, dumps, loads


def _worker(redis: ArqRedis, keys: Keys, function: Any, **options: Any) -> Worker:
    return Worker(
        functions=[func(function, name=EXTRACT_FUNCTION)],
        redis_pool=redis,
        queue_name=keys.queue,
        burst=True,
        poll_delay=0.01,
        handle_signals=False,
        keep_result=0,
        job_serializer=dumps,
        job_deserializer=loads,
        **options,
    )


async def _job(redis: ArqRedis, keys: Keys, job_id: str) -> tuple[dict[str, Any], int, float]:
    """The payload, the time-to-live (ms) and the queue score of job ``job_id``."""
    key = arq.constants.job_key_prefix + job_id
    payload = loads(await redis.get(key))
    ttl = await redis.pttl(key)
    score = await redis.zscore(keys.queue, job_id)
    assert score is not None, f"{job_id} is not in the queue"
    return payload, ttl, score


async def test_our_enqueue_writes_what_arqs_enqueue_job_writes(
    redis: ArqRedis, prefix: str
) -> None:
    keys = Keys(prefix)
    queue = JobQueue(redis, keys, SystemClock(), debounce_s=5.0)
    assert await queue.request_extraction(["ours"]) == 1
    theirs = keys.extract_job_id("theirs")
    job = await redis.enqueue_job(
        EXTRACT_FUNCTION, "theirs", _job_id=theirs, _queue_name=keys.queue, _defer_by=5.0
    )
    assert job is not None

    our_payload, our_ttl, our_score = await _job(redis, keys, keys.extract_job_id("ours"))
    their_payload, their_ttl, their_score = await _job(redis, keys, theirs)
    assert set(our_payload) == set(their_payload)  # arq's payload fields, no more, no less
    assert {k: v for k, v in our_payload.items() if k not in ("a", "et")} == {
        k: v for k, v in their_payload.items() if k not in ("a", "et")
    }
    assert (our_payload["a"], their_payload["a"]) == (["ours"], ["theirs"])
    assert abs(our_payload["et"] - their_payload["et"]) < 5_000  # enqueue time, epoch ms
    assert abs((our_score - our_payload["et"]) - (their_score - their_payload["et"])) < 1
    assert abs(our_ttl - their_ttl) < 5_000  # the defer plus arq's expires_extra_ms
    assert await redis.zcard(keys.queue) == 2  # both in the same sorted set, nothing else


async def test_arq_refuses_a_second_job_while_ours_is_queued_and_we_refuse_theirs(
    redis: ArqRedis, prefix: str
) -> None:
    """Coalescing rests on one job id per session: each side sees the other's job."""
    keys = Keys(prefix)
    queue = JobQueue(redis, keys, SystemClock(), debounce_s=5.0)
    await queue.request_extraction(["s1"])
    again = await redis.enqueue_job(
        EXTRACT_FUNCTION, "s1", _job_id=keys.extract_job_id("s1"), _queue_name=keys.queue
    )
    assert again is None
    await redis.enqueue_job(
        EXTRACT_FUNCTION, "s2", _job_id=keys.extract_job_id("s2"), _queue_name=keys.queue
    )
    assert await queue.request_extraction(["s2"]) == 0


async def test_an_arq_worker_runs_the_job_our_script_wrote(redis: ArqRedis, prefix: str) -> None:
    keys = Keys(prefix)
    ran: list[str] = []

    async def extract(ctx: dict[str, Any], session_id: str) -> str:
        ran.append(session_id)
        return "ok"

    await JobQueue(redis, keys, SystemClock(), debounce_s=0).request_extraction(["s1", "s2"])
    worker = _worker(redis, keys, extract)
    await asyncio.wait_for(worker.async_run(), timeout=30)
    assert sorted(ran) == ["s1", "s2"]
    assert (worker.jobs_complete, worker.jobs_failed) == (2, 0)
    for prefix_ in ARQ_JOB_KEY_PREFIXES:  # nothing left behind with keep_result=0
        assert not await redis.exists(prefix_ + keys.extract_job_id("s1"))


def test_the_per_job_key_prefixes_are_arqs() -> None:
    assert (
        arq.constants.job_key_prefix,
        arq.constants.in_progress_key_prefix,
        arq.constants.retry_key_prefix,
        arq.constants.result_key_prefix,
    ) == ARQ_JOB_KEY_PREFIXES


async def test_record_health_moves_last_health_check_only_when_it_writes(
    redis: ArqRedis, prefix: str
) -> None:
    """``HeartbeatWorker`` beats when ``_last_health_check`` moved during ``record_health``."""
    keys = Keys(prefix)

    async def extract(ctx: dict[str, Any], session_id: str) -> None:
        return None

    worker = _worker(redis, keys, extract, health_check_interval=3600)
    assert worker._last_health_check == 0
    await worker.record_health()
    first = worker._last_health_check
    assert first > 0
    assert await redis.get(worker.health_check_key) is not None
    await redis.delete(worker.health_check_key)
    await worker.record_health()  # not due for an hour: writes nothing, moves nothing
    assert worker._last_health_check == first
    assert await redis.get(worker.health_check_key) is None
