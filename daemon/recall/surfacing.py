"""Recording what recall showed to agents (``memories.last_surfaced_at``), off the read path.

The consolidation job keeps working memories that are still being surfaced. The timestamp is
bookkeeping, not an answer: writing it inside every search would make each read a write
(every index of ``memories`` updated, the GIN one included). So a :class:`Surfacing` collects
the ids a :class:`~daemon.recall.Recall` returned and writes them in one UPDATE a moment
later (``delay_s``), or at :meth:`flush` / :meth:`aclose`; the store skips a memory whose
time is less than an hour old (:data:`~daemon.store.memory.SURFACED_GRAIN`), and this
process does not send again a memory it marked within that hour. Times are written to the
second, one UPDATE for each second that has some (every request's time is its own: a flush
under load wrote one statement per request). A failed write is logged and dropped: losing
a surfacing time costs nothing but a slightly earlier expiry.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from datetime import datetime

import structlog

from daemon.base.clock import Clock
from daemon.store.db import Store
from daemon.store.memory import SURFACED_GRAIN, mark_surfaced

log = structlog.get_logger("memoryd.recall")

#: The most memories whose last write this process remembers (then it forgets them all).
_REMEMBERED = 100_000


class Surfacing:
    def __init__(self, store: Store, clock: Clock, *, delay_s: float = 5.0) -> None:
        self.store = store
        self.clock = clock
        self.delay_s = delay_s
        self._pending: dict[int, datetime] = {}
        #: When this process last wrote each memory's time (at most :data:`_REMEMBERED`).
        self._written: dict[int, datetime] = {}
        self._task: asyncio.Task[None] | None = None
        self._flushing = False

    @property
    def pending(self) -> int:
        return len(self._pending)

    def note(self, ids: Iterable[int]) -> None:
        """Remember that these memories were shown now; written within ``delay_s``."""
        now = self.clock.now().replace(microsecond=0)
        for memory_id in ids:
            written = self._written.get(memory_id)
            if written is None or now - written >= SURFACED_GRAIN:
                self._pending[memory_id] = now
        if self._pending and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._later())

    async def _later(self) -> None:
        await self.clock.sleep(self.delay_s)
        self._flushing = True
        try:
            await self.flush()
        finally:
            self._flushing = False

    async def flush(self) -> int:
        """Write what is pending now; returns how many memories were marked."""
        pending, self._pending = self._pending, {}
        if not pending:
            return 0
        by_time: dict[datetime, list[int]] = {}
        for memory_id, at in pending.items():
            by_time.setdefault(at, []).append(memory_id)
        try:
            async with self.store.begin() as conn:
                for at, ids in sorted(by_time.items()):
                    await mark_surfaced(conn, sorted(ids), at)
        except Exception as exc:  # a bookkeeping write must never break a host
            log.warning("recall.surfacing_failed", memories=len(pending), error=str(exc))
            return 0
        if len(self._written) > _REMEMBERED:
            self._written = {}
        self._written.update(pending)
        return len(pending)

    async def aclose(self) -> None:
        """Stop the timer (or let a write under way finish) and write what is pending."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            if not self._flushing:  # not started, or still waiting: the flush below does it
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.flush()
