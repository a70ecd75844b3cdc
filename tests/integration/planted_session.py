"""A session whose every transcript field holds a word of its own (message content, tool-call
arguments and output, a spilled output, the host's system prompt and tool schemas, a
compaction summary), as the turn events a host publishes: for tests of where text is kept."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
from arq.connections import ArqRedis

from daemon.app.container import Container, open_container
from daemon.base.clock import FakeClock
from daemon.events.models import TurnEvent

#: The clock of :func:`forgetting`: the morning of the planted session's turns.
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=UTC)

#: One planted word per field, so that a miss names the field.
PLANTED = {
    "user": "Quetzalcoatl",
    "arguments": "Zanzibarian",
    "tool": "Xylophonist",
    "spill": "Kilimanjaro",
    "prompt": "Ouagadougou",
    "schema": "Vladivostok",
    "summary": "Tegucigalpa",
}


def turn_event(session: str, turn: int, **fields: Any) -> TurnEvent:
    """Turn ``turn`` of ``session`` in Dana's billing project, with the planted host."""
    data: dict[str, Any] = {
        "v": 1,
        "event_id": f"{session}:{turn}",
        "session_id": session,
        "turn": turn,
        "at": f"2026-11-17T09:0{turn}:00Z",
        "scope": {"project": "github.com/acme/billing", "user": "dana"},
        "host": {
            "system_prompt": f"You are Coder. Office: {PLANTED['prompt']}.",
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "bash",
                        "description": f"Run a command in {PLANTED['schema']}.",
                        "parameters": {"type": "object", "properties": {}},
                    },
                }
            ],
        },
        **fields,
    }
    return TurnEvent.model_validate(data)


def planted_session(session: str) -> list[TurnEvent]:
    """Two turns of ``session``: the first with every message field and a spilled output,
    the second a compaction; the host's prompt and schemas on each."""
    spilled = [f"line {i}" for i in range(2100)]
    spilled[1500] = f"the build ran in {PLANTED['spill']}"
    arguments = json.dumps({"command": f"ls /srv/{PLANTED['arguments']}"})
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": arguments}}
    return [
        turn_event(
            session,
            1,
            messages=[
                {
                    "id": "u1",
                    "role": "user",
                    "content": f"We always deploy the billing service from {PLANTED['user']}.",
                },
                {"id": "a1", "role": "assistant", "content": None, "tool_calls": [call]},
                {"id": "t1", "role": "tool", "tool_call_id": "c1", "content": PLANTED["tool"]},
                {"id": "t2", "role": "tool", "tool_call_id": "c1", "content": "\n".join(spilled)},
            ],
        ),
        turn_event(
            session,
            2,
            kind="compaction",
            summary=f"The team moved its staging to {PLANTED['summary']}.",
            messages=[],
        ),
    ]


async def open_keeping(
    settings_factory: Any, redis: ArqRedis, keep: str = "until_extracted", **more: Any
) -> Container:
    """A container whose store keeps transcripts as ``keep`` says, on a clock at :data:`T0`."""
    settings = settings_factory(maintenance={"keep_transcripts": keep}, **more)
    return await open_container(settings, redis=redis, clock=FakeClock(T0))


@pytest.fixture
async def rt(settings_factory: Any, redis: ArqRedis) -> AsyncIterator[Container]:
    """A container whose store keeps transcripts only until extracted (closed after)."""
    rt = await open_keeping(settings_factory, redis)
    try:
        yield rt
    finally:
        await rt.close()
