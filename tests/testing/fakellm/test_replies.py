"""Replies are values built by small constructors; errors carry OpenAI's error body and
Retry-After headers."""

from __future__ import annotations

import pytest

from daemon.testing.fakellm.replies import (
    Error,
    Timeout,
    ToolCall,
    ToolCalls,
    error,
    error_body,
    retry_after_headers,
    text,
    timeout,
    tool_call,
    tool_calls,
)


def test_tool_call_arguments_are_encoded_from_a_mapping_or_kept_verbatim() -> None:
    assert tool_call("run", {"cmd": "ls"}) == ToolCall("run", '{"cmd": "ls"}')
    assert tool_call("run", "{not json", "c9") == ToolCall("run", "{not json", "c9")


def test_tool_calls_take_specs_or_built_calls() -> None:
    built = tool_call("a", {})
    reply = tool_calls([("b", {"x": 1}), ("c", "raw", "id-c"), built], content="thinking")
    assert reply == ToolCalls(
        (ToolCall("b", '{"x": 1}'), ToolCall("c", "raw", "id-c"), built), "thinking"
    )
    with pytest.raises(ValueError, match="at least one call"):
        tool_calls([])


def test_errors_are_4xx_or_5xx_only() -> None:
    assert error(503, "busy", retry_after=1.5) == Error(503, "busy", 1.5, None)
    with pytest.raises(ValueError, match=">= 400"):
        error(302, "moved")


def test_replies_are_reusable_values() -> None:
    assert text("x") == text("x") and hash(text("x")) == hash(text("x"))
    assert timeout(5, then=text("late")) == Timeout(5, text("late"))


@pytest.mark.parametrize(
    ("status", "kind", "code"),
    [
        (429, "rate_limit_error", "rate_limit_exceeded"),
        (401, "authentication_error", "invalid_api_key"),
        (400, "invalid_request_error", None),
        (503, "server_error", None),
        (418, "api_error", None),
    ],
)
def test_the_error_body_is_openais(status: int, kind: str, code: str | None) -> None:
    assert error_body(Error(status, "no")) == {
        "error": {"message": "no", "type": kind, "param": None, "code": code}
    }
    assert error_body(Error(status, "no", code="mine"))["error"]["code"] == "mine"


def test_retry_after_is_whole_seconds_rounded_up_and_exact_milliseconds() -> None:
    assert retry_after_headers(Error(429, "slow")) == {}
    assert retry_after_headers(Error(429, "slow", 1.2)) == {
        "Retry-After": "2",
        "retry-after-ms": "1200",
    }
    assert retry_after_headers(Error(429, "slow", 0))["Retry-After"] == "0"
