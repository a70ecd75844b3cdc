"""An arq worker that beats under its own name (see ``daemon/health/liveness.py``), so that
``memoryd status`` and the metrics count every live worker, not one per queue; each beat
also gives the heap's free pages back to the OS (see ``daemon/base/free_memory.py``).

arq has no hook for a health check: this reads ``Worker._last_health_check`` (private, set
by ``record_health`` when a check was due) to tell a beat from a call that wrote nothing.
``tests/unit/test_arq_internals.py`` fails when a new arq changes that.
"""

from __future__ import annotations

from typing import Any

from arq import Worker

from daemon.base.clock import Clock
from daemon.base.free_memory import release_free_memory
from daemon.base.redis_keys import Keys
from daemon.health.liveness import register_beat


class HeartbeatWorker(Worker):
    """arq's ``Worker``; each health check also registers the worker's own key and releases
    free heap memory."""

    def __init__(self, *args: Any, keys: Keys, clock: Clock, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys = keys
        self.clock = clock

    async def record_health(self) -> None:
        before = self._last_health_check
        await super().record_health()
        if self._last_health_check == before:  # not due yet: arq wrote nothing
            return
        now_ms = int(self.clock.now().timestamp() * 1000)
        await register_beat(self.pool, self.keys, self.health_check_key, now_ms)
        release_free_memory()


def heartbeat_options(keys: Keys, name: str, clock: Clock) -> dict[str, Any]:
    """The ``HeartbeatWorker`` arguments for a worker called ``name``."""
    return {"health_check_key": keys.worker(name), "keys": keys, "clock": clock}
