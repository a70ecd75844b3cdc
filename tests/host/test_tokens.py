"""Token estimates of messages and whole requests."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daemon.host.tokens import (
    FRAMING_TOKENS,
    CachedCounter,
    Message,
    conversation_tokens,
    estimator,
    message_text,
    message_tokens,
)


def test_the_estimate_is_characters_over_three_point_two_rounded_up() -> None:
    count = estimator()
    assert count("") == 0
    assert count("abc") == 1
    assert count("x" * 32) == 10
    assert count("x" * 33) == 11


def test_a_non_positive_ratio_is_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        estimator(0)


def test_a_message_counts_its_content_tool_calls_and_reasoning() -> None:
    message = {
        "role": "assistant",
        "content": [{"type": "text", "text": "Reading it."}, {"type": "image_url"}],
        "reasoning_content": "The bug is in the parser.",
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "file_read", "arguments": '{"path": "a.py"}'},
            }
        ],
    }
    text = message_text(message)
    for piece in ("Reading it.", "[image_url]", "file_read", '"a.py"', "parser"):
        assert piece in text
    count = estimator(1.0)
    assert message_tokens(message, count) == len(text) + FRAMING_TOKENS


def test_a_request_counts_system_messages_and_tools() -> None:
    count = estimator(1.0)
    messages = [{"role": "user", "content": "hi"}]
    bare = conversation_tokens(messages, count)
    assert bare == 2 + FRAMING_TOKENS
    with_system = conversation_tokens(messages, count, system="be brief")
    assert with_system == bare + len("be brief") + FRAMING_TOKENS
    tools = [{"type": "function", "function": {"name": "grep", "parameters": {}}}]
    assert conversation_tokens(messages, count, tools=tools) > bare


_STEP = st.tuples(
    st.sampled_from(["append", "replace", "mutate", "cut", "empty"]), st.integers(0, 40)
)


@given(st.lists(_STEP, max_size=30))
def test_a_cached_counter_counts_every_list_as_a_plain_one_does(
    steps: list[tuple[str, int]],
) -> None:
    """Lists that grow, lose their end, get a message replaced by a new one or its content
    replaced in place: the cached count (from the last list's shared part) never differs."""
    plain, counter = estimator(), CachedCounter(estimator())
    messages: list[Message] = [{"role": "user", "content": "start"}]
    for action, size in steps:
        at = size % len(messages) if messages else 0
        if action == "append" or not messages:
            messages = [*messages, {"role": "tool", "content": "y" * size * 7}]
        elif action == "replace":
            messages = [
                *messages[:at],
                {"role": "user", "content": "z" * size},
                *messages[at + 1 :],
            ]
        elif action == "mutate":
            messages[at]["content"] = "q" * size * 3
        elif action == "cut":
            messages = messages[:at]
        else:
            assert conversation_tokens((), counter, system="s") == plain("s") + FRAMING_TOKENS
        assert conversation_tokens(messages, counter) == conversation_tokens(messages, plain)
