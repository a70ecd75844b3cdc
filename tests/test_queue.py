"""Coalesced extraction requests on arq's queue."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from arq.constants import job_key_prefix

from daemon.app.redis_standin import standin_redis
from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.queue import JobQueue, forget_jobs, read_depth, release_lock, take_lock

KEYS = Keys("t")


@pytest.fixture
async def queue():
    redis = standin_redis()
    yield JobQueue(redis, KEYS, FakeClock(datetime(2026, 11, 17, tzinfo=UTC)), debounce_s=2.0)
    await redis.aclose()


async def test_many_requests_for_one_session_make_one_job(queue: JobQueue) -> None:
    queued = 0
    for _ in range(50):
        queued += await queue.request_extraction(["s1"])
    assert queued == 1
    assert await queue.redis.zcard(KEYS.queue) == 1
    assert await queue.generation("s1") == 50


async def test_job_payload_is_json_not_pickle(queue: JobQueue) -> None:
    await queue.request_extraction(["s1"])
    payload = await queue.redis.get(job_key_prefix + KEYS.extract_job_id("s1"))
    assert json.loads(payload)["a"] == ["s1"]


async def test_requests_are_debounced_and_urgent_ones_move_the_job_earlier(queue: JobQueue) -> None:
    now_ms = queue.clock.now().timestamp() * 1000
    await queue.request_extraction(["s1"])
    job_id = KEYS.extract_job_id("s1")
    assert await queue.redis.zscore(KEYS.queue, job_id) == now_ms + 2000
    await queue.request_extraction([], urgent=["s1"])
    assert await queue.redis.zscore(KEYS.queue, job_id) == now_ms
    await queue.request_extraction(["s1"])  # a later request never postpones it
    assert await queue.redis.zscore(KEYS.queue, job_id) == now_ms


async def test_sessions_get_their_own_jobs(queue: JobQueue) -> None:
    assert await queue.request_extraction(["a", "b", "c"]) == 3


async def test_a_batch_of_hundreds_of_sessions_queues_each_once(queue: JobQueue) -> None:
    """Requests go to Redis a hundred sessions per script call: across chunk edges every
    session gets its job, its payload and its generation, and asking again queues nothing."""
    sessions = [f"s{i:03d}" for i in range(250)]
    assert await queue.request_extraction(sessions, urgent=["s099", "s100", "s249"]) == 250
    assert await queue.redis.zcard(KEYS.queue) == 250
    now_ms = queue.clock.now().timestamp() * 1000
    for session in ("s000", "s099", "s100", "s101", "s249"):
        payload = await queue.redis.get(job_key_prefix + KEYS.extract_job_id(session))
        assert json.loads(payload)["a"] == [session]
        score = await queue.redis.zscore(KEYS.queue, KEYS.extract_job_id(session))
        assert score == now_ms + (0 if session in {"s099", "s100", "s249"} else 2000)
    assert await queue.request_extraction(sessions) == 0
    assert [await queue.generation(s) for s in ("s000", "s100", "s249")] == [2, 2, 2]


async def test_a_sessions_lock_is_taken_once_and_released_only_by_its_token(
    queue: JobQueue,
) -> None:
    redis = queue.redis
    token = await take_lock(redis, KEYS, "s1", ttl_ms=60_000)
    assert token is not None
    assert await take_lock(redis, KEYS, "s1", ttl_ms=60_000) is None
    assert await take_lock(redis, KEYS, "s2", ttl_ms=60_000) is not None
    await release_lock(redis, KEYS, "s1", "not-the-token")
    assert await take_lock(redis, KEYS, "s1", ttl_ms=60_000) is None
    await release_lock(redis, KEYS, "s1", token)
    assert await take_lock(redis, KEYS, "s1", ttl_ms=60_000) is not None


async def test_forgetting_sessions_unqueues_their_jobs_and_drops_their_keys(
    queue: JobQueue,
) -> None:
    await queue.request_extraction(["s1", "s2", "s3"])
    jobs, keys = await forget_jobs(queue.redis, KEYS, ["s1", "s3", "nobody"], batch=2)
    assert (jobs, keys) == (2, 4)  # two jobs; each a job key and a generation counter
    assert [m.decode() for m in await queue.redis.zrange(KEYS.queue, 0, -1)] == [
        KEYS.extract_job_id("s2")
    ]
    assert await queue.generation("s1") == 0 and await queue.generation("s2") == 1


async def test_the_queues_depth_is_read_in_the_owners_commands(queue: JobQueue) -> None:
    await queue.request_extraction(["s1"], urgent=["s2"])
    now_ms = int(queue.clock.now().timestamp() * 1000)
    pipe = queue.redis.pipeline(transaction=False)
    read_depth(pipe, KEYS, now_ms, sample=10)
    depth, due, (sampled, running, retrying, oldest) = await pipe.execute()
    assert (depth, due, sampled, running, retrying) == (2, 1, 2, 0, 0)
    assert float(oldest) == now_ms
