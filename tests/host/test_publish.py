"""Publishing a host's turns and compactions to memoryd as v1 turn events."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import fakeredis
import httpx2
import pytest

from daemon.base.clock import FakeClock
from daemon.base.redis_keys import Keys
from daemon.events.codec import EVENT_FIELD, decode_event
from daemon.events.publisher import Publisher, to_event
from daemon.host.pipeline import CompactionEvent
from daemon.host.protected import ProtectedContext
from daemon.host.publish import (
    HostPublisher,
    HttpSink,
    ListSink,
    RedisSink,
    event_id,
    wire_message,
)
from tests.host.chat import call, coding_turn, result

SCOPE = {"project": "github.com/acme/billing", "user": "dana"}


def publisher(sink: ListSink | HttpSink | RedisSink) -> HostPublisher:
    return HostPublisher(
        sink,
        "s-42",
        SCOPE,
        FakeClock(datetime(2026, 11, 27, 9, 0, tzinfo=UTC)),
        system_prompt="You are a coding agent.",
        tools=[{"type": "function", "function": {"name": "grep"}}],
        protected=ProtectedContext(mode="build", working_directory="/srv", agent_depth=0),
    )


async def test_turns_and_compactions_are_numbered_and_validate_as_wire_events() -> None:
    sink = ListSink()
    host = publisher(sink)

    first = await host.turn(coding_turn(1), memory_writes=[{"tool": "memory_save", "ok": True}])
    second = await host.turn(coding_turn(2))
    compacted = await host.compaction(CompactionEvent("## Goal\nx", 2, "summary", 14))

    assert [e["turn"] for e in sink.events] == [1, 2, 3]
    assert [e["kind"] for e in sink.events] == ["turn", "turn", "compaction"]
    for event in sink.events:
        to_event(event)  # raises when memoryd's dispatcher would refuse it
    assert first["host"]["system_prompt"] == "You are a coding agent."
    assert "host" not in second and "host" not in compacted
    assert first["memory_writes"] == [{"tool": "memory_save", "ok": True}]
    assert first["agent"] == {"mode": "build", "cwd": "/srv"}
    assert compacted["summary"] == "## Goal\nx" and compacted["event_id"] == "s-42:3"
    assert host.last_turn == 3


def test_messages_keep_only_the_wire_fields_and_get_an_id() -> None:
    pinned = {"role": "user", "content": "rule", "pinned": True, "id": "m-1"}
    reasoned = {"role": "assistant", "content": "ok", "reasoning_content": "hidden"}

    assert wire_message(pinned, "t1m0") == {"id": "m-1", "role": "user", "content": "rule"}
    assert wire_message(reasoned, "t1m1") == {"id": "t1m1", "role": "assistant", "content": "ok"}
    assert wire_message(call("c1", "grep", pattern="x"), "t1m2")["tool_calls"][0]["id"] == "c1"
    assert wire_message(result("c1", "a"), "t1m3")["tool_call_id"] == "c1"


def test_an_event_id_past_200_characters_becomes_a_digest() -> None:
    assert event_id("s", 3) == "s:3"
    long = event_id("s" * 200, 3)
    assert long.startswith("sha256-") and len(long) <= 200


async def test_the_http_sink_posts_the_events_and_raises_on_a_refusal() -> None:
    bodies: list[object] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        bodies.append(json.loads(request.content))
        return httpx2.Response(202 if len(bodies) == 1 else 422, json={})

    transport = httpx2.MockTransport(answer)
    async with httpx2.AsyncClient(base_url="http://memoryd", transport=transport) as client:
        host = publisher(HttpSink(client))
        await host.turn(coding_turn(1))
        with pytest.raises(httpx2.HTTPStatusError):
            await host.turn(coding_turn(2))

    assert isinstance(bodies[0], list) and bodies[0][0]["turn"] == 1
    assert host.last_turn == 1  # a refused event keeps its number for the retry


async def test_the_redis_sink_appends_the_events_to_memoryds_stream() -> None:
    client = fakeredis.FakeAsyncRedis()
    keys = Keys("mdtest-host")
    host = publisher(RedisSink(Publisher(client, keys)))

    await host.turn(coding_turn(1))
    await host.compaction(CompactionEvent("## Goal\nx", 1, "llm", 7))

    entries = await client.xrange(keys.stream)
    events = [
        decode_event(fields[EVENT_FIELD.encode()], max_bytes=1 << 20) for _, fields in entries
    ]
    assert [(e.turn, e.kind) for e in events] == [(1, "turn"), (2, "compaction")]
    assert events[0].messages[2].tool_calls is not None
    assert events[1].summary == "## Goal\nx"
    await client.aclose()
