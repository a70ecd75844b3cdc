"""The shape of a conversation in the OpenAI chat format: turns, and the units no stage may
split.

A *unit* is what must stay together: an assistant message with tool calls and the tool
results that answer them, preceded by an assistant message that holds only a thinking
(reasoning) block for them; any other message is a unit of its own. A *turn* starts at a user
message and runs to the next one. Stages cut, drop and replace whole units only, so that no
tool call is separated from its result and no thinking block from its tool call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from daemon.host.tokens import Message, content_text

_REASONING_KEYS = ("reasoning_content", "reasoning", "thinking")


def call_ids(message: Mapping[str, Any]) -> list[str]:
    """The ids of the tool calls an assistant message makes."""
    return [str(call.get("id")) for call in message.get("tool_calls") or () if call.get("id")]


def is_tool_result(message: Mapping[str, Any]) -> bool:
    return message.get("role") == "tool"


def is_user(message: Mapping[str, Any]) -> bool:
    return message.get("role") == "user"


def thinking_only(message: Mapping[str, Any]) -> bool:
    """Whether an assistant message holds a thinking block and nothing else (no text, no
    tool call): it belongs with the tool call that follows it."""
    if message.get("role") != "assistant" or message.get("tool_calls"):
        return False
    content = message.get("content")
    has_reasoning = any(isinstance(message.get(key), str) for key in _REASONING_KEYS)
    if isinstance(content, list) and content:
        kinds = {part.get("type") for part in content if isinstance(part, Mapping)}
        return kinds <= {"thinking", "reasoning", "redacted_thinking"}
    return has_reasoning and not content_text(content).strip()


@dataclass(frozen=True, slots=True)
class Unit:
    """Messages ``start`` to ``end`` (excluded) that stay together."""

    start: int
    end: int

    def indexes(self) -> range:
        return range(self.start, self.end)


def units(messages: Sequence[Message]) -> list[Unit]:
    """The conversation cut into units (see the module), in order, covering every message."""
    found: list[Unit] = []
    index = 0
    while index < len(messages):
        start = index
        if thinking_only(messages[index]) and index + 1 < len(messages):
            following = messages[index + 1]
            if following.get("role") == "assistant" and following.get("tool_calls"):
                index += 1
        calls = set(call_ids(messages[index]))
        index += 1
        while calls and index < len(messages) and is_tool_result(messages[index]):
            if str(messages[index].get("tool_call_id")) not in calls:
                break
            index += 1
        found.append(Unit(start, index))
    return found


def turn_starts(messages: Sequence[Message]) -> list[int]:
    """The index of each user message: where each turn starts."""
    return [index for index, message in enumerate(messages) if is_user(message)]


def last_turns_start(messages: Sequence[Message], turns: int) -> int:
    """Where the last ``turns`` turns start (``len(messages)`` for none; 0 when there are
    fewer turns than that)."""
    if turns <= 0:
        return len(messages)
    starts = turn_starts(messages)
    if len(starts) < turns:
        return 0
    return starts[-turns]
