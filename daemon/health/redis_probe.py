"""The Redis half of ``memoryd status``: stream, consumer group, dead letters, queue, breaker.

Every read is O(1) or O(log n) in the stream's length (XLEN, XINFO GROUPS, the XPENDING
summary, one entry by id), so the cost does not grow with a million entries; the only
per-item work is on the consumers, the newest :data:`NEWEST_DEAD` dead letters and the
first :data:`QUEUE_SAMPLE` queued jobs, whose arq keys a script checks inside Redis. Two
pipelined round trips after the PING.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from arq.constants import in_progress_key_prefix, retry_key_prefix
from redis.asyncio import Redis

from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys, as_text
from daemon.health.model import (
    Backlog,
    Consumer,
    DeadLetters,
    QueueInfo,
    RecentDeadLetter,
    RedisInfo,
    StreamInfo,
)

QUEUE_SAMPLE = 10_000
NEWEST_DEAD = 5
ACTIVE_CONSUMER_S = 60.0

# The first ARGV[1] jobs of the queue: how many, how many in progress, how many waiting for
# another try, and the score of the oldest one due (ARGV[2] is now) that is not running.
_QUEUE = """
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


def entry_ms(entry_id: str) -> int:
    """The time part of a stream entry id (epoch ms)."""
    return int(entry_id.split("-", 1)[0])


async def ping(redis: Redis, clock: Clock) -> RedisInfo:
    started = clock.monotonic()
    await redis.ping()
    return RedisInfo(reachable=True, latency_ms=round((clock.monotonic() - started) * 1000, 2))


def _group(groups: Any, name: str) -> dict[str, Any] | None:
    if isinstance(groups, BaseException):
        return None
    for group in groups:
        if as_text(group.get("name")) == name:
            return dict(group)
    return None


async def read_redis(
    redis: Redis, keys: Keys, now: datetime, *, dead_capacity: int
) -> tuple[StreamInfo, DeadLetters, QueueInfo, Backlog]:
    """Everything ``status`` reads from Redis except the workers (see ``heartbeat``)."""
    now_ms = int(now.timestamp() * 1000)
    pipe = redis.pipeline(transaction=False)
    pipe.xlen(keys.stream)
    pipe.xinfo_groups(keys.stream)
    pipe.xinfo_consumers(keys.stream, keys.group)
    pipe.xpending(keys.stream, keys.group)
    pipe.xlen(keys.dead)
    pipe.xrevrange(keys.dead, count=NEWEST_DEAD)
    pipe.zcard(keys.queue)
    pipe.zcount(keys.queue, "-inf", now_ms)
    pipe.eval(
        _QUEUE,
        1,
        keys.queue,
        str(QUEUE_SAMPLE),
        str(now_ms),
        in_progress_key_prefix,
        retry_key_prefix,
    )
    pipe.hgetall(keys.llm_breaker)
    (
        length,
        groups,
        consumers,
        pending,
        dead_count,
        dead_rows,
        depth,
        due,
        sample,
        breaker,
    ) = await pipe.execute(raise_on_error=False)
    stream = StreamInfo(length=_int(length))
    group = _group(groups, keys.group)
    if group is not None:
        stream.group_exists = True
        stream.pending = int(group.get("pending") or 0)
        lag = group.get("lag")
        stream.lag = None if lag is None else int(lag)
    else:
        stream.lag = stream.length  # no dispatcher has joined: nothing was delivered
    if not isinstance(consumers, BaseException):
        _consumers(stream, consumers)
    await _read_ages(redis, keys, stream, group, pending, now_ms)
    queue = _queue(_int(depth), _int(due), sample, now_ms)
    dead = DeadLetters(count=_int(dead_count), capacity=dead_capacity)
    if not isinstance(dead_rows, BaseException):
        dead.newest = [_dead_letter(entry_id, fields) for entry_id, fields in dead_rows]
    return stream, dead, queue, _provider_breaker(breaker, now_ms)


async def _read_ages(
    redis: Redis,
    keys: Keys,
    stream: StreamInfo,
    group: dict[str, Any] | None,
    pending: Any,
    now_ms: int,
) -> None:
    """The age of the first undelivered entry and the idle time of the oldest pending one,
    read in a second round trip (they need the group's last delivered id)."""
    second = redis.pipeline(transaction=False)
    last_delivered = as_text(group["last-delivered-id"]) if group else "0-0"
    second.xrange(keys.stream, f"({last_delivered}", "+", count=1)
    oldest = None
    if isinstance(pending, dict) and pending.get("pending"):
        oldest = as_text(pending["min"])
        second.xpending_range(keys.stream, keys.group, oldest, oldest, 1)
    replies = await second.execute(raise_on_error=False)
    first_undelivered = replies.pop(0)
    if not isinstance(first_undelivered, BaseException) and first_undelivered:
        stream.lag_age_s = max(0.0, (now_ms - entry_ms(as_text(first_undelivered[0][0]))) / 1000)
    elif stream.lag is None and group is not None:
        stream.lag = 0
    if oldest is not None:
        detail = replies.pop(0)
        stream.oldest_pending_id = oldest
        if not isinstance(detail, BaseException) and detail:
            stream.oldest_pending_idle_s = int(detail[0]["time_since_delivered"]) / 1000


def _int(value: Any) -> int:
    return 0 if isinstance(value, BaseException) or value is None else int(value)


def _consumers(stream: StreamInfo, consumers: list[dict[str, Any]]) -> None:
    parsed = [
        Consumer(as_text(c["name"]), int(c.get("pending") or 0), int(c.get("idle") or 0) / 1000)
        for c in consumers
    ]
    stream.consumers = len(parsed)
    stream.active_consumers = sum(c.idle_s <= ACTIVE_CONSUMER_S for c in parsed)
    parsed.sort(key=lambda c: (-c.pending, c.idle_s))
    stream.busiest = parsed[:5]


def _queue(depth: int, due: int, sample: Any, now_ms: int) -> QueueInfo:
    queue = QueueInfo(depth=depth, due=due, deferred=max(0, depth - due))
    if isinstance(sample, BaseException):
        return queue
    sampled, running, retrying, oldest = sample
    queue.sampled, queue.in_progress, queue.retrying = int(sampled), int(running), int(retrying)
    queue.due = max(0, due - queue.in_progress)
    if oldest:
        queue.oldest_due_age_s = max(0.0, (now_ms - float(as_text(oldest))) / 1000)
    return queue


def _dead_letter(entry_id: Any, fields: dict[bytes, bytes]) -> RecentDeadLetter:
    get = {as_text(k): as_text(v) for k, v in fields.items() if k in (b"reason", b"at")}
    return RecentDeadLetter(as_text(entry_id), get.get("at", ""), get.get("reason", "")[:300])


def _provider_breaker(raw: Any, now_ms: int) -> Backlog:
    backlog = Backlog()
    if isinstance(raw, BaseException) or not raw:
        return backlog
    fields = {as_text(k): as_text(v) for k, v in raw.items()}
    open_until = int(float(fields.get("open_until") or 0))
    if open_until > now_ms:
        backlog.provider_breaker_open = True
        backlog.provider_breaker_until = datetime.fromtimestamp(open_until / 1000, UTC)
    return backlog
