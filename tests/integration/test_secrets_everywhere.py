"""Issue 19's proof end to end: secrets planted in every field of a session (message
content, tool-call arguments and outputs, a spilled output, the host's system prompt and tool
schemas, a compaction summary, an event refused as a dead letter) and in what the model
answers (a host tool called with them, memories that hold them) reach no table, no
truncation file, no dead letter, no log line and no request to the model. Through the real
dispatcher and worker, the LLM extractor replaying the host's prefix (fork mode) against the
fake model, on fakeredis + SQLite and on the real Redis + PostgreSQL."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from daemon.base.logs import configure_logging, reset_logging
from daemon.base.settings import LogSettings
from daemon.events.models import TurnEvent
from daemon.store.tables import messages
from daemon.testing.fakellm import FakeLLM, text, tool_call, tool_calls
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from tests.base.planted import (
    COMMAND,
    HEADER,
    HEX_TOKEN,
    PLANTED,
    PREFIXED,
    PROSE,
    leaked,
    tool_arguments,
)
from tests.extraction.llm.conftest import OpenLLM, open_llm
from tests.harness import everything_stored, publisher, rows, run_pipeline

__all__ = ["open_llm"]  # the fixture, for this module

SESSION = "s-planted"
HOST = {
    "system_prompt": f"You are Coder, a coding agent.\n{HEADER}\n{PROSE}",
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "bash",
                "description": f"Run a command. {HEADER}",
                "parameters": {
                    "type": "object",
                    "properties": {"command": {"type": "string", "default": COMMAND}},
                },
            },
        }
    ],
}


def _event(turn: int, **fields: Any) -> TurnEvent:
    data: dict[str, Any] = {
        "v": 1,
        "event_id": f"{SESSION}:{turn}",
        "session_id": SESSION,
        "turn": turn,
        "at": f"2026-11-17T09:0{turn}:00Z",
        "scope": {"project": "github.com/acme/billing", "user": "dana"},
        "host": HOST,
        **fields,
    }
    return TurnEvent.model_validate(data)


def _session() -> list[TurnEvent]:
    spilled = [f"line {i}" for i in range(2100)]
    spilled[7] = f"AUTH {PREFIXED} {HEX_TOKEN}"
    spilled[8] = PROSE
    call = {"id": "c1", "type": "function", "function": {"name": "bash"}}
    return [
        _event(
            1,
            messages=[
                {"id": "u1", "role": "user", "content": f"We deploy on Fridays.\n{PROSE}"},
                {
                    "id": "a1",
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {**call, "function": {"name": "bash", "arguments": tool_arguments()}},
                        {
                            **call,
                            "id": "c2",
                            "function": {"name": "bash", "arguments": json.dumps([PROSE])},
                        },
                    ],
                },
                {"id": "t1", "role": "tool", "tool_call_id": "c1", "content": PROSE},
                {"id": "t2", "role": "tool", "tool_call_id": "c2", "content": "\n".join(spilled)},
            ],
        ),
        _event(2, kind="compaction", summary=f"We deploy on Fridays.\n{PROSE}", messages=[]),
    ]


def _refused_event() -> bytes:
    """An event the stream refuses (a field it does not know), secrets in it and around."""
    event = _session()[0].model_dump(mode="json")
    event["event_id"] = f"{SESSION}:9"
    event["turn"] = 9
    event["planted"] = {"note": PROSE, "args": tool_arguments()}
    return json.dumps(event).encode()


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    out = io.StringIO()
    configure_logging(LogSettings(format="json", level="debug"), stream=out)
    yield out
    reset_logging()


async def test_no_planted_secret_reaches_any_stored_location_or_the_model(
    open_llm: OpenLLM, fake_llm: FakeLLM, log_lines: io.StringIO
) -> None:
    fake_llm.policy = ExtractionPolicy()
    rt = await open_llm(fake_llm, llm={"context_mode": "fork"})
    answer = {
        "operations": [
            {"action": "create", "type": "project", "title": "Deploy", "content": PROSE},
            {"action": "create", "type": PLANTED["hex"][0], "title": "t", "content": "x y z"},
            {"action": "create", "type": "decision", "title": "Deploy day", "content": PROSE},
        ]
    }
    fake_llm.script(
        [
            tool_calls([tool_call("bash", {"command": f"{COMMAND} # {PROSE}"})], content=PROSE),
            text(json.dumps(answer)),
        ]
    )
    first, compaction = _session()
    await publisher(rt).publish(first)
    await rt.redis.xadd(rt.keys.stream, {"event": _refused_event()})
    await run_pipeline(rt)  # a fork: the host's prefix replayed
    await publisher(rt).publish(compaction)
    await run_pipeline(rt)  # delta (a compaction is never forked over)

    stored = await everything_stored(rt)
    assert leaked(stored) == []
    letters = await rt.redis.xrange(rt.keys.dead)
    assert len(letters) == 1
    assert leaked(repr(letters)) == []
    assert b"planted" in letters[0][1][b"reason"]
    assert fake_llm.requests, "the model was asked"
    for request in fake_llm.requests:
        for message in request["messages"]:
            assert leaked(json.dumps(message, ensure_ascii=False)) == [], message
    assert leaked(json.dumps(fake_llm.requests)) == []
    assert leaked(log_lines.getvalue()) == []

    # Every location was reached, so the absence above means something.
    (message,) = await rows(rt, "messages", *_id("t2"))
    assert "full output in truncation file mt-" in message.content
    assert "X-Internal-Key: [redacted:" in json.dumps(fake_llm.requests[0]["tools"])
    first = fake_llm.requests[0]["messages"]
    assert first[0]["role"] == "system" and "X-Internal-Key: [redacted:" in first[0]["content"]
    (session,) = await rows(rt, "sessions")
    assert "[redacted:" in session.host_system_prompt
    refused = [r for run in await rows(rt, "runs") for r in run.refusals or ()]
    assert len(refused) >= 3, refused
    assert any(r["code"] == "secret" for r in refused)


def _id(message_id: str) -> list[Any]:
    return [messages.c.message_id == message_id]
