"""The job queue: coalesced extraction requests on arq's queue, with JSON payloads.

One job id per session (``<prefix>:extract:<tenant>:<session>``: a session id is its
tenant's own; the job's arguments are the session id and the tenant) keeps at most one
extraction of a session queued or running. A per-session generation counter, bumped on every
request, lets a job that ends see that turns arrived while it ran (arq drops an enqueue for
an id that is still running) and ask again; a periodic sweep catches anything left behind.

The enqueue is a Lua script, one call for a hundred sessions, that writes what arq's own
``ArqRedis.enqueue_job`` writes (the job key with its payload and time-to-live, the queue's
sorted set): arq has no batched enqueue, nor one that moves a queued job earlier. That
layout is arq's, not a public API: ``tests/unit/test_arq_internals.py`` compares the two
and has a real arq ``Worker`` run our jobs, and pyproject.toml pins the arq it passed with.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from typing import Any

from arq.connections import ArqRedis
from arq.constants import (
    in_progress_key_prefix,
    job_key_prefix,
    result_key_prefix,
    retry_key_prefix,
)
from arq.jobs import serialize_job
from redis.asyncio import Redis

from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys
from daemon.base.scope import SessionKey, session_key

EXTRACT_FUNCTION = "extract_session"
#: The job that embeds pending memories (``workers.jobs.embed_pending``).
EMBED_FUNCTION = "embed_pending"
_EXPIRES_EXTRA_MS = 86_400_000
_GEN_TTL_S = 7 * 86_400

# For each session (4 keys: job, result, queue, generation; 4 args: job id, score, payload,
# job key TTL; ARGV[1]: the generation TTL): enqueue unless a job with this id is queued,
# running or has a result; an existing queued job is moved earlier (never later) when this
# request is more urgent. Always bumps the session's generation. Returns how many were new.
# One call for many sessions: the per-command cost of a batch's hundreds of sessions.
_ENQUEUE = """
local new = 0
for i = 0, #KEYS / 4 - 1 do
  local k, a = i * 4, 1 + i * 4
  redis.call('incr', KEYS[k + 4])
  redis.call('expire', KEYS[k + 4], ARGV[1])
  if redis.call('exists', KEYS[k + 1], KEYS[k + 2]) ~= 0 then
    redis.call('zadd', KEYS[k + 3], 'XX', 'LT', ARGV[a + 2], ARGV[a + 1])
  else
    redis.call('psetex', KEYS[k + 1], ARGV[a + 4], ARGV[a + 3])
    redis.call('zadd', KEYS[k + 3], ARGV[a + 2], ARGV[a + 1])
    new = new + 1
  end
end
return new
"""
_PER_CALL = 100  # sessions per script call: keeps each call short for Redis


def dumps(value: Any) -> bytes:
    """arq's job serializer: JSON, never pickle."""
    return json.dumps(value, separators=(",", ":"), default=str).encode()


def loads(payload: bytes) -> Any:
    return json.loads(payload)


class JobQueue:
    def __init__(self, redis: Redis, keys: Keys, clock: Clock, *, debounce_s: float) -> None:
        self.redis = redis
        self.keys = keys
        self.clock = clock
        self.debounce_s = debounce_s
        self._script = redis.register_script(_ENQUEUE)

    async def request_extraction(
        self,
        sessions: Iterable[str | SessionKey],
        *,
        urgent: Iterable[str | SessionKey] = (),
        delay_s: float | None = None,
    ) -> int:
        """Ask for an extraction of each session (a (tenant, session id) key, or a bare id
        for a session of no tenant); returns how many new jobs were queued."""
        now_ms = int(self.clock.now().timestamp() * 1000)
        urgent_set = {session_key(s) for s in urgent}
        default_delay_ms = int((self.debounce_s if delay_s is None else delay_s) * 1000)
        requests: list[tuple[list[str], list[Any]]] = []
        for key in sorted({session_key(s) for s in sessions} | urgent_set):
            tenant, session_id = key
            job_id = self.keys.extract_job_id(key)
            score = now_ms + (0 if key in urgent_set else default_delay_ms)
            args = (session_id, tenant) if tenant else (session_id,)
            payload = serialize_job(EXTRACT_FUNCTION, args, {}, None, now_ms, serializer=dumps)
            keys = [
                job_key_prefix + job_id,
                result_key_prefix + job_id,
                self.keys.queue,
                self.keys.gen(key),
            ]
            requests.append((keys, [job_id, score, payload, score - now_ms + _EXPIRES_EXTRA_MS]))
        if not requests:
            return 0
        pipe = self.redis.pipeline(transaction=False)
        for i in range(0, len(requests), _PER_CALL):
            chunk = requests[i : i + _PER_CALL]
            await self._script(
                keys=[key for keys, _ in chunk for key in keys],
                args=[_GEN_TTL_S, *(arg for _, args in chunk for arg in args)],
                client=pipe,
            )
        results = await pipe.execute()
        return sum(int(r) for r in results)

    async def request_embedding(self, *, delay_s: float = 0.0) -> bool:
        """Ask for a pass over the pending memories (after memories were written); one job
        id, so requests made while one is queued join it. Returns whether it was queued."""
        if not isinstance(self.redis, ArqRedis):
            raise TypeError("jobs are queued on arq's Redis client")
        job = await self.redis.enqueue_job(
            EMBED_FUNCTION,
            _job_id=self.keys.embed_job_id,
            _queue_name=self.keys.queue,
            _defer_by=delay_s or None,
        )
        return job is not None

    async def generation(self, session: str | SessionKey) -> int:
        value = await self.redis.get(self.keys.gen(session))
        return int(value or 0)


