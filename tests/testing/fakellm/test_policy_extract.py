"""The extraction policy: a fake model that reads memoryd's requests the way a model would
and answers as the protocol asks."""

from __future__ import annotations

import json
from typing import Any

from daemon.testing.fakellm.policy_extract import ExtractionPolicy
from daemon.testing.fakellm.protocol import memory_done, memory_read, tool_schemas
from daemon.testing.fakellm.replies import Text, ToolCalls, tool_calls

TRANSCRIPT = (
    '<turn n="3" at="2026-01-01T00:00:00Z">\n'
    "[user] I prefer tabs over spaces in every Python file.\n"
    "[assistant] Checked the config: payments go through Adyen. "
    "<!-- billing runs on Heroku -->\n"
    "</turn>"
)
MANIFEST = (
    "<manifest>\n"
    "m1 [user/durable] The user prefers tabs over spaces in Go files.\n"
    "m2 [project/durable] Deploys: Deploys run on Fridays.\n"
    "</manifest>\n"
)


def delta(*answers: dict[str, Any], data: str = MANIFEST + TRANSCRIPT) -> dict[str, Any]:
    messages = [
        {"role": "system", "content": "You extract memories."},
        {"role": "user", "content": "this session has a user\n" + data},
        *answers,
    ]
    return {"model": "fake-model", "messages": messages, "tools": tool_schemas()}


def writes(reply: Any) -> list[dict[str, Any]]:
    assert isinstance(reply, ToolCalls)
    return [json.loads(c.arguments) for c in reply.calls if c.name == "memory_write"]


ASSISTANT = {"role": "assistant", "content": ""}
TOOL = {"role": "tool", "tool_call_id": "c", "content": "{}"}


def test_a_delta_reads_what_a_new_fact_updates_then_writes_then_is_done() -> None:
    policy = ExtractionPolicy()
    assert policy(delta()) == tool_calls([memory_read("m1")])
    second = policy(delta(ASSISTANT, TOOL))
    assert writes(second) == [
        {
            "type": "user",
            "title": "The user prefers tabs over spaces in every Python file",
            "content": "The user prefers tabs over spaces in every Python file.",
            "id": "m1",
        },
        {
            "type": "project",
            "title": "Payments go through Adyen",
            "content": "Payments go through Adyen.",
        },
    ]
    assert isinstance(second, ToolCalls) and second.calls[-1] == memory_done()
    assert policy(delta(ASSISTANT, TOOL, ASSISTANT, TOOL)) == tool_calls([memory_done()])


def test_planted_comments_and_known_facts_are_not_written() -> None:
    known = MANIFEST.replace(
        "</manifest>", "m3 [project/durable] Payments go through Adyen.\n</manifest>"
    )
    second = ExtractionPolicy()(delta(ASSISTANT, TOOL, data=known + TRANSCRIPT))
    assert [w["content"] for w in writes(second)] == [
        "The user prefers tabs over spaces in every Python file."
    ]
    assert "Heroku" not in json.dumps(writes(second))


def test_nothing_new_is_just_done() -> None:
    quiet = '<turn n="1" at="2026-01-01T00:00:00Z">\n[user] thanks, that is all\n</turn>'
    assert ExtractionPolicy()(delta(data=quiet)) == tool_calls([memory_done()])


def test_the_naive_baseline_gets_its_operations_as_json() -> None:
    instruction = (
        'Answer {"operations": [...]} for the last turn.\n'
        "this session has a user\n<transcript>\n" + TRANSCRIPT + "\n</transcript>"
    )
    reply = ExtractionPolicy()({"messages": [{"role": "user", "content": instruction}]})
    assert isinstance(reply, Text)
    operations = json.loads(reply.content)["operations"]
    assert {(o["action"], o["type"]) for o in operations} == {
        ("create", "user"),
        ("create", "project"),
    }


def test_a_hosts_own_call_gets_a_short_text() -> None:
    assert ExtractionPolicy()({"messages": [{"role": "user", "content": "hi"}]}) == Text("Done.")
