"""Turn events, wire format v1: one JSON object per conversation turn.

Published by agent hosts with a plain ``XADD <prefix>:turns * event <json>``. The JSON Schema
shipped beside this module (``turn-event.v1.schema.json``) is generated from these models.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator

SCHEMA_VERSION = 1

Identifier = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[^\x00-\x1f]+$")]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Scope(_Wire):
    """Whose memories these are: shared under ``project``; ``user`` memories private to it."""

    project: Identifier
    user: Identifier | None = None
    tenant: Identifier | None = None


class FunctionCall(_Wire):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    arguments: str = ""


class ToolCall(_Wire):
    id: Annotated[str, Field(min_length=1, max_length=200)]
    type: Literal["function"] = "function"
    function: FunctionCall


class Message(_Wire):
    """An OpenAI-style chat message with a stable ``id``.

    ``content`` is a string, or a list of content parts (text, images, files); non-text parts
    are kept as markers, never as their bytes.
    """

    id: Identifier
    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class MemoryWrite(_Wire):
    """A memory tool call the main agent made this turn; ``ok`` false if it was denied or failed."""

    tool: Annotated[str, Field(min_length=1, max_length=200)]
    call_id: str | None = None
    ok: bool = True


class AgentFacts(_Wire):
    mode: str | None = None
    cwd: str | None = None
    branch: str | None = None


class HostPrefix(_Wire):
    """The host's own system prompt and tool schemas, sent once per session."""

    system_prompt: str | None = None
    tools: list[dict[str, Any]] | None = None


class TurnEvent(_Wire):
    """One conversation turn of one session."""

    v: Literal[1]
    event_id: Identifier
    session_id: Identifier
    turn: Annotated[int, Field(ge=0, le=2**31 - 1)]
    at: AwareDatetime
    scope: Scope
    kind: Literal["turn", "compaction", "session_end"] = "turn"
    messages: list[Message] = Field(default_factory=list, max_length=10_000)
    memory_writes: list[MemoryWrite] = Field(default_factory=list)
    summary: str | None = None
    agent: AgentFacts | None = None
    host: HostPrefix | None = None

    @field_validator("messages")
    @classmethod
    def _unique_ids(cls, messages: list[Message]) -> list[Message]:
        seen: set[str] = set()
        for message in messages:
            if message.id in seen:
                raise ValueError(f"message id {message.id!r} appears twice")
            seen.add(message.id)
        return messages

    @property
    def main_agent_saved(self) -> bool:
        """True when the main agent successfully wrote a memory in this turn (the guard)."""
        return any(write.ok for write in self.memory_writes)

    def at_utc(self) -> datetime:
        return self.at
