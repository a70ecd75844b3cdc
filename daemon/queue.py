"""The job queue: coalesced extraction requests on arq's queue, with JSON payloads.

One job id per session (``<prefix>:extract:<session>``) keeps at most one extraction of a
session queued or running. A per-session generation counter, bumped on every request, lets
a job that ends see that turns arrived while it ran (arq drops an enqueue for an id that is
still running) and ask again; a periodic sweep catches anything left behind.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from arq.constants import job_key_prefix, result_key_prefix
from arq.jobs import serialize_job
from redis.asyncio import Redis

from daemon.clock import Clock
from daemon.redis_keys import Keys

EXTRACT_FUNCTION = "extract_session"
_EXPIRES_EXTRA_MS = 86_400_000
_GEN_TTL_S = 7 * 86_400

# Enqueue unless a job with this id is queued, running or has a result; an existing queued
# job is moved earlier (never later) when this request is more urgent. Always bumps the
# session's generation.
_ENQUEUE = """
redis.call('incr', KEYS[4])
redis.call('expire', KEYS[4], ARGV[5])
if redis.call('exists', KEYS[1], KEYS[2]) ~= 0 then
  redis.call('zadd', KEYS[3], 'XX', 'LT', ARGV[2], ARGV[1])
  return 0
end
redis.call('psetex', KEYS[1], ARGV[4], ARGV[3])
redis.call('zadd', KEYS[3], ARGV[2], ARGV[1])
return 1
"""


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
        self, sessions: Iterable[str], *, urgent: Iterable[str] = (), delay_s: float | None = None
    ) -> int:
        """Ask for an extraction of each session; returns how many new jobs were queued."""
        now_ms = int(self.clock.now().timestamp() * 1000)
        urgent_set = set(urgent)
        default_delay_ms = int((self.debounce_s if delay_s is None else delay_s) * 1000)
        pipe = self.redis.pipeline(transaction=False)
        count = 0
        for session_id in sorted(set(sessions) | urgent_set):
            job_id = self.keys.extract_job_id(session_id)
            score = now_ms + (0 if session_id in urgent_set else default_delay_ms)
            payload = serialize_job(
                EXTRACT_FUNCTION, (session_id,), {}, None, now_ms, serializer=dumps
            )
            await self._script(
                keys=[
                    job_key_prefix + job_id,
                    result_key_prefix + job_id,
                    self.keys.queue,
                    self.keys.gen(session_id),
                ],
                args=[job_id, score, payload, score - now_ms + _EXPIRES_EXTRA_MS, _GEN_TTL_S],
                client=pipe,
            )
            count += 1
        if not count:
            return 0
        results = await pipe.execute()
        return sum(int(r) for r in results)

    async def generation(self, session_id: str) -> int:
        value = await self.redis.get(self.keys.gen(session_id))
        return int(value or 0)
