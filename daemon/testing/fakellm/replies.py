"""What the fake model answers: one frozen dataclass per reply kind, plus constructors.

A `Policy` is a plain callable ``policy(request_body) -> Reply``; the server asks it for a
reply whenever its script queue is empty. Replies are values: they carry no ids or
clocks, so one reply can be returned for many requests (tool-call ids are assigned by the
server when a reply is rendered, unless the reply names them).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

JSONBody: TypeAlias = dict[str, Any]
ToolArgs: TypeAlias = Mapping[str, Any] | str
ToolCallSpec: TypeAlias = tuple[str, ToolArgs] | tuple[str, ToolArgs, str]


@dataclass(frozen=True, slots=True)
class Text:
    """An assistant message with plain content and ``finish_reason="stop"``."""

    content: str


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One function call; ``arguments`` is sent verbatim (it may be invalid JSON)."""

    name: str
    arguments: str
    id: str | None = None


@dataclass(frozen=True, slots=True)
class ToolCalls:
    """An assistant message with tool calls and ``finish_reason="tool_calls"``."""

    calls: tuple[ToolCall, ...]
    content: str | None = None


@dataclass(frozen=True, slots=True)
class Error:
    """An HTTP error with an OpenAI-style ``{"error": {...}}`` body."""

    status: int
    message: str
    retry_after: float | None = None
    code: str | None = None


@dataclass(frozen=True, slots=True)
class Timeout:
    """Stall for ``seconds`` before answering with ``then`` (or the policy's reply)."""

    seconds: float
    then: Reply | None = None


@dataclass(frozen=True, slots=True)
class Drop:
    """Close the connection after reading the request, without any response."""


@dataclass(frozen=True, slots=True)
class MalformedJson:
    """A ``200 application/json`` response whose body is truncated JSON."""


Reply: TypeAlias = Text | ToolCalls | Error | Timeout | Drop | MalformedJson
Policy: TypeAlias = Callable[[JSONBody], Reply]

ERROR_TYPES: dict[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    409: "conflict_error",
    422: "invalid_request_error",
    429: "rate_limit_error",
}
ERROR_CODES: dict[int, str] = {401: "invalid_api_key", 429: "rate_limit_exceeded"}


def text(content: str) -> Text:
    """Reply with an assistant text message."""
    return Text(content)


def tool_call(name: str, arguments: ToolArgs, call_id: str | None = None) -> ToolCall:
    """One tool call; a mapping is JSON-encoded, a string is kept verbatim."""
    raw = arguments if isinstance(arguments, str) else json.dumps(dict(arguments))
    return ToolCall(name=name, arguments=raw, id=call_id)


def tool_calls(calls: Iterable[ToolCallSpec | ToolCall], content: str | None = None) -> ToolCalls:
    """Reply with parallel tool calls given as ``(name, args)`` or ``(name, args, id)``."""
    built: list[ToolCall] = []
    for call in calls:
        if isinstance(call, ToolCall):
            built.append(call)
        elif len(call) == 3:
            built.append(tool_call(call[0], call[1], call[2]))
        else:
            built.append(tool_call(call[0], call[1]))
    if not built:
        raise ValueError("tool_calls() needs at least one call")
    return ToolCalls(tuple(built), content)


def error(
    status: int, message: str, retry_after: float | None = None, code: str | None = None
) -> Error:
    """Reply with an HTTP error; ``retry_after`` (seconds) sets the Retry-After headers."""
    if status < 400:
        raise ValueError(f"error status must be >= 400, got {status}")
    return Error(status, message, retry_after, code)


def timeout(seconds: float, then: Reply | None = None) -> Timeout:
    """Stall longer than the client waits, then answer (``then`` or the policy's reply)."""
    return Timeout(seconds, then)


def drop() -> Drop:
    """Close the connection without a response."""
    return Drop()


def malformed_json() -> MalformedJson:
    """Answer 200 with a body that is not valid JSON."""
    return MalformedJson()


def error_body(reply: Error) -> JSONBody:
    """The OpenAI-style error document for ``reply``."""
    kind = ERROR_TYPES.get(reply.status, "server_error" if reply.status >= 500 else "api_error")
    code = reply.code or ERROR_CODES.get(reply.status)
    return {"error": {"message": reply.message, "type": kind, "param": None, "code": code}}


def retry_after_headers(reply: Error) -> dict[str, str]:
    """``Retry-After`` (whole seconds, rounded up) and ``retry-after-ms`` for ``reply``."""
    if reply.retry_after is None:
        return {}
    seconds = max(0, math.ceil(reply.retry_after))
    return {"Retry-After": str(seconds), "retry-after-ms": str(int(reply.retry_after * 1000))}
