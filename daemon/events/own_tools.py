"""memoryd's own memory tools seen in a turn's messages.

A host whose main agent writes memories through memoryd's tools (over MCP or HTTP) need not
list those calls in ``memory_writes``: a call of one of :data:`WRITE_TOOLS` in the turn's
messages whose result in the same turn is memoryd's answer to a successful write (a JSON
object with ``"ok": true``, the memory's integer ``id``, the ``action`` taken and its
``title``) makes the turn the main agent's, and the extraction guard skips it. A refused or
failed call, one whose result is not in the turn, or another memory server's tool of the
same name (its answer is not memoryd's: what it saved is not in memoryd) does not count.

Hosts name a server's tools in their own ways: the bare name (``memory_save``), or the
server's name before it with ``__``, ``.`` or ``/`` (``mcp__memoryd__memory_save``,
``memoryd.memory_save``); all of these count, a name that merely ends the same way
(``my_memory_save``) does not.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["WRITE_TOOLS", "is_write_tool", "saved_through_memoryd"]

#: The tools of memoryd that write memories.
WRITE_TOOLS = frozenset({"memory_save", "memory_update", "memory_forget"})
#: What a successful write of memoryd did (``daemon.tools.memory.Written.action``).
WRITE_ACTIONS = frozenset({"created", "held", "updated", "unchanged", "forgotten"})
#: The longest answer a successful write of memoryd gives (a title is at most a few hundred
#: characters); a longer tool result is not one, and is not parsed.
MAX_ANSWER_CHARS = 4_096
_SUFFIXES = tuple(sep + tool for tool in sorted(WRITE_TOOLS) for sep in ("__", ".", "/"))


class _Function(Protocol):
    @property
    def name(self) -> str: ...


class _Call(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def function(self) -> _Function: ...


class _Message(Protocol):
    """What is read of a message (``daemon.events.models.Message``, which imports this)."""

    @property
    def role(self) -> str: ...
    @property
    def content(self) -> Any: ...
    @property
    def tool_calls(self) -> Sequence[_Call] | None: ...
    @property
    def tool_call_id(self) -> str | None: ...


def is_write_tool(name: str) -> bool:
    """Whether a host's tool name is one of memoryd's memory writes."""
    if name in WRITE_TOOLS:
        return True
    return name.endswith(_SUFFIXES) and name not in _SUFFIXES


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return ""


def _succeeded(content: Any) -> bool:
    text = _text(content).strip()
    if not text.startswith("{") or len(text) > MAX_ANSWER_CHARS:
        return False
    try:
        answer = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
        return False
    return (
        isinstance(answer, dict)
        and answer.get("ok") is True
        and type(answer.get("id")) is int
        and answer.get("action") in WRITE_ACTIONS
        and isinstance(answer.get("title"), str)
    )


def saved_through_memoryd(messages: Sequence[_Message]) -> bool:
    """True when the messages hold a successful call of one of memoryd's memory writes."""
    calls = {
        call.id
        for message in messages
        if message.tool_calls
        for call in message.tool_calls
        if is_write_tool(call.function.name)
    }
    if not calls:
        return False
    return any(
        message.role == "tool" and message.tool_call_id in calls and _succeeded(message.content)
        for message in messages
    )
