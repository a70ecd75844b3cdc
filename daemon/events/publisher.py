"""Publishing turn events from a Python agent host.

The wire format is plain JSON in one stream field, so hosts in other languages publish with
``XADD <prefix>:turns * event <json>`` (see ``docs/events.md``). This module does the same
for Python hosts, validating and size-checking first so that a bad event fails in the host
instead of landing in the dead-letter stream::

    publisher = Publisher.from_url("redis://127.0.0.1:6379/0")
    entry_id = await publisher.publish(event)

:class:`SyncPublisher` is the same over a blocking client, for hosts without asyncio.
Publishing never trims the stream: entries are removed only after the dispatcher has
acknowledged them (the retention job does that).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Generic, Self, TypeVar

import redis
import redis.asyncio

from daemon.base.errors import EventValidationError
from daemon.base.redis_keys import Keys
from daemon.events import stream
from daemon.events.codec import encode_event, validate_event
from daemon.events.models import AgentFacts, HostPrefix, Message, TurnEvent

#: The default size limit, equal to ``MEMORYD_STREAM__MAX_EVENT_BYTES``'s default.
DEFAULT_MAX_EVENT_BYTES = 1_048_576

EventLike = TurnEvent | Mapping[str, Any]


def to_event(event: EventLike) -> TurnEvent:
    """Validate a mapping as a v1 turn event (as the dispatcher would); a ``TurnEvent`` is
    returned as it is."""
    if isinstance(event, TurnEvent):
        return event
    if not isinstance(event, Mapping):
        raise EventValidationError(f"expected a JSON object, got {type(event).__name__}")
    return validate_event(event)


ClientT = TypeVar("ClientT", redis.Redis, redis.asyncio.Redis)


class _Encoder(Generic[ClientT]):
    """What both publishers share: the client, the keys, the size limit and the encoding."""

    def __init__(
        self, client: ClientT, keys: Keys, *, max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES
    ) -> None:
        if max_event_bytes <= 0:
            raise ValueError("max_event_bytes must be positive")
        self.client: ClientT = client
        self.keys = keys
        self.max_event_bytes = max_event_bytes

    @classmethod
    def _connect(cls, url: str) -> ClientT:
        raise NotImplementedError

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        prefix: str = "memoryd",
        max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES,
    ) -> Self:
        """A publisher with its own connection pool (close it when done)."""
        return cls(cls._connect(url), Keys(prefix), max_event_bytes=max_event_bytes)

    def prepare(self, event: EventLike) -> bytes:
        """Validate and encode an event; raises ``EventValidationError`` or ``EventTooLarge``."""
        return encode_event(to_event(event), max_bytes=self.max_event_bytes)


class Publisher(_Encoder[redis.asyncio.Redis]):
    """Publishes turn events with an asyncio Redis client (close it with :meth:`aclose`)."""

    def __init__(
        self,
        client: redis.asyncio.Redis,
        keys: Keys,
        *,
        max_event_bytes: int = DEFAULT_MAX_EVENT_BYTES,
    ) -> None:
        super().__init__(client, keys, max_event_bytes=max_event_bytes)
        self._xadd_all = client.register_script(stream.XADD_ALL)
        self._xadd_recorded = client.register_script(stream.XADD_RECORDED)

    @classmethod
    def _connect(cls, url: str) -> redis.asyncio.Redis:
        client: redis.asyncio.Redis = redis.asyncio.Redis.from_url(url)
        return client

    async def publish(self, event: EventLike) -> str:
        """Validate, encode and XADD one event; returns the stream entry id."""
        return await self.publish_prepared(self.prepare(event))

    async def publish_prepared(self, payload: bytes) -> str:
        """XADD one payload made by :meth:`prepare`; returns the stream entry id."""
        return await stream.append(self.client, self.keys, payload)

    async def publish_many(self, events: Iterable[EventLike]) -> list[str]:
        """Publish events in one round trip, in order.

        Every event is validated first: if one is refused, none is published.
        """
        return await self.send_prepared([self.prepare(event) for event in events])

    async def send_prepared(self, payloads: Sequence[bytes]) -> list[str]:
        """XADD payloads made by :meth:`prepare`, in order, in one command (:data:`XADD_ALL`)."""
        if not payloads:
            return []
        if len(payloads) == 1:  # a pipeline of one costs more than the command alone
            return [await self.publish_prepared(payloads[0])]
        return await stream.append_all(self._xadd_all, self.keys, payloads)

    async def send_recorded(
        self, entries: Sequence[tuple[bytes, str, tuple[str, str]]], *, ttl_s: int
    ) -> tuple[list[str], int]:
        """XADD payloads made by :meth:`prepare`, in order, each with its delivery record,
        in one command (:func:`daemon.events.stream.append_recorded`): the entry ids, and
        how many records were not written."""
        entry_ids, unrecorded = await stream.append_recorded(
            self._xadd_recorded, self.keys, entries, ttl_s=ttl_s
        )
        return entry_ids, len(unrecorded)

    async def aclose(self) -> None:
        """Close the Redis client."""
        await self.client.aclose()


class SyncPublisher(_Encoder[redis.Redis]):
    """Publishes turn events with a blocking Redis client, for hosts without asyncio (close
    it with :meth:`close`)."""

    @classmethod
    def _connect(cls, url: str) -> redis.Redis:
        return redis.Redis.from_url(url)

    def publish(self, event: EventLike) -> str:
        """Validate, encode and XADD one event; returns the stream entry id."""
        return stream.append_sync(self.client, self.keys, self.prepare(event))

    def publish_many(self, events: Iterable[EventLike]) -> list[str]:
        """Publish events in one pipelined round trip; if one is refused, none is published."""
        return self.send_prepared([self.prepare(event) for event in events])

    def send_prepared(self, payloads: Sequence[bytes]) -> list[str]:
        """XADD payloads made by :meth:`prepare`, pipelined, in order."""
        if not payloads:
            return []
        return stream.append_all_sync(self.client, self.keys, payloads)

    def close(self) -> None:
        """Close the Redis client."""
        self.client.close()


def fixture_events(session: Mapping[str, Any], *, start_turn: int = 1) -> list[TurnEvent]:
    """The v1 events of a bundled fixture session (``daemon.fixtures``), one per turn.

    Turns are numbered from ``start_turn`` without gaps; ids are deterministic, so
    publishing a fixture twice is a no-op for the dispatcher: event ``<session_id>:<turn>``,
    messages ``t<turn>m<i>`` (``i`` counts from 0 within the turn). The session's ``agent``
    facts (and ``host`` prefix, if any) ride on the first turn.
    """
    session_id = str(session["session_id"])
    events: list[TurnEvent] = []
    for index, raw in enumerate(session["turns"]):
        turn = start_turn + index
        first = index == 0
        messages = [
            Message.model_validate({**message, "id": f"t{turn}m{i}"})
            for i, message in enumerate(raw["messages"])
        ]
        agent = session.get("agent") if first else None
        host = session.get("host") if first else None
        events.append(
            TurnEvent(
                v=1,
                event_id=f"{session_id}:{turn}",
                session_id=session_id,
                turn=turn,
                at=datetime.fromisoformat(str(raw["at"])),
                scope=session["scope"],
                kind=raw.get("kind", "turn"),
                messages=messages,
                memory_writes=raw.get("memory_writes", []),
                summary=raw.get("summary"),
                agent=AgentFacts.model_validate(agent) if agent else None,
                host=HostPrefix.model_validate(host) if host else None,
            )
        )
    return events
