"""Stage 5, the last resort: the oldest turn dropped, once per call.

Used when the context is at the blocking level after every other stage, or when LLM
compaction's breaker is open and the context still needs compacting. One call drops one
turn (a user message and everything up to the next one, or the messages before the first
user message), so an agent loop loses at most one turn per iteration. The cut falls on a
user message, which no unit spans, and is checked against the units anyway: a tool call is
never separated from its results. System and developer messages, pinned messages and the
summary a compaction put in are never dropped, nor the last turn (the request itself).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from daemon.host.compaction import summary_turn
from daemon.host.messages import is_user, units
from daemon.host.protected import is_instruction, pinned_indexes
from daemon.host.report import StageReport
from daemon.host.tokens import Counter, Message, conversation_tokens


def _kept(message: Message) -> bool:
    return (
        is_instruction(message)
        or message.get("pinned") is True
        or summary_turn(message) is not None
    )


def oldest_turn(messages: Sequence[Message], pinned: Collection[int] = ()) -> range | None:
    """The indexes of the oldest droppable turn, or None when only the last turn (or
    nothing but kept messages) is left. The range may hold kept messages: they stay, with
    their whole unit."""
    keep = pinned_indexes(messages, pinned)
    droppable = [
        index for index, message in enumerate(messages) if not _kept(message) and index not in keep
    ]
    if not droppable:
        return None
    start = droppable[0]
    starts = [
        index
        for index, message in enumerate(messages)
        if index > start and is_user(message) and not _kept(message) and index not in keep
    ]
    if not starts:
        return None  # the oldest droppable message belongs to the last turn
    end = starts[0]
    for unit in units(messages):  # a cut inside a unit moves to its end
        if unit.start < end < unit.end:
            end = unit.end
        if unit.start < start < unit.end:
            start = unit.start
    return range(start, end)


def trim_oldest_turn(
    messages: Sequence[Message], count: Counter, pinned: Collection[int] = ()
) -> tuple[list[Message], StageReport]:
    """``messages`` without their oldest droppable turn (see the module)."""
    before = conversation_tokens(messages, count)
    found = oldest_turn(messages, pinned)
    if found is None:
        return list(messages), StageReport("trimming", before, before, notes=("nothing to trim",))
    keep = pinned_indexes(messages, pinned)
    dropped = {
        index
        for unit in units(messages)
        if unit.start in found and not any(_kept(messages[i]) or i in keep for i in unit.indexes())
        for index in unit.indexes()
    }
    result = [message for index, message in enumerate(messages) if index not in dropped]
    report = StageReport(
        "trimming",
        before,
        conversation_tokens(result, count),
        changed=len(dropped),
        notes=(f"dropped the oldest turn: {len(dropped)} messages",),
    )
    return result, report
