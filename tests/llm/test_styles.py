"""Models that answer in other shapes still move every session forward.

The fake model plays each style of `daemon.testing.fakellm.styles` (fenced JSON, prose then JSON,
other keys, string-wrapped arguments, JSON text instead of tool calls, strict schemas,
endpoints refusing ``response_format``) in both context modes; every run must end with
the cursor moved, the facts kept, and few model calls.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from daemon.app.container import Container
from daemon.events.models import TurnEvent
from daemon.testing.fakellm import STYLES, FakeLLM, text
from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from tests.extraction.llm.conftest import OpenLLM
from tests.harness import live_memories, publisher, rows, run_pipeline

HOST = {
    "system_prompt": "You are Coder, a coding agent. " * 40,
    "tools": [
        {
            "type": "function",
            "function": {
                "name": "bash",
                "description": "Run a command.",
                "parameters": {"type": "object", "properties": {"command": {"type": "string"}}},
            },
        }
    ],
}
LINES = (
    "I prefer early returns over nested conditionals.",
    "We decided to use Postgres for the queue because ops knows it.",
    "Remember that the staging database is db-7.",
)


def _session(session_id: str, *, host: bool) -> list[TurnEvent]:
    events = []
    for number, line in enumerate(LINES, start=1):
        data: dict[str, Any] = {
            "v": 1,
            "event_id": f"{session_id}:{number}",
            "session_id": session_id,
            "turn": number,
            "at": f"2026-11-17T09:0{number}:00Z",
            "scope": {"project": "github.com/acme/billing", "user": "dana"},
            "messages": [
                {"id": f"u{number}", "role": "user", "content": line},
                {"id": f"a{number}", "role": "assistant", "content": "Noted."},
            ],
        }
        if host and number == 1:
            data["host"] = HOST
        events.append(TurnEvent.model_validate(data))
    return events


async def _open(
    open_llm: OpenLLM,
    fake: FakeLLM,
    style: str,
    mode: str = "auto",
    structured_output: str = "json_schema",  # the top of the step-down, to exercise it all
) -> Container:
    fake.policy = ExtractionPolicy()
    rt: Container = await open_llm(
        fake,
        llm={
            "model": f"fake-model@{style}",
            "context_mode": mode,
            "structured_output": structured_output,
        },
    )
    return rt


async def test_by_default_a_fork_asks_for_a_json_object_not_a_schema(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    """A schema would sit in front of the host's prefix on providers that cache it first, so
    the default asks for a JSON object; the answer is read and kept all the same."""
    fake_llm.policy = ExtractionPolicy()
    rt: Container = await open_llm(fake_llm, llm={"model": "fake-model@plain"})
    await publisher(rt).publish(_session("s-default", host=True)[0])
    await run_pipeline(rt)
    formats = [(r.get("response_format") or {}).get("type") for r in fake_llm.requests]
    assert formats == ["json_object"]
    (memory,) = await live_memories(rt)
    assert memory.type == "user"


async def _runs(rt: Container) -> list[Any]:
    return sorted(await rows(rt, "runs"), key=lambda r: r.id)


@pytest.mark.parametrize("mode", ["fork", "delta"])
@pytest.mark.parametrize("style", STYLES)
async def test_every_style_moves_every_session_forward_in_few_calls(
    open_llm: OpenLLM, fake_llm: FakeLLM, style: str, mode: str
) -> None:
    """Three runs (one turn each) of a session: each ends with the cursor on its turn and
    the turn's fact kept, at most two model calls a run (a probe of what the endpoint
    supports aside, made once)."""
    rt = await _open(open_llm, fake_llm, style)
    pub = publisher(rt)
    for event in _session(f"s-{style}-{mode}", host=mode == "fork"):
        await pub.publish(event)
        await run_pipeline(rt)
        (cursor,) = await rows(rt, "cursors")
        assert (cursor.turn, cursor.failures) == (event.turn, 0)
    runs = await _runs(rt)
    assert [r.outcome for r in runs] == ["wrote"] * 3, [r.error for r in runs]
    assert {r.extractor for r in runs} == {f"llm:{mode}"}
    refused = {"no_response_format": 2, "json_object_only": 1}  # 400s: json_schema, json_object
    probes = refused.get(style, 0) if mode == "fork" else 0
    assert [r.model_calls for r in runs] == [1 + probes, 1, 1]
    assert sum(r.model_calls for r in runs) == fake_llm.calls
    kinds = sorted(m.type for m in await live_memories(rt))
    assert kinds == ["decision", "project", "user"]


async def test_response_format_is_probed_once_per_client_and_remembered(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    """An endpoint refusing ``json_schema`` with a 400 naming ``response_format`` gets
    ``json_object`` at once in the same run, and every later request asks for that only."""
    rt = await _open(open_llm, fake_llm, "json_object_only")
    pub = publisher(rt)
    for event in _session("s-probe", host=True)[:2]:
        await pub.publish(event)
        await run_pipeline(rt)
    formats = [(r.get("response_format") or {}).get("type") for r in fake_llm.requests]
    assert formats == ["json_schema", "json_object", "json_object"]
    assert fake_llm.served == {"error": 1, "text": 2}


async def test_a_schema_model_gets_the_answer_schema_and_keeps_to_it(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    rt = await _open(open_llm, fake_llm, "schema")
    await publisher(rt).publish(_session("s-schema", host=True)[0])
    await run_pipeline(rt)
    (request,) = fake_llm.requests
    response_format = request["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["required"] == ["operations"] and schema["additionalProperties"] is False
    (memory,) = await live_memories(rt)
    assert memory.type == "user" and "early returns" in memory.content


async def test_an_unusable_fork_answer_gets_one_correction_then_the_batch_goes_delta(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    """Prose without JSON twice: one corrective message naming the expected shape, then
    delta mode for that batch; the run records the fallback in its extractor field."""
    rt = await _open(open_llm, fake_llm, "plain")
    fake_llm.script(
        [text("I would keep the preference for early returns."), text("Early returns, yes.")]
    )
    await publisher(rt).publish(_session("s-fallback", host=True)[0])
    await run_pipeline(rt)
    (run,) = await _runs(rt)
    assert (run.outcome, run.extractor, run.model_calls) == ("wrote", "llm:fork>delta", 3)
    _, corrected, delta = fake_llm.requests
    nudge = corrected["messages"][-1]["content"]
    assert nudge.startswith("[memoryd]") and '{"operations": [' in nudge
    assert corrected["messages"][-2] == {
        "role": "assistant",
        "content": "I would keep the preference for early returns.",
    }
    assert "memory_done" in json.dumps(delta["tools"])
    (memory,) = await live_memories(rt)
    assert "early returns" in memory.content


async def test_delta_text_without_json_gets_one_correction_and_the_run_ends_cleanly(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    rt = await _open(open_llm, fake_llm, "plain")
    fake_llm.script([text("Nothing here seems worth remembering.")])
    await publisher(rt).publish(_session("s-nudge", host=False)[0])
    await run_pipeline(rt)
    (run,) = await _runs(rt)
    assert (run.outcome, run.model_calls) == ("wrote", 2)
    assert "memory_done" in fake_llm.requests[1]["messages"][-1]["content"]
    (cursor,) = await rows(rt, "cursors")
    assert (cursor.turn, cursor.failures) == (1, 0)


async def test_a_host_prefix_that_held_a_secret_is_stored_redacted_and_runs_delta(
    open_llm: OpenLLM, fake_llm: FakeLLM
) -> None:
    """A live key in the host's system prompt was stored and sent in every fork request.
    It is redacted at ingestion; the redacted prefix is not the host's, so no cache holds
    it, and auto mode runs delta instead of a fork."""
    key = "sk_" + "live_" + "51Hq8ZPq2eZvKYlo2C9xR7dT4mWq0LbN3sUa"
    rt = await _open(open_llm, fake_llm, "plain")
    event = _session("s-secret-prefix", host=True)[0]
    assert event.host is not None
    prompt = f"{event.host.system_prompt} Deploy with {key}."
    event = event.model_copy(
        update={"host": event.host.model_copy(update={"system_prompt": prompt})}
    )
    await publisher(rt).publish(event)
    await run_pipeline(rt)
    (session,) = await rows(rt, "sessions")
    assert key not in session.host_system_prompt
    assert "[redacted:stripe_key]" in session.host_system_prompt
    (run,) = await _runs(rt)
    assert run.extractor == "llm:delta", run.error
    assert all(key not in json.dumps(request) for request in fake_llm.requests)
