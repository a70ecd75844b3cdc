"""The sections of the injection block, in the order the block shows them (the query that
reads their candidates: :func:`daemon.store.memory.candidates`)."""

from __future__ import annotations

from daemon.store.memory import MEMORY_TYPES, Memory, MemoryClass, MemoryType, Section


def sections(*, working: int = 5, previous: int = 3) -> tuple[Section, ...]:
    """The sections in the order the block shows them."""
    priority, durable, work = MemoryClass.PRIORITY, MemoryClass.DURABLE, MemoryClass.WORKING
    return (
        Section("Priority Context", priority, MEMORY_TYPES),
        Section("Project Knowledge", durable, (MemoryType.PROJECT,)),
        Section("User Preferences", durable, (MemoryType.USER,)),
        Section("Key Decisions", durable, (MemoryType.DECISION,)),
        Section("Working Memory", work, MEMORY_TYPES, compaction=False, cap=working),
        Section("Previous Sessions", work, MEMORY_TYPES, compaction=True, cap=previous),
    )


def section_of(memory: Memory, layout: tuple[Section, ...]) -> int | None:
    """The index of the section a memory belongs to, if any."""
    for index, section in enumerate(layout):
        if section.holds(memory):
            return index
    return None
