"""OpenAI response documents: chat completions with usage, errors, the model list."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from threading import Lock

from .accounting import completion_chars, estimate_tokens
from .replies import JSONBody, Text, ToolCalls

CREATED = 1_700_000_000  # fixed, so that responses are reproducible
MALFORMED_BODY = (
    b'{"id":"chatcmpl-malformed","object":"chat.completion","created":1700000000,'
    b'"choices":[{"index":0,"message":{"role":"assistant","content":"trunc'
)


class Ids:
    """Thread-safe ``chatcmpl-<n>`` and ``call_<n>`` sequences."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._completions = itertools.count(1)
        self._calls = itertools.count(1)

    def completion(self) -> str:
        with self._lock:
            return f"chatcmpl-fake-{next(self._completions)}"

    def call(self) -> str:
        with self._lock:
            return f"call_{next(self._calls)}"


def completion_document(
    reply: Text | ToolCalls,
    *,
    model: str,
    ids: Ids,
    prompt_tokens: int,
    cached_tokens: int,
) -> JSONBody:
    """A ``chat.completion`` for ``reply`` with its usage block."""
    message: JSONBody = {"role": "assistant", "content": None, "refusal": None}
    if isinstance(reply, Text):
        message["content"] = reply.content
        finish_reason = "stop"
        chars = completion_chars(reply.content)
    else:
        message["content"] = reply.content
        message["tool_calls"] = [
            {
                "id": call.id or ids.call(),
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for call in reply.calls
        ]
        finish_reason = "tool_calls"
        chars = completion_chars(reply.content, ((c.name, c.arguments) for c in reply.calls))
    completion_tokens = estimate_tokens(chars)
    return {
        "id": ids.completion(),
        "object": "chat.completion",
        "created": CREATED,
        "model": model,
        "system_fingerprint": "fakellm",
        "choices": [
            {"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": {"cached_tokens": cached_tokens, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
        },
    }


def models_document(models: Iterable[str]) -> JSONBody:
    return {
        "object": "list",
        "data": [
            {"id": name, "object": "model", "created": CREATED, "owned_by": "fakellm"}
            for name in models
        ],
    }
