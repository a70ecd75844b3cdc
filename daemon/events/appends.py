"""Turn events appended for the requests of one serving process, each with its delivery
record (:mod:`daemon.events.delivery`), one Redis command at a time.

A command's round trip costs the serving process more than its events' validation does (its
write wakes Redis; measured under the publishing bench, a batch of 20 events spent more
processor time sending its command than validating them). While one command is under way,
what other requests bring waits for it to return and then goes together in the next one
(:data:`~daemon.events.stream.XADD_RECORDED`), in the order they came, a request's events
side by side; each request is told its own entry ids and how many of its records were not
written, as if it had gone alone. A lone request goes at once. A command carries at most
``most_events`` events (a request's own are never split, however many), and a Redis failure
is told to every request of the command, which answers it as before (503). The rate
limiter counts requests the same way (:mod:`daemon.access.rate_limits`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from daemon.base.redis_keys import Keys
from daemon.events import stream

#: An event to append: its payload, its record's key and its record's text around its entry
#: id (:func:`daemon.events.delivery.record_around`).
Entry = tuple[bytes, str, tuple[str, str]]

#: The most events one command carries, whatever the requests waiting (the most one request
#: may send, ``MEMORYD_API__MAX_EVENTS_PER_REQUEST``'s default).
MOST_EVENTS = 1_000


@dataclass(frozen=True, slots=True)
class _Waiting:
    entries: Sequence[Entry]
    ttl_s: int
    done: asyncio.Future[tuple[list[str], int]]


class Appends:
    """Appends the events of concurrent requests, one command at a time (see the module)."""

    def __init__(self, redis: Redis, keys: Keys, *, most_events: int = MOST_EVENTS) -> None:
        self.keys = keys
        self.most_events = most_events
        self._script: Any = redis.register_script(stream.XADD_RECORDED)
        self._waiting: deque[_Waiting] = deque()
        self._sending: asyncio.Task[None] | None = None

    async def send_recorded(self, entries: Sequence[Entry], *, ttl_s: int) -> tuple[list[str], int]:
        """Append ``entries`` in order, each with its record kept ``ttl_s``: their entry ids,
        and how many of their records were not written. Redis's failure is raised as
        ``QueueError``."""
        if not entries:
            return [], 0
        done: asyncio.Future[tuple[list[str], int]] = asyncio.get_running_loop().create_future()
        self._waiting.append(_Waiting(entries, ttl_s, done))
        if self._sending is None:
            self._sending = asyncio.create_task(self._send())
        return await done

    def _next(self) -> list[_Waiting]:
        """The requests of the next command: the first waiting, and those after it with the
        same lifetime while the command holds at most ``most_events`` events."""
        first = self._waiting.popleft()
        taken, count = [first], len(first.entries)
        while self._waiting:
            following = self._waiting[0]
            count += len(following.entries)
            if following.ttl_s != first.ttl_s or count > self.most_events:
                break
            taken.append(self._waiting.popleft())
        return taken

    async def _send(self) -> None:
        """Send what waits, one command a round, until nothing waits."""
        taken: list[_Waiting] = []
        try:
            while self._waiting:
                taken = self._next()
                entries = [entry for waiting in taken for entry in waiting.entries]
                try:
                    entry_ids, unrecorded = await stream.append_recorded(
                        self._script, self.keys, entries, ttl_s=taken[0].ttl_s
                    )
                except Exception as exc:  # told to each request, which answers 503
                    for waiting in taken:
                        if not waiting.done.done():
                            waiting.done.set_exception(exc)
                    continue
                start = 0
                for waiting in taken:
                    stop = start + len(waiting.entries)
                    missed = sum(1 for place in unrecorded if start <= place < stop)
                    if not waiting.done.done():  # a request that gave up is appended all the same
                        waiting.done.set_result((entry_ids[start:stop], missed))
                    start = stop
                taken = []
        finally:  # cancelled (the server stopping): nobody is left waiting for ever
            for waiting in [*taken, *self._waiting]:
                waiting.done.cancel()
            self._waiting.clear()
            self._sending = None
