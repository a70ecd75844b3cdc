"""The name each HTTP operation has in the OpenAPI document, and so in a generated client.

FastAPI names an operation after its function, path and method (``post_events_v1_events_post``),
which a client generator turns into ``postEventsV1EventsPost``. memoryd names each one as a
client would call it: a verb and what it acts on, in camelCase (``publishEvents``,
``searchMemories``). An operation not named in :data:`NAMES` takes its function's name in
camelCase (``list_memories`` → ``listMemories``), so a new route never falls back to the
path-and-method form; ``tests/api/test_operation_ids.py`` checks that every name is unique.
"""

from __future__ import annotations

from fastapi.routing import APIRoute

#: Function names whose camelCase would not say what the operation does.
NAMES = {
    "healthz": "getHealth",
    "readyz": "getReadiness",
    "statusz": "getStatus",
    "metrics": "getMetrics",
    "post_events": "publishEvents",
    "event_status": "getEventStatus",
    "session_status": "getSessionStatus",
    "search": "searchMemories",
    "injection": "getInjectionBlock",
    "manifest": "getManifest",
    "read_memory": "getMemory",
    "memory_history": "getMemoryHistory",
    "review_queue": "listReviewQueue",
    "approve": "approveMemory",
    "reject": "rejectMemory",
    "usage": "getUsage",
    "stitch": "stitchSessions",
    "save_batch": "saveMemories",
    "list_sessions": "listSessions",
    "dead_letter_summary": "listDeadLetters",
    "list_keys": "listKeys",
    "compact_context": "compactContext",
    "session_summary": "getSessionSummary",
}


def camel(name: str) -> str:
    """``list_memories`` as ``listMemories``."""
    first, *rest = name.split("_")
    return first + "".join(word[:1].upper() + word[1:] for word in rest)


def operation_id(route: APIRoute) -> str:
    """The operation's name in the document (FastAPI's ``generate_unique_id_function``)."""
    return NAMES.get(route.name) or camel(route.name)
