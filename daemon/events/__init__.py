"""The wire format: turn events (v1), their codec, schema and publisher."""

from daemon.events.codec import EVENT_FIELD, decode_event, encode_event
from daemon.events.models import (
    SCHEMA_VERSION,
    AgentFacts,
    HostPrefix,
    MemoryWrite,
    Message,
    Scope,
    ToolCall,
    TurnEvent,
)

__all__ = [
    "EVENT_FIELD",
    "SCHEMA_VERSION",
    "AgentFacts",
    "HostPrefix",
    "MemoryWrite",
    "Message",
    "Scope",
    "ToolCall",
    "TurnEvent",
    "decode_event",
    "encode_event",
]
