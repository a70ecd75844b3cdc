"""memoryd's own memory tools seen in a turn's messages: a call of a write tool whose result
in the same turn is memoryd's answer to a successful write."""

from __future__ import annotations

import json
from typing import Any

import pytest

from daemon.events.models import Message
from daemon.events.own_tools import (
    MAX_ANSWER_CHARS,
    WRITE_TOOLS,
    is_write_tool,
    saved_through_memoryd,
)

OK = {"ok": True, "id": 3, "action": "updated", "title": "Deploys"}


def turn(name: str, result: Any, *, call_id: str = "c1", answered: str = "c1") -> list[Message]:
    call = {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}
    return [
        Message(id="m0", role="user", content="remember: deploys on Tuesdays"),
        Message.model_validate({"id": "m1", "role": "assistant", "tool_calls": [call]}),
        Message(id="m2", role="tool", tool_call_id=answered, content=result),
    ]


@pytest.mark.parametrize("tool", sorted(WRITE_TOOLS))
@pytest.mark.parametrize("form", ["{}", "mcp__memoryd__{}", "memoryd.{}", "memoryd/{}"])
def test_each_write_tool_under_each_naming_counts(tool: str, form: str) -> None:
    name = form.format(tool)
    assert is_write_tool(name)
    assert saved_through_memoryd(turn(name, json.dumps(OK)))


@pytest.mark.parametrize(
    "name", ["memory_search", "memory_saved", "my_memory_save", "__memory_save", ".memory_save"]
)
def test_other_names_do_not(name: str) -> None:
    assert not is_write_tool(name)


def test_the_answer_must_be_memoryds_success_to_the_same_call() -> None:
    good = json.dumps(OK)
    assert saved_through_memoryd(turn("memory_save", good))
    assert not saved_through_memoryd(turn("memory_save", good, answered="other-call"))
    assert not saved_through_memoryd(turn("memory_search", good))
    for answer in (
        {**OK, "ok": False},
        {**OK, "id": "3"},  # memoryd's ids are integers
        {**OK, "id": 3.0},
        {**OK, "action": "stored"},
        {k: v for k, v in OK.items() if k != "title"},
    ):
        assert not saved_through_memoryd(turn("memory_save", json.dumps(answer))), answer


def test_content_parts_are_read_as_their_text() -> None:
    parts = [
        {"type": "text", "text": json.dumps(OK)[:10]},
        {"type": "text", "text": json.dumps(OK)[10:]},
    ]
    assert saved_through_memoryd(turn("memory_save", parts))


def test_an_answer_longer_than_any_of_memoryds_is_not_parsed() -> None:
    padded = json.dumps({**OK, "title": "t" * MAX_ANSWER_CHARS})
    assert not saved_through_memoryd(turn("memory_save", padded))


def test_no_write_call_means_no_save() -> None:
    assert not saved_through_memoryd([Message(id="m0", role="user", content=json.dumps(OK))])
    assert not saved_through_memoryd([])
