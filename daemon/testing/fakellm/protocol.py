"""memoryd's extraction tool protocol, seen from the model's side.

The extraction agent offers five tools; these helpers build the calls a model would make
(`memory_search`, `memory_read`, `memory_write`, `memory_delete`, `memory_done`), read a
request's conversation state, and combine replies into policies. A policy stays a plain
callable ``policy(request_body) -> Reply`` so any function can replace these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from .replies import JSONBody, Policy, Reply, ToolCall, tool_call, tool_calls

MemoryType = Literal["project", "user", "decision"]
MemoryClass = Literal["priority", "durable", "working"]
TOOL_NAMES = ("memory_search", "memory_read", "memory_write", "memory_delete", "memory_done")


def memory_search(query: str) -> ToolCall:
    return tool_call("memory_search", {"query": query})


def memory_read(memory_id: str) -> ToolCall:
    return tool_call("memory_read", {"id": memory_id})


def memory_write(
    type_: MemoryType,
    title: str,
    content: str,
    *,
    memory_id: str | None = None,
    class_: MemoryClass | None = None,
) -> ToolCall:
    """A write; ``memory_id`` (an existing memory's alias) turns it into an update."""
    arguments: dict[str, Any] = {"type": type_, "title": title, "content": content}
    if memory_id is not None:
        arguments["id"] = memory_id
    if class_ is not None:
        arguments["class"] = class_
    return tool_call("memory_write", arguments)


def memory_delete(memory_id: str, reason: str) -> ToolCall:
    return tool_call("memory_delete", {"id": memory_id, "reason": reason})


def memory_done() -> ToolCall:
    return tool_call("memory_done", {})


def tool_schemas() -> list[JSONBody]:
    """OpenAI ``tools`` definitions for the five memory tools."""

    def function(
        name: str, description: str, properties: JSONBody, required: list[str]
    ) -> JSONBody:
        parameters = {"type": "object", "properties": properties, "required": required}
        return {
            "type": "function",
            "function": {"name": name, "description": description, "parameters": parameters},
        }

    string = {"type": "string"}
    return [
        function("memory_search", "Search memories in scope.", {"query": string}, ["query"]),
        function("memory_read", "Read one memory by id.", {"id": string}, ["id"]),
        function(
            "memory_write",
            "Create a memory, or update the one whose id is given.",
            {
                "id": string,
                "type": {"type": "string", "enum": ["project", "user", "decision"]},
                "class": {"type": "string", "enum": ["priority", "durable", "working"]},
                "title": string,
                "content": string,
            },
            ["type", "title", "content"],
        ),
        function(
            "memory_delete", "Delete a memory.", {"id": string, "reason": string}, ["id", "reason"]
        ),
        function("memory_done", "Finish the extraction run.", {}, []),
    ]


def assistant_turns(body: JSONBody) -> int:
    """How many assistant messages the request's conversation already holds."""
    return sum(1 for message in body.get("messages") or () if message.get("role") == "assistant")


def tool_results(body: JSONBody) -> list[JSONBody]:
    """The ``role: tool`` messages after the request's last assistant message."""
    results: list[JSONBody] = []
    for message in body.get("messages") or ():
        if message.get("role") == "assistant":
            results.clear()
        elif message.get("role") == "tool":
            results.append(message)
    return results


def policy_done() -> Policy:
    """A policy that always answers with a single ``memory_done`` call."""

    def done(_body: JSONBody) -> Reply:
        return tool_calls([memory_done()])

    return done


class ScriptedPolicy:
    """Answer by position in the conversation: stateless, so safe under concurrency.

    A request whose messages already hold ``i`` assistant turns gets ``steps[i]`` (a reply,
    or a policy called with the request); past the end it gets ``then(request)``
    (default: `policy_done`). Many conversations can run the same script at once, each
    getting step 0, then step 1, ... For a single global FIFO use ``FakeLLM.script``.
    """

    def __init__(self, steps: Sequence[Reply | Policy], then: Policy | None = None) -> None:
        self.steps = tuple(steps)
        self.then = then or policy_done()

    def __call__(self, body: JSONBody) -> Reply:
        turn = assistant_turns(body)
        if turn >= len(self.steps):
            return self.then(body)
        step = self.steps[turn]
        return step(body) if callable(step) else step
