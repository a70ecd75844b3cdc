"""Worker heartbeats: which workers are alive, however many share a queue.

arq's health check is one key per queue, overwritten by every worker. memoryd's workers each
write their own (``workers/heartbeat.py``): arq's health line under ``<prefix>:workers:<name>``
with a time-to-live of the check interval plus a second, and their name in the sorted set
``<prefix>:workers`` scored by the time of the beat (epoch ms), pruned after a day. A worker
is live while its key exists and its last beat is recent; one that stopped or died stays
listed, as gone, until pruned.
"""

from __future__ import annotations

from datetime import datetime

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys, as_text
from daemon.health.report import WorkerInfo

#: Registry entries older than this are pruned by the workers.
REGISTRY_KEEP_MS = 86_400_000


async def register_beat(redis: Redis, keys: Keys, worker_key: str, now_ms: int) -> None:
    """Record a beat of the worker whose heartbeat key (arq's health line) is ``worker_key``
    in the registry, and prune entries older than :data:`REGISTRY_KEEP_MS`."""
    pipe = redis.pipeline(transaction=False)
    pipe.zadd(keys.workers, {worker_key: now_ms})
    pipe.zremrangebyscore(keys.workers, 0, now_ms - REGISTRY_KEEP_MS)
    await pipe.execute()


async def read_workers(
    redis: Redis, keys: Keys, now: datetime, *, stale_s: float
) -> list[WorkerInfo]:
    """Every registered worker, live ones first, then by the age of their last beat."""
    now_ms = now.timestamp() * 1000
    entries = await redis.zrange(keys.workers, 0, -1, withscores=True)
    names = [as_text(member) for member, _ in entries]
    values = await redis.mget([*names, keys.queue_health_check])
    workers: list[WorkerInfo] = []
    for (name, (_, score)), value in zip(zip(names, entries, strict=True), values, strict=False):
        age = max(0.0, (now_ms - float(score)) / 1000)
        live = value is not None and age <= stale_s
        label = name.removeprefix(keys.worker(""))
        workers.append(WorkerInfo(label, live, round(age, 1), as_text(value) if value else ""))
    legacy = values[-1]
    if legacy is not None:
        workers.append(WorkerInfo("(arq shared health check)", True, None, as_text(legacy)))
    workers.sort(key=lambda w: (not w.live, w.age_s if w.age_s is not None else 0.0))
    return workers
