"""Realistic coding-session messages for the host kit's compaction, trimming and pipeline
tests, in the OpenAI chat format."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

Message = dict[str, Any]

SYSTEM = {"role": "system", "content": "You are a coding agent working in a git repository."}


def user(text: str) -> Message:
    return {"role": "user", "content": text}


def thinking(text: str) -> Message:
    return {"role": "assistant", "content": None, "reasoning_content": text}


def call(call_id: str, name: str, **arguments: Any) -> Message:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        ],
    }


def result(call_id: str, text: str) -> Message:
    return {"role": "tool", "tool_call_id": call_id, "content": text}


def answer(text: str) -> Message:
    return {"role": "assistant", "content": text}


def coding_turn(number: int, *, output_lines: int = 40) -> list[Message]:
    """One turn: the user's request, a thinking block, a file read and its result, a test
    run and its result, and the agent's answer."""
    path = f"src/billing/module_{number}.py"
    source = "\n".join(
        f"def handler_{number}_{line}(): return {line}" for line in range(output_lines)
    )
    return [
        user(f"Turn {number}: fix the rounding bug in {path}."),
        thinking(f"I should read {path} before editing it."),
        call(f"read-{number}", "file_read", path=path),
        result(f"read-{number}", source),
        call(f"test-{number}", "bash", command=f"pytest tests/test_module_{number}.py"),
        result(f"test-{number}", f"tests/test_module_{number}.py ...F\n1 failed, 3 passed"),
        answer(f"Based on the failing test, I'll use Decimal in {path}. Done with turn {number}."),
    ]


def session(turns: int, *, output_lines: int = 40) -> list[Message]:
    """A system prompt and ``turns`` coding turns (numbered from 1)."""
    messages: list[Message] = [dict(SYSTEM)]
    for number in range(1, turns + 1):
        messages.extend(coding_turn(number, output_lines=output_lines))
    return messages


def units_whole(messages: Sequence[Message]) -> bool:
    """Whether every tool result follows the call it answers (nothing in between but other
    results of the same message) and every thinking block is followed by its tool call."""
    open_calls: set[str] = set()
    for index, message in enumerate(messages):
        role = message.get("role")
        if role == "tool":
            if message.get("tool_call_id") not in open_calls:
                return False
            continue
        open_calls = {call["id"] for call in message.get("tool_calls") or ()}
        if role == "assistant" and message.get("reasoning_content") and not message.get("content"):
            following = messages[index + 1] if index + 1 < len(messages) else None
            if following is None or not following.get("tool_calls"):
                return False
    return True