async def forget_jobs(
    redis: Redis, keys: Keys, session_ids: list[SessionKey], *, batch: int = 500
) -> tuple[int, int]:
    """Drop the queued extraction jobs of ``session_ids`` and their keys (arq's job, retry
    and result keys, the generation counters); returns (jobs unqueued, keys deleted)."""
    jobs = keys_removed = 0
    for i in range(0, len(session_ids), batch):
        pipe = redis.pipeline(transaction=False)
        for session_id in session_ids[i : i + batch]:
            job_id = keys.extract_job_id(session_id)
            pipe.zrem(keys.queue, job_id)
            pipe.delete(
                job_key_prefix + job_id,
                retry_key_prefix + job_id,
                result_key_prefix + job_id,
                keys.gen(session_id),
            )
        results = await pipe.execute()
        jobs += sum(int(r) for r in results[::2])
        keys_removed += sum(int(r) for r in results[1::2])
    return jobs, keys_removed


_RELEASE = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
)


async def take_lock(
    redis: Redis, keys: Keys, session_id: str | SessionKey, *, ttl_ms: int
) -> str | None:
    """Take the session's extraction lock for ``ttl_ms``; its token, or None when another
    run holds it."""
    token = secrets.token_hex(8)
    if not await redis.set(keys.lock(session_id), token, nx=True, px=ttl_ms):
        return None
    return token


async def release_lock(redis: Redis, keys: Keys, session_id: str | SessionKey, token: str) -> None:
    """Release the session's lock if ``token`` still holds it (not one taken since)."""
    await redis.eval(_RELEASE, 1, keys.lock(session_id), token)  # type: ignore[misc]


# The first ARGV[1] jobs of the queue: how many, how many in progress, how many waiting for
# another try, and the score of the oldest one due (ARGV[2] is now) that is not running.
_SAMPLE = """
local jobs = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
local now = tonumber(ARGV[2])
local running, retrying, oldest = 0, 0, ''
for i = 1, #jobs, 2 do
  local id = jobs[i]
  if redis.call('EXISTS', ARGV[3] .. id) == 1 then
    running = running + 1
  else
    if redis.call('EXISTS', ARGV[4] .. id) == 1 then retrying = retrying + 1 end
    if oldest == '' and tonumber(jobs[i + 1]) <= now then oldest = jobs[i + 1] end
  end
end
return {#jobs / 2, running, retrying, oldest}
"""


def read_depth(pipe: Any, keys: Keys, now_ms: int, *, sample: int) -> None:
    """Queue on ``pipe`` (a Redis pipeline) the reads of the queue's state, three replies:
    the jobs queued, those due by ``now_ms``, and of the first ``sample`` jobs [how many,
    running, waiting for another try, the score of the oldest due that is not running]."""
    pipe.zcard(keys.queue)
    pipe.zcount(keys.queue, "-inf", now_ms)
    pipe.eval(
        _SAMPLE, 1, keys.queue, str(sample), str(now_ms), in_progress_key_prefix, retry_key_prefix
    )
