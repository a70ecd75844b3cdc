"""The OpenAI documents the fake model answers with: reproducible ids, usage, tool calls."""

from __future__ import annotations

import threading

from daemon.testing.fakellm.accounting import completion_chars, estimate_tokens
from daemon.testing.fakellm.completions import (
    CREATED,
    Ids,
    completion_document,
    models_document,
)
from daemon.testing.fakellm.replies import text, tool_call, tool_calls


def test_a_text_completion_with_its_usage() -> None:
    document = completion_document(
        text("hello there"), model="m", ids=Ids(), prompt_tokens=100, cached_tokens=64
    )
    assert document["id"] == "chatcmpl-fake-1" and document["created"] == CREATED
    choice = document["choices"][0]
    assert choice["finish_reason"] == "stop"
    assert choice["message"] == {"role": "assistant", "content": "hello there", "refusal": None}
    completion = estimate_tokens(completion_chars("hello there"))
    assert document["usage"]["completion_tokens"] == completion
    assert document["usage"]["total_tokens"] == 100 + completion
    assert document["usage"]["prompt_tokens_details"]["cached_tokens"] == 64


def test_tool_calls_get_ids_unless_the_reply_names_them() -> None:
    ids = Ids()
    reply = tool_calls([tool_call("a", {}), tool_call("b", {}, "mine")])
    calls = completion_document(reply, model="m", ids=ids, prompt_tokens=1, cached_tokens=0)[
        "choices"
    ][0]["message"]["tool_calls"]
    assert [c["id"] for c in calls] == ["call_1", "mine"]
    assert calls[0] == {
        "id": "call_1",
        "type": "function",
        "function": {"name": "a", "arguments": "{}"},
    }
    again = completion_document(reply, model="m", ids=ids, prompt_tokens=1, cached_tokens=0)
    assert again["id"] == "chatcmpl-fake-2"
    assert again["choices"][0]["message"]["tool_calls"][0]["id"] == "call_2"
    assert again["choices"][0]["finish_reason"] == "tool_calls"


def test_ids_are_unique_across_threads() -> None:
    ids = Ids()
    seen: list[str] = []
    lock = threading.Lock()

    def take() -> None:
        mine = [ids.call() for _ in range(200)]
        with lock:
            seen.extend(mine)

    threads = [threading.Thread(target=take) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(seen)) == 1600


def test_the_model_list() -> None:
    assert [m["id"] for m in models_document(["a", "b"])["data"]] == ["a", "b"]
    assert models_document([])["data"] == []
