"""The injection block's sections: their order, classes, types and caps, and which one a
memory falls in."""

from __future__ import annotations

from datetime import UTC, datetime

from daemon.gate.kinds import COMPACTION
from daemon.recall.sections import section_of, sections
from daemon.store.memory import MEMORY_TYPES, Memory, MemoryClass, MemoryType

AT = datetime(2026, 11, 17, 9, 0, tzinfo=UTC)


def _memory(type_: str, class_: str, created_by: str = "extractor") -> Memory:
    return Memory(
        id=1,
        type=MemoryType(type_),
        memory_class=MemoryClass(class_),
        title="T",
        content="C",
        pinned=False,
        user="",
        created_by=created_by,
        created_at=AT,
        updated_at=AT,
    )


def test_the_sections_come_in_the_blocks_order_with_their_caps() -> None:
    layout = sections(working=7, previous=2)
    assert [s.title for s in layout] == [
        "Priority Context",
        "Project Knowledge",
        "User Preferences",
        "Key Decisions",
        "Working Memory",
        "Previous Sessions",
    ]
    assert [s.cap for s in layout] == [None, None, None, None, 7, 2]
    assert [s.cap for s in sections()][-2:] == [5, 3]
    assert layout[0].types == MEMORY_TYPES


def test_each_memory_falls_in_the_section_of_its_class_and_type() -> None:
    layout = sections()
    titles = [s.title for s in layout]

    def where(memory: Memory) -> str | None:
        index = section_of(memory, layout)
        return None if index is None else titles[index]

    assert where(_memory("user", "priority")) == "Priority Context"
    assert where(_memory("project", "durable")) == "Project Knowledge"
    assert where(_memory("user", "durable")) == "User Preferences"
    assert where(_memory("decision", "durable")) == "Key Decisions"
    assert where(_memory("project", "working")) == "Working Memory"
    assert where(_memory("project", "working", created_by=COMPACTION)) == "Previous Sessions"


def test_a_memory_no_section_of_the_layout_holds_falls_in_none() -> None:
    durable_only = sections()[1:4]
    assert section_of(_memory("project", "working"), durable_only) is None
    assert section_of(_memory("user", "priority"), durable_only) is None
    assert section_of(_memory("user", "durable"), durable_only) == 1
