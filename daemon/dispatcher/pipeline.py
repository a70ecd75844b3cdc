"""A dispatcher's batches in hand: what each will acknowledge and dead-letter, and the
pipeline that keeps at most one commit in flight and the batches the store refused."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from daemon.events.models import TurnEvent
from daemon.store.transcripts.prepared import PreparedTurn


@dataclass(slots=True)
class Dead:
    entry_id: str
    fields: dict[bytes, bytes] | None
    reason: str


@dataclass(slots=True)
class Outcome:
    ack: list[str] = field(default_factory=list)
    dead: list[Dead] = field(default_factory=list)


@dataclass(slots=True)
class Decoded:
    """An event decoded from its entry, still to prepare."""

    entry_id: str
    fields: dict[bytes, bytes]
    event: TurnEvent


@dataclass(slots=True)
class StreamBatch:
    prepared: list[PreparedTurn] = field(default_factory=list)
    outcome: Outcome = field(default_factory=Outcome)
    #: Events waiting to be prepared: what the turns before them left could not be read
    #: yet (the store was down). Prepared before the batch is committed.
    decoded: list[Decoded] = field(default_factory=list)

    @property
    def ready(self) -> bool:
        """Whether every event is prepared (or dead-lettered): a batch that is not must not
        be prepared beside the next one, whose turns may follow its own."""
        return not self.decoded


class Pipeline:
    """At most one commit in flight; batches the store refused to take (it was down), or
    whose events could not be prepared for it, are kept in memory and retried before
    anything new is read."""

    def __init__(self, commit: Callable[[StreamBatch], Coroutine[Any, Any, bool]]) -> None:
        self._commit = commit
        self._inflight: tuple[asyncio.Task[bool], StreamBatch] | None = None
        self.failed: list[StreamBatch] = []

    def submit(self, batch: StreamBatch) -> None:
        """Commit ``batch`` while the next one is read and prepared; one not ready is kept to
        retry instead (see :attr:`StreamBatch.ready`)."""
        if not batch.ready:
            self.failed.append(batch)
            return
        self._inflight = (asyncio.create_task(self._commit(batch)), batch)

    async def run_now(self, batch: StreamBatch) -> None:
        if not await self._commit(batch):
            self.failed.append(batch)

    async def drain(self) -> bool:
        """Wait for the commit in flight; True when no batch waits for a retry."""
        if self._inflight is not None:
            task, batch = self._inflight
            self._inflight = None
            if not await task:
                self.failed.append(batch)
        return not self.failed

    async def retry(self) -> bool:
        """Commit the kept batches again, oldest first; True when none is left."""
        while self.failed:
            if not await self._commit(self.failed[0]):
                return False
            self.failed.pop(0)
        return True

    async def abandon(self) -> None:
        """Forget everything in hand: its entries stay pending in the stream and are read
        again from there (after a Redis error or a bug, memory is not to be trusted)."""
        if self._inflight is not None:
            with contextlib.suppress(Exception):
                await self._inflight[0]
            self._inflight = None
        self.failed.clear()
