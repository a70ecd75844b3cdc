"""memoryd's extraction protocol as the fake model speaks it: a policy scripted by the
conversation's turn, and the tool results it reads back."""

from __future__ import annotations

from typing import Any

from daemon.testing.fakellm import (
    FakeLLM,
    ScriptedPolicy,
    memory_search,
    text,
    tool_calls,
    tool_results,
)
from tests.testing.fakellm.conftest import HELLO, ask


async def test_scripted_policy_answers_by_conversation_turn(fake: FakeLLM, client: Any) -> None:
    fake.policy = ScriptedPolicy([tool_calls([memory_search("x")]), text("written")])
    opening = await ask(client)
    call = opening.choices[0].message.tool_calls[0]
    follow_up = [
        *HELLO,
        opening.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": "[]"},
    ]
    assert (await ask(client)).choices[0].message.tool_calls[0].function.name == "memory_search"
    assert (await ask(client, follow_up)).choices[0].message.content == "written"
    assert tool_results(fake.requests[-1]) == [follow_up[-1]]
