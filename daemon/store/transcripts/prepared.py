"""What the store takes in: turn events prepared by the dispatcher (content flattened to
text, secrets redacted, oversized tool output spilled), ready to store as they are."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from daemon.base.scope import ScopeKey
from daemon.events.models import TurnEvent
from daemon.store.truncation import Spill


@dataclass(frozen=True, slots=True)
class PreparedMessage:
    """A message ready to store: content flattened to text, secrets redacted, spills done."""

    message_id: str
    role: str
    content: str | None
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PreparedTurn:
    event: TurnEvent
    messages: tuple[PreparedMessage, ...]
    entry_id: str = ""
    redactions: int = 0
    spills: tuple[Spill, ...] = ()
    #: Whether the host's system prompt or tool schemas held a secret: the stored prefix is
    #: then not the one the host sends (see ``daemon.extraction.llm.fork``).
    prefix_redacted: bool = False
    #: The event's scope columns, computed once (every stored row of the turn carries them).
    scope: ScopeKey = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scope", ScopeKey.of(self.event.scope))

    @property
    def spilled(self) -> int:
        return len(self.spills)
