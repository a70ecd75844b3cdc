"""Telling memoryd what the host did: each turn, and each compaction, as turn events.

:class:`HostPublisher` numbers one session's events (1, 2, 3 …: a compaction event takes a
number too, as the stream wants them without gaps), sends the host's prefix (its own system
prompt and tool schemas) with the first event only, lists the main agent's memory writes
with its turn, and sends the protected context's mode, working directory and branch as the
agent's facts. Messages are sent in the wire format (``docs/events.md``): each gets an id
when it has none, and only the fields the format knows are kept (a ``pinned`` mark or a
reasoning block stays in the host).

Events go through an :class:`EventSink`: over Redis with memoryd's
:class:`~daemon.events.publisher.Publisher` (:class:`RedisSink`), over HTTP to
``POST /v1/events`` (:class:`HttpSink`), or into a list (:class:`ListSink`, for tests).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx2

from daemon.base.clock import Clock
from daemon.events.publisher import Publisher
from daemon.host.pipeline import CompactionEvent
from daemon.host.protected import ProtectedContext
from daemon.host.tokens import Message

WireEvent = dict[str, Any]
_ID_MAX = 200
_MESSAGE_FIELDS = ("role", "content", "tool_call_id", "name")


class EventSink(Protocol):
    async def send(self, events: list[WireEvent]) -> None:
        """Deliver ``events`` to memoryd, in order (raises when it cannot)."""
        ...


class RedisSink:
    """Events appended to memoryd's stream with its publisher (validated first)."""

    def __init__(self, publisher: Publisher) -> None:
        self.publisher = publisher

    async def send(self, events: list[WireEvent]) -> None:
        await self.publisher.publish_many(events)


class HttpSink:
    """Events posted to ``POST /v1/events``; ``client`` carries the base URL and a key of
    role ``host``. An event refused (a 422) raises ``httpx2.HTTPStatusError``."""

    def __init__(self, client: httpx2.AsyncClient) -> None:
        self.client = client

    async def send(self, events: list[WireEvent]) -> None:
        response = await self.client.post("/v1/events", json=events)
        response.raise_for_status()


@dataclass
class ListSink:
    """Events kept in a list."""

    events: list[WireEvent] = field(default_factory=list)

    async def send(self, events: list[WireEvent]) -> None:
        self.events.extend(events)


def wire_message(message: Mapping[str, Any], message_id: str) -> WireEvent:
    """``message`` in the wire format: its id (``message_id`` when it has none), its role,
    content, tool calls, ``tool_call_id`` and ``name``; nothing else."""
    found = message.get("id")
    wire: WireEvent = {"id": found if isinstance(found, str) and found else message_id}
    for name in _MESSAGE_FIELDS:
        if message.get(name) is not None:
            wire[name] = message[name]
    calls = message.get("tool_calls")
    if calls:
        wire["tool_calls"] = [
            {
                "id": str(call.get("id")),
                "type": "function",
                "function": {
                    "name": str((call.get("function") or {}).get("name") or ""),
                    "arguments": str((call.get("function") or {}).get("arguments") or ""),
                },
            }
            for call in calls
        ]
    return wire


def event_id(session_id: str, turn: int) -> str:
    """``<session>:<turn>``, or a digest of it past the 200 characters an id may hold."""
    plain = f"{session_id}:{turn}"
    if len(plain) <= _ID_MAX:
        return plain
    return "sha256-" + hashlib.sha256(plain.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class HostPublisher:
    """One session's events (see the module). ``scope`` is the wire scope
    (``project``, and ``user`` and ``tenant`` when they apply)."""

    sink: EventSink
    session_id: str
    scope: Mapping[str, str]
    clock: Clock
    system_prompt: str | None = None
    tools: Sequence[Mapping[str, Any]] | None = None
    protected: ProtectedContext = field(default_factory=ProtectedContext)
    timezone: str | None = None
    last_turn: int = 0
    """The number of the last event sent (the next one takes the one after)."""

    def _event(self, kind: str) -> WireEvent:
        turn = self.last_turn + 1
        event: WireEvent = {
            "v": 1,
            "event_id": event_id(self.session_id, turn),
            "session_id": self.session_id,
            "turn": turn,
            "at": self.clock.now().isoformat(),
            "scope": dict(self.scope),
            "kind": kind,
        }
        if self.last_turn == 0 and (self.system_prompt is not None or self.tools is not None):
            event["host"] = {
                "system_prompt": self.system_prompt,
                "tools": [dict(tool) for tool in self.tools] if self.tools is not None else None,
            }
        facts = {
            "mode": self.protected.mode,
            "cwd": self.protected.working_directory,
            "branch": self.protected.branch,
        }
        if any(facts.values()):
            event["agent"] = {name: value for name, value in facts.items() if value}
        if self.timezone:
            event["timezone"] = self.timezone
        return event

    async def _send(self, event: WireEvent) -> WireEvent:
        await self.sink.send([event])
        self.last_turn = event["turn"]
        return event

    async def turn(
        self, messages: Iterable[Message], *, memory_writes: Iterable[Mapping[str, Any]] = ()
    ) -> WireEvent:
        """Send one turn: its messages (this turn's only) and the main agent's memory
        writes (``tool``, ``call_id``, ``ok``). Returns the event sent."""
        event = self._event("turn")
        turn = event["turn"]
        event["messages"] = [
            wire_message(message, f"t{turn}m{index}") for index, message in enumerate(messages)
        ]
        writes = [
            {name: write[name] for name in ("tool", "call_id", "ok") if name in write}
            for write in memory_writes
        ]
        if writes:
            event["memory_writes"] = writes
        return await self._send(event)

    async def compaction(self, compaction: CompactionEvent) -> WireEvent:
        """Send a compaction: its summary, which memoryd keeps as working memory."""
        event = self._event("compaction")
        event["summary"] = compaction.summary
        return await self._send(event)
