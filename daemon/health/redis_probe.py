"""The Redis half of ``memoryd status``: stream, consumer group, dead letters, queue, breaker.

Every read is O(1) or O(log n) in the stream's length (XLEN, XINFO GROUPS, the XPENDING
summary, one entry by id), so the cost does not grow with a million entries; the only
per-item work is on the consumers, the newest :data:`NEWEST_DEAD` dead letters and the
first :data:`QUEUE_SAMPLE` queued jobs, whose arq keys a script checks inside Redis. Two
pipelined round trips after the PING; the owner of each key family queues its reads
(:mod:`daemon.events.stream`, :mod:`daemon.queue`, :mod:`daemon.extraction.llm.breaker`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from redis.asyncio import Redis

from daemon import queue as queue_owner
from daemon.base.clock import Clock
from daemon.base.redis_keys import Keys, as_text
from daemon.events import stream as stream_owner
from daemon.extraction.llm import breaker as llm_breaker
from daemon.health.report import (
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


def entry_ms(entry_id: str) -> int:
    """The time part of a stream entry id (epoch ms)."""
    return int(entry_id.split("-", 1)[0])


async def ping(redis: Redis, clock: Clock) -> RedisInfo:
    started = clock.monotonic()
    await redis.ping()
    return RedisInfo(reachable=True, latency_ms=round((clock.monotonic() - started) * 1000, 2))


async def read_redis(
    redis: Redis, keys: Keys, now: datetime, *, dead_capacity: int
) -> tuple[StreamInfo, DeadLetters, QueueInfo, Backlog]:
    """Everything ``status`` reads from Redis except the workers (see ``heartbeat``)."""
    now_ms = int(now.timestamp() * 1000)
    pipe = redis.pipeline(transaction=False)
    stream_owner.read_stats(pipe, keys, newest_dead=NEWEST_DEAD)
    queue_owner.read_depth(pipe, keys, now_ms, sample=QUEUE_SAMPLE)
    llm_breaker.read_state(pipe, keys)
    llm_breaker.read_embeddings_state(pipe, keys)
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
        embeddings_breaker,
    ) = await pipe.execute(raise_on_error=False)
    stream = StreamInfo(length=_int(length))
    group = stream_owner.our_group(groups, keys)
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
    return stream, dead, queue, _provider_breaker(breaker, embeddings_breaker, now_ms)


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
    oldest = None
    if isinstance(pending, dict) and pending.get("pending"):
        oldest = as_text(pending["min"])
    stream_owner.read_ages(second, keys, last_delivered, oldest)
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


def _provider_breaker(raw: Any, embeddings: Any, now_ms: int) -> Backlog:
    backlog = Backlog()
    open_until = llm_breaker.open_until_ms(raw)
    if open_until > now_ms:
        backlog.provider_breaker_open = True
        backlog.provider_breaker_until = datetime.fromtimestamp(open_until / 1000, UTC)
    open_until = llm_breaker.open_until_ms(embeddings)
    if open_until > now_ms:
        backlog.embeddings_breaker_until = datetime.fromtimestamp(open_until / 1000, UTC)
    return backlog
