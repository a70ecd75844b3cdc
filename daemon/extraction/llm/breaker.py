"""The provider-wide circuit breaker, shared by every worker through Redis.

``failures`` consecutive transient failures of model calls, from any worker, open it for
``cooldown_s``: calls are refused without reaching the provider. When the cooldown is over
it is half-open: one caller is let through as the probe (others wait for ``probe_s``); the
probe's success closes it, its failure opens it again. Any success resets the count.

State is one Redis hash (``Keys.llm_breaker``): ``failures``, ``open_until`` and
``probe_until`` in epoch milliseconds of the injected clock, so tests drive time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import structlog
from redis.asyncio import Redis

from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys, as_text
from daemon.extraction.llm.model_errors import ProviderUnavailable

__all__ = [
    "Breaker",
    "BreakerPolicy",
    "NoBreaker",
    "RedisBreaker",
    "open_until_ms",
    "read_embeddings_state",
    "read_state",
]

log = structlog.get_logger("memoryd.llm")

# Returns 0: closed, no failure counted; -2: closed with failures counted; -1: half-open
# and this caller is the probe; n > 0: open, wait n ms.
_ACQUIRE = """
local h = redis.call('hmget', KEYS[1], 'failures', 'open_until', 'probe_until')
local failures = tonumber(h[1] or '0')
local now = tonumber(ARGV[1])
if failures == 0 then return 0 end
if failures < tonumber(ARGV[2]) then return -2 end
local open_until = tonumber(h[2] or '0')
if open_until > now then return open_until - now end
local probe_until = tonumber(h[3] or '0')
if probe_until > now then return probe_until - now end
redis.call('hset', KEYS[1], 'probe_until', now + tonumber(ARGV[3]))
return -1
"""
# Returns 1 when this failure opened the breaker.
_FAILURE = """
local failures = redis.call('hincrby', KEYS[1], 'failures', 1)
redis.call('pexpire', KEYS[1], ARGV[4])
if failures < tonumber(ARGV[2]) then return 0 end
redis.call('hset', KEYS[1], 'open_until', tonumber(ARGV[1]) + tonumber(ARGV[3]))
redis.call('hdel', KEYS[1], 'probe_until')
return 1
"""


class Breaker(Protocol):
    async def acquire(self) -> bool:
        """Return whether a success must reset the breaker; raise ProviderUnavailable while
        it is open."""
        ...

    async def success(self, reset: bool) -> None: ...

    async def failure(self) -> None: ...


class NoBreaker:
    """A breaker that never opens (no Redis at hand, or a test that wants none)."""

    async def acquire(self) -> bool:
        return False

    async def success(self, reset: bool) -> None:
        return None

    async def failure(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class BreakerPolicy:
    failures: int
    cooldown_s: float
    probe_s: float = 30.0


class RedisBreaker:
    def __init__(self, redis: Redis, key: str, clock: Clock, policy: BreakerPolicy) -> None:
        self._redis = redis
        self._key = key
        self._clock = clock
        self._policy = policy
        self._acquire = redis.register_script(_ACQUIRE)
        self._failure = redis.register_script(_FAILURE)

    def _now_ms(self) -> int:
        return int(self._clock.now().timestamp() * 1000)

    async def acquire(self) -> bool:
        p = self._policy
        wait_ms = int(
            await self._acquire(
                keys=[self._key], args=[self._now_ms(), p.failures, int(p.probe_s * 1000)]
            )
        )
        if wait_ms > 0:
            raise ProviderUnavailable(
                f"the model provider's breaker is open for {wait_ms / 1000:.1f} s more",
                retry_after_s=wait_ms / 1000,
            )
        if wait_ms == -1:
            log.info("llm.breaker_probe")
        return wait_ms != 0

    async def success(self, reset: bool) -> None:
        """A success closes the breaker and resets the count (only when one was counted, so
        a healthy provider costs one round trip per call)."""
        if reset:
            await self._redis.delete(self._key)

    async def failure(self) -> None:
        p = self._policy
        keep_ms = int(max(p.cooldown_s * 10, 600) * 1000)
        opened = await self._failure(
            keys=[self._key],
            args=[self._now_ms(), p.failures, int(p.cooldown_s * 1000), keep_ms],
        )
        if int(opened):
            log.warning("llm.breaker_open", cooldown_s=p.cooldown_s, failures=p.failures)


def read_state(pipe: Any, keys: Keys) -> None:
    """Queue the read of the breaker's state on ``pipe`` (a Redis pipeline); its reply is
    read by :func:`open_until_ms`. For ``memoryd status``, which reads Redis in one trip."""
    pipe.hgetall(keys.llm_breaker)


def read_embeddings_state(pipe: Any, keys: Keys) -> None:
    """Queue the read of the embedding provider's breaker (the same kind, its own key), read
    by :func:`open_until_ms` like the model provider's."""
    pipe.hgetall(keys.embeddings_breaker)


def open_until_ms(reply: Any) -> int:
    """Until when (epoch ms) the breaker whose state :func:`read_state` read is open; 0 for
    none (never opened, or the read failed)."""
    if isinstance(reply, BaseException) or not reply:
        return 0
    fields = {as_text(k): as_text(v) for k, v in reply.items()}
    return int(float(fields.get("open_until") or 0))
