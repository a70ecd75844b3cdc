"""Units and turns: what no stage may split."""

from __future__ import annotations

from typing import Any

from daemon.host.messages import Unit, last_turns_start, thinking_only, turn_starts, units


def _call(call_id: str, name: str = "bash") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


CONVERSATION: list[dict[str, Any]] = [
    {"role": "user", "content": "Fix the build."},  # 0
    {"role": "assistant", "content": [{"type": "thinking", "thinking": "Run it first."}]},  # 1
    {"role": "assistant", "content": None, "tool_calls": [_call("a"), _call("b")]},  # 2
    {"role": "tool", "tool_call_id": "a", "content": "ok"},  # 3
    {"role": "tool", "tool_call_id": "b", "content": "fail"},  # 4
    {"role": "assistant", "content": "The test fails."},  # 5
    {"role": "user", "content": "Why?"},  # 6
    {"role": "assistant", "content": None, "tool_calls": [_call("c")]},  # 7
    {"role": "tool", "tool_call_id": "c", "content": "trace"},  # 8
    {"role": "tool", "tool_call_id": "zz", "content": "orphan"},  # 9
]


def test_a_thinking_block_its_tool_call_and_the_results_are_one_unit() -> None:
    assert units(CONVERSATION) == [
        Unit(0, 1),
        Unit(1, 5),
        Unit(5, 6),
        Unit(6, 7),
        Unit(7, 9),
        Unit(9, 10),
    ]


def test_thinking_only_recognises_reasoning_fields_and_parts() -> None:
    assert thinking_only(CONVERSATION[1])
    assert thinking_only({"role": "assistant", "content": "", "reasoning_content": "hmm"})
    assert not thinking_only({"role": "assistant", "content": "text", "reasoning_content": "hmm"})
    assert not thinking_only(CONVERSATION[2])
    assert not thinking_only(CONVERSATION[0])


def test_a_thinking_block_with_no_tool_call_after_it_stands_alone() -> None:
    messages = [CONVERSATION[1], {"role": "assistant", "content": "done"}]
    assert units(messages) == [Unit(0, 1), Unit(1, 2)]


def test_turns_start_at_user_messages() -> None:
    assert turn_starts(CONVERSATION) == [0, 6]
    assert last_turns_start(CONVERSATION, 1) == 6
    assert last_turns_start(CONVERSATION, 2) == 0
    assert last_turns_start(CONVERSATION, 5) == 0
    assert last_turns_start(CONVERSATION, 0) == len(CONVERSATION)
