"""An arq worker that beats under its own name (see ``daemon/health/heartbeat.py``), so that
``memoryd status`` and the metrics count every live worker, not one per queue; each beat
also gives the heap's free pages back to the OS (see ``daemon/heap.py``)."""

from __future__ import annotations

import time
from typing import Any

from arq import Worker

from daemon.health.heartbeat import REGISTRY_KEEP_MS, registry_key, worker_key
from daemon.heap import release_free_memory
from daemon.redis_keys import Keys


class HeartbeatWorker(Worker):
    """arq's ``Worker``; each health check also registers the worker's own key and releases
    free heap memory."""

    def __init__(self, *args: Any, registry: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.registry = registry

    async def record_health(self) -> None:
        before = self._last_health_check
        await super().record_health()
        if self._last_health_check == before:  # not due yet: arq wrote nothing
            return
        now_ms = int(time.time() * 1000)  # arq's own health check reads the same clock
        pipe = self.pool.pipeline(transaction=False)
        pipe.zadd(self.registry, {self.health_check_key: now_ms})
        pipe.zremrangebyscore(self.registry, 0, now_ms - REGISTRY_KEEP_MS)
        await pipe.execute()
        release_free_memory()


def heartbeat_options(keys: Keys, name: str) -> dict[str, Any]:
    """The ``HeartbeatWorker`` arguments for a worker called ``name``."""
    return {"health_check_key": worker_key(keys, name), "registry": registry_key(keys)}
