"""Plain records that cross layers: stored turns and messages (memories: ``store.memory``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class StoredMessage:
    message_id: str
    turn: int
    seq: int
    role: str
    content: str | None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class TurnRecord:
    turn: int
    at: datetime
    kind: str
    main_agent_saved: bool
    messages: tuple[StoredMessage, ...]
    summary: str | None = None


@dataclass(frozen=True, slots=True)
class StoredPrefix:
    """The host's prompt prefix as stored with its session (the wire form is
    ``daemon.events.models.HostPrefix``): what a fork replays."""

    system_prompt: str | None
    tools: list[dict[str, Any]] | None
